/**
 * Lowerings of the linalg ops: `matmul`, `dot`, `outer` and `einsum`.
 *
 * matmul and dot: ONNX MatMul has NumPy's semantics (1-D operands promoted and
 * their axis dropped, batch axes broadcast), so the op is one node on operands
 * cast to the dtype shapecast multiplies in (src/ops/matmul.ts: `arithmeticDType`,
 * an int32 operand of a float product converted to the float first). ONNX
 * Runtime's MatMul has float, double and int32 kernels (int32 wraps modulo 2^32
 * as shapecast's integer kernel does) but none for uint8 or bool: those multiply
 * in int32 and are cast back, which stores modulo 2^8 as shapecast does.
 *
 * outer: a column times a row, broadcast by Mul, with mul's dtype rules.
 *
 * einsum: one ONNX Einsum node with an explicit equation written from the plan
 * shapecast runs (src/shape/einsum.ts), so every subscripts form the parser
 * accepts becomes the same plain form: implicit outputs are spelled out (ONNX
 * Runtime rejects upper-case letters in implicit mode), each "..." axis gets a
 * letter of its own, repeated letters stay (ONNX Runtime takes diagonals), and a
 * letter only one operand has is summed by Einsum. A "..." axis of size 1 that
 * broadcasts against a larger size is squeezed away first: an operand constant
 * along a label is the same as one without it, and no letter then broadcasts.
 * Integer einsums compute in int64 (ONNX Runtime has no uint8 or bool Einsum,
 * and its ReduceSum saturates where shapecast's int32 sums wrap): every sum
 * ONNX Runtime's Einsum reduces without MatMul is over an operand's own values,
 * which cannot overflow int64, its products wrap modulo 2^64, and the Cast back
 * keeps the low bits, so the result is shapecast's modulo 2^32 (or 2^8).
 */
import { arithmeticDType, type DType, promote, isFloat } from "../../dtype.js";
import { einsumPlan } from "../../shape/einsum.js";
import type { Tensor } from "../../tensor.js";
import { ELEMENT_TYPE, INT64 } from "../proto.js";
import { int, ints, string } from "../graph.js";
import type { LowerContext, Lowering } from "./context.js";


/** The dtype ONNX Runtime multiplies in for shapecast's product dtype: uint8 (and bool, never a product's dtype) in int32. */
const multiplyIn = (dtype: DType): DType => (isFloat(dtype) || dtype === "int32" ? dtype : "int32");

/** `matmul(a, b)` and `dot(a, b)`: MatMul on both operands in the product's compute dtype. */
const matmul: Lowering = (ctx, call) => {
  const [a, b] = call.args as [Tensor, Tensor];
  const out = call.outputs[0]!;
  const dtype = multiplyIn(arithmeticDType(a.dtype, b.dtype));
  const product = ctx.node1("MatMul", [ctx.cast(ctx.value(a), a.dtype, dtype), ctx.cast(ctx.value(b), b.dtype, dtype)]);
  ctx.bind(out, ctx.cast(product, dtype, out.dtype));
};

/** `outer(a, b)`: a as a column [M, 1] times b as a row [1, N], each element one product. */
const outer: Lowering = (ctx, call) => {
  const [a, b] = call.args as [Tensor, Tensor];
  const out = call.outputs[0]!;
  const dtype = multiplyIn(arithmeticDType(a.dtype, b.dtype));
  const column = ctx.node1("Unsqueeze", [ctx.cast(ctx.value(a), a.dtype, dtype), ctx.int64s([1])]);
  const row = ctx.node1("Unsqueeze", [ctx.cast(ctx.value(b), b.dtype, dtype), ctx.int64s([0])]);
  ctx.bind(out, ctx.cast(ctx.node1("Mul", [column, row]), dtype, out.dtype));
};

/** The letters an equation may use, in the order labels take them. */
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** An operand of the einsum as ONNX sees it: its value and one label per axis. */
interface EinsumOperand {
  readonly value: string;
  readonly labels: readonly string[];
}

/**
 * The operand `t` (labelled `labels` by the plan) in `dtype`, with each "..."
 * axis of size 1 that broadcasts against a larger size squeezed away.
 */
function einsumOperand(ctx: LowerContext, t: Tensor, labels: readonly string[], sizes: ReadonlyMap<string, number>, dtype: DType): EinsumOperand {
  const broadcast = labels.flatMap((label, axis) => (label.startsWith(".") && t.shape[axis] !== sizes.get(label) ? [axis] : []));
  let value = ctx.cast(ctx.value(t), t.dtype, dtype);
  if (broadcast.length > 0) value = ctx.node1("Squeeze", [value, ctx.int64s(broadcast)]);
  return { value, labels: labels.filter((_, axis) => !broadcast.includes(axis)) };
}

/** `einsum(subscripts, ...operands)`: an explicit Einsum equation (or a Transpose, for one operand permuted). */
const einsum: Lowering = (ctx, call) => {
  const [subscripts, ...tensors] = call.args as [string, ...Tensor[]];
  const out = call.outputs[0]!;
  const plan = einsumPlan(subscripts, tensors.map((t) => t.shape));
  const promoted = tensors.reduce<DType>((d, t) => promote(d, t.dtype), "bool");
  const dtype = arithmeticDType(promoted, promoted);

  // one operand whose labels are distinct and all kept: a permutation of its axes
  if (tensors.length === 1) {
    const labels = plan.inputs[0]!;
    if (new Set(labels).size === labels.length && labels.length === plan.output.length) {
      const value = ctx.cast(ctx.value(tensors[0]!), tensors[0]!.dtype, out.dtype);
      const perm = plan.output.map((label) => labels.indexOf(label));
      ctx.bind(out, perm.every((from, i) => from === i) ? ctx.node1("Identity", [value]) : ctx.node1("Transpose", [value], { perm: ints(perm) }));
      return;
    }
  }

  const compute: DType | "int64" = isFloat(dtype) ? dtype : "int64";
  const operands = tensors.map((t, i) => {
    // integer operands go to int64 through a Cast of their own dtype (uint8 and bool convert exactly)
    if (compute !== "int64") return einsumOperand(ctx, t, plan.inputs[i]!, plan.sizes, compute);
    const operand = einsumOperand(ctx, t, plan.inputs[i]!, plan.sizes, t.dtype);
    return { value: ctx.node1("Cast", [operand.value], { to: int(INT64) }), labels: operand.labels };
  });
  const letters = new Map<string, string>();
  const letterOf = (label: string): string => {
    let letter = letters.get(label);
    if (letter === undefined) {
      if (letters.size === LETTERS.length) ctx.unsupported(`the subscripts "${subscripts}" name more than ${LETTERS.length} distinct axes (letters and "..." axes), more than an ONNX Einsum equation can`);
      letter = LETTERS[letters.size]!;
      letters.set(label, letter);
    }
    return letter;
  };
  const inputs = operands.map((operand) => operand.labels.map(letterOf).join(""));
  const equation = `${inputs.join(",")}->${plan.output.map(letterOf).join("")}`;
  const result = ctx.node1("Einsum", operands.map((operand) => operand.value), { equation: string(equation) });
  ctx.bind(out, compute === "int64" ? ctx.node1("Cast", [result], { to: int(ELEMENT_TYPE[out.dtype]) }) : ctx.cast(result, compute, out.dtype));
};

export const linalgLowerings: Record<string, Lowering> = {
  matmul,
  dot: matmul,
  outer,
  einsum,
};
