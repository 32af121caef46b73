/**
 * Sizes the compiler cannot know, on every shape function: generated calls
 * whose tensors and shapes declare some sizes as `number` or `Dim<"nK">`
 * (K the run-time size) instead of their literal go through each op's real
 * signature (one TypeScript 6 program) and through the runtime on zeros of
 * the concrete sizes. The property is test/support/shape-parity.ts's: literal
 * sizes of the result are the runtime's, a `Dim` is kept where the size
 * passes through, no `never`, and a runtime error is a compile error or an
 * unknown size. TypeScript 7 and tsd's 5.9 must then give the same types.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleCases } from "../support/cases.js";
import { diagnosticsWith, evaluateCalls } from "../support/calls.js";
import { compilers } from "../support/compiler.js";
import { importLine, type OpCase, opNames, preamble, renderCase, runCase, sampleMixedCases, ShapeArg, TensorArg, withKinds } from "../support/op-cases.js";
import { assertionHeader, assertionLine, type Expectation, hasUnknown, judge, judgeLine, passThrough } from "../support/shape-parity.js";

const SEED = 20261123;
const PER_OP = 70;
const BROADCAST_SHAPE_CASES = 400;

// the broadcasting rule in every mode through the shape functions, on test/support/cases.ts's cases
// (sizes up to 2^31 - 1, invalid ones too), with some sizes declared `number` or `Dim`
const rolls = fc.sample(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }), { seed: SEED, numRuns: BROADCAST_SHAPE_CASES });
const broadcastCases: OpCase[] = sampleCases(BROADCAST_SHAPE_CASES, SEED).map((c, i) =>
  withKinds(
    { op: c.kind === "binary" ? "broadcastShapes" : "broadcastToShape", args: [new ShapeArg(c.a), new ShapeArg(c.b), ...(c.spec === undefined ? [] : [c.spec as OpCase["args"][number]])] },
    rolls[i]!,
  ),
);
// reshapes whose tensor and target both declare a size `number` at the same place, with a -1: the
// two are the same type but not the same size, so nothing may be kept there (a batch regrouped)
const N = "number" as const;
const L = "literal" as const;
const regrouped: OpCase[] = (
  [
    [[2, 6], [N, L], [3, 2, -1], [N, L, L]],
    [[2, 6], [N, L], [4, -1], [N, L]],
    [[4, 2], [N, N], [2, 2, -1], [N, N, L]],
    [[4, 784], [N, L], [2, -1, 784], [N, L, L]],
    [[6, 2, 3], [N, L, L], [3, -1], [N, L]],
    [[2, 4, 4], [N, L, L], [4, -1, 4], [N, L, L]],
    [[3, 4], [N, N], [3, -1], [N, L]],
  ] as const
).map(([from, fromKinds, target, targetKinds]) => ({ op: "reshape", args: [new TensorArg(from, fromKinds), new ShapeArg(target, targetKinds)] }));
const cases: OpCase[] = [...broadcastCases, ...opNames.flatMap((op, k) => sampleMixedCases(op, PER_OP, SEED + k, 0, 4)), ...regrouped];
const names = cases.map((_, i) => `r${i}`);
const runtime = cases.map((c) => runCase(c));
const lines = cases.map((c, i) => renderCase(c, names[i]!));

describe("mixed literal, number and Dim sizes: types vs runtime on every shape function", () => {
  const header = (from: string) => `${importLine(cases, from)}\n${preamble(cases)}`;
  const results = evaluateCalls("__mixed_sizes__.ts", header("../src/index.js"), lines, names);

  it("covers every op with fits, runtime errors, number and Dim sizes, and sizes passed through", () => {
    const ops = new Set(cases.map((c) => c.op));
    expect([...ops].sort()).toEqual(
      ["add", "all", "any", "argsort", "avgPool1d", "avgPool2d", "batchNorm", "broadcastShapes", "broadcastTo", "broadcastToShape", "concat", "conv1d", "conv2d", "conv2dTranspose", "cumprod", "cumsum", "depthwiseConv2d", "einsum", "expandDims", "flatten", "gather", "layerNorm", "matmul", "maxPool1d", "maxPool2d", "mean", "oneHot", "pad", "permute", "repeat", "reshape", "resize", "rmsNorm", "slice", "sort", "split", "squeeze", "stack", "sum", "tile", "topk", "tril", "triu", "upsample"],
    );
    for (const op of ops) {
      const mine = cases.flatMap((c, i) => (c.op === op ? [i] : []));
      const fits = mine.filter((i) => "shapes" in runtime[i]!);
      expect(fits.length, `${op} fits`).toBeGreaterThan(5);
      expect(fits.filter((i) => hasUnknown(results[i]!.type)).length, `${op} results with unknown sizes`).toBeGreaterThan(0);
    }
    const errors = runtime.filter((r) => "error" in r).length;
    expect(errors).toBeGreaterThan(150);
    const passed = cases.filter((c, i) => passThrough(c, runtime[i]!).length > 0).length;
    expect(passed).toBeGreaterThan(100);
  });

  it(`agrees on all ${cases.length} calls under TypeScript 6 (compiler API, one program)`, () => {
    const problems = cases.flatMap((c, i) => {
      const found = judge(c, runtime[i]!, results[i]!);
      return found.length === 0 ? [] : [`${lines[i]}\n  runtime: ${JSON.stringify(runtime[i])}\n  types: ${JSON.stringify(results[i])}\n  ${found.join("\n  ")}`];
    });
    expect(problems.slice(0, 40).join("\n")).toBe("");
  });

  // what TypeScript 6 gave, once checked against the runtime above: the other compilers must agree
  const expectations: Expectation[] = results.map((r) =>
    r.diagnostics.length > 0 ? { error: undefined } : "shapes" in r.type ? { shapes: r.type.shapes } : { unknownRank: true },
  );
  const assertions = (from: string, expected: readonly Expectation[]) =>
    [assertionHeader(header(from)), ...lines.map((line, i) => assertionLine(line, names[i]!, expected[i]!))].join("\n") + "\n";
  const offset = assertionHeader(header("")).split("\n").length;

  for (const [name, compiler] of Object.entries(compilers)) {
    it(`gives the same types under ${name}`, () => {
      const found = diagnosticsWith(compiler, "mixed-sizes.ts", assertions("../../src/index.js", expectations));
      const problems = expectations.flatMap((expected, i) => {
        const problem = judgeLine(expected, found.get(offset + i) ?? []);
        return problem === undefined ? [] : [`${lines[i]}\n  ${problem}`];
      });
      expect(problems.slice(0, 10).join("\n")).toBe("");
    });
  }
});
