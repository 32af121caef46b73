/** zerosLike, onesLike, fullLike and clone: x's shape (and dtype unless given), a new contiguous buffer. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clone, fullLike, onesLike, slice, tensor, transpose, zeros, zerosLike, broadcastTo, Tensor } from "shapecast";
import { anyViewArb, DTYPES, rowMajor } from "../support/random-view.js";
import { storage } from "../support/reference.js";

const contiguous = (shape: readonly number[]): number[] => {
  const strides = shape.map(() => 1);
  for (let k = shape.length - 2; k >= 0; k--) strides[k] = strides[k + 1]! * shape[k + 1]!;
  return strides;
};

/** `value` as a typed array of `dtype` stores it (bool: truthiness), read back. */
const storedAs = (value: number, dtype: (typeof DTYPES)[number]): number => {
  const cell = storage(dtype, 1);
  cell[0] = dtype === "bool" ? (value !== 0 ? 1 : 0) : value;
  return cell[0]!;
};

describe("zerosLike, onesLike, fullLike", () => {
  it("give x's shape, contiguous, x's dtype or the one asked for, every element the value as that dtype stores it", () => {
    fc.assert(
      fc.property(
        anyViewArb(),
        fc.option(fc.constantFrom(...DTYPES), { nil: undefined }),
        fc.constantFrom(0, 1, -0, 2.7, -1.5, 300, Number.NaN, Infinity),
        (x, dtype, value) => {
          const options = dtype === undefined ? undefined : { dtype };
          const cases: [Tensor, number][] = [
            [zerosLike(x, options), 0],
            [onesLike(x, options), 1],
            [fullLike(x, value, options), value],
          ];
          for (const [result, v] of cases) {
            expect(result.shape).toEqual(x.shape);
            expect(result.dtype).toBe(dtype ?? x.dtype);
            expect(result.strides).toEqual(contiguous(x.shape));
            expect(result.offset).toBe(0);
            expect(result.data).not.toBe(x.data);
            expect(result.data.length).toBe(x.shape.reduce((a, b) => a * b, 1));
            const want = storedAs(v, result.dtype);
            for (const element of rowMajor(result)) expect(element).toBe(want);
          }
        },
      ),
      { seed: 41, numRuns: 300 },
    );
  });

  it("store a boolean value as its number, -0 as -0 in floats", () => {
    expect(fullLike(zeros([2]), true).toArray()).toEqual([1, 1]);
    expect(fullLike(zeros([2], "bool"), 0.5).toArray()).toEqual([true, true]);
    expect(Object.is(fullLike(zeros([1], "float64"), -0).item(), -0)).toBe(true);
    expect(fullLike(zeros([2, 0]), 3).shape).toEqual([2, 0]);
    expect(onesLike(tensor(5, { dtype: "int32" })).item()).toBe(1);
  });

  it("refuse a non-tensor x, a bad value and bad options, naming them", () => {
    expect(() => zerosLike([1, 2] as never)).toThrow(new TypeError("zerosLike: x must be a Tensor, got an array"));
    expect(() => onesLike(zeros([2]), { dtype: "float16" } as never)).toThrow(TypeError);
    expect(() => onesLike(zeros([2]), { type: "int32" } as never)).toThrow('onesLike: options field "type" is not known (dtype)');
    expect(() => fullLike(zeros([2]), "1" as never)).toThrow(new TypeError('fullLike: value must be a number or a boolean, got "1"'));
    expect(() => fullLike(null as never, 1)).toThrow("fullLike: x must be a Tensor");
  });
});

describe("clone", () => {
  it("copies any view into a new contiguous buffer with the same shape, dtype and elements", () => {
    fc.assert(
      fc.property(anyViewArb(), (x) => {
        const before = Array.from(x.data);
        const copy = clone(x);
        expect(copy.shape).toEqual(x.shape);
        expect(copy.dtype).toBe(x.dtype);
        expect(copy.strides).toEqual(contiguous(x.shape));
        expect(copy.offset).toBe(0);
        expect(copy.data).not.toBe(x.data);
        expect(copy.data.length).toBe(x.shape.reduce((a, b) => a * b, 1));
        expect(copy.data.constructor).toBe(x.data.constructor);
        expect(rowMajor(copy)).toEqual(rowMajor(x));
        expect(Array.from(x.data)).toEqual(before);
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it("does not share: writing the copy leaves x alone, and views become contiguous", () => {
    const x = tensor([[1, 2, 3], [4, 5, 6]]);
    const t = clone(transpose(x));
    expect(t.strides).toEqual([2, 1]);
    expect(t.toArray()).toEqual([[1, 4], [2, 5], [3, 6]]);
    t.data[0] = 99;
    expect(x.get(0, 0)).toBe(1);
    const b = clone(broadcastTo(tensor([7, 8]), [3, 2]));
    expect(Array.from(b.data)).toEqual([7, 8, 7, 8, 7, 8]);
    expect(clone(slice(x, null, { step: -2 })).toArray()).toEqual([[3, 1], [6, 4]]);
    expect(Object.is(clone(tensor([-0, Number.NaN], [2], { dtype: "float64" })).data[0], -0)).toBe(true);
  });

  it("refuses a non-tensor", () => {
    expect(() => clone({} as never)).toThrow(new TypeError("clone: x must be a Tensor, got an object"));
  });
});
