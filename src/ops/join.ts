/**
 * Joining tensors: `concat` along an existing axis and `stack` along a new
 * one. Inputs are copied through their strides into slices of the result;
 * the dtype promotes across all inputs.
 */
import { allocate, type DType, promote } from "../dtype.js";
import { ShapeError, showShape } from "../errors.js";
import { makeUnaryKernel, type Writable } from "../kernels/binary.js";
import { contiguousStrides, type Operand, planIteration } from "../kernels/plan.js";
import { Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import { checkInteger, checkSize, describe } from "../shape/validate.js";
import type { ConcatOp, StackOp } from "./types.js";
import { normalizeAxis } from "../shape/axis.js";

const copyKernel = makeUnaryKernel((x) => x);

/** Copies `shape` elements read through `source`'s strides to `target`'s (plain operands: any rank). */
export function copyStrided(shape: readonly number[], target: Operand<Writable>, source: Operand): void {
  copyKernel(planIteration(shape, [target.strides, source.strides]), target, source);
}

/** Writes `source` into the part of `target` that starts at `offset` (same shape, target's strides). */
export function copyInto(target: Tensor, offset: number, source: Tensor): void {
  copyStrided(source.shape, { data: target.data, offset, strides: target.strides }, source);
}

function checkList(op: string, tensors: unknown): asserts tensors is Tensor[] {
  if (!Array.isArray(tensors)) throw new TypeError(`${op}: tensors must be an array of tensors, got ${describe(tensors)}`);
  if (tensors.length === 0) throw new RangeError(`${op}: tensors must hold at least one tensor`);
  // (a loop, not forEach: forEach skips the holes of a sparse array, and a hole is not a tensor)
  for (let i = 0; i < tensors.length; i++) assertTensor(op, `tensors[${i}]`, tensors[i]);
}

const joinError = (op: string, detail: string, first: Tensor, other: Tensor): ShapeError =>
  new ShapeError(`${op}: ${detail}; cannot join ${showShape(first.shape)} with ${showShape(other.shape)}`, {
    code: "mismatch",
    op,
    mode: "none",
    a: [...first.shape],
    b: [...other.shape],
  });

/** Every tensor has the first one's rank and, except on `skip`, its sizes. */
function checkAlike(op: string, tensors: Tensor[], skip: number): void {
  const first = tensors[0]!;
  for (let i = 1; i < tensors.length; i++) {
    const t = tensors[i]!;
    if (t.shape.length !== first.shape.length) {
      throw joinError(op, `tensors[${i}] has rank ${t.shape.length} vs ${first.shape.length} of tensors[0]`, first, t);
    }
    for (let axis = 0; axis < t.shape.length; axis++) {
      if (axis !== skip && t.shape[axis] !== first.shape[axis]) {
        throw joinError(op, `tensors[${i}] axis ${axis} has ${t.shape[axis]} vs ${first.shape[axis]} in tensors[0]`, first, t);
      }
    }
  }
}

const dtypeOf = (tensors: Tensor[]): DType => tensors.reduce<DType>((d, t) => promote(d, t.dtype), tensors[0]!.dtype);

/** The tensors joined along an existing axis (default 0): the sizes on it add up, all others must match. */
export const concat = ((tensors: unknown, axis: unknown = 0) => {
  const op = "concat";
  checkList(op, tensors);
  const first = tensors[0]!;
  const at = normalizeAxis(op, "axis", axis, first.shape.length);
  checkAlike(op, tensors, at);
  const shape = [...first.shape];
  shape[at] = tensors.reduce((total, t) => total + t.shape[at]!, 0);
  const dtype = dtypeOf(tensors);
  const out = new Tensor(allocate(dtype, checkSize(op, shape)), shape, contiguousStrides(shape), 0, dtype);
  let start = 0;
  for (const t of tensors) {
    copyInto(out, start * out.strides[at]!, t);
    start += t.shape[at]!;
  }
  return out;
}) as ConcatOp;

/** Tensors of one shape stacked along a new axis (default 0) of size `tensors.length`. */
export const stack = ((tensors: unknown, axis: unknown = 0) => {
  const op = "stack";
  checkList(op, tensors);
  const first = tensors[0]!;
  checkAlike(op, tensors, -1);
  const rank = first.shape.length + 1;
  checkInteger(op, "axis", axis);
  if (axis < -rank || axis >= rank) throw new RangeError(`${op}: axis ${axis} is out of range for a rank-${rank} result`);
  const at = axis < 0 ? axis + rank : axis;
  const shape = [...first.shape.slice(0, at), tensors.length, ...first.shape.slice(at)];
  const dtype = dtypeOf(tensors);
  const out = new Tensor(allocate(dtype, checkSize(op, shape)), shape, contiguousStrides(shape), 0, dtype);
  // each input fills one index of the new axis: a view of out without that axis
  const viewStrides = out.strides.filter((_, a) => a !== at);
  tensors.forEach((t, i) => {
    const slot = new Tensor(out.data, [...first.shape], viewStrides, i * out.strides[at]!, dtype);
    copyInto(slot, slot.offset, t);
  });
  return out;
}) as StackOp;
