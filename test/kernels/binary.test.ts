/**
 * The strided kernels (src/kernels/binary.ts) against a naive loop over every
 * multi-index: each output element is op of the elements the operands hold at
 * that index, and nothing else in the output's buffer is written. Loops of 0
 * to 9 (every remainder of the unrolled loops), contiguous, broadcast (stride
 * 0), reversed and arbitrary strides; run as given (the engine's plan below 64
 * elements) and as planned by planIteration.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeBinaryKernel, makeUnaryKernel, whereKernel } from "../../src/kernels/binary.js";
import { planIteration, type Plan } from "../../src/kernels/plan.js";
import { distinct, inputArb, type Laid, multiIndices, outArb, position, shapeArb } from "./layouts.js";

const SENTINEL = -0.5;

/** A plan of the shape's own loops, as the engine runs small ops, or the planner's. */
const plans = (shape: readonly number[], strides: number[][]): [string, Plan][] => [
  ["as given", { dims: [...shape], strides, size: shape.reduce((p, d) => p * d, 1) }],
  ["planned", planIteration(shape, strides)],
];

/** The output buffer a kernel should leave: `value(index)` at each index's position, the sentinel elsewhere. */
function expectedOut(shape: readonly number[], out: { offset: number; strides: number[]; length: number }, value: (index: number[]) => number): Float64Array {
  const expected = new Float64Array(out.length).fill(SENTINEL);
  for (const index of multiIndices(shape)) expected[position(out, index)] = value(index);
  return expected;
}

const freshOut = (out: { offset: number; strides: number[]; length: number }): Laid => ({ data: new Float64Array(out.length).fill(SENTINEL), offset: out.offset, strides: out.strides });

describe("binary kernel", () => {
  // x + y on distinct elements (a's are 1, 2, 3, ..., b's 1000, 2000, ...): the sum names both positions read
  const kernel = makeBinaryKernel((x, y) => x + y);

  it("writes op(a, b) at every output position and nowhere else, for any layout", () => {
    fc.assert(
      fc.property(
        shapeArb().chain((shape) => fc.tuple(fc.constant(shape), outArb(shape), inputArb(shape), inputArb(shape))),
        ([shape, outLayout, aLayout, bLayout]) => {
          const a = distinct(aLayout, 1);
          const b = distinct(bLayout, 1000);
          const expected = expectedOut(shape, outLayout, (index) => a.data[position(a, index)]! + b.data[position(b, index)]!);
          for (const [how, plan] of plans(shape, [outLayout.strides, a.strides, b.strides])) {
            const out = freshOut(outLayout);
            kernel(plan, out, a, b);
            expect({ how, data: Array.from(out.data) }).toEqual({ how, data: Array.from(expected) });
          }
        },
      ),
      { seed: 41, numRuns: 1500 },
    );
  });

  it("writes nothing for an empty loop, whatever the other sizes", () => {
    for (const dims of [[0], [3, 0], [0, 3], [2, 0, 3], [0, 2, 3], [2, 3, 0, 2]]) {
      const out = { data: new Float64Array(40).fill(SENTINEL), offset: 5, strides: dims.map(() => 1) };
      const a = { data: new Float64Array(40).fill(1), offset: 0, strides: dims.map(() => 1) };
      kernel({ dims, strides: [out.strides, a.strides, a.strides], size: 0 }, out, a, a);
      expect(Array.from(out.data).every((v) => v === SENTINEL)).toBe(true);
    }
  });
});

describe("unary kernel", () => {
  const kernel = makeUnaryKernel((x) => x + 0.25);

  it("writes op(a) at every output position and nowhere else, for any layout", () => {
    fc.assert(
      fc.property(
        shapeArb().chain((shape) => fc.tuple(fc.constant(shape), outArb(shape), inputArb(shape))),
        ([shape, outLayout, aLayout]) => {
          const a = distinct(aLayout, 1);
          const expected = expectedOut(shape, outLayout, (index) => a.data[position(a, index)]! + 0.25);
          for (const [how, plan] of plans(shape, [outLayout.strides, a.strides])) {
            const out = freshOut(outLayout);
            kernel(plan, out, a);
            expect({ how, data: Array.from(out.data) }).toEqual({ how, data: Array.from(expected) });
          }
        },
      ),
      { seed: 43, numRuns: 1000 },
    );
  });

  it("writes nothing for an empty loop", () => {
    const out = { data: new Float64Array(40).fill(SENTINEL), offset: 5, strides: [1, 1, 1] };
    kernel({ dims: [0, 2, 3], strides: [out.strides, out.strides], size: 0 }, out, { data: new Float64Array(40), offset: 0, strides: [1, 1, 1] });
    expect(Array.from(out.data).every((v) => v === SENTINEL)).toBe(true);
  });
});

describe("where kernel", () => {
  it("writes a where cond is not 0 (NaN included), else b, at every output position and nowhere else", () => {
    fc.assert(
      fc.property(
        shapeArb().chain((shape) => fc.tuple(fc.constant(shape), outArb(shape), inputArb(shape), inputArb(shape), inputArb(shape))),
        ([shape, outLayout, cLayout, aLayout, bLayout]) => {
          const cond: Laid = { ...distinct(cLayout, 1), data: Float64Array.from({ length: cLayout.length }, (_, i) => [0, 1, Number.NaN, 0, -2][i % 5]!) };
          const a = distinct(aLayout, 1);
          const b = distinct(bLayout, 1000);
          const expected = expectedOut(shape, outLayout, (index) => (cond.data[position(cond, index)] !== 0 ? a.data[position(a, index)]! : b.data[position(b, index)]!));
          for (const [how, plan] of plans(shape, [outLayout.strides, cond.strides, a.strides, b.strides])) {
            const out = freshOut(outLayout);
            whereKernel(plan, out, cond, a, b);
            expect({ how, data: Array.from(out.data) }).toEqual({ how, data: Array.from(expected) });
          }
        },
      ),
      { seed: 47, numRuns: 1000 },
    );
  });

  it("writes nothing for an empty loop", () => {
    const out = { data: new Float64Array(40).fill(SENTINEL), offset: 5, strides: [1, 1, 1] };
    const x = { data: new Float64Array(40).fill(1), offset: 0, strides: [1, 1, 1] };
    whereKernel({ dims: [0, 2, 3], strides: [out.strides, x.strides, x.strides, x.strides], size: 0 }, out, x, x, x);
    expect(Array.from(out.data).every((v) => v === SENTINEL)).toBe(true);
  });
});
