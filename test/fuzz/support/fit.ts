/**
 * The fuzz suite's own broadcasting rules (README table and contract), as maps
 * from a result multi-index to each operand's multi-index. Pure: this module
 * imports no code (only a type), so references outside the fuzz suite (the
 * property tests' test/support/reference.ts) can use it without loading the
 * library they check.
 */
import type { ErrorClass } from "./check.js";

export type BinarySpec =
  | undefined
  | { readonly mode: "numpy" }
  | { readonly mode: "none" }
  | { readonly mode: "xla"; readonly broadcastDimensions?: readonly number[] }
  | { readonly mode: "pdpd"; readonly axis?: number };

/** Operand axis i lands on result axis axes[i]; -1: on none (pdpd's trailing 1s). */
export interface Fit {
  readonly shape: readonly number[];
  readonly axes: readonly (readonly number[])[];
}

export type FitOrError = Fit | { readonly error: readonly ErrorClass[] };

export const isFit = (r: FitOrError): r is Fit => "shape" in r;

/** The operand index a result index reads (size-1 axes read 0). */
export const readIndex = (shape: readonly number[], axes: readonly number[], out: readonly number[]): number[] =>
  shape.map((d, i) => (d === 1 || axes[i]! < 0 ? 0 : out[axes[i]!]!));

/** The index operand k (of the shapes the fit was made for) reads at result index `out`. */
export const readIndexOf = (fit: Fit, k: number, shape: readonly number[], out: readonly number[]): number[] => readIndex(shape, fit.axes[k]!, out);

const SHAPE: FitOrError = { error: ["ShapeError"] };

/** NumPy: right-aligned, each axis equal or 1. Any number of shapes. */
export function numpyFit(shapes: readonly (readonly number[])[]): FitOrError {
  const rank = Math.max(0, ...shapes.map((s) => s.length));
  const out: number[] = [];
  for (let j = 0; j < rank; j++) {
    let size = 1;
    for (const s of shapes) {
      const d = j - (rank - s.length) >= 0 ? s[j - (rank - s.length)]! : 1;
      if (d === 1) continue;
      if (size !== 1 && size !== d) return SHAPE;
      size = d;
    }
    out.push(size);
  }
  return { shape: out, axes: shapes.map((s) => s.map((_, i) => i + rank - s.length)) };
}

const isIncreasingWithin = (dims: readonly number[], rank: number): boolean =>
  dims.every((d, i) => d >= 0 && d < rank && (i === 0 || d > dims[i - 1]!));

/** Binary broadcasting under a spec (a and b in order). */
export function binaryFit(a: readonly number[], b: readonly number[], spec: BinarySpec): FitOrError {
  const mode = spec?.mode ?? "numpy";
  if (mode === "numpy") return numpyFit([a, b]);
  if (mode === "none") {
    if (a.length !== b.length || a.some((d, i) => d !== b[i])) return SHAPE;
    return { shape: [...a], axes: [a.map((_, i) => i), b.map((_, i) => i)] };
  }
  if (mode === "xla") {
    const dims = (spec as { broadcastDimensions?: readonly number[] }).broadcastDimensions;
    if (dims !== undefined && dims.some((d) => !Number.isInteger(d))) return { error: ["RangeError"] };
    if (a.length === b.length) {
      if (dims !== undefined && dims.length !== 0 && !(dims.length === a.length && dims.every((d, i) => d === i))) return SHAPE;
      return numpyFit([a, b]);
    }
    if (a.length === 0 || b.length === 0) {
      if (dims !== undefined && dims.length !== 0) return SHAPE;
      const other = a.length === 0 ? b : a;
      return { shape: [...other], axes: [a.map((_, i) => i), b.map((_, i) => i)] };
    }
    const aHigh = a.length > b.length;
    const high = aHigh ? a : b;
    const low = aHigh ? b : a;
    if (dims === undefined || dims.length !== low.length) return SHAPE;
    // an entry that is an integer but no axis of the higher rank: a misfit (README) or an axis out of range (contract)
    if (dims.some((d) => d < 0 || d >= high.length)) return { error: ["ShapeError", "RangeError"] };
    if (!isIncreasingWithin(dims, high.length)) return SHAPE;
    const out = [...high];
    for (let i = 0; i < low.length; i++) {
      const h = high[dims[i]!]!;
      const l = low[i]!;
      if (h !== l && h !== 1 && l !== 1) return SHAPE;
      out[dims[i]!] = h === 1 ? l : h;
    }
    const highAxes = high.map((_, i) => i);
    return { shape: out, axes: aHigh ? [highAxes, dims] : [dims, highAxes] };
  }
  // pdpd: b onto a only; b's trailing 1s ignored; aligned at axis (-1: from the right)
  const given = (spec as { axis?: number }).axis ?? -1;
  if (!Number.isInteger(given)) return { error: ["RangeError"] };
  if (b.length > a.length) return SHAPE;
  if (given < -1) return { error: ["ShapeError", "RangeError"] };
  const start = given === -1 ? a.length - b.length : given;
  let length = b.length;
  while (length > 0 && b[length - 1] === 1) length--;
  if (start + length > a.length) return { error: ["ShapeError", "RangeError"] };
  for (let i = 0; i < length; i++) if (b[i] !== a[start + i] && b[i] !== 1) return SHAPE;
  return { shape: [...a], axes: [a.map((_, i) => i), b.map((_, i) => (i < length ? start + i : -1))] };
}
