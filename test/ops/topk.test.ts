/**
 * `topk`: values and positions against a plain selection (repeatedly the
 * first largest remaining element, NaN never before a number) on random
 * shapes, layouts and dtypes, every axis and k from 0 to the axis's size.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ShapeError, tensor, topk, transpose, zeros, type Tensor } from "shapecast";
import { anyViewArb, at, multiIndices, rowMajor } from "../support/random-view.js";

const loose = (op: unknown) => op as (...args: unknown[]) => { values: Tensor; indices: Tensor };

/** The positions of the k largest of a line: each time the first remaining one that no other remaining one beats. */
function selection(line: readonly number[], k: number): number[] {
  const left = line.map((_, i) => i);
  const chosen: number[] = [];
  const beats = (a: number, b: number) => !Number.isNaN(a) && (Number.isNaN(b) || a > b);
  while (chosen.length < k) {
    let best = 0;
    for (let j = 1; j < left.length; j++) if (beats(line[left[j]!]!, line[left[best]!]!)) best = j;
    chosen.push(left.splice(best, 1)[0]!);
  }
  return chosen;
}

describe("topk", () => {
  it("gives the reference's values and positions on random views of every dtype", () => {
    const caseArb = anyViewArb(1, 4).chain((x) =>
      fc.integer({ min: -x.shape.length, max: x.shape.length - 1 }).chain((axis) =>
        fc.record({ x: fc.constant(x), axis: fc.constant(axis), given: fc.boolean(), k: fc.integer({ min: 0, max: x.shape.at(axis)! }) }),
      ),
    );
    fc.assert(
      fc.property(caseArb, ({ x, axis, given, k }) => {
        const line = axis < 0 ? axis + x.shape.length : axis;
        const at_ = given ? line : x.shape.length - 1;
        const kk = Math.min(k, x.shape[at_]!);
        const { values, indices } = given ? topk(x, kk, { axis } as never) : topk(x, kk);
        const shape = x.shape.map((d, a) => (a === at_ ? kk : d));
        expect(values.shape).toEqual(shape);
        expect(indices.shape).toEqual(shape);
        expect(values.dtype).toBe(x.dtype);
        expect(indices.dtype).toBe("int32");
        const expectedValues: number[] = [];
        const expectedIndices: number[] = [];
        for (const index of multiIndices(shape)) {
          const elements = Array.from({ length: x.shape[at_]! }, (_, j) => at(x, index.map((v, a) => (a === at_ ? j : v))));
          const position = selection(elements, kk)[index[at_]!]!;
          expectedIndices.push(position);
          expectedValues.push(elements[position]!);
        }
        expect(rowMajor(values)).toEqual(expectedValues);
        expect(rowMajor(indices)).toEqual(expectedIndices);
      }),
      { numRuns: 400 },
    );
  });

  it("takes the largest first, ties by lower position, NaN last", () => {
    const { values, indices } = topk(tensor([1, 3, Number.NaN, 3, -Infinity]), 4);
    expect(values.toArray()).toEqual([3, 3, 1, -Infinity]);
    expect(indices.toArray()).toEqual([1, 3, 0, 4]);
    expect(topk(transpose(tensor([[1, 5], [4, 2]])), 1, { axis: 0 }).values.toArray()).toEqual([[5, 4]]);
    expect(topk(zeros([2, 3]), 0).values.shape).toEqual([2, 0]);
    expect(topk(zeros([0, 3]), 2).indices.shape).toEqual([0, 2]);
  });

  it("refuses bad k, axis and options, naming the argument", () => {
    expect(() => loose(topk)(zeros([2, 3]), 4)).toThrow(ShapeError);
    expect(() => loose(topk)(zeros([2, 3]), 4)).toThrow("topk: k = 4 is larger than axis 1 of size 3 (shape [2, 3])");
    expect(() => loose(topk)(zeros([2, 3]), 3, { axis: 0 })).toThrow(ShapeError);
    expect(() => loose(topk)(zeros([2, 3]), 3, { axis: 0 })).toThrow("topk: k = 3 is larger than axis 0 of size 2 (shape [2, 3])");
    const thrown = (() => {
      try {
        loose(topk)(zeros([2, 3]), 3, { axis: 0 });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(ShapeError);
    expect(thrown).toMatchObject({ code: "size", op: "topk", axis: 0, sizes: [2, 3], a: [2, 3], b: [3] });
    expect(() => loose(topk)(zeros([2, 3]), -1)).toThrow(new RangeError("topk: k must be an integer from 0 to 2147483647, got -1"));
    expect(() => loose(topk)(zeros([2, 3]), 1.5)).toThrow(new RangeError("topk: k must be an integer from 0 to 2147483647, got 1.5"));
    expect(() => loose(topk)(zeros([2, 3]), "1")).toThrow(new TypeError('topk: k must be an integer, got "1"'));
    expect(() => loose(topk)(zeros([2, 3]), 1, { axis: 2 })).toThrow(new RangeError("topk: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"));
    expect(() => loose(topk)(tensor(1), 1)).toThrow(new RangeError("topk: axis -1 is out of range for a rank-0 tensor (it has no axes)"));
    expect(() => loose(topk)(zeros([2]), 1, { sorted: true })).toThrow(new TypeError('topk: options field "sorted" is not known (the only option is axis)'));
    expect(() => loose(topk)([1, 2], 1)).toThrow(/^topk: x /);
  });
});
