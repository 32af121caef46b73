/**
 * Element-wise operations. Binary ops take `(a, b, options?)`: tensors or
 * plain numbers, and options holding a broadcast spec (`mode` numpy by
 * default, none, xla with `broadcastDimensions`, pdpd with `axis`) and an
 * optional `out` tensor to write into. `a` is always the left operand.
 *
 * Integer semantics (documented in the README): results are stored the way
 * typed arrays store numbers, so int32 and uint8 arithmetic wraps around, a
 * float result stored as an integer is truncated toward zero, and a NaN
 * stored as an integer is 0. Hence `mod(x, 0)` on integers is 0, while `div`
 * on integers divides in float32 (`1 / 0` is Infinity).
 */
import { arithmeticDType, type DType, divisionDType, floatDType, promote } from "../dtype.js";
import { makeBinaryKernel, makeUnaryKernel } from "../kernels/binary.js";
import type { Tensor } from "../tensor.js";
import { type BinaryRule, runBinary, runUnary, runWhere, type UnaryRule } from "./engine.js";
import type { ElementwiseOptions, UnaryOptions } from "./types.js";

const bool = (): DType => "bool";

const binary = (name: string, op: (x: number, y: number) => number, dtype: (a: DType, b: DType) => DType): BinaryRule => ({
  name,
  kernel: makeBinaryKernel(op),
  dtype,
});

/** NumPy's `mod`: the result has the sign of the divisor. */
const floorMod = (x: number, y: number): number => {
  const r = x % y;
  return r !== 0 && r < 0 !== y < 0 ? r + y : r;
};

export const rules = {
  add: binary("add", (x, y) => x + y, arithmeticDType),
  sub: binary("sub", (x, y) => x - y, arithmeticDType),
  mul: binary("mul", (x, y) => x * y, arithmeticDType),
  div: binary("div", (x, y) => x / y, divisionDType),
  pow: binary("pow", (x, y) => x ** y, arithmeticDType),
  mod: binary("mod", floorMod, arithmeticDType),
  maximum: binary("maximum", (x, y) => Math.max(x, y), arithmeticDType),
  minimum: binary("minimum", (x, y) => Math.min(x, y), arithmeticDType),
  equal: binary("equal", (x, y) => (x === y ? 1 : 0), bool),
  notEqual: binary("notEqual", (x, y) => (x !== y ? 1 : 0), bool),
  less: binary("less", (x, y) => (x < y ? 1 : 0), bool),
  lessEqual: binary("lessEqual", (x, y) => (x <= y ? 1 : 0), bool),
  greater: binary("greater", (x, y) => (x > y ? 1 : 0), bool),
  greaterEqual: binary("greaterEqual", (x, y) => (x >= y ? 1 : 0), bool),
  logicalAnd: binary("logicalAnd", (x, y) => (x !== 0 && y !== 0 ? 1 : 0), bool),
  logicalOr: binary("logicalOr", (x, y) => (x !== 0 || y !== 0 ? 1 : 0), bool),
  logicalXor: binary("logicalXor", (x, y) => ((x !== 0) !== (y !== 0) ? 1 : 0), bool),
} as const;

type Operand = Tensor | number | boolean;

export const add = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.add, a, b, options);
export const sub = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.sub, a, b, options);
export const mul = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.mul, a, b, options);
export const div = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.div, a, b, options);
export const pow = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.pow, a, b, options);
export const mod = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.mod, a, b, options);
export const maximum = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.maximum, a, b, options);
export const minimum = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.minimum, a, b, options);
export const equal = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.equal, a, b, options);
export const notEqual = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.notEqual, a, b, options);
export const less = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.less, a, b, options);
export const lessEqual = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.lessEqual, a, b, options);
export const greater = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.greater, a, b, options);
export const greaterEqual = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.greaterEqual, a, b, options);
export const logicalAnd = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.logicalAnd, a, b, options);
export const logicalOr = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.logicalOr, a, b, options);
export const logicalXor = (a: Operand, b: Operand, options?: ElementwiseOptions): Tensor => runBinary(rules.logicalXor, a, b, options);

/** `cond ? a : b` per element, with NumPy broadcasting of all three. */
export const where = (cond: Operand, a: Operand, b: Operand): Tensor => runWhere(cond, a, b, promote);

// ---------------------------------------------------------------------------
// Unary ops
// ---------------------------------------------------------------------------

const unary = (name: string, op: (x: number) => number, dtype: (a: DType) => DType): UnaryRule => ({
  name,
  kernel: makeUnaryKernel(op),
  dtype,
});
const same = (dtype: DType): DType => dtype;
/** Signed results: bool and uint8 operands compute in int32. */
const signed = (dtype: DType): DType => (dtype === "bool" || dtype === "uint8" ? "int32" : dtype);

/** Round half to even, as NumPy does (`round(0.5)` is 0, `round(1.5)` is 2). */
const roundHalfEven = (x: number): number => {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
};

export const unaryRules = {
  neg: unary("neg", (x) => -x, signed),
  abs: unary("abs", (x) => Math.abs(x), same),
  sign: unary("sign", (x) => (x > 0 ? 1 : x < 0 ? -1 : x), signed),
  sqrt: unary("sqrt", (x) => Math.sqrt(x), floatDType),
  exp: unary("exp", (x) => Math.exp(x), floatDType),
  log: unary("log", (x) => Math.log(x), floatDType),
  sin: unary("sin", (x) => Math.sin(x), floatDType),
  cos: unary("cos", (x) => Math.cos(x), floatDType),
  tanh: unary("tanh", (x) => Math.tanh(x), floatDType),
  sigmoid: unary("sigmoid", (x) => 1 / (1 + Math.exp(-x)), floatDType),
  relu: unary("relu", (x) => (x > 0 ? x : 0), same),
  floor: unary("floor", (x) => Math.floor(x), same),
  ceil: unary("ceil", (x) => Math.ceil(x), same),
  round: unary("round", roundHalfEven, same),
} as const;

export const neg = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.neg, x, options);
export const abs = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.abs, x, options);
export const sign = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.sign, x, options);
export const sqrt = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.sqrt, x, options);
export const exp = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.exp, x, options);
export const log = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.log, x, options);
export const sin = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.sin, x, options);
export const cos = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.cos, x, options);
export const tanh = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.tanh, x, options);
export const sigmoid = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.sigmoid, x, options);
export const relu = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.relu, x, options);
export const floor = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.floor, x, options);
export const ceil = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.ceil, x, options);
export const round = (x: Tensor, options?: UnaryOptions): Tensor => runUnary(unaryRules.round, x, options);

// One clip kernel for every call: the bounds are set just before it runs
// (JavaScript runs one kernel at a time), so it is compiled and optimised once.
let clipLow = 0;
let clipHigh = 0;
const clipRule = unary("clip", (v) => (v < clipLow ? clipLow : v > clipHigh ? clipHigh : v), same);

/** Limits every element to `[min, max]`; the dtype stays. */
export function clip(x: Tensor, min: number, max: number, options?: UnaryOptions): Tensor {
  if (typeof min !== "number" || typeof max !== "number" || Number.isNaN(min) || Number.isNaN(max)) {
    throw new TypeError(`clip: min and max must be numbers, got ${String(min)} and ${String(max)}`);
  }
  if (min > max) throw new RangeError(`clip: min ${min} is greater than max ${max}`);
  clipLow = min;
  clipHigh = max;
  return runUnary(clipRule, x, options);
}

const CAST_OPS: Record<DType, (x: number) => number> = {
  float32: (x) => x,
  float64: (x) => x,
  int32: (x) => x, // the store truncates toward zero and wraps
  uint8: (x) => x,
  bool: (x) => (x !== 0 ? 1 : 0),
};
const castRules = Object.fromEntries(
  (Object.keys(CAST_OPS) as DType[]).map((dtype) => [dtype, unary("cast", CAST_OPS[dtype], () => dtype)]),
) as Record<DType, UnaryRule>;

/** A copy in another dtype: float to int truncates toward zero (and wraps), anything to bool is `x !== 0`. */
export function cast(x: Tensor, dtype: DType, options?: UnaryOptions): Tensor {
  if (!Object.hasOwn(castRules, dtype)) {
    throw new TypeError(`cast: dtype must be one of "float32", "float64", "int32", "uint8", "bool", got ${JSON.stringify(dtype)}`);
  }
  return runUnary(castRules[dtype], x, options);
}
