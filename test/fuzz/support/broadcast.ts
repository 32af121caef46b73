/**
 * The fuzz suite's own broadcasting rules (README table and contract), as
 * maps from a result multi-index to each operand's multi-index, and
 * generators of shapes that fit each mode.
 */
import fc from "fast-check";
import type { ErrorClass } from "./check.js";
import { withinBudget } from "./arbs.js";

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

/** The shapes of a binary case and its spec. */
export interface ShapesCase {
  readonly a: readonly number[];
  readonly b: readonly number[];
  readonly spec: BinarySpec;
}

const dim = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 8 }, { arbitrary: fc.constant(0), weight: 1 });
const flags = fc.array(fc.boolean(), { minLength: 5, maxLength: 5 });

/**
 * Shapes that fit, per mode (one case in eight has one size changed: the
 * reference decides whether it still fits). Every field is drawn
 * independently and interpreted here, so that counterexamples shrink well.
 */
export const shapesCaseArb: fc.Arbitrary<ShapesCase> = fc
  .record({
    mode: fc.nat(3),
    r: fc.array(dim, { maxLength: 5 }).map((s) => withinBudget(s, 64)),
    ra: fc.nat(5),
    rb: fc.nat(5),
    oa: flags,
    ob: flags,
    picked: flags,
    flag: fc.boolean(),
    form: fc.nat(2),
    start: fc.nat(5),
    trailing: fc.nat(2),
    mutate: fc.nat(7),
    side: fc.boolean(),
    axis: fc.nat(7),
    size: fc.integer({ min: 0, max: 5 }),
  })
  .map((f): ShapesCase => {
    const r = f.r;
    let c: ShapesCase;
    if (f.mode === 0) {
      // numpy: suffixes of a result shape, with some sizes 1 (either side may be higher)
      const ra = Math.min(f.ra, r.length);
      const rb = Math.min(f.rb, r.length);
      c = {
        a: r.slice(r.length - ra).map((d, i) => (f.oa[i] ? 1 : d)),
        b: r.slice(r.length - rb).map((d, i) => (f.ob[i] ? 1 : d)),
        spec: f.flag ? { mode: "numpy" } : undefined,
      };
    } else if (f.mode === 1) {
      c = { a: r, b: [...r], spec: { mode: "none" } };
    } else if (f.mode === 2) {
      // xla: the lower rank mapped by increasing dims onto the higher (either side); equal ranks: degenerate dims
      const dims = [...r.keys()].filter((i) => f.picked[i]);
      const low = dims.map((axis, i) => (f.ob[i] ? 1 : r[axis]!));
      const high = r.map((d, i) => (f.oa[i] && !dims.includes(i) ? 1 : d));
      let spec: BinarySpec;
      if (low.length === high.length) spec = f.form === 0 ? { mode: "xla" } : { mode: "xla", broadcastDimensions: f.form === 1 ? [] : dims };
      else if (low.length === 0) spec = f.form === 1 ? { mode: "xla", broadcastDimensions: [] } : { mode: "xla" };
      else spec = { mode: "xla", broadcastDimensions: dims };
      c = f.flag ? { a: low, b: high, spec } : { a: high, b: low, spec };
    } else {
      // pdpd: b is a run of a's axes (some 1s) plus trailing 1s, at axis (or -1 / omitted when it ends at a's end)
      const s = Math.min(f.start, r.length);
      const len = Math.min(f.rb, r.length - s);
      const run = r.slice(s, s + len).map((d, i) => (f.ob[i] ? 1 : d));
      const extra = Math.min(f.trailing, r.length - s - len);
      const b = [...run, ...new Array<number>(extra).fill(1)];
      const atEnd = s + b.length === r.length;
      const spec: BinarySpec = atEnd && f.form === 1 ? { mode: "pdpd" } : atEnd && f.form === 2 ? { mode: "pdpd", axis: -1 } : { mode: "pdpd", axis: s };
      c = { a: r, b, spec };
    }
    if (f.mutate !== 7) return c;
    const target = f.side ? c.a : c.b;
    if (target.length === 0) return c;
    const changed = target.map((d, i) => (i === f.axis % target.length ? f.size : d));
    return f.side ? { ...c, a: changed } : { ...c, b: changed };
  });
