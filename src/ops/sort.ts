/**
 * `sort` and `argsort` along one axis (the last by default), ascending or
 * `descending`. Both are stable: equal elements (0 and -0 among them) keep
 * their order, in either direction. NaN goes last in either direction, as
 * NumPy puts it last in its ascending sort.
 */
import { allocate, type DType } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { sortAxis } from "../shape/sort.js";
import { checkOptionFields, describe } from "../shape/validate.js";
import { elementsOf, Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import type { SortOp, SortOptions } from "./types.js";

function sortOptions(op: string, options: unknown): { axis: unknown; descending: boolean } {
  const { axis, descending = false } = checkOptionFields(op, options, ["axis", "descending"], "{ axis: -1, descending: true }") as SortOptions;
  if (typeof descending !== "boolean") throw new TypeError(`${op}: descending must be a boolean, got ${describe(descending)}`);
  return { axis, descending };
}

/** Positions 0..n-1 of `values` in sorted order, stable, NaN last. */
export function sortedOrder(values: readonly number[], descending: boolean): number[] {
  const order = values.map((_, i) => i);
  // Array.prototype.sort is stable
  return order.sort((i, j) => {
    const a = values[i]!;
    const b = values[j]!;
    const aNaN = Number.isNaN(a);
    const bNaN = Number.isNaN(b);
    if (aNaN || bNaN) return aNaN === bNaN ? 0 : aNaN ? 1 : -1;
    const ascending = a < b ? -1 : a > b ? 1 : 0;
    return descending ? -ascending : ascending;
  });
}

/**
 * Calls `visit` for every line of `x` along `axis`: the line's values, and the
 * offset of its first element in a contiguous result of `x`'s shape.
 */
export function forEachLine(x: Tensor, axis: number, visit: (values: number[], outStart: number) => void): void {
  const shape = x.shape;
  const rank = shape.length;
  const outStrides = contiguousStrides(shape);
  const length = shape[axis]!;
  const others = [...Array(rank).keys()].filter((a) => a !== axis);
  const index = others.map(() => 0);
  const size = shape.reduce((p, d) => p * d, 1);
  if (size === 0) return;
  const slices = size / length;
  const values = new Array<number>(length);
  const data = elementsOf(x);
  for (let s = 0; s < slices; s++) {
    let inStart = x.offset;
    let outStart = 0;
    for (let k = 0; k < others.length; k++) {
      inStart += index[k]! * x.strides[others[k]!]!;
      outStart += index[k]! * outStrides[others[k]!]!;
    }
    for (let i = 0, p = inStart; i < length; i++, p += x.strides[axis]!) values[i] = data[p]!;
    visit(values, outStart);
    for (let k = others.length - 1; k >= 0; k--) {
      if (++index[k]! < shape[others[k]!]!) break;
      index[k] = 0;
    }
  }
}

function run(op: string, x: unknown, options: unknown, indices: boolean): Tensor {
  assertTensor(op, "x", x);
  const { axis, descending } = sortOptions(op, options);
  const at = sortAxis(op, x.shape, axis);
  const shape = [...x.shape];
  const dtype: DType = indices ? "int32" : x.dtype;
  const out = allocate(op, dtype, x.size);
  const step = contiguousStrides(shape)[at]!;
  forEachLine(x, at, (values, outStart) => {
    const order = sortedOrder(values, descending);
    for (let i = 0; i < order.length; i++) out[outStart + i * step] = indices ? order[i]! : values[order[i]!]!;
  });
  return new Tensor(out, shape, contiguousStrides(shape), 0, dtype);
}

/** The elements sorted along `axis` (default -1), ascending unless `descending`; stable, NaN last. */
export const sort = /* @__PURE__ */ traced("sort", (x: unknown, options?: unknown) => run("sort", x, options, false)) as SortOp<"sort", "same">;

/** The int32 positions that sort `x` along `axis` (default -1), as `sort` orders them (stable, NaN last). */
export const argsort = /* @__PURE__ */ traced("argsort", (x: unknown, options?: unknown) => run("argsort", x, options, true)) as SortOp<"argsort", "index">;
