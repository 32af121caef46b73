/**
 * Element-wise operations. Binary ops take `(a, b, options?)`: tensors or
 * plain numbers, and options holding a broadcast spec (`mode` numpy by
 * default, none, xla with `broadcastDimensions`, pdpd with `axis`) and an
 * optional `out` tensor to write into. `a` is always the left operand.
 *
 * Values (documented in the README): an op computes in one dtype, and both
 * operands are converted to it first (engine.ts). Integer results are exact
 * modulo 2^32 (int32) or 2^8 (uint8): add, sub and mod are exact in doubles
 * and wrap when stored, mul uses Math.imul and pow square-and-multiply with
 * Math.imul (a negative exponent is a RangeError). A float result stored as an
 * integer is truncated toward zero, and a NaN stored as an integer is 0. Hence
 * `mod(x, 0)` on integers is 0, while `div` on integers divides in float32
 * (`1 / 0` is Infinity).
 */
import { arithmeticDType, checkDType, type DType, divisionDType, floatDType, promote } from "../dtype.js";
import { recorded, traced } from "../autodiff/tape.js";
import { makeBinaryKernel, makeUnaryKernel } from "../kernels/binary.js";
import { erf as erfOf, erfc } from "../kernels/erf.js";
import type { AnyTensor, Tensor } from "../tensor.js";
import { checkOptionFields, describe } from "../shape/validate.js";
import { type BinaryRule, runBinary, runUnary, runWhere, type UnaryRule, type View } from "./engine.js";
import type { AlphaOp, BinaryOp, GeluOp, ShapeOf, UnaryOp, UnaryOptions, WhereOp } from "./types.js";
import { defineOps } from "./methods.js";

const bool = (): DType => "bool";

interface RuleOptions {
  /** The dtype the op computes in, when it is not the result's (comparisons: the promoted dtype). */
  readonly compute?: (a: DType, b: DType) => DType;
  /** The op in int32 or uint8, when it differs (exact wrapping). */
  readonly integer?: (x: number, y: number) => number;
  readonly check?: BinaryRule["check"];
}

const binary = (name: string, op: (x: number, y: number) => number, dtype: (a: DType, b: DType) => DType, options: RuleOptions = {}): BinaryRule => ({
  name,
  kernel: makeBinaryKernel(op),
  integerKernel: options.integer === undefined ? undefined : makeBinaryKernel(options.integer),
  dtype,
  compute: options.compute ?? dtype,
  check: options.check,
});

/** Comparisons and logical ops compute in the operands' promoted dtype and give bool. */
const compared = { compute: promote } as const;

/**
 * `x ** y` in integers by square and multiply, each product wrapped by
 * Math.imul: exact modulo 2^32, so also modulo 2^8 once stored as uint8.
 * `y` is a non-negative integer (checkExponents).
 */
const integerPow = (x: number, y: number): number => {
  let result = 1;
  let base = x;
  for (let e = y; e > 0; e >>>= 1) {
    if ((e & 1) === 1) result = Math.imul(result, base);
    base = Math.imul(base, base);
  }
  return result;
};

/** The first negative element a view reads, or undefined. */
function firstNegative(v: View): number | undefined {
  if (v.data instanceof Uint8Array) return undefined;
  const { shape, strides, data } = v;
  const visit = (axis: number, position: number): number | undefined => {
    if (axis === shape.length) return data[position]! < 0 ? data[position] : undefined;
    const dim = strides[axis] === 0 ? Math.min(shape[axis]!, 1) : shape[axis]!;
    for (let i = 0; i < dim; i++) {
      const found = visit(axis + 1, position + i * strides[axis]!);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(0, v.offset);
}

/** Integers to negative integer powers have no integer value: refused before anything is written, as NumPy does. */
function checkExponents(op: string, compute: DType, _a: View, b: View): void {
  if (compute !== "int32" && compute !== "uint8") return;
  const negative = firstNegative(b);
  if (negative !== undefined) {
    throw new RangeError(
      `${op}: b holds the negative exponent ${negative}; integers to negative integer powers are not allowed (${compute}): cast a to a float dtype first, e.g. a.cast("float32")`,
    );
  }
}

/** NumPy's `mod`: the result has the sign of the divisor, a zero result too (`mod(0, -1)` is -0). */
const floorMod = (x: number, y: number): number => {
  const r = x % y;
  if (r === 0) return y < 0 ? -0 : 0;
  return r < 0 !== y < 0 ? r + y : r;
};

/**
 * C's (and so NumPy's) `pow`, where it differs from JavaScript's `**`: 1 to
 * any power, NaN included, is 1, and so is -1 to an infinite power.
 */
const powC = (x: number, y: number): number => (x === 1 || (x === -1 && (y === Infinity || y === -Infinity)) ? 1 : x ** y);

export const rules = {
  add: binary("add", (x, y) => x + y, arithmeticDType),
  sub: binary("sub", (x, y) => x - y, arithmeticDType),
  mul: binary("mul", (x, y) => x * y, arithmeticDType, { integer: Math.imul }),
  div: binary("div", (x, y) => x / y, divisionDType),
  pow: binary("pow", powC, arithmeticDType, { integer: integerPow, check: checkExponents }),
  mod: binary("mod", floorMod, arithmeticDType),
  maximum: binary("maximum", (x, y) => Math.max(x, y), arithmeticDType),
  minimum: binary("minimum", (x, y) => Math.min(x, y), arithmeticDType),
  equal: binary("equal", (x, y) => (x === y ? 1 : 0), bool, compared),
  notEqual: binary("notEqual", (x, y) => (x !== y ? 1 : 0), bool, compared),
  less: binary("less", (x, y) => (x < y ? 1 : 0), bool, compared),
  lessEqual: binary("lessEqual", (x, y) => (x <= y ? 1 : 0), bool, compared),
  greater: binary("greater", (x, y) => (x > y ? 1 : 0), bool, compared),
  greaterEqual: binary("greaterEqual", (x, y) => (x >= y ? 1 : 0), bool, compared),
  logicalAnd: binary("logicalAnd", (x, y) => (x !== 0 && y !== 0 ? 1 : 0), bool, compared),
  logicalOr: binary("logicalOr", (x, y) => (x !== 0 || y !== 0 ? 1 : 0), bool, compared),
  logicalXor: binary("logicalXor", (x, y) => ((x !== 0) !== (y !== 0) ? 1 : 0), bool, compared),
} as const;

export const add = /* @__PURE__ */ traced("add", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.add, a, b, options)) as BinaryOp<"add", "arithmetic">;
export const sub = /* @__PURE__ */ traced("sub", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.sub, a, b, options)) as BinaryOp<"sub", "arithmetic">;
export const mul = /* @__PURE__ */ traced("mul", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.mul, a, b, options)) as BinaryOp<"mul", "arithmetic">;
export const div = /* @__PURE__ */ traced("div", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.div, a, b, options)) as BinaryOp<"div", "division">;
export const pow = /* @__PURE__ */ traced("pow", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.pow, a, b, options)) as BinaryOp<"pow", "arithmetic">;
export const mod = /* @__PURE__ */ traced("mod", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.mod, a, b, options)) as BinaryOp<"mod", "arithmetic">;
export const maximum = /* @__PURE__ */ traced("maximum", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.maximum, a, b, options)) as BinaryOp<"maximum", "arithmetic">;
export const minimum = /* @__PURE__ */ traced("minimum", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.minimum, a, b, options)) as BinaryOp<"minimum", "arithmetic">;
export const equal = /* @__PURE__ */ traced("equal", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.equal, a, b, options)) as BinaryOp<"equal", "bool">;
export const notEqual = /* @__PURE__ */ traced("notEqual", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.notEqual, a, b, options)) as BinaryOp<"notEqual", "bool">;
export const less = /* @__PURE__ */ traced("less", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.less, a, b, options)) as BinaryOp<"less", "bool">;
export const lessEqual = /* @__PURE__ */ traced("lessEqual", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.lessEqual, a, b, options)) as BinaryOp<"lessEqual", "bool">;
export const greater = /* @__PURE__ */ traced("greater", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.greater, a, b, options)) as BinaryOp<"greater", "bool">;
export const greaterEqual = /* @__PURE__ */ traced("greaterEqual", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.greaterEqual, a, b, options)) as BinaryOp<"greaterEqual", "bool">;
export const logicalAnd = /* @__PURE__ */ traced("logicalAnd", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.logicalAnd, a, b, options)) as BinaryOp<"logicalAnd", "bool">;
export const logicalOr = /* @__PURE__ */ traced("logicalOr", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.logicalOr, a, b, options)) as BinaryOp<"logicalOr", "bool">;
export const logicalXor = /* @__PURE__ */ traced("logicalXor", (a: unknown, b: unknown, options?: unknown) => runBinary(rules.logicalXor, a, b, options)) as BinaryOp<"logicalXor", "bool">;

/** `cond ? a : b` per element, with NumPy broadcasting of all three; the dtype promotes a and b. */
export const where = /* @__PURE__ */ traced("where", (cond: unknown, a: unknown, b: unknown) => runWhere(cond, a, b, promote)) as WhereOp;

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
  relu: unary("relu", (x) => (x < 0 ? 0 : x), same), // NaN stays NaN
  floor: unary("floor", (x) => Math.floor(x), same),
  ceil: unary("ceil", (x) => Math.ceil(x), same),
  round: unary("round", roundHalfEven, same),
} as const;

export const neg = /* @__PURE__ */ traced("neg", (x: unknown, options?: unknown) => runUnary(unaryRules.neg, x, options)) as UnaryOp<"signed">;
export const abs = /* @__PURE__ */ traced("abs", (x: unknown, options?: unknown) => runUnary(unaryRules.abs, x, options)) as UnaryOp<"same">;
export const sign = /* @__PURE__ */ traced("sign", (x: unknown, options?: unknown) => runUnary(unaryRules.sign, x, options)) as UnaryOp<"signed">;
export const sqrt = /* @__PURE__ */ traced("sqrt", (x: unknown, options?: unknown) => runUnary(unaryRules.sqrt, x, options)) as UnaryOp<"float">;
export const exp = /* @__PURE__ */ traced("exp", (x: unknown, options?: unknown) => runUnary(unaryRules.exp, x, options)) as UnaryOp<"float">;
export const log = /* @__PURE__ */ traced("log", (x: unknown, options?: unknown) => runUnary(unaryRules.log, x, options)) as UnaryOp<"float">;
export const sin = /* @__PURE__ */ traced("sin", (x: unknown, options?: unknown) => runUnary(unaryRules.sin, x, options)) as UnaryOp<"float">;
export const cos = /* @__PURE__ */ traced("cos", (x: unknown, options?: unknown) => runUnary(unaryRules.cos, x, options)) as UnaryOp<"float">;
export const tanh = /* @__PURE__ */ traced("tanh", (x: unknown, options?: unknown) => runUnary(unaryRules.tanh, x, options)) as UnaryOp<"float">;
export const sigmoid = /* @__PURE__ */ traced("sigmoid", (x: unknown, options?: unknown) => runUnary(unaryRules.sigmoid, x, options)) as UnaryOp<"float">;
export const relu = /* @__PURE__ */ traced("relu", (x: unknown, options?: unknown) => runUnary(unaryRules.relu, x, options)) as UnaryOp<"same">;
export const floor = /* @__PURE__ */ traced("floor", (x: unknown, options?: unknown) => runUnary(unaryRules.floor, x, options)) as UnaryOp<"same">;
export const ceil = /* @__PURE__ */ traced("ceil", (x: unknown, options?: unknown) => runUnary(unaryRules.ceil, x, options)) as UnaryOp<"same">;
export const round = /* @__PURE__ */ traced("round", (x: unknown, options?: unknown) => runUnary(unaryRules.round, x, options)) as UnaryOp<"same">;

// One clip kernel for every call: the bounds are set just before it runs
// (JavaScript runs one kernel at a time), so it is compiled and optimised once.
let clipLow = 0;
let clipHigh = 0;
const clipRule: UnaryRule = { ...unary("clip", (v) => (v < clipLow ? clipLow : v > clipHigh ? clipHigh : v), same), params: () => [clipLow, clipHigh] };
/** Into bool, the clipped value is stored by truthiness, as every bool is. */
const clipBoolRule: UnaryRule = {
  ...unary("clip", (v) => ((v < clipLow ? clipLow : v > clipHigh ? clipHigh : v) !== 0 ? 1 : 0), same),
  // (its SIMD kernel reads the bools' bytes: one of two bytes per operand)
  simd: "clipBool",
  params: () => [clipLow, clipHigh],
};

/** Limits every element to `[min, max]`; the dtype stays. */
export function clip<X extends AnyTensor>(x: X, min: number, max: number, options?: UnaryOptions): Tensor<ShapeOf<X>, X["dtype"]> {
  if (typeof min !== "number" || typeof max !== "number") {
    throw new TypeError(`clip: min and max must be numbers, got ${describe(min)} and ${describe(max)}`);
  }
  if (Number.isNaN(min) || Number.isNaN(max)) throw new RangeError(`clip: min and max must not be NaN, got ${min} and ${max}`);
  if (min > max) throw new RangeError(`clip: min ${min} is greater than max ${max}`);
  clipLow = min;
  clipHigh = max;
  return recorded("clip", [x, min, max, options], runUnary((x as AnyTensor | undefined)?.dtype === "bool" ? clipBoolRule : clipRule, x, options)) as Tensor<ShapeOf<X>, X["dtype"]>;
}

// ---------------------------------------------------------------------------
// Activations and tests of values
// ---------------------------------------------------------------------------

/** log(1 + e^x) without overflow for large x nor loss for very negative x: x + log(1 + e^-x) when x > 0. */
const softplusOf = (x: number): number => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));

/** x * sigmoid(x), whose limit at -Infinity is -0 (the product itself would be -Infinity * 0). */
const siluOf = (x: number): number => (x === -Infinity ? -0 : x / (1 + Math.exp(-x)));

const SQRT_HALF = Math.SQRT1_2;
const SQRT_TWO_OVER_PI = Math.sqrt(2 / Math.PI);

/**
 * x * Phi(x), Phi the normal distribution function: `0.5 x (1 + erf(x / sqrt 2))`,
 * through erfc below 0 (`0.5 x erfc(-x / sqrt 2)`), which keeps its relative
 * accuracy where 1 + erf would cancel to 0.
 */
const geluOf = (x: number): number =>
  x < 0 ? (x === -Infinity ? -0 : 0.5 * x * erfc(-x * SQRT_HALF)) : 0.5 * x * (1 + erfOf(x * SQRT_HALF));

/**
 * The tanh approximation `0.5 x (1 + tanh(u))`, `u = sqrt(2/pi) (x + 0.044715 x^3)`,
 * computed as `x / (1 + e^(-2u))` (the same function): no cancellation for large negative x.
 */
const geluTanhOf = (x: number): number =>
  x === -Infinity ? -0 : x / (1 + Math.exp(-2 * SQRT_TWO_OVER_PI * (x + 0.044715 * x * x * x)));

export const activationRules = {
  silu: unary("silu", siluOf, floatDType),
  softplus: unary("softplus", softplusOf, floatDType),
  erf: unary("erf", erfOf, floatDType),
  logSigmoid: unary("logSigmoid", (x) => -softplusOf(-x), floatDType),
  // x !== x: the comparison's SIMD kernel
  isNaN: { ...unary("isNaN", (x) => (Number.isNaN(x) ? 1 : 0), bool), simd: "notEqual" },
  // (int32 and uint8 are finite: only the floats have a SIMD kernel)
  isFinite: { ...unary("isFinite", (x) => (Number.isFinite(x) ? 1 : 0), bool), simd: "isFinite" },
} as const;

/** x * sigmoid(x) (SiLU, swish); `silu(-Infinity)` is -0. Float results, as `exp`. */
export const silu = /* @__PURE__ */ traced("silu", (x: unknown, options?: unknown) => runUnary(activationRules.silu, x, options)) as UnaryOp<"float">;
/** log(1 + e^x), without overflow: `softplus(1000)` is 1000, `softplus(-1000)` is e^-1000 (0 in float64). */
export const softplus = /* @__PURE__ */ traced("softplus", (x: unknown, options?: unknown) => runUnary(activationRules.softplus, x, options)) as UnaryOp<"float">;
/** The error function, within 1 ulp of a correctly rounded float64 erf (src/kernels/erf.ts). */
export const erf = /* @__PURE__ */ traced("erf", (x: unknown, options?: unknown) => runUnary(activationRules.erf, x, options)) as UnaryOp<"float">;
/** log(sigmoid(x)) = -softplus(-x), without overflow; `logSigmoid(Infinity)` is -0. */
export const logSigmoid = /* @__PURE__ */ traced("logSigmoid", (x: unknown, options?: unknown) => runUnary(activationRules.logSigmoid, x, options)) as UnaryOp<"float">;
/** Is each element NaN? A bool tensor; integers and bools never are. */
export const isNaN = /* @__PURE__ */ traced("isNaN", (x: unknown, options?: unknown) => runUnary(activationRules.isNaN, x, options)) as UnaryOp<"bool">;
/** Is each element neither NaN nor ±Infinity? A bool tensor; integers and bools always are. */
export const isFinite = /* @__PURE__ */ traced("isFinite", (x: unknown, options?: unknown) => runUnary(activationRules.isFinite, x, options)) as UnaryOp<"bool">;

/** @internal (test/kernels/simd.test.ts) */
export const geluRules = { none: unary("gelu", geluOf, floatDType), tanh: { ...unary("gelu", geluTanhOf, floatDType), simd: "geluTanh" } } as const;

/**
 * GELU, `x * Phi(x)`: exact by default (`{ approximate: "none" }`), or the tanh
 * approximation (`{ approximate: "tanh" }`). Options also take `out`. Float
 * results, as `exp`.
 */
export const gelu = /* @__PURE__ */ traced("gelu", (x: unknown, options?: unknown) => {
  if (options === undefined) return runUnary(geluRules.none, x, undefined);
  const { approximate = "none", out } = checkOptionFields("gelu", options, ["approximate", "out"], '{ approximate: "tanh" }');
  if (approximate !== "none" && approximate !== "tanh") {
    throw new TypeError(`gelu: approximate must be "none" or "tanh", got ${describe(approximate)}`);
  }
  return runUnary(geluRules[approximate], x, out === undefined ? undefined : { out });
}) as GeluOp;

// As clip's bounds: one kernel per op, alpha set just before it runs.
let alpha = 0;
const leakyReluRule: UnaryRule = { ...unary("leakyRelu", (x) => (x < 0 ? alpha * x : x), floatDType), params: () => [alpha] }; // NaN stays NaN
const eluRule: UnaryRule = { ...unary("elu", (x) => (x > 0 ? x : alpha * Math.expm1(x)), floatDType), params: () => [alpha] };

/** @internal The rules of the ops with parameters, the parameters set (test/kernels/simd.test.ts). */
export const parameterized = {
  leakyRelu: (slope: number): UnaryRule => ((alpha = slope), leakyReluRule),
  elu: (scale: number): UnaryRule => ((alpha = scale), eluRule),
  clip: (low: number, high: number): UnaryRule => ((clipLow = low), (clipHigh = high), clipRule),
  clipBool: (low: number, high: number): UnaryRule => ((clipLow = low), (clipHigh = high), clipBoolRule),
};

/** `alpha` checked: a finite number, `fallback` when omitted. */
function alphaOf(op: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number") throw new TypeError(`${op}: alpha must be a number, got ${describe(value)}`);
  if (!Number.isFinite(value)) throw new RangeError(`${op}: alpha must be a finite number, got ${value}`);
  return value;
}

/** `x` where x >= 0, `alpha * x` where x < 0 (alpha 0.01 by default). Float results, as `exp`. */
export const leakyRelu = /* @__PURE__ */ traced("leakyRelu", (x: unknown, slope?: unknown, options?: unknown) => {
  alpha = alphaOf("leakyRelu", slope, 0.01);
  return runUnary(leakyReluRule, x, options);
}) as AlphaOp;

/** `x` where x > 0, `alpha * (e^x - 1)` elsewhere (alpha 1 by default). Float results, as `exp`. */
export const elu = /* @__PURE__ */ traced("elu", (x: unknown, scale?: unknown, options?: unknown) => {
  alpha = alphaOf("elu", scale, 1);
  return runUnary(eluRule, x, options);
}) as AlphaOp;

const CAST_OPS: Record<DType, (x: number) => number> = {
  float32: (x) => x,
  float64: (x) => x,
  int32: (x) => x, // the store truncates toward zero and wraps
  uint8: (x) => x,
  bool: (x) => (x !== 0 ? 1 : 0),
};
/** The rule of `cast` to each dtype (exported for the SIMD tests). @internal */
export const castRules = Object.fromEntries(
  (Object.keys(CAST_OPS) as DType[]).map((dtype) => [dtype, unary("cast", CAST_OPS[dtype], () => dtype)]),
) as Record<DType, UnaryRule>;

/** A copy in another dtype: float to int truncates toward zero (and wraps), anything to bool is `x !== 0`. */
export function cast<X extends AnyTensor, D extends DType>(x: X, dtype: D, options?: UnaryOptions): Tensor<ShapeOf<X>, D> {
  return recorded("cast", [x, dtype, options], runUnary(castRules[checkDType("cast", "dtype", dtype)], x, options)) as Tensor<ShapeOf<X>, D>;
}

// Tensor's methods call these (src/ops/methods.ts): overloaded functions, recorded with the module
defineOps({ clip, cast });
