/**
 * `shapecast codemod <transform> [globs...]`: runs one transform (cli/transforms/)
 * over a project's files.
 *
 * Dry run by default: a unified diff of every file that would change on
 * stdout, nothing written. `--write` saves the changed files, once, after
 * every file has been transformed (a transform that throws midway leaves
 * every file as it was), and names them on stdout. `--check` prints no diff and exits 1 when anything
 * would change, for CI. `--json` prints one object for machines instead of
 * the diff. Places a transform left alone are listed on stderr as
 * `file:line:col  code  reason`; a transform that counts what it converts
 * (from-tfjs: TensorFlow.js calls) then has its count per file and in total;
 * last, a summary line:
 * `2 changed · 5 unchanged · 1 skipped (1 shapes not known) in 1.2s`.
 */
import { parseArgs } from "node:util";
import { createTwoFilesPatch, diffChars, FILE_HEADERS_ONLY, structuredPatch } from "diff";
import type { SourceFile } from "ts-morph";
import type { Command } from "../command.js";
import { EXIT, UsageError } from "../errors.js";
import { elapsed, type Io, paint, progress } from "../io.js";
import { loadProject, shown } from "../project.js";
import { transforms } from "../transforms/index.js";
import type { Plan, Skipped, Tally, Transform } from "../transforms/transform.js";

const usage = "shapecast codemod <transform> [globs...] [--project tsconfig.json] [--write | --check] [--json] [--list]";

/** What the run did to one file. */
interface FileResult {
  readonly file: SourceFile;
  /** Relative to the working folder. */
  readonly path: string;
  readonly before: string;
  readonly after: string;
  readonly tally: Tally | undefined;
}

const transformList = (): string => {
  if (transforms.length === 0) return "  (none registered)";
  const width = Math.max(...transforms.map((t) => t.name.length));
  return transforms.map((t) => `  ${t.name.padEnd(width)}  ${t.description}`).join("\n");
};

/**
 * Where a place of `before` (1-based line and column) is in `after`.
 * Transforms report positions in the text they were given; after --write the
 * file on disk is `after`, so the listing follows it there. Lines a
 * transform changed are matched by a character diff.
 */
export function movedPlace(before: string, after: string, line: number, column: number): { line: number; column: number } {
  if (before === after) return { line, column };
  let delta = 0;
  for (const hunk of structuredPatch("", "", before, after, undefined, undefined, { context: 0 }).hunks) {
    // (jsdiff numbers a pure insertion by the old line it goes before.)
    const oldFirst = hunk.oldStart;
    if (line < oldFirst) break;
    if (line >= oldFirst + hunk.oldLines) {
      delta = hunk.newStart + hunk.newLines - (hunk.oldStart + hunk.oldLines);
      continue;
    }
    // Inside a changed block: pair the old line with the new line at the same index, then map the column by characters.
    const removed = hunk.lines.filter((text) => text.startsWith("-")).map((text) => text.slice(1));
    const added = hunk.lines.filter((text) => text.startsWith("+")).map((text) => text.slice(1));
    const index = Math.min(line - oldFirst, Math.max(added.length - 1, 0));
    const newLine = hunk.newStart + index;
    const oldText = removed[line - oldFirst] ?? "";
    const newText = added[index] ?? "";
    return { line: newLine, column: movedColumn(oldText, newText, column - 1) + 1 };
  }
  return { line: line + delta, column };
}

/** Where character `offset` of `oldText` is in `newText` (0-based). */
function movedColumn(oldText: string, newText: string, offset: number): number {
  let oldAt = 0;
  let newAt = 0;
  for (const part of diffChars(oldText, newText)) {
    const length = part.value.length;
    if (part.added) {
      newAt += length;
      continue;
    }
    if (oldAt + length > offset) return part.removed ? newAt : newAt + (offset - oldAt);
    oldAt += length;
    if (!part.removed) newAt += length;
  }
  return newAt + (offset - oldAt);
}

/** A unified diff of one file, coloured when stdout may carry colour. */
function patch(io: Io, result: FileResult): string {
  const text = createTwoFilesPatch(result.path, result.path, result.before, result.after, undefined, undefined, {
    headerOptions: FILE_HEADERS_ONLY,
  });
  if (!io.colorOut) return text;
  return text
    .split("\n")
    .map((line) =>
      line.startsWith("+++") || line.startsWith("---")
        ? paint(true, "bold", line)
        : line.startsWith("@@")
          ? paint(true, "cyan", line)
          : line.startsWith("+")
            ? paint(true, "green", line)
            : line.startsWith("-")
              ? paint(true, "red", line)
              : line,
    )
    .join("\n");
}

const percent = (part: number, whole: number): string => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);

/** The per-file counts of a transform that counts (from-tfjs: TensorFlow.js calls converted), with the total; none when it does not count. */
function tallyLines(results: readonly FileResult[]): string {
  const counted = results.filter((r) => r.tally !== undefined && r.tally.found > 0);
  if (counted.length === 0) return "";
  const what = counted[0]!.tally!.what;
  const width = Math.max(...counted.map((r) => r.path.length), 5);
  const row = (name: string, converted: number, found: number): string => `  ${name.padEnd(width)}  ${String(converted).padStart(4)} of ${String(found).padEnd(4)} ${percent(converted, found).padStart(6)}\n`;
  let text = `${what} converted:\n`;
  for (const r of counted) text += row(r.path, r.tally!.converted, r.tally!.found);
  const total = counted.reduce((sum, r) => ({ found: sum.found + r.tally!.found, converted: sum.converted + r.tally!.converted }), { found: 0, converted: 0 });
  return text + row("total", total.converted, total.found);
}

/** "2 shapes not known, 1 options are not an object literal": skipped places counted by reason (the text before its first colon). */
function reasonCounts(skipped: readonly Skipped[]): string {
  const counts = new Map<string, number>();
  for (const place of skipped) {
    const reason = place.reason.split(":")[0]!.trim();
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).map(([reason, n]) => `${n} ${reason}`).join(", ");
}

async function run(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      project: { type: "string", short: "p" },
      write: { type: "boolean", short: "w" },
      check: { type: "boolean" },
      json: { type: "boolean" },
      list: { type: "boolean" },
    },
  });
  if (values.list === true) {
    io.out(`${transformList()}\n`);
    return EXIT.ok;
  }
  const [name, ...globs] = positionals;
  if (name === undefined) throw new UsageError(`name a transform:\n${transformList()}`);
  const transform: Transform | undefined = transforms.find((t) => t.name === name);
  if (transform === undefined) throw new UsageError(`unknown transform "${name}"; the transforms are:\n${transformList()}`);
  if (values.write === true && values.check === true) throw new UsageError("--write and --check exclude each other");

  const start = performance.now();
  const loaded = await loadProject(io.cwd, values.project, globs);
  const { project } = loaded;
  const { files } = loaded;
  const context = { project, cwd: io.cwd };
  const bar = progress(io, files.length);
  const results: FileResult[] = [];
  const skipped: Skipped[] = [];
  const failed = (path: string, error: unknown): number => {
    bar.done();
    // Nothing has been saved yet: every file on disk is as it was.
    io.err(
      `${paint(io.colorErr, "red", "error")}: ${transform.name} failed on ${path}; no file was written\n` +
        `${(error as Error).stack ?? String(error)}\n`,
    );
    return EXIT.usage;
  };
  // Every file is planned before any is edited: an edit invalidates the program, and the
  // next file's type queries would then need a fresh type checker.
  const plans: Plan[] = [];
  for (const [index, file] of files.entries()) {
    const path = shown(io.cwd, file.getFilePath());
    bar.step(index, path);
    try {
      plans.push(transform.plan(file, context));
    } catch (error) {
      return failed(path, error);
    }
  }
  for (const [index, file] of files.entries()) {
    const path = shown(io.cwd, file.getFilePath());
    const plan = plans[index]!;
    const before = file.getFullText();
    try {
      plan.apply();
    } catch (error) {
      return failed(path, error);
    }
    skipped.push(...plan.skipped);
    results.push({ file, path, before, after: file.getFullText(), tally: plan.tally });
  }
  bar.step(files.length, "");
  bar.done();

  const changed = results.filter((r) => r.before !== r.after);
  if (values.write === true) {
    for (const result of changed) await result.file.save();
    // The files on disk are now the transformed text: list the places where they are there.
    const texts = new Map(results.map((r) => [r.file.getFilePath() as string, r]));
    for (const [index, place] of skipped.entries()) {
      const result = texts.get(place.file);
      if (result !== undefined) skipped[index] = { ...place, ...movedPlace(result.before, result.after, place.line, place.column) };
    }
  }
  if (values.json === true) {
    const report = {
      transform: transform.name,
      mode: values.write === true ? "write" : values.check === true ? "check" : "dry-run",
      files: results.map((r) => ({
        file: r.path,
        changed: r.before !== r.after,
        ...(r.tally === undefined ? {} : { tally: r.tally }),
        ...(r.before !== r.after && values.check !== true
          ? { diff: createTwoFilesPatch(r.path, r.path, r.before, r.after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY }) }
          : {}),
      })),
      skipped: skipped.map((s) => ({ ...s, file: shown(io.cwd, s.file) })),
    };
    io.out(`${JSON.stringify(report, null, 2)}\n`);
  } else if (values.write === true) {
    for (const result of changed) io.out(`wrote ${result.path}\n`);
  } else if (values.check !== true) {
    for (const result of changed) io.out(patch(io, result));
  }

  for (const place of skipped) {
    const at = paint(io.colorErr, "yellow", `${shown(io.cwd, place.file)}:${place.line}:${place.column}`);
    io.err(`${at}  ${place.code}  ${paint(io.colorErr, "dim", place.reason)}\n`);
  }
  if (values.json !== true) io.err(tallyLines(results));
  const counts = skipped.length === 0 ? "" : ` (${reasonCounts(skipped)})`;
  io.err(`${changed.length} changed · ${results.length - changed.length} unchanged · ${skipped.length} skipped${counts} in ${elapsed(start)}\n`);
  if (changed.length > 0 && values.write !== true) {
    io.err(`Run with --write to apply.\n`);
    if (values.check === true) return EXIT.findings;
  }
  return EXIT.ok;
}

export const codemod: Command = {
  name: "codemod",
  usage,
  summary: "rewrite tensor code with a transform: a diff by default, --write to apply (--list shows the transforms)",
  help: [
    "transforms (--list):",
    transformList(),
    "",
    "options:",
    "  -p, --project <tsconfig>  the project (default: ./tsconfig.json); types come from it",
    "  [globs...]                files, folders or globs to change (default: the tsconfig's own files)",
    "  -w, --write               save the changes (every changed file once, at the end)",
    "  --check                   print nothing but the summary; exit 1 when something would change",
    "  --json                    one JSON object on stdout: each file, its diff, the places left alone",
    "",
    "exit: 0 done (a dry run prints the diff), 1 changes pending under --check, 2 bad input or a failed",
    "transform (no file written)",
    "",
    "examples:",
    "  shapecast codemod explicit-broadcast",
    "  shapecast codemod from-tfjs \"src/**/*.ts\" --write",
  ].join("\n"),
  run,
};
