/**
 * Lowerings of the reductions: sum, prod, mean, max, min, any, all, argmax,
 * argmin, variance, std, logSumExp (src/ops/reduce.ts), softmax and
 * logSoftmax (src/ops/softmax.ts), cumsum and cumprod (src/ops/scan.ts), and
 * the loss softmaxCrossEntropy (src/train/losses.ts, recorded as one op;
 * meanSquaredError and binaryCrossEntropy are recorded as the element-wise
 * ops and reductions they are made of).
 *
 * Axes: shapecast's axis argument (omitted, one, negative, or a list) is
 * normalised as the op does (src/shape/axis.ts). A reduction over no axes
 * (a scalar's, or an empty list) folds each element alone; ONNX reads no
 * axes as "all", so such an input gets a leading size-1 axis that is reduced
 * instead. ReduceSum takes its axes as an input (opset 13 on), the other
 * Reduce* ops as an attribute before opset 18 and as an input from it.
 *
 * Dtypes follow shapecast's rules: sum, prod and the scans of bool and
 * uint8 give int32, mean and the float reductions the input's float dtype
 * (int32 rounded to float32 first), max and min the input's dtype (bool
 * computed through int32), any and all bool, argmax and argmin int32
 * (ONNX's int64 indices cast). Integer sums and products wrap modulo 2^32
 * as shapecast's do, where ONNX Runtime's int32 reductions saturate; float
 * max, min, argmax and argmin see NaN as shapecast does, where ONNX
 * Runtime's kernels skip it. Float sums accumulate in the tensor's dtype
 * (shapecast's in doubles, rounded once), which differs in the last bits.
 */
import { type DType, isFloat } from "../../dtype.js";
import { normalizeAxes, normalizeAxis } from "../../shape/axis.js";
import type { Tensor } from "../../tensor.js";
import { int, ints } from "../graph.js";
import { ELEMENT_TYPE, INT64 } from "../proto.js";
import type { GraphSize, LowerContext, Lowering } from "./context.js";


/** An integer value (int64 indices) cast to `to`. */
const castFrom64 = (ctx: LowerContext, name: string, to: DType): string => ctx.node1("Cast", [name], { to: int(ELEMENT_TYPE[to]) });
const castTo64 = (ctx: LowerContext, name: string): string => ctx.node1("Cast", [name], { to: int(INT64) });

/** The positions 0 to n - 1. */
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/**
 * A Reduce* node over `axes` (never empty), the axes as an input or an
 * attribute as the opset wants; `keep` keeps them as size 1.
 */
function reduceNode(ctx: LowerContext, opType: string, input: string, axes: readonly number[], keep: boolean): string {
  const keepdims = int(keep ? 1 : 0);
  if (opType === "ReduceSum" || ctx.opset >= 18) return ctx.node1(opType, [input, ctx.int64s(axes)], { keepdims });
  return ctx.node1(opType, [input], { axes: ints(axes), keepdims });
}

/** A Reduce* node over every axis, to a scalar (no axes given: ONNX reduces all). */
const reduceAll = (ctx: LowerContext, opType: string, input: string): string => ctx.node1(opType, [input], { keepdims: int(0) });

/** A reduction call read: its input's value (in the input's dtype), sizes and rank, and the axes folded. */
interface Reduction {
  readonly x: Tensor;
  readonly input: string;
  readonly dims: readonly GraphSize[];
  readonly rank: number;
  /** The reduced axes, sorted, never empty. */
  readonly axes: readonly number[];
  readonly keep: boolean;
  readonly options: { readonly keepDims?: boolean; readonly ddof?: number } | undefined;
}

function reduction(ctx: LowerContext, op: string, args: readonly unknown[]): Reduction {
  const [x, axis, options] = args as [Tensor, unknown, Reduction["options"]];
  const axes = normalizeAxes(op, "axis", axis, x.shape.length);
  const keep = options?.keepDims ?? false;
  if (axes.length > 0) return { x, input: ctx.value(x), dims: ctx.dims(x), rank: x.shape.length, axes, keep, options };
  // no axes: each element is folded alone; a leading size-1 axis to reduce gives that in ONNX (the result keeps x's shape either way)
  const input = ctx.node1("Unsqueeze", [ctx.value(x), ctx.int64s([0])]);
  return { x, input, dims: [1, ...ctx.dims(x)], rank: x.shape.length + 1, axes: [0], keep: false, options };
}

/**
 * The reduced axes of `value` (laid out as `r`'s input) merged into one, for
 * ops that fold a single axis: one reduced axis stays where it is; several
 * are moved after the kept ones (Transpose) and merged (Reshape, its 0s
 * copying the kept sizes, so symbolic ones stay symbolic).
 */
function merged(ctx: LowerContext, value: string, r: Reduction): { value: string; axis: number; rank: number } {
  if (r.axes.length === 1) return { value, axis: r.axes[0]!, rank: r.rank };
  const kept = range(r.rank).filter((a) => !r.axes.includes(a));
  const order = [...kept, ...r.axes];
  const moved = order.some((a, i) => a !== i) ? ctx.node1("Transpose", [value], { perm: ints(order) }) : value;
  return { value: ctx.node1("Reshape", [moved, ctx.int64s([...kept.map(() => 0), -1])]), axis: kept.length, rank: kept.length + 1 };
}

/** A fold over `merged`'s axis, that axis still present as size 1, brought to the result's shape. */
function unmerged(ctx: LowerContext, value: string, r: Reduction, axis: number): string {
  if (r.axes.length === 1) return r.keep ? value : ctx.node1("Squeeze", [value, ctx.int64s([axis])]);
  const squeezed = ctx.node1("Squeeze", [value, ctx.int64s([axis])]);
  return r.keep ? ctx.node1("Unsqueeze", [squeezed, ctx.int64s(r.axes)]) : squeezed;
}

/**
 * The product of int32 values modulo 2^32, as shapecast's (Math.imul at each
 * step). ONNX Runtime's ReduceProd of integers multiplies in doubles and
 * saturates, so over a fixed count the product is a tree of int32 Mul nodes
 * (which wrap): the merged axis is halved at each step (padded with a 1 when
 * odd), the two halves multiplied. Over a symbolic count the number of steps
 * is not known: ReduceProd in int64 then, exact while the product's
 * magnitude stays below 2^53 (wrapped to int32 by the Cast).
 */
function integerProduct(ctx: LowerContext, r: Reduction): string {
  const sizes = r.axes.map((a) => r.dims[a]!);
  const count = sizes.every((s): s is number => typeof s === "number") ? sizes.reduce((p, s) => p * s, 1) : 0;
  if (count === 0) return castFrom64(ctx, reduceNode(ctx, "ReduceProd", castTo64(ctx, r.input), r.axes, r.keep), "int32");
  const m = merged(ctx, ctx.cast(r.input, r.x.dtype, "int32"), r);
  const one = ctx.scalar(1, "int32");
  let value = m.value;
  for (let length = count; length > 1; length = Math.ceil(length / 2)) {
    const half = Math.ceil(length / 2);
    if (length % 2 === 1) {
      const pads = new Array<number>(2 * m.rank).fill(0);
      pads[m.rank + m.axis] = 1;
      value = ctx.node1("Pad", [value, ctx.int64s(pads), one]);
    }
    const axes = ctx.int64s([m.axis]);
    const low = ctx.node1("Slice", [value, ctx.int64s([0]), ctx.int64s([half]), axes]);
    const high = ctx.node1("Slice", [value, ctx.int64s([half]), ctx.int64s([2 * half]), axes]);
    value = ctx.node1("Mul", [low, high]);
  }
  // a single element: no node folded it, and the result needs its own value
  if (value === m.value && r.axes.length === 1 && r.keep) value = ctx.node1("Identity", [value]);
  return unmerged(ctx, value, r, m.axis);
}

/**
 * sum, prod and mean: the input cast to the result's dtype, one Reduce* node.
 * An int32 result (int32, uint8 and bool inputs) is summed in int64 and cast
 * back, which wraps modulo 2^32 as shapecast's sum does (ONNX Runtime's
 * int32 ReduceSum saturates); an int32 product is `integerProduct`'s.
 */
const plain = (opType: string): Lowering => (ctx, call) => {
  const r = reduction(ctx, call.op, call.args);
  const out = call.outputs[0]!;
  if (out.dtype === "int32" && opType === "ReduceProd") ctx.bind(out, integerProduct(ctx, r));
  else if (out.dtype === "int32") ctx.bind(out, castFrom64(ctx, reduceNode(ctx, opType, castTo64(ctx, r.input), r.axes, r.keep), "int32"));
  else ctx.bind(out, reduceNode(ctx, opType, ctx.cast(r.input, r.x.dtype, out.dtype), r.axes, r.keep));
};

/** NaN flags of a float value as int32 (1 where NaN), to count or locate NaNs. */
const nanFlags = (ctx: LowerContext, value: string): string => ctx.cast(ctx.node1("IsNaN", [value]), "bool", "int32");

/**
 * max and min: in the input's dtype (bool through int32, which ONNX
 * Runtime's kernels lack before opset 20). A NaN anywhere makes a float
 * result NaN, as in shapecast and NumPy; ONNX Runtime's ReduceMax and
 * ReduceMin skip it, so the NaNs are counted (ReduceSum of IsNaN) and a
 * Where puts NaN back.
 */
const extreme = (opType: string): Lowering => (ctx, call) => {
  const r = reduction(ctx, call.op, call.args);
  const out = call.outputs[0]!;
  const compute: DType = r.x.dtype === "bool" ? "int32" : r.x.dtype;
  const value = ctx.cast(r.input, r.x.dtype, compute);
  const folded = reduceNode(ctx, opType, value, r.axes, r.keep);
  if (!isFloat(compute)) {
    ctx.bind(out, ctx.cast(folded, compute, out.dtype));
    return;
  }
  const hasNaN = ctx.cast(reduceNode(ctx, "ReduceSum", nanFlags(ctx, value), r.axes, r.keep), "int32", "bool");
  ctx.bind(out, ctx.node1("Where", [hasNaN, ctx.scalar(Number.NaN, compute), folded]));
};

/**
 * any and all: each element's truthiness (Cast to bool: not 0, NaN true),
 * counted in int32 by ReduceSum (which has a kernel in every opset, and
 * gives 0 over no elements): any is a nonzero count of true elements, all
 * a zero count of false ones.
 */
const truth = (every: boolean): Lowering => (ctx, call) => {
  const r = reduction(ctx, call.op, call.args);
  let flags = ctx.cast(r.input, r.x.dtype, "bool");
  if (every) flags = ctx.node1("Not", [flags]);
  const count = reduceNode(ctx, "ReduceSum", ctx.cast(flags, "bool", "int32"), r.axes, r.keep);
  const found = ctx.cast(count, "int32", "bool");
  ctx.bind(call.outputs[0]!, every ? ctx.node1("Not", [found]) : found);
};

/**
 * argmax and argmin: ONNX's ArgMax/ArgMin over one axis (the first index
 * wins ties, select_last_index 0, as in shapecast). Over several axes the
 * index counts them flattened in row-major order (`merged`), and with
 * keepDims they come back as size 1. Over float values the first NaN wins,
 * as in shapecast: where there is a NaN (a nonzero count of IsNaN), the
 * index is the ArgMax of the NaN flags (the first 1).
 */
const arg = (opType: string): Lowering => (ctx, call) => {
  const r = reduction(ctx, call.op, call.args);
  const out = call.outputs[0]!;
  // bool has no ArgMax kernel in ONNX Runtime
  const compute: DType = r.x.dtype === "bool" ? "int32" : r.x.dtype;
  const m = merged(ctx, ctx.cast(r.input, r.x.dtype, compute), r);
  const keep = r.axes.length === 1 && r.keep;
  const attributes = { axis: int(m.axis), keepdims: int(keep ? 1 : 0), select_last_index: int(0) };
  let indices = ctx.node1(opType, [m.value], attributes);
  if (isFloat(compute)) {
    const flags = nanFlags(ctx, m.value);
    const hasNaN = ctx.cast(reduceNode(ctx, "ReduceSum", flags, [m.axis], keep), "int32", "bool");
    indices = ctx.node1("Where", [hasNaN, ctx.node1("ArgMax", [flags], attributes), indices]);
  }
  if (r.keep && !keep) indices = ctx.node1("Unsqueeze", [indices, ctx.int64s(r.axes)]);
  ctx.bind(out, castFrom64(ctx, indices, out.dtype));
};

/**
 * The number of elements each output folds, as a scalar of `dtype`: a
 * constant when the reduced sizes are fixed, else read from the input's
 * shape (Shape, Gather, ReduceProd), so it holds for every size.
 */
function countOf(ctx: LowerContext, r: Reduction, input: string, dtype: DType): { fixed: number } | { value: string } {
  const sizes = r.axes.map((a) => r.dims[a]!);
  if (sizes.every((s): s is number => typeof s === "number")) return { fixed: sizes.reduce((p, s) => p * s, 1) };
  const picked = ctx.node1("Gather", [ctx.node1("Shape", [input]), ctx.int64s(r.axes)], { axis: int(0) });
  return { value: castFrom64(ctx, reduceAll(ctx, "ReduceProd", picked), dtype) };
}

/**
 * variance and std: the squared deviations from the mean (ReduceMean with
 * the axes kept, Sub, Mul), summed, over max(count - ddof, 0) as shapecast
 * divides (ddof >= count: Infinity, or NaN when every deviation is 0).
 */
const spread = (root: boolean): Lowering => (ctx, call) => {
  const r = reduction(ctx, call.op, call.args);
  const out = call.outputs[0]!;
  const dtype = out.dtype;
  const ddof = r.options?.ddof ?? 0;
  const value = ctx.cast(r.input, r.x.dtype, dtype);
  const deviations = ctx.node1("Sub", [value, reduceNode(ctx, "ReduceMean", value, r.axes, true)]);
  const squares = reduceNode(ctx, "ReduceSum", ctx.node1("Mul", [deviations, deviations]), r.axes, r.keep);
  const count = countOf(ctx, r, value, dtype);
  const divisor =
    "fixed" in count
      ? ctx.scalar(Math.max(count.fixed - ddof, 0), dtype)
      : ctx.node1("Max", [ctx.node1("Sub", [count.value, ctx.scalar(ddof, dtype)]), ctx.scalar(0, dtype)]);
  const v = ctx.node1("Div", [squares, divisor]);
  ctx.bind(out, root ? ctx.node1("Sqrt", [v]) : v);
};

/**
 * logSumExp, stably as shapecast computes it: the maximum m factored out,
 * m + log(sum(exp(x - m))). An infinite maximum is replaced by 0 in the
 * shift, which gives shapecast's answer for it (+Infinity, or -Infinity
 * when every element is -Infinity); a NaN anywhere makes the sum NaN.
 */
const logSumExp: Lowering = (ctx, call) => {
  const r = reduction(ctx, call.op, call.args);
  const out = call.outputs[0]!;
  const dtype = out.dtype;
  const value = ctx.cast(r.input, r.x.dtype, dtype);
  const top = reduceNode(ctx, "ReduceMax", value, r.axes, true);
  const shift = ctx.node1("Where", [ctx.node1("IsInf", [top]), ctx.scalar(0, dtype), top]);
  const total = reduceNode(ctx, "ReduceSum", ctx.node1("Exp", [ctx.node1("Sub", [value, shift])]), r.axes, true);
  const result = ctx.node1("Add", [ctx.node1("Log", [total]), shift]);
  ctx.bind(out, r.keep ? result : ctx.node1("Squeeze", [result, ctx.int64s(r.axes)]));
};

/** softmax and logSoftmax along one axis (the last by default): ONNX's own op, in the result's float dtype. */
const along = (opType: string): Lowering => (ctx, call) => {
  const [x, axis] = call.args as [Tensor, unknown];
  const out = call.outputs[0]!;
  const at = normalizeAxis(call.op, "axis", axis ?? -1, x.shape.length);
  ctx.bind(out, ctx.node1(opType, [ctx.cast(ctx.value(x), x.dtype, out.dtype)], { axis: int(at) }));
};

/** A scan call read: the input cast to the result's dtype (flattened when no axis is given), its rank and sizes, and the axis. */
interface Scan {
  readonly value: string;
  readonly rank: number;
  readonly length: GraphSize;
  readonly at: number;
  readonly exclusive: boolean;
  readonly reverse: boolean;
}

function scanOf(ctx: LowerContext, op: string, args: readonly unknown[], dtype: DType): Scan {
  const [x, axis, options] = args as [Tensor, unknown, { exclusive?: boolean; reverse?: boolean } | undefined];
  const exclusive = options?.exclusive ?? false;
  const reverse = options?.reverse ?? false;
  const value = ctx.cast(ctx.value(x), x.dtype, dtype);
  if (axis === undefined || axis === null) {
    // the tensor flattened in row-major order: its length is fixed only when every size is
    const dims = ctx.dims(x);
    const length = dims.every((d): d is number => typeof d === "number") ? dims.reduce((p, d) => p * d, 1) : null;
    return { value: ctx.node1("Reshape", [value, ctx.int64s([-1])]), rank: 1, length, at: 0, exclusive, reverse };
  }
  const at = normalizeAxis(op, "axis", axis, x.shape.length);
  return { value, rank: x.shape.length, length: ctx.dims(x)[at]!, at, exclusive, reverse };
}

/** cumsum: ONNX's CumSum, whose exclusive and reverse are shapecast's. */
const cumsum: Lowering = (ctx, call) => {
  const out = call.outputs[0]!;
  const s = scanOf(ctx, call.op, call.args, out.dtype);
  ctx.bind(out, ctx.node1("CumSum", [s.value, ctx.scalar(s.at, "int32")], { exclusive: int(s.exclusive ? 1 : 0), reverse: int(s.reverse ? 1 : 0) }));
};

/**
 * cumprod, which ONNX has no op for: a log-depth scan (Hillis and Steele).
 * Each step multiplies the running products by themselves shifted k places
 * along the axis (k = 1, 2, 4, ...), the places shifted in filled with 1;
 * exclusive shifts the input by one place first, reverse shifts the other
 * way. The number of steps follows the axis's size, so that size must be
 * fixed; the other sizes may be symbolic (the shifts are Slice and Pad
 * along the axis alone).
 */
const cumprod: Lowering = (ctx, call) => {
  const out = call.outputs[0]!;
  const dtype = out.dtype;
  const s = scanOf(ctx, call.op, call.args, dtype);
  const length = s.length;
  if (typeof length !== "number") {
    const what = (call.args[1] ?? null) === null ? "the flattened tensor's length" : `axis ${s.at}`;
    return ctx.unsupported(
      `cumprod has no ONNX op and is written as a log-depth scan whose number of steps follows the scanned length, but ${what} is symbolic; make the scanned size fixed in the input spec, or compute cumprod outside the exported function`,
    );
  }
  const one = ctx.scalar(1, dtype);
  const shifted = (value: string, k: number): string => {
    const kept = s.reverse ? ctx.node1("Slice", [value, ctx.int64s([k]), ctx.int64s([length]), ctx.int64s([s.at])]) : ctx.node1("Slice", [value, ctx.int64s([0]), ctx.int64s([length - k]), ctx.int64s([s.at])]);
    const pads = new Array<number>(2 * s.rank).fill(0);
    pads[s.reverse ? s.rank + s.at : s.at] = k;
    return ctx.node1("Pad", [kept, ctx.int64s(pads), one]);
  };
  let products = s.value;
  if (s.exclusive && length > 0) products = shifted(products, 1);
  for (let k = 1; k < length; k *= 2) products = ctx.node1("Mul", [products, shifted(products, k)]);
  ctx.bind(out, products === s.value ? ctx.node1("Identity", [products]) : products);
};

/**
 * softmaxCrossEntropy(logits, labels, reduction): LogSoftmax over the
 * classes (the last axis), then each row's loss. Integer labels pick their
 * class's entry (GatherElements); probabilities weigh every entry, a zero
 * probability contributing 0 even against an infinite log-probability, as
 * in shapecast. Then the mean, the sum, or nothing.
 */
const softmaxCrossEntropy: Lowering = (ctx, call) => {
  const [logits, labels, how] = call.args as [Tensor, Tensor, "mean" | "sum" | "none"];
  const out = call.outputs[0]!;
  const dtype = out.dtype;
  const last = logits.shape.length - 1;
  const logProbabilities = ctx.node1("LogSoftmax", [ctx.value(logits)], { axis: int(last) });
  let losses: string;
  if (labels.dtype === "int32" || labels.dtype === "uint8") {
    const indices = ctx.node1("Unsqueeze", [castTo64(ctx, ctx.value(labels)), ctx.int64s([last])]);
    const picked = ctx.node1("GatherElements", [logProbabilities, indices], { axis: int(last) });
    losses = ctx.node1("Neg", [ctx.node1("Squeeze", [picked, ctx.int64s([last])])]);
  } else {
    const weights = ctx.cast(ctx.value(labels), labels.dtype, dtype);
    const zero = ctx.scalar(0, dtype);
    const terms = ctx.node1("Where", [ctx.node1("Equal", [weights, zero]), zero, ctx.node1("Mul", [weights, ctx.node1("Neg", [logProbabilities])])]);
    losses = reduceNode(ctx, "ReduceSum", terms, [last], false);
  }
  ctx.bind(out, how === "none" ? losses : reduceAll(ctx, how === "sum" ? "ReduceSum" : "ReduceMean", losses));
};

export const reduceLowerings: Record<string, Lowering> = {
  sum: plain("ReduceSum"),
  prod: plain("ReduceProd"),
  mean: plain("ReduceMean"),
  max: extreme("ReduceMax"),
  min: extreme("ReduceMin"),
  any: truth(false),
  all: truth(true),
  argmax: arg("ArgMax"),
  argmin: arg("ArgMin"),
  variance: spread(false),
  std: spread(true),
  logSumExp,
  softmax: along("Softmax"),
  logSoftmax: along("LogSoftmax"),
  cumsum,
  cumprod,
  softmaxCrossEntropy,
};
