/**
 * Lowerings of the element-wise ops: binary ops in every broadcast mode,
 * `where`, unary ops, activations, `clip`, `cast` and `clone`.
 *
 * Broadcasting: ONNX broadcasts as NumPy does, so a numpy-mode operand needs
 * no node. In the other modes (xla `broadcastDimensions`, pdpd `axis`) the
 * broadcast layout (src/shape/broadcast.ts, the same one the kernels read)
 * says where each operand's axes land; the operand is brought there with
 * `Squeeze` (pdpd's dropped trailing 1s), `Transpose` (axes out of order) and
 * `Unsqueeze` (the axes it lacks), and ONNX's broadcasting does the rest.
 * Mode `none` needs no node: its operands have the same shape.
 *
 * Dtypes: an op computes in the dtype shapecast computes it in (the same
 * rules, src/ops/elementwise.ts); where ONNX Runtime has no kernel for it
 * (uint8 and bool arithmetic) the nodes compute in int32 and cast back,
 * which wraps exactly as shapecast's stores do.
 */
import { type DType, isFloat } from "../../dtype.js";
import { scalarDType } from "../../ops/engine.js";
import { rules } from "../../ops/elementwise.js";
import { resolveBroadcastLayout } from "../../shape/broadcast.js";
import { Tensor } from "../../tensor.js";
import { float, int, ints, string } from "../graph.js";
import type { Call } from "../trace.js";
import type { LowerContext, Lowering } from "./context.js";

type Operand = Tensor | number | boolean;


/** The dtype an operand computes in (as src/ops/engine.ts's operandDType). */
const operandDType = (value: Operand, other: unknown): DType =>
  value instanceof Tensor ? value.dtype : scalarDType(value, other instanceof Tensor ? other.dtype : undefined);

/** A plain number in `dtype`, as shapecast converts it (float32 rounded, integers truncated). */
const converted = (value: number | boolean, dtype: DType): number => {
  const x = Number(value);
  if (dtype === "float32") return Math.fround(x);
  if (dtype === "int32" || dtype === "uint8") return x | 0;
  if (dtype === "bool") return x !== 0 ? 1 : 0;
  return x;
};

/** The broadcast spec in a binary op's options (their fields other than out), or undefined for numpy. */
function specOf(options: unknown): unknown {
  if (options === undefined || options === null || typeof options !== "object" || !("mode" in options)) return undefined;
  const { out: _out, ...spec } = options as { out?: unknown };
  return spec;
}

/**
 * An operand brought to rank `rank` with its axes at `axes` (-1: a size-1
 * axis that is dropped), so that NumPy broadcasting lines it up.
 */
export function aligned(ctx: LowerContext, name: string, rank: number, axes: readonly number[]): string {
  const own = axes.length;
  if (own === 0 || axes.every((target, axis) => target === axis + rank - own)) return name;
  let value = name;
  const dropped = axes.flatMap((target, axis) => (target < 0 ? [axis] : []));
  if (dropped.length > 0) value = ctx.node1("Squeeze", [value, ctx.int64s(dropped)]);
  const kept = axes.filter((target) => target >= 0);
  const order = kept.map((_, i) => i).sort((x, y) => kept[x]! - kept[y]!);
  if (order.some((from, i) => from !== i)) value = ctx.node1("Transpose", [value], { perm: ints(order) });
  const sorted = [...kept].sort((x, y) => x - y);
  const missing = Array.from({ length: rank }, (_, axis) => axis).filter((axis) => !sorted.includes(axis));
  if (missing.length > 0) value = ctx.node1("Unsqueeze", [value, ctx.int64s(missing)]);
  return value;
}

/** An operand's value in `dtype`: a tensor cast, a number as a constant. */
function operandValue(ctx: LowerContext, value: Operand, from: DType, dtype: DType): string {
  if (value instanceof Tensor) return ctx.cast(ctx.value(value), from, dtype);
  return ctx.scalar(converted(value, dtype), dtype);
}

/** The dtype ONNX Runtime computes an arithmetic op in, for shapecast's compute dtype. */
const arithmeticIn = (compute: DType): DType => (compute === "uint8" || compute === "bool" ? "int32" : compute);

type BinaryName = keyof typeof rules;

/** Builds the nodes of `op` on the two aligned operands, computing in `dtype`; returns the result's name. */
type BinaryBody = (ctx: LowerContext, a: string, b: string, dtype: DType) => string;

const simple = (opType: string): BinaryBody => (ctx, a, b) => ctx.node1(opType, [a, b]);

/** NumPy's mod (the sign of the divisor): ONNX's integer Mod already is; floats from fmod, moved by b where the signs differ. */
const floorMod: BinaryBody = (ctx, a, b, dtype) => {
  if (!isFloat(dtype)) return ctx.node1("Mod", [a, b], { fmod: int(0) });
  const r = ctx.node1("Mod", [a, b], { fmod: int(1) });
  const zero = ctx.scalar(0, dtype);
  const signsDiffer = ctx.node1("Xor", [ctx.node1("Less", [r, zero]), ctx.node1("Less", [b, zero])]);
  const move = ctx.node1("And", [ctx.node1("Not", [ctx.node1("Equal", [r, zero])]), signsDiffer]);
  return ctx.node1("Where", [move, ctx.node1("Add", [r, b]), r]);
};

const BINARY: Record<BinaryName, { body: BinaryBody; kind: "arithmetic" | "compare" | "logical" }> = {
  add: { body: simple("Add"), kind: "arithmetic" },
  sub: { body: simple("Sub"), kind: "arithmetic" },
  mul: { body: simple("Mul"), kind: "arithmetic" },
  div: { body: simple("Div"), kind: "arithmetic" },
  pow: { body: simple("Pow"), kind: "arithmetic" },
  mod: { body: floorMod, kind: "arithmetic" },
  maximum: { body: simple("Max"), kind: "arithmetic" },
  minimum: { body: simple("Min"), kind: "arithmetic" },
  equal: { body: simple("Equal"), kind: "compare" },
  notEqual: { body: (ctx, a, b) => ctx.node1("Not", [ctx.node1("Equal", [a, b])]), kind: "compare" },
  less: { body: simple("Less"), kind: "compare" },
  lessEqual: { body: simple("LessOrEqual"), kind: "compare" },
  greater: { body: simple("Greater"), kind: "compare" },
  greaterEqual: { body: simple("GreaterOrEqual"), kind: "compare" },
  logicalAnd: { body: simple("And"), kind: "logical" },
  logicalOr: { body: simple("Or"), kind: "logical" },
  logicalXor: { body: simple("Xor"), kind: "logical" },
};

function binary(name: BinaryName): Lowering {
  const { body, kind } = BINARY[name];
  const rule = rules[name];
  return (ctx, call) => {
    const [a, b, options] = call.args as [Operand, Operand, unknown];
    const out = call.outputs[0]!;
    const da = operandDType(a, b);
    const db = operandDType(b, a);
    const compute = rule.compute(da, db);
    const dtype = kind === "logical" ? "bool" : kind === "compare" ? (isFloat(compute) ? compute : "int32") : arithmeticIn(compute);
    const shapeOf = (v: Operand): readonly number[] => (v instanceof Tensor ? v.shape : []);
    const layout = resolveBroadcastLayout(name, shapeOf(a), shapeOf(b), specOf(options));
    const rank = layout.shape.length;
    const va = aligned(ctx, operandValue(ctx, a, da, dtype), rank, layout.aAxes);
    const vb = aligned(ctx, operandValue(ctx, b, db, dtype), rank, layout.bAxes);
    const result = body(ctx, va, vb, dtype);
    ctx.bind(out, ctx.cast(result, kind === "arithmetic" ? dtype : "bool", out.dtype));
  };
}

/** `where(cond, a, b)`: cond read as bool (NaN is true), a and b in the result's dtype. */
const where: Lowering = (ctx, call) => {
  const [cond, a, b] = call.args as [Operand, Operand, Operand];
  const out = call.outputs[0]!;
  const dtype = out.dtype;
  const c = cond instanceof Tensor ? ctx.cast(ctx.value(cond), cond.dtype, "bool") : ctx.scalar(Number(cond), "bool");
  const value = (v: Operand): string => (v instanceof Tensor ? ctx.cast(ctx.value(v), v.dtype, dtype) : ctx.scalar(converted(v, dtype), dtype));
  ctx.bind(out, ctx.node1("Where", [c, value(a), value(b)]));
};

/** A bool tensor of `x`'s shape, all `fill`. */
const filled = (ctx: LowerContext, x: string, fill: boolean): string => {
  const zeros = ctx.node1("ConstantOfShape", [ctx.node1("Shape", [x])]);
  // ConstantOfShape makes float32 zeros by default: compared with 0 they are all true, with 1 all false
  return ctx.node1("Equal", [zeros, ctx.scalar(fill ? 0 : 1, "float32")]);
};

/** A unary op: its input cast to the result's dtype, then `body` (or nothing, for `identity` dtypes). */
function unary(body: (ctx: LowerContext, x: string, dtype: DType) => string, identity: (dtype: DType) => boolean = () => false): Lowering {
  return (ctx, call) => {
    const x = call.args[0] as Tensor;
    const out = call.outputs[0]!;
    const input = ctx.cast(ctx.value(x), x.dtype, out.dtype);
    ctx.bind(out, identity(out.dtype) ? ctx.node1("Identity", [input]) : body(ctx, input, out.dtype));
  };
}

const op1 = (opType: string) => (ctx: LowerContext, x: string): string => ctx.node1(opType, [x]);
const notFloat = (dtype: DType): boolean => !isFloat(dtype);

/** log(1 + e^x), stably: max(x, 0) + log(1 + e^-|x|). */
const softplus = (ctx: LowerContext, x: string, dtype: DType): string => {
  const tail = ctx.node1("Log", [ctx.node1("Add", [ctx.scalar(1, dtype), ctx.node1("Exp", [ctx.node1("Neg", [ctx.node1("Abs", [x])])])])]);
  return ctx.node1("Add", [ctx.node1("Max", [x, ctx.scalar(0, dtype)]), tail]);
};

/**
 * erf: ONNX Runtime has no float64 Erf kernel, so a float64 erf computes in
 * float32 (within about 1e-7 relative of the float64 value) and casts back.
 */
const erf = (ctx: LowerContext, x: string, dtype: DType): string =>
  dtype === "float64" ? ctx.cast(ctx.node1("Erf", [ctx.cast(x, "float64", "float32")]), "float32", "float64") : ctx.node1("Erf", [x]);

/**
 * x * sigmoid(x). ONNX Runtime fuses Mul(x, Sigmoid(x)) into a kernel it has
 * for float32 only, so float64 is written as x / (1 + e^-x), shapecast's own formula.
 */
const silu = (ctx: LowerContext, x: string, dtype: DType): string =>
  dtype === "float64"
    ? ctx.node1("Div", [x, ctx.node1("Add", [ctx.scalar(1, dtype), ctx.node1("Exp", [ctx.node1("Neg", [x])])])])
    : ctx.node1("Mul", [x, ctx.node1("Sigmoid", [x])]);

const SQRT_HALF = Math.SQRT1_2;
const SQRT_TWO_OVER_PI = Math.sqrt(2 / Math.PI);

const gelu: Lowering = (ctx, call) => {
  const [x, options] = call.args as [Tensor, { approximate?: string } | undefined];
  const out = call.outputs[0]!;
  const dtype = out.dtype;
  const approximate = options?.approximate ?? "none";
  const input = ctx.cast(ctx.value(x), x.dtype, dtype);
  if (ctx.opset >= 20 && dtype === "float32") {
    ctx.bind(out, ctx.node1("Gelu", [input], { approximate: string(approximate) }));
    return;
  }
  if (approximate === "tanh") {
    // x / (1 + e^(-2u)) = x * sigmoid(2u), u = sqrt(2/pi) (x + 0.044715 x^3)
    const cube = ctx.node1("Mul", [ctx.node1("Mul", [input, input]), input]);
    const u = ctx.node1("Add", [input, ctx.node1("Mul", [cube, ctx.scalar(0.044715, dtype)])]);
    const twice = ctx.node1("Mul", [u, ctx.scalar(2 * SQRT_TWO_OVER_PI, dtype)]);
    ctx.bind(out, ctx.node1("Mul", [input, ctx.node1("Sigmoid", [twice])]));
    return;
  }
  const phi = ctx.node1("Add", [ctx.scalar(1, dtype), erf(ctx, ctx.node1("Mul", [input, ctx.scalar(SQRT_HALF, dtype)]), dtype)]);
  ctx.bind(out, ctx.node1("Mul", [ctx.node1("Mul", [input, ctx.scalar(0.5, dtype)]), phi]));
};

/**
 * leakyRelu(x, alpha) and elu(x, alpha): the ONNX op of the same name, alpha
 * as shapecast's default when omitted. ONNX Runtime has Elu for float32
 * only: float64 is written out, x where x > 0, else alpha (e^x - 1).
 */
const withAlpha = (opType: string, fallback: number): Lowering => (ctx, call) => {
  const [x, given] = call.args as [Tensor, number | undefined];
  const out = call.outputs[0]!;
  const alpha = given ?? fallback;
  const input = ctx.cast(ctx.value(x), x.dtype, out.dtype);
  if (opType === "Elu" && out.dtype === "float64") {
    const negative = ctx.node1("Mul", [ctx.scalar(alpha, "float64"), ctx.node1("Sub", [ctx.node1("Exp", [input]), ctx.scalar(1, "float64")])]);
    ctx.bind(out, ctx.node1("Where", [ctx.node1("Greater", [input, ctx.scalar(0, "float64")]), input, negative]));
    return;
  }
  ctx.bind(out, ctx.node1(opType, [input], { alpha: float(alpha) }));
};

/** clip(x, min, max): ONNX Clip in x's dtype (bool through float64, stored back as truthiness). */
const clip: Lowering = (ctx, call) => {
  const [x, low, high] = call.args as [Tensor, number, number];
  const out = call.outputs[0]!;
  // bool clips the 0 or 1 in floats and stores the truthiness of the result, as shapecast does
  const dtype = x.dtype === "bool" ? "float64" : x.dtype;
  const bound = (v: number): string => ctx.scalar(dtype === "float32" ? Math.fround(v) : isFloat(dtype) ? v : Math.min(Math.max(v, dtype === "uint8" ? 0 : -(2 ** 31)), dtype === "uint8" ? 255 : 2 ** 31 - 1), dtype);
  // an integer tensor clipped to a fractional bound stores the bound truncated toward zero, and
  // for integers that is the same as clipping to the truncated bound
  const low2 = isFloat(dtype) ? low : Math.trunc(low);
  const high2 = isFloat(dtype) ? high : Math.trunc(high);
  const clipped = ctx.node1("Clip", [ctx.cast(ctx.value(x), x.dtype, dtype), bound(low2), bound(high2)]);
  ctx.bind(out, ctx.cast(clipped, dtype, out.dtype));
};

/** cast(x, dtype): ONNX Cast (float to int truncates toward zero, anything to bool is x != 0, as in shapecast). */
const cast: Lowering = (ctx, call) => {
  const x = call.args[0] as Tensor;
  const out = call.outputs[0]!;
  ctx.bind(out, out.dtype === x.dtype ? ctx.node1("Identity", [ctx.value(x)]) : ctx.cast(ctx.value(x), x.dtype, out.dtype));
};

const identity: Lowering = (ctx, call: Call) => ctx.bind(call.outputs[0]!, ctx.node1("Identity", [ctx.value(call.args[0] as Tensor)]));

export const elementwiseLowerings: Record<string, Lowering> = {
  ...(Object.fromEntries((Object.keys(BINARY) as BinaryName[]).map((name) => [name, binary(name)])) as Record<BinaryName, Lowering>),
  where,
  neg: unary(op1("Neg")),
  abs: unary(op1("Abs"), (d) => d === "bool" || d === "uint8"),
  sign: unary(op1("Sign")),
  sqrt: unary(op1("Sqrt")),
  exp: unary(op1("Exp")),
  log: unary(op1("Log")),
  sin: unary(op1("Sin")),
  cos: unary(op1("Cos")),
  tanh: unary(op1("Tanh")),
  sigmoid: unary(op1("Sigmoid")),
  relu: unary((ctx, x, dtype) => (isFloat(dtype) ? ctx.node1("Relu", [x]) : ctx.node1("Max", [x, ctx.scalar(0, dtype)])), (d) => d === "bool" || d === "uint8"),
  floor: unary(op1("Floor"), notFloat),
  ceil: unary(op1("Ceil"), notFloat),
  round: unary(op1("Round"), notFloat),
  erf: unary(erf),
  silu: unary(silu),
  softplus: unary(softplus),
  logSigmoid: unary((ctx, x, dtype) => ctx.node1("Neg", [softplus(ctx, ctx.node1("Neg", [x]), dtype)])),
  isNaN: (ctx, call) => {
    const x = call.args[0] as Tensor;
    const value = ctx.value(x);
    ctx.bind(call.outputs[0]!, isFloat(x.dtype) ? ctx.node1("IsNaN", [value]) : filled(ctx, value, false));
  },
  isFinite: (ctx, call) => {
    const x = call.args[0] as Tensor;
    const value = ctx.value(x);
    ctx.bind(call.outputs[0]!, isFloat(x.dtype) ? ctx.node1("Not", [ctx.node1("Or", [ctx.node1("IsNaN", [value]), ctx.node1("IsInf", [value])])]) : filled(ctx, value, true));
  },
  gelu,
  leakyRelu: withAlpha("LeakyRelu", 0.01),
  elu: withAlpha("Elu", 1),
  clip,
  cast,
  clone: identity,
  // a constant to gradients, the same values in a graph
  stopGradient: identity,
};
