/**
 * `oneHot`: values against a plain-loop reference on random int32 and uint8
 * index views (permuted, stepped, reversed, broadcast), indices in and out of
 * range (a row of zeros), depths from 0, every result dtype.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { oneHot, tensor, transpose, zeros, type Tensor } from "shapecast";
import { DTYPES, at, multiIndices, rowMajor, shapeArb, viewOf } from "../support/random-view.js";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor;

describe("oneHot", () => {
  it("gives the reference's values on random index views, depths and dtypes", () => {
    const caseArb = fc
      .tuple(shapeArb(0, 3), fc.constantFrom("int32" as const, "uint8" as const))
      .chain(([shape, dtype]) => fc.tuple(viewOf(shape, dtype) as fc.Arbitrary<Tensor<number[], "int32" | "uint8">>, fc.integer({ min: 0, max: 6 }), fc.option(fc.constantFrom(...DTYPES), { nil: undefined })));
    fc.assert(
      fc.property(caseArb, ([indices, depth, dtype]) => {
        const result = dtype === undefined ? oneHot(indices, depth) : oneHot(indices, depth, { dtype });
        expect(result.shape).toEqual([...indices.shape, depth]);
        expect(result.dtype).toBe(dtype ?? "float32");
        const expected: number[] = [];
        for (const index of multiIndices(indices.shape)) {
          const value = at(indices, index);
          for (let k = 0; k < depth; k++) expected.push(value === k ? 1 : 0);
        }
        expect(rowMajor(result)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it("gives a row of zeros for an index out of range, negative too (as tfjs)", () => {
    expect(oneHot(tensor([0, 2, 3, -1], { dtype: "int32" }), 3).toArray()).toEqual([[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]]);
    expect(oneHot(tensor([[1], [0]], { dtype: "uint8" }), 2, { dtype: "bool" }).toArray()).toEqual([[[false, true]], [[true, false]]]);
    expect(oneHot(transpose(tensor([[0, 1], [2, 0]], { dtype: "int32" })), 3).toArray()).toEqual([
      [[1, 0, 0], [0, 0, 1]],
      [[0, 1, 0], [1, 0, 0]],
    ]);
  });

  it("handles depth 0, size-0 indices and scalar indices", () => {
    expect(oneHot(tensor([1, 2], { dtype: "int32" }), 0).shape).toEqual([2, 0]);
    expect(oneHot(zeros([0, 3], "int32"), 4).shape).toEqual([0, 3, 4]);
    expect(oneHot(tensor(2, { dtype: "int32" }), 4).toArray()).toEqual([0, 0, 1, 0]);
  });

  it("refuses bad indices, depth and options, naming the argument", () => {
    const i = tensor([0, 1], { dtype: "int32" });
    expect(() => loose(oneHot)(tensor([0, 1]), 2)).toThrow(
      new TypeError('oneHot: indices must be an int32 or uint8 tensor, got a float32 tensor; cast it first, e.g. indices.cast("int32")'),
    );
    expect(() => loose(oneHot)([0, 1], 2)).toThrow(/^oneHot: indices /);
    expect(() => loose(oneHot)(i, -1)).toThrow(new RangeError("oneHot: depth must be an integer from 0 to 2147483647, got -1"));
    expect(() => loose(oneHot)(i, 2.5)).toThrow(new RangeError("oneHot: depth must be an integer from 0 to 2147483647, got 2.5"));
    expect(() => loose(oneHot)(i, "2")).toThrow(new TypeError('oneHot: depth must be an integer, got "2"'));
    expect(() => loose(oneHot)(i, 2, { dtype: "int64" })).toThrow(TypeError);
    expect(() => loose(oneHot)(i, 2, { dtype: "int64" })).toThrow(/^oneHot: dtype must be one of/);
    expect(() => loose(oneHot)(i, 2, { depth: 2 })).toThrow(new TypeError('oneHot: options field "depth" is not known (the only option is dtype)'));
    expect(() => loose(oneHot)(zeros([70000], "int32"), 70000)).toThrow(RangeError);
  });
});
