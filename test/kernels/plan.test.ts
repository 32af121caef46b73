/**
 * The iteration planner (src/kernels/plan.ts), whose plans every element-wise
 * op, where, unary op and join runs above 64 elements: a plan visits exactly
 * the positions the shape does, and it is the plan its comment promises, the
 * one that makes contiguous ops one flat loop (NumPy's nditer): size-1 axes
 * dropped, loops ordered by the output's strides, every pair of neighbouring
 * loops that all operands step through as one merged.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { broadcastStrides, contiguousStrides, planIteration } from "../../src/kernels/plan.js";
import { inputArb, multiIndices, outArb, position, shapeArb } from "./layouts.js";

/** The positions each operand is at, element by element, as "out a b" rows, sorted: what a run of the loops touches. */
const visits = (shape: readonly number[], offsets: readonly number[], strides: readonly (readonly number[])[]): string[] =>
  Array.from(multiIndices(shape), (index) => strides.map((s, k) => position({ offset: offsets[k]!, strides: s }, index)).join(" ")).sort();

const cases = shapeArb(5).chain((shape) => fc.tuple(fc.constant(shape), outArb(shape), fc.array(inputArb(shape), { minLength: 1, maxLength: 3 })));

describe("planIteration", () => {
  it("visits the positions the shape does, each once, for any layouts", () => {
    fc.assert(
      fc.property(cases, ([shape, out, inputs]) => {
        const operands = [out, ...inputs];
        const plan = planIteration(shape, operands.map((o) => o.strides));
        expect(plan.size).toBe(shape.reduce((p, d) => p * d, 1));
        expect(plan.strides).toHaveLength(operands.length);
        if (plan.size === 0) return; // nothing to do: the kernels return before reading the loops
        for (const row of plan.strides) expect(row).toHaveLength(plan.dims.length);
        const offsets = operands.map((o) => o.offset);
        expect(visits(plan.dims, offsets, plan.strides)).toEqual(visits(shape, offsets, operands.map((o) => o.strides)));
      }),
      { seed: 53, numRuns: 1500 },
    );
  });

  it("drops size-1 axes, orders the loops by the output's strides and merges every pair it can", () => {
    fc.assert(
      fc.property(cases, ([shape, out, inputs]) => {
        const plan = planIteration(shape, [out.strides, ...inputs.map((o) => o.strides)]);
        if (plan.size === 0) return;
        expect(plan.dims.every((d) => d > 1)).toBe(true);
        const outStrides = plan.strides[0]!.map(Math.abs);
        // outermost first: the output's stride magnitudes never grow towards the inner loops
        for (let i = 1; i < outStrides.length; i++) expect(outStrides[i]).toBeLessThanOrEqual(outStrides[i - 1]!);
        // no loop continues the one inside it for every operand: such a pair is one loop
        for (let i = 0; i + 1 < plan.dims.length; i++) {
          const continues = plan.strides.every((row) => row[i] === row[i + 1]! * plan.dims[i + 1]!);
          expect(continues).toBe(false);
        }
      }),
      { seed: 59, numRuns: 1500 },
    );
  });

  it("makes same-shape contiguous operands one flat loop, and a broadcast row two loops with stride 0 outside", () => {
    const shape = [3, 4, 5];
    const flat = planIteration(shape, [contiguousStrides(shape), contiguousStrides(shape), contiguousStrides(shape)]);
    expect(flat).toEqual({ dims: [60], strides: [[1], [1], [1]], size: 60 });
    // b is a row [5] broadcast over [3, 4, 5]: the outer axes merge for out and b (stride 0 both), not the inner one
    const row = planIteration(shape, [contiguousStrides(shape), contiguousStrides(shape), broadcastStrides([5], [1], shape)]);
    expect(row).toEqual({ dims: [12, 5], strides: [[5, 1], [5, 1], [0, 1]], size: 60 });
    // a transposed output: the loops follow its strides, so its writes run in memory order
    const transposed = planIteration([4, 6], [[1, 4], [6, 1]]);
    expect(transposed).toEqual({ dims: [6, 4], strides: [[4, 1], [1, 6]], size: 24 });
  });

  it("gives an empty plan of size 0 for an empty shape, and no loops for one element", () => {
    expect(planIteration([3, 0, 2], [[0, 2, 1], [0, 2, 1]]).size).toBe(0);
    expect(planIteration([1, 1], [[1, 1], [5, 7]])).toEqual({ dims: [], strides: [[], []], size: 1 });
  });
});

describe("contiguousStrides and broadcastStrides", () => {
  it("give row-major strides, and stride 0 on the axes an operand is broadcast along", () => {
    expect(contiguousStrides([2, 3, 4])).toEqual([12, 4, 1]);
    expect(contiguousStrides([])).toEqual([]);
    expect(broadcastStrides([3, 1], [1, 1], [2, 3, 4])).toEqual([0, 1, 0]);
    expect(broadcastStrides([], [], [2])).toEqual([0]);
  });
});
