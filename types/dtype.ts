/**
 * Element types at the type level: the twin of src/dtype.ts. Promotion runs
 * along one chain, `bool < uint8 < int32 < float32 < float64`.
 *
 * @example
 * Promote<"int32", "float32">         //=> "float32"
 * ArithmeticDType<"bool", "bool">     //=> "int32"
 * DivisionDType<"int32", "uint8">     //=> "float32"
 * ScalarDType<2, "int32">             //=> "int32"
 * ScalarDType<0.5, "int32">           //=> "float32"
 * ScalarDType<2, "bool">              //=> "int32"
 */

export type DType = "float32" | "float64" | "int32" | "uint8" | "bool";

/** The later dtype of the two on the promotion chain (a table: no recursion). */
export type Promote<A extends DType, B extends DType> = PromotionTable[A][B];

interface PromotionTable {
  bool: { bool: "bool"; uint8: "uint8"; int32: "int32"; float32: "float32"; float64: "float64" };
  uint8: { bool: "uint8"; uint8: "uint8"; int32: "int32"; float32: "float32"; float64: "float64" };
  int32: { bool: "int32"; uint8: "int32"; int32: "int32"; float32: "float32"; float64: "float64" };
  float32: { bool: "float32"; uint8: "float32"; int32: "float32"; float32: "float32"; float64: "float64" };
  float64: { bool: "float64"; uint8: "float64"; int32: "float64"; float32: "float64"; float64: "float64" };
}

/** Arithmetic computes in the promoted dtype; two bools compute in int32. */
export type ArithmeticDType<A extends DType, B extends DType> = Promote<A, B> extends "bool" ? "int32" : Promote<A, B>;

/** True division: float64 stays, everything else divides in float32. */
export type DivisionDType<A extends DType, B extends DType> = Promote<A, B> extends "float64" ? "float64" : "float32";

/** Floating-point functions (sqrt, exp, ...): float64 stays, everything else is float32. */
export type FloatDType<D extends DType> = D extends "float64" ? "float64" : "float32";

/** Signed results (neg, sign): bool and uint8 compute in int32. */
export type SignedDType<D extends DType> = D extends "bool" | "uint8" ? "int32" : D;

/** `Integer` for an integer literal, float32 for a fractional one, either for `number`. */
type IntegerOrFloat<Value, Integer extends DType> =
  number extends Value ? Integer | "float32"
  : `${Value & number}` extends `${bigint}` ? Integer
  : "float32";

/**
 * The dtype a plain number computes in next to a tensor of dtype `D`: a
 * boolean takes the tensor's; next to int32 or uint8, an integer takes the
 * tensor's and a fractional number computes in float32; next to bool, an
 * integer computes in int32 and a fractional number in float32. A number known
 * only as `number` may be either.
 */
export type ScalarDType<Value, D extends DType> =
  Value extends boolean ? D
  : D extends "bool" ? IntegerOrFloat<Value, "int32">
  : D extends "int32" | "uint8" ? IntegerOrFloat<Value, D>
  : D;

/** The typed array each dtype is stored in. */
export interface StorageOf {
  float32: Float32Array;
  float64: Float64Array;
  int32: Int32Array;
  uint8: Uint8Array;
  bool: Uint8Array;
}
