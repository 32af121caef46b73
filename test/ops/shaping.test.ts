import { describe, expect, it } from "vitest";
import { arange, gather, pad, reshape, ShapeError, split, take, tensor, tile, transpose, type Tensor } from "shapecast";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor | Tensor[];
const m = reshape(arange(12), [3, 4]);

describe("split", () => {
  it("makes views by sizes or by equal sections", () => {
    const [a, b] = split(m, [1, 2]);
    expect(a.toArray()).toEqual([[0, 1, 2, 3]]);
    expect(b.toArray()).toEqual([[4, 5, 6, 7], [8, 9, 10, 11]]);
    expect(a.data).toBe(m.data);
    expect(split(m, 2, 1).map((t) => t.toArray())).toEqual([[[0, 1], [4, 5], [8, 9]], [[2, 3], [6, 7], [10, 11]]]);
    expect(split(transpose(m), [4], 0)[0]!.toArray()).toEqual(transpose(m).toArray());
  });

  it("rejects parts that do not add up or divide", () => {
    expect(() => loose(split)(m, [1, 1])).toThrow(ShapeError);
    expect(() => loose(split)(m, [1, 1])).toThrow("split: sizes [1, 1] add up to 2 but axis 0 has 3; cannot split [3, 4]");
    expect(() => loose(split)(m, 3, 1)).toThrow("split: 3 sections do not divide axis 1 of size 4; cannot split [3, 4]");
    expect(() => loose(split)(m, 0)).toThrow(RangeError);
  });
});

describe("tile and pad", () => {
  it("tile repeats along each axis, NumPy's way", () => {
    expect(tile(tensor([1, 2]), [2]).toArray()).toEqual([1, 2, 1, 2]);
    expect(tile(tensor([[1, 2]]), [2, 2]).toArray()).toEqual([[1, 2, 1, 2], [1, 2, 1, 2]]);
    expect(tile(tensor([1, 2]), [2, 1]).toArray()).toEqual([[1, 2], [1, 2]]);
    expect(tile(transpose(tensor([[1, 2]])), [1, 2]).toArray()).toEqual([[1, 1], [2, 2]]);
  });

  it("pad surrounds each axis with a value", () => {
    expect(pad(tensor([[1, 2]]), [[1, 0], [0, 1]]).toArray()).toEqual([[0, 0, 0], [1, 2, 0]]);
    expect(pad(tensor([1]), [[1, 1]], 9).toArray()).toEqual([9, 1, 9]);
    expect(() => loose(pad)(tensor([1]), [[1, 1], [0, 0]])).toThrow("pad: widths has 2 entries for a rank-1 tensor [1]");
    expect(() => loose(pad)(tensor([1]), [[-1, 0]])).toThrow(RangeError);
  });
});

describe("gather and take", () => {
  it("pick along an axis by integer indices, negative from the end", () => {
    expect(gather(m, [2, 0]).toArray()).toEqual([[8, 9, 10, 11], [0, 1, 2, 3]]);
    expect(take(m, [-1], 1).toArray()).toEqual([[3], [7], [11]]);
    const picks = tensor([[0, 1], [1, 0]], { dtype: "int32" });
    expect(gather(tensor([10, 20]), picks).toArray()).toEqual([[10, 20], [20, 10]]);
    expect(gather(m, tensor([1], [1], { dtype: "int32" }), 1).shape).toEqual([3, 1]);
  });

  it("check every index before copying", () => {
    expect(() => loose(gather)(m, [0, 3])).toThrow(new RangeError("gather: indices[1] = 3 is out of range for axis 0 of size 3"));
    expect(() => loose(gather)(m, tensor([0.5]))).toThrow(new TypeError("gather: indices must have an integer dtype (int32 or uint8), got float32"));
  });
});
