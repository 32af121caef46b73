/**
 * `shapecast check` finds what `tsc --noEmit` finds: the same diagnostics (code,
 * file, line, column) on the same project, shape errors and others together.
 * test/cli/fixtures/check-esm is an ESM app ("type": "module", module nodenext)
 * with .mts, .cts and a "type": "commonjs" folder: each file's module format
 * decides whether import.meta and top-level await are allowed there, so a
 * checker that reads every file as CommonJS reports errors tsc does not
 * (TS1470 on import.meta in ESM files) and misses some it does (TS1309).
 * test/cli/fixtures/check-declarations emits declarations, so tsc --noEmit
 * reports what declaration emit finds too. The ts-morph Project that `shapes`
 * and `codemod` read types from gets the same module formats.
 * tsc is the `typescript` dev dependency's, run as a process as CI runs it.
 */
import { spawnSync } from "node:child_process";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadProject } from "../../cli/project.js";
import { root } from "../support/compiler.js";
import { type CliResult, fixtures, runCli } from "./support.js";

const esm = join(fixtures, "check-esm");

/** `tsc --noEmit -p .` in `cwd`: its exit code and each error as `file:line:col TScode`, sorted. */
function tsc(cwd: string): { code: number; errors: string[] } {
  const result = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", ".", "--pretty", "false"], {
    cwd,
    encoding: "utf8",
  });
  const errors = [...result.stdout.matchAll(/^(.+)\((\d+),(\d+)\): error TS(\d+): /gm)].map(([, file, line, column, code]) => `${file}:${line}:${column} TS${code}`);
  return { code: result.status ?? -1, errors: errors.sort() };
}

interface Finding {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly tsCode: number;
}

/** `shapecast check --json --all`'s errors, shape errors and others, as `file:line:col TScode`, sorted. */
function checked(result: CliResult): string[] {
  const report = JSON.parse(result.stdout) as { shapeErrors: Finding[]; otherErrors: Finding[] };
  return [...report.shapeErrors, ...report.otherErrors].map((f) => `${f.file}:${f.line}:${f.column} TS${f.tsCode}`).sort();
}

describe("shapecast check against tsc --noEmit on an ESM project", () => {
  let ours: CliResult;
  let theirs: { code: number; errors: string[] };
  beforeAll(async () => {
    ours = await runCli(["check", "--json", "--all"], { cwd: esm });
    theirs = tsc(esm);
  }, 120_000);

  it("reports exactly tsc's diagnostics", () => {
    expect(theirs.code).toBe(2);
    expect(checked(ours)).toEqual(theirs.errors);
  });

  it("allows import.meta and top-level await in ESM files and rejects them in CommonJS files, as tsc does", () => {
    expect(checked(ours)).toEqual([
      "src/cjs/old.ts:2:28 TS1470",
      "src/cjs/old.ts:3:22 TS1309",
      "src/legacy.cts:5:30 TS1470",
    ]);
    expect(ours.code).toBe(1);
  });

  it("the ts-morph Project of shapes and codemod reads each file's module format as tsc does", async () => {
    const { project, files } = await loadProject(esm, undefined, []);
    const program = project.getProgram().compilerObject;
    const found = files.flatMap((file) =>
      program.getSemanticDiagnostics(file.compilerNode).map((diagnostic) => {
        const { line, character } = file.compilerNode.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        return `${relative(esm, file.getFilePath())}:${line + 1}:${character + 1} TS${diagnostic.code}`;
      }),
    );
    expect(files).toHaveLength(5);
    expect(found.sort()).toEqual(theirs.errors);
  });

  it("checks the ESM files clean: exit 0 under the default --fail-on any", async () => {
    const result = await runCli(["check", "src/main.ts", "src/script.ts", "src/tool.mts"], { cwd: esm });
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^3 files checked: 0 shape errors, 0 other errors, \d+(\.\d)?m?s\n$/);
    expect(result.code).toBe(0);
  });
});

describe("shapecast check against tsc --noEmit on a project with shape errors", () => {
  it("reports tsc's diagnostics, each shape error at tsc's position with tsc's code", async () => {
    const project = join(fixtures, "check-project");
    const ours = await runCli(["check", "--json", "--all"], { cwd: project });
    const theirs = tsc(project);
    expect(theirs.errors).toHaveLength(15);
    expect(checked(ours)).toEqual(theirs.errors);
  }, 120_000);
});

describe("shapecast check against tsc --noEmit on a project that emits declarations", () => {
  it("reports what declaration emit finds, as tsc --noEmit does", async () => {
    const project = join(fixtures, "check-declarations");
    const ours = await runCli(["check", "--json", "--all"], { cwd: project });
    expect(checked(ours)).toEqual(["src/scale.ts:1:17 TS9007"]);
    expect(checked(ours)).toEqual(tsc(project).errors);
  }, 120_000);
});
