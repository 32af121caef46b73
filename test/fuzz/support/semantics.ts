/**
 * Element-wise semantics per the contract, computed on the model: operands
 * are converted to the dtype the op computes in, the op is applied (exact
 * integer arithmetic through BigInt for int32/uint8), and the result is
 * stored in the result dtype.
 */
import type { ErrorClass, Tolerance } from "./check.js";
import { type FitOrError as BinaryFit, readIndexOf } from "./broadcast.js";
import {
  type BinaryFamily,
  binaryDTypes,
  type DType,
  floatDType,
  integerPow,
  isFloat,
  promote,
  scalarDType,
  scalarValue,
  signedDType,
  store,
  wrap,
} from "./dtypes.js";
import { at, indices, type Model, makeModel } from "./model.js";

/** An operand as the reference sees it: a tensor's model, or a plain number/boolean. */
export type RefOperand = { readonly kind: "tensor"; readonly m: Model } | { readonly kind: "plain"; readonly v: number | boolean };

export const shapeOfOperand = (o: RefOperand): readonly number[] => (o.kind === "tensor" ? o.m.shape : []);

/**
 * What a call must do: give `model` (compared with `tolerance`), or throw one
 * of `error` (`orOk`: or succeed). `result` is the result's shape and dtype
 * when known despite the error (to make a fitting `out`). `tags` name the
 * contract rules a case exercises, for triage: FUZZ_SKIP=tag,... skips the
 * cases that carry them, to look for failures the first ones hide.
 */
export type Expected = (
  | { readonly model: Model; readonly tolerance: Tolerance | ((index: number) => Tolerance) }
  | { readonly error: readonly ErrorClass[]; readonly orOk?: boolean; readonly result?: { shape: readonly number[]; dtype: DType } }
) & { readonly tags?: ReadonlySet<string> };

export const BINARY_OPS = {
  add: "arithmetic",
  sub: "arithmetic",
  mul: "arithmetic",
  div: "division",
  pow: "arithmetic",
  mod: "arithmetic",
  maximum: "arithmetic",
  minimum: "arithmetic",
  equal: "compare",
  notEqual: "compare",
  less: "compare",
  lessEqual: "compare",
  greater: "compare",
  greaterEqual: "compare",
  logicalAnd: "logical",
  logicalOr: "logical",
  logicalXor: "logical",
} as const satisfies Record<string, BinaryFamily>;
export type BinaryName = keyof typeof BINARY_OPS;

/** C's pow (what NumPy computes): pow(1, y) and pow(x, 0) are 1 for every y and x, pow(-1, +-Infinity) is 1. */
export const cPow = (x: number, y: number): number => {
  if (x === 1 || y === 0) return 1;
  if (x === -1 && (y === Infinity || y === -Infinity)) return 1;
  return x ** y;
};

/** NumPy's float remainder (npy_divmod): fmod, moved to the divisor's sign; a zero takes the divisor's sign. */
export const npMod = (x: number, y: number): number => {
  const m = x % y;
  if (y === 0 || Number.isNaN(m)) return m;
  if (m === 0) return y < 0 ? -0 : 0;
  return m < 0 !== y < 0 ? m + y : m;
};

const truthy = (v: number): boolean => v !== 0; // NaN is true

/** The op on two values already converted to `compute`; "negative exponent" for integer pow with y < 0. */
export function binaryValue(op: BinaryName, compute: DType, x: number, y: number): number | "negative exponent" {
  if (!isFloat(compute)) {
    const X = BigInt(x);
    const Y = BigInt(y);
    switch (op) {
      case "add":
        return wrap(compute, X + Y);
      case "sub":
        return wrap(compute, X - Y);
      case "mul":
        return wrap(compute, X * Y);
      case "pow":
        return y < 0 ? "negative exponent" : integerPow(compute, x, y);
      case "mod": {
        if (y === 0) return 0;
        let r = X % Y;
        if (r !== 0n && r < 0n !== Y < 0n) r += Y;
        return wrap(compute, r);
      }
      default:
        break;
    }
  }
  switch (op) {
    case "add":
      return x + y;
    case "sub":
      return x - y;
    case "mul":
      return x * y;
    case "div":
      return x / y;
    case "pow":
      return cPow(x, y);
    case "mod":
      return npMod(x, y);
    case "maximum":
      return Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : Math.max(x, y);
    case "minimum":
      return Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : Math.min(x, y);
    case "equal":
      return x === y ? 1 : 0;
    case "notEqual":
      return x !== y ? 1 : 0;
    case "less":
      return x < y ? 1 : 0;
    case "lessEqual":
      return x <= y ? 1 : 0;
    case "greater":
      return x > y ? 1 : 0;
    case "greaterEqual":
      return x >= y ? 1 : 0;
    case "logicalAnd":
      return truthy(x) && truthy(y) ? 1 : 0;
    case "logicalOr":
      return truthy(x) || truthy(y) ? 1 : 0;
    case "logicalXor":
      return truthy(x) !== truthy(y) ? 1 : 0;
  }
}

/** The dtype an operand computes in next to the other operand (a plain number follows the contract's scalar rule). */
export function operandDType(o: RefOperand, other: RefOperand, family?: BinaryFamily): { dtype: DType } | { error: "RangeError" } {
  if (o.kind === "tensor") return { dtype: o.m.dtype };
  const s = scalarDType(o.v, other.kind === "tensor" ? other.m.dtype : undefined);
  // div computes in float32 whatever the integer dtype: a number that dtype cannot hold is no error there
  if ("error" in s && family === "division" && other.kind === "tensor") return { dtype: other.m.dtype === "bool" ? "int32" : other.m.dtype };
  return s;
}

/** The element of an operand read at an operand index (a plain value for a plain operand). */
const readOperand = (o: RefOperand, index: readonly number[]): number => (o.kind === "tensor" ? at(o.m, index) : scalarValue(o.v));

/** The dtypes two operands compute in, the tags they earn, and the errors they and the broadcast (`fit`) call for. */
function operands(a: RefOperand, b: RefOperand, fit: BinaryFit, family?: BinaryFamily) {
  const da = operandDType(a, b, family);
  const db = operandDType(b, a, family);
  const tags = new Set<string>();
  for (const [o, other] of [[a, b], [b, a]] as const) {
    if (o.kind === "plain" && other.kind === "tensor" && other.m.dtype === "bool" && typeof o.v === "number") tags.add("bool-number");
  }
  const errors: ErrorClass[] = [];
  if ("error" in da || "error" in db) {
    errors.push("RangeError");
    tags.add("scalar-range");
  }
  if ("error" in fit) errors.push(...fit.error);
  return { da, db, tags, errors };
}

/** A binary op per the contract: dtype, broadcast (`fit`), values; or the errors it must throw. */
export function referenceBinary(op: BinaryName, a: RefOperand, b: RefOperand, fit: BinaryFit): Expected {
  const { da, db, tags, errors } = operands(a, b, fit, BINARY_OPS[op]);
  if ("error" in fit) return { error: errors, tags };
  if ("error" in da || "error" in db) {
    // the result's dtype all the same (a number that does not fit takes the tensor's dtype), so that a
    // call whose out has another dtype may be refused for that instead: two mistakes, either reported
    const asTensor = (other: RefOperand): DType => (other.kind === "tensor" ? (other.m.dtype === "bool" ? "int32" : other.m.dtype) : "float32");
    const { result } = binaryDTypes(BINARY_OPS[op], "error" in da ? asTensor(b) : da.dtype, "error" in db ? asTensor(a) : db.dtype);
    return { error: errors, tags, result: { shape: fit.shape, dtype: result } };
  }
  const { compute, result } = binaryDTypes(BINARY_OPS[op], da.dtype, db.dtype);
  let negative = false;
  const model = makeModel(fit.shape, result, (index) => {
    const rawX = readOperand(a, readIndexOf(fit, 0, shapeOfOperand(a), index));
    const rawY = readOperand(b, readIndexOf(fit, 1, shapeOfOperand(b), index));
    const x = store(compute, rawX);
    const y = store(compute, rawY);
    if (!Object.is(x, rawX) || !Object.is(y, rawY)) tags.add("convert");
    const r = binaryValue(op, compute, x, y);
    if (!isFloat(compute) && ((op === "mul" && Math.abs(x * y) > 2 ** 53) || (op === "pow" && y > 0 && Math.abs(x) > 1 && Math.log2(Math.abs(x)) * y > 53))) {
      tags.add("int-exact");
    }
    if (r === "negative exponent") {
      negative = true;
      return 0;
    }
    if (op === "pow" && isFloat(compute) && !Object.is(r, x ** y)) tags.add("c-pow");
    if (op === "mod" && isFloat(compute) && r === 0) tags.add("zero-sign");
    return store(result, r);
  });
  const shaped = { shape: fit.shape, dtype: result };
  if (negative) return { error: ["RangeError"], result: shaped, tags: tags.add("negative-exponent") };
  // a negative plain exponent with no element to raise: NumPy may or may not refuse it
  if (op === "pow" && !isFloat(compute) && b.kind === "plain" && scalarValue(b.v) < 0 && model.values.length === 0) {
    return { error: ["RangeError"], orOk: true, result: shaped, tags };
  }
  const tolerance: Tolerance = op === "maximum" || op === "minimum" ? "zero" : "exact";
  return { model, tolerance, tags };
}

// ---------------------------------------------------------------------------
// Unary ops, clip, cast, where
// ---------------------------------------------------------------------------

export type UnaryName = "neg" | "abs" | "sign" | "sqrt" | "exp" | "log" | "sin" | "cos" | "tanh" | "sigmoid" | "relu" | "floor" | "ceil" | "round";
export const UNARY_OPS: readonly UnaryName[] = ["neg", "abs", "sign", "sqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "round"];

/** NumPy's rint: halves to even; keeps the sign of zero. */
export const roundHalfEven = (x: number): number => {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  const r = d < 0.5 ? f : d > 0.5 ? f + 1 : f % 2 === 0 ? f : f + 1;
  return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
};

const UNARY: Record<UnaryName, { dtype: (d: DType) => DType; f: (x: number) => number; tolerance: (d: DType) => Tolerance }> = {
  neg: { dtype: signedDType, f: (x) => -x, tolerance: () => "exact" },
  abs: { dtype: (d) => d, f: Math.abs, tolerance: () => "exact" },
  sign: { dtype: signedDType, f: (x) => (x > 0 ? 1 : x < 0 ? -1 : x), tolerance: () => "zero" },
  sqrt: { dtype: floatDType, f: Math.sqrt, tolerance: () => "exact" },
  exp: { dtype: floatDType, f: Math.exp, tolerance: (d) => transcendental(d) },
  log: { dtype: floatDType, f: Math.log, tolerance: (d) => transcendental(d) },
  sin: { dtype: floatDType, f: Math.sin, tolerance: (d) => transcendental(d) },
  cos: { dtype: floatDType, f: Math.cos, tolerance: (d) => transcendental(d) },
  tanh: { dtype: floatDType, f: Math.tanh, tolerance: (d) => transcendental(d) },
  sigmoid: { dtype: floatDType, f: (x) => 1 / (1 + Math.exp(-x)), tolerance: (d) => transcendental(d) },
  relu: { dtype: (d) => d, f: (x) => (Number.isNaN(x) ? x : x > 0 ? x : 0), tolerance: () => "zero" },
  floor: { dtype: (d) => d, f: Math.floor, tolerance: () => "exact" },
  ceil: { dtype: (d) => d, f: Math.ceil, tolerance: () => "exact" },
  round: { dtype: (d) => d, f: roundHalfEven, tolerance: () => "exact" },
};

/** exp/log/sin/...: a few float32 ulps, or 1e-14 relative in float64. */
export const transcendental = (d: DType): Tolerance => (d === "float64" ? { rel: 1e-14, abs: 1e-300 } : { ulps32: 2, abs: 1e-45 });

export function referenceUnary(op: UnaryName, x: Model): Expected {
  const rule = UNARY[op];
  const d = rule.dtype(x.dtype);
  const tags = new Set<string>();
  const model = makeModel(x.shape, d, (index) => {
    const raw = at(x, index);
    const v = store(d, raw);
    if (!Object.is(v, raw)) tags.add("convert");
    if (op === "relu" && Number.isNaN(v)) tags.add("relu-nan");
    return store(d, rule.f(v));
  });
  return { model, tolerance: rule.tolerance(d), tags };
}

/**
 * clip(x, lo, hi): the dtype stays; the bounds are plain numbers next to x
 * (converted as the contract's scalar rule says); NaN propagates; into bool
 * the result is its truthiness.
 */
export function referenceClip(x: Model, lo: number, hi: number): Expected {
  const d = x.dtype;
  const compute = (v: number): DType => {
    const s = scalarDType(v, d);
    return "dtype" in s ? s.dtype : "float64";
  };
  const dl = compute(lo);
  const dh = compute(hi);
  const c = promote(promote(d, dl), dh);
  const l = store(c, lo);
  const h = store(c, hi);
  const tags = new Set<string>();
  if (d === "bool" && [lo, hi].some((v) => v !== 0 && v !== 1)) tags.add("clip-bool");
  const model = makeModel(x.shape, d, (index) => {
    const raw = at(x, index);
    const v = store(c, raw);
    if (!Object.is(v, raw)) tags.add("convert");
    return store(d, Number.isNaN(v) ? v : v < l ? l : v > h ? h : v);
  });
  return { model, tolerance: "zero", tags };
}

export function referenceCast(x: Model, d: DType): Expected {
  const tags = new Set<string>();
  const model = makeModel(x.shape, d, (index) => {
    const v = at(x, index);
    if (d === "bool" && Number.isNaN(v)) tags.add("nan-truthy");
    return store(d, v);
  });
  return { model, tolerance: "exact", tags };
}

/** where(cond, a, b): NumPy broadcasting of all three; a and b promote (plain values by the scalar rule); cond by truthiness. */
export function referenceWhere(cond: RefOperand, a: RefOperand, b: RefOperand, fit: BinaryFit): Expected {
  const { da, db, tags, errors } = operands(a, b, fit);
  if ("error" in da || "error" in db || "error" in fit) return { error: errors, tags };
  const d = promote(da.dtype, db.dtype);
  const model = makeModel(fit.shape, d, (index) => {
    const c = readOperand(cond, readIndexOf(fit, 0, shapeOfOperand(cond), index));
    if (Number.isNaN(c)) tags.add("nan-truthy");
    const chosen = c !== 0 ? readOperand(a, readIndexOf(fit, 1, shapeOfOperand(a), index)) : readOperand(b, readIndexOf(fit, 2, shapeOfOperand(b), index));
    if (!Object.is(store(d, chosen), chosen)) tags.add("convert");
    return store(d, chosen);
  });
  return { model, tolerance: "exact", tags };
}

export { indices, floatDType };
