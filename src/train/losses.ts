/**
 * Losses for training: `softmaxCrossEntropy`, `meanSquaredError` and
 * `binaryCrossEntropy` (from logits). Each is written with the library's ops,
 * so `grad` differentiates it like any other function, and reduces to a
 * scalar by default (`{ reduction: "mean" }`; also `"sum"`, or `"none"` for
 * one loss per example). Shapes must match exactly: a loss never broadcasts
 * a label against a prediction, where a misplaced axis would silently give a
 * wrong number.
 */
import { ShapeError, showShape } from "../errors.js";
import * as elementwise from "../ops/elementwise.js";
import { assertTensor } from "../ops/engine.js";
import { mean as meanOp, sum as sumOp } from "../ops/reduce.js";
import { checkOptionFields, describe } from "../shape/validate.js";
import { allocate } from "../dtype.js";
import { recorded } from "../autodiff/tape.js";
import { type AnyTensor, fromStorage, rowMajorElements, type Tensor } from "../tensor.js";
import type { ShapeOf } from "../ops/types.js";

type Op = (...args: unknown[]) => Tensor;
// the ops as the losses call them, on shapes known at run time
const { abs, add, mul, neg, relu, softplus, sub } = elementwise as unknown as Record<"abs" | "add" | "mul" | "neg" | "relu" | "softplus" | "sub", Op>;
const [mean, sum] = [meanOp, sumOp] as unknown as Op[] as [Op, Op];

/** How a loss reduces its per-example values: their mean (the default), their sum, or not at all. */
export type Reduction = "mean" | "sum" | "none";

export interface LossOptions<R extends Reduction = Reduction> {
  readonly reduction?: R | undefined;
}

/** The float dtype a loss of `D` predictions is computed in. */
export type LossDType<D> = D extends "float64" ? "float64" : "float32";

/**
 * A shape without its last axis (the classes). By structure alone (the last axis matched by
 * `unknown`, the rest inferred unconstrained): a test of a size, or of the rest against
 * `number[]`, stays unresolved on a type parameter (docs/generic-code.md), which would leave the
 * labels of generic code (`[B, T]` for logits `[B, T, V]`) without a type.
 */
export type WithoutClasses<S> = S extends readonly [...infer Head, unknown] ? { -readonly [K in keyof Head]: Head[K] & number } : number[];

/** The loss's shape: `[]` once reduced, `S` with `"none"`. */
export type LossShape<S, R> = [R] extends ["none"] ? S : [];

function reduction(op: string, options: unknown): Reduction {
  const { reduction: chosen } = checkOptionFields(op, options, ["reduction"], '{ reduction: "mean" }');
  if (chosen === undefined) return "mean";
  if (chosen !== "mean" && chosen !== "sum" && chosen !== "none") throw new TypeError(`${op}: reduction must be "mean", "sum" or "none", got ${describe(chosen)}`);
  return chosen;
}

const reduce = (losses: Tensor, how: Reduction): Tensor => (how === "none" ? losses : how === "sum" ? sum(losses) : mean(losses)) as Tensor;

function checkFloat(op: string, name: string, x: Tensor): void {
  if (x.dtype !== "float32" && x.dtype !== "float64") throw new TypeError(`${op}: ${name} must be float32 or float64, got ${x.dtype}; cast it first, e.g. ${name}.cast("float32")`);
}

function checkSameShape(op: string, a: Tensor, b: Tensor, names: readonly [string, string], fix?: string): void {
  if (a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i])) return;
  const message = `${op}: ${names[0]} has shape ${showShape(a.shape)} but ${names[1]} has shape ${showShape(b.shape)}; they must match${fix === undefined ? "" : ` (${fix})`}`;
  throw new ShapeError(message, { code: "mismatch", op, mode: "none", a: [...a.shape], b: [...b.shape], fix });
}

/**
 * The cross entropy of `softmax(logits)` (classes on the last axis) against
 * `labels`: integer class indices (int32 or uint8, the shape of `logits`
 * without its last axis; each must be a class) or probabilities (one-hot or
 * soft, the shape of `logits`). Computed stably (the log-sum-exp of each row
 * shifted by its maximum), so large logits do not overflow; one op, whose
 * gradient is `softmax(logits) - labels` per row (scaled by the reduction).
 *
 * @example
 * const loss = softmaxCrossEntropy(logits, labels);   // logits Tensor<[32, 10]>, labels Tensor<[32], "int32">: Tensor<[]>
 */
export function softmaxCrossEntropy<L extends AnyTensor, const R extends Reduction = "mean">(
  logits: L,
  labels: AnyTensor<WithoutClasses<ShapeOf<L>>, "int32" | "uint8"> | AnyTensor<ShapeOf<L>, "float32" | "float64">,
  options?: LossOptions<R>,
): Tensor<LossShape<WithoutClasses<ShapeOf<L>>, R>, LossDType<L["dtype"]>>;
export function softmaxCrossEntropy(logits: unknown, labels: unknown, options?: LossOptions): Tensor {
  const op = "softmaxCrossEntropy";
  assertTensor(op, "logits", logits);
  assertTensor(op, "labels", labels);
  const how = reduction(op, options);
  checkFloat(op, "logits", logits);
  if (logits.shape.length === 0) throw new ShapeError(`${op}: logits must have a classes axis (its last), got shape []`, { code: "rank", op, mode: "none", a: [], b: [...labels.shape] });
  const classes = logits.shape[logits.shape.length - 1]!;
  const indices = labels.dtype === "int32" || labels.dtype === "uint8";
  if (indices) {
    const leading = logits.shape.slice(0, -1);
    if (labels.shape.length !== leading.length || labels.shape.some((d, i) => d !== leading[i])) {
      const message = `${op}: integer labels have shape ${showShape(labels.shape)} but logits ${showShape(logits.shape)} need labels of shape ${showShape(leading)} (one class index per row), or float labels of the logits' shape`;
      throw new ShapeError(message, { code: "mismatch", op, mode: "none", a: [...logits.shape], b: [...labels.shape] });
    }
  } else if (labels.dtype === "bool") {
    throw new TypeError(`${op}: labels must be integer class indices (int32 or uint8) or float probabilities, got bool; cast them first`);
  } else {
    checkSameShape(op, labels, logits, ["labels", "logits"], "integer labels have the logits' shape without the classes axis");
  }
  // one pass per row: the log of the sum of exponentials (shifted by the row's maximum), then
  // each row's loss sum_k t_k (lse - x_k); recorded as one op, whose gradient is (softmax - t) per row
  const x = rowMajorElements(op, logits);
  const t = rowMajorElements(op, labels);
  const rows = classes === 0 ? 0 : x.length / classes;
  if (indices) {
    for (let i = 0; i < t.length; i++) {
      const label = t[i]!;
      if (label < 0 || label >= classes) throw new RangeError(`${op}: labels[${i}] (row-major) is ${label}, not a class of the ${classes} on the logits' last axis (0 to ${classes - 1})`);
    }
  }
  const leading = logits.shape.slice(0, -1);
  const losses = allocate(op, logits.dtype, rows);
  let total = 0;
  for (let row = 0; row < rows; row++) {
    const start = row * classes;
    let top = -Infinity;
    for (let k = 0; k < classes; k++) top = Math.max(top, x[start + k]!);
    let sumExp = 0;
    for (let k = 0; k < classes; k++) sumExp += Math.exp(x[start + k]! - top);
    const lse = top + Math.log(sumExp);
    let loss = 0;
    if (indices) loss = lse - x[start + t[row]!]!;
    else for (let k = 0; k < classes; k++) loss += t[start + k]! === 0 ? 0 : t[start + k]! * (lse - x[start + k]!);
    losses[row] = loss;
    total += loss;
  }
  const result =
    how === "none"
      ? fromStorage(losses, leading, logits.dtype)
      : fromStorage(allocate(op, logits.dtype, 1).fill(how === "sum" ? total : total / rows), [], logits.dtype);
  return recorded(op, [logits, labels, how], result);
}

/** The arguments of a loss of two tensors of one shape, the first float, checked in order; the reduction. */
function checkPair(op: string, first: unknown, second: unknown, names: readonly [string, string], options: unknown): Reduction {
  assertTensor(op, names[0], first);
  assertTensor(op, names[1], second);
  const how = reduction(op, options);
  checkFloat(op, names[0], first);
  checkSameShape(op, first, second, names);
  return how;
}

/**
 * The mean of `(predictions - targets)^2` (with `"sum"`, their sum; with
 * `"none"`, each). The two must have the same shape.
 */
export function meanSquaredError<P extends AnyTensor, const R extends Reduction = "mean">(
  predictions: P,
  targets: AnyTensor<ShapeOf<P>>,
  options?: LossOptions<R>,
): Tensor<LossShape<ShapeOf<P>, R>, LossDType<P["dtype"]>>;
export function meanSquaredError(predictions: unknown, targets: unknown, options?: LossOptions): Tensor {
  const how = checkPair("meanSquaredError", predictions, targets, ["predictions", "targets"], options);
  const difference = sub(predictions, targets);
  return reduce(mul(difference, difference), how);
}

/**
 * Binary cross entropy of `sigmoid(logits)` against `labels` (probabilities in
 * [0, 1], or 0/1 as any dtype), computed from the logits without overflow:
 * `max(x, 0) - x * z + log(1 + exp(-|x|))`.
 */
export function binaryCrossEntropy<L extends AnyTensor, const R extends Reduction = "mean">(
  logits: L,
  labels: AnyTensor<ShapeOf<L>>,
  options?: LossOptions<R>,
): Tensor<LossShape<ShapeOf<L>, R>, LossDType<L["dtype"]>>;
export function binaryCrossEntropy(logits: unknown, labels: unknown, options?: LossOptions): Tensor {
  const how = checkPair("binaryCrossEntropy", logits, labels, ["logits", "labels"], options);
  const x = logits as Tensor;
  const losses = sub(relu(x), mul(x, (labels as Tensor).cast(x.dtype)));
  return reduce(add(losses, softplus(neg(abs(x)))), how);
}
