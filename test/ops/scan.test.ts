/**
 * `cumsum` and `cumprod`: values against a plain-loop reference (each output
 * element accumulated afresh over its prefix; integers exactly in BigInt,
 * wrapped to int32 once) on random shapes, layouts (permuted, stepped,
 * reversed, broadcast) and dtypes, with every combination of `exclusive` and
 * `reverse`, one axis (negative too) or none (the flattened tensor).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cumprod, cumsum, tensor, transpose, zeros, type Tensor } from "shapecast";
import { anyViewArb, at, multiIndices, rowMajor } from "../support/random-view.js";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor;

interface Expected {
  readonly shape: number[];
  readonly dtype: string;
  readonly values: number[];
}

/** The scan by its definition: element i of a line is the sum (product) of the elements before it, itself included unless exclusive. */
function reference(x: Tensor, axis: number | undefined, exclusive: boolean, reverse: boolean, product: boolean): Expected {
  const integer = x.dtype !== "float32" && x.dtype !== "float64";
  const dtype = integer ? "int32" : x.dtype;
  // the lines scanned: for no axis the row-major elements as one line
  const shape = axis === undefined ? [rowMajor(x).length] : [...x.shape];
  const read = axis === undefined ? ((values) => (index: number[]) => values[index[0]!]!)(rowMajor(x)) : (index: number[]) => at(x, index);
  const line = axis === undefined ? 0 : axis < 0 ? axis + x.shape.length : axis;
  const length = shape[line]!;
  const values: number[] = [];
  for (const index of multiIndices(shape)) {
    const i = index[line]!;
    // the positions accumulated, in the order of accumulation
    const positions: number[] = [];
    if (reverse) for (let j = length - 1; j >= i + (exclusive ? 1 : 0); j--) positions.push(j);
    else for (let j = 0; j <= i - (exclusive ? 1 : 0); j++) positions.push(j);
    const elements = positions.map((j) => read(index.map((v, k) => (k === line ? j : v))));
    if (integer) {
      let exact = product ? 1n : 0n;
      for (const e of elements) exact = product ? exact * BigInt(e) : exact + BigInt(e);
      values.push(Number(BigInt.asIntN(32, exact)));
    } else {
      // the first element as it is (a -0 stays -0), the rest combined in doubles
      let acc = elements.length === 0 ? (product ? 1 : 0) : elements[0]!;
      for (const e of elements.slice(1)) acc = product ? acc * e : acc + e;
      values.push(dtype === "float32" ? Math.fround(acc) : acc);
    }
  }
  return { shape, dtype, values };
}

const caseArb = anyViewArb(0, 4).chain((x) =>
  fc.record({
    x: fc.constant(x),
    axis: x.shape.length === 0 ? fc.constant(undefined) : fc.option(fc.integer({ min: -x.shape.length, max: x.shape.length - 1 }), { nil: undefined }),
    exclusive: fc.boolean(),
    reverse: fc.boolean(),
    product: fc.boolean(),
  }),
);

describe("cumsum and cumprod", () => {
  it("give the reference's values on random views of every dtype", () => {
    fc.assert(
      fc.property(caseArb, ({ x, axis, exclusive, reverse, product }) => {
        const expected = reference(x, axis, exclusive, reverse, product);
        const result = (product ? cumprod : cumsum)(x, axis as never, { exclusive, reverse });
        expect(result.shape).toEqual(expected.shape);
        expect(result.dtype).toBe(expected.dtype);
        expect(rowMajor(result)).toEqual(expected.values);
      }),
      { numRuns: 500 },
    );
  });

  it("scan the flattened tensor in row-major order when no axis is given, as NumPy", () => {
    const x = tensor([[1, 2, 3], [4, 5, 6]]);
    expect(cumsum(x).toArray()).toEqual([1, 3, 6, 10, 15, 21]);
    expect(cumsum(transpose(x)).toArray()).toEqual([1, 5, 7, 12, 15, 21]);
    expect(cumprod(tensor(3)).toArray()).toEqual([3]);
    expect(cumsum(x, undefined, { reverse: true }).toArray()).toEqual([21, 20, 18, 15, 11, 6]);
    expect(cumsum(x, 1).toArray()).toEqual([[1, 3, 6], [4, 9, 15]]);
    expect(cumsum(x, -2, { exclusive: true }).toArray()).toEqual([[0, 0, 0], [1, 2, 3]]);
    expect(cumprod(x, 1, { exclusive: true, reverse: true }).toArray()).toEqual([[6, 3, 1], [30, 6, 1]]);
  });

  it("accumulate as sum does: integers and bools in int32, wrapping; the last float element is sum's", () => {
    expect(cumsum(tensor([true, true, false])).toArray()).toEqual([1, 2, 2]);
    expect(cumsum(tensor([200, 100], { dtype: "uint8" })).toArray()).toEqual([200, 300]);
    expect(cumsum(tensor([2147483647, 1], { dtype: "int32" })).toArray()).toEqual([2147483647, -2147483648]);
    expect(cumprod(tensor([65536, 65536, 3], { dtype: "int32" })).toArray()).toEqual([65536, 0, 0]);
    // floats accumulate in one double, in order, each element rounded once
    const f = tensor([0.1, 0.2, 0.3, 1e8, -1e8, 1e-3]);
    const inOrder = Array.from(f.toTypedArray()).reduce((total, v) => total + v, 0);
    expect(cumsum(f).toTypedArray()[5]).toBe(Math.fround(inOrder));
  });

  it("propagate NaN and keep -0 as the first element, as NumPy", () => {
    expect(cumsum(tensor([1, Number.NaN, 2])).toArray()).toEqual([1, Number.NaN, Number.NaN]);
    expect(Object.is(cumsum(tensor([-0, -0])).toTypedArray()[0], -0)).toBe(true);
    expect(Object.is(cumsum(tensor([-0, -0])).toTypedArray()[1], -0)).toBe(true);
    expect(Object.is(cumsum(tensor([-0]), 0, { exclusive: true }).toTypedArray()[0], 0)).toBe(true);
  });

  it("keep size-0 axes", () => {
    expect(cumsum(zeros([2, 0, 3]), 1).shape).toEqual([2, 0, 3]);
    expect(cumprod(zeros([2, 0, 3]), 2).shape).toEqual([2, 0, 3]);
    expect(cumsum(zeros([2, 0])).shape).toEqual([0]);
  });

  it("refuse a bad axis, options or input, naming the argument", () => {
    expect(() => cumsum(zeros([2, 3]), 2 as never)).toThrow(new RangeError("cumsum: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"));
    expect(() => cumprod(tensor(1), 0 as never)).toThrow(new RangeError("cumprod: axis 0 is out of range for a rank-0 tensor (it has no axes)"));
    expect(() => loose(cumsum)(zeros([2]), 0.5)).toThrow(new RangeError("cumsum: axis must be an integer, got number 0.5"));
    expect(() => loose(cumsum)(zeros([2]), "0")).toThrow(TypeError);
    expect(() => loose(cumsum)(zeros([2]), 0, { inclusive: true })).toThrow(new TypeError('cumsum: options field "inclusive" is not known (exclusive, reverse)'));
    expect(() => loose(cumsum)(zeros([2]), 0, { reverse: 1 })).toThrow(new TypeError("cumsum: reverse must be a boolean, got number 1"));
    expect(() => loose(cumprod)(zeros([2]), 0, true)).toThrow(new TypeError("cumprod: options must be an object such as { exclusive: true, reverse: true }, got boolean true"));
    expect(() => loose(cumsum)([1, 2])).toThrow(/^cumsum: x /);
  });
});
