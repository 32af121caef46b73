/**
 * Every op whose first argument is a tensor is also a `Tensor` method
 * (`x.sum(-1)` is `sum(x, -1)`): the methods the op catalog names beyond the
 * element-wise ones, with the types scripts/method-types.ts makes from each
 * op's own (src/ops/method-types.ts, checked up to date by method-types-source.test.ts).
 */
import { describe, expect, it } from "vitest";
import * as library from "shapecast";
import { arange, tensor, type Tensor } from "shapecast";
import { generatedMethods } from "../../src/ops/catalog.js";

const x = arange(24).reshape([2, 3, 4]);
const image = arange(2 * 4 * 4 * 3).reshape([2, 4, 4, 3]);
const c = tensor([1, 2, 3, 4]);
/** The arguments after the tensor, for each method, and the tensor when it is not `x`. */
const calls: Record<string, { self?: Tensor; args: unknown[] }> = {
  zerosLike: { args: [] },
  onesLike: { args: [{ dtype: "int32" }] },
  fullLike: { args: [7] },
  clone: { args: [] },
  sum: { args: [-1] },
  prod: { args: [[0, 2], { keepDims: true }] },
  mean: { args: [1] },
  max: { args: [0] },
  min: { args: [] },
  argmax: { args: [2] },
  argmin: { args: [1] },
  variance: { args: [-1, { ddof: 1 }] },
  std: { args: [0] },
  logSumExp: { args: [-1] },
  any: { args: [1] },
  all: { args: [] },
  softmax: { args: [-1] },
  logSoftmax: { args: [0] },
  layerNorm: { args: [c, c, { epsilon: 1e-3 }] },
  rmsNorm: { args: [c] },
  batchNorm: { self: image, args: [tensor([1, 2, 3]), tensor([4, 5, 6]), tensor([1, 1, 2]), tensor([0, 1, 0])] },
  cumsum: { args: [1, { reverse: true }] },
  cumprod: { args: [] },
  sort: { args: [{ descending: true }] },
  argsort: { args: [{ axis: 0 }] },
  topk: { args: [2] },
  maxPool2d: { self: image, args: [{ size: 2 }] },
  avgPool2d: { self: image, args: [{ size: 3, strides: 1, padding: "same" }] },
  maxPool1d: { args: [{ size: 2, strides: 1 }] },
  avgPool1d: { args: [{ size: 2, layout: "NCW" }] },
  resize: { self: image, args: [[3, 5], { mode: "nearest" }] },
  upsample: { self: image, args: [[2, 1], { layout: "NCHW" }] },
  conv1d: { args: [arange(24).reshape([2, 4, 3]), { padding: "same" }] },
  conv2d: { self: image, args: [arange(54).reshape([3, 3, 3, 2]), { strides: 2 }] },
  depthwiseConv2d: { self: image, args: [arange(18).reshape([2, 3, 3, 1])] },
  conv2dTranspose: { self: image, args: [arange(36).reshape([2, 2, 3, 3]), { strides: 2 }] },
  split: { args: [[1, 3], 2] },
  tile: { args: [[1, 2, 1]] },
  pad: { args: [[[0, 0], [1, 1], [0, 2]], 9] },
  gather: { args: [[2, 0], 1] },
  take: { args: [[5, 23]] },
  oneHot: { self: tensor([0, 2, 1], { dtype: "int32" }), args: [3] },
  tril: { args: [-1] },
  triu: { args: [] },
  repeat: { args: [2, 1] },
  matmul: { args: [arange(8).reshape([4, 2])] },
  dot: { self: c, args: [c] },
  outer: { self: c, args: [tensor([1, 2])] },
  broadcastTo: { args: [[5, 2, 3, 4]] },
  expandDims: { args: [1] },
  flatten: { args: [1] },
  permute: { args: [[2, 0, 1]] },
  reshape: { args: [[4, -1]] },
  slice: { args: [null, { start: 1 }, 2] },
  squeeze: { self: arange(3).reshape([1, 3, 1]), args: [] },
  transpose: { args: [] },
  assertShape: { args: [[2, 3, 4]] },
};

/** Results compared by value (a method's result is a new tensor, or a list of them). */
const values = (result: unknown): unknown =>
  result instanceof library.Tensor
    ? { shape: result.shape, dtype: result.dtype, data: result.toArray() }
    : Array.isArray(result)
      ? result.map(values)
      : result !== null && typeof result === "object"
        ? Object.fromEntries(Object.entries(result).map(([k, v]) => [k, values(v)]))
        : result;

describe("methods for every op whose first argument is a tensor", () => {
  it("covers every generated method, and only those", () => {
    expect(Object.keys(calls).sort()).toEqual([...generatedMethods].sort());
  });

  it.each(Object.entries(calls))("x.%s(...) is the function called with x first", (name, { self = x, args }) => {
    const method = (self as unknown as Record<string, (...rest: unknown[]) => unknown>)[name]!;
    const fn = (library as unknown as Record<string, (...rest: unknown[]) => unknown>)[name]!;
    expect(values(method.call(self, ...args))).toEqual(values(fn(self, ...args)));
  });

  it("throws the function's own error, naming the function", () => {
    expect(() => (x as unknown as { sum(axis: number): Tensor }).sum(3)).toThrowError(/^sum: axis 3 is out of range for a rank-3 tensor/);
    expect(() => x.reshape([5, 5] as never)).toThrowError(/^reshape: /);
  });

  it("x.T is x.transpose(): the axes reversed, a view of the same buffer", () => {
    const t = x.T;
    expect(t.shape).toEqual([4, 3, 2]);
    expect(t.data).toBe(x.data);
    expect(t.strides).toEqual([1, 4, 12]);
    expect(t.toArray()).toEqual(x.transpose().toArray());
    expect(t.get(3, 2, 1)).toBe(x.get(1, 2, 3));
    expect(t.T.toArray()).toEqual(x.toArray());
    expect(c.T.toArray()).toEqual(c.toArray());
    expect(tensor(5).T.item()).toBe(5);
    // a view of a view: the transpose of a slice reads the slice's elements
    const part = x.slice(1, null, { start: 1, stop: 3 });
    expect(part.T.toArray()).toEqual([[13, 17, 21], [14, 18, 22]]);
  });

});
