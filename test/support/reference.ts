/**
 * Reference element-wise kernels for the property tests: every result element
 * is computed from its multi-index, mapped into each operand by README's
 * broadcasting rules (numpy, none, xla with broadcastDimensions, pdpd with
 * axis), one element at a time, in the dtype README's promotion rules give.
 * Obviously correct, slow.
 *
 * It imports no code from src/ (test/properties/independence.test.ts checks
 * it): a reference that reuses the library's broadcast layout or dtype rules
 * agrees with the library's bugs. The rules come from the fuzz suite's own
 * (test/fuzz/support/fit.ts and dtypes.ts, written from README), and a tensor
 * is read only through its public fields: data, shape, strides, offset, dtype.
 */
import type { ErrorClass } from "../fuzz/support/check.js";
import { type BinaryFamily, binaryDTypes, type DType, promote, scalarDType, store } from "../fuzz/support/dtypes.js";
import { type BinarySpec, binaryFit, isFit, numpyFit, readIndex } from "../fuzz/support/fit.js";

export type { BinaryFamily, BinarySpec, DType };

/** What the reference reads of a tensor: a buffer seen through a shape, strides and an offset. */
export interface Strided {
  readonly data: ArrayLike<number>;
  readonly shape: readonly number[];
  readonly strides: readonly number[];
  readonly offset: number;
  readonly dtype: DType;
}

export type Source = Strided | number | boolean;

/** The expected result: its shape, dtype and row-major values, or the error classes any one of which it must throw. */
export type Expected =
  | { readonly shape: readonly number[]; readonly dtype: DType; readonly values: ArrayLike<number> }
  | { readonly error: readonly ErrorClass[] };

export const isError = (expected: Expected): expected is { readonly error: readonly ErrorClass[] } => "error" in expected;

/** A zeroed typed array that stores `dtype` (bool in bytes of 0 and 1). */
export function storage(dtype: DType, length: number): Float32Array | Float64Array | Int32Array | Uint8Array {
  switch (dtype) {
    case "float32":
      return new Float32Array(length);
    case "float64":
      return new Float64Array(length);
    case "int32":
      return new Int32Array(length);
    case "uint8":
    case "bool":
      return new Uint8Array(length);
  }
}

const shapeOf = (source: Source): readonly number[] => (typeof source === "object" ? source.shape : []);

const sizeOf = (shape: readonly number[]): number => shape.reduce((product, dim) => product * dim, 1);

/** The element of `source` at its own multi-index `at` (a plain value for a number or boolean). */
export function element(source: Source, at: readonly number[]): number {
  if (typeof source !== "object") return Number(source);
  let position = source.offset;
  for (let axis = 0; axis < source.shape.length; axis++) position += at[axis]! * source.strides[axis]!;
  return source.data[position]!;
}

/** Every multi-index of `shape` in row-major order. */
export function* indices(shape: readonly number[]): Generator<number[]> {
  const size = sizeOf(shape);
  const index = shape.map(() => 0);
  for (let k = 0; k < size; k++) {
    yield [...index];
    for (let axis = shape.length - 1; axis >= 0; axis--) {
      if (++index[axis]! < shape[axis]!) break;
      index[axis] = 0;
    }
  }
}

/** Every element of `source` in row-major order. */
export const elements = (source: Strided): number[] => Array.from(indices(source.shape), (at) => element(source, at));

/**
 * The dtype an operand computes in next to the other one: a tensor its own;
 * a plain number by README's scalar rule (its dtype next to the tensor's, a
 * RangeError when it is an integer that dtype cannot hold, except for div,
 * which computes in float32 whatever the integer dtype).
 */
function operandDType(x: Source, other: Source, family: BinaryFamily): DType | "RangeError" {
  if (typeof x === "object") return x.dtype;
  const rule = scalarDType(x, typeof other === "object" ? other.dtype : undefined);
  if ("dtype" in rule) return rule.dtype;
  if (family === "division" && typeof other === "object") return other.dtype === "bool" ? "int32" : other.dtype;
  return "RangeError";
}

/**
 * A binary op of `family` on `a` and `b` under a broadcast spec: both operands
 * converted to the dtype the op computes in, `op` applied, the result stored
 * in the result dtype (`op` is told that dtype).
 */
export function referenceBinary(
  family: BinaryFamily,
  op: (x: number, y: number, compute: DType) => number,
  a: Source,
  b: Source,
  spec?: BinarySpec,
): Expected {
  const fit = binaryFit(shapeOf(a), shapeOf(b), spec);
  if (!isFit(fit)) return { error: fit.error };
  const da = operandDType(a, b, family);
  const db = operandDType(b, a, family);
  if (da === "RangeError" || db === "RangeError") return { error: ["RangeError"] };
  const { compute, result } = binaryDTypes(family, da, db);
  const values = storage(result, sizeOf(fit.shape));
  let k = 0;
  for (const index of indices(fit.shape)) {
    const x = element(a, readIndex(shapeOf(a), fit.axes[0]!, index));
    const y = element(b, readIndex(shapeOf(b), fit.axes[1]!, index));
    values[k++] = op(store(compute, x), store(compute, y), compute);
  }
  return { shape: fit.shape, dtype: result, values };
}

/** where(cond, a, b) on tensors: the three broadcast together (numpy), the promoted dtype of a and b. */
export function referenceWhere(cond: Strided, a: Strided, b: Strided): Expected {
  const fit = numpyFit([cond.shape, a.shape, b.shape]);
  if (!isFit(fit)) return { error: fit.error };
  const dtype = promote(a.dtype, b.dtype);
  const values = storage(dtype, sizeOf(fit.shape));
  let k = 0;
  for (const index of indices(fit.shape)) {
    const chosen = element(cond, readIndex(cond.shape, fit.axes[0]!, index)) !== 0 ? a : b;
    values[k++] = element(chosen, readIndex(chosen.shape, fit.axes[chosen === a ? 1 : 2]!, index));
  }
  return { shape: fit.shape, dtype, values };
}

/** A unary op whose result dtype is `dtype`: `op` on each element, stored in that dtype. */
export function referenceUnary(op: (x: number) => number, x: Strided, dtype: DType): Expected {
  const values = storage(dtype, sizeOf(x.shape));
  let k = 0;
  for (const index of indices(x.shape)) values[k++] = op(element(x, index));
  return { shape: [...x.shape], dtype, values };
}
