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
import { defineOp } from "./methods.js";
import type { OpsOf } from "./catalog.js";

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

/**
 * The binary ops' rules by name, each recorded as its op is defined (`binaryOp`), so a bundle
 * holds those of the ops it keeps. @internal (the ONNX lowering and the SIMD tests read them)
 */
export const rules = {} as Record<OpsOf<"binary">, BinaryRule>;

/**
 * A binary op: its rule (into `rules`) and the function that runs it, reported to the tape.
 * Definitions call it `@__PURE__` with plain arguments, so a bundle drops an op it never calls.
 */
function binaryOp(name: OpsOf<"binary">, op: (x: number, y: number) => number, dtype: (a: DType, b: DType) => DType, options?: RuleOptions) {
  const rule = (rules[name] = binary(name, op, dtype, options));
  return traced(name, (a: unknown, b: unknown, options?: unknown) => runBinary(rule, a, b, options));
}

export const add = /* @__PURE__ */ binaryOp("add", (x, y) => x + y, arithmeticDType) as BinaryOp<"add", "arithmetic">;
export const sub = /* @__PURE__ */ binaryOp("sub", (x, y) => x - y, arithmeticDType) as BinaryOp<"sub", "arithmetic">;
export const mul = /* @__PURE__ */ binaryOp("mul", (x, y) => x * y, arithmeticDType, { integer: Math.imul }) as BinaryOp<"mul", "arithmetic">;
export const div = /* @__PURE__ */ binaryOp("div", (x, y) => x / y, divisionDType) as BinaryOp<"div", "division">;
export const pow = /* @__PURE__ */ binaryOp("pow", powC, arithmeticDType, { integer: integerPow, check: checkExponents }) as BinaryOp<"pow", "arithmetic">;
export const mod = /* @__PURE__ */ binaryOp("mod", floorMod, arithmeticDType) as BinaryOp<"mod", "arithmetic">;
export const maximum = /* @__PURE__ */ binaryOp("maximum", (x, y) => Math.max(x, y), arithmeticDType) as BinaryOp<"maximum", "arithmetic">;
export const minimum = /* @__PURE__ */ binaryOp("minimum", (x, y) => Math.min(x, y), arithmeticDType) as BinaryOp<"minimum", "arithmetic">;
export const equal = /* @__PURE__ */ binaryOp("equal", (x, y) => (x === y ? 1 : 0), bool, compared) as BinaryOp<"equal", "bool">;
export const notEqual = /* @__PURE__ */ binaryOp("notEqual", (x, y) => (x !== y ? 1 : 0), bool, compared) as BinaryOp<"notEqual", "bool">;
export const less = /* @__PURE__ */ binaryOp("less", (x, y) => (x < y ? 1 : 0), bool, compared) as BinaryOp<"less", "bool">;
export const lessEqual = /* @__PURE__ */ binaryOp("lessEqual", (x, y) => (x <= y ? 1 : 0), bool, compared) as BinaryOp<"lessEqual", "bool">;
export const greater = /* @__PURE__ */ binaryOp("greater", (x, y) => (x > y ? 1 : 0), bool, compared) as BinaryOp<"greater", "bool">;
export const greaterEqual = /* @__PURE__ */ binaryOp("greaterEqual", (x, y) => (x >= y ? 1 : 0), bool, compared) as BinaryOp<"greaterEqual", "bool">;
export const logicalAnd = /* @__PURE__ */ binaryOp("logicalAnd", (x, y) => (x !== 0 && y !== 0 ? 1 : 0), bool, compared) as BinaryOp<"logicalAnd", "bool">;
export const logicalOr = /* @__PURE__ */ binaryOp("logicalOr", (x, y) => (x !== 0 || y !== 0 ? 1 : 0), bool, compared) as BinaryOp<"logicalOr", "bool">;
export const logicalXor = /* @__PURE__ */ binaryOp("logicalXor", (x, y) => ((x !== 0) !== (y !== 0) ? 1 : 0), bool, compared) as BinaryOp<"logicalXor", "bool">;

/** `cond ? a : b` per element, with NumPy broadcasting of all three; the dtype promotes a and b. */
export const where = /* @__PURE__ */ traced("where", (cond: unknown, a: unknown, b: unknown) => runWhere(cond, a, b, promote)) as WhereOp;

// ---------------------------------------------------------------------------
// Unary ops
// ---------------------------------------------------------------------------

/** A unary rule; `extra`: its SIMD kernel's name or parameters (see UnaryRule). */
const unary = (name: string, op: (x: number) => number, dtype: (a: DType) => DType, extra?: Pick<UnaryRule, "simd" | "params">): UnaryRule => ({
  name,
  kernel: makeUnaryKernel(op),
  dtype,
  ...extra,
});

/**
 * A unary op: its rule (into `record`) and the function that runs it, reported to the tape.
 * Definitions call it `@__PURE__` with plain arguments, as binaryOp.
 */
function unaryOp(record: Record<string, UnaryRule>, name: string, op: (x: number) => number, dtype: (a: DType) => DType, extra?: Pick<UnaryRule, "simd">) {
  const rule = (record[name] = unary(name, op, dtype, extra));
  return traced(name, (x: unknown, options?: unknown) => runUnary(rule, x, options));
}
const same = (dtype: DType): DType => dtype;
/** Signed results: bool and uint8 operands compute in int32. */
const signed = (dtype: DType): DType => (dtype === "bool" || dtype === "uint8" ? "int32" : dtype);

/** Round half to even, as NumPy does (`round(0.5)` is 0, `round(1.5)` is 2). */
const roundHalfEven = (x: number): number => {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
};

/** The unary ops' rules by name, each recorded as its op is defined. @internal (the SIMD tests) */
export const unaryRules = {} as Record<"neg" | "abs" | "sign" | "sqrt" | "exp" | "log" | "sin" | "cos" | "tanh" | "sigmoid" | "relu" | "floor" | "ceil" | "round", UnaryRule>;

export const neg = /* @__PURE__ */ unaryOp(unaryRules, "neg", (x) => -x, signed) as UnaryOp<"signed">;
export const abs = /* @__PURE__ */ unaryOp(unaryRules, "abs", (x) => Math.abs(x), same) as UnaryOp<"same">;
export const sign = /* @__PURE__ */ unaryOp(unaryRules, "sign", (x) => (x > 0 ? 1 : x < 0 ? -1 : x), signed) as UnaryOp<"signed">;
export const sqrt = /* @__PURE__ */ unaryOp(unaryRules, "sqrt", (x) => Math.sqrt(x), floatDType) as UnaryOp<"float">;
export const exp = /* @__PURE__ */ unaryOp(unaryRules, "exp", (x) => Math.exp(x), floatDType) as UnaryOp<"float">;
export const log = /* @__PURE__ */ unaryOp(unaryRules, "log", (x) => Math.log(x), floatDType) as UnaryOp<"float">;
export const sin = /* @__PURE__ */ unaryOp(unaryRules, "sin", (x) => Math.sin(x), floatDType) as UnaryOp<"float">;
export const cos = /* @__PURE__ */ unaryOp(unaryRules, "cos", (x) => Math.cos(x), floatDType) as UnaryOp<"float">;
export const tanh = /* @__PURE__ */ unaryOp(unaryRules, "tanh", (x) => Math.tanh(x), floatDType) as UnaryOp<"float">;
export const sigmoid = /* @__PURE__ */ unaryOp(unaryRules, "sigmoid", (x) => 1 / (1 + Math.exp(-x)), floatDType) as UnaryOp<"float">;
export const relu = /* @__PURE__ */ unaryOp(unaryRules, "relu", (x) => (x < 0 ? 0 : x), same) as UnaryOp<"same">; // NaN stays NaN
export const floor = /* @__PURE__ */ unaryOp(unaryRules, "floor", (x) => Math.floor(x), same) as UnaryOp<"same">;
export const ceil = /* @__PURE__ */ unaryOp(unaryRules, "ceil", (x) => Math.ceil(x), same) as UnaryOp<"same">;
export const round = /* @__PURE__ */ unaryOp(unaryRules, "round", roundHalfEven, same) as UnaryOp<"same">;

// One clip kernel for every call: the bounds are set just before it runs
// (JavaScript runs one kernel at a time), so it is compiled and optimised once.
let clipLow = 0;
let clipHigh = 0;
const clipParams = (): readonly number[] => [clipLow, clipHigh];
const clipRule = /* @__PURE__ */ unary("clip", (v) => (v < clipLow ? clipLow : v > clipHigh ? clipHigh : v), same, { params: clipParams });
/** Into bool, the clipped value is stored by truthiness, as every bool is. */
const clipBoolRule = /* @__PURE__ */ unary("clip", (v) => ((v < clipLow ? clipLow : v > clipHigh ? clipHigh : v) !== 0 ? 1 : 0), same, {
  // (its SIMD kernel reads the bools' bytes: one of two bytes per operand)
  simd: "clipBool",
  params: clipParams,
});

/** Limits every element to `[min, max]`; the dtype stays. */
export const clip = /* @__PURE__ */ defineOp("clip", function clip<X extends AnyTensor>(x: X, min: number, max: number, options?: UnaryOptions): Tensor<ShapeOf<X>, X["dtype"]> {
  if (typeof min !== "number" || typeof max !== "number") {
    throw new TypeError(`clip: min and max must be numbers, got ${describe(min)} and ${describe(max)}`);
  }
  if (Number.isNaN(min) || Number.isNaN(max)) throw new RangeError(`clip: min and max must not be NaN, got ${min} and ${max}`);
  if (min > max) throw new RangeError(`clip: min ${min} is greater than max ${max}`);
  clipLow = min;
  clipHigh = max;
  return recorded("clip", [x, min, max, options], runUnary((x as AnyTensor | undefined)?.dtype === "bool" ? clipBoolRule : clipRule, x, options)) as Tensor<ShapeOf<X>, X["dtype"]>;
});

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

/** The rules of the activations and tests of values, each recorded as its op is defined. @internal (the SIMD tests) */
export const activationRules = {} as Record<"silu" | "softplus" | "erf" | "logSigmoid", UnaryRule> & Record<"isNaN" | "isFinite", UnaryRule & { readonly simd: string }>;

/** x * sigmoid(x) (SiLU, swish); `silu(-Infinity)` is -0. Float results, as `exp`. */
export const silu = /* @__PURE__ */ unaryOp(activationRules, "silu", siluOf, floatDType) as UnaryOp<"float">;
/** log(1 + e^x), without overflow: `softplus(1000)` is 1000, `softplus(-1000)` is e^-1000 (0 in float64). */
export const softplus = /* @__PURE__ */ unaryOp(activationRules, "softplus", softplusOf, floatDType) as UnaryOp<"float">;
/** The error function, within 1 ulp of a correctly rounded float64 erf (src/kernels/erf.ts). */
export const erf = /* @__PURE__ */ unaryOp(activationRules, "erf", erfOf, floatDType) as UnaryOp<"float">;
/** log(sigmoid(x)) = -softplus(-x), without overflow; `logSigmoid(Infinity)` is -0. */
export const logSigmoid = /* @__PURE__ */ unaryOp(activationRules, "logSigmoid", (x) => -softplusOf(-x), floatDType) as UnaryOp<"float">;
/** Is each element NaN? A bool tensor; integers and bools never are. */
// x !== x: the comparison's SIMD kernel
export const isNaN = /* @__PURE__ */ unaryOp(activationRules, "isNaN", (x) => (Number.isNaN(x) ? 1 : 0), bool, { simd: "notEqual" }) as UnaryOp<"bool">;
/** Is each element neither NaN nor ±Infinity? A bool tensor; integers and bools always are. */
// (int32 and uint8 are finite: only the floats have a SIMD kernel)
export const isFinite = /* @__PURE__ */ unaryOp(activationRules, "isFinite", (x) => (Number.isFinite(x) ? 1 : 0), bool, { simd: "isFinite" }) as UnaryOp<"bool">;

/** @internal (test/kernels/simd.test.ts) */
export const geluRules = { none: /* @__PURE__ */ unary("gelu", geluOf, floatDType), tanh: /* @__PURE__ */ unary("gelu", geluTanhOf, floatDType, { simd: "geluTanh" }) } as const;

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
const alphaParams = (): readonly number[] => [alpha];
const leakyReluRule = /* @__PURE__ */ unary("leakyRelu", (x) => (x < 0 ? alpha * x : x), floatDType, { params: alphaParams }); // NaN stays NaN
const eluRule = /* @__PURE__ */ unary("elu", (x) => (x > 0 ? x : alpha * Math.expm1(x)), floatDType, { params: alphaParams });

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
export const castRules = /* @__PURE__ */ castRulesOf();
function castRulesOf(): Record<DType, UnaryRule> {
  return Object.fromEntries((Object.keys(CAST_OPS) as DType[]).map((dtype) => [dtype, unary("cast", CAST_OPS[dtype], () => dtype)])) as Record<DType, UnaryRule>;
}

/** A copy in another dtype: float to int truncates toward zero (and wraps), anything to bool is `x !== 0`. */
export const cast = /* @__PURE__ */ defineOp("cast", function cast<X extends AnyTensor, D extends DType>(x: X, dtype: D, options?: UnaryOptions): Tensor<ShapeOf<X>, D> {
  return recorded("cast", [x, dtype, options], runUnary(castRules[checkDType("cast", "dtype", dtype)], x, options)) as Tensor<ShapeOf<X>, D>;
});
