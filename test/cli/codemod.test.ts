/**
 * `shapecast codemod`, the runner every transform goes through, tested as a
 * process: dry-run diffs on stdout and the summary on stderr, --check and
 * --write, --json, and bad input (unknown transform, a glob matching nothing,
 * a file that does not parse, a transform that throws) exiting 2 with every
 * file as it was.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Io } from "../../cli/io.js";
import { movedPlace } from "../../cli/commands/codemod.js";
import { main } from "../../cli/main.js";
import { transforms } from "../../cli/transforms/index.js";
import type { Transform } from "../../cli/transforms/transform.js";
import { copyFixture, fixtures, runCli } from "./support.js";

const fixture = "explicit-broadcast-basic";
const sources = ["src/model.ts", "src/quotes.ts", "src/local-add.ts"];
const read = (folder: string, file: string): string => readFileSync(join(folder, file), "utf8");
const snapshot = (folder: string): string[] => sources.map((file) => read(folder, file));
const summary = /^(\d+) changed · (\d+) unchanged · (\d+) skipped( \([^)]*\))? in \d+(ms|\.\ds)$/m;

describe("shapecast codemod: dry run", async () => {
  const folder = copyFixture(fixture);
  const before = snapshot(folder);
  const result = await runCli(["codemod", "explicit-broadcast"], { cwd: folder });

  it("exits 0 and leaves the files alone", () => {
    expect(result.code).toBe(0);
    expect(snapshot(folder)).toEqual(before);
    expect(read(folder, "src/quotes.ts")).toContain("sc.div(images, mean);");
  });

  it("prints unified diffs on stdout, with paths relative to the working folder", () => {
    expect(result.stdout.startsWith("--- src/model.ts\n+++ src/model.ts\n@@ ")).toBe(true);
    expect(result.stdout).toContain("--- src/quotes.ts\n+++ src/quotes.ts\n");
    expect(result.stdout).not.toContain("local-add.ts");
    expect(result.stdout).not.toContain("changed ·");
  });

  it("prints the skipped places, the summary and the hint on stderr, no diff", () => {
    expect(result.stderr).not.toContain("+++");
    expect(result.stderr).toMatch(summary);
    const [, changed, unchanged, skipped, reasons] = summary.exec(result.stderr)!;
    expect([changed, unchanged, skipped]).toEqual(["2", "1", "3"]);
    expect(reasons).toBe(" (2 shapes not known, 1 options are not an object literal)");
    expect(result.stderr.trimEnd().endsWith("Run with --write to apply.")).toBe(true);
  });

  it("edits only the files the tsconfig names, not the library it maps `shapecast` to", async () => {
    const json = await runCli(["codemod", "explicit-broadcast", "--json"], { cwd: folder });
    const report = JSON.parse(json.stdout) as { files: { file: string; changed: boolean }[] };
    expect(report.files.map((f) => f.file)).toEqual(["src/local-add.ts", "src/model.ts", "src/quotes.ts"]);
  });
});

describe("shapecast codemod: --check and --write", () => {
  it("--check exits 1 with no diff, --write applies, then --check exits 0 and a second run changes nothing", async () => {
    const copy = copyFixture(fixture);
    const before = snapshot(copy);

    const check = await runCli(["codemod", "explicit-broadcast", "--check"], { cwd: copy });
    expect(check.code).toBe(1);
    expect(check.stdout).toBe("");
    expect(check.stderr).toMatch(/^2 changed · 1 unchanged · 3 skipped/m);
    expect(snapshot(copy)).toEqual(before);

    const write = await runCli(["codemod", "explicit-broadcast", "--write"], { cwd: copy });
    expect(write.code).toBe(0);
    expect(write.stdout).toBe("wrote src/model.ts\nwrote src/quotes.ts\n");
    expect(write.stderr).not.toContain("Run with --write");
    expect(read(copy, "src/model.ts")).not.toBe(before[0]);
    expect(read(copy, "src/local-add.ts")).toBe(before[2]);

    const again = await runCli(["codemod", "explicit-broadcast", "--check"], { cwd: copy });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/^0 changed · 3 unchanged · 3 skipped/m);

    const rerun = await runCli(["codemod", "explicit-broadcast"], { cwd: copy });
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toBe("");
    expect(rerun.stderr).not.toContain("Run with --write");
  });

  it("restricts the run to the files globs name", async () => {
    const copy = copyFixture(fixture);
    const before = snapshot(copy);
    const result = await runCli(["codemod", "explicit-broadcast", "src/q*.ts", "--write"], { cwd: copy });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("wrote src/quotes.ts\n");
    expect(result.stderr).toMatch(/^1 changed · 0 unchanged · 0 skipped in /m);
    expect(read(copy, "src/model.ts")).toBe(before[0]);
  });

  it("--json prints one object: each file, its diff, and the skipped places", async () => {
    const result = await runCli(["codemod", "explicit-broadcast", "--json"], { cwd: copyFixture(fixture) });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      transform: string;
      mode: string;
      files: { file: string; changed: boolean; diff?: string }[];
      skipped: { file: string; line: number; column: number; code: string; reason: string }[];
    };
    expect(report.transform).toBe("explicit-broadcast");
    expect(report.mode).toBe("dry-run");
    expect(report.files.filter((f) => f.changed).map((f) => f.file)).toEqual(["src/model.ts", "src/quotes.ts"]);
    expect(report.files.find((f) => f.file === "src/quotes.ts")!.diff).toContain("+export const normalized = sc.div(images, mean, {");
    expect(report.skipped[0]).toEqual({
      file: "src/model.ts",
      line: 64,
      column: 10,
      code: "sub(y, m)",
      reason: "shapes not known: [...Rest, C] and [C]",
    });
  });
});

describe("shapecast codemod: colour", () => {
  const folder = copyFixture(fixture);
  // eslint-disable-next-line no-control-regex
  const escape = /\u001b\[/;

  it("colours the diff when FORCE_COLOR asks for it", async () => {
    const result = await runCli(["codemod", "explicit-broadcast"], { cwd: folder, env: { NO_COLOR: "", FORCE_COLOR: "1" } });
    expect(result.stdout).toMatch(escape);
  });

  it("writes no escape codes under NO_COLOR, even with FORCE_COLOR", async () => {
    const result = await runCli(["codemod", "explicit-broadcast"], { cwd: folder, env: { NO_COLOR: "1", FORCE_COLOR: "1" } });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(escape);
    expect(result.stderr).not.toMatch(escape);
  });
});

describe("shapecast codemod: bad input exits 2 and writes nothing", () => {
  it("names the transforms when the one asked for does not exist", async () => {
    const copy = copyFixture(fixture);
    const before = snapshot(copy);
    const result = await runCli(["codemod", "explicit-broadcst", "--write"], { cwd: copy });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain('unknown transform "explicit-broadcst"');
    expect(result.stderr).toMatch(/^ {2}explicit-broadcast {2}rewrite rank-changing numpy broadcasts/m);
    expect(result.stderr).toContain("usage: shapecast codemod <transform>");
    expect(snapshot(copy)).toEqual(before);
  });

  it("asks for a transform when none is named", async () => {
    const result = await runCli(["codemod"], { cwd: join(fixtures, fixture) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("name a transform");
  });

  it("rejects a glob that matches nothing", async () => {
    const result = await runCli(["codemod", "explicit-broadcast", "src/nothing-*.ts"], { cwd: join(fixtures, fixture) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("src/nothing-*.ts: matches no TypeScript file");
  });

  it("rejects a missing tsconfig", async () => {
    const result = await runCli(["codemod", "explicit-broadcast", "--project", "nope.json"], { cwd: join(fixtures, fixture) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--project nope.json: no such tsconfig");
  });

  it("rejects --write with --check", async () => {
    const result = await runCli(["codemod", "explicit-broadcast", "--write", "--check"], { cwd: join(fixtures, fixture) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--write and --check exclude each other");
  });

  it("names the file that does not parse and writes none, not even the one it would change", async () => {
    const copy = copyFixture("codemod-unparsable");
    const good = read(copy, "src/good.ts");
    const result = await runCli(["codemod", "explicit-broadcast", "--write"], { cwd: copy });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("src/broken.ts:3:59: does not parse: ')' expected.");
    expect(read(copy, "src/good.ts")).toBe(good);
  });

  it("--list prints the transforms on stdout", async () => {
    const result = await runCli(["codemod", "--list"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}explicit-broadcast {2}/m);
  });
});

describe("shapecast codemod: a transform that throws midway", () => {
  it("exits 2 and saves no file, although earlier files were already edited in memory", async () => {
    const copy = copyFixture(fixture);
    const before = snapshot(copy);
    let seen = 0;
    const failing: Transform = {
      name: "test-failing",
      description: "edits the first file, then throws",
      plan(file) {
        return {
          skipped: [],
          apply() {
            seen += 1;
            if (seen === 2) throw new Error("cannot handle this file");
            file.insertText(0, "// edited\n");
          },
        };
      },
    };
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = {
      cwd: copy,
      out: (text) => void out.push(text),
      err: (text) => void err.push(text),
      errIsTTY: false,
      colorOut: false,
      colorErr: false,
    };
    const registry = transforms as Transform[];
    registry.push(failing);
    try {
      const code = await main(["codemod", "test-failing", "--write"], io);
      expect(code).toBe(2);
    } finally {
      registry.splice(registry.indexOf(failing), 1);
    }
    expect(seen).toBe(2);
    expect(out.join("")).toBe("");
    expect(err.join("")).toContain("error: test-failing failed on src/model.ts; no file was written");
    expect(err.join("")).toContain("cannot handle this file");
    expect(snapshot(copy)).toEqual(before);
  });
});

describe("movedPlace: skipped places follow the text --write saves", () => {
  const before = ["a();", "f(x, y); g(z);", "h();", ""].join("\n");

  it("keeps places in a file that did not change", () => {
    expect(movedPlace(before, before, 2, 10)).toEqual({ line: 2, column: 10 });
  });

  it("moves places below inserted lines down", () => {
    const after = ["// one", "// two", before].join("\n");
    expect(movedPlace(before, after, 3, 1)).toEqual({ line: 5, column: 1 });
    expect(movedPlace(before, after, 1, 1)).toEqual({ line: 3, column: 1 });
  });

  it("moves a place right when text is inserted before it on its line", () => {
    const after = before.replace("f(x, y);", "f(x, y, { mode: 1 });");
    expect(movedPlace(before, after, 2, 10)).toEqual({ line: 2, column: 23 });
    expect(movedPlace(before, after, 2, 1)).toEqual({ line: 2, column: 1 });
    expect(movedPlace(before, after, 3, 1)).toEqual({ line: 3, column: 1 });
  });

  it("moves places above removed lines nowhere and below them up", () => {
    const after = before.replace("a();\n", "");
    expect(movedPlace(before, after, 2, 3)).toEqual({ line: 1, column: 3 });
    expect(movedPlace(before, after, 3, 1)).toEqual({ line: 2, column: 1 });
  });
});
