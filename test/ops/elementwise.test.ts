import { describe, expect, it } from "vitest";
import {
  add, cast, clip, div, equal, greater, logicalXor, maximum, mod, mul, neg, pow, round, ShapeError, sigmoid, sign, sub,
  tensor, where, zeros,
} from "shapecast";

/** An op with its types erased, to pass what a JavaScript caller might. */
const loose = (op: unknown) => op as (...args: unknown[]) => unknown;
const i32 = (values: number[]) => tensor(values, [values.length], { dtype: "int32" });

describe("element-wise ops", () => {
  it("follow the broadcast mode given in the options", () => {
    const m = tensor([[1, 2, 3], [4, 5, 6]]);
    expect(add(m, tensor([7, 8, 9])).toArray()).toEqual([[8, 10, 12], [11, 13, 15]]);
    expect(add(m, tensor([7, 8, 9]), { mode: "xla", broadcastDimensions: [1] }).toArray()).toEqual([[8, 10, 12], [11, 13, 15]]);
    // XLA worked example: a 3x3 matrix plus [7, 8, 9] along dims [0] adds 7 to row 0, 8 to row 1, 9 to row 2
    expect(add(zeros([3, 3]), tensor([7, 8, 9]), { mode: "xla", broadcastDimensions: [0] }).toArray()).toEqual([[7, 7, 7], [8, 8, 8], [9, 9, 9]]);
    expect(add(tensor([1, 2, 3, 4]), tensor([[5, 6]]), { mode: "xla", broadcastDimensions: [0] }).toArray()).toEqual([[6, 7], [7, 8], [8, 9], [9, 10]]);
    expect(add(zeros([2, 3, 2]), tensor([[1], [2], [3]]), { mode: "pdpd", axis: 1 }).get(1, 2, 1)).toBe(3);
    expect(() => add(m, tensor([7, 8, 9]) as never, { mode: "none" })).toThrow(ShapeError);
  });

  it("keep operand order whichever side is broadcast", () => {
    expect(sub(tensor([10]), tensor([1, 2])).toArray()).toEqual([9, 8]);
    expect(sub(tensor([1, 2]), tensor([10])).toArray()).toEqual([-9, -8]);
    expect(div(tensor([[8], [4]]), tensor([2, 4])).toArray()).toEqual([[4, 2], [2, 1]]);
    expect(sub(5, tensor([1, 2])).toArray()).toEqual([4, 3]);
  });

  it("promote dtypes along bool < uint8 < int32 < float32 < float64", () => {
    expect(add(i32([1]), tensor([0.5])).dtype).toBe("float32");
    expect(add(tensor([true]), tensor([true])).toArray()).toEqual([2]);
    expect(add(tensor([true]), tensor([true])).dtype).toBe("int32");
    expect(div(i32([1]), i32([2])).toArray()).toEqual([0.5]);
    expect(mul(i32([3]), 2).dtype).toBe("int32");
    expect(mul(i32([3]), 0.5).dtype).toBe("float32");
    expect(greater(i32([3]), 2).dtype).toBe("bool");
    expect(sigmoid(i32([0])).dtype).toBe("float32");
    expect(neg(tensor([1], [1], { dtype: "uint8" })).toArray()).toEqual([-1]);
  });

  it("have defined integer semantics: wrap, truncate, NaN as 0", () => {
    expect(add(i32([2147483647]), 1).toArray()).toEqual([-2147483648]);
    expect(mod(i32([7, -7, 7]), i32([0, 3, -3])).toArray()).toEqual([0, 2, -2]);
    expect(() => pow(i32([2]), -1)).toThrow(RangeError); // integers to negative integer powers, as NumPy
    expect(pow(i32([4]), -0.5).toArray()).toEqual([0.5]); // a fractional number promotes to float32
    expect(div(i32([1, -1, 0]), 0).toArray()).toEqual([Infinity, -Infinity, Number.NaN]);
    expect(cast(tensor([2.7, -2.7, 300]), "uint8").toArray()).toEqual([2, 254, 44]);
    expect(cast(tensor([0, 0.5, -1]), "bool").toArray()).toEqual([false, true, true]);
  });

  it("comparisons, logical ops, maximum with NaN, sign, round half to even, clip, where", () => {
    expect(equal(tensor([1, 2]), 2).toArray()).toEqual([false, true]);
    expect(logicalXor(tensor([true, false]), tensor([true, true])).toArray()).toEqual([false, true]);
    expect(maximum(tensor([1, Number.NaN]), 0).toArray()).toEqual([1, Number.NaN]);
    expect(sign(tensor([-3, 0, 2])).toArray()).toEqual([-1, 0, 1]);
    expect(round(tensor([0.5, 1.5, 2.5, -0.5, 2.6])).toArray()).toEqual([0, 2, 2, -0, 3]);
    expect(clip(tensor([-2, 0.5, 9]), 0, 1).toArray()).toEqual([0, 0.5, 1]);
    expect(where(tensor([[true], [false]]), tensor([1, 2]), 0).toArray()).toEqual([[1, 2], [0, 0]]);
    expect(() => clip(tensor([1]), 2, 1)).toThrow(new RangeError("clip: min 2 is greater than max 1"));
  });

  it("clip and cast are methods too, with the functions' results and errors", () => {
    const x = tensor([[-2, 0.5], [9, 2.7]]);
    expect(x.clip(0, 1).toArray()).toEqual(clip(x, 0, 1).toArray());
    expect(x.clip(0, 1).dtype).toBe("float32");
    const rounded = x.cast("int32");
    expect(rounded.dtype).toBe("int32");
    expect(rounded.toArray()).toEqual([[-2, 0], [9, 2]]);
    expect(x.mul(2).clip(-1, 1).cast("bool").toArray()).toEqual([[true, true], [true, true]]);
    expect(() => x.clip(2, 1)).toThrow(new RangeError("clip: min 2 is greater than max 1"));
    expect(() => x.cast("int64" as never)).toThrow(TypeError);
  });

  it("write into out, checked before any write", () => {
    const a = tensor([[1, 2], [3, 4]]);
    const out = zeros([2, 2]);
    expect(add(a, 1, { out })).toBe(out);
    expect(out.toArray()).toEqual([[2, 3], [4, 5]]);
    expect(add(a, a, { out: a, mode: "numpy" })).toBe(a);
    expect(a.toArray()).toEqual([[2, 4], [6, 8]]);
    const wrongShape = zeros([3]);
    expect(() => add(a, 1, { out: wrongShape })).toThrow(new ShapeError("add: out has shape [3] but the result has shape [2, 2]", { code: "out", op: "add", mode: "numpy", a: [3], b: [2, 2] }).message);
    expect(wrongShape.toArray()).toEqual([0, 0, 0]);
    expect(() => add(a, 1, { out: zeros([2, 2], "int32") })).toThrow(new TypeError("add: out has dtype int32 but the result is float32"));
    expect(() => add(a, 1, { out: [0] as never })).toThrow(new TypeError("add: out must be a Tensor, got an array"));
  });

  it("reject operands that are not tensors or numbers, and bad options", () => {
    expect(() => loose(add)("1", 1)).toThrow(new TypeError('add: a must be a Tensor or a number, got "1"'));
    expect(() => add(tensor([1]), [1] as never)).toThrow(new TypeError("add: b must be a Tensor or a number, got an array"));
    expect(() => loose(add)(tensor([1]), 1, "numpy")).toThrow(TypeError);
    expect(() => loose(add)(tensor([1]), 1, { mode: "numpy", axis: 1 })).toThrow('add: spec field "axis" is not allowed with mode "numpy"');
    expect(() => neg([1] as never)).toThrow(new TypeError("neg: x must be a Tensor, got an array"));
    expect(() => cast(tensor([1]), "int64" as never)).toThrow(TypeError);
  });
});
