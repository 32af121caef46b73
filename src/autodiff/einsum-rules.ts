/**
 * The gradient rule of `einsum(subscripts, ...operands)`. The result is
 * linear in each operand, so the gradient of operand i is an einsum too: of g
 * (written with the output's subscripts) and the other operands, giving
 * operand i's labels. The subscripts are read by the forward op's own parser
 * (`einsumPlan`, src/shape/einsum.ts), and every case it accepts has its
 * gradient:
 *
 * - implicit output (no "->"): g's subscripts are the output the parser
 *   chose ("..." first, then the letters named once, sorted);
 * - a letter of operand i alone (in no other operand, not in the output),
 *   which the forward pass sums over: every element along it gets the same
 *   gradient, so it is left out of the gradient's einsum and broadcast back;
 * - "...": the gradient's einsum gives every "..." axis at its broadcast size;
 *   those operand i lacks (fewer "..." axes, or none) and those where it has
 *   size 1 against a larger size are summed back;
 * - a letter repeated within operand i (a diagonal, "ii->i"): the gradient of
 *   the diagonal is laid on it, every element off it gets 0.
 *
 * It is written with the library's ops (einsum, sum, reshape, broadcastTo,
 * mul by a constant 0/1 mask), so a gradient of a gradient is exact.
 */
import { allocate } from "../dtype.js";
import { contiguousStrides } from "../kernels/plan.js";
import * as library from "../ops/library.js";
import { einsumPlan, type EinsumPlan } from "../shape/einsum.js";
import { Tensor } from "../tensor.js";
import type { GradientRule, Pairs } from "./rules.js";

type Op = (...args: unknown[]) => Tensor;
/** The ops, as the rule calls them: shapes known only at run time. */
const forward = (name: string): Op => (library as unknown as Readonly<Record<string, Op>>)[name]!;

/** Is the label one of the "..." axes (`.k`, the parser's name for the k-th from the right)? */
const isEllipsis = (label: string): boolean => label.startsWith(".");

/** Labels written as subscripts: letters as they are, the run of "..." labels as "...". */
function written(labels: readonly string[]): string {
  let text = "";
  let dots = false;
  for (const label of labels) {
    if (!isEllipsis(label)) text += label;
    else if (!dots) {
      text += "...";
      dots = true;
    }
  }
  return text;
}

const sameShape = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((d, i) => d === b[i]);

/**
 * A 0/1 tensor of operand `labels`' `shape` and `dtype`: 1 where every
 * repeated label has the same index on each of its axes.
 */
function diagonalMask(labels: readonly string[], shape: readonly number[], dtype: Tensor["dtype"]): Tensor {
  const first = labels.map((label) => labels.indexOf(label));
  const size = shape.reduce((p, d) => p * d, 1);
  const data = allocate("einsum", dtype, size);
  const rank = shape.length;
  const index = new Array<number>(rank).fill(0);
  for (let n = 0; n < size; n++) {
    let on = true;
    for (let axis = 0; axis < rank && on; axis++) on = index[axis] === index[first[axis]!];
    data[n] = on ? 1 : 0;
    for (let axis = rank - 1; axis >= 0; axis--) {
      if (++index[axis]! < shape[axis]!) break;
      index[axis] = 0;
    }
  }
  return new Tensor(data, [...shape], contiguousStrides(shape), 0, dtype);
}

/** The gradient of operand `i` (`x`) of the einsum `plan` of `operands`, whose result has gradient `g`. */
function operandGradient(plan: EinsumPlan, operands: readonly Tensor[], i: number, g: Tensor): Tensor {
  const x = operands[i]!;
  const labels = plan.inputs[i]!;
  const others = operands.filter((_, j) => j !== i);
  const elsewhere = new Set([...plan.output, ...plan.inputs.filter((_, j) => j !== i).flat()]);
  const distinct = [...new Set(labels)];
  // the letters of x alone are summed by the forward pass: left out here, broadcast back below
  // ("..." labels are always in the output, so they are kept)
  const kept = distinct.filter((label) => elsewhere.has(label));
  const broadcastRank = [...plan.sizes.keys()].filter(isEllipsis).length;
  const ownRank = distinct.filter(isEllipsis).length;
  // where the "..." axes land in the gradient's einsum: at x's own, or first when x has none
  const at = ownRank > 0 ? kept.findIndex(isEllipsis) : 0;
  const target = ownRank > 0 || broadcastRank === 0 ? written(kept) : `...${written(kept)}`;
  const subscripts = `${[plan.output, ...plan.inputs.filter((_, j) => j !== i)].map(written).join(",")}->${target}`;
  let r = forward("einsum")(subscripts, g, ...others);

  // x's own size of each label: a "..." axis may be 1 against a larger broadcast size
  const ownSize = (label: string): number => x.shape[labels.indexOf(label)]!;
  const summed: number[] = [];
  for (let t = 0; t < broadcastRank; t++) {
    const label = `.${broadcastRank - 1 - t}`;
    if (t < broadcastRank - ownRank || ownSize(label) !== plan.sizes.get(label)) summed.push(at + t);
  }
  if (summed.length > 0) r = forward("sum")(r, summed, { keepDims: true });

  // laid out on x's distinct labels (a size-1 axis for each letter of x alone), then broadcast along those
  const kept1 = new Set(kept);
  const full = distinct.map((label) => (isEllipsis(label) ? ownSize(label) : plan.sizes.get(label)!));
  const reduced = distinct.map((label, j) => (kept1.has(label) ? full[j]! : 1));
  if (!sameShape(r.shape, reduced)) r = forward("reshape")(r, reduced);
  if (!sameShape(reduced, full)) r = forward("broadcastTo")(r, full);
  if (distinct.length === labels.length) return r;

  // a repeated letter: the diagonal's gradient laid on x's axes, 0 off the diagonal
  const spread = labels.map((label, axis) => (labels.indexOf(label) === axis ? x.shape[axis]! : 1));
  return forward("mul")(forward("broadcastTo")(forward("reshape")(r, spread), x.shape), diagonalMask(labels, x.shape, r.dtype));
}

export const einsumRules: Readonly<Record<string, GradientRule>> = {
  einsum: ({ args: [subscripts, ...operands], g, needs }) => {
    const tensors = operands as Tensor[];
    if (!tensors.some((t) => needs(t))) return [];
    const plan = einsumPlan(subscripts as string, tensors.map((t) => t.shape));
    const pairs: Pairs = [];
    tensors.forEach((t, i) => {
      if (needs(t)) pairs.push([t, operandGradient(plan, tensors, i, g)]);
    });
    return pairs;
  },
};
