/**
 * The type tests under the compiler options users have. Users compile the
 * built declarations under their own tsconfig, so the same program must give
 * the same types and the same messages under each of them.
 *
 * TypeScript 5.9 (the compiler tsd bundles, run as a plain `tsc`), 6 and 7
 * each check test-d/ and examples/ against dist/ (the package resolved by its
 * own name, as a user resolves it) under every configuration below: strict,
 * `strict: false` and exactOptionalPropertyTypes, each with module resolution
 * nodenext and bundler. Each `@ts-expect-error` is lifted in the copies they
 * check, so the errors it expects are printed with their full text: under each
 * compiler every configuration must give that compiler's reference
 * configuration's errors, message for message, and the reference must give an
 * error exactly on each line after a lifted directive and nowhere else.
 * (`npm run test:tsd` adds tsd's own assertions under 5.9 with the reference
 * options.)
 *
 * The only allowed difference: with strictNullChecks off, TypeScript prints an
 * optional parameter's type without `| undefined` (`T | undefined` is `T`
 * there), so that text is ignored when such a configuration is compared.
 *
 *   npm run test:matrix                             # all (builds dist/ first when it is older than the sources)
 *   npm run test:matrix -- --only loose             # configurations by name (comma-separated)
 *   npm run test:matrix -- --compilers 7            # compilers: 5.9, 6, 7
 *
 * Files go to test/.generated/matrix/.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import { root, tsc } from "../test/support/compiler.js";
import { parseTscOutput, run } from "../test/support/diagnostics.js";

const out = join(root, "test", ".generated", "matrix");

type Compiler = "5.9" | "6" | "7";
const allCompilers: readonly Compiler[] = ["5.9", "6", "7"];

interface Configuration {
  readonly name: string;
  /** What a user's tsconfig sets (on top of target/lib/types, which the tests need). */
  readonly options: Readonly<Record<string, unknown>>;
  readonly note: string;
}

/**
 * The reference first. Every null-checking setting (strict, `strict: false`,
 * exactOptionalPropertyTypes, which needs strictNullChecks) with each module
 * resolution, under every compiler. Bundler resolution goes with `module`
 * esnext, and with preserve (the option made for bundlers) once.
 */
const configurations: readonly Configuration[] = [
  {
    name: "strict",
    options: { strict: true, module: "nodenext", moduleResolution: "nodenext" },
    note: "the reference: strict, nodenext",
  },
  {
    name: "strict-bundler",
    options: { strict: true, module: "esnext", moduleResolution: "bundler" },
    note: "strict, bundler with module esnext",
  },
  {
    name: "loose",
    options: { strict: false, module: "nodenext", moduleResolution: "nodenext" },
    note: "strict: false, nodenext",
  },
  {
    name: "loose-bundler",
    options: { strict: false, module: "esnext", moduleResolution: "bundler" },
    note: "strict: false, bundler with module esnext",
  },
  {
    name: "exact",
    options: { strict: true, exactOptionalPropertyTypes: true, module: "nodenext", moduleResolution: "nodenext" },
    note: "exactOptionalPropertyTypes, nodenext",
  },
  {
    name: "exact-preserve",
    options: { strict: true, exactOptionalPropertyTypes: true, module: "preserve", moduleResolution: "bundler" },
    note: "exactOptionalPropertyTypes, bundler with module preserve",
  },
];

/** Test files that hold only under strictNullChecks (see each file's header). */
const strictNullChecksOnly = new Set(["test-d/strict-null-checks.test-d.ts"]);

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------

function usage(message: string): never {
  console.error(`typecheck-matrix: ${message}`);
  process.exit(2);
}

function listArgument(name: string): string[] | undefined {
  const index = process.argv.indexOf(name);
  if (index === -1) return undefined;
  const value = process.argv[index + 1];
  if (value === undefined) usage(`${name} needs a value`);
  return value.split(",").map((item) => item.trim());
}

const only = listArgument("--only");
const compilers = listArgument("--compilers");
for (const name of only ?? []) {
  if (!configurations.some((configuration) => configuration.name === name)) {
    usage(`--only: no configuration "${name}" (${configurations.map((configuration) => configuration.name).join(", ")})`);
  }
}
for (const name of compilers ?? []) {
  if (!allCompilers.includes(name as Compiler)) usage(`--compilers: no compiler "${name}" (${allCompilers.join(", ")})`);
}
const selected = (configuration: Configuration, compiler: Compiler): boolean =>
  (compilers === undefined || compilers.includes(compiler)) &&
  // the reference is needed to compare with
  (only === undefined || only.includes(configuration.name) || configuration === configurations[0]);

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** dist/ as the build leaves it: rebuilt when a source is newer than its entry points. */
async function ensureBuilt(): Promise<void> {
  const entries = ["dist/src/index.d.ts", "dist/types/index.d.ts"].map((path) => join(root, path));
  const built = Math.min(...entries.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
  const sources = Math.max(
    newestIn(join(root, "src")),
    newestIn(join(root, "types")),
    ...["tsconfig.json", "tsconfig.build.json"].map((path) => statSync(join(root, path)).mtimeMs),
  );
  if (built >= sources) return;
  console.log("dist/ is older than the sources: npm run build");
  const build = await run(process.execPath, [tsc["6"], "-p", "tsconfig.build.json"], root);
  if (build.code !== 0) throw new Error(`the build failed:\n${build.output}`);
}

interface Directive {
  /** 1-based line of the lifted `@ts-expect-error`. */
  readonly line: number;
}

/** Source files checked, as paths from the root: test-d/*.test-d.ts, test-d/zoo/*.ts (which zoo.test-d.ts imports), examples/*.ts and examples/models/*.ts (which the examples import). */
function caseFiles(): string[] {
  const list = (dir: string, suffix: string): string[] =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith(suffix))
      .sort()
      .map((name) => `${dir}/${name}`);
  return [...list("test-d", ".test-d.ts"), ...list("test-d/zoo", ".ts"), ...list("examples", ".ts"), ...list("examples/models", ".ts")];
}

/**
 * Copies of the files with each `// @ts-expect-error` made a plain comment
 * (same lines, same columns), and where each was.
 */
function writeCases(files: readonly string[]): Map<string, Directive[]> {
  const directives = new Map<string, Directive[]>();
  for (const file of files) {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    const found: Directive[] = [];
    const lifted = lines.map((text, index) => {
      if (!/^\s*\/\/ @ts-expect-error\b/.test(text)) return text;
      found.push({ line: index + 1 });
      return text.replace("@ts-expect-error", "expected error:");
    });
    directives.set(file, found);
    const target = join(out, "cases", file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, lifted.join("\n"));
  }
  return directives;
}

const common = { target: "es2022", lib: ["es2022"], types: ["node"], skipLibCheck: false, noEmit: true };

function writeConfig(configuration: Configuration, files: readonly string[]): string {
  const path = join(out, `tsconfig.${configuration.name}.json`);
  const included = files.filter((file) => configuration.options.strict !== false || !strictNullChecksOnly.has(file));
  writeFileSync(
    path,
    `${JSON.stringify({ compilerOptions: { ...common, ...configuration.options }, files: included.map((file) => `cases/${file}`) }, null, 2)}\n`,
  );
  return path;
}

// ---------------------------------------------------------------------------
// Diagnostics
// ---------------------------------------------------------------------------

interface Diagnostic {
  /** As a path from the root to the original file, when it is one of the cases. */
  readonly file: string;
  readonly line: number;
  /** `file(line,col): error TSxxxx: message`, with its indented chain. */
  readonly text: string;
}

const casesPrefix = "test/.generated/matrix/cases/";

/** tsc's `--pretty false` output, with the copies' paths made the original files' paths. */
function parseDiagnostics(output: string): Diagnostic[] {
  return parseTscOutput(output).map(({ file, line, text }) => {
    const original = file.startsWith(casesPrefix) ? file.slice(casesPrefix.length) : file;
    return { file: original, line, text: file === "" ? text : text.replace(file, original) };
  });
}

/** Where the reference's errors are not where the lifted directives were. */
function misplaced(diagnostics: readonly Diagnostic[], directives: Map<string, Directive[]>, files: readonly string[]): string[] {
  const problems: string[] = [];
  const expected = new Set<string>();
  for (const file of files) for (const { line } of directives.get(file) ?? []) expected.add(`${file}:${line + 1}`);
  const found = new Set(diagnostics.map(({ file, line }) => `${file}:${line}`));
  for (const diagnostic of diagnostics) {
    if (!expected.has(`${diagnostic.file}:${diagnostic.line}`)) problems.push(`unexpected error:\n${diagnostic.text}`);
  }
  for (const key of expected) {
    if (!found.has(key)) {
      const [file, line] = key.split(":");
      problems.push(`${file}:${Number(line) - 1}: the @ts-expect-error there has no error on the next line`);
    }
  }
  return problems;
}

/** `| undefined` as TypeScript prints it only under strictNullChecks (optional parameters). */
const withoutUndefined = (text: string): string => text.replaceAll(" | undefined", "").replaceAll("undefined | ", "");

/** The errors one run has and the other has not. */
function compare(reference: readonly Diagnostic[], other: readonly Diagnostic[], files: ReadonlySet<string>, nullChecks: boolean): string[] {
  const normalise = (text: string): string => (nullChecks ? text : withoutUndefined(text));
  const left = reference.filter(({ file }) => files.has(file)).map(({ text }) => normalise(text));
  const right = other.map(({ text }) => normalise(text));
  const count = (texts: readonly string[]): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
    return counts;
  };
  const [inLeft, inRight] = [count(left), count(right)];
  const problems: string[] = [];
  for (const [text, times] of inLeft) if ((inRight.get(text) ?? 0) < times) problems.push(`only under the reference:\n${text}`);
  for (const [text, times] of inRight) if ((inLeft.get(text) ?? 0) < times) problems.push(`only here:\n${text}`);
  return problems;
}

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

interface Job {
  readonly label: string;
  readonly start: () => Promise<{ code: number; output: string }>;
}

async function runAll(jobs: readonly Job[]): Promise<Map<string, { code: number; output: string; seconds: number }>> {
  const results = new Map<string, { code: number; output: string; seconds: number }>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const started = performance.now();
      const result = await job.start();
      results.set(job.label, { ...result, seconds: (performance.now() - started) / 1000 });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), jobs.length)) }, worker));
  return results;
}

async function main(): Promise<number> {
  const started = performance.now();
  await ensureBuilt();
  rmSync(join(out, "cases"), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const files = caseFiles();
  const directives = writeCases(files);

  const jobs: Job[] = [];
  const checks: { configuration: Configuration; compiler: Compiler; label: string; files: Set<string> }[] = [];
  for (const configuration of configurations) {
    const config = writeConfig(configuration, files);
    for (const compiler of allCompilers) {
      if (!selected(configuration, compiler)) continue;
      const label = `TypeScript ${compiler}, ${configuration.name}`;
      const included = files.filter((file) => configuration.options.strict !== false || !strictNullChecksOnly.has(file));
      checks.push({ configuration, compiler, label, files: new Set(included) });
      jobs.push({ label, start: () => run(process.execPath, [tsc[compiler], "-p", relative(root, config), "--pretty", "false"], root) });
    }
  }
  // the slow ones (TypeScript 5.9 and 6) first, so the workers end at about the same time
  const slow = (job: Job): number => (job.label.startsWith("TypeScript 7") ? 0 : 1);
  jobs.sort((a, b) => slow(b) - slow(a));
  const results = await runAll(jobs);

  let failures = 0;
  const report = (label: string, note: string, problems: readonly string[], seconds: number): void => {
    const time = `${seconds.toFixed(1)} s`;
    if (problems.length === 0) {
      console.log(`ok    ${label} (${note}; ${time})`);
      return;
    }
    failures++;
    console.log(`FAIL  ${label} (${note}; ${time})`);
    for (const problem of problems) console.log(`  ${problem.replaceAll("\n", "\n    ")}`);
  };

  for (const compiler of allCompilers) {
    const reference = checks.find((check) => check.compiler === compiler && check.configuration === configurations[0]);
    if (reference === undefined) continue;
    const referenceResult = results.get(reference.label)!;
    const referenceDiagnostics = parseDiagnostics(referenceResult.output);
    const expectedErrors = [...reference.files].reduce((sum, file) => sum + (directives.get(file)?.length ?? 0), 0);
    report(
      reference.label,
      `${reference.configuration.note}; ${expectedErrors} expected errors`,
      misplaced(referenceDiagnostics, directives, [...reference.files]),
      referenceResult.seconds,
    );
    for (const check of checks) {
      if (check.compiler !== compiler || check === reference) continue;
      const result = results.get(check.label)!;
      const nullChecks = check.configuration.options.strict !== false;
      report(
        check.label,
        `${check.configuration.note}; the reference's errors${nullChecks ? "" : " (but `| undefined`)"}`,
        compare(referenceDiagnostics, parseDiagnostics(result.output), check.files, nullChecks),
        result.seconds,
      );
    }
  }
  console.log(`${failures === 0 ? "all" : `${failures} of ${results.size}`} ${failures === 0 ? "passed" : "failed"} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
