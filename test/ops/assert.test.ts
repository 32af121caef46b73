import { describe, expect, it } from "vitest";
import { add, assertShape, dim, ShapeError, type Tensor, tensor, zeros } from "shapecast";

describe("assertShape and dim", () => {
  it("pass a tensor of the expected shape and narrow its type", () => {
    const loaded: Tensor<number[], "float32"> = zeros([2, 3]) as Tensor<number[], "float32">;
    assertShape(loaded, [2, 3]);
    const sum: Tensor<[2, 3], "float32"> = add(loaded, tensor([1, 2, 3]));
    expect(sum.shape).toEqual([2, 3]);
  });

  it("throw a ShapeError naming the axis and both shapes", () => {
    const t = zeros([2, 4]) as Tensor<number[], "float32">;
    expect(() => assertShape(t, [2, 3])).toThrow(ShapeError);
    expect(() => assertShape(t, [2, 3])).toThrow("assertShape: axis 1 has 4 vs 3; expected [2, 3], got [2, 4]");
    expect(() => assertShape(t, [8])).toThrow("assertShape: rank 2 vs 1; expected [8], got [2, 4]");
  });

  it("dim names a run-time size", () => {
    const batch = dim("batch", 5);
    expect(batch).toBe(5);
    const x = zeros([batch, 3]);
    expect(x.shape).toEqual([5, 3]);
    expect(() => dim("batch", -1)).toThrow(RangeError);
    expect(() => dim("", 1)).toThrow(TypeError);
  });
});
