/**
 * The runtime contract of the README's "Bad input" section, item by item:
 * documented forms work as documented, bool tensors hold only 0 and 1, every
 * mistake gets its class (TypeError for a wrong kind, RangeError for a value,
 * ShapeError for shapes), and the limits hold for every tensor made, views
 * included, before any work proportional to the input.
 */
import { describe, expect, it } from "vitest";
import {
  add, arange, argmax, argmin, assertShape, broadcastTo, clip, std, variance, eye, expandDims, flatten, full, gather, linspace, pad, permute,
  random, reshape, slice, split, squeeze, take, tensor, tile, zeros,
} from "shapecast";

const loose = <F>(f: F) => f as unknown as (...args: unknown[]) => { toArray(): unknown };

describe("the README's documented forms", () => {
  it("take(x, indices) indexes the flattened tensor, as np.take", () => {
    const m = tensor([[1, 2], [3, 4]]);
    expect(take(m, [3]).toArray()).toEqual([4]);
    expect(take(m, [3, 0, -1]).toArray()).toEqual([4, 1, 4]);
    expect(take(m, tensor([[0, 1], [2, 3]], { dtype: "int32" })).toArray()).toEqual([[1, 2], [3, 4]]);
    // through a transposed view: the flattened order is the view's own row-major order
    expect(take(permute(m, [1, 0]), [1, 2]).toArray()).toEqual([3, 2]);
    expect(take(m, [1], 0).toArray()).toEqual([[3, 4]]);
    expect(() => take(m, [4])).toThrow(new RangeError("take: indices[0] = 4 is out of range for the flattened tensor of size 4"));
  });

  it("pad(x, widths, { value }) fills with the value; a bare number works too", () => {
    expect(pad(tensor([1, 2]), [[1, 1]], { value: 9 }).toArray()).toEqual([9, 1, 2, 9]);
    expect(pad(tensor([1, 2]), [[0, 1]], 7).toArray()).toEqual([1, 2, 7]);
    expect(pad(tensor([1, 2]), [[1, 0]], {}).toArray()).toEqual([0, 1, 2]);
    expect(() => loose(pad)(tensor([1]), [[1, 0]], { fill: 1 })).toThrow(new TypeError('pad: options field "fill" is not known (the only option is value)'));
  });

  it("argmax and argmin take one axis, a list, or none", () => {
    const x = tensor([[[1, 9], [3, 4]], [[8, 2], [0, 7]]]);
    expect(argmax(x, [1, 2]).toArray()).toEqual([1, 0]); // 9 is at [0, 1] of its [2, 2] block, 8 at [0, 0]
    expect(argmin(x, [0, 2]).toArray()).toEqual([0, 2]); // 1 at [0, 0]; 0 at [1, 0] -> 2
    expect(argmax(x, [0, 1, 2]).item()).toBe(argmax(x).item());
    expect(argmax(x, [-1], { keepDims: true }).shape).toEqual([2, 2, 1]);
  });
});

describe("bool tensors hold only 0 and 1, and NaN is true", () => {
  const stored = (t: { data: ArrayLike<number> }): number[] => Array.from(t.data);

  it("in every creator", () => {
    expect(stored(arange(0, 4, 1, { dtype: "bool" }))).toEqual([0, 1, 1, 1]);
    expect(stored(linspace(-1, 2, 2, { dtype: "bool" }))).toEqual([1, 1]);
    expect(stored(tensor([NaN, 0, 5], [3], { dtype: "bool" }))).toEqual([1, 0, 1]);
    expect(stored(tensor([[NaN, 0.5]], { dtype: "bool" }))).toEqual([1, 1]);
    expect(stored(full([2], NaN, "bool"))).toEqual([1, 1]);
    expect(stored(full([1], 2, "bool"))).toEqual([1]);
  });

  it("in pad", () => {
    expect(stored(pad(tensor([true]), [[1, 0]], 5))).toEqual([1, 1]);
    expect(pad(tensor([true]), [[1, 0]], { value: false }).toArray()).toEqual([false, true]);
  });
});

describe("one class per kind of mistake", () => {
  const x = zeros([2, 3]);

  it("a fractional, NaN or infinite number where an integer goes is a RangeError", () => {
    expect(() => loose(slice)(x, 1.5)).toThrow(new RangeError("slice: index on axis 0 must be an integer, got number 1.5"));
    expect(() => loose(slice)(x, { start: 0.5 })).toThrow(new RangeError("slice: start on axis 0 must be an integer, got number 0.5"));
    expect(() => loose(slice)(x, { step: NaN })).toThrow(RangeError);
    expect(() => loose(expandDims)(x, 0.5)).toThrow(new RangeError("expandDims: axis must be an integer, got number 0.5"));
    expect(() => loose(flatten)(x, Infinity)).toThrow(RangeError);
    expect(() => x.get(1.5, 0)).toThrow(new RangeError("get: indices[0] must be an integer, got number 1.5"));
    expect(() => loose(linspace)(0, 1, 2.5)).toThrow(new RangeError("linspace: num must be an integer, got number 2.5"));
    expect(() => arange(NaN)).toThrow(new RangeError("arange: stop must be a finite number, got number NaN"));
    expect(() => random([2], { seed: 1.5 })).toThrow(new RangeError("random: seed must be an integer, got number 1.5"));
    expect(() => loose(gather)(x, [0.5])).toThrow(new RangeError("gather: indices[0] must be an integer, got number 0.5"));
    expect(() => assertShape(x, [2, 3.5])).toThrow(new RangeError("assertShape: shape[1] = 3.5 is not a valid size (sizes are non-negative integers)"));
  });

  it("a value of the wrong kind is a TypeError", () => {
    expect(() => x.get("0" as unknown as number, 0)).toThrow(new TypeError('get: indices[0] must be an integer, got "0"'));
    expect(() => loose(reshape)(x, ["2", 3])).toThrow(new TypeError('reshape: shape[0] must be a number, got "2"'));
    expect(() => loose(linspace)(0, 1, "3")).toThrow(new TypeError('linspace: num must be an integer, got "3"'));
    expect(() => loose(slice)(x, "1")).toThrow(TypeError);
    expect(() => loose(slice)(x, { step: null })).toThrow(new TypeError("slice: step on axis 0 must be an integer, got null"));
    expect(() => loose(slice)(x, { begin: 1 })).toThrow(new TypeError('slice: axis 0 has an unknown field "begin" (a slice is { start, stop, step })'));
    expect(() => loose(squeeze)(x, "0")).toThrow(TypeError);
    expect(() => loose(eye)("3")).toThrow(new TypeError('eye: n must be an integer, got "3"'));
  });

  it("options: an unknown field is a TypeError, a NaN bound or a fractional ddof a RangeError", () => {
    expect(() => loose(add)(x, zeros([3]), { mdoe: "xla" })).toThrow(
      new TypeError('add: options field "mdoe" is not known without a mode (fields: mode, out, and the mode\'s own)'),
    );
    expect(() => loose(add)(x, zeros([3]), { out: zeros([2, 3]), broadcastDims: [1] })).toThrow(TypeError);
    expect(() => clip(x, NaN, 1)).toThrow(new RangeError("clip: min and max must not be NaN, got NaN and 1"));
    expect(() => loose(clip)(x, "0", 1)).toThrow(new TypeError('clip: min and max must be numbers, got "0" and number 1'));
    expect(() => variance(x, 0, { ddof: 1.5 })).toThrow(new RangeError("variance: ddof must be an integer, got number 1.5"));
    expect(() => loose(std)(x, 0, { ddof: "1" })).toThrow(new TypeError('std: ddof must be an integer, got "1"'));
  });

  it("an axis named twice is a RangeError", () => {
    const y = zeros([1, 3, 1]);
    expect(() => loose(squeeze)(y, [0, 0])).toThrow(new RangeError("squeeze: axis [0, 0] names axis 0 twice"));
    expect(() => loose(squeeze)(y, [0, -3])).toThrow(new RangeError("squeeze: axis [0, -3] names axis 0 twice"));
    expect(squeeze(y, 0).shape).toEqual([3, 1]);
  });

  it("an index out of range names the axis and its size", () => {
    const z = zeros([3, 5]);
    expect(() => loose(slice)(z, 0, -9)).toThrow(new RangeError("slice: index -9 on axis 1 is out of range for its size 5 (use -5 to 4)"));
    expect(() => loose(slice)(zeros([0]), 0)).toThrow(new RangeError("slice: index 0 on axis 0 is out of range for its size 0 (the axis is empty)"));
  });

  it("a per-axis list of the wrong length is a RangeError", () => {
    expect(() => loose(pad)(tensor([1]), [[1, 1], [0, 0]])).toThrow(new RangeError("pad: widths has 2 entries for a rank-1 tensor [1]"));
    expect(() => loose(permute)(x, [0])).toThrow(RangeError);
    expect(() => x.get(0)).toThrow(RangeError);
  });
});

describe("the limits hold for every tensor made, views included", () => {
  it("an element count over 2^31 - 1 is a RangeError, for views too", () => {
    expect(() => broadcastTo(zeros([1]), [2 ** 40])).toThrow(
      new RangeError("broadcastTo: the result [1099511627776] would hold 1099511627776 elements, more than the 2147483647 a tensor can hold"),
    );
    expect(() => loose(reshape)(zeros([0]), [2 ** 40, 0])).toThrow(
      new RangeError("reshape: the result [1099511627776, 0] is empty, but its other axes multiply to 1099511627776, more than the 2147483647 a tensor can hold"),
    );
    expect(() => tile(zeros([2 ** 16]), [2 ** 16])).toThrow(RangeError);
    expect(() => loose(split)(zeros([0]), 2 ** 40)).toThrow(RangeError);
  });

  it("an empty axis does not lift the limit, whatever the product (NaN, Infinity)", () => {
    const huge = [...new Array<number>(20).fill(2 ** 50), 0];
    expect(() => zeros(huge)).toThrow(new RangeError(`zeros: shape [${huge.join(", ")}] is empty, but its other axes multiply to more than 2^53, more than the 2147483647 a tensor can hold`));
    expect(() => tensor([], [2 ** 40, 0])).toThrow(RangeError);
    expect(() => tile(zeros([0]), huge)).toThrow(RangeError);
  });

  it("nested data is sized from its first elements before any element is read", () => {
    const row = new Array<number>(65536).fill(0);
    const started = performance.now();
    expect(() => tensor(new Array(65536).fill(row))).toThrow(
      new RangeError("tensor: data [65536, 65536] would hold 4294967296 elements, more than the 2147483647 a tensor can hold"),
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("at most 64 axes, nesting included (also a self-referential array)", () => {
    let deep: unknown = [1];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(() => loose(tensor)(deep)).toThrow(new RangeError("tensor: data is nested more than 64 deep; a tensor has at most 64 axes"));
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(() => loose(tensor)(cycle)).toThrow(RangeError);
    expect(() => zeros(new Array<number>(65).fill(1))).toThrow(new RangeError("zeros: shape has 65 axes; a tensor has at most 64"));
    const top = zeros(new Array<number>(64).fill(1));
    expect(() => expandDims(top, 0)).toThrow(new RangeError("expandDims: the result would have 65 axes; a tensor has at most 64"));
    expect(tile(top, [2]).shape.at(-1)).toBe(2);
  });
});

describe("read-out of huge tensors", () => {
  it("toArray refuses what nested arrays cannot hold, before building anything", () => {
    expect(() => tensor([], [2 ** 31 - 1, 0]).toArray()).toThrow(
      new RangeError("toArray: a tensor of shape [2147483647, 0] needs 4294967295 nested arrays and entries, more than the 134217728 toArray builds; use toTypedArray()"),
    );
    expect(() => broadcastTo(zeros([1]), [2 ** 20, 2 ** 8]).toArray()).toThrow(RangeError);
    expect(broadcastTo(zeros([1]), [2 ** 20, 2 ** 6]).toArray()).toHaveLength(2 ** 20);
  });
});

describe("printing", () => {
  it("an empty tensor prints [] and its shape", () => {
    expect(String(zeros([2, 0]))).toBe("tensor([], shape=[2, 0], dtype=float32)");
  });

  it("a tensor of many short axes is summarised too (30 axes of 2: not 2^30 values)", () => {
    const text = String(zeros(new Array<number>(30).fill(2)));
    expect(text.length).toBeLessThan(20_000);
    expect(text).toContain("...");
    expect(text.endsWith(`shape=[${new Array(30).fill(2).join(", ")}], dtype=float32)`)).toBe(true);
  });
});
