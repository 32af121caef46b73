import { describe, expect, it } from "vitest";
import { arange, reshape, tensor, transpose, zeros } from "shapecast";

describe("reading a tensor", () => {
  const t = tensor([[1, 2, 3], [4, 5, 6]]);

  it("get, item, toArray, toTypedArray, also through a view", () => {
    expect(t.get(1, 2)).toBe(6);
    expect(t.get(-1, 0)).toBe(4);
    expect(tensor([[5]]).item()).toBe(5);
    const view = transpose(t);
    expect(view.toArray()).toEqual([[1, 4], [2, 5], [3, 6]]);
    expect(Array.from(view.toTypedArray())).toEqual([1, 4, 2, 5, 3, 6]);
    expect(view.isContiguous).toBe(false);
    expect(t.isContiguous).toBe(true);
    expect(t.rank).toBe(2);
    expect(t.size).toBe(6);
  });

  it("rejects bad indices and item() on more than one element", () => {
    expect(() => t.get(2, 0)).toThrow(new RangeError("get: index 2 is out of range for axis 0 of size 2"));
    expect(() => t.get(0)).toThrow("get: 1 indices for a rank-2 tensor of shape [2, 3]");
    expect(() => t.item()).toThrow("item: the tensor has 6 elements (shape [2, 3]); item() needs exactly 1");
  });
});

describe("printing", () => {
  it("shows values NumPy-style with the shape and dtype", () => {
    expect(String(tensor([[1, 2, 3], [4, 5, 6]]))).toBe(
      "tensor([[1., 2., 3.],\n        [4., 5., 6.]], shape=[2, 3], dtype=float32)",
    );
    expect(String(tensor([1.5, -0.25]))).toBe("tensor([ 1.50, -0.25], shape=[2], dtype=float32)");
    expect(String(tensor([1, 2], [2], { dtype: "int32" }))).toBe("tensor([1, 2], shape=[2], dtype=int32)");
    expect(String(tensor([true, false]))).toBe("tensor([ true, false], shape=[2], dtype=bool)");
    expect(String(tensor(3))).toBe("tensor(3., shape=[], dtype=float32)");
    expect(String(zeros([2, 0]))).toBe("tensor([], shape=[2, 0], dtype=float32)");
    expect(String(zeros([0, 3, 4], "int32"))).toBe("tensor([], shape=[0, 3, 4], dtype=int32)");
    expect(String(tensor([Number.NaN, Infinity, 1]))).toBe("tensor([nan, inf,  1.], shape=[3], dtype=float32)");
  });

  it("summarises large tensors but keeps the shape", () => {
    const text = String(reshape(arange(2000), [2, 1000]));
    expect(text).toBe(
      "tensor([[   0.,    1.,    2., ...,  997.,  998.,  999.],\n        [1000., 1001., 1002., ..., 1997., 1998., 1999.]], shape=[2, 1000], dtype=float32)",
    );
  });
});
