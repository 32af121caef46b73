/**
 * Lowerings of convolution and pooling: `conv1d`, `conv2d`,
 * `depthwiseConv2d`, `conv2dTranspose`, `maxPool1d`, `maxPool2d`,
 * `avgPool1d` and `avgPool2d`.
 *
 * The windows (sizes, strides, dilations, padding, output sizes) come from
 * shapecast's own shape rules (src/shape/conv.ts, src/shape/pool.ts), read
 * on the recorded call's shapes, so the pads written are the ones shapecast
 * pads by.
 *
 * Two ways to the same result:
 * - ONNX's own ops (Conv, ConvTranspose, MaxPool, AveragePool), channels
 *   first: a channels-last x is transposed in and the result out, and w is
 *   transposed (a Transpose node: w may be an input) to ONNX's
 *   `[F, C / groups, K...]` (ConvTranspose: `[C, F / groups, K...]`). Used
 *   for float32 convolutions and average pools, and for every max pool
 *   (int32 through float64 and bool through uint8, both exact, as MaxPool
 *   takes neither).
 * - Taps and a matrix product, channels last: x is padded (Pad), each cell
 *   of the kernel reads a strided Slice of it, and the stacked slices times
 *   w (MatMul, per group) give the result; an average pool sums the slices
 *   and divides by the same sums over ones (the real elements in each
 *   window). Used where ONNX Runtime has no kernel: float64 convolutions and
 *   average pools (Conv, ConvTranspose and AveragePool take float32 only
 *   there) and integer convolutions (in int32, whose MatMul wraps as
 *   shapecast's int32 sums do; a uint8 result keeps the low byte, as
 *   shapecast's store does). conv2dTranspose runs here as shapecast runs it:
 *   x spread `stride` cells apart, then a stride-1 convolution with the
 *   kernel flipped.
 *
 * Padding: fixed counts where they do not depend on a symbolic size. "same"
 * (total `max((ceil(in / stride) - 1) * stride + span - in, 0)`, the extra
 * cell after) depends on the size when the stride is above 1: there ONNX's
 * `auto_pad: SAME_UPPER` is written when ONNX Runtime computes exactly that
 * at every size (it takes no dilation, and does not clamp a negative total,
 * which a stride above the span gives at some sizes); otherwise the pads are
 * computed in the graph from x's shape and a Pad node pads x (zeros for a
 * convolution, -inf for a max pool), and a float32 average pool goes the
 * taps way. conv2dTranspose's pads never depend on the size.
 */
import type { DType } from "../../dtype.js";
import { convLayout } from "../../shape/conv.js";
import { poolLayout } from "../../shape/pool.js";
import { perAxis, type WindowAxis } from "../../shape/window.js";
import type { Tensor } from "../../tensor.js";
import type { ConvOp } from "../../../types/conv.js";
import { int, ints, string } from "../graph.js";
import type { LowerContext, Lowering } from "./context.js";

/** A Slice bound past any axis's end (ONNX clamps it). */
const FAR = Number.MAX_SAFE_INTEGER;

const range = (count: number, from = 0): number[] => Array.from({ length: count }, (_, i) => from + i);

/** The span of a window: the cells from its first tap to its last. */
const spanOf = (w: WindowAxis): number => w.dilation * (w.size - 1) + 1;

/** The axis orders from channels-last to channels-first and back, for a rank. */
const toFirst = (rank: number): number[] => [0, rank - 1, ...range(rank - 2, 1)];
const toLast = (rank: number): number[] => [0, ...range(rank - 2, 2), 1];

function transpose(ctx: LowerContext, value: string, perm: readonly number[]): string {
  return perm.every((axis, i) => axis === i) ? value : ctx.node1("Transpose", [value], { perm: ints(perm) });
}

/** How the padding is written: fixed counts per spatial axis, or "same" on a size the graph leaves symbolic. */
type Pads = { readonly kind: "fixed"; readonly before: readonly number[]; readonly after: readonly number[] } | { readonly kind: "same" };

function padsOf(ctx: LowerContext, x: Tensor, first: number, windows: readonly WindowAxis[], padding: unknown): Pads {
  if (padding === "same") {
    const dims = ctx.dims(x);
    // a stride of 1 pads span - 1 at every size
    if (windows.some((w, j) => w.stride > 1 && typeof dims[first + j] !== "number")) return { kind: "same" };
  }
  return { kind: "fixed", before: windows.map((w) => w.before), after: windows.map((w) => w.after) };
}

/**
 * Whether ONNX Runtime's SAME_UPPER pads as shapecast's "same" at every size
 * of x: it takes no dilation, and its total pad is not clamped at 0, so it
 * must never be negative (a symbolic axis: a span of at least the stride; a
 * fixed one: at its size).
 */
function sameUpperExact(ctx: LowerContext, x: Tensor, first: number, windows: readonly WindowAxis[]): boolean {
  const dims = ctx.dims(x);
  return windows.every((w, j) => {
    if (w.dilation !== 1) return false;
    const size = dims[first + j];
    if (typeof size === "number") return (Math.ceil(size / w.stride) - 1) * w.stride + spanOf(w) - size >= 0;
    return spanOf(w) >= w.stride;
  });
}

/** A Pad node's pads for a tensor of `rank` whose spatial axes start at `first`. */
const padList = (rank: number, first: number, before: readonly number[], after: readonly number[]): number[] => {
  const side = (counts: readonly number[]): number[] => [...new Array<number>(first).fill(0), ...counts, ...new Array<number>(rank - first - counts.length).fill(0)];
  return [...side(before), ...side(after)];
};

/**
 * shapecast's "same" pads of `v`'s spatial axes (from `first`), computed in
 * the graph from its shape, as a Pad node's pads.
 */
function samePads(ctx: LowerContext, v: string, rank: number, first: number, windows: readonly WindowAxis[]): string {
  const count = windows.length;
  const sizes = ctx.node1("Shape", [v], { start: int(first), end: int(first + count) });
  const strides = ctx.int64s(windows.map((w) => w.stride));
  const outs = ctx.node1("Div", [ctx.node1("Add", [sizes, ctx.int64s(windows.map((w) => w.stride - 1))]), strides]);
  const reach = ctx.node1("Add", [ctx.node1("Mul", [outs, strides]), ctx.int64s(windows.map((w) => spanOf(w) - w.stride))]);
  const total = ctx.node1("Max", [ctx.node1("Sub", [reach, sizes]), ctx.int64s([0])]);
  const before = ctx.node1("Div", [total, ctx.int64s([2])]);
  const after = ctx.node1("Sub", [total, before]);
  const zeros = (n: number): string[] => (n > 0 ? [ctx.int64s(new Array<number>(n).fill(0))] : []);
  const lead = zeros(first);
  const trail = zeros(rank - first - count);
  return ctx.node1("Concat", [...lead, before, ...trail, ...lead, after, ...trail], { axis: int(0) });
}

/** The value padding cells get, made only when a Pad node needs it. */
type Fill = () => string;

/** `v` padded on its spatial axes (from `first`) with `fill`: by fixed counts (negative ones crop) or by shapecast's "same" rule computed from its shape. */
function padded(ctx: LowerContext, v: string, rank: number, first: number, windows: readonly WindowAxis[], pads: Pads, fill: Fill): string {
  if (pads.kind === "same") return ctx.node1("Pad", [v, samePads(ctx, v, rank, first, windows), fill()]);
  if (pads.before.every((p) => p === 0) && pads.after.every((p) => p === 0)) return v;
  return ctx.node1("Pad", [v, ctx.int64s(padList(rank, first, pads.before, pads.after)), fill()]);
}

/** The attributes of an ONNX window op for fixed pads or "same" (SAME_UPPER). */
const padAttributes = (pads: Pads | "SAME_UPPER") =>
  pads === "SAME_UPPER" ? { auto_pad: string("SAME_UPPER") }
  : pads.kind === "fixed" && pads.before.some((p, j) => p !== 0 || pads.after[j] !== 0) ? { pads: ints([...pads.before, ...pads.after]) }
  : {};

/**
 * Brings the padding of an ONNX window op's channels-first input `v` to what
 * its attributes can say: SAME_UPPER when that is exact, or else a Pad node
 * with `fill` and no pads left to the op.
 */
function windowPadding(ctx: LowerContext, x: Tensor, v: string, rank: number, first: number, windows: readonly WindowAxis[], pads: Pads, fill: Fill): { value: string; pads: Pads | "SAME_UPPER" } {
  if (pads.kind === "fixed") return { value: v, pads };
  if (sameUpperExact(ctx, x, first, windows)) return { value: v, pads: "SAME_UPPER" };
  return { value: padded(ctx, v, rank, 2, windows, pads, fill), pads: { kind: "fixed", before: [], after: [] } };
}

/**
 * The taps of a window over the channels-last `v` (spatial axes 1 to d),
 * already padded: for each cell of the kernel, in row-major order, the
 * cells of `v` it meets at each output position (`[N, O..., C]`).
 */
function taps(ctx: LowerContext, v: string, windows: readonly WindowAxis[]): string[] {
  const cells = windows.reduce<number[][]>((all, w) => all.flatMap((prefix) => range(w.size).map((t) => [...prefix, t])), [[]]);
  const axes = ctx.int64s(range(windows.length, 1));
  const steps = ctx.int64s(windows.map((w) => w.stride));
  return cells.map((cell) => {
    const starts = cell.map((t, j) => t * windows[j]!.dilation);
    // the last output reads cell t at (out - 1) * stride + t * dilation: stop short of the end by the taps after it
    const ends = cell.map((t, j) => (t === windows[j]!.size - 1 ? FAR : -windows[j]!.dilation * (windows[j]!.size - 1 - t)));
    return ctx.node1("Slice", [v, ctx.int64s(starts), ctx.int64s(ends), axes, steps]);
  });
}

/** The groups of a convolution as the taps way sees them. */
interface Grouping {
  readonly groups: number;
  readonly channelsPerGroup: number;
  readonly filters: number;
}

/**
 * A convolution the taps way: the channels-last `x` (rank d + 2, in the
 * compute dtype) by `w` as `[K..., C / groups, F]`, padded as `pads`; the
 * result channels-last, `[N, O..., F]`.
 */
function tapConv(ctx: LowerContext, x: string, w: string, windows: readonly WindowAxis[], pads: Pads, grouping: Grouping, dtype: DType): string {
  const d = windows.length;
  const rank = d + 2;
  const kernelCells = windows.reduce((p, win) => p * win.size, 1);
  const { groups, channelsPerGroup: cg, filters } = grouping;
  const cells = taps(ctx, padded(ctx, x, rank, 1, windows, pads, () => ctx.scalar(0, dtype)), windows);
  const stacked = cells.map((t) => ctx.node1("Unsqueeze", [t, ctx.int64s([d + 1])]));
  // [N, O..., T, C]: the kernel's cells, then the channels
  const patches = stacked.length === 1 ? stacked[0]! : ctx.node1("Concat", stacked, { axis: int(d + 1) });
  const keep = new Array<number>(d + 1).fill(0);
  if (groups === 1) {
    const rows = ctx.node1("Reshape", [patches, ctx.int64s([...keep, kernelCells * cg])]);
    const matrix = ctx.node1("Reshape", [w, ctx.int64s([kernelCells * cg, filters])]);
    return ctx.node1("MatMul", [rows, matrix]);
  }
  // per group: [N, O..., G, 1, T * C / G] by [G, T * C / G, F / G]
  const split = ctx.node1("Reshape", [patches, ctx.int64s([...keep, kernelCells, groups, cg])]);
  const byGroup = transpose(ctx, split, [...range(d + 1), d + 2, d + 1, d + 3]);
  const rows = ctx.node1("Reshape", [byGroup, ctx.int64s([...keep, groups, 1, kernelCells * cg])]);
  const perGroup = filters / groups;
  const wSplit = ctx.node1("Reshape", [w, ctx.int64s([kernelCells, cg, groups, perGroup])]);
  const matrices = ctx.node1("Reshape", [transpose(ctx, wSplit, [2, 0, 1, 3]), ctx.int64s([groups, kernelCells * cg, perGroup])]);
  const product = ctx.node1("MatMul", [rows, matrices]);
  return ctx.node1("Reshape", [product, ctx.int64s([...keep, filters])]);
}

/** The dtype a convolution computes in on the taps way: float64, or int32 for integer results. */
const tapDType = (dtype: DType): DType => (dtype === "float64" ? "float64" : "int32");

/** The options a convolution or pool was called with (an object, or nothing). */
const optionsOf = (options: unknown): Record<string, unknown> => (options !== null && typeof options === "object" ? (options as Record<string, unknown>) : {});

/** conv1d, conv2d and depthwiseConv2d. */
const convolution =
  (op: Exclude<ConvOp, "conv2dTranspose">, spatial: 1 | 2): Lowering =>
  (ctx, call) => {
    const [x, w, options] = call.args as [Tensor, Tensor, unknown];
    const out = call.outputs[0]!;
    const layout = convLayout(op, spatial, x.shape, w.shape, options);
    const { channelsFirst, first, windows, groups } = layout;
    const rank = spatial + 2;
    checkFixed(ctx, op, x, w, layout.weight.kernel, channelsFirst ? 1 : rank - 1);
    const pads = padsOf(ctx, x, first, windows, optionsOf(options)["padding"] ?? "valid");
    const depthwise = op === "depthwiseConv2d";

    if (out.dtype === "float32") {
      const xv = ctx.cast(ctx.value(x), x.dtype, "float32");
      const wv = ctx.cast(ctx.value(w), w.dtype, "float32");
      // ONNX's w: [F, C / groups, K...]
      const weight =
        channelsFirst ? wv
        : depthwise ? ctx.node1("Reshape", [transpose(ctx, wv, [2, 3, 0, 1]), ctx.int64s([-1, 1, 0, 0])])
        : transpose(ctx, wv, [rank - 1, rank - 2, ...range(spatial)]);
      const input = channelsFirst ? xv : transpose(ctx, xv, toFirst(rank));
      const fitted = windowPadding(ctx, x, input, rank, first, windows, pads, () => ctx.scalar(0, "float32"));
      const y = ctx.node1("Conv", [fitted.value, weight], {
        strides: ints(windows.map((win) => win.stride)),
        dilations: ints(windows.map((win) => win.dilation)),
        group: int(groups),
        ...padAttributes(fitted.pads),
      });
      ctx.bind(out, channelsFirst ? y : transpose(ctx, y, toLast(rank)));
      return;
    }

    const dtype = tapDType(out.dtype);
    const xv = ctx.cast(ctx.value(x), x.dtype, dtype);
    const wv = ctx.cast(ctx.value(w), w.dtype, dtype);
    // the taps' w: [K..., C / groups, F]
    const weight =
      depthwise ? (channelsFirst ? transpose(ctx, wv, [2, 3, 1, 0]) : ctx.node1("Reshape", [wv, ctx.int64s([0, 0, 1, -1])]))
      : channelsFirst ? transpose(ctx, wv, [...range(spatial, 2), 1, 0])
      : wv;
    const input = channelsFirst ? transpose(ctx, xv, toLast(rank)) : xv;
    const filters = out.shape[channelsFirst ? 1 : rank - 1]!;
    const y = tapConv(ctx, input, weight, windows, pads, { groups, channelsPerGroup: layout.channelsPerGroup, filters }, dtype);
    const result = ctx.cast(y, dtype, out.dtype);
    ctx.bind(out, channelsFirst ? transpose(ctx, result, toFirst(rank)) : result);
  };

/** Stops the export when a size the graph needs as a number (the kernel's, x's channels) is symbolic. */
function checkFixed(ctx: LowerContext, op: string, x: Tensor, w: Tensor, kernel: readonly number[], channelAxis: number): void {
  const wDims = ctx.dims(w);
  if (kernel.some((axis) => typeof wDims[axis] !== "number")) ctx.unsupported(`${op}'s kernel sizes (w's axes ${kernel.join(", ")}) must be fixed in the graph, as ONNX's pads and the window are written with them`);
  if (typeof ctx.dims(x)[channelAxis] !== "number") ctx.unsupported(`${op}'s channels (x's axis ${channelAxis}) must be fixed in the graph, as its groups are written with them`);
}

/** conv2dTranspose. */
const convTranspose: Lowering = (ctx, call) => {
  const op = "conv2dTranspose";
  const [x, w, options] = call.args as [Tensor, Tensor, unknown];
  const out = call.outputs[0]!;
  const layout = convLayout(op, 2, x.shape, w.shape, options);
  const { channelsFirst, windows, groups } = layout;
  const rank = 4;
  checkFixed(ctx, op, x, w, layout.weight.kernel, channelsFirst ? 1 : rank - 1);
  const fields = optionsOf(options);
  const same = fields["padding"] === "same";
  // the cells after the full transpose: outputPadding, and with "same" what a span shorter than the stride leaves
  const extras = perAxis(op, "outputPadding", fields["outputPadding"] ?? 0, 2, 0).map((extra, j) => extra + (same ? Math.max(windows[j]!.stride - spanOf(windows[j]!), 0) : 0));

  if (out.dtype === "float32") {
    const xv = ctx.cast(ctx.value(x), x.dtype, "float32");
    const wv = ctx.cast(ctx.value(w), w.dtype, "float32");
    // ONNX's w: [C, F / groups, KH, KW]
    const weight = channelsFirst ? wv : transpose(ctx, wv, [3, 2, 0, 1]);
    const input = channelsFirst ? xv : transpose(ctx, xv, toFirst(rank));
    // ONNX Runtime takes output_padding below max(stride, dilation): more is zeros padded after
    const fits = extras.every((extra, j) => extra < Math.max(windows[j]!.stride, windows[j]!.dilation));
    let y = ctx.node1("ConvTranspose", [input, weight], {
      strides: ints(windows.map((win) => win.stride)),
      dilations: ints(windows.map((win) => win.dilation)),
      group: int(groups),
      ...padAttributes({ kind: "fixed", before: windows.map((win) => win.before), after: windows.map((win) => win.after) }),
      output_padding: fits && extras.some((e) => e !== 0) ? ints(extras) : undefined,
    });
    if (!fits) y = ctx.node1("Pad", [y, ctx.int64s(padList(rank, 2, [0, 0], extras)), ctx.scalar(0, "float32")]);
    ctx.bind(out, channelsFirst ? y : transpose(ctx, y, toLast(rank)));
    return;
  }

  const dtype = tapDType(out.dtype);
  const xv = ctx.cast(ctx.value(x), x.dtype, dtype);
  const wv = ctx.cast(ctx.value(w), w.dtype, dtype);
  const c = x.shape[channelsFirst ? 1 : 3]!;
  const cg = c / groups;
  const filters = out.shape[channelsFirst ? 1 : 3]!;
  // the taps' w [KH, KW, C / groups, F] from [C, F / groups, KH, KW], the kernel flipped
  const byChannel = channelsFirst ? wv : transpose(ctx, wv, [3, 2, 0, 1]);
  const flipped = ctx.node1("Slice", [byChannel, ctx.int64s([-1, -1]), ctx.int64s([-FAR, -FAR]), ctx.int64s([2, 3]), ctx.int64s([-1, -1])]);
  const [kh, kw] = layout.weight.kernel.map((axis) => w.shape[axis]!) as [number, number];
  const split = ctx.node1("Reshape", [flipped, ctx.int64s([groups, cg, filters / groups, kh, kw])]);
  const weight = ctx.node1("Reshape", [transpose(ctx, split, [3, 4, 1, 0, 2]), ctx.int64s([0, 0, 0, -1])]);
  // x spread `stride` cells apart (each cell followed by stride - 1 zeros)
  let input = channelsFirst ? transpose(ctx, xv, toLast(rank)) : xv;
  const strides = windows.map((win) => win.stride);
  if (strides.some((s) => s > 1)) {
    const gaps = ctx.node1("Unsqueeze", [input, ctx.int64s([2, 4])]);
    const spaced = ctx.node1("Pad", [gaps, ctx.int64s([0, 0, 0, 0, 0, 0, 0, 0, strides[0]! - 1, 0, strides[1]! - 1, 0]), ctx.scalar(0, dtype)]);
    const shape = ctx.node1("Mul", [ctx.node1("Shape", [input]), ctx.int64s([1, strides[0]!, strides[1]!, 1])]);
    input = ctx.node1("Reshape", [spaced, shape]);
  }
  // the stride-1 convolution over the spread x (its trailing stride - 1 zeros taken off the padding after)
  const forward = windows.map((win, j): WindowAxis => ({ ...win, stride: 1, before: spanOf(win) - 1 - win.before, after: spanOf(win) - 1 - win.after + extras[j]! - (win.stride - 1) }));
  const pads: Pads = { kind: "fixed", before: forward.map((win) => win.before), after: forward.map((win) => win.after) };
  const y = tapConv(ctx, input, weight, forward, pads, { groups, channelsPerGroup: cg, filters }, dtype);
  const result = ctx.cast(y, dtype, out.dtype);
  ctx.bind(out, channelsFirst ? transpose(ctx, result, toFirst(rank)) : result);
};

/** maxPool1d and maxPool2d: MaxPool (padding cells are not elements), in a dtype it takes. */
const maxPool =
  (op: string, spatial: 1 | 2): Lowering =>
  (ctx, call) => {
    const [x, options] = call.args as [Tensor, unknown];
    const out = call.outputs[0]!;
    const { first, windows } = poolLayout(op, spatial, x.shape, options);
    const rank = spatial + 2;
    const channelsFirst = first === 2;
    const pads = padsOf(ctx, x, first, windows, optionsOf(options)["padding"] ?? "valid");
    const dtype: DType = x.dtype === "int32" ? "float64" : x.dtype === "bool" ? "uint8" : x.dtype;
    const xv = ctx.cast(ctx.value(x), x.dtype, dtype);
    const input = channelsFirst ? xv : transpose(ctx, xv, toFirst(rank));
    // a Pad's cells must lose to every element: -inf, or 0 for uint8
    const fill = () => ctx.scalar(dtype === "uint8" ? 0 : -Infinity, dtype);
    const fitted = windowPadding(ctx, x, input, rank, first, windows, pads, fill);
    const y = ctx.node1("MaxPool", [fitted.value], {
      kernel_shape: ints(windows.map((win) => win.size)),
      strides: ints(windows.map((win) => win.stride)),
      ...padAttributes(fitted.pads),
    });
    const result = ctx.cast(channelsFirst ? y : transpose(ctx, y, toLast(rank)), dtype, out.dtype);
    ctx.bind(out, result);
  };

/** avgPool1d and avgPool2d: the mean of each window's real elements (ONNX's count_include_pad 0). */
const avgPool =
  (op: string, spatial: 1 | 2): Lowering =>
  (ctx, call) => {
    const [x, options] = call.args as [Tensor, unknown];
    const out = call.outputs[0]!;
    const dtype = out.dtype;
    const { first, windows } = poolLayout(op, spatial, x.shape, options);
    const rank = spatial + 2;
    const channelsFirst = first === 2;
    const pads = padsOf(ctx, x, first, windows, optionsOf(options)["padding"] ?? "valid");
    const xv = ctx.cast(ctx.value(x), x.dtype, dtype);

    if (dtype === "float32" && (pads.kind === "fixed" || sameUpperExact(ctx, x, first, windows))) {
      const input = channelsFirst ? xv : transpose(ctx, xv, toFirst(rank));
      const y = ctx.node1("AveragePool", [input], {
        kernel_shape: ints(windows.map((win) => win.size)),
        strides: ints(windows.map((win) => win.stride)),
        count_include_pad: int(0),
        ...padAttributes(pads.kind === "fixed" ? pads : "SAME_UPPER"),
      });
      ctx.bind(out, channelsFirst ? y : transpose(ctx, y, toLast(rank)));
      return;
    }

    // the taps way: the window's sum over the count of its real elements (the same sum over ones)
    const input = channelsFirst ? transpose(ctx, xv, toLast(rank)) : xv;
    const zero = () => ctx.scalar(0, dtype);
    const sum = ctx.node1("Sum", taps(ctx, padded(ctx, input, rank, 1, windows, pads, zero), windows));
    const spatialSizes = ctx.node1("Shape", [input], { start: int(1), end: int(1 + spatial) });
    const onesShape = ctx.node1("Concat", [ctx.int64s([1]), spatialSizes, ctx.int64s([1])], { axis: int(0) });
    const ones = ctx.node1("Expand", [ctx.scalar(1, dtype), onesShape]);
    // "same" pads of the ones follow x's sizes, which the ones share
    const count = ctx.node1("Sum", taps(ctx, padded(ctx, ones, rank, 1, windows, pads, zero), windows));
    const y = ctx.node1("Div", [sum, count]);
    ctx.bind(out, channelsFirst ? transpose(ctx, y, toFirst(rank)) : y);
  };

export const convLowerings: Record<string, Lowering> = {
  conv1d: convolution("conv1d", 1),
  conv2d: convolution("conv2d", 2),
  depthwiseConv2d: convolution("depthwiseConv2d", 2),
  conv2dTranspose: convTranspose,
  maxPool1d: maxPool("maxPool1d", 1),
  maxPool2d: maxPool("maxPool2d", 2),
  avgPool1d: avgPool("avgPool1d", 1),
  avgPool2d: avgPool("avgPool2d", 2),
};
