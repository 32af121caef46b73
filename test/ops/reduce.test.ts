import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  arange, argmax, argmin, broadcastTo, logSoftmax, logSumExp, max, mean, min, prod, reshape, softmax, std, sum, tensor, transpose, variance, zeros,
} from "shapecast";
import type { Tensor } from "shapecast";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor;

describe("reductions", () => {
  const x = reshape(arange(24), [2, 3, 4]);

  it("reduce one axis, several, or all, with negative axes and keepDims", () => {
    expect(sum(x).item()).toBe(276);
    expect(sum(x, 1).shape).toEqual([2, 4]);
    expect(sum(x, 1).toArray()).toEqual([[12, 15, 18, 21], [48, 51, 54, 57]]);
    expect(sum(x, -1).toArray()).toEqual([[6, 22, 38], [54, 70, 86]]);
    expect(sum(x, [0, -1]).toArray()).toEqual([60, 92, 124]);
    expect(sum(x, [0, -1], { keepDims: true }).shape).toEqual([1, 3, 1]);
    expect(sum(x, undefined, { keepDims: true }).shape).toEqual([1, 1, 1]);
    expect(sum(x, []).toArray()).toEqual(x.toArray());
  });

  it("read views through their strides", () => {
    const t = transpose(x);
    expect(sum(t, 0).toArray()).toEqual(transpose(sum(x, 2)).toArray());
  });

  it("compute each statistic as its definition", () => {
    const v = tensor([[1, 2, 3, 4], [2, 2, 2, 2]]);
    expect(mean(v, 1).toArray()).toEqual([2.5, 2]);
    expect(prod(v, 1).toArray()).toEqual([24, 16]);
    expect(max(v, 1).toArray()).toEqual([4, 2]);
    expect(min(v).item()).toBe(1);
    expect(argmax(v, 1).toArray()).toEqual([3, 0]);
    expect(argmin(tensor([3, 1, 1, 2])).item()).toBe(1);
    expect(variance(v, 1).toArray()).toEqual([1.25, 0]);
    expect(variance(v, 1, { ddof: 1 }).get(0)).toBeCloseTo(5 / 3, 6);
    expect(std(v, 1).get(0)).toBeCloseTo(Math.sqrt(1.25), 6);
    expect(logSumExp(tensor([1000, 1000]), 0, {}).item()).toBeCloseTo(1000 + Math.log(2), 3);
  });

  it("give a block of one value a variance of exactly 0, at any magnitude (its rounded mean may sit an ulp away)", () => {
    // found by the long fuzz run: 9 copies of -4.4e190, whose mean's deviation of one ulp squared overflowed
    for (const value of [-4.4374923726374234e190, 1e200, 3.3e160, 0.1, -7, 1e-300]) {
      const block = broadcastTo(tensor([value], { dtype: "float64" }), [3, 3]);
      expect([variance(block).item(), std(block).item(), ...(variance(block, 1, { ddof: 1 }).toArray() as number[])]).toEqual([0, 0, 0, 0, 0]);
    }
    // data that is not constant keeps its variance, overflowing where the true one does
    expect(variance(tensor([1e200, -1e200], { dtype: "float64" })).item()).toBe(Infinity);
    expect(variance(tensor([1, 2, 3, Number.NaN])).item()).toBeNaN();
  });

  it("follow NumPy on NaN, empty axes and dtypes", () => {
    expect(max(tensor([1, Number.NaN, 3])).item()).toBeNaN();
    expect(argmax(tensor([1, Number.NaN, 3])).item()).toBe(1);
    expect(sum(zeros([0, 3]), 0).toArray()).toEqual([0, 0, 0]);
    expect(prod(zeros([0])).item()).toBe(1);
    expect(() => max(zeros([0, 3]), 0)).toThrow(new RangeError("max: cannot reduce an empty axis (shape [0, 3]); max of no elements has no value"));
    expect(sum(tensor([true, true, false])).item()).toBe(2);
    expect(sum(tensor([true])).dtype).toBe("int32");
    expect(mean(tensor([1, 2], [2], { dtype: "int32" })).dtype).toBe("float32");
    expect(argmax(x, 0).dtype).toBe("int32");
  });

  it("reject bad axes and options, naming them", () => {
    expect(() => loose(sum)(x, 3)).toThrow(new RangeError("sum: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"));
    expect(() => loose(mean)(x, [0, 5])).toThrow("mean: axis[1] 5 is out of range for a rank-3 tensor (use -3 to 2)");
    expect(() => loose(sum)(x, [0, -3])).toThrow("sum: axis [0, -3] names axis 0 twice");
    expect(() => loose(sum)(x, 1.5)).toThrow(new RangeError("sum: axis must be an integer, got number 1.5"));
    expect(() => loose(sum)(x, "1")).toThrow(new TypeError('sum: axis must be an integer, got "1"'));
    expect(() => loose(sum)(x, 0, { keepDims: "yes" })).toThrow(TypeError);
    expect(() => loose(sum)(x, 0, { keepdims: true })).toThrow(new TypeError('sum: options field "keepdims" is not known (keepDims)'));
    expect(() => loose(variance)(x, 0, { ddof: -1 })).toThrow(RangeError);
  });

  it("agree with a direct computation on random shapes and axes", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }).chain((shape) =>
        fc.tuple(fc.constant(shape), fc.subarray([...shape.keys()]), fc.boolean()),
      ), ([shape, axes, keep]) => {
        const size = shape.reduce((p, d) => p * d, 1);
        const t = tensor(Array.from({ length: size }, (_, i) => (i * 5) % 7), shape);
        const result = loose(sum)(t, axes, { keepDims: keep });
        // direct: accumulate every element into its output position
        const outShape = shape.map((d, a) => (axes.includes(a) ? 1 : d));
        const expected = new Array(outShape.reduce((p, d) => p * d, 1)).fill(0);
        const values = t.toTypedArray();
        for (let i = 0; i < size; i++) {
          let rest = i;
          let o = 0;
          let step = 1;
          for (let a = shape.length - 1; a >= 0; a--) {
            const index = rest % shape[a]!;
            rest = Math.floor(rest / shape[a]!);
            o += (axes.includes(a) ? 0 : index) * step;
            step *= outShape[a]!;
          }
          expected[o] += values[i]!;
        }
        expect(Array.from(result.toTypedArray())).toEqual(expected);
        expect(result.shape).toEqual(keep ? outShape : shape.filter((_, a) => !axes.includes(a)));
      }),
      { seed: 4, numRuns: 200 },
    );
  });
});

describe("softmax and logSoftmax", () => {
  it("normalise each slice along the axis, stably", () => {
    const s = softmax(tensor([[1, 2, 3], [1000, 1000, 1000]]));
    expect(s.shape).toEqual([2, 3]);
    const rows = s.toArray();
    expect(rows[0]!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(rows[1]).toEqual([1 / 3, 1 / 3, 1 / 3].map(Math.fround));
    expect(rows[0]![2]).toBeCloseTo(Math.exp(3) / (Math.exp(1) + Math.exp(2) + Math.exp(3)), 6);
    const columns = softmax(tensor([[0, 0], [Math.log(3), 0]]), 0).toArray();
    expect(columns[1]![0]).toBeCloseTo(0.75, 6);
    expect(logSoftmax(tensor([1000, 1000])).get(0)).toBeCloseTo(-Math.log(2), 5);
    expect(softmax(transpose(reshape(arange(6), [2, 3])), 0).shape).toEqual([2, 3].reverse());
    expect(() => loose(softmax)(tensor(1))).toThrow("softmax: x is a scalar");
    expect(() => loose(softmax)(tensor([1, 2]), 1)).toThrow("softmax: axis 1 is out of range for a rank-1 tensor (use -1 to 0)");
  });
});
