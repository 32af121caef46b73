/**
 * The argument checks of src/shape (validate.ts, axis.ts, matmul.ts) as users
 * meet them: README's "Bad input and limits" says every message starts with
 * the function's name and names the argument, and each kind of mistake has
 * its class. Also the axis lists of reductions and squeeze, whose order does
 * not matter, and matmul's misfit messages.
 */
import { describe, expect, it } from "vitest";
import { argmax, broadcastShapes, broadcastToShape, matmul, permute, reshape, ShapeError, split, squeeze, sum, tensor, zeros, arange } from "shapecast";

const loose = <F>(f: F) => f as unknown as (...args: unknown[]) => unknown;

describe("shape arguments of broadcastShapes and broadcastToShape", () => {
  it("name the argument that has too many axes, or is not an array of numbers", () => {
    const wide = new Array<number>(65).fill(1);
    expect(() => loose(broadcastShapes)(wide, [1])).toThrow(new RangeError("broadcastShapes: a has 65 axes; a shape has at most 64"));
    expect(() => loose(broadcastShapes)([1], wide)).toThrow(new RangeError("broadcastShapes: b has 65 axes; a shape has at most 64"));
    expect(() => loose(broadcastToShape)(wide, [1])).toThrow(new RangeError("broadcastToShape: input has 65 axes; a shape has at most 64"));
    expect(() => loose(broadcastToShape)([1], wide)).toThrow(new RangeError("broadcastToShape: target has 65 axes; a shape has at most 64"));
    expect(() => loose(broadcastToShape)("2", [1])).toThrow(new TypeError('broadcastToShape: input must be an array of numbers, got "2"'));
    expect(() => loose(broadcastShapes)([{}], [2])).toThrow(new TypeError("broadcastShapes: a[0] must be a number, got an object"));
  });

  it("name the input of a broadcast-to whose size is bad, and say 'to'", () => {
    expect(() => loose(broadcastToShape)([-1], [1])).toThrow(
      new RangeError("broadcastToShape (numpy): size -1 at axis 0 of the input is not a non-negative integer; cannot broadcast [-1] to [1]"),
    );
  });
});

describe("broadcast specs", () => {
  it("must be objects: a string, null or an array is a TypeError that shows an example", () => {
    for (const [spec, shown] of [["numpy", '"numpy"'], [null, "null"], [[{ mode: "numpy" }], "an array"], [3, "number 3"]] as const) {
      expect(() => loose(broadcastShapes)([2], [2], spec)).toThrow(new TypeError(`broadcastShapes: spec must be an object such as { mode: "numpy" }, got ${shown}`));
    }
    expect(() => loose(broadcastToShape)([2], [2], "numpy")).toThrow(new TypeError('broadcastToShape: spec must be an object such as { mode: "numpy" }, got "numpy"'));
  });

  it("take a mode that is one of the names itself, not something that reads as one", () => {
    // an array ["xla"] or an object whose toString is "xla" would name a key of the mode table
    const asText = { toString: () => "xla" };
    expect(() => loose(broadcastShapes)([2], [2], { mode: ["xla"] })).toThrow(new TypeError('broadcastShapes: spec.mode must be one of "numpy", "none", "xla", "pdpd", got an array'));
    expect(() => loose(broadcastShapes)([2], [2], { mode: asText })).toThrow(TypeError);
    expect(() => loose(broadcastToShape)([2], [2], { mode: ["explicit"], axesMapping: [0] })).toThrow(TypeError);
  });
});

describe("axis arguments", () => {
  const x = reshape(arange(24), [2, 3, 4]);

  it("say a scalar has no axes", () => {
    expect(() => loose(sum)(tensor(3), 0)).toThrow(new RangeError("sum: axis 0 is out of range for a rank-0 tensor (it has no axes)"));
    expect(() => loose(sum)(x, 3)).toThrow(new RangeError("sum: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"));
  });

  it("null means every axis, as undefined does (None in NumPy)", () => {
    expect(loose(sum)(x, null)).toEqual(sum(x));
    expect((loose(squeeze)(zeros([1, 3, 1]), null) as { shape: number[] }).shape).toEqual([3]);
  });

  it("a list may name its axes in any order: the result is the one of the sorted list", () => {
    expect(sum(x, [2, 0]).toArray()).toEqual(sum(x, [0, 2]).toArray());
    expect(sum(x, [2, 0], { keepDims: true }).shape).toEqual([1, 3, 1]);
    expect(squeeze(zeros([1, 3, 1]), [2, 0]).shape).toEqual([3]);
    // argmax over a list gives the index into those axes flattened row-major, whatever order they are named in:
    // the largest element of each column j is at (0, j, 2) of [2, 3, 3], index 0 * 3 + 2 in the flattened axes (0, 2)
    const y = tensor([[[0, 1, 9], [0, 1, 8], [2, 1, 7]], [[1, 1, 1], [1, 1, 1], [1, 1, 1]]]);
    expect(argmax(y, [2, 0]).toArray()).toEqual([2, 2, 2]);
    expect(argmax(y, [0, 2]).toArray()).toEqual([2, 2, 2]);
  });

  it("a list that names an axis twice is refused", () => {
    // @ts-expect-error -- the compiler refuses it too, with the same message
    expect(() => sum(x, [1, -2])).toThrow(new RangeError("sum: axis [1, -2] names axis 1 twice"));
  });
});

describe("counts and lists in messages", () => {
  it("a count has its range, inclusive at both ends", () => {
    expect(split(zeros([0]), 65536)).toHaveLength(65536); // an empty axis splits into up to 2^16 empty parts
    expect(() => split(zeros([0]), 65537)).toThrow(new RangeError("split: sections must be an integer from 1 to 65536, got 65537"));
    expect(() => split(zeros([4]), 0 as number)).toThrow(new RangeError("split: sections must be an integer from 1 to 65536, got 0"));
  });

  it("a list is shown whole up to 8 entries, then cut with its count; entries that are not numbers as values", () => {
    const x = zeros([2, 3]);
    expect(() => loose(permute)(x, [0, 1, 2, 3, 4, 5, 6, 7])).toThrow("axes [0, 1, 2, 3, 4, 5, 6, 7] has 8 entries");
    expect(() => loose(permute)(x, [0, 1, 2, 3, 4, 5, 6, 7, 8])).toThrow("axes [0, 1, 2, 3, 4, 5, 6, 7, ...] (9 entries) has 9 entries");
    expect(() => loose(permute)(x, ["a", null, [1]])).toThrow('axes ["a", null, an array] has 3 entries');
  });
});

describe("matmul misfits", () => {
  it("name the scalar side, and which axis of b the inner size is on", () => {
    expect(() => loose(matmul)(zeros([3]), tensor(2))).toThrow(ShapeError);
    expect(() => loose(matmul)(zeros([3]), tensor(2))).toThrow("matmul: b is a scalar (matmul needs at least one axis on each side); cannot multiply [3] by []");
    let caught: unknown;
    try {
      loose(matmul)(zeros([2, 3]), zeros([4]));
    } catch (error) {
      caught = error;
    }
    expect((caught as ShapeError).message).toBe("matmul: inner sizes 3 vs 4 (the last axis of a, the only axis of b); cannot multiply [2, 3] by [4]");
    expect((caught as ShapeError).sizes).toEqual([3, 4]);
  });
});
