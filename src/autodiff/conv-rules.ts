/**
 * The gradient rules of convolution (`conv1d`, `conv2d`, `depthwiseConv2d`,
 * `conv2dTranspose`)
 * and pooling (`maxPool2d`, `avgPool2d`, `maxPool1d`, `avgPool1d`), every
 * option of the forward ops included: both layouts, strides, dilations,
 * padding ("valid", "same", a number or explicit pairs), groups,
 * conv2dTranspose's outputPadding, and depthwiseConv2d's two filter layouts. The geometry (padding, output sizes,
 * which filter axis is which) is the forward op's own, from `convLayout`
 * (src/shape/conv.ts) and `poolLayout` (src/shape/pool.ts); the loops are in
 * src/kernels/conv-grad.ts and src/kernels/pool-grad.ts.
 *
 * A convolution's gradients are two ops of their own, recorded as any op:
 * `convBackwardInput(g, w)` (the gradient of x, a transposed convolution of g)
 * and `convBackwardFilter(x, g)` (the gradient of w). Both are linear in each
 * operand, and their rules are the forward convolution and each other, so a
 * gradient of a gradient (`grad(grad(f))`) through a convolution is exact.
 * `conv2dTranspose(x, w)` is the gradient of x of a `conv2d` of its result by
 * the same w (`transposedConv`): its gradient of x is that conv2d of g, and its
 * gradient of w that conv2d's `convBackwardFilter` with g as the input and x
 * as the result's gradient; both are recorded ops with rules, so a gradient of
 * a gradient through it is exact too.
 * Likewise pooling: `avgPoolBackward(g)`, whose adjoint is average pooling
 * itself; `maxPoolBackward(g, x)`, which adds g at the element each window's
 * max picked (the first largest, in row-major order), and `maxPoolSelect(t, x)`,
 * which reads t there, each the other's adjoint (x's own gradient through
 * them is zero: the picks are constant between ties).
 *
 * Each gradient has its input's dtype (float32 or float64); sums run in
 * doubles, rounded once.
 */
import { allocate, arithmeticDType, type DType, floatDType, isFloat } from "../dtype.js";
import { type ConvGradAxis, type ConvGradGeometry, convFilterGrad, convInputGrad, type StridedRead, type StridedWrite } from "../kernels/conv-grad.js";
import { contiguousStrides } from "../kernels/plan.js";
import { avgPoolScatter, maxPoolArgmax, maxPoolGather, maxPoolScatter, type PoolGradAxis, type PoolGradGeometry } from "../kernels/pool-grad.js";
import * as library from "../ops/library.js";
import { convLayout } from "../shape/conv.js";
import { poolLayout } from "../shape/pool.js";
import { elementsOf, Tensor } from "../tensor.js";
import type { GradientRule, Pairs } from "./rules.js";
import { recorded } from "./tape.js";

type Op = (...args: unknown[]) => Tensor;
/** The forward ops, as the rules call them: shapes known only at run time. */
const forward = (name: string): Op => (library as unknown as Readonly<Record<string, Op>>)[name]!;

type ConvName = "conv1d" | "conv2d" | "depthwiseConv2d";
type PoolName = "maxPool2d" | "avgPool2d" | "maxPool1d" | "avgPool1d";

const CONV_SPATIAL: Readonly<Record<ConvName, 1 | 2>> = { conv1d: 1, conv2d: 2, depthwiseConv2d: 2 };
const POOL_SPATIAL: Readonly<Record<PoolName, 1 | 2>> = { maxPool2d: 2, avgPool2d: 2, maxPool1d: 1, avgPool1d: 1 };


/** A fresh zeroed tensor of `shape` and `dtype`, contiguous. */
function fresh(op: string, shape: readonly number[], dtype: DType): Tensor {
  const size = shape.reduce((p, d) => p * d, 1);
  return new Tensor(allocate(op, dtype, size), [...shape], contiguousStrides(shape), 0, dtype);
}

const writable = (t: Tensor, strides: readonly number[]): StridedWrite => ({ data: elementsOf(t), offset: t.offset, strides });

/** A convolution's geometry, and how its operands' strides map to the kernels' logical axes. */
interface ConvPlan {
  readonly geometry: ConvGradGeometry;
  /** The strides of x, or of the result (the same layout), as (N, C, H, W). */
  readonly logical: (strides: readonly number[]) => number[];
  /** The strides of w as (group, filter in group, channel in group, KH, KW). */
  readonly weight: (strides: readonly number[]) => number[];
}

/** The convolution `op` of x of `shape` by w of `wShape` with `options`, as the forward op reads it (src/ops/conv.ts). */
function convPlan(op: ConvName, shape: readonly number[], wShape: readonly number[], options: unknown): ConvPlan {
  const spatial = CONV_SPATIAL[op];
  const layout = convLayout(op, spatial, shape, wShape, options);
  const { channelsFirst, weight, filtersPerGroup: fg } = layout;
  // a 1d H is a unit axis of stride 0
  const logical = (s: readonly number[]): number[] =>
    spatial === 2 ? (channelsFirst ? [s[0]!, s[1]!, s[2]!, s[3]!] : [s[0]!, s[3]!, s[1]!, s[2]!]) : channelsFirst ? [s[0]!, s[1]!, 0, s[2]!] : [s[0]!, s[2]!, 0, s[1]!];
  // depthwise channels-last: w [KH, KW, C, M], each channel its own group of M filters
  const depthwiseLast = op === "depthwiseConv2d" && !channelsFirst;
  const weightStrides = (s: readonly number[]): number[] => {
    const f = s[weight.filters]!;
    const c = s[weight.channels]!;
    const taps = weight.kernel.map((axis) => s[axis]!);
    const [kh, kw] = spatial === 2 ? [taps[0]!, taps[1]!] : [0, taps[0]!];
    return [depthwiseLast ? c : fg * f, f, depthwiseLast ? 0 : c, kh, kw];
  };
  const axis = (j: number): ConvGradAxis => {
    const win = layout.windows[j]!;
    return { input: shape[layout.first + j]!, size: win.size, dilation: win.dilation, stride: win.stride, before: win.before, out: win.out };
  };
  const unit: ConvGradAxis = { input: 1, size: 1, dilation: 1, stride: 1, before: 0, out: 1 };
  const geometry: ConvGradGeometry = {
    batch: shape[0]!,
    groups: layout.groups,
    channelsPerGroup: layout.channelsPerGroup,
    filtersPerGroup: fg,
    h: spatial === 2 ? axis(0) : unit,
    w: axis(spatial - 1),
  };
  return { geometry, logical, weight: weightStrides };
}

/**
 * The gradient of x (of `shape`, `dtype`) of `op(x, w, options)` whose result
 * has gradient `g`: a recorded op, linear in g and in w.
 */
function convBackwardInput(g: Tensor, w: Tensor, op: ConvName, shape: readonly number[], dtype: DType, options: unknown): Tensor {
  const plan = convPlan(op, shape, w.shape, options);
  const compute = arithmeticDType(dtype, w.dtype);
  const out = fresh("convBackwardInput", shape, isFloat(dtype) ? dtype : floatDType(compute));
  // as the forward op: an int32 w of a float32 convolution is rounded to float32
  const W: StridedRead = { data: elementsOf(w), offset: w.offset, strides: plan.weight(w.strides), fround: w.dtype === "int32" && compute === "float32" };
  convInputGrad(plan.geometry, { data: elementsOf(g), offset: g.offset, strides: plan.logical(g.strides) }, W, writable(out, plan.logical(out.strides)));
  return recorded("convBackwardInput", [g, w, op, [...shape], dtype, options], out);
}

/**
 * The gradient of w (of `shape`, `dtype`) of `op(x, w, options)` whose result
 * has gradient `g`: a recorded op, linear in x and in g.
 */
function convBackwardFilter(x: Tensor, g: Tensor, op: ConvName, shape: readonly number[], dtype: DType, options: unknown): Tensor {
  const plan = convPlan(op, x.shape, shape, options);
  const compute = arithmeticDType(x.dtype, dtype);
  const out = fresh("convBackwardFilter", shape, isFloat(dtype) ? dtype : floatDType(compute));
  // as the forward op: an int32 x of a float32 convolution is rounded to float32
  const X: StridedRead = { data: elementsOf(x), offset: x.offset, strides: plan.logical(x.strides), fround: x.dtype === "int32" && compute === "float32" };
  convFilterGrad(plan.geometry, X, { data: elementsOf(g), offset: g.offset, strides: plan.logical(g.strides) }, writable(out, plan.weight(out.strides)));
  return recorded("convBackwardFilter", [x, g, op, [...shape], dtype, options], out);
}

/** The rule of a convolution: `(x, w, options)`. */
const convRule =
  (op: ConvName): GradientRule =>
  ({ args: [x, w, options], g, needs }) => {
    const pairs: Pairs = [];
    if (needs(x)) pairs.push([x, convBackwardInput(g, w as Tensor, op, x.shape, x.dtype, options)]);
    if (needs(w)) pairs.push([w, convBackwardFilter(x as Tensor, g, op, w.shape, w.dtype, options)]);
    return pairs;
  };

/**
 * The conv2d whose gradient of x `conv2dTranspose(x, w, options)` is, with x
 * of `shape` and w of `wShape`: conv2d's options (the same strides, dilations,
 * groups, layout and padding before; the padding after less the output
 * padding, down to 0), run over a tensor of the transpose's result's shape by
 * the same w (conv2d's w `[KH, KW, C / groups, F]` and the transpose's
 * `[KH, KW, F / groups, C]` hold the same numbers in the same places; likewise
 * channels-first), and that conv2d's result's shape. Its spatial sizes are x's,
 * or larger when the output padding adds a stride or more of cells past the
 * last one x reaches (padding after cannot go below 0): the cells past x's are
 * outputs of conv2d that no element of x stands for.
 */
function transposedConv(shape: readonly number[], wShape: readonly number[], options: unknown): { readonly options: Record<string, unknown>; readonly shape: readonly number[]; readonly first: number } {
  const layout = convLayout("conv2dTranspose", 2, shape, wShape, options);
  const extras = (options as { outputPadding?: unknown } | undefined)?.outputPadding ?? 0;
  const extra = (j: number): number => (Array.isArray(extras) ? (extras[j] as number) : (extras as number));
  const conv = {
    strides: layout.windows.map((win) => win.stride),
    dilations: layout.windows.map((win) => win.dilation),
    padding: layout.windows.map((win, j): [number, number] => [win.before, Math.max(win.after - extra(j), 0)]),
    groups: layout.groups,
    layout: layout.channelsFirst ? "NCHW" : "NHWC",
  };
  return { options: conv, shape: convLayout("conv2d", 2, layout.shape, wShape, conv).shape, first: layout.first };
}

/**
 * The rule of `conv2dTranspose(x, w, options)`: the gradient of x is the
 * conv2d it transposes applied to g (cut to x's sizes), the gradient of w that
 * conv2d's filter gradient with g as its input and x (padded with zeros to the
 * conv2d's sizes) as its result's gradient.
 */
const convTransposeRule: GradientRule = ({ args: [x, w, options], g, needs }) => {
  const X = x as Tensor;
  const W = w as Tensor;
  const pairs: Pairs = [];
  if (!needs(x) && !needs(w)) return pairs;
  if (X.size === 0 || g.size === 0) {
    // nothing multiplies anything: every gradient is 0
    if (needs(x)) pairs.push([x, fresh("conv2dTranspose", x.shape, x.dtype)]);
    if (needs(w)) pairs.push([w, fresh("conv2dTranspose", w.shape, w.dtype)]);
    return pairs;
  }
  const conv = transposedConv(X.shape, W.shape, options);
  const spatial = [conv.first, conv.first + 1];
  const longer = spatial.some((axis) => conv.shape[axis] !== X.shape[axis]);
  if (needs(x)) {
    const dx = forward("conv2d")(g, w, conv.options);
    pairs.push([x, longer ? forward("slice")(dx, ...X.shape.map((size, axis) => (spatial.includes(axis) ? { start: 0, stop: size } : null))) : dx]);
  }
  if (needs(w)) {
    // an integer x counts as the forward op read it (int32 in a float32 convolution rounded to float32)
    const compute = arithmeticDType(X.dtype, W.dtype);
    const asFloat = isFloat(X.dtype) ? X : forward("cast")(X, compute);
    const result = longer ? forward("pad")(asFloat, X.shape.map((size, axis) => [0, conv.shape[axis]! - size])) : asFloat;
    pairs.push([w, convBackwardFilter(g, result, "conv2d", W.shape, W.dtype, conv.options)]);
  }
  return pairs;
};

/** A pooling's geometry, and how x's or the result's strides map to the kernels' logical axes (N, C, H, W). */
interface PoolPlan {
  readonly geometry: PoolGradGeometry;
  readonly logical: (strides: readonly number[]) => number[];
  /** The result's shape. */
  readonly shape: readonly number[];
}

/** The pooling `op` of x of `shape` with `options`, as the forward op reads it (src/ops/pool.ts). */
function poolPlan(op: PoolName, shape: readonly number[], options: unknown): PoolPlan {
  const spatial = POOL_SPATIAL[op];
  const layout = poolLayout(op, spatial, shape, options);
  const { first, windows } = layout;
  const c = first === 1 ? shape.length - 1 : 1;
  const logical = (s: readonly number[]): number[] => [s[0]!, s[c]!, spatial === 2 ? s[first]! : 0, s[first + spatial - 1]!];
  const axis = (j: number): PoolGradAxis => {
    const win = windows[j]!;
    return { input: shape[first + j]!, size: win.size, step: win.stride, before: win.before, out: win.out };
  };
  const unit: PoolGradAxis = { input: 1, size: 1, step: 1, before: 0, out: 1 };
  const geometry: PoolGradGeometry = { batch: shape[0]!, channels: shape[c]!, h: spatial === 2 ? axis(0) : unit, w: axis(spatial - 1) };
  return { geometry, logical, shape: layout.shape };
}

const readable = (t: Tensor, plan: PoolPlan): StridedRead => ({ data: elementsOf(t), offset: t.offset, strides: plan.logical(t.strides) });

/** The gradient of x of `op(x, options)` (max) whose result has gradient `g`: g added at each window's pick. */
function maxPoolBackward(g: Tensor, x: Tensor, op: PoolName, options: unknown): Tensor {
  const plan = poolPlan(op, x.shape, options);
  const out = fresh("maxPoolBackward", x.shape, isFloat(x.dtype) ? x.dtype : floatDType(g.dtype));
  maxPoolScatter(plan.geometry, maxPoolArgmax(plan.geometry, readable(x, plan)), readable(g, plan), writable(out, plan.logical(out.strides)));
  return recorded("maxPoolBackward", [g, x, op, options], out);
}

/** `t` (of x's shape) read where each window of `op(x, options)` (max) picked: maxPoolBackward's adjoint. */
function maxPoolSelect(t: Tensor, x: Tensor, op: PoolName, options: unknown): Tensor {
  const plan = poolPlan(op, x.shape, options);
  const out = fresh("maxPoolSelect", plan.shape, t.dtype);
  maxPoolGather(plan.geometry, maxPoolArgmax(plan.geometry, readable(x, plan)), readable(t, plan), writable(out, plan.logical(out.strides)));
  return recorded("maxPoolSelect", [t, x, op, options], out);
}

/** The gradient of x (of `shape`, `dtype`) of `op(x, options)` (avg) whose result has gradient `g`. */
function avgPoolBackward(g: Tensor, op: PoolName, shape: readonly number[], dtype: DType, options: unknown): Tensor {
  const plan = poolPlan(op, shape, options);
  const out = fresh("avgPoolBackward", shape, isFloat(dtype) ? dtype : floatDType(g.dtype));
  avgPoolScatter(plan.geometry, readable(g, plan), writable(out, plan.logical(out.strides)));
  return recorded("avgPoolBackward", [g, op, [...shape], dtype, options], out);
}

const maxPoolRule =
  (op: PoolName): GradientRule =>
  ({ args: [x, options], g, needs }) =>
    needs(x) ? [[x, maxPoolBackward(g, x, op, options)]] : [];

const avgPoolRule =
  (op: PoolName): GradientRule =>
  ({ args: [x, options], g, needs }) =>
    needs(x) ? [[x, avgPoolBackward(g, op, x.shape, x.dtype, options)]] : [];

export const convRules: Readonly<Record<string, GradientRule>> = {
  conv1d: convRule("conv1d"),
  conv2d: convRule("conv2d"),
  depthwiseConv2d: convRule("depthwiseConv2d"),
  conv2dTranspose: convTransposeRule,
  maxPool2d: maxPoolRule("maxPool2d"),
  avgPool2d: avgPoolRule("avgPool2d"),
  maxPool1d: maxPoolRule("maxPool1d"),
  avgPool1d: avgPoolRule("avgPool1d"),

  // the backward ops, for gradients of gradients
  convBackwardInput: ({ args: [g, w, op, , , options], g: gg, needs }) => {
    const pairs: Pairs = [];
    if (needs(g)) pairs.push([g, forward(op as ConvName)(gg, w, options)]);
    if (needs(w)) pairs.push([w, convBackwardFilter(gg, g as Tensor, op as ConvName, w.shape, w.dtype, options)]);
    return pairs;
  },
  convBackwardFilter: ({ args: [x, g, op, , , options], g: gg, needs }) => {
    const pairs: Pairs = [];
    if (needs(x)) pairs.push([x, convBackwardInput(g as Tensor, gg, op as ConvName, x.shape, x.dtype, options)]);
    if (needs(g)) pairs.push([g, forward(op as ConvName)(x, gg, options)]);
    return pairs;
  },
  maxPoolBackward: ({ args: [g, x, op, options], g: gg, needs }) => (needs(g) ? [[g, maxPoolSelect(gg, x as Tensor, op as PoolName, options)]] : []),
  maxPoolSelect: ({ args: [t, x, op, options], g: gg, needs }) => (needs(t) ? [[t, maxPoolBackward(gg, x as Tensor, op as PoolName, options)]] : []),
  avgPoolBackward: ({ args: [g, op, , , options], g: gg, needs }) => (needs(g) ? [[g, forward(op as PoolName)(gg, options)]] : []),
};
