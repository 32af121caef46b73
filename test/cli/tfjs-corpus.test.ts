/**
 * The TensorFlow.js corpus (test/cli/tfjs-corpus/): seventeen files written for
 * these tests in the manner of public model code (pose, face and hand
 * post-processing, MNIST and iris data and training, attention, norms,
 * positional encodings, boxes, augmentation, metrics, embeddings; ES modules
 * and CommonJS, TypeScript and JavaScript). Every function of every file runs
 * on TensorFlow.js's CPU backend with its generated inputs (cases.ts) and
 * gives finite outputs: the reference the codemod's conversions are compared
 * against. The TypeScript files compile under the corpus's own tsconfig.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { root } from "../support/compiler.js";
import { corpus } from "./tfjs-harness/cases.js";
import { argumentsOf, type Output, readOutput, tfjsFor } from "./tfjs-harness/run.js";

const folder = join(import.meta.dirname, "tfjs-corpus");
const files = readdirSync(folder).filter((name) => /\.(ts|js|cjs)$/.test(name));

const finite = (output: Output): boolean =>
  typeof output === "number" ? Number.isFinite(output)
  : Array.isArray(output) ? output.every(finite)
  : "values" in output && Array.isArray(output.values) ? (output.values as number[]).every(Number.isFinite)
  : Object.values(output as Record<string, Output>).every(finite);

describe("the TensorFlow.js corpus", () => {
  it("has at least 15 files, each with its cases, in both module systems and both languages", () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files.filter((f) => !(f in corpus))).toEqual([]);
    expect(Object.keys(corpus).filter((f) => !files.includes(f))).toEqual([]);
    expect(files.some((f) => f.endsWith(".cjs"))).toBe(true);
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    expect(files.some((f) => f.endsWith(".ts"))).toBe(true);
  });

  it("compiles under its own tsconfig (strict, as the projects it imitates)", () => {
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const result = spawnSync(process.execPath, [tsc, "-p", join(folder, "tsconfig.json")], { encoding: "utf8" });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  }, 120_000);

  for (const file of files) {
    it(`${file}: every function runs on TensorFlow.js's CPU backend and gives finite outputs`, async () => {
      const exports = (await import(join(folder, file))) as Record<string, unknown>;
      const module = (file.endsWith(".cjs") ? (exports["default"] as Record<string, unknown>) : exports) ?? exports;
      const make = await tfjsFor(file);
      for (const [index, c] of (corpus[file] ?? []).entries()) {
        const fn = module[c.fn] as (...args: unknown[]) => unknown;
        expect(typeof fn, `${file} exports ${c.fn}`).toBe("function");
        const output = readOutput(await fn(...argumentsOf(c, index + 1, () => make, module)));
        expect(finite(output), `${file} ${c.fn}: ${JSON.stringify(output).slice(0, 200)}`).toBe(true);
      }
    });
  }
});
