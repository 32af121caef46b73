/**
 * Views: new shapes and strides over the same buffer, never a copy (except
 * `reshape` of data that is not laid out to allow it, which copies).
 */
import { ShapeError, showShape } from "../errors.js";
import { contiguousStrides } from "../kernels/plan.js";
import { mappedStrides, resolveBroadcastToLayout } from "../shape/broadcast.js";
import { normalizeAxes, normalizeAxis } from "../shape/axis.js";
import { checkInteger, checkSize, describe, MAX_RANK, showList } from "../shape/validate.js";
import { Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import type { ReshapeChecked, ShapeOf } from "./types.js";
import type { WriteUndecided } from "../../types/errors.js";
import type {
  BroadcastToShapeOf,
  BroadcastToSpec,
  Flattened,
  Permuted,
  Regrouped,
  Reversed,
  Shape,
  ShapeTypeError,
  Sliced,
  WithAxis,
  WithoutAxis,
  WithoutOnes,
} from "../../types/index.js";


/**
 * A view of `x` broadcast to `target` (stride 0 on the new and stretched
 * axes), in the modes of docs/broadcasting.md §3: numpy (default), bidirectional, explicit.
 */
export function broadcastTo<
  X extends Tensor,
  const Target extends Shape,
  const Spec extends BroadcastToSpec = { mode: "numpy" },
>(
  x: X,
  target: BroadcastToShapeOf<"broadcastTo", ShapeOf<X>, Target, Spec> extends ShapeTypeError<infer Message> ? Message : Target,
  spec?: Spec,
): Tensor<BroadcastToShapeOf<"broadcastTo", ShapeOf<X>, Target, Spec> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function broadcastTo(x: Tensor, target: readonly number[], spec?: unknown): Tensor {
  assertTensor("broadcastTo", "x", x);
  const { shape, axes } = resolveBroadcastToLayout("broadcastTo", x.shape, target, spec);
  checkSize("broadcastTo", shape);
  return new Tensor(x.data, shape, mappedStrides(x.shape, x.strides, axes, shape.length), x.offset, x.dtype);
}

/** Axes reordered: axis `i` of the result is axis `axes[i]` of `x`. Without `axes`, reversed (a matrix transpose). */
// (no axes only, and first: TypeScript 7 reports the last signature's error, which must be the message)
export function permute(x: Tensor): Tensor;
export function permute<X extends Tensor, const Axes extends readonly number[]>(
  x: X,
  axes: Permuted<ShapeOf<X>, Axes> extends ShapeTypeError<infer Message> ? Message : Axes,
): Tensor<Permuted<ShapeOf<X>, Axes> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function permute(x: Tensor, axes?: readonly number[]): Tensor {
  return reorder(axes === undefined ? "transpose" : "permute", x, axes);
}

/** `permute` and `transpose`: `op` names the function the caller called. */
function reorder(op: string, x: Tensor, axes: readonly number[] | undefined): Tensor {
  assertTensor(op, "x", x);
  const rank = x.shape.length;
  const order = axes === undefined ? [...Array(rank).keys()].reverse() : axes;
  if (!Array.isArray(order)) throw new TypeError(`${op}: axes must be an array of axes, got ${describe(order)}`);
  if (order.length !== rank) {
    throw new RangeError(`${op}: axes ${showList(order)} has ${order.length} entries for a rank-${rank} tensor of shape ${showShape(x.shape)}`);
  }
  const seen = new Set<number>();
  const normalised = order.map((axis, i) => {
    const n = normalizeAxis(op, `axes[${i}]`, axis, rank);
    if (seen.has(n)) throw new RangeError(`${op}: axes ${showList(order)} names axis ${n} twice`);
    seen.add(n);
    return n;
  });
  return new Tensor(x.data, normalised.map((axis) => x.shape[axis]!), normalised.map((axis) => x.strides[axis]!), x.offset, x.dtype);
}

/** Reversed axes; with `axes`, the same as `permute`. */
export function transpose<X extends Tensor>(x: X): Tensor<Reversed<ShapeOf<X>>, X["dtype"]>;
export function transpose<X extends Tensor, const Axes extends readonly number[]>(
  x: X,
  axes: Permuted<ShapeOf<X>, Axes, "transpose"> extends ShapeTypeError<infer Message> ? Message : Axes,
): Tensor<Permuted<ShapeOf<X>, Axes, "transpose"> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function transpose(x: Tensor, axes?: readonly number[]): Tensor {
  return reorder("transpose", x, axes);
}

/** A new axis of size 1 at `axis` (in [-rank-1, rank]). */
export function expandDims<X extends Tensor, const Axis extends number>(
  x: X,
  axis: WithAxis<ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
): Tensor<WithAxis<ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function expandDims(x: Tensor, axis: number): Tensor {
  assertTensor("expandDims", "x", x);
  const at = normalizeAxis("expandDims", "axis", axis, x.shape.length + 1);
  const shape = [...x.shape];
  const strides = [...x.strides];
  shape.splice(at, 0, 1);
  strides.splice(at, 0, 0);
  checkSize("expandDims", shape);
  return new Tensor(x.data, shape, strides, x.offset, x.dtype);
}

/** Removes the size-1 axes named by `axis` (one or a list), or all size-1 axes. */
export function squeeze<X extends Tensor>(x: X): Tensor<WithoutOnes<ShapeOf<X>>, X["dtype"]>;
// (a list of axes only, before the single axis: TypeScript 7 reports the last signature's error,
// which must be the message for a single axis out of range or not of size 1)
export function squeeze(x: Tensor, axis?: readonly number[]): Tensor<number[]>;
export function squeeze<X extends Tensor, const Axis extends number>(
  x: X,
  axis: WithoutAxis<ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
): Tensor<WithoutAxis<ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function squeeze(x: Tensor, axis?: number | readonly number[]): Tensor {
  assertTensor("squeeze", "x", x);
  const rank = x.shape.length;
  const drop = new Set<number>();
  if (axis === undefined || axis === null) {
    x.shape.forEach((dim, i) => dim === 1 && drop.add(i));
  } else {
    for (const n of normalizeAxes("squeeze", "axis", axis, rank)) {
      if (x.shape[n] !== 1) {
        throw new ShapeError(`squeeze: axis ${n} has size ${x.shape[n]}, not 1; cannot squeeze ${showShape(x.shape)}`, {
          code: "rank",
          op: "squeeze",
          mode: "none",
          a: [...x.shape],
          b: [],
          axis: n,
        });
      }
      drop.add(n);
    }
  }
  const keep = [...Array(rank).keys()].filter((i) => !drop.has(i));
  return new Tensor(x.data, keep.map((i) => x.shape[i]!), keep.map((i) => x.strides[i]!), x.offset, x.dtype);
}

/** One axis of a slice: `[start, stop)` with `step`, as Python's `slice`; negative values count from the end. */
export interface SliceSpec {
  // (`| undefined`: see CreateOptions)
  readonly start?: number | undefined;
  readonly stop?: number | undefined;
  readonly step?: number | undefined;
}

/**
 * A view of part of `x`: per axis an index (the axis is dropped), a
 * `{ start, stop, step }` (negative values count from the end, a negative
 * step walks backwards), or `null`/omitted for the whole axis.
 */
export function slice<X extends Tensor, const Specs extends readonly (number | SliceSpec | null | undefined)[]>(
  x: X,
  ...specs: Specs
): Tensor<Sliced<ShapeOf<X>, Specs>, X["dtype"]>;
export function slice(x: Tensor, ...specs: (number | SliceSpec | null | undefined)[]): Tensor {
  assertTensor("slice", "x", x);
  if (specs.length > x.shape.length) {
    throw new RangeError(`slice: ${specs.length} axes given for a rank-${x.shape.length} tensor of shape ${showShape(x.shape)}`);
  }
  for (let axis = 0; axis < specs.length; axis++) {
    const spec = specs[axis];
    if (spec === null || spec === undefined || typeof spec === "number") continue;
    if (typeof spec !== "object" || Array.isArray(spec)) {
      throw new TypeError(`slice: axis ${axis} takes an index, { start, stop, step } or null, got ${describe(spec)}`);
    }
    for (const key of Object.keys(spec)) {
      if (key !== "start" && key !== "stop" && key !== "step") {
        throw new TypeError(`slice: axis ${axis} has an unknown field "${key}" (a slice is { start, stop, step })`);
      }
    }
  }
  const shape: number[] = [];
  const strides: number[] = [];
  let offset = x.offset;
  for (let axis = 0; axis < x.shape.length; axis++) {
    const dim = x.shape[axis]!;
    const stride = x.strides[axis]!;
    const spec = specs[axis];
    if (typeof spec === "number") {
      checkInteger("slice", `index on axis ${axis}`, spec);
      if (spec < -dim || spec >= dim) {
        const range = dim === 0 ? "the axis is empty" : `use -${dim} to ${dim - 1}`;
        throw new RangeError(`slice: index ${spec} on axis ${axis} is out of range for its size ${dim} (${range})`);
      }
      offset += (spec < 0 ? spec + dim : spec) * stride;
      continue;
    }
    const step = spec?.step === undefined ? 1 : spec.step; // (null is no step: a TypeError below)
    checkInteger("slice", `step on axis ${axis}`, step);
    if (step === 0) throw new RangeError(`slice: step on axis ${axis} must be a non-zero integer, got number 0`);
    const clamp = (value: number | undefined, fallback: number, name: string): number => {
      if (value === undefined) return fallback;
      checkInteger("slice", `${name} on axis ${axis}`, value);
      const v = value < 0 ? value + dim : value;
      return step > 0 ? Math.min(Math.max(v, 0), dim) : Math.min(Math.max(v, -1), dim - 1);
    };
    const start = clamp(spec?.start, step > 0 ? 0 : dim - 1, "start");
    const stop = clamp(spec?.stop, step > 0 ? dim : -1, "stop");
    const length = Math.max(0, Math.ceil((stop - start) / step));
    shape.push(length);
    strides.push(stride * step);
    if (length > 0) offset += start * stride;
  }
  return new Tensor(x.data, shape, strides, offset, x.dtype);
}

/**
 * The same elements in a new shape (row-major order). One size may be -1, to
 * be inferred. A view when the layout allows it, else a contiguous copy.
 */
// One signature: `Regrouped` is the rule on concrete shapes, and on shapes holding type
// parameters it keeps the sizes both shapes share at either end (docs/generic-code.md).
export function reshape<X extends Tensor, const Target extends Shape>(
  x: X,
  shape: ReshapeChecked<WriteUndecided<"reshape">, ShapeOf<X>, Target>,
): Tensor<Regrouped<ShapeOf<X>, Target> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function reshape(x: Tensor, shape: readonly number[]): Tensor {
  const op = "reshape";
  assertTensor(op, "x", x);
  if (!Array.isArray(shape)) throw new TypeError(`${op}: shape must be an array of sizes, got ${describe(shape)}`);
  if (shape.length > MAX_RANK) throw new RangeError(`${op}: shape has ${shape.length} axes; a tensor has at most ${MAX_RANK}`);
  let inferred = -1;
  let known = 1;
  for (let axis = 0; axis < shape.length; axis++) {
    const dim = shape[axis];
    if (dim === -1) {
      if (inferred >= 0) throw new RangeError(`${op}: only one size may be -1, got ${showShape(shape)}`);
      inferred = axis;
    } else if (typeof dim !== "number") {
      throw new TypeError(`${op}: shape[${axis}] must be a number, got ${describe(dim)}`);
    } else if (!Number.isSafeInteger(dim) || dim < 0) {
      throw new RangeError(`${op}: shape[${axis}] = ${describe(dim)} is not a valid size (sizes are non-negative integers, or one -1)`);
    } else {
      known *= dim;
    }
  }
  // the limits first: a product of huge sizes must not pass for a count (it may be NaN or Infinity)
  checkSize(op, shape.map((dim) => (dim === -1 ? 1 : (dim as number))), "the result", shape as number[]);
  const target = [...shape];
  if (inferred >= 0) {
    if (known === 0 || x.size % known !== 0) {
      throw new ShapeError(
        `${op}: cannot infer -1: ${x.size} elements of ${showShape(x.shape)} do not split into ${showShape(shape)}`,
        { code: "size", op, mode: "none", a: [...x.shape], b: [...shape], axis: inferred },
      );
    }
    target[inferred] = x.size / known;
  } else if (known !== x.size) {
    throw new ShapeError(`${op}: ${showShape(x.shape)} has ${x.size} elements but ${showShape(shape)} holds ${known}`, {
      code: "size",
      op,
      mode: "none",
      a: [...x.shape],
      b: [...shape],
    });
  }
  checkSize(op, target);
  if (x.isContiguous) return new Tensor(x.data, target, contiguousStrides(target), x.offset, x.dtype);
  return new Tensor(x.toTypedArray(), target, contiguousStrides(target), 0, x.dtype);
}

/**
 * Axes `startAxis`..`endAxis` (inclusive; negative counts from the end)
 * merged into one axis of their product, as `reshape` would; a rank-0 tensor
 * becomes `[1]`. By default every axis: a 1-D tensor of all the elements.
 *
 * @example
 * flatten(zeros([8, 3, 32, 32]), 1)    // Tensor<[8, 3072]>
 */
export function flatten<X extends Tensor, const Start extends number = 0, const End extends number = -1>(
  x: X,
  startAxis?: Flattened<ShapeOf<X>, Start, End> extends ShapeTypeError<infer Message> ? Message : Start,
  endAxis?: End,
): Tensor<Flattened<ShapeOf<X>, Start, End> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function flatten(x: Tensor, startAxis: number = 0, endAxis: number = -1): Tensor {
  const op = "flatten";
  assertTensor(op, "x", x);
  const shape = x.shape.length === 0 ? [1] : [...x.shape];
  const start = normalizeAxis(op, "startAxis", startAxis, shape.length);
  const end = normalizeAxis(op, "endAxis", endAxis, shape.length);
  if (start > end) {
    throw new RangeError(`${op}: startAxis ${startAxis} comes after endAxis ${endAxis} (axes ${start} and ${end} of a rank-${shape.length} tensor)`);
  }
  const merged = shape.slice(start, end + 1).reduce((product, size) => product * size, 1);
  return reshape(x, [...shape.slice(0, start), merged, ...shape.slice(end + 1)]);
}
