import { describe, expect, it } from "vitest";
import { arange, eye, full, linspace, ones, random, randn, tensor, zeros } from "shapecast";

describe("tensor()", () => {
  it("reads the shape off nested arrays, row-major", () => {
    const t = tensor([[1, 2, 3], [4, 5, 6]]);
    expect(t.shape).toEqual([2, 3]);
    expect(t.dtype).toBe("float32");
    expect(t.strides).toEqual([3, 1]);
    expect(Array.from(t.toTypedArray())).toEqual([1, 2, 3, 4, 5, 6]);
    expect(tensor(7).shape).toEqual([]);
    expect(tensor(7).item()).toBe(7);
    expect(tensor([]).shape).toEqual([0]);
    expect(tensor([[], []]).shape).toEqual([2, 0]);
  });

  it("takes flat data with a shape, from arrays and typed arrays, with their dtypes", () => {
    expect(tensor([1, 2, 3, 4, 5, 6], [2, 3]).toArray()).toEqual([[1, 2, 3], [4, 5, 6]]);
    expect(tensor(new Int32Array([1, 2]), [2]).dtype).toBe("int32");
    expect(tensor(new Float64Array(4), [2, 2]).dtype).toBe("float64");
    expect(tensor(new Uint8Array(3), [3]).dtype).toBe("uint8");
    expect(tensor([true, false], [2]).dtype).toBe("bool");
    expect(tensor([1.7, -1.7, 3e9], [3], { dtype: "int32" }).toArray()).toEqual([1, -1, -1294967296]);
  });

  it("copies its input", () => {
    const source = new Float32Array([1, 2]);
    const t = tensor(source, [2]);
    source[0] = 99;
    expect(t.item === undefined).toBe(false);
    expect(t.toArray()).toEqual([1, 2]);
  });

  it("makes booleans a bool tensor read back as booleans", () => {
    const t = tensor([[true, false], [false, true]]);
    expect(t.dtype).toBe("bool");
    expect(t.toArray()).toEqual([[true, false], [false, true]]);
    expect(t.get(0, 0)).toBe(true);
  });

  it("rejects ragged data, naming where", () => {
    expect(() => tensor([[1, 2], [3]] as never)).toThrow(
      new TypeError("tensor: ragged data: data[1] has 1 elements but data[0] has 2 (every row of an axis must have the same length)"),
    );
    expect(() => tensor([[1, [2]]] as never)).toThrow(new TypeError("tensor: data[0][1] must be a number or a boolean, got an array"));
    expect(() => tensor([[[1], [2, 3]]] as never)).toThrow("data[0][1] has 2 elements but data[0][0] has 1");
    expect(() => tensor([1, "2"] as never)).toThrow('tensor: data[1] must be a number or a boolean, got "2"');
    expect(() => tensor([1, true] as never)).toThrow("data[1] is a boolean, but earlier elements are numbers");
  });

  it("rejects flat data that does not fill the shape, and bad shapes and dtypes", () => {
    expect(() => tensor([1, 2, 3], [2, 2])).toThrow(new RangeError("tensor: 3 values do not fill shape [2, 2], which holds 4"));
    expect(() => tensor([1, 2], [-2] as never)).toThrow("tensor: shape[0] = -2 is not a valid size");
    expect(() => tensor([1, 2], [2], { dtype: "float16" } as never)).toThrow(TypeError);
    expect(() => tensor("12" as never, [2])).toThrow(TypeError);
    expect(() => tensor(new Int16Array(2) as never, [2])).toThrow("use a Float32Array, Float64Array, Int32Array or Uint8Array");
  });
});

describe("constructors", () => {
  it("zeros, ones, full", () => {
    expect(zeros([2, 2]).toArray()).toEqual([[0, 0], [0, 0]]);
    expect(ones([3], "int32").dtype).toBe("int32");
    expect(full([2], 7).toArray()).toEqual([7, 7]);
    expect(full([2], true).dtype).toBe("bool");
  });

  it("arange and linspace, NumPy's way", () => {
    expect(arange(4).toArray()).toEqual([0, 1, 2, 3]);
    expect(arange(1, 2, 0.25).toArray()).toEqual([1, 1.25, 1.5, 1.75]);
    expect(arange(5, 0, -2).toArray()).toEqual([5, 3, 1]);
    expect(arange(3, { dtype: "int32" }).dtype).toBe("int32");
    expect(arange(0).shape).toEqual([0]);
    expect(linspace(0, 1, 5).toArray()).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(linspace(2, 3, 1).toArray()).toEqual([2]);
    expect(() => arange(0, 1, 0)).toThrow(new RangeError("arange: step must not be 0"));
    expect(() => arange(Number.NaN)).toThrow(new RangeError("arange: stop must be a finite number, got number NaN"));
    expect(() => arange("3" as unknown as number)).toThrow(new TypeError('arange: stop must be a finite number, got "3"'));
    expect(() => linspace(0, 1, 2.5)).toThrow(RangeError);
  });

  it("eye", () => {
    expect(eye(2).toArray()).toEqual([[1, 0], [0, 1]]);
    expect(eye(2, 3).toArray()).toEqual([[1, 0, 0], [0, 1, 0]]);
  });

  it("seeded random numbers repeat for a seed and differ between seeds", () => {
    const a = random([1000], { seed: 42 });
    expect(random([1000], { seed: 42 }).toArray()).toEqual(a.toArray());
    expect(random([1000], { seed: 43 }).toArray()).not.toEqual(a.toArray());
    const values = a.toArray();
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    const normal = randn([20000], { seed: 1, dtype: "float64" }).toArray();
    const m = normal.reduce((s, v) => s + v, 0) / normal.length;
    const variance = normal.reduce((s, v) => s + (v - m) ** 2, 0) / normal.length;
    expect(Math.abs(m)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
    expect(() => random([2], { seed: 1.5 })).toThrow("random: seed must be an integer");
  });

  it("refuses sizes a tensor cannot hold, before allocating", () => {
    expect(() => zeros([65536, 65536])).toThrow(
      new RangeError("zeros: shape [65536, 65536] would hold 4294967296 elements, more than the 2147483647 a tensor can hold"),
    );
  });
});
