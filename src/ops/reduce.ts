/**
 * Reductions over one axis, a list of axes, or all: sum, prod, mean, max,
 * min, any, all, argmax, argmin, variance, std, logSumExp; negative axes count from the
 * end; `keepDims` keeps reduced axes as size 1. The reduced axes are moved
 * innermost (a view), so each output element folds one strided block; the
 * folds of sums, means, spreads, max, min and argmax/argmin are the kernels
 * of src/kernels/reduce.ts (WebAssembly SIMD, or JavaScript with the same bits).
 */
import { type DType, floatDType, isInteger } from "../dtype.js";
import { type Blocks, forEachOffset, forEachRun, totalsOf } from "../kernels/reduce.js";
import { traced } from "../autodiff/tape.js";
import { showShape } from "../errors.js";
import { checkInteger, describe } from "../shape/validate.js";
import { elementsOf, Tensor } from "../tensor.js";
import { assertTensor, resultTensor, tensorView, type View } from "./engine.js";
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

/** A fold of one block (used where no kernel of src/kernels/reduce.ts applies: products, any, all, logSumExp, integer sums). */
type Fold = (data: ArrayLike<number>, start: number, dims: readonly number[], strides: readonly number[]) => number;

/** A fold per run of the block, its state carried between runs by the closure over `value`. */
function foldRuns(data: ArrayLike<number>, start: number, dims: readonly number[], strides: readonly number[], initial: number, step: (value: number, x: number) => number): number {
  let value = initial;
  forEachRun(start, dims, strides, (p, n, stride) => {
    let v = value;
    for (let i = 0; i < n; i++, p += stride) v = step(v, data[p]!);
    value = v;
  });
  return value;
}

/** The sum in int32, wrapped at each step: exact modulo 2^32, as the stored result. */
const integerSumFold: Fold = (data, start, dims, strides) => {
  let sum = 0;
  forEachRun(start, dims, strides, (p, n, step) => {
    let s = sum;
    for (let i = 0; i < n; i++, p += step) s = (s + data[p]!) | 0;
    sum = s;
  });
  return sum;
};

/** The product in int32, each step by Math.imul: exact modulo 2^32. */
const integerProdFold: Fold = (data, start, dims, strides) => {
  let product = 1;
  forEachRun(start, dims, strides, (p, n, step) => {
    let v = product;
    for (let i = 0; i < n; i++, p += step) v = Math.imul(v, data[p]!);
    product = v;
  });
  return product;
};

/** How a reduction computes each output element from its block: the totals of every block at once. */
type Totals = (blocks: Blocks, count: number) => ArrayLike<number>;

/** Each block by a fold of its own. */
const eachBlock =
  (fold: Fold): Totals =>
  (b) => {
    const values = new Float64Array(count(b.outerDims));
    let k = 0;
    forEachOffset(b.offset, b.outerDims, b.outerStrides, (start) => {
      values[k++] = fold(b.data, start, b.innerDims, b.innerStrides);
    });
    return values;
  };

interface ReduceRule {
  readonly name: string;
  readonly dtype: (d: DType) => DType;
  /** The value of an empty reduction, or undefined when there is none (max of nothing). */
  readonly empty: number | undefined;
  readonly totals: Totals;
  /** The totals for integer and bool input, when they differ (exact wrapping in int32). */
  readonly integerTotals?: Totals;
}

/** The mean of each block: its sum (in the lane order of src/kernels/reduce.ts) over the count. */
const meanTotals: Totals = (b, n) => totalsOf("sum", b).map((total) => total / n);

const count = (dims: readonly number[]): number => dims.reduce((p, d) => p * d, 1);

const integerSum = (d: DType): DType => (d === "bool" || d === "uint8" ? "int32" : d);

export const reduceRules = {
  sum: { name: "sum" as const, dtype: integerSum, empty: 0, totals: (b) => totalsOf("sum", b), integerTotals: eachBlock(integerSumFold) },
  prod: {
    name: "prod" as const,
    dtype: integerSum,
    empty: 1,
    totals: eachBlock((data, start, dims, strides) => foldRuns(data, start, dims, strides, 1, (p, v) => p * v)),
    integerTotals: eachBlock(integerProdFold),
  },
  mean: { name: "mean" as const, dtype: floatDType, empty: Number.NaN, totals: meanTotals },
  // Math.max and Math.min, as the element-wise maximum and minimum: NaN wins, +0 is above -0
  max: { name: "max" as const, dtype: (d) => d, empty: undefined, totals: (b) => totalsOf("max", b) },
  min: { name: "min" as const, dtype: (d) => d, empty: undefined, totals: (b) => totalsOf("min", b) },
  // truthiness as everywhere: not 0, so NaN is true and -0 false
  any: { name: "any" as const, dtype: () => "bool", empty: 0, totals: eachBlock((data, start, dims, strides) => foldRuns(data, start, dims, strides, 0, (found, v) => (found === 1 || v !== 0 ? 1 : 0))) },
  all: { name: "all" as const, dtype: () => "bool", empty: 1, totals: eachBlock((data, start, dims, strides) => foldRuns(data, start, dims, strides, 1, (every, v) => (every === 1 && v !== 0 ? 1 : 0))) },
  logSumExp: {
    name: "logSumExp" as const,
    dtype: floatDType,
    empty: -Infinity,
    totals: eachBlock((data, start, dims, strides) => {
      const top = foldRuns(data, start, dims, strides, -Infinity, Math.max);
      if (!Number.isFinite(top)) return top;
      return top + Math.log(foldRuns(data, start, dims, strides, 0, (sum, v) => sum + Math.exp(v - top)));
    }),
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
function run(op: string, x: Tensor, axis: unknown, options: unknown, dtype: DType, totals: Totals, empty: number | undefined): Tensor {
  const keep = keepDimsOf(op, options);
  // a float reduction of int32 computes in float32: the elements are rounded to it first
  const source = tensorView(op, x, dtype);
  const { shape, outerDims, outerStrides, innerDims, innerStrides } = plan(op, source, axis, keep);
  const size = count(shape);
  const out = resultTensor(op, shape, dtype, size);
  const elements = elementsOf(out);
  const n = count(innerDims);
  if (n === 0) {
    if (empty === undefined && size > 0) {
      throw new RangeError(writeReduceEmpty(op, showShape(x.shape)));
    }
    elements.fill(empty ?? 0);
    return out;
  }
  elements.set(totals({ data: source.data, offset: source.offset, outerDims, outerStrides, innerDims, innerStrides }, n));
  return out;
}

const reducer = <Op extends string, Rule extends "same" | "sum" | "float" | "bool">(rule: ReduceRule & { name: Op }): ReduceOp<Op, Rule> =>
  traced(rule.name, (x: unknown, axis?: unknown, options?: unknown) => {
    assertTensor(rule.name, "x", x);
    const totals = rule.integerTotals !== undefined && isInteger(x.dtype) ? rule.integerTotals : rule.totals;
    return run(rule.name, x, axis, options, rule.dtype(x.dtype), totals, rule.empty);
  }) as ReduceOp<Op, Rule>;

/** The sum over the axes (all when omitted); integers and bools sum in int32. */
export const sum: ReduceOp<"sum", "sum"> = /* @__PURE__ */ reducer(reduceRules.sum);
/** The product over the axes. */
export const prod: ReduceOp<"prod", "sum"> = /* @__PURE__ */ reducer(reduceRules.prod);
/** The arithmetic mean over the axes, in floating point. */
export const mean: ReduceOp<"mean", "float"> = /* @__PURE__ */ reducer(reduceRules.mean);
/** The largest element over the axes (NaN if any is NaN). */
export const max: ReduceOp<"max", "same"> = /* @__PURE__ */ reducer(reduceRules.max);
/** The smallest element over the axes (NaN if any is NaN). */
export const min: ReduceOp<"min", "same"> = /* @__PURE__ */ reducer(reduceRules.min);
/** Is any element over the axes true (not 0; NaN counts as true)? False over no elements. */
export const any: ReduceOp<"any", "bool"> = /* @__PURE__ */ reducer(reduceRules.any);
/** Is every element over the axes true (not 0; NaN counts as true)? True over no elements. */
export const all: ReduceOp<"all", "bool"> = /* @__PURE__ */ reducer(reduceRules.all);
/** log(sum(exp(x))) over the axes, computed stably (the maximum is factored out). */
export const logSumExp: ReduceOp<"logSumExp", "float"> = /* @__PURE__ */ reducer(reduceRules.logSumExp);

function spread(op: string, x: unknown, axis: unknown, options: unknown, root: boolean): Tensor {
  assertTensor(op, "x", x);
  const given = (options as VarianceOptions | undefined)?.ddof;
  const ddof = given === undefined ? 0 : given;
  checkInteger(op, "ddof", ddof);
  if (ddof < 0) throw new RangeError(`${op}: ddof must be a non-negative integer, got ${ddof}`);
  // the sum of squared deviations from each block's mean, over max(count - ddof, 0):
  // ddof >= count gives Infinity, or NaN when every deviation is 0 (NumPy)
  const totals: Totals = (b, n) => {
    const means = meanTotals(b, n) as Float64Array;
    const squares = totalsOf("square", b, means);
    // A block of one value has variance 0, but its mean, rounded, may sit an ulp away: n such
    // deviations squared are then not 0, and past 1e154 they overflow to Infinity. Where the
    // deviations are that small (or overflowed), a block whose max is its min is set to 0.
    const suspect = (k: number): boolean => Number.isFinite(means[k]!) && !(squares[k]! > n * (means[k]! * 2 ** -50) ** 2);
    if (squares.some((_, k) => suspect(k))) {
      const top = totalsOf("max", b);
      const bottom = totalsOf("min", b);
      squares.forEach((_, k) => {
        if (suspect(k) && top[k] === bottom[k]) squares[k] = 0;
      });
    }
    return squares.map((total) => {
      const v = total / Math.max(n - ddof, 0);
      return root ? Math.sqrt(v) : v;
    });
  };
  return run(op, x, axis, options, floatDType(x.dtype), totals, Number.NaN);
}

/** Variance over the axes: the sum of squared deviations divided by `max(count - ddof, 0)` (`{ ddof }`, default 0). */
export const variance = /* @__PURE__ */ traced("variance", (x: unknown, axis?: unknown, options?: unknown) => spread("variance", x, axis, options, false)) as ReduceOp<
  "variance",
  "float",
  VarianceOptions
>;

/** Standard deviation: the square root of `variance`. */
export const std = /* @__PURE__ */ traced("std", (x: unknown, axis?: unknown, options?: unknown) => spread("std", x, axis, options, true)) as ReduceOp<"std", "float", VarianceOptions>;

/**
 * The index of the largest element along one axis; over a list of axes (or
 * all, when omitted) the index into those axes flattened in row-major order.
 * The first one wins on ties, and the first NaN over everything, as in NumPy.
 */
export const argmax = /* @__PURE__ */ traced("argmax", (x: unknown, axis?: unknown, options?: unknown) => argExtreme("argmax", x, axis, options)) as ReduceOp<"argmax", "index">;

/** The index of the smallest element, as `argmax` counts it. */
export const argmin = /* @__PURE__ */ traced("argmin", (x: unknown, axis?: unknown, options?: unknown) => argExtreme("argmin", x, axis, options)) as ReduceOp<"argmin", "index">;

function argExtreme(op: "argmax" | "argmin", x: unknown, axis: unknown, options: unknown): Tensor {
  assertTensor(op, "x", x);
  return run(op, x, axis, options, "int32", (b) => totalsOf(op, b), undefined);
}
