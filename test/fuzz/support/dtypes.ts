/**
 * The fuzz suite's own dtype rules, written from the runtime contract
 * ("Bad input and limits", "Dtypes and promotion"), not from src/dtype.ts: the promotion chain, how a
 * value is stored in each dtype, what dtype a plain number computes in, and
 * the result dtype of each op family.
 */

export type DType = "bool" | "uint8" | "int32" | "float32" | "float64";

export const DTYPES: readonly DType[] = ["float32", "float64", "int32", "uint8", "bool"];

const CHAIN: readonly DType[] = ["bool", "uint8", "int32", "float32", "float64"];

/** The later of two dtypes on the chain bool < uint8 < int32 < float32 < float64. */
export const promote = (a: DType, b: DType): DType => (CHAIN.indexOf(a) >= CHAIN.indexOf(b) ? a : b);

export const isFloat = (d: DType): boolean => d === "float32" || d === "float64";
export const isIntegral = (d: DType): boolean => !isFloat(d);

/**
 * The number a dtype holds for `value`: float32 rounds once (Math.fround),
 * int32/uint8 truncate toward zero and wrap (NaN and +-Infinity give 0),
 * bool is `value !== 0` (so NaN is true).
 */
export function store(dtype: DType, value: number): number {
  switch (dtype) {
    case "float64":
      return value;
    case "float32":
      return Math.fround(value);
    case "bool":
      return value !== 0 ? 1 : 0;
    case "int32":
      if (!Number.isFinite(value)) return 0;
      return Number(BigInt.asIntN(32, BigInt(Math.trunc(value))));
    case "uint8":
      if (!Number.isFinite(value)) return 0;
      return Number(BigInt.asUintN(8, BigInt(Math.trunc(value))));
  }
}

/** The range of integers a dtype can hold, or undefined for floats. */
export const integerRange = (d: DType): readonly [number, number] | undefined =>
  d === "int32" ? [-(2 ** 31), 2 ** 31 - 1] : d === "uint8" ? [0, 255] : d === "bool" ? [0, 1] : undefined;

/** A plain operand: the dtype it computes in next to a tensor of `other` (undefined: no tensor), or a RangeError. */
export type ScalarDType = { readonly dtype: DType } | { readonly error: "RangeError" };

/**
 * Contract, "A plain number next to a tensor of dtype D computes in":
 * D for floats (converted); D for int32/uint8 when the number is an integer D
 * holds, float32 when it is fractional, RangeError when it is an integer D
 * cannot hold; for bool, a boolean stays bool, an integer is int32, a
 * fractional number float32; two plain numbers float32.
 * (NaN and +-Infinity are not integers: they count as fractional.)
 */
export function scalarDType(value: number | boolean, other: DType | undefined): ScalarDType {
  if (typeof value === "boolean") return { dtype: other ?? "bool" };
  if (other === undefined) return { dtype: "float32" };
  if (isFloat(other)) return { dtype: other };
  if (!Number.isInteger(value)) return { dtype: "float32" };
  const target: DType = other === "bool" ? "int32" : other;
  const [lo, hi] = integerRange(target)!;
  if (value < lo || value > hi) return { error: "RangeError" };
  return { dtype: target };
}

/** The value a plain operand has as an element: booleans are 0/1. */
export const scalarValue = (value: number | boolean): number => (typeof value === "boolean" ? (value ? 1 : 0) : value);

export type BinaryFamily = "arithmetic" | "division" | "compare" | "logical";

/** The dtype a binary op computes in (every operand converted to it) and its result dtype. */
export function binaryDTypes(family: BinaryFamily, a: DType, b: DType): { compute: DType; result: DType } {
  const p = promote(a, b);
  switch (family) {
    case "arithmetic": {
      const d = p === "bool" ? "int32" : p;
      return { compute: d, result: d };
    }
    case "division": {
      const d = p === "float64" ? "float64" : "float32";
      return { compute: d, result: d };
    }
    case "compare":
    case "logical":
      return { compute: p, result: "bool" };
  }
}

/** Unary result dtypes (README table). */
export const signedDType = (d: DType): DType => (d === "bool" || d === "uint8" ? "int32" : d);
export const floatDType = (d: DType): DType => (d === "float64" ? "float64" : "float32");

/** The typed array class a dtype is stored in (what toTypedArray gives). */
export const storageName = (d: DType): string =>
  d === "float32" ? "Float32Array" : d === "float64" ? "Float64Array" : d === "int32" ? "Int32Array" : "Uint8Array";

/** An element as toArray()/get()/item() give it: booleans for bool. */
export const readOut = (d: DType, stored: number): number | boolean => (d === "bool" ? stored !== 0 : stored);

/** Integer ops on exact integers, wrapped to `d` (int32/uint8) through BigInt. */
export const wrap = (d: DType, value: bigint): number =>
  d === "int32" ? Number(BigInt.asIntN(32, value)) : d === "uint8" ? Number(BigInt.asUintN(8, value)) : Number(value);

/** x ** y for integers y >= 0, modulo 2^32 (square-and-multiply over BigInt, reduced at each step). */
export function integerPow(d: DType, x: number, y: number): number {
  let base = BigInt.asIntN(64, BigInt(x));
  let exponent = BigInt(y);
  let result = 1n;
  while (exponent > 0n) {
    if (exponent & 1n) result = BigInt.asIntN(64, result * base);
    base = BigInt.asIntN(64, base * base);
    exponent >>= 1n;
  }
  return wrap(d, result);
}
