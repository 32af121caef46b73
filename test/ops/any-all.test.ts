/**
 * `any` and `all`: reductions like `sum`, whose result is bool. Values are
 * checked against a plain-loop reference on random shapes, layouts (permuted,
 * stepped, reversed, broadcast) and dtypes; truthiness is "not 0", so NaN is
 * true and -0 false.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { all, any, tensor, transpose, zeros, type Tensor } from "shapecast";
import { anyViewArb, at, multiIndices } from "../support/random-view.js";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor;

/** The reduced axes, sorted, for an axis argument as the README defines it; undefined when invalid. */
function axesOf(axis: number | number[] | undefined, rank: number): number[] | undefined {
  if (axis === undefined) return [...Array(rank).keys()];
  const list = (Array.isArray(axis) ? axis : [axis]).map((a) => (a < 0 ? a + rank : a));
  if (list.some((a) => a < 0 || a >= rank) || new Set(list).size !== list.length) return undefined;
  return list.sort((p, q) => p - q);
}

/** any/all by plain loops: every input element lands in the output element of its kept coordinates. */
function reference(x: Tensor, axes: number[], keepDims: boolean, every: boolean): { shape: number[]; values: boolean[] } {
  const kept = x.shape.map((_, a) => a).filter((a) => !axes.includes(a));
  const outShape = keepDims ? x.shape.map((d, a) => (axes.includes(a) ? 1 : d)) : kept.map((a) => x.shape[a]!);
  const keptShape = kept.map((a) => x.shape[a]!);
  const size = keptShape.reduce((p, d) => p * d, 1);
  const values = new Array<boolean>(size).fill(every);
  for (const index of multiIndices(x.shape)) {
    let flat = 0;
    for (const a of kept) flat = flat * x.shape[a]! + index[a]!;
    const truthy = at(x, index) !== 0;
    values[flat] = every ? values[flat]! && truthy : values[flat]! || truthy;
  }
  return { shape: outShape, values };
}

const axisArb = (rank: number) =>
  fc.oneof(
    fc.constant<number | number[] | undefined>(undefined),
    // (a rank-0 tensor has no axis to name: undefined or the empty list)
    rank === 0 ? fc.constant<number[]>([]) : fc.integer({ min: -rank, max: rank - 1 }),
    fc.shuffledSubarray([...Array(rank).keys()]).chain((list) =>
      fc.array(fc.boolean(), { minLength: list.length, maxLength: list.length }).map((negative) => list.map((a, i) => (negative[i] ? a - rank : a))),
    ),
  );

describe("any and all", () => {
  it("give the reference's values on random views of every dtype", () => {
    fc.assert(
      fc.property(
        anyViewArb(0, 4).chain((x) => fc.tuple(fc.constant(x), axisArb(x.shape.length), fc.boolean(), fc.constantFrom("any", "all"))),
        ([x, axis, keepDims, op]) => {
          const axes = axesOf(axis, x.shape.length)!;
          const expected = reference(x, axes, keepDims, op === "all");
          const result = (op === "any" ? any : all)(x, axis as never, { keepDims });
          expect(result.dtype).toBe("bool");
          expect(result.shape).toEqual(expected.shape);
          expect(Array.from(multiIndices(result.shape), (i) => at(result, i) === 1)).toEqual(expected.values);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("count NaN as true and -0 as false, as every truthiness test does", () => {
    expect(any(tensor([0, -0])).item()).toBe(false);
    expect(any(tensor([-0, Number.NaN])).item()).toBe(true);
    expect(all(tensor([Number.NaN, 1])).item()).toBe(true);
    expect(all(tensor([Number.NaN, -0])).item()).toBe(false);
  });

  it("give false (any) and true (all) over no elements, and an empty result for an empty kept axis", () => {
    expect(any(zeros([0])).item()).toBe(false);
    expect(all(zeros([0])).item()).toBe(true);
    expect(all(zeros([3, 0]), 1).toArray()).toEqual([true, true, true]);
    expect(any(zeros([3, 0]), 1, { keepDims: true }).toArray()).toEqual([[false], [false], [false]]);
    expect(any(zeros([0, 3]), 1).shape).toEqual([0]);
    expect(all(zeros([2, 3]), []).toArray()).toEqual([[false, false, false], [false, false, false]]);
  });

  it("reduce one axis, a list or all, through views", () => {
    const x = tensor([[true, false, true], [true, true, true]]);
    expect(all(x, 1).toArray()).toEqual([false, true]);
    expect(any(x, 0).toArray()).toEqual([true, true, true]);
    expect(all(x, -2).toArray()).toEqual([true, false, true]);
    expect(all(transpose(x), 0).toArray()).toEqual([false, true]);
    expect(any(tensor([[0, 0], [0, 2]], { dtype: "uint8" }), [0, 1], { keepDims: true }).toArray()).toEqual([[true]]);
  });

  it("refuse a bad axis or options with the reductions' messages", () => {
    expect(() => any(zeros([2, 3]), 2 as never)).toThrow(new RangeError("any: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"));
    // @ts-expect-error -- the compiler refuses it too, with the same message
    expect(() => all(zeros([2, 3]), [1, -1])).toThrow(new RangeError("all: axis [1, -1] names axis 1 twice"));
    expect(() => loose(all)(zeros([2]), 0, { keep: true })).toThrow(new TypeError('all: options field "keep" is not known (keepDims)'));
    expect(() => loose(any)([1, 2])).toThrow(TypeError);
    expect(() => loose(any)([1, 2])).toThrow(/^any: x /);
  });
});
