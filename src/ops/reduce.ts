/**
 * Reductions over one axis, a list of axes, or all: sum, prod, mean, max,
 * min, any, all, argmax, argmin, variance, std, logSumExp; negative axes count from the
 * end; `keepDims` keeps reduced axes as size 1. The reduced axes are moved
 * innermost (a view), so each output element folds one strided block.
 */
import { allocate, type DType, floatDType, isInteger } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { showShape } from "../errors.js";
import { contiguousStrides } from "../kernels/plan.js";
import { checkInteger, describe } from "../shape/validate.js";
import { Tensor } from "../tensor.js";
import { assertTensor, roundedToFloat32, type View } from "./engine.js";
import { reduceLayout, writeReduceEmpty } from "../shape/reduce.js";
import type { ReduceOp } from "./types.js";

export interface ReduceOptions {
  /** Keep the reduced axes as size 1 (default false). */
  readonly keepDims?: boolean | undefined;
}

export interface VarianceOptions extends ReduceOptions {
  /** Delta degrees of freedom: the divisor is `max(count - ddof, 0)` (default 0, as NumPy). */
  readonly ddof?: number | undefined;
}

type Fold = (data: ArrayLike<number>, start: number, dims: readonly number[], strides: readonly number[]) => number;

/** Calls `visit` on every element of a strided block, in row-major order. */
function forEach(data: ArrayLike<number>, start: number, dims: readonly number[], strides: readonly number[], visit: (value: number) => void): void {
  const rank = dims.length;
  if (rank === 0) {
    visit(data[start]!);
    return;
  }
  const last = rank - 1;
  const inner = dims[last]!;
  const step = strides[last]!;
  const counter = new Array<number>(last).fill(0);
  let position = start;
  for (;;) {
    for (let i = 0, p = position; i < inner; i++, p += step) visit(data[p]!);
    let axis = last - 1;
    for (; axis >= 0; axis--) {
      if (++counter[axis]! < dims[axis]!) {
        position += strides[axis]!;
        break;
      }
      counter[axis] = 0;
      position -= strides[axis]! * (dims[axis]! - 1);
    }
    if (axis < 0) return;
  }
}

const sumFold: Fold = (data, start, dims, strides) => {
  let sum = 0;
  forEach(data, start, dims, strides, (v) => (sum += v));
  return sum;
};

/** The sum in int32, wrapped at each step: exact modulo 2^32, as the stored result. */
const integerSumFold: Fold = (data, start, dims, strides) => {
  let sum = 0;
  forEach(data, start, dims, strides, (v) => (sum = (sum + v) | 0));
  return sum;
};

/** The product in int32, each step by Math.imul: exact modulo 2^32. */
const integerProdFold: Fold = (data, start, dims, strides) => {
  let product = 1;
  forEach(data, start, dims, strides, (v) => (product = Math.imul(product, v)));
  return product;
};

interface ReduceRule {
  readonly name: string;
  readonly dtype: (d: DType) => DType;
  /** The value of an empty reduction, or undefined when there is none (max of nothing). */
  readonly empty: number | undefined;
  readonly fold: Fold;
  /** The fold for integer and bool input, when it differs (exact wrapping in int32). */
  readonly integerFold?: Fold;
}

/** The largest element; a NaN anywhere makes the result NaN, as in NumPy. */
const maxFold: Fold = (data, start, dims, strides) => {
  let best = -Infinity;
  forEach(data, start, dims, strides, (v) => {
    if (!(v <= best)) best = Number.isNaN(best) ? best : v; // v > best, or v is NaN
  });
  return best;
};
const minFold: Fold = (data, start, dims, strides) => {
  let best = Infinity;
  forEach(data, start, dims, strides, (v) => {
    if (!(v >= best)) best = Number.isNaN(best) ? best : v;
  });
  return best;
};
const count = (dims: readonly number[]): number => dims.reduce((p, d) => p * d, 1);

const integerSum = (d: DType): DType => (d === "bool" || d === "uint8" ? "int32" : d);

export const reduceRules = {
  sum: { name: "sum" as const, dtype: integerSum, empty: 0, fold: sumFold, integerFold: integerSumFold },
  prod: {
    name: "prod" as const,
    dtype: integerSum,
    empty: 1,
    fold: (data, start, dims, strides) => {
      let product = 1;
      forEach(data, start, dims, strides, (v) => (product *= v));
      return product;
    },
    integerFold: integerProdFold,
  },
  mean: { name: "mean" as const, dtype: floatDType, empty: Number.NaN, fold: (data, start, dims, strides) => sumFold(data, start, dims, strides) / count(dims) },
  max: { name: "max" as const, dtype: (d) => d, empty: undefined, fold: maxFold },
  min: { name: "min" as const, dtype: (d) => d, empty: undefined, fold: minFold },
  // truthiness as everywhere: not 0, so NaN is true and -0 false
  any: { name: "any" as const, dtype: () => "bool", empty: 0, fold: (data, start, dims, strides) => {
    let found = 0;
    forEach(data, start, dims, strides, (v) => (found = found === 1 || v !== 0 ? 1 : 0));
    return found;
  } },
  all: { name: "all" as const, dtype: () => "bool", empty: 1, fold: (data, start, dims, strides) => {
    let every = 1;
    forEach(data, start, dims, strides, (v) => (every = every === 1 && v !== 0 ? 1 : 0));
    return every;
  } },
  logSumExp: {
    name: "logSumExp" as const,
    dtype: floatDType,
    empty: -Infinity,
    fold: (data, start, dims, strides) => {
      const top = maxFold(data, start, dims, strides);
      if (!Number.isFinite(top)) return top;
      let sum = 0;
      forEach(data, start, dims, strides, (v) => (sum += Math.exp(v - top)));
      return top + Math.log(sum);
    },
  },
} satisfies Record<string, ReduceRule>;

/** The output shape and the view of `x` with its reduced axes moved innermost. */
function plan(op: string, x: Pick<View, "shape" | "strides">, axis: unknown, keepDims: boolean) {
  const { shape, axes, kept } = reduceLayout(op, x.shape, axis, keepDims);
  return {
    shape,
    outerDims: kept.map((a) => x.shape[a]!),
    outerStrides: kept.map((a) => x.strides[a]!),
    innerDims: axes.map((a) => x.shape[a]!),
    innerStrides: axes.map((a) => x.strides[a]!),
  };
}

function keepDimsOf(op: string, options: unknown): boolean {
  if (options === undefined) return false;
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object such as { keepDims: true }, got ${describe(options)}`);
  }
  const known = op === "variance" || op === "std" ? ["keepDims", "ddof"] : ["keepDims"];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`${op}: options field "${key}" is not known (${known.join(", ")})`);
  }
  const keep = (options as ReduceOptions).keepDims ?? false;
  if (typeof keep !== "boolean") throw new TypeError(`${op}: keepDims must be a boolean, got ${describe(keep)}`);
  return keep;
}

/** Folds every block of `x` over the reduced axes into one output element. */
function run(op: string, x: Tensor, axis: unknown, options: unknown, dtype: DType, fold: Fold, empty: number | undefined): Tensor {
  const keep = keepDimsOf(op, options);
  // a float reduction of int32 computes in float32: the elements are rounded to it first
  const source: View = x.dtype === "int32" && dtype === "float32" ? roundedToFloat32(x) : x;
  const { shape, outerDims, outerStrides, innerDims, innerStrides } = plan(op, source, axis, keep);
  const size = count(shape);
  const out = allocate(dtype, size);
  if (count(innerDims) === 0) {
    if (empty === undefined && size > 0) {
      throw new RangeError(writeReduceEmpty(op, showShape(x.shape)));
    }
    out.fill(empty ?? 0);
    return new Tensor(out, shape, contiguousStrides(shape), 0, dtype);
  }
  let k = 0;
  forEachOffset(source.offset, outerDims, outerStrides, (start) => {
    out[k++] = fold(source.data, start, innerDims, innerStrides);
  });
  return new Tensor(out, shape, contiguousStrides(shape), 0, dtype);
}

/** Calls `visit` with the buffer offset of every position of the outer (kept) axes, row-major. */
function forEachOffset(offset: number, dims: readonly number[], strides: readonly number[], visit: (start: number) => void): void {
  if (count(dims) === 0) return;
  const index = dims.map(() => 0);
  let position = offset;
  for (;;) {
    visit(position);
    let axis = dims.length - 1;
    for (; axis >= 0; axis--) {
      if (++index[axis]! < dims[axis]!) {
        position += strides[axis]!;
        break;
      }
      index[axis] = 0;
      position -= strides[axis]! * (dims[axis]! - 1);
    }
    if (axis < 0) return;
  }
}

const reducer = <Op extends string, Rule extends "same" | "sum" | "float" | "bool">(rule: ReduceRule & { name: Op }): ReduceOp<Op, Rule> =>
  traced(rule.name, (x: unknown, axis?: unknown, options?: unknown) => {
    assertTensor(rule.name, "x", x);
    const fold = rule.integerFold !== undefined && isInteger(x.dtype) ? rule.integerFold : rule.fold;
    return run(rule.name, x, axis, options, rule.dtype(x.dtype), fold, rule.empty);
  }) as ReduceOp<Op, Rule>;

/** The sum over the axes (all when omitted); integers and bools sum in int32. */
export const sum: ReduceOp<"sum", "sum"> = reducer(reduceRules.sum);
/** The product over the axes. */
export const prod: ReduceOp<"prod", "sum"> = reducer(reduceRules.prod);
/** The arithmetic mean over the axes, in floating point. */
export const mean: ReduceOp<"mean", "float"> = reducer(reduceRules.mean);
/** The largest element over the axes (NaN if any is NaN). */
export const max: ReduceOp<"max", "same"> = reducer(reduceRules.max);
/** The smallest element over the axes (NaN if any is NaN). */
export const min: ReduceOp<"min", "same"> = reducer(reduceRules.min);
/** Is any element over the axes true (not 0; NaN counts as true)? False over no elements. */
export const any: ReduceOp<"any", "bool"> = reducer(reduceRules.any);
/** Is every element over the axes true (not 0; NaN counts as true)? True over no elements. */
export const all: ReduceOp<"all", "bool"> = reducer(reduceRules.all);
/** log(sum(exp(x))) over the axes, computed stably (the maximum is factored out). */
export const logSumExp: ReduceOp<"logSumExp", "float"> = reducer(reduceRules.logSumExp);

function spread(op: string, x: unknown, axis: unknown, options: unknown, root: boolean): Tensor {
  assertTensor(op, "x", x);
  const given = (options as VarianceOptions | undefined)?.ddof;
  const ddof = given === undefined ? 0 : given;
  checkInteger(op, "ddof", ddof);
  if (ddof < 0) throw new RangeError(`${op}: ddof must be a non-negative integer, got ${ddof}`);
  const fold: Fold = (data, start, dims, strides) => {
    const n = count(dims);
    const m = sumFold(data, start, dims, strides) / n;
    let squares = 0;
    forEach(data, start, dims, strides, (v) => (squares += (v - m) * (v - m)));
    const v = squares / Math.max(n - ddof, 0); // ddof >= n: Infinity, or NaN when every deviation is 0 (NumPy)
    return root ? Math.sqrt(v) : v;
  };
  return run(op, x, axis, options, floatDType(x.dtype), fold, Number.NaN);
}

/** Variance over the axes: the sum of squared deviations divided by `max(count - ddof, 0)` (`{ ddof }`, default 0). */
export const variance = traced("variance", (x: unknown, axis?: unknown, options?: unknown) => spread("variance", x, axis, options, false)) as ReduceOp<
  "variance",
  "float",
  VarianceOptions
>;

/** Standard deviation: the square root of `variance`. */
export const std = traced("std", (x: unknown, axis?: unknown, options?: unknown) => spread("std", x, axis, options, true)) as ReduceOp<"std", "float", VarianceOptions>;

/**
 * The index of the largest element along one axis; over a list of axes (or
 * all, when omitted) the index into those axes flattened in row-major order.
 * The first one wins on ties, and the first NaN over everything, as in NumPy.
 */
export const argmax = traced("argmax", (x: unknown, axis?: unknown, options?: unknown) => argExtreme("argmax", x, axis, options, (a, b) => a > b)) as ReduceOp<"argmax", "index">;

/** The index of the smallest element, as `argmax` counts it. */
export const argmin = traced("argmin", (x: unknown, axis?: unknown, options?: unknown) => argExtreme("argmin", x, axis, options, (a, b) => a < b)) as ReduceOp<"argmin", "index">;

function argExtreme(op: string, x: unknown, axis: unknown, options: unknown, better: (a: number, b: number) => boolean): Tensor {
  assertTensor(op, "x", x);
  // the first best element; the first NaN wins, as in NumPy
  const fold: Fold = (data, start, dims, strides) => {
    let best = 0;
    let at = -1;
    let i = 0;
    forEach(data, start, dims, strides, (v) => {
      if (at < 0 || (!Number.isNaN(best) && (Number.isNaN(v) || better(v, best)))) {
        best = v;
        at = i;
      }
      i++;
    });
    return at;
  };
  return run(op, x, axis, options, "int32", fold, undefined);
}
