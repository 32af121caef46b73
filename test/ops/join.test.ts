import { describe, expect, it } from "vitest";
import { concat, reshape, arange, ShapeError, stack, tensor, transpose, type Tensor } from "shapecast";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor;

describe("concat", () => {
  it("joins along an axis, reading views, promoting dtypes", () => {
    const a = tensor([[1, 2], [3, 4]]);
    const b = tensor([[5, 6]]);
    expect(concat([a, b]).toArray()).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(concat([a, transpose(a)], 1).toArray()).toEqual([[1, 2, 1, 3], [3, 4, 2, 4]]);
    expect(concat([a, a], -1).shape).toEqual([2, 4]);
    expect(concat([tensor([1], [1], { dtype: "int32" }), tensor([0.5])]).dtype).toBe("float32");
    expect(concat([reshape(arange(0), [0, 2]), a]).shape).toEqual([2, 2]);
  });

  it("names the tensor and axis that do not fit", () => {
    expect(() => loose(concat)([tensor([[1, 2]]), tensor([[1, 2, 3]])])).toThrow(ShapeError);
    expect(() => loose(concat)([tensor([[1, 2]]), tensor([[1, 2, 3]])])).toThrow(
      "concat: tensors[1] axis 1 has 3 vs 2 in tensors[0]; cannot join [1, 2] with [1, 3]",
    );
    expect(() => loose(concat)([tensor([1]), tensor([[1]])])).toThrow("concat: tensors[1] has rank 2 vs 1 of tensors[0]");
    expect(() => loose(concat)([tensor([1])], 1)).toThrow("concat: axis 1 is out of range for a rank-1 tensor (use -1 to 0)");
    expect(() => loose(concat)([])).toThrow(new RangeError("concat: tensors must hold at least one tensor"));
    expect(() => loose(concat)([tensor([1]), [2]])).toThrow(new TypeError("concat: tensors[1] must be a Tensor, got an array"));
  });
});

describe("stack", () => {
  it("adds a new axis of size tensors.length", () => {
    const a = tensor([1, 2, 3]);
    const b = tensor([4, 5, 6]);
    expect(stack([a, b]).toArray()).toEqual([[1, 2, 3], [4, 5, 6]]);
    expect(stack([a, b], 1).toArray()).toEqual([[1, 4], [2, 5], [3, 6]]);
    expect(stack([a, b], -1).shape).toEqual([3, 2]);
    expect(() => loose(stack)([a, tensor([1, 2])])).toThrow("stack: tensors[1] axis 0 has 2 vs 3 in tensors[0]; cannot join [3] with [2]");
    expect(() => loose(stack)([a, b], 2)).toThrow(new RangeError("stack: axis 2 is out of range for a rank-2 result"));
  });
});
