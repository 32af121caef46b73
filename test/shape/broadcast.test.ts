import { describe, expect, it } from "vitest";
import { broadcastShapes, broadcastToShape, ShapeError } from "shapecast";
import { specTable } from "../spec-table.js";

// Shapes typed as plain arrays: these tests exercise the runtime alone.
const dyn = (shape: readonly number[]): number[] => [...shape];
// The public functions with their types erased, to pass what a JavaScript caller might.
const looseShapes = broadcastShapes as (...args: unknown[]) => number[];
const looseTo = broadcastToShape as (...args: unknown[]) => number[];

const run = (row: (typeof specTable)[number]): number[] =>
  row.kind === "binary"
    ? broadcastShapes(dyn(row.a), dyn(row.b), row.spec)
    : broadcastToShape(dyn(row.a), dyn(row.b), row.spec);

describe("docs/broadcasting.md tables at run time", () => {
  it.each(specTable.map((row) => [`${row.kind} ${JSON.stringify(row.a)} ${JSON.stringify(row.b)} ${JSON.stringify(row.spec)}`, row] as const))(
    "%s",
    (_, row) => {
      if (Array.isArray(row.expected)) {
        expect(run(row)).toEqual(row.expected);
      } else {
        const expected = row.expected as { error: string };
        expect(() => run(row)).toThrow(ShapeError);
        expect(() => run(row)).toThrow(expected.error);
        try {
          run(row);
        } catch (error) {
          expect((error as Error).message).toBe(expected.error);
        }
      }
    },
  );
});

describe("ShapeError fields", () => {
  it("names the op, the mode, both shapes, the axis and its sizes", () => {
    let caught: unknown;
    try {
      broadcastShapes(dyn([2, 3]), dyn([4]));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ShapeError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as ShapeError;
    expect(error.name).toBe("ShapeError");
    expect(error.code).toBe("mismatch");
    expect(error.op).toBe("broadcastShapes");
    expect(error.mode).toBe("numpy");
    expect(error.a).toEqual([2, 3]);
    expect(error.b).toEqual([4]);
    expect(error.axis).toBe(1);
    expect(error.sizes).toEqual([3, 4]);
    expect(error.fix).toBeUndefined();
  });

  it("carries the fix separately for programs", () => {
    try {
      broadcastShapes(dyn([3, 3]), dyn([3]), { mode: "xla" });
      expect.unreachable();
    } catch (error) {
      expect((error as ShapeError).code).toBe("missing-dims");
      expect((error as ShapeError).fix).toBe("valid broadcastDimensions: [0] or [1]");
    }
  });

  it("lists at most six fixes and says when there are more", () => {
    expect(() => broadcastShapes(dyn([1, 1, 1, 1, 1]), dyn([1, 1]), { mode: "xla" })).toThrow(
      "valid broadcastDimensions: [0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], ...",
    );
  });
});

describe("bad input", () => {
  it("rejects sizes that are not non-negative integers with a RangeError naming the operand", () => {
    expect(() => broadcastShapes(dyn([2, -1]), dyn([3]))).toThrow(RangeError);
    expect(() => broadcastShapes(dyn([2, -1]), dyn([3]))).toThrow(
      "broadcastShapes (numpy): size -1 at axis 1 of a is not a non-negative integer; cannot broadcast [2, -1] with [3]",
    );
    expect(() => broadcastShapes(dyn([2]), dyn([1.5]))).toThrow("size 1.5 at axis 0 of b");
    expect(() => broadcastShapes(dyn([Number.NaN]), dyn([1]))).toThrow("size NaN at axis 0 of a");
    expect(() => broadcastShapes(dyn([2]), dyn([Infinity]))).toThrow("size Infinity at axis 0 of b");
    expect(() => broadcastShapes(dyn([2 ** 53]), dyn([1]))).toThrow(RangeError);
    expect(() => broadcastToShape(dyn([2]), dyn([-3, 2]))).toThrow("size -3 at axis 0 of the target");
  });

  it("rejects shapes that are not arrays of numbers with a TypeError naming the argument", () => {
    expect(() => looseShapes("2,3", [3])).toThrow(new TypeError('broadcastShapes: a must be an array of numbers, got "2,3"'));
    expect(() => looseShapes([2, 3], [3, "4"])).toThrow(new TypeError('broadcastShapes: b[1] must be a number, got "4"'));
    expect(() => looseTo([2], null)).toThrow(new TypeError("broadcastToShape: target must be an array of numbers, got null"));
  });

  it("rejects unknown modes, stray fields and mistyped fields", () => {
    expect(() => looseShapes([2], [2], { mode: "numpyy" })).toThrow(
      new TypeError('broadcastShapes: spec.mode must be one of "numpy", "none", "xla", "pdpd", got "numpyy"'),
    );
    expect(() => looseShapes([2], [2], { mode: "numpy", axis: 1 })).toThrow(
      new TypeError('broadcastShapes: spec field "axis" is not allowed with mode "numpy"'),
    );
    expect(() => looseShapes([2], [2], { mode: "xla", broadcastDimension: [0] })).toThrow(
      'spec field "broadcastDimension" is not allowed with mode "xla"',
    );
    expect(() => looseShapes([2], [2], { mode: "xla", broadcastDimensions: 0 })).toThrow(
      new TypeError("broadcastShapes: spec.broadcastDimensions must be an array of numbers, got number 0"),
    );
    expect(() => looseShapes([2], [2], { mode: "pdpd", axis: "1" })).toThrow(
      new TypeError("broadcastShapes: spec.axis must be a number, got string"),
    );
    expect(() => looseShapes([2], [2], "numpy")).toThrow(TypeError);
    expect(() => looseTo([2], [2], { mode: "explicit" })).toThrow(
      new TypeError("broadcastToShape: spec.axesMapping must be an array of numbers, got undefined"),
    );
    expect(() => looseTo([2], [2], { mode: "xla" })).toThrow(
      'broadcastToShape: spec.mode must be one of "numpy", "bidirectional", "explicit", got "xla"',
    );
  });

  it("rejects broadcast dimensions that are out of range, fractional, negative or not increasing", () => {
    expect(() => broadcastShapes(dyn([2, 3, 4]), dyn([3]), { mode: "xla", broadcastDimensions: [-1] })).toThrow(
      "broadcastDimensions[0] = -1 is not an axis of a rank-3 shape",
    );
    expect(() => broadcastShapes(dyn([2, 3, 4]), dyn([3]), { mode: "xla", broadcastDimensions: [0.5] })).toThrow(
      "broadcastDimensions[0] = 0.5 is not an axis of a rank-3 shape",
    );
    expect(() => broadcastShapes(dyn([2, 3, 4]), dyn([3]), { mode: "xla", broadcastDimensions: [Number.NaN] })).toThrow(
      "broadcastDimensions[0] = NaN is not an axis",
    );
    expect(() => broadcastShapes(dyn([2, 3, 4]), dyn([1, 1]), { mode: "xla", broadcastDimensions: [2, 2] })).toThrow(
      "broadcastDimensions [2, 2] is not strictly increasing at entry 1",
    );
    expect(() => broadcastShapes(dyn([2, 3]), dyn([3]), { mode: "pdpd", axis: 0.5 })).toThrow(
      "axis 0.5 must be -1 or a non-negative integer",
    );
    expect(() => broadcastToShape(dyn([3]), dyn([3, 4]), { mode: "explicit", axesMapping: [2] })).toThrow(
      "axesMapping[0] = 2 is not an axis of a rank-2 shape",
    );
  });

  it("never returns an array that aliases an argument", () => {
    const a = [2, 3];
    const result = broadcastShapes(dyn(a), dyn([]));
    result[0] = 99;
    const same = broadcastShapes(a as number[], a as number[], { mode: "none" });
    expect(same).not.toBe(a);
    expect(a).toEqual([2, 3]);
  });
});

describe("XLA worked examples (docs/broadcasting.md §2.3.6)", () => {
  it("the vector is added along the named dimension", () => {
    expect(broadcastShapes([2, 3], [3], { mode: "xla", broadcastDimensions: [1] })).toEqual([2, 3]);
    expect(broadcastShapes([4], [1, 2], { mode: "xla", broadcastDimensions: [0] })).toEqual([4, 2]);
    expect(broadcastShapes([3, 3], [3], { mode: "xla", broadcastDimensions: [0] })).toEqual([3, 3]);
  });
});
