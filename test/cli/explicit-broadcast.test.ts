/**
 * The `explicit-broadcast` codemod on fixture projects: the exact text
 * `--write` leaves (test/cli/fixtures/explicit-broadcast-basic/expected/),
 * the dry-run diff, the skipped calls with their locations, that the
 * rewritten program still type-checks and prints the same numbers, and a dry
 * run over the repository's examples/.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/compiler.js";
import { copyFixture, fixtures, runCli } from "./support.js";

const fixture = "explicit-broadcast-basic";
const read = (folder: string, file: string): string => readFileSync(join(folder, file), "utf8");
const inputs = readdirSync(join(fixtures, fixture, "src")).sort();
const expectedFiles = new Set(readdirSync(join(fixtures, fixture, "expected", "src")));

/** Runs `file` of `folder` with tsx (the fixture's tsconfig maps `shapecast` to the sources). */
function runProgram(folder: string, file: string): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", file], { cwd: folder, encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return result.stdout;
}

describe("explicit-broadcast --write", async () => {
  const copy = copyFixture(fixture);
  const result = await runCli(["codemod", "explicit-broadcast", "--write"], { cwd: copy });

  it("exits 0", () => {
    expect(result.code).toBe(0);
  });

  it.each(inputs)("leaves src/%s as expected/ has it (unchanged when expected/ has no copy)", (name) => {
    const expected = expectedFiles.has(name) ? read(join(fixtures, fixture, "expected", "src"), name) : read(join(fixtures, fixture, "src"), name);
    expect(read(join(copy, "src"), name)).toBe(expected);
  });

  it("changes the files expected/ holds and no other", () => {
    const changed = inputs.filter((name) => read(join(copy, "src"), name) !== read(join(fixtures, fixture, "src"), name));
    expect(changed).toEqual([...expectedFiles].sort());
  });

  it("lists the calls it left alone as file:line:col  code  reason", () => {
    const lines = result.stderr.split("\n").filter((line) => line.startsWith("src/"));
    expect(lines).toEqual([
      "src/model.ts:68:10  sub(y, m)  shapes not known: [...Rest, C] and [C]",
      "src/model.ts:71:10  mul(t, bias)  shapes not known: number[] and [4]",
      "src/model.ts:74:1  add(x, bias, options)  options are not an object literal: cannot add broadcastDimensions to them",
    ]);
  });

  it("leaves a program that still type-checks", () => {
    const tsc = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(tsc.stdout).toBe("");
    expect(tsc.status).toBe(0);
  });

  it("leaves a program that prints the same numbers", () => {
    for (const file of ["src/model.ts", "src/quotes.ts"]) {
      const after = runProgram(copy, file);
      expect(after).toContain("tensor(");
      expect(after).toBe(runProgram(join(fixtures, fixture), file));
    }
  });

  it("changes nothing when run again", async () => {
    const again = await runCli(["codemod", "explicit-broadcast", "--write"], { cwd: copy });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("");
    expect(again.stderr).toMatch(/^0 changed · 3 unchanged · 3 skipped/m);
  });
});

describe("explicit-broadcast dry run", () => {
  it("prints the diff of each changed file", async () => {
    const result = await runCli(["codemod", "explicit-broadcast", "src/quotes.ts"], { cwd: copyFixture(fixture) });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        "--- src/quotes.ts",
        "+++ src/quotes.ts",
        "@@ -2,8 +2,8 @@",
        " import * as sc from 'shapecast';",
        " ",
        " const images = sc.ones([2, 3, 2, 2]);",
        " const mean = sc.tensor([[[0.5]], [[1]], [[2]]]); // [3, 1, 1]",
        "-export const centered = sc.sub(images, mean, { mode: 'numpy' });",
        "-export const normalized = sc.div(images, mean);",
        "+export const centered = sc.sub(images, mean, { mode: 'xla', broadcastDimensions: [1, 2, 3] });",
        "+export const normalized = sc.div(images, mean, { mode: 'xla', broadcastDimensions: [1, 2, 3] });",
        " ",
        " console.log(String(centered), String(normalized));",
        "",
      ].join("\n"),
    );
    expect(result.stderr).toMatch(/^1 changed · 0 unchanged · 0 skipped in \S+\nRun with --write to apply\.\n$/);
  });
});

describe("explicit-broadcast on the repository's examples/", async () => {
  const examples = join(root, "examples");
  const files = readdirSync(examples).filter((name) => name.endsWith(".ts"));
  const before = files.map((name) => read(examples, name));
  const result = await runCli(["codemod", "explicit-broadcast", "--project", "tsconfig.node.json", "examples/"]);

  it("exits 0 and writes nothing", () => {
    expect(result.code).toBe(0);
    expect(files.map((name) => read(examples, name))).toEqual(before);
  });

  it("makes the [2, 3] + [3] bias explicit", () => {
    expect(result.stdout).toContain("--- examples/02-elementwise-ops.ts\n+++ examples/02-elementwise-ops.ts\n");
    expect(result.stdout).toContain(
      '+console.log("x + bias:", String(add(x, bias, { mode: "xla", broadcastDimensions: [1] }))); // [2, 3] + [3] -> [2, 3]',
    );
  });

  it("maps the [3, 1, 1] channel statistics onto axes 1 to 3 of the images", () => {
    expect(result.stdout).toContain(
      'sub(images, reshape(channelMean, [3, 1, 1]), { mode: "xla", broadcastDimensions: [1, 2, 3] })',
    );
  });

  it("leaves the calls that are already explicit, or in another mode, alone", () => {
    const removed = result.stdout.split("\n").filter((line) => line.startsWith("-") && !line.startsWith("---"));
    expect(removed.length).toBeGreaterThan(0);
    for (const line of removed) expect(line).not.toMatch(/mode: "(xla|pdpd|none)"/);
  });

  it("rewrites the generic dense layer (a vector on the last axis), and lists the deliberate misfit as not broadcasting", () => {
    expect(result.stdout).toContain('+  return add(matmul(x, w), b, { mode: "xla", broadcastDimensions: [1] });');
    expect(result.stderr).toMatch(
      /examples\/02-elementwise-ops\.ts:\d+:\d+ {2}add\(x, tensor\(\[1, 2\]\)\) {2}shapes do not broadcast: add \(numpy\): axis 1 has 3 vs 2/,
    );
    // (the transformer block adds two changes, and two residual adds of equal generic shapes it leaves alone;
    // the training examples a bias each, and five calls on batch sizes only known at run time, one of them
    // the iris example comparing ONNX Runtime's predictions with its own; the models shared through
    // examples/models/ are read once)
    expect(result.stderr).toMatch(/^8 changed · 8 unchanged · 8 skipped \(7 shapes not known, 1 shapes do not broadcast\) in \S+$/m);
  });
});
