/**
 * The plain model the fuzz suite carries next to every tensor: a shape, a
 * dtype, the elements in row-major order (as stored: bool as 0/1) and, for
 * each element, which element of the base tensor it is (its "origin"), so
 * that writes through a view can be checked against the base.
 *
 * Every operation here is plain index arithmetic over the OUTPUT shape: for
 * each output multi-index, which input multi-index it reads. Nothing comes
 * from the library's strides, layout or broadcast code.
 */
import type { DType } from "./dtypes.js";

export interface Model {
  readonly shape: readonly number[];
  readonly dtype: DType;
  /** Row-major elements as stored (bool: 0/1). */
  readonly values: readonly number[];
  /**
   * Row-major: the row-major index in the base tensor each element reads, or
   * null when unknown (after a reshape that may copy). A copy has no base.
   */
  readonly origin: readonly number[] | null;
}

export const sizeOf = (shape: readonly number[]): number => shape.reduce((p, d) => p * d, 1);

/** Row-major position of a multi-index. */
export function flatIndex(shape: readonly number[], index: readonly number[]): number {
  let flat = 0;
  for (let axis = 0; axis < shape.length; axis++) flat = flat * shape[axis]! + index[axis]!;
  return flat;
}

/** Multi-index of a row-major position. */
export function multiIndex(shape: readonly number[], flat: number): number[] {
  const index = new Array<number>(shape.length).fill(0);
  for (let axis = shape.length - 1; axis >= 0; axis--) {
    const dim = shape[axis]!;
    index[axis] = flat % dim;
    flat = Math.floor(flat / dim);
  }
  return index;
}

/** Every multi-index of a shape, row-major. */
export function* indices(shape: readonly number[]): Generator<number[]> {
  const size = sizeOf(shape);
  for (let flat = 0; flat < size; flat++) yield multiIndex(shape, flat);
}

/** A model of `shape` whose element at each output index reads `source` at `read(index)`. */
export function gatherModel(source: Model, shape: readonly number[], read: (index: number[]) => number[]): Model {
  const values: number[] = [];
  const origin: number[] = [];
  for (const index of indices(shape)) {
    const at = flatIndex(source.shape, read(index));
    values.push(source.values[at]!);
    if (source.origin !== null) origin.push(source.origin[at]!);
  }
  return { shape: [...shape], dtype: source.dtype, values, origin: source.origin === null ? null : origin };
}

/** A fresh (copied) model from a function of the multi-index. */
export function makeModel(shape: readonly number[], dtype: DType, value: (index: number[]) => number): Model {
  const values: number[] = [];
  for (const index of indices(shape)) values.push(value(index));
  return { shape: [...shape], dtype, values, origin: null };
}

/** The element of a model at a multi-index. */
export const at = (m: Model, index: readonly number[]): number => m.values[flatIndex(m.shape, index)]!;

/** A base tensor's model: every element is its own origin. */
export const baseModel = (shape: readonly number[], dtype: DType, values: readonly number[]): Model => ({
  shape: [...shape],
  dtype,
  values: [...values],
  origin: values.map((_, i) => i),
});

export const normAxis = (axis: number, rank: number): number => (axis < 0 ? axis + rank : axis);

// ---------------------------------------------------------------------------
// Views, applied to the model
// ---------------------------------------------------------------------------

/** permute: result axis i is input axis axes[i]. */
export function modelPermute(m: Model, axes: readonly number[]): Model {
  const rank = m.shape.length;
  const order = axes.map((a) => normAxis(a, rank));
  const shape = order.map((a) => m.shape[a]!);
  return gatherModel(m, shape, (index) => {
    const source = new Array<number>(rank).fill(0);
    order.forEach((a, i) => (source[a] = index[i]!));
    return source;
  });
}

export interface SliceRange {
  readonly start?: number | undefined;
  readonly stop?: number | undefined;
  readonly step?: number | undefined;
}
export type SliceArg = number | SliceRange | null | undefined;

/** Python's slice.indices(n): the first position, the step and the number of elements. */
export function sliceIndices(n: number, spec: SliceRange | null | undefined): { start: number; step: number; length: number } {
  const step = spec?.step ?? 1;
  const bound = (value: number | undefined, fallback: number, low: number, high: number): number => {
    if (value === undefined) return fallback;
    let v = value < 0 ? value + n : value;
    if (v < low) v = low;
    if (v > high) v = high;
    return v;
  };
  let start: number;
  let stop: number;
  if (step > 0) {
    start = bound(spec?.start, 0, 0, n);
    stop = bound(spec?.stop, n, 0, n);
  } else {
    start = bound(spec?.start, n - 1, -1, n - 1);
    stop = bound(spec?.stop, -1, -1, n - 1);
  }
  let length = 0;
  if (step > 0 && stop > start) length = Math.floor((stop - start - 1) / step) + 1;
  if (step < 0 && start > stop) length = Math.floor((start - stop - 1) / -step) + 1;
  return { start, step, length };
}

/** slice(x, ...specs): an index drops the axis; a range keeps it; missing/null is the whole axis. */
export function modelSlice(m: Model, specs: readonly SliceArg[]): Model {
  const rank = m.shape.length;
  const plan: ({ fixed: number } | { start: number; step: number })[] = [];
  const shape: number[] = [];
  for (let axis = 0; axis < rank; axis++) {
    const spec = specs[axis];
    const n = m.shape[axis]!;
    if (typeof spec === "number") {
      plan.push({ fixed: spec < 0 ? spec + n : spec });
    } else {
      const { start, step, length } = sliceIndices(n, spec);
      plan.push({ start, step });
      shape.push(length);
    }
  }
  return gatherModel(m, shape, (index) => {
    let k = 0;
    return plan.map((p) => ("fixed" in p ? p.fixed : p.start + p.step * index[k++]!));
  });
}

/** A broadcast view: input axis i lands on result axis axesOf[i] (size-1 input axes read index 0). */
export function modelBroadcast(m: Model, target: readonly number[], axesOf: readonly number[]): Model {
  return gatherModel(m, target, (index) => m.shape.map((dim, i) => (dim === 1 ? 0 : index[axesOf[i]!]!)));
}

/** Same elements in row-major order, new shape; `view` says the library must share the buffer. */
export function modelReshape(m: Model, shape: readonly number[], view: boolean): Model {
  return { shape: [...shape], dtype: m.dtype, values: m.values, origin: view ? m.origin : null };
}

/** Does the model read consecutive base elements in row-major order (so a reshape can only be a view)? */
export function isConsecutive(m: Model): boolean {
  if (m.origin === null) return false;
  for (let i = 1; i < m.origin.length; i++) if (m.origin[i] !== m.origin[0]! + i) return false;
  return true;
}

/** Are the origins known and all distinct (a view that can be written through)? */
export function isWritable(m: Model): boolean {
  if (m.origin === null) return false;
  return new Set(m.origin).size === m.origin.length;
}

/** The model of the base after writing `values` through a view whose origins are `origin`. */
export function writeThrough(base: Model, origin: readonly number[], values: readonly number[]): Model {
  const next = [...base.values];
  origin.forEach((o, i) => (next[o] = values[i]!));
  return { ...base, values: next };
}

/** Nested arrays of a model's elements (booleans for bool), for messages. */
export function nested(m: Model): unknown {
  const build = (axis: number, offset: number): unknown => {
    if (axis === m.shape.length) return m.dtype === "bool" ? m.values[offset] !== 0 : m.values[offset];
    const stride = sizeOf(m.shape.slice(axis + 1));
    return Array.from({ length: m.shape[axis]! }, (_, i) => build(axis + 1, offset + i * stride));
  };
  return build(0, 0);
}
