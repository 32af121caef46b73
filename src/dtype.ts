/**
 * Element types: their storage and how mixed-dtype operations promote.
 * The type-level twin is `types/dtype.ts`.
 *
 * Promotion follows one chain, `bool < uint8 < int32 < float32 < float64`:
 * a binary op on two dtypes computes in the later of the two. Arithmetic on
 * two `bool` operands computes in `int32` (`true + true` is 2), `div` on
 * integers computes in `float32` (true division), comparisons and logical ops
 * give `bool`. A plain number operand computes in the tensor's dtype (int32
 * next to bool, float32 when fractional next to an integer or bool tensor) and
 * is converted to the dtype the op computes in (ops/engine.ts: scalarDType,
 * convertScalar).
 */

import type { DType, ScalarRangeMessage, StorageOf } from "../types/dtype.js";
import { describe } from "./shape/validate.js";

export type { DType, StorageOf };

/** Every dtype, in promotion order: the one list messages, tests and tools read. */
export const DTYPES = ["bool", "uint8", "int32", "float32", "float64"] as const satisfies readonly DType[];
// (a compile error here means DTYPES and types/dtype.ts's DType no longer list the same dtypes)
const everyDType: Exclude<DType, (typeof DTYPES)[number]> extends never ? true : false = true;
void everyDType;

export type Storage = StorageOf[DType];

/** The typed-array class each dtype is stored in. */
export const CONSTRUCTORS = {
  float32: Float32Array,
  float64: Float64Array,
  int32: Int32Array,
  uint8: Uint8Array,
  bool: Uint8Array,
} as const;

/**
 * A zeroed buffer of `length` elements of `dtype` for `op`; when the engine cannot allocate it (a
 * size within the limits, but memory ran out), a `RangeError` naming `op` and the bytes asked
 * for, rather than the engine's bare "Array buffer allocation failed".
 */
export function allocate<D extends DType>(op: string, dtype: D, length: number): StorageOf[D] {
  try {
    return new CONSTRUCTORS[dtype](length) as StorageOf[D];
  } catch (error) {
    throw outOfMemory(op, length * CONSTRUCTORS[dtype].BYTES_PER_ELEMENT, `${length} ${dtype} elements`, error);
  }
}

/**
 * The `RangeError` of `op` when `bytes` (for `what`) could not be allocated, the engine's own
 * error its cause. @internal
 */
export function outOfMemory(op: string, bytes: number, what: string, cause: unknown): RangeError {
  return new RangeError(
    `${op}: out of memory: ${bytes} bytes (${what}) could not be allocated; free tensors that are no longer needed (dispose(), tidy()) or work in smaller pieces`,
    { cause },
  );
}

/** `new Ctor(length)` for `op`, as `allocate` does it: a `RangeError` naming `op` and the bytes when memory runs out. @internal */
export function allocateArray<A>(op: string, Ctor: (new (length: number) => A) & { readonly BYTES_PER_ELEMENT: number }, length: number): A {
  try {
    return new Ctor(length);
  } catch (error) {
    throw outOfMemory(op, length * Ctor.BYTES_PER_ELEMENT, `${length} elements of a ${Ctor.name}`, error);
  }
}

/** The dtype a typed array stores by default (`Uint8Array` reads as `uint8`). */
export function dtypeOfArray(array: ArrayBufferView): DType | undefined {
  if (array instanceof Float32Array) return "float32";
  if (array instanceof Float64Array) return "float64";
  if (array instanceof Int32Array) return "int32";
  if (array instanceof Uint8Array) return "uint8";
  return undefined;
}

/** The name of the typed-array class `dtype` is stored in (`"Uint8Array"` for bool and uint8). */
export const storageName = (dtype: DType): string => CONSTRUCTORS[dtype].name;

/** The bytes one element of `dtype` takes. */
export const bytesOf = (dtype: DType): number => CONSTRUCTORS[dtype].BYTES_PER_ELEMENT;

/** `dtype`'s typed array over the whole of `buffer`, not copied. */
export const storageOver = <D extends DType>(dtype: D, buffer: ArrayBuffer): StorageOf[D] => new CONSTRUCTORS[dtype](buffer) as StorageOf[D];

export const isDType = (value: unknown): value is DType =>
  typeof value === "string" && Object.hasOwn(CONSTRUCTORS, value);

/** `value` as a dtype, or a TypeError naming `op` and `name` and listing the dtypes. */
export function checkDType(op: string, name: string, value: unknown): DType {
  if (!isDType(value)) {
    throw new TypeError(`${op}: ${name} must be one of ${DTYPES.map((dtype) => `"${dtype}"`).join(", ")}, got ${describe(value)}`);
  }
  return value;
}

const RANK: Record<DType, number> = { bool: 0, uint8: 1, int32: 2, float32: 3, float64: 4 };

/** The dtype two operands compute in: the later one on the promotion chain. */
export const promote = (a: DType, b: DType): DType => (RANK[a] >= RANK[b] ? a : b);

/** Arithmetic (`add`, `sub`, `mul`, `pow`, `mod`, `maximum`, `minimum`): bool+bool computes in int32. */
export const arithmeticDType = (a: DType, b: DType): DType => {
  const promoted = promote(a, b);
  return promoted === "bool" ? "int32" : promoted;
};

/** True division: integer and bool operands divide in float32. */
export const divisionDType = (a: DType, b: DType): DType => {
  const promoted = promote(a, b);
  return promoted === "float64" ? "float64" : "float32";
};

/** Floating-point functions (`sqrt`, `exp`, `log`, ...): float64 stays, everything else is float32. */
export const floatDType = (dtype: DType): DType => (dtype === "float64" ? "float64" : "float32");

export const isInteger = (dtype: DType): boolean => dtype === "int32" || dtype === "uint8" || dtype === "bool";

/** float32 or float64? */
export const isFloat = (dtype: DType): boolean => dtype === "float32" || dtype === "float64";

/** The values each integer dtype holds. */
export const INTEGER_RANGE = { int32: [-2147483648, 2147483647], uint8: [0, 255] } as const;

/**
 * A number that does not fit the integer dtype its op computes in (`Other`, the tensor operand
 * to cast): twin of `ScalarRangeMessage` in types/dtype.ts.
 */
export const writeScalarRange = <Op extends string, Name extends string, Value extends string, D extends keyof typeof INTEGER_RANGE, Other extends string, Wider extends string>(
  op: Op,
  name: Name,
  value: Value,
  dtype: D,
  other: Other,
  wider: Wider,
): ScalarRangeMessage<Op, Name, Value, D, Other, Wider> =>
  `${op}: ${name} = ${value} does not fit ${dtype} (${INTEGER_RANGE[dtype][0]} to ${INTEGER_RANGE[dtype][1]}), the dtype this op computes in; cast ${other} to a wider dtype first, e.g. ${other}.cast("${wider}")` as ScalarRangeMessage<
    Op,
    Name,
    Value,
    D,
    Other,
    Wider
  >;
