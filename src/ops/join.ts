/**
 * Joining tensors: `concat` along an existing axis and `stack` along a new
 * one. Inputs are copied through their strides into slices of the result;
 * the dtype promotes across all inputs.
 */
import { allocate, type DType, promote } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { makeUnaryKernel, type Writable } from "../kernels/binary.js";
import { contiguousStrides, type Operand, planIteration } from "../kernels/plan.js";
import { elementsOf, storageOf, Tensor, viewOf } from "../tensor.js";
import { assertTensor } from "./engine.js";
import { concatLayout, stackLayout, writeJoinEmpty } from "../shape/join.js";
import { checkSize, describe } from "../shape/validate.js";
import type { ConcatOp, StackOp } from "./types.js";

const copyKernel = makeUnaryKernel((x) => x);

/** Copies `shape` elements read through `source`'s strides to `target`'s (plain operands: any rank). */
export function copyStrided(shape: readonly number[], target: Operand<Writable>, source: Operand): void {
  copyKernel(planIteration(shape, [target.strides, source.strides]), target, source);
}

/** Writes `source` into the part of `target` that starts at `offset` (same shape, target's strides). */
export function copyInto(target: Tensor, offset: number, source: Tensor): void {
  copyStrided(source.shape, { data: elementsOf(target), offset, strides: target.strides }, viewOf(source));
}

function checkList(op: string, tensors: unknown): asserts tensors is Tensor[] {
  if (!Array.isArray(tensors)) throw new TypeError(`${op}: tensors must be an array of tensors, got ${describe(tensors)}`);
  if (tensors.length === 0) throw new RangeError(writeJoinEmpty(op));
  // (a loop, not forEach: forEach skips the holes of a sparse array, and a hole is not a tensor)
  for (let i = 0; i < tensors.length; i++) assertTensor(op, `tensors[${i}]`, tensors[i]);
}

const dtypeOf = (tensors: Tensor[]): DType => tensors.reduce<DType>((d, t) => promote(d, t.dtype), tensors[0]!.dtype);

/** The tensors joined along an existing axis (default 0): the sizes on it add up, all others must match. */
export const concat = /* @__PURE__ */ traced("concat", (tensors: unknown, axis: unknown = 0) => {
  const op = "concat";
  checkList(op, tensors);
  const { shape, at } = concatLayout(tensors.map((t) => t.shape), axis);
  const dtype = dtypeOf(tensors);
  const out = new Tensor(allocate(op, dtype, checkSize(op, shape)), shape, contiguousStrides(shape), 0, dtype);
  let start = 0;
  for (const t of tensors) {
    copyInto(out, start * out.strides[at]!, t);
    start += t.shape[at]!;
  }
  return out;
}) as ConcatOp;

/** Tensors of one shape stacked along a new axis (default 0) of size `tensors.length`. */
export const stack = /* @__PURE__ */ traced("stack", (tensors: unknown, axis: unknown = 0) => {
  const op = "stack";
  checkList(op, tensors);
  const first = tensors[0]!;
  const { shape, at } = stackLayout(tensors.map((t) => t.shape), axis);
  const dtype = dtypeOf(tensors);
  const out = new Tensor(allocate(op, dtype, checkSize(op, shape)), shape, contiguousStrides(shape), 0, dtype);
  // each input fills one index of the new axis: a view of out without that axis
  const viewStrides = out.strides.filter((_, a) => a !== at);
  tensors.forEach((t, i) => {
    const slot = new Tensor(storageOf(out), [...first.shape], viewStrides, i * out.strides[at]!, dtype);
    copyInto(slot, slot.offset, t);
  });
  return out;
}) as StackOp;
