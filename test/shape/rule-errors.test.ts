/**
 * What a program reading an error relies on, for the rules of src/shape/ other
 * than broadcasting (test/shape/broadcast-errors.test.ts has those): every field
 * of a ShapeError (code, op, mode, both shapes, the axis), the argument checks
 * each op makes before its rule, and each range at its exact edges (the last
 * valid value and the first invalid one).
 */
import { describe, expect, it } from "vitest";
import { arange, concat, gather, pad, permute, reshape, ShapeError, slice, split, squeeze, stack, tensor, tile, zeros } from "shapecast";
import { thrown } from "../support/thrown.js";

/** The fields of a ShapeError a program reads, besides its message. */
const fields = (error: Error) => {
  expect(error).toBeInstanceOf(ShapeError);
  const { code, op, mode, a, b, axis } = error as ShapeError;
  return { code, op, mode, a, b, axis };
};

// calls the compiler would reject, made the way an untyped caller makes them
const loose = <F extends (...args: never[]) => unknown>(f: F) => f as unknown as (...args: unknown[]) => unknown;

describe("ShapeError fields of the shape rules", () => {
  it("reshape: a count that does not match, and a -1 that cannot be inferred", () => {
    expect(fields(thrown(() => loose(reshape)(zeros([2, 3]), [4, 2])))).toEqual({
      code: "size", op: "reshape", mode: "none", a: [2, 3], b: [4, 2], axis: undefined,
    });
    expect(fields(thrown(() => loose(reshape)(zeros([2, 3]), [4, -1])))).toEqual({
      code: "size", op: "reshape", mode: "none", a: [2, 3], b: [4, -1], axis: 1,
    });
  });

  it("split: sections that do not divide the axis, and sizes that do not add up to it", () => {
    expect(fields(thrown(() => loose(split)(zeros([6, 4]), 4)))).toEqual({
      code: "size", op: "split", mode: "none", a: [6, 4], b: [4], axis: undefined,
    });
    expect(fields(thrown(() => loose(split)(zeros([6, 4]), [2, 3])))).toEqual({
      code: "size", op: "split", mode: "none", a: [6, 4], b: [2, 3], axis: undefined,
    });
  });

  it("concat and stack: the first shape and the one that differs", () => {
    expect(fields(thrown(() => loose(concat)([zeros([2, 3]), zeros([2, 3]), zeros([2, 4])], 0)))).toEqual({
      code: "mismatch", op: "concat", mode: "none", a: [2, 3], b: [2, 4], axis: undefined,
    });
    expect(fields(thrown(() => loose(stack)([zeros([2, 3]), zeros([3, 2])])))).toMatchObject({
      code: "mismatch", op: "stack", mode: "none", a: [2, 3], b: [3, 2],
    });
  });

  it("squeeze: the axis whose size is not 1", () => {
    expect(fields(thrown(() => loose(squeeze)(zeros([2, 3, 1]), 1)))).toEqual({
      code: "rank", op: "squeeze", mode: "none", a: [2, 3, 1], b: [], axis: 1,
    });
  });
});

describe("argument checks before the rules", () => {
  const x = zeros([2, 3]);
  it.each([
    ["reshape, a shape that is not an array", () => loose(reshape)(x, "2"), TypeError, 'reshape: shape must be an array of sizes, got "2"'],
    ["reshape, 65 axes", () => loose(reshape)(x, new Array(65).fill(1)), RangeError, "reshape: shape has 65 axes; a tensor has at most 64"],
    ["reshape, a negative size", () => loose(reshape)(x, [2, -2]), RangeError, "reshape: shape[1] = number -2 is not a valid size (sizes are non-negative integers, or one -1)"],
    ["reshape, a fractional size", () => loose(reshape)(x, [2, 1.5]), RangeError, "reshape: shape[1] = number 1.5 is not a valid size (sizes are non-negative integers, or one -1)"],
    ["tile, 65 reps", () => loose(tile)(x, new Array(65).fill(1)), RangeError, "tile: reps has 65 entries; a tensor has at most 64 axes"],
    ["pad, widths not an array", () => loose(pad)(x, "a"), TypeError, 'pad: widths must be an array of [before, after] pairs, got "a"'],
    ["pad, a width that is not a pair", () => loose(pad)(x, [[1], [0, 0]]), TypeError, "pad: widths[0] must be a pair [before, after], got an array"],
    ["split, parts of the wrong kind", () => loose(split)(x, "a"), TypeError, 'split: parts must be a number of sections or an array of sizes, got "a"'],
    ["split, a size of the wrong kind", () => loose(split)(x, ["a"]), TypeError, 'split: sizes[0] must be an integer, got "a"'],
    ["permute, axes not an array", () => loose(permute)(x, "a"), TypeError, 'permute: axes must be an array of axes, got "a"'],
  ] as const)("%s", (_, run, kind, message) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(kind);
    expect(error.message).toBe(message);
  });
});

describe("ranges at their edges", () => {
  it("reshape and tile: 64 axes is the most a tensor has, and allowed", () => {
    const ones = new Array<number>(64).fill(1);
    expect(reshape(zeros([1]), ones).shape).toEqual(ones);
    expect(tile(zeros([1]), ones).shape).toEqual(ones);
  });

  it("slice: an index from -size to size - 1", () => {
    expect(slice(arange(3), -3).item()).toBe(0);
    expect(slice(arange(3), 2).item()).toBe(2);
    expect(thrown(() => loose(slice)(arange(3), -4)).message).toBe("slice: index -4 on axis 0 is out of range for its size 3 (use -3 to 2)");
    expect(thrown(() => loose(slice)(arange(3), 3)).message).toBe("slice: index 3 on axis 0 is out of range for its size 3 (use -3 to 2)");
  });

  it("slice: a negative step clamps start and stop to [-1, size - 1]", () => {
    expect(slice(arange(5), { start: 10, step: -1 }).toArray()).toEqual([4, 3, 2, 1, 0]);
    expect(slice(arange(5), { stop: -10, step: -1 }).toArray()).toEqual([4, 3, 2, 1, 0]);
    expect(slice(arange(5), { start: -1, stop: 1, step: -2 }).toArray()).toEqual([4, 2]);
    expect(slice(arange(5), { start: 4, stop: 0, step: -1 }).toArray()).toEqual([4, 3, 2, 1]);
    expect(slice(arange(5), { start: 0, step: -1 }).toArray()).toEqual([0]);
    expect(slice(arange(5), { start: -10, step: 1 }).toArray()).toEqual([0, 1, 2, 3, 4]);
  });

  it("gather: an index from -size to size - 1", () => {
    const values = arange(3);
    expect(gather(values, tensor([-3, 2], { dtype: "int32" }), 0).toArray()).toEqual([0, 2]);
    expect(thrown(() => gather(values, tensor([-4], { dtype: "int32" }), 0)).message).toBe(
      "gather: indices[0] = -4 is out of range for axis 0 of size 3",
    );
    expect(thrown(() => gather(values, tensor([3], { dtype: "int32" }), 0)).message).toBe(
      "gather: indices[0] = 3 is out of range for axis 0 of size 3",
    );
  });

  it("stack: an axis from -(rank + 1) to rank of the result", () => {
    expect(stack([zeros([2]), zeros([2])], -2).shape).toEqual([2, 2]);
    expect(stack([zeros([2]), zeros([2])], 1).shape).toEqual([2, 2]);
    expect(thrown(() => loose(stack)([zeros([2]), zeros([2])], -3)).message).toBe("stack: axis -3 is out of range for a rank-2 result");
    expect(thrown(() => loose(stack)([zeros([2]), zeros([2])], 2)).message).toBe("stack: axis 2 is out of range for a rank-2 result");
  });
});
