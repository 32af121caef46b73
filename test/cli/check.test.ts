/**
 * `shapecast check` run as a process on the fixture projects under
 * test/cli/fixtures/check-*: the exact report (test/cli/expected/check-project.txt),
 * --json, --all, exit codes 0/1/2 and --fail-on, stdout for the report and
 * stderr for the summary, NO_COLOR, and the repository's own examples (no
 * shape errors). test/cli/check-tsc.test.ts holds its diagnostics against tsc's.
 * Each run type-checks a project, so runs are shared between tests.
 * UPDATE_EXPECTED=1 rewrites the expected report from the current output.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { root } from "../support/compiler.js";
import { type CliResult, fixtures, runCli } from "./support.js";

const project = join(fixtures, "check-project");
const expectedReport = join(root, "test", "cli", "expected", "check-project.txt");

/** The summary line, the only thing on stderr when stderr is not a terminal. */
const summary = (files: number, shapes: string, others: string): RegExp =>
  new RegExp(`^${files} files? checked: ${shapes}, ${others}, \\d+(\\.\\d)?m?s\\n$`);

const ESCAPE = "\u001b[";

/**
 * stderr without Node's own startup warning when FORCE_COLOR and NO_COLOR are
 * both in the environment ("The 'NO_COLOR' env is ignored ..."): Node prints it,
 * not the CLI, which lets NO_COLOR win.
 */
const ownStderr = (result: CliResult): string =>
  result.stderr.replace(/^\(node:\d+\) Warning: The 'NO_COLOR' env is ignored.*\n(?:\(Use `node --trace-warnings.*\n)?/m, "");

describe("shapecast check on a project with shape bugs", () => {
  let plain: CliResult;
  let json: CliResult;
  let all: CliResult;
  beforeAll(async () => {
    // FORCE_COLOR alongside NO_COLOR: NO_COLOR wins
    plain = await runCli(["check"], { cwd: project, env: { NO_COLOR: "1", FORCE_COLOR: "1" } });
    json = await runCli(["check", "--json", "--all"], { cwd: project });
    all = await runCli(["check", "--project", "tsconfig.json", "--all"], { cwd: project, env: { NO_COLOR: "", FORCE_COLOR: "1" } });
  }, 120_000);

  it("prints each shape error with its place, call, message and aligned shapes; exit 1", () => {
    if (process.env["UPDATE_EXPECTED"] === "1") writeFileSync(expectedReport, plain.stdout);
    expect(existsSync(expectedReport), `${expectedReport} is missing (UPDATE_EXPECTED=1 writes it)`).toBe(true);
    expect(plain.stdout).toBe(readFileSync(expectedReport, "utf8"));
    expect(plain.code).toBe(1);
  });

  it("reports the library's messages at the compiler's positions", () => {
    expect(plain.stdout).toContain(
      "src/model.ts:7:29  add(x, y)\n  shape error: add (numpy): axis 1 has 10 vs 11; cannot broadcast [2, 10] with [2, 11]\n",
    );
    expect(plain.stdout).toContain("src/model.ts:8:29  x.add(y)\n");
    expect(plain.stdout).toContain("matmul: inner sizes 3 vs 4 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3] by [4, 5]");
    expect(plain.stdout).toContain("sum: axis 2 is out of range for a rank-2 tensor (use -2 to 1)");
    expect(plain.stdout).toContain("dense: one dim of this shape gets different sizes from different arguments (10 | 11)");
    // the spec held in a variable still places b at its broadcastDimensions
    expect(plain.stdout).toMatch(/ {4}b \[5, 7\] {8}5 {2}7 {3}broadcastDimensions \[1, 2\]\n {23}\^ axis 2: 6 vs 7\n/);
    // no other file, and not the library's own sources, is reported
    expect(plain.stdout.match(/^\S+:\d+:\d+/gm)?.every((at) => /^src\/(model|layers)\.ts:/.test(at))).toBe(true);
    expect(plain.stdout).not.toContain("src/clean.ts");
  });

  it("counts the other type errors on stderr without printing them; no colour under NO_COLOR", () => {
    expect(plain.stdout).not.toContain("TS2322");
    expect(ownStderr(plain)).toMatch(summary(4, "14 shape errors", "1 other error \\(--all prints it\\)"));
    expect(plain.stdout + plain.stderr).not.toContain(ESCAPE);
  });

  it("--all prints the other errors too, in place; colour when forced", () => {
    expect(all.code).toBe(1);
    expect(all.stdout).toContain(ESCAPE);
    const text = all.stdout.replace(/\u001b\[\d+m/g, "");
    expect(text).toBe(`${plain.stdout}\nsrc/typo.ts:4:14  error TS2322\n  Type 'string' is not assignable to type 'number'.\n`);
    expect(ownStderr(all).replace(/\u001b\[\d+m/g, "")).toMatch(summary(4, "14 shape errors", "1 other error"));
  });

  it("--json: one object on stdout with every shape error and, under --all, the other errors", () => {
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as {
      files: number;
      shapeErrors: Record<string, unknown>[];
      otherErrorCount: number;
      otherErrors: Record<string, unknown>[];
    };
    expect(report.files).toBe(4);
    expect(report.shapeErrors).toHaveLength(14);
    expect(report.otherErrorCount).toBe(1);
    expect(report.otherErrors).toEqual([
      { file: "src/typo.ts", line: 4, column: 14, tsCode: 2322, message: "Type 'string' is not assignable to type 'number'." },
    ]);
    expect(report.shapeErrors.find((error) => error["line"] === 10 && error["file"] === "src/model.ts")).toEqual({
      file: "src/model.ts",
      line: 10,
      column: 45,
      tsCode: 2769,
      call: 'add(zeros([2, 3]), zeros([3]), { mode: "xla", broadcastDimensions: [0] })',
      message: "add (xla): axis 0 has 2 vs 3; cannot broadcast [2, 3] with [3]; valid broadcastDimensions: [1]",
      kind: "broadcast",
      op: "add",
      mode: "xla",
      a: ["2", "3"],
      b: ["3"],
      axis: 0,
      placement: { mode: "xla", dims: [0] },
    });
    expect(new Set(report.shapeErrors.map((error) => error["kind"]))).toEqual(
      new Set(["broadcast", "matmul", "join", "conflicting-sizes", "other"]),
    );
    expect(json.stderr).toMatch(summary(4, "14 shape errors", "1 other error"));
  });
});

describe("shapecast check: exit codes and bad input", () => {
  it("exit 1 by default when a type error other than a shape error exists, so CI can gate on it", async () => {
    const result = await runCli(["check", "src/clean.ts", "src/typo.ts"], { cwd: project });
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(summary(2, "0 shape errors", "1 other error \\(--all prints it\\)"));
    expect(result.code).toBe(1);
    const printed = await runCli(["check", "src/clean.ts", "src/typo.ts", "--all", "--fail-on", "any"], { cwd: project });
    expect(printed.stdout).toBe("src/typo.ts:4:14  error TS2322\n  Type 'string' is not assignable to type 'number'.\n");
    expect(printed.code).toBe(1);
  });

  it("with --fail-on shape: exit 0 when no shape error exists, even with other type errors", async () => {
    const result = await runCli(["check", "src/clean.ts", "src/typo.ts", "--fail-on", "shape"], { cwd: project });
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(summary(2, "0 shape errors", "1 other error \\(--all prints it\\)"));
    expect(result.code).toBe(0);
  });

  it("with --fail-on shape: exit 1 when a shape error exists, with the same report", async () => {
    const result = await runCli(["check", "--fail-on", "shape"], { cwd: project });
    expect(result.stdout).toBe(readFileSync(expectedReport, "utf8"));
    expect(result.stderr).toMatch(summary(4, "14 shape errors", "1 other error \\(--all prints it\\)"));
    expect(result.code).toBe(1);
  });

  it("exit 0 when no error of any kind exists", async () => {
    const result = await runCli(["check", "src/clean.ts"], { cwd: project });
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(summary(1, "0 shape errors", "0 other errors"));
    expect(result.code).toBe(0);
  });

  it.each([
    ["a missing tsconfig", ["check", "--project", "missing/tsconfig.json"], project, "--project missing/tsconfig.json: no such tsconfig (looked for missing/tsconfig.json)"],
    ["a glob matching nothing", ["check", "src/**/*.tsx"], project, "src/**/*.tsx: matches no TypeScript file"],
    ["a file that does not parse", ["check"], join(fixtures, "check-unparsable"), "src/broken.ts:4:49: does not parse: ')' expected."],
    ["an unknown --fail-on", ["check", "--fail-on", "warning"], project, "--fail-on warning: expected one of any, shape"],
  ])("exit 2 and a clear message for %s", async (_, args, cwd, message) => {
    const result = await runCli(args, { cwd });
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`error: ${message}\nusage: shapecast check [--project tsconfig.json] [paths...] [--all] [--json] [--fail-on any|shape]\n`);
    expect(result.code).toBe(2);
  });

  it("an unknown flag is a usage error", async () => {
    const result = await runCli(["check", "--everything"], { cwd: project });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Unknown option '--everything'");
  });
});

describe("shapecast check on the repository's examples", () => {
  it("finds no shape error and no other error", async () => {
    const result = await runCli(["check", "--project", "tsconfig.node.json", "examples/"]);
    expect(result.stdout).toBe("");
    // every example, the model ones included, and the models they share (examples/models/)
    const count = readdirSync(join(root, "examples"), { recursive: true }).filter((name) => String(name).endsWith(".ts")).length;
    expect(count).toBeGreaterThanOrEqual(11);
    expect(result.stderr).toMatch(summary(count, "0 shape errors", "0 other errors"));
    expect(result.code).toBe(0);
  });
});
