/**
 * `shapecast explain` run as a process: the report for a fit and a misfit in
 * every mode against test/cli/expected/explain-*.txt, the xla list of every
 * valid broadcastDimensions, --json, colour rules, and bad arguments (exit 2).
 * UPDATE_EXPECTED=1 rewrites the expected files from the current output.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { broadcastShapes, ShapeError } from "shapecast";
import { root } from "../support/compiler.js";
import { runCli } from "./support.js";

const expectedDir = join(root, "test", "cli", "expected");

/** stdout of `shapecast explain ...args` compared with expected/explain-<name>.txt; the exit code with `code`. */
async function expectReport(name: string, args: readonly string[], code: number): Promise<string> {
  const result = await runCli(["explain", ...args]);
  const file = join(expectedDir, `explain-${name}.txt`);
  if (process.env["UPDATE_EXPECTED"] === "1") writeFileSync(file, result.stdout);
  expect(existsSync(file), `${file} is missing (UPDATE_EXPECTED=1 writes it)`).toBe(true);
  expect(result.stderr).toBe("");
  expect(result.stdout).toBe(readFileSync(file, "utf8"));
  expect(result.code).toBe(code);
  return result.stdout;
}

/** The library's message for the same shapes: explain prints the runtime's text, not its own. */
const libraryMessage = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof ShapeError) return error.message;
  }
  throw new Error("expected a ShapeError");
};

describe("shapecast explain: reports", () => {
  it("numpy: a fit shows the result row; a misfit marks the failing axis", async () => {
    expect(await expectReport("numpy-fit", ["2,1,5", "4,1"], 0)).toContain("fits: [2, 4, 5]");
    const misfit = await expectReport("numpy-misfit", ["[2, 10]", "[2, 11]"], 1);
    expect(misfit).toContain(`error: ${libraryMessage(() => broadcastShapes([2, 10], [2, 11] as number[]))}`);
    expect(misfit).toMatch(/\n {17}\^ axis 1: 10 vs 11\n/);
  });

  it("none: identical shapes fit; a rank mismatch carries numpy's fix", async () => {
    await expectReport("none-fit", ["2x3", "2x3", "--mode", "none"], 0);
    expect(await expectReport("none-misfit", ["2,3", "3", "--mode", "none"], 1)).toContain(
      'mode "numpy" would broadcast them to [2, 3]',
    );
  });

  it("xla: the low-rank operand sits at its broadcastDimensions, and every valid choice is listed", async () => {
    const fit = await expectReport("xla-fit", ["3,3,3", "3", "--mode", "xla", "--dims", "1"], 0);
    expect(fit).toContain("valid broadcastDimensions, 3 (of 3 placements):");
    const misfit = await expectReport("xla-misfit", ["2,3,4,5", "3,4", "--mode", "xla"], 1);
    expect(misfit).toContain("not placed: no broadcastDimensions");
    expect(misfit).toContain("[1, 2]  -> [2, 3, 4, 5]");
  });

  it("xla: all ten valid broadcastDimensions, where the message stops at six", async () => {
    const out = await expectReport("xla-many", ["4,4,4,4,4", "4,4", "--dims", "2,1"], 1);
    expect(out).toContain("is not strictly increasing at entry 1");
    expect(out).toContain("[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], ...");
    const listed = out.split("\n").filter((line) => /^ {2}\[\d, \d\] +-> \[4, 4, 4, 4, 4\]$/.test(line));
    expect(listed).toHaveLength(10);
  });

  it("xla: a mismatch at the given dims is marked in the high operand's axes", async () => {
    expect(await expectReport("xla-mismatch", ["2,3", "3", "--dims", "0"], 1)).toMatch(/\n {12}\^ axis 0: 2 vs 3\n/);
  });

  it("pdpd: b is drawn from its axis; only b onto a", async () => {
    await expectReport("pdpd-fit", ["2,3,4,5", "3,1", "--mode", "pdpd", "--axis", "1"], 0);
    const misfit = await expectReport("pdpd-misfit", ["8,1,6,1", "7,1,5", "--mode", "pdpd", "--axis", "1"], 1);
    expect(misfit).toContain("^ axis 1: 1 vs 7");
  });

  it("scalars are [] or scalar", async () => {
    await expectReport("scalar", ["[]", "2x3", "--mode", "xla"], 0);
    expect((await runCli(["explain", "scalar", "()"])).stdout).toContain("fits: []");
  });
});

describe("shapecast explain: input, --json, colour", () => {
  it("accepts a shape typed unquoted with spaces, and --axis -1", async () => {
    const spaced = await runCli(["explain", "[2,", "1,", "5]", "[4,", "1]"]);
    expect(spaced.code).toBe(0);
    expect(spaced.stdout).toContain("fits: [2, 4, 5]");
    const axis = await runCli(["explain", "2,3,4", "3,4", "--axis", "-1"]);
    expect(axis.code).toBe(0);
    expect(axis.stdout).toContain("axis 1");
  });

  it("--json: the result or the error's fields, and every valid broadcastDimensions", async () => {
    const result = await runCli(["explain", "4,4,4,4,4", "4,4", "--mode", "xla", "--json"]);
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as {
      fits: boolean;
      error: { code: string; message: string };
      validBroadcastDimensions: { dims: number[]; result: number[] }[];
    };
    expect(json.fits).toBe(false);
    expect(json.error.code).toBe("missing-dims");
    expect(json.validBroadcastDimensions.map((choice) => choice.dims)).toEqual([
      [0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4],
    ]);
    const fit = await runCli(["explain", "2,3", "3", "--json"]);
    expect(fit.code).toBe(0);
    expect(JSON.parse(fit.stdout)).toEqual({ a: [2, 3], b: [3], mode: "numpy", fits: true, result: [2, 3] });
  });

  it("colour only when asked for, and never under NO_COLOR", async () => {
    const forced = await runCli(["explain", "2,10", "2,11"], { env: { NO_COLOR: "", FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain("\u001b[");
    const noColor = await runCli(["explain", "2,10", "2,11"], { env: { NO_COLOR: "1", FORCE_COLOR: "1" } });
    expect(noColor.stdout).not.toContain("\u001b[");
    expect(noColor.stdout).toBe(forced.stdout.replace(/\u001b\[\d+m/g, ""));
  });

  it.each([
    [["2,a", "3"], 'shapeA "2,a" is not a shape: "a" is not a size'],
    [["2,3"], "expected two shapes, got only 2,3"],
    [["2,3", "3", "--mode", "numbpy"], "--mode numbpy: not a mode (use numpy, none, xla or pdpd)"],
    [["2,3", "3", "--mode", "none", "--dims", "1"], "--dims (broadcastDimensions) applies to --mode xla, not none"],
    [["2,3", "3", "--dims", "1,x"], '--dims "1,x": "x" is not an axis'],
    [["2,3", "3", "--axis", "one"], '--axis "one" is not an integer axis'],
  ])("exit 2 with a clear message: explain %j", async (args, message) => {
    const result = await runCli(["explain", ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("usage: shapecast explain <shapeA> <shapeB>");
  });
});
