/**
 * `tril` and `triu`: values against a plain-loop reference on random views
 * of every dtype (permuted, stepped, reversed, broadcast), ranks 2 to 4,
 * diagonals inside, at and far past the matrices' edges; the rank and
 * diagonal checks with their classes and messages; the method form.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ones, ShapeError, tensor, transpose, tril, triu, zeros, type Tensor } from "shapecast";
import { at, multiIndices, rowMajor, shapeArb, viewOf, DTYPES } from "../support/random-view.js";
import { thrown } from "../support/thrown.js";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor;

/** Element (..., i, j) kept by the op, as the definitions say it. */
const keeps = (op: "tril" | "triu", i: number, j: number, k: number): boolean => (op === "tril" ? j - i <= k : j - i >= k);

describe("tril and triu", () => {
  it("give the reference's values on random views, dtypes and diagonals", () => {
    const caseArb = fc
      .tuple(shapeArb(2, 4), fc.constantFrom(...DTYPES))
      .chain(([shape, dtype]) =>
        fc.tuple(
          viewOf(shape, dtype),
          fc.constantFrom("tril" as const, "triu" as const),
          fc.oneof(fc.integer({ min: -6, max: 6 }), fc.constantFrom(2 ** 40, -(2 ** 40), Number.MAX_SAFE_INTEGER, -Number.MAX_VALUE), fc.constant(undefined)),
        ),
      );
    fc.assert(
      fc.property(caseArb, ([x, op, k]) => {
        const result = op === "tril" ? loose(tril)(x, k) : loose(triu)(x, k);
        expect(result.shape).toEqual(x.shape);
        expect(result.dtype).toBe(x.dtype);
        const rank = x.shape.length;
        const expected = [...multiIndices(x.shape)].map((index) => (keeps(op, index[rank - 2]!, index[rank - 1]!, k ?? 0) ? at(x, index) : 0));
        expect(rowMajor(result)).toEqual(expected);
        expect(result.isContiguous).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("make the matrices NumPy's np.tril and np.triu give", () => {
    const x = tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]);
    expect(tril(x).toArray()).toEqual([[1, 0, 0], [4, 5, 0], [7, 8, 9], [10, 11, 12]]);
    expect(tril(x, -1).toArray()).toEqual([[0, 0, 0], [4, 0, 0], [7, 8, 0], [10, 11, 12]]);
    expect(triu(x, 1).toArray()).toEqual([[0, 2, 3], [0, 0, 6], [0, 0, 0], [0, 0, 0]]);
    expect(triu(x, -1).toArray()).toEqual([[1, 2, 3], [4, 5, 6], [0, 8, 9], [0, 0, 12]]);
    expect(tril(ones([3, 3], "bool")).toArray()).toEqual([[true, false, false], [true, true, false], [true, true, true]]);
    expect(x.tril(1).toArray()).toEqual(tril(x, 1).toArray());
    expect(transpose(x).triu().toArray()).toEqual([[1, 4, 7, 10], [0, 5, 8, 11], [0, 0, 9, 12]]);
    expect(tril(zeros([2, 0, 3])).shape).toEqual([2, 0, 3]);
  });

  it("refuse a rank below 2 (a ShapeError) and a diagonal that is not an integer", () => {
    const error = thrown(() => loose(tril)(zeros([5])));
    expect(error).toBeInstanceOf(ShapeError);
    expect(error.message).toBe("tril: x must have rank 2 or more (its last two axes are the matrices), got shape [5]");
    expect((error as ShapeError).code).toBe("rank");
    expect(() => loose(triu)(zeros([]))).toThrow("triu: x must have rank 2 or more (its last two axes are the matrices), got shape []");
    expect(() => loose(tril)(zeros([2, 2]), 0.5)).toThrow(new RangeError("tril: k must be an integer, got number 0.5"));
    expect(() => loose(triu)(zeros([2, 2]), Number.NaN)).toThrow(new RangeError("triu: k must be an integer, got number NaN"));
    expect(() => loose(triu)(zeros([2, 2]), Infinity)).toThrow(RangeError);
    expect(() => loose(tril)(zeros([2, 2]), "1")).toThrow(new TypeError('tril: k must be an integer, got "1"'));
    expect(() => loose(tril)([[1, 2], [3, 4]])).toThrow(TypeError);
  });
});
