import { describe, expect, it } from "vitest";
import { add, arange, broadcastTo, expandDims, flatten, permute, reshape, ShapeError, slice, squeeze, tensor, transpose, zeros } from "shapecast";

const x = reshape(arange(24), [2, 3, 4]);

describe("views share the buffer", () => {
  it("transpose and permute reorder axes", () => {
    const t = transpose(x);
    expect(t.shape).toEqual([4, 3, 2]);
    expect(t.data).toBe(x.data);
    expect(t.get(3, 2, 1)).toBe(x.get(1, 2, 3));
    const p = permute(x, [2, 0, -2]);
    expect(p.shape).toEqual([4, 2, 3]);
    expect(p.get(3, 1, 2)).toBe(x.get(1, 2, 3));
    // @ts-expect-error -- the compiler reports the same message
    expect(() => permute(x, [0, 0, 1])).toThrow(new RangeError("permute: axes [0, 0, 1] names axis 0 twice"));
    // @ts-expect-error -- the compiler reports the same message
    expect(() => permute(x, [0, 1])).toThrow("permute: axes [0, 1] has 2 entries for a rank-3 tensor of shape [2, 3, 4]");
    // @ts-expect-error -- the compiler reports the same message
    expect(() => permute(x, [0, 1, 3])).toThrow("permute: axes[2] 3 is out of range for a rank-3 tensor (use -3 to 2)");
  });

  it("expandDims and squeeze add and remove size-1 axes", () => {
    expect(expandDims(x, 0).shape).toEqual([1, 2, 3, 4]);
    expect(expandDims(x, -1).shape).toEqual([2, 3, 4, 1]);
    const s = tensor([[[1], [2]]]);
    expect(squeeze(s).shape).toEqual([2]);
    expect(squeeze(s, 0).shape).toEqual([2, 1]);
    expect(squeeze(s, [0, -1]).toArray()).toEqual([1, 2]);
    // @ts-expect-error -- the compiler reports the same message
    expect(() => squeeze(s, 1)).toThrow(ShapeError);
    // @ts-expect-error -- the compiler reports the same message
    expect(() => squeeze(s, 1)).toThrow("squeeze: axis 1 has size 2, not 1; cannot squeeze [1, 2, 1]");
  });

  it("takes negative axes on ranks past 8 as the types do (test-d/tensor.test-d.ts)", () => {
    const rank9 = zeros([2, 1, 1, 1, 1, 1, 1, 1, 3]);
    expect(expandDims(rank9, -1).shape).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 3, 1]);
    expect(expandDims(rank9, -10).shape).toEqual([1, 2, 1, 1, 1, 1, 1, 1, 1, 3]);
    expect(permute(rank9, [-1, 1, 2, 3, 4, 5, 6, 7, 0]).shape).toEqual([3, 1, 1, 1, 1, 1, 1, 1, 2]);
    expect(squeeze(rank9, -2).shape).toEqual([2, 1, 1, 1, 1, 1, 1, 3]);
  });

  it("slice takes indices, ranges with steps and negative values, Python's way", () => {
    const m = reshape(arange(12), [3, 4]);
    expect(slice(m, 1).toArray()).toEqual([4, 5, 6, 7]);
    expect(slice(m, null, { start: 1, stop: 3 }).toArray()).toEqual([[1, 2], [5, 6], [9, 10]]);
    expect(slice(m, { step: 2 }, { start: -1, step: -1 }).toArray()).toEqual([[3, 2, 1, 0], [11, 10, 9, 8]]);
    expect(slice(m, { start: 5 }).shape).toEqual([0, 4]);
    expect(slice(m, -1, -1).item()).toBe(11);
    expect(slice(m, 0).data).toBe(m.data);
    expect(() => slice(m, 3)).toThrow(RangeError);
    // @ts-expect-error -- the compiler reports the same message
    expect(() => slice(m, { step: 0 })).toThrow("slice: step on axis 0 must be a non-zero integer, got number 0");
    // @ts-expect-error -- the compiler reports the same message
    expect(() => slice(m, 0, 0, 0)).toThrow("slice: 3 axes given for a rank-2 tensor of shape [3, 4]");
  });

  it("reshape infers -1, views contiguous data and copies otherwise", () => {
    const r = reshape(x, [6, -1]);
    expect(r.shape).toEqual([6, 4]);
    expect(r.data).toBe(x.data);
    const t = reshape(transpose(x), [-1]);
    expect(t.data).not.toBe(x.data);
    expect(t.toArray().slice(0, 4)).toEqual([0, 12, 4, 16]);
    expect(() => reshape(x, [5, -1] as never)).toThrow("reshape: cannot infer -1: 24 elements of [2, 3, 4] do not split into [5, -1]");
    expect(() => reshape(x, [5, 5] as never)).toThrow(new ShapeError("reshape: [2, 3, 4] has 24 elements but [5, 5] holds 25", { code: "size", op: "reshape", mode: "none", a: [], b: [] }).message);
    expect(() => reshape(x, [-1, -1] as never)).toThrow(new RangeError("reshape: only one size may be -1, got [-1, -1]"));
    expect(reshape(zeros([224, 224, 3]), [-1, 3]).shape).toEqual([50176, 3]);
  });

  it("broadcastTo is a stride-0 view in every mode, and errors like broadcastToShape", () => {
    const v = tensor([1, 2, 3]);
    const b = broadcastTo(v, [2, 3]);
    expect(b.strides).toEqual([0, 1]);
    expect(b.data).toBe(v.data);
    expect(b.toArray()).toEqual([[1, 2, 3], [1, 2, 3]]);
    expect(broadcastTo(tensor([[1], [2]]), [2, 1, 3], { mode: "bidirectional" }).shape).toEqual([2, 2, 3]);
    expect(broadcastTo(tensor([1, 2]), [2, 3], { mode: "explicit", axesMapping: [0] }).toArray()).toEqual([[1, 1, 1], [2, 2, 2]]);
    expect(() => (broadcastTo as (...args: unknown[]) => unknown)(tensor([1, 2]), [2, 3])).toThrow(
      `broadcastTo (numpy): axis 1 has 2 vs 3; cannot broadcast [2] to [2, 3]; mode "explicit" fits with axesMapping [0]`,
    );
  });

  it("views feed the element-wise engine without copies", () => {
    const m = reshape(arange(6), [2, 3]);
    // [[0, 3], [1, 4], [2, 5]] + [[3, 0], [4, 1], [5, 2]]
    expect(add(transpose(m), slice(transpose(m), null, { step: -1 })).toArray()).toEqual([[3, 3], [5, 5], [7, 7]]);
    expect(add(broadcastTo(tensor([1, 2]), [3, 2]), transpose(m)).toArray()).toEqual([[1, 5], [2, 6], [3, 7]]);
  });
});

describe("flatten", () => {
  const x = reshape(arange(24), [2, 3, 4]);

  it("merges a run of axes into their product, in row-major order", () => {
    expect(flatten(x).shape).toEqual([24]);
    expect(flatten(x, 1).shape).toEqual([2, 12]);
    expect(flatten(x, 0, 1).shape).toEqual([6, 4]);
    expect(flatten(x, -2, -1).toArray()).toEqual(reshape(x, [2, 12]).toArray());
    expect(flatten(x, 1, 1).shape).toEqual([2, 3, 4]);
    expect(flatten(tensor(5)).shape).toEqual([1]);
    expect(flatten(zeros([0, 3]), 0).shape).toEqual([0]);
  });

  it("copies only when the layout needs it, and keeps the element order of a transposed tensor", () => {
    expect(flatten(x, 1).data).toBe(x.data);
    expect(flatten(transpose(x)).toArray()).toEqual(reshape(transpose(x), [24]).toArray());
  });

  it("names a bad axis", () => {
    expect(() => flatten(x, 3 as number)).toThrow(new RangeError("flatten: startAxis 3 is out of range for a rank-3 tensor (use -3 to 2)"));
    expect(() => flatten(x, 0, -4 as number)).toThrow(new RangeError("flatten: endAxis -4 is out of range for a rank-3 tensor (use -3 to 2)"));
    expect(() => flatten(x, 2 as number, 0)).toThrow(new RangeError("flatten: startAxis 2 comes after endAxis 0 (axes 2 and 0 of a rank-3 tensor)"));
    expect(() => flatten(x, 0.5 as number)).toThrow(new RangeError("flatten: startAxis must be an integer, got number 0.5"));
    expect(() => flatten(x, Infinity as number)).toThrow(new RangeError("flatten: startAxis must be an integer, got number Infinity"));
  });
});
