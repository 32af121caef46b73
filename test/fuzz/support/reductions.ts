/**
 * Reductions and softmax per the contract and README, on the model: each
 * output element folds the block of input elements over the reduced axes
 * (row-major in increasing axis order), after converting them to the dtype
 * the reduction computes in.
 */
import type { ErrorClass, Tolerance } from "./check.js";
import { type DType, floatDType, isFloat, store, wrap } from "./dtypes.js";
import { at, flatIndex, indices, type Model, makeModel, sizeOf } from "./model.js";
import type { Expected } from "./semantics.js";

export const REDUCE_OPS = ["sum", "prod", "mean", "max", "min", "argmax", "argmin", "variance", "std", "logSumExp"] as const;
export type ReduceName = (typeof REDUCE_OPS)[number];

/** The axis argument normalised (sorted, distinct), or the error it must raise. */
export function reducedAxes(axis: unknown, rank: number): number[] | { error: ErrorClass[] } {
  if (axis === undefined || axis === null) return [...Array(rank).keys()];
  const list = Array.isArray(axis) ? axis : [axis];
  const seen = new Set<number>();
  for (const a of list) {
    if (typeof a !== "number") return { error: ["TypeError"] };
    if (!Number.isInteger(a) || a < -rank || a >= rank) return { error: ["RangeError"] };
    const n = a < 0 ? a + rank : a;
    if (seen.has(n)) return { error: ["RangeError"] };
    seen.add(n);
  }
  return [...seen].sort((p, q) => p - q);
}

const resultDType = (op: ReduceName, d: DType): DType => {
  switch (op) {
    case "sum":
    case "prod":
      return d === "bool" || d === "uint8" ? "int32" : d;
    case "max":
    case "min":
      return d;
    case "argmax":
    case "argmin":
      return "int32";
    default:
      return floatDType(d);
  }
}

/** Sums in two orders: when overflow makes one finite and the other not, the order decides (allowed). */
const orderSensitive = (values: readonly number[], fold: (acc: number, v: number) => number, start: number): boolean => {
  const forward = values.reduce(fold, start);
  const backward = [...values].reverse().reduce(fold, start);
  return Number.isFinite(forward) !== Number.isFinite(backward) || Number.isNaN(forward) !== Number.isNaN(backward);
};

const EPS = 2 ** -52;

/** Tolerance of a float result computed by a different order of additions: n eps of the sum of magnitudes, plus float32's rounding. */
const sumTolerance = (dtype: DType, n: number, magnitude: number): Tolerance =>
  dtype === "float32" ? { abs: 4 * n * EPS * magnitude, ulps32: 1 } : { abs: 4 * n * EPS * magnitude };

export interface ReduceArgs {
  readonly axis: unknown;
  readonly keepDims?: boolean | undefined;
  readonly ddof?: number | undefined;
}

/** The reduction of `x` per the contract, or the errors it must raise. */
export function referenceReduce(op: ReduceName, x: Model, args: ReduceArgs): Expected {
  const rank = x.shape.length;
  const isArg = op === "argmax" || op === "argmin";
  const tags = new Set<string>();
  if (isArg && Array.isArray(args.axis)) tags.add("arg-list");
  const axes = reducedAxes(args.axis, rank);
  if (!Array.isArray(axes)) return { ...axes, tags };
  const d = resultDType(op, x.dtype);
  // the dtype elements are converted to before folding: the result dtype (argmax/min, max/min compare as stored)
  const compute = isArg ? x.dtype : d;
  const kept = [...Array(rank).keys()].filter((a) => !axes.includes(a));
  const shape = args.keepDims ? x.shape.map((n, a) => (axes.includes(a) ? 1 : n)) : kept.map((a) => x.shape[a]!);
  const block = axes.map((a) => x.shape[a]!);
  const n = sizeOf(block);
  if (n === 0 && sizeOf(shape) > 0 && (op === "max" || op === "min" || isArg)) {
    return { error: ["RangeError", "ShapeError"], tags };
  }
  const tolerances: Tolerance[] = [];
  const model = makeModel(shape, d, (outIndex) => {
    const keptIndex = args.keepDims ? kept.map((a) => outIndex[a]!) : outIndex;
    const values: number[] = [];
    for (const inner of indices(block)) {
      const full = new Array<number>(rank);
      kept.forEach((a, i) => (full[a] = keptIndex[i]!));
      axes.forEach((a, i) => (full[a] = inner[i]!));
      const raw = at(x, full);
      const v = store(compute, raw);
      if (!Object.is(v, raw)) tags.add("convert");
      values.push(v);
    }
    const { value, tolerance } = fold(op, d, values, args.ddof ?? 0, tags);
    tolerances.push(tolerance);
    return store(d, value);
  });
  return { model, tolerance: tolerances.length === 0 ? "exact" : perElement(tolerances), tags };
}

const perElement = (tolerances: readonly Tolerance[]) => (i: number): Tolerance => tolerances[i]!;

function fold(op: ReduceName, d: DType, values: readonly number[], ddof: number, tags: Set<string>): { value: number; tolerance: Tolerance } {
  const n = values.length;
  const magnitude = values.reduce((s, v) => s + Math.abs(v), 0);
  switch (op) {
    case "sum": {
      if (!isFloat(d)) return { value: wrap(d, values.reduce((s, v) => s + BigInt(v), 0n)), tolerance: "exact" };
      const value = values.reduce((s, v) => s + v, 0);
      if (orderSensitive(values, (s, v) => s + v, 0)) return { value, tolerance: "any" };
      return { value, tolerance: sumTolerance(d, n, magnitude) };
    }
    case "prod": {
      if (!isFloat(d)) {
        let p = 1n;
        for (const v of values) p = BigInt.asIntN(64, p * BigInt(v));
        if (Math.abs(values.reduce((q, v) => q * v, 1)) > 2 ** 53) tags.add("int-exact");
        return { value: wrap(d, p), tolerance: "exact" };
      }
      const value = values.reduce((p, v) => p * v, 1);
      if (orderSensitive(values, (p, v) => p * v, 1)) return { value, tolerance: "any" };
      return { value, tolerance: d === "float32" ? { rel: 4 * n * EPS, ulps32: 1, abs: 1e-45 } : { rel: 4 * n * EPS, abs: 5e-324 } };
    }
    case "mean": {
      const total = values.reduce((s, v) => s + v, 0);
      if (orderSensitive(values, (s, v) => s + v, 0)) return { value: total / n, tolerance: "any" };
      return { value: total / n, tolerance: sumTolerance(d, n, magnitude / Math.max(n, 1)) };
    }
    case "max":
    case "min": {
      let best = op === "max" ? -Infinity : Infinity;
      for (const v of values) {
        if (Number.isNaN(v)) return { value: Number.NaN, tolerance: "exact" };
        if (op === "max" ? v > best : v < best) best = v;
      }
      return { value: best, tolerance: "zero" };
    }
    case "argmax":
    case "argmin": {
      let best = 0;
      for (let i = 0; i < n; i++) {
        const v = values[i]!;
        const b = values[best]!;
        if (Number.isNaN(b)) break;
        if (Number.isNaN(v) || (op === "argmax" ? v > b : v < b)) best = i;
      }
      return { value: best, tolerance: "exact" };
    }
    case "variance":
    case "std": {
      // the mean corrected by its deviations' mean (a second pass): exactly the value of a block of
      // one value, whose plain sum / n may sit an ulp away (at 1e190, an ulp squared overflows)
      const rough = values.reduce((s, v) => s + v, 0) / n;
      const mean = Number.isFinite(rough) ? rough + values.reduce((s, v) => s + (v - rough), 0) / n : rough;
      const deviations = values.map((v) => (v - mean) * (v - mean));
      const squares = deviations.reduce((s, v) => s + v, 0);
      const divisor = Math.max(n - ddof, 0);
      if (ddof >= n && n > 0) tags.add("ddof");
      const variance = squares / divisor;
      const value = op === "std" ? Math.sqrt(variance) : variance;
      if (!Number.isFinite(mean) || orderSensitive(deviations, (s, v) => s + v, 0)) return { value, tolerance: Number.isFinite(value) ? "any" : "exact" };
      // the mean's error moves every deviation: allow n eps of the sum of squares and magnitudes
      const scale = (values.reduce((s, v) => s + v * v, 0) + n * mean * mean) / Math.max(divisor, 1);
      const abs = 16 * n * EPS * scale;
      const tolerance: Tolerance =
        op === "std" ? { abs: Math.sqrt(abs) + 4 * EPS * Math.abs(value), ...(d === "float32" ? { ulps32: 2 } : {}) } : { abs, ...(d === "float32" ? { ulps32: 2 } : {}) };
      return { value, tolerance };
    }
    case "logSumExp": {
      if (values.some(Number.isNaN)) return { value: Number.NaN, tolerance: "exact" };
      const top = values.reduce((m, v) => Math.max(m, v), -Infinity);
      if (!Number.isFinite(top)) return { value: top, tolerance: "exact" };
      const value = top + Math.log(values.reduce((s, v) => s + Math.exp(v - top), 0));
      return { value, tolerance: d === "float32" ? { ulps32: 4, abs: 1e-6 } : { rel: 1e-13, abs: 1e-13 } };
    }
  }
}

/** softmax / logSoftmax along one axis, stably (the slice's maximum subtracted first). */
export function referenceSoftmax(op: "softmax" | "logSoftmax", x: Model, axis: number | undefined): Expected {
  const rank = x.shape.length;
  if (rank === 0) return { error: ["RangeError", "ShapeError"] };
  const given = axis ?? -1;
  if (!Number.isInteger(given) || given < -rank || given >= rank) return { error: ["RangeError"] };
  const at0 = given < 0 ? given + rank : given;
  const d = floatDType(x.dtype);
  const tags = new Set<string>();
  const converted = makeModel(x.shape, d, (index) => {
    const raw = at(x, index);
    const v = store(d, raw);
    if (!Object.is(v, raw)) tags.add("convert");
    return v;
  });
  const length = x.shape[at0]!;
  const values = new Array<number>(converted.values.length).fill(0);
  for (const index of indices(x.shape)) {
    if (index[at0] !== 0) continue;
    const positions = Array.from({ length }, (_, i) => flatIndex(x.shape, index.map((v, a) => (a === at0 ? i : v))));
    const slice = positions.map((p) => converted.values[p]!);
    const top = slice.reduce((m, v) => (Number.isNaN(m) || Number.isNaN(v) ? Number.NaN : Math.max(m, v)), -Infinity);
    const shifted = slice.map((v) => v - top);
    const total = shifted.reduce((s, v) => s + Math.exp(v), 0);
    positions.forEach((p, i) => (values[p] = store(d, op === "softmax" ? Math.exp(shifted[i]!) / total : shifted[i]! - Math.log(total))));
  }
  const tolerance: Tolerance = d === "float32" ? { ulps32: 4, abs: 1e-7 } : { rel: 1e-13, abs: 1e-15 };
  return { model: { ...converted, values }, tolerance, tags };
}
