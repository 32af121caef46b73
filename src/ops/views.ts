/**
 * Views: new shapes and strides over the same buffer, never a copy (except
 * `reshape` of data that is not laid out to allow it, which copies).
 */
import { recorded } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { mappedStrides, resolveBroadcastToLayout } from "../shape/broadcast.js";
import { reshapedShape } from "../shape/reshape.js";
import { type SliceSpec, slicePlan } from "../shape/slice.js";
import { flattenedShape, newAxis, permutation, squeezeKept } from "../shape/views.js";
import { checkSize } from "../shape/validate.js";
import { type AnyTensor, copyElements, storageOf, Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import type { BroadcastToChecked, BroadcastToResult, DynamicOnto, DynamicLead, DynamicTarget, KeptOf, LeadOf, NoLead, OntoChecked, PermutedChecked, ReshapeChecked, ReshapeOut, ShapeOf, SliceChecked, SqueezeChecked, TargetWithMinusOne } from "./types.js";
import type { WriteUndecided } from "../../types/errors.js";
import type {
  BroadcastToSpec,
  Flattened,
  Permuted,
  Reversed,
  Shape,
  ShapeTypeError,
  Sliced,
  WithAxis,
  WithoutAxis,
  WithoutOnes,
} from "../../types/index.js";
import { defineOps } from "./methods.js";

export type { SliceSpec };


/**
 * A view of `x` broadcast to `target` (stride 0 on the new and stretched
 * axes), in the modes of docs/broadcasting.md §3: numpy (default), bidirectional, explicit.
 */
// One signature (so a misfit's message is the first line of the compiler's error): the rule, or
// numpy broadcasting decided by structure for targets holding type parameters (`OntoChecked`:
// each size 1 or the target's own), whose result is the target.
export function broadcastTo<
  X extends AnyTensor,
  const Target extends Shape,
  const Spec extends BroadcastToSpec = { mode: "numpy" },
>(
  x: X,
  target: BroadcastToChecked<WriteUndecided<"broadcastTo">, ShapeOf<X>, Target, Spec> | OntoChecked<ShapeOf<X>, Target, Spec> | DynamicOnto<ShapeOf<X>, Target, Spec>,
  spec?: Spec,
): Tensor<BroadcastToResult<ShapeOf<X>, Target, Spec>, X["dtype"]>;
export function broadcastTo(x: Tensor, target: readonly number[], spec?: unknown): Tensor {
  assertTensor("broadcastTo", "x", x);
  const { shape, axes } = resolveBroadcastToLayout("broadcastTo", x.shape, target, spec);
  checkSize("broadcastTo", shape);
  return recorded("broadcastTo", [x, target, spec], new Tensor(storageOf(x), shape, mappedStrides(x.shape, x.strides, axes, shape.length), x.offset, x.dtype));
}

/** Axes reordered: axis `i` of the result is axis `axes[i]` of `x`. Without `axes`, reversed (a matrix transpose). */
// (no axes only, and first: TypeScript 7 reports the last signature's error, which must be the message)
export function permute(x: Tensor): Tensor;
export function permute<X extends AnyTensor, const Axes extends readonly number[]>(
  x: X,
  axes: PermutedChecked<Permuted<ShapeOf<X>, Axes>, Axes>,
): Tensor<Permuted<ShapeOf<X>, Axes> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function permute(x: Tensor, axes?: readonly number[]): Tensor {
  return reorder(axes === undefined ? "transpose" : "permute", x, axes);
}

/** `permute` and `transpose`: `op` names the function the caller called. */
function reorder(op: string, x: Tensor, axes: readonly number[] | undefined): Tensor {
  assertTensor(op, "x", x);
  const order = permutation(op, x.shape, axes);
  // recorded as a permute with the order resolved, whichever function was called
  return recorded("permute", [x, order], new Tensor(storageOf(x), order.map((axis) => x.shape[axis]!), order.map((axis) => x.strides[axis]!), x.offset, x.dtype));
}

/** Reversed axes; with `axes`, the same as `permute`. */
export function transpose<X extends AnyTensor>(x: X): Tensor<Reversed<ShapeOf<X>>, X["dtype"]>;
export function transpose<X extends AnyTensor, const Axes extends readonly number[]>(
  x: X,
  axes: PermutedChecked<Permuted<ShapeOf<X>, Axes, "transpose">, Axes>,
): Tensor<Permuted<ShapeOf<X>, Axes, "transpose"> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function transpose(x: Tensor, axes?: readonly number[]): Tensor {
  return reorder("transpose", x, axes);
}

/** A new axis of size 1 at `axis` (in [-rank-1, rank]). */
export function expandDims<X extends AnyTensor, const Axis extends number>(
  x: X,
  axis: WithAxis<ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
): Tensor<WithAxis<ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function expandDims(x: Tensor, axis: number): Tensor {
  assertTensor("expandDims", "x", x);
  const at = newAxis(x.shape, axis);
  const shape = [...x.shape];
  const strides = [...x.strides];
  shape.splice(at, 0, 1);
  strides.splice(at, 0, 0);
  checkSize("expandDims", shape);
  return recorded("expandDims", [x, axis], new Tensor(storageOf(x), shape, strides, x.offset, x.dtype));
}

/** Removes the size-1 axes named by `axis` (one or a list), or all size-1 axes. */
export function squeeze<X extends AnyTensor>(x: X): Tensor<WithoutOnes<ShapeOf<X>>, X["dtype"]>;
// (a list of axes only, before the single axis: TypeScript 7 reports the last signature's error,
// which must be the message for a single axis out of range or not of size 1)
export function squeeze(x: Tensor, axis?: readonly number[]): Tensor<number[]>;
export function squeeze<X extends AnyTensor, const Axis extends number>(
  x: X,
  axis: SqueezeChecked<WriteUndecided<"squeeze">, ShapeOf<X>, Axis>,
): Tensor<WithoutAxis<ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function squeeze(x: Tensor, axis?: number | readonly number[]): Tensor {
  assertTensor("squeeze", "x", x);
  const keep = squeezeKept(x.shape, axis);
  return recorded("squeeze", [x, axis], new Tensor(storageOf(x), keep.map((i) => x.shape[i]!), keep.map((i) => x.strides[i]!), x.offset, x.dtype));
}

/**
 * A view of part of `x`: per axis an index (the axis is dropped), a
 * `{ start, stop, step }` (negative values count from the end, a negative
 * step walks backwards), or `null`/omitted for the whole axis.
 */
export function slice<X extends AnyTensor, const Specs extends readonly (number | SliceSpec | null | undefined)[]>(
  x: X,
  ...specs: SliceChecked<ShapeOf<X>, Specs>
): Tensor<Sliced<ShapeOf<X>, Specs>, X["dtype"]>;
export function slice(x: Tensor, ...specs: (number | SliceSpec | null | undefined)[]): Tensor {
  assertTensor("slice", "x", x);
  const shape: number[] = [];
  const strides: number[] = [];
  let offset = x.offset;
  slicePlan(x.shape, specs).forEach((plan, axis) => {
    const stride = x.strides[axis]!;
    if ("index" in plan) {
      offset += plan.index * stride;
      return;
    }
    shape.push(plan.length);
    // an axis left with one element (or none) keeps its stride: step times stride would only
    // describe where a second element would be, and a huge step would carry it past 2^53
    strides.push(plan.length > 1 ? stride * plan.step : stride);
    if (plan.length > 0) offset += plan.start * stride;
  });
  return recorded("slice", [x, ...specs], new Tensor(storageOf(x), shape, strides, offset, x.dtype));
}

/**
 * The same elements in a new shape (row-major order). One size may be -1, to
 * be inferred. A view when the layout allows it, else a contiguous copy.
 */
// One signature: `Regrouped` is the rule on concrete shapes, and on shapes holding type
// parameters it keeps the sizes both shapes share at either end (docs/generic-code.md); a
// dynamic tensor's target is kept as written through `Kept` (see `KeptTarget`).
export function reshape<X extends AnyTensor, const Target extends Shape, const Kept extends KeptOf<ShapeOf<X>, Target> = TargetWithMinusOne, const Lead extends LeadOf<ShapeOf<X>, Target> = NoLead>(
  x: X,
  shape: ReshapeChecked<WriteUndecided<"reshape">, ShapeOf<X>, Target, Lead> | DynamicTarget<ShapeOf<X>, Kept> | DynamicLead<ShapeOf<X>, Lead>,
): Tensor<ReshapeOut<ShapeOf<X>, Target, Kept, Lead>, X["dtype"]>;
export function reshape(x: Tensor, shape: readonly number[]): Tensor {
  assertTensor("reshape", "x", x);
  const target = reshapedShape(x.shape, x.size, shape);
  const result = x.isContiguous
    ? new Tensor(storageOf(x), target, contiguousStrides(target), x.offset, x.dtype)
    : new Tensor(copyElements("reshape", x), target, contiguousStrides(target), 0, x.dtype);
  return recorded("reshape", [x, shape], result);
}

/**
 * Axes `startAxis`..`endAxis` (inclusive; negative counts from the end)
 * merged into one axis of their product, as `reshape` would; a rank-0 tensor
 * becomes `[1]`. By default every axis: a 1-D tensor of all the elements.
 *
 * @example
 * flatten(zeros([8, 3, 32, 32]), 1)    // Tensor<[8, 3072]>
 */
export function flatten<X extends AnyTensor, const Start extends number = 0, const End extends number = -1>(
  x: X,
  startAxis?: Flattened<ShapeOf<X>, Start, End> extends ShapeTypeError<infer Message> ? Message : Start,
  endAxis?: End,
): Tensor<Flattened<ShapeOf<X>, Start, End> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
export function flatten(x: Tensor, startAxis: number = 0, endAxis: number = -1): Tensor {
  assertTensor("flatten", "x", x);
  return reshape(x, flattenedShape(x.shape, startAxis, endAxis));
}

// Tensor's methods call these (src/ops/methods.ts): overloaded functions, recorded with the module
defineOps({ broadcastTo, expandDims, flatten, permute, reshape, slice, squeeze, transpose });
