/**
 * `repeat`: what NumPy's np.repeat gives (test/fixtures/repeat.ts, written by
 * scripts/repeat-fixture.py), values against a plain-loop reference on random
 * views of every dtype (permuted, stepped, reversed, broadcast), ranks 0 to 4,
 * a count or one count per element, on every axis or none; the checks of the
 * counts, the axis and a list's length, with their classes and messages; the
 * method form.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { repeat, ShapeError, tensor, transpose, zeros, type Tensor } from "shapecast";
import { repeatFixture } from "../fixtures/repeat.js";
import { at, multiIndices, rowMajor, shapeArb, viewOf, DTYPES } from "../support/random-view.js";
import { thrown } from "../support/thrown.js";

const loose = repeat as unknown as (...args: unknown[]) => Tensor;

/** One call of the fixture: x (its shape and row-major values), the arguments, and NumPy's result or the error it raised. */
interface NumpyCall {
  readonly shape: readonly number[];
  readonly x: readonly number[];
  readonly repeats: number | readonly number[];
  readonly axis: number | null;
  readonly result?: { readonly shape: readonly number[]; readonly values: readonly number[] };
  readonly refused?: string;
}
const numpyCalls: readonly NumpyCall[] = repeatFixture.calls;

/** The source position along the axis of each result position: element i, counts[i] times. */
const owners = (counts: readonly number[]): number[] => counts.flatMap((count, i) => new Array<number>(count).fill(i));

/** np.repeat by its definition: the result's elements read from x through `owners`. */
function reference(x: Tensor, repeats: number | readonly number[], axis: number | undefined): { shape: number[]; values: number[] } {
  if (axis === undefined) {
    const flat = rowMajor(x);
    const sources = owners(typeof repeats === "number" || repeats.length === 1 ? flat.map(() => (typeof repeats === "number" ? repeats : repeats[0]!)) : repeats);
    return { shape: [sources.length], values: sources.map((i) => flat[i]!) };
  }
  const dims = x.shape.length === 0 ? [1] : x.shape;
  const at_ = axis < 0 ? axis + dims.length : axis;
  const n = dims[at_]!;
  const counts = typeof repeats === "number" ? new Array<number>(n).fill(repeats) : repeats.length === 1 ? new Array<number>(n).fill(repeats[0]!) : repeats;
  const sources = owners(counts);
  const shape = dims.map((d, i) => (i === at_ ? sources.length : d));
  const values = [...multiIndices(shape)].map((index) => {
    const source = index.map((v, i) => (i === at_ ? sources[v]! : v));
    return at(x, x.shape.length === 0 ? [] : source);
  });
  return { shape, values };
}

describe("repeat", () => {
  it("gives what NumPy's np.repeat gives, and refuses what it refuses", () => {
    expect(numpyCalls.length).toBeGreaterThan(30);
    for (const call of numpyCalls) {
      const x = tensor(Float64Array.from(call.x), [...call.shape], { dtype: "float64" });
      const run = () => loose(x, call.repeats, call.axis ?? undefined);
      const name = `np.repeat(${JSON.stringify(call.shape)}, ${JSON.stringify(call.repeats)}, ${call.axis})`;
      if (call.result === undefined) {
        const error = thrown(run);
        // NumPy's AxisError is a RangeError here; its ValueError a ShapeError (a list's length) or a RangeError (a negative count)
        expect(error, name).toBeInstanceOf(call.refused === "AxisError" ? RangeError : Array.isArray(call.repeats) && call.repeats.every((r) => r >= 0) ? ShapeError : RangeError);
        continue;
      }
      const result = run();
      expect(result.shape, name).toEqual(call.result.shape);
      expect([...result.toTypedArray()], name).toEqual(call.result.values);
    }
  });

  it("gives the reference's values on random views, dtypes, counts and axes", () => {
    const caseArb = fc
      .tuple(shapeArb(0, 4), fc.constantFrom(...DTYPES))
      .chain(([shape, dtype]) => {
        const rank = Math.max(shape.length, 1);
        return fc.tuple(viewOf(shape, dtype), fc.option(fc.integer({ min: -rank, max: rank - 1 }), { nil: undefined })).chain(([x, axis]) => {
          const n = axis === undefined ? x.size : x.shape.length === 0 ? 1 : x.shape[axis < 0 ? axis + rank : axis]!;
          const repeats = fc.oneof(
            fc.integer({ min: 0, max: 3 }),
            fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
            fc.tuple(fc.integer({ min: 0, max: 3 })),
          );
          return fc.tuple(fc.constant(x), repeats, fc.constant(axis));
        });
      });
    fc.assert(
      fc.property(caseArb, ([x, repeats, axis]) => {
        const result = loose(x, repeats, axis);
        const expected = reference(x, repeats, axis);
        expect(result.shape).toEqual(expected.shape);
        expect(result.dtype).toBe(x.dtype);
        expect(rowMajor(result)).toEqual(expected.values);
        expect(result.isContiguous).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("repeats each element in a row, unlike tile, in both forms", () => {
    const x = tensor([[1, 2], [3, 4]]);
    expect(repeat(x, 2, 1).toArray()).toEqual([[1, 1, 2, 2], [3, 3, 4, 4]]);
    expect(repeat(x, [1, 2], 0).toArray()).toEqual([[1, 2], [3, 4], [3, 4]]);
    expect(repeat(x, 2).toArray()).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(x.repeat(2, -1).toArray()).toEqual(repeat(x, 2, 1).toArray());
    expect(transpose(x).repeat(2).toArray()).toEqual([1, 1, 3, 3, 2, 2, 4, 4]);
    expect(transpose(x).repeat([0, 1, 2, 0]).toArray()).toEqual([3, 2, 2]);
    expect(repeat(tensor([true, false]), 2).toArray()).toEqual([true, true, false, false]);
    expect(repeat(zeros([2, 0, 3]), 4, 1).shape).toEqual([2, 0, 3]);
    expect(repeat(zeros([2, 3]), 0).shape).toEqual([0]);
  });

  it("refuses bad counts (TypeError, RangeError), an axis out of range (RangeError) and a list of the wrong length (ShapeError)", () => {
    const x = zeros([2, 3]);
    expect(() => loose(x, -1, 0)).toThrow(new RangeError("repeat: repeats must be a non-negative integer, got number -1"));
    expect(() => loose(x, 1.5)).toThrow(new RangeError("repeat: repeats must be a non-negative integer, got number 1.5"));
    expect(() => loose(x, Number.NaN)).toThrow(new RangeError("repeat: repeats must be a non-negative integer, got number NaN"));
    expect(() => loose(x, Infinity)).toThrow(RangeError);
    expect(() => loose(x, [1, -2, 1], 1)).toThrow(new RangeError("repeat: repeats[1] must be a non-negative integer, got number -2"));
    expect(() => loose(x, "2")).toThrow(new TypeError('repeat: repeats must be a non-negative integer or an array of them, got "2"'));
    expect(() => loose(x, [1, "2", 1], 1)).toThrow(new TypeError('repeat: repeats[1] must be a non-negative integer, got "2"'));
    // eslint-disable-next-line no-sparse-arrays
    expect(() => loose(x, [1, , 1], 1)).toThrow(new TypeError("repeat: repeats[1] must be a non-negative integer, got undefined"));
    expect(() => loose(x, 2, 2)).toThrow(new RangeError("repeat: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"));
    expect(() => loose(tensor(5), 2, 1)).toThrow(new RangeError("repeat: axis 1 is out of range for a rank-1 tensor (use -1 to 0)"));
    expect(() => loose(x, 2, 0.5)).toThrow(RangeError);
    expect(() => loose(x, 2, "1")).toThrow(TypeError);
    const error = thrown(() => loose(x, [1, 2], 1));
    expect(error).toBeInstanceOf(ShapeError);
    expect(error.message).toBe("repeat: repeats has 2 entries for axis 1 of size 3 (one per element, or one for all); cannot repeat [2, 3]");
    expect((error as ShapeError).code).toBe("size");
    expect(() => loose(x, [1, 2, 3])).toThrow("repeat: repeats has 3 entries for the flattened tensor of size 6 (one per element, or one for all); cannot repeat [2, 3]");
    // the counts are checked before the axis, the axis before a list's length (the order the compiler reports them in)
    expect(() => loose(x, [-1, 1], 5)).toThrow(RangeError);
    expect(() => loose(x, [-1, 1], 5)).toThrow("repeats[0]");
    expect(() => loose(x, [1, 1], 5)).toThrow("axis 5");
    // a result past the limits
    expect(() => loose(x, 2 ** 40, 0)).toThrow(RangeError);
    expect(() => loose([[1, 2]], 2)).toThrow(TypeError);
  });
});
