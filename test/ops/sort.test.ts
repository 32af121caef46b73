/**
 * `sort` and `argsort`: values against a plain insertion sort (stable, NaN
 * last) on random shapes, layouts (permuted, stepped, reversed, broadcast)
 * and dtypes, along every axis, ascending and descending.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { argsort, sort, tensor, transpose, zeros, type Tensor } from "shapecast";
import { anyViewArb, at, multiIndices, rowMajor } from "../support/random-view.js";

const loose = (op: unknown) => op as (...args: unknown[]) => Tensor;

/** Does `a` go strictly before `b`? NaN after every number; equal values (0 and -0 too) in neither order. */
const before = (a: number, b: number, descending: boolean): boolean =>
  !Number.isNaN(a) && (Number.isNaN(b) || (descending ? a > b : a < b));

/** The positions of a line in sorted order, by insertion: an element moves only past elements it goes strictly before. */
function insertionOrder(line: readonly number[], descending: boolean): number[] {
  const order: number[] = [];
  for (let i = 0; i < line.length; i++) {
    let k = order.length;
    while (k > 0 && before(line[i]!, line[order[k - 1]!]!, descending)) k--;
    order.splice(k, 0, i);
  }
  return order;
}

/** sort's and argsort's row-major results by the reference. */
function reference(x: Tensor, axis: number, descending: boolean): { values: number[]; indices: number[] } {
  const line = axis < 0 ? axis + x.shape.length : axis;
  const values: number[] = [];
  const indices: number[] = [];
  for (const index of multiIndices(x.shape)) {
    const elements = Array.from({ length: x.shape[line]! }, (_, j) => at(x, index.map((v, k) => (k === line ? j : v))));
    const order = insertionOrder(elements, descending);
    indices.push(order[index[line]!]!);
    values.push(elements[order[index[line]!]!]!);
  }
  return { values, indices };
}

describe("sort and argsort", () => {
  it("give the reference's values and positions on random views of every dtype", () => {
    const caseArb = anyViewArb(1, 4).chain((x) =>
      fc.record({
        x: fc.constant(x),
        axis: fc.option(fc.integer({ min: -x.shape.length, max: x.shape.length - 1 }), { nil: undefined }),
        descending: fc.option(fc.boolean(), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(caseArb, ({ x, axis, descending }) => {
        const expected = reference(x, axis ?? -1, descending ?? false);
        const options = { ...(axis === undefined ? {} : { axis }), ...(descending === undefined ? {} : { descending }) };
        const sorted = sort(x, options as never);
        const order = argsort(x, options as never);
        expect(sorted.shape).toEqual(x.shape);
        expect(sorted.dtype).toBe(x.dtype);
        expect(order.dtype).toBe("int32");
        expect(rowMajor(sorted)).toEqual(expected.values);
        expect(rowMajor(order)).toEqual(expected.indices);
      }),
      { numRuns: 400 },
    );
  });

  it("put NaN last in either direction and keep equal elements (0 and -0) in order", () => {
    const x = tensor([3, Number.NaN, -0, 1, 0, Number.NaN, -Infinity]);
    expect(sort(x).toArray()).toEqual([-Infinity, -0, 0, 1, 3, Number.NaN, Number.NaN]);
    expect(argsort(x).toArray()).toEqual([6, 2, 4, 3, 0, 1, 5]);
    expect(argsort(x, { descending: true }).toArray()).toEqual([0, 3, 2, 4, 6, 1, 5]);
    expect(Object.is(sort(tensor([0, -0])).toTypedArray()[1], -0)).toBe(true);
  });

  it("sort along the axis given, through views, and keep size-0 axes", () => {
    const m = tensor([[3, 1, 2], [0, 5, 4]]);
    expect(sort(m).toArray()).toEqual([[1, 2, 3], [0, 4, 5]]);
    expect(sort(m, { axis: 0 }).toArray()).toEqual([[0, 1, 2], [3, 5, 4]]);
    expect(argsort(transpose(m), { axis: -1, descending: true }).toArray()).toEqual([[0, 1], [1, 0], [1, 0]]);
    expect(sort(zeros([2, 0])).shape).toEqual([2, 0]);
    expect(argsort(zeros([0, 3]), { axis: 1 }).shape).toEqual([0, 3]);
  });

  it("refuse a bad axis, options or input, naming the argument", () => {
    expect(() => loose(sort)(tensor(1))).toThrow(new RangeError("sort: axis -1 is out of range for a rank-0 tensor (it has no axes)"));
    expect(() => argsort(zeros([2]), { axis: 1 as never })).toThrow(new RangeError("argsort: axis 1 is out of range for a rank-1 tensor (use -1 to 0)"));
    expect(() => loose(sort)(zeros([2]), { order: "desc" })).toThrow(new TypeError('sort: options field "order" is not known (axis, descending)'));
    expect(() => loose(sort)(zeros([2]), { descending: "yes" })).toThrow(new TypeError('sort: descending must be a boolean, got "yes"'));
    expect(() => loose(argsort)(zeros([2]), -1)).toThrow(new TypeError("argsort: options must be an object such as { axis: -1, descending: true }, got number -1"));
    expect(() => loose(sort)([2, 1])).toThrow(/^sort: x /);
  });
});
