/**
 * `einsum(subscripts, ...operands)`: sums of products named by letters, as
 * NumPy's einsum (src/shape/einsum.ts reads the subscripts and checks the
 * shapes). How it runs:
 *
 * 1. each operand becomes a view whose axes are distinct labels: a letter named
 *    twice takes the diagonal (one axis whose stride is the sum of both), a
 *    "..." axis of size 1 broadcasts (stride 0); an operand of another dtype
 *    than the result's is cast to it first, so every sum is in the result's dtype;
 * 2. the operands are contracted pairwise, left to right. Before each product
 *    a label only one side has and nothing later needs is summed out (a strided
 *    loop); then both sides are permuted to [batch, free, contracted] and
 *    [batch, contracted, free], regrouped into 3-D (a view when the strides
 *    allow, else a copy) and multiplied by `matmul`'s batched kernel;
 * 3. the last labels are summed out or permuted into the output's order, into
 *    a new contiguous tensor.
 */
import { allocate, allocateArray, arithmeticDType, type DType, isInteger, promote } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { einsumPlan } from "../shape/einsum.js";
import { checkSize, describe } from "../shape/validate.js";
import { copyElements, elementsOf, storageOf, Tensor } from "../tensor.js";
import { cast } from "./elementwise.js";
import { assertTensor } from "./engine.js";
import { matmul } from "./matmul.js";
import type { EinsumOp } from "./types.js";

/** A view whose axes are named by distinct labels. */
interface Labeled {
  readonly t: Tensor;
  readonly labels: readonly string[];
}

/** The operand with each repeated label merged into one axis (its diagonal) and its "..." axes at their broadcast sizes. */
function labeled(t: Tensor, labels: readonly string[], sizes: ReadonlyMap<string, number>): Labeled {
  const own: string[] = [];
  const shape: number[] = [];
  const strides: number[] = [];
  labels.forEach((label, axis) => {
    const at = own.indexOf(label);
    if (at !== -1) {
      strides[at]! += t.strides[axis]!;
      return;
    }
    const size = sizes.get(label)!;
    own.push(label);
    shape.push(size);
    // a "..." axis of size 1 against a larger broadcast size repeats its one element
    strides.push(t.shape[axis] === size ? t.strides[axis]! : 0);
  });
  return { t: new Tensor(storageOf(t), shape, strides, t.offset, t.dtype), labels: own };
}

/**
 * `x` summed over its labels not in `keep`, into a new contiguous tensor of `dtype` whose axes
 * are the kept labels in x's order. Integer sums wrap in int32 (stored modulo 2^8 for uint8),
 * float sums are taken in doubles and stored once.
 */
function sumOut(x: Labeled, keep: (label: string) => boolean, dtype: DType): Labeled {
  const { t } = x;
  const kept = x.labels.map(keep);
  const shape = t.shape.filter((_, axis) => kept[axis]);
  const size = checkSize("einsum", shape);
  const outStrides = contiguousStrides(shape);
  // each axis of x steps the output by its kept stride, or not at all
  const step: number[] = [];
  let k = 0;
  for (let axis = 0; axis < t.shape.length; axis++) step.push(kept[axis] ? outStrides[k++]! : 0);
  const integer = isInteger(dtype);
  const sums = integer ? allocateArray("einsum", Int32Array, size) : allocateArray("einsum", Float64Array, size);
  const count = t.size;
  if (count > 0) {
    const rank = t.shape.length;
    const index = new Array<number>(rank).fill(0);
    const data = elementsOf(t);
    let source = t.offset;
    let target = 0;
    for (let n = 0; n < count; n++) {
      sums[target] = integer ? (sums[target]! + data[source]!) | 0 : sums[target]! + data[source]!;
      // an axis moves the positions only while it stays inside itself: a size-1 axis's stride,
      // whatever it is, is never added
      for (let axis = rank - 1; axis >= 0; axis--) {
        if (++index[axis]! < t.shape[axis]!) {
          source += t.strides[axis]!;
          target += step[axis]!;
          break;
        }
        source -= t.strides[axis]! * (t.shape[axis]! - 1);
        target -= step[axis]! * (t.shape[axis]! - 1);
        index[axis] = 0;
      }
    }
  }
  const out = allocate("einsum", dtype, size);
  for (let i = 0; i < size; i++) out[i] = sums[i]!;
  return { t: new Tensor(out, shape, outStrides, 0, dtype), labels: x.labels.filter((_, axis) => kept[axis]) };
}

/** `x` permuted to `order` (a list of its labels) as a view. */
function permuted(x: Labeled, order: readonly string[]): Tensor {
  const axes = order.map((label) => x.labels.indexOf(label));
  return new Tensor(storageOf(x.t), axes.map((a) => x.t.shape[a]!), axes.map((a) => x.t.strides[a]!), x.t.offset, x.t.dtype);
}

/**
 * `t` with consecutive groups of axes (`groups` gives their lengths) merged into one each: a
 * view when every group's strides nest (sizes of 1 skipped), else a contiguous copy regrouped.
 */
function grouped(t: Tensor, groups: readonly number[]): Tensor {
  const shape: number[] = [];
  const strides: number[] = [];
  let axis = 0;
  let viewable = true;
  for (const length of groups) {
    let size = 1;
    let stride = 0;
    // the group's axes from the innermost out: each stride must be the next one's span
    let span = -1;
    for (let a = axis + length - 1; a >= axis; a--) {
      const dim = t.shape[a]!;
      size *= dim;
      if (dim === 1) continue;
      if (span === -1) stride = t.strides[a]!;
      else if (t.strides[a] !== span) viewable = false;
      span = t.strides[a]! * dim;
    }
    shape.push(size);
    strides.push(stride);
    axis += length;
  }
  if (viewable || t.size === 0) return new Tensor(storageOf(t), shape, strides, t.offset, t.dtype);
  return new Tensor(copyElements("einsum", t), shape, contiguousStrides(shape), 0, t.dtype);
}

/** The product of `a` and `b` summed over their shared labels not in `keep`: labels [batch, a's free, b's free]. */
function contract(a: Labeled, b: Labeled, keep: (label: string) => boolean, dtype: DType): Labeled {
  const inB = new Set(b.labels);
  const inA = new Set(a.labels);
  // a label one side alone has and nothing later needs: summed out before the product
  if (a.labels.some((label) => !inB.has(label) && !keep(label))) a = sumOut(a, (label) => inB.has(label) || keep(label), dtype);
  if (b.labels.some((label) => !inA.has(label) && !keep(label))) b = sumOut(b, (label) => inA.has(label) || keep(label), dtype);
  const batch = a.labels.filter((label) => inB.has(label) && keep(label));
  const summed = a.labels.filter((label) => inB.has(label) && !keep(label));
  const freeA = a.labels.filter((label) => !inB.has(label));
  const freeB = b.labels.filter((label) => !inA.has(label));
  const left = grouped(permuted(a, [...batch, ...freeA, ...summed]), [batch.length, freeA.length, summed.length]);
  const right = grouped(permuted(b, [...batch, ...summed, ...freeB]), [batch.length, summed.length, freeB.length]);
  const product = matmul(left as Tensor<[number, number, number]>, right as Tensor<[number, number, number]>) as Tensor;
  const sizeOf = (x: Labeled, label: string) => x.t.shape[x.labels.indexOf(label)]!;
  const shape = [...batch.map((label) => sizeOf(a, label)), ...freeA.map((label) => sizeOf(a, label)), ...freeB.map((label) => sizeOf(b, label))];
  return { t: new Tensor(storageOf(product), shape, contiguousStrides(shape), 0, product.dtype), labels: [...batch, ...freeA, ...freeB] };
}

export const einsum = /* @__PURE__ */ traced("einsum", (subscripts: unknown, ...operands: unknown[]) => {
  if (typeof subscripts !== "string") throw new TypeError(`einsum: subscripts must be a string such as "ij,jk->ik", got ${describe(subscripts)}`);
  operands.forEach((operand, i) => assertTensor("einsum", `operand ${i}`, operand));
  const tensors = operands as Tensor[];
  const plan = einsumPlan(subscripts, tensors.map((t) => t.shape));
  // arithmetic's dtype over all operands: the latest on the promotion chain, bools alone in int32
  const promoted = tensors.reduce<DType>((d, t) => promote(d, t.dtype), "bool");
  const dtype = arithmeticDType(promoted, promoted);
  const size = checkSize("einsum", plan.shape);
  const views = tensors.map((t, i) => labeled(t.dtype === dtype ? t : cast(t, dtype), plan.inputs[i]!, plan.sizes));
  const output = new Set(plan.output);
  // left to right: each product keeps the labels of the output and of the operands after it
  let current = views[0]!;
  for (let i = 1; i < views.length; i++) {
    const later = new Set(views.slice(i + 1).flatMap((v) => v.labels));
    current = contract(current, views[i]!, (label) => output.has(label) || later.has(label), dtype);
  }
  if (current.labels.some((label) => !output.has(label))) current = sumOut(current, (label) => output.has(label), dtype);
  // the output's order in a new contiguous tensor: a fresh product already in that order is the result
  // itself, anything else (a view of an operand, a permuted product) is read out in that order
  const result = permuted(current, plan.output);
  const fresh = current !== views[0];
  const data = fresh && result.offset === 0 && result.isContiguous ? elementsOf(result) : copyElements("einsum", result);
  if (size === 0) return new Tensor(allocate("einsum", dtype, 0), plan.shape, contiguousStrides(plan.shape), 0, dtype);
  return new Tensor(data, plan.shape, contiguousStrides(plan.shape), 0, dtype);
}) as EinsumOp;
