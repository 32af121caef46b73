/**
 * The shape rule of convolution at run time, the twin of types/conv.ts: the
 * ranks of x and w for the layout, x's channels divisible by `groups`, w's
 * channel axis against them, w's filters divisible by `groups`, then the
 * window rule (src/shape/window.ts) on the spatial axes, or for
 * conv2dTranspose its gradient: `(in - 1) * stride + dilation * (k - 1) + 1 -
 * before - after + outputPadding` per axis (which types/conv.ts writes as `in * stride`
 * shifted, `Grown` or `Minus` of `Times`), and `in * stride + outputPadding` with
 * "same" (its total padding `max(span - stride, 0)` split with the extra cell
 * after, as TensorFlow; an empty axis stays empty). `outputPadding` (0 by
 * default) adds cells after the output, to reach the size a forward
 * convolution with that stride came from, as PyTorch's and ONNX's
 * `output_padding`; each must be less than its axis's stride or dilation.
 * Each misfit is a ShapeError with the compiler's message; options that are
 * not what they should be a TypeError or RangeError naming them.
 */
import { grown, times } from "./size.js";
import type {
  ConvChannelsMessage,
  ConvGroupsMessage,
  ConvOp,
  ConvRankMessage,
  ConvTransposePaddingMessage,
} from "../../types/conv.js";
import { ShapeError, showShape } from "../errors.js";
import { checkCount, checkOptionFields, describe } from "./validate.js";
import { paddings, perAxis, type WindowAxis, windowLayout } from "./window.js";

/** Twin of `ConvRankMessage` in types/conv.ts. */
export const writeConvRank = <Op extends string, Name extends string, Rank extends number, Layout extends string, Shown extends string>(
  op: Op,
  name: Name,
  rank: Rank,
  layout: Layout,
  shown: Shown,
): ConvRankMessage<Op, Name, Rank, Layout, Shown> => `${op}: ${name} must have rank ${rank} (${layout}), got shape ${shown}`;

/** Twin of `ConvGroupsMessage` in types/conv.ts. */
export const writeConvGroups = <Op extends string, Name extends string, Size extends string, What extends string, Groups extends string, Shown extends string>(
  op: Op,
  name: Name,
  size: Size,
  what: What,
  groups: Groups,
  shown: Shown,
): ConvGroupsMessage<Op, Name, Size, What, Groups, Shown> => `${op}: ${name} has ${size} ${what}, not divisible by groups ${groups} (shape ${shown})`;

/** Twin of `ConvChannelsMessage` in types/conv.ts. */
export const writeConvChannels = <Op extends string, XC extends string, WC extends string, At extends number, Expected extends string, XShown extends string, WShown extends string>(
  op: Op,
  xc: XC,
  wc: WC,
  at: At,
  expected: Expected,
  xShown: XShown,
  wShown: WShown,
): ConvChannelsMessage<Op, XC, WC, At, Expected, XShown, WShown> =>
  `${op}: x has ${xc} channels but w has ${wc} on axis ${at} (${expected} expected); x ${xShown}, w ${wShown}`;

/** Twin of `ConvTransposePaddingMessage` in types/conv.ts. */
export const writeConvTransposePadding = <Op extends string, At extends number, Full extends number, Padding extends number, Shown extends string>(
  op: Op,
  at: At,
  full: Full,
  padding: Padding,
  shown: Shown,
): ConvTransposePaddingMessage<Op, At, Full, Padding, Shown> =>
  `${op}: padding ${padding} on axis ${at} leaves no output of the ${full} a full transpose gives (shape ${shown})`;

/**
 * Where each part of w is, by op and layout: the axes of the kernel's spatial
 * sizes, of the channels (per group, or all of them for a transpose), and of
 * the filters (per group for a transpose and a depthwise multiplier).
 */
interface WeightAxes {
  readonly layout: string;
  readonly kernel: readonly number[];
  readonly channels: number;
  readonly filters: number;
}

const weights = {
  conv1d: { last: { layout: "K, C / groups, F", kernel: [0], channels: 1, filters: 2 }, first: { layout: "F, C / groups, K", kernel: [2], channels: 1, filters: 0 } },
  conv2d: { last: { layout: "KH, KW, C / groups, F", kernel: [0, 1], channels: 2, filters: 3 }, first: { layout: "F, C / groups, KH, KW", kernel: [2, 3], channels: 1, filters: 0 } },
  depthwiseConv2d: { last: { layout: "KH, KW, C, M", kernel: [0, 1], channels: 2, filters: 3 }, first: { layout: "C * M, 1, KH, KW", kernel: [2, 3], channels: 1, filters: 0 } },
  conv2dTranspose: { last: { layout: "KH, KW, F / groups, C", kernel: [0, 1], channels: 3, filters: 2 }, first: { layout: "C, F / groups, KH, KW", kernel: [2, 3], channels: 0, filters: 1 } },
} as const satisfies Record<ConvOp, { last: WeightAxes; first: WeightAxes }>;

/** The convolution a call describes, checked. */
export interface ConvLayout {
  readonly channelsFirst: boolean;
  /** The first spatial axis of x (and of the result). */
  readonly first: number;
  /** w's axes, by role. */
  readonly weight: WeightAxes;
  readonly groups: number;
  /** x's channels per group, and the result's channels per group. */
  readonly channelsPerGroup: number;
  readonly filtersPerGroup: number;
  /**
   * Per spatial axis: the kernel's size, stride, dilation, padding and the
   * output size; for a transpose, the padding and stride of the transposed
   * window (`before` may exceed the span).
   */
  readonly windows: readonly WindowAxis[];
  readonly shape: number[];
}

/** The rule of a transposed convolution (see the module comment), per spatial axis. */
function transposeWindows(
  op: string,
  shape: readonly number[],
  first: number,
  kernel: readonly number[],
  options: { strides: unknown; dilations: unknown; padding: unknown; outputPadding: unknown },
): WindowAxis[] {
  const count = kernel.length;
  const strides = perAxis(op, "strides", options.strides, count, 1);
  const dilations = perAxis(op, "dilations", options.dilations, count, 1);
  const pads = paddings(op, options.padding, count);
  const extras = perAxis(op, "outputPadding", options.outputPadding, count, 0);
  extras.forEach((extra, j) => {
    // as PyTorch and ONNX: more would add cells no input reaches
    if (extra >= Math.max(strides[j]!, dilations[j]!)) {
      throw new RangeError(`${op}: outputPadding ${extra} on axis ${first + j} must be less than its stride (${strides[j]}) or its dilation (${dilations[j]})`);
    }
  });
  return kernel.map((size, j) => {
    const input = shape[first + j]!;
    const stride = strides[j]!;
    const dilation = dilations[j]!;
    const span = dilation * (size - 1) + 1;
    const extra = extras[j]!;
    if (input === 0) return { size, stride, dilation, before: 0, after: 0, out: 0 };
    if (pads === "same") {
      const total = Math.max(span - stride, 0);
      const before = Math.floor(total / 2);
      return { size, stride, dilation, before, after: total - before, out: grown(times(input, stride), extra) };
    }
    const [before, after] = pads[j]!;
    const full = (input - 1) * stride + span;
    const out = full - before - after;
    if (out <= 0) {
      throw new ShapeError(writeConvTransposePadding(op, first + j, full, before + after, showShape(shape)), {
        code: "size",
        op,
        mode: "none",
        a: [...shape],
        b: [...kernel],
        axis: first + j,
        sizes: [full, before + after],
      });
    }
    // (types/conv.ts writes the same number as `in * stride` shifted, `Grown` or `Minus` of `Times`,
    // which it needs for a size that is a type parameter)
    return { size, stride, dilation, before, after, out: out + extra };
  });
}

/** The checked layout of a call of `op` with `spatial` spatial axes, or the error (see the module comment). */
export function convLayout(op: ConvOp, spatial: 1 | 2, x: readonly number[], w: readonly number[], options: unknown): ConvLayout {
  const known =
    op === "depthwiseConv2d" ? ["strides", "padding", "dilations", "layout"]
    : op === "conv2dTranspose" ? ["strides", "padding", "dilations", "groups", "layout", "outputPadding"]
    : ["strides", "padding", "dilations", "groups", "layout"];
  const fields = checkOptionFields(op, options, known, `{ strides: 1, padding: "same" }`);
  const names = spatial === 2 ? ["NHWC", "NCHW"] : ["NWC", "NCW"];
  const layout = fields["layout"] ?? names[0];
  if (typeof layout !== "string" || !names.includes(layout)) throw new TypeError(`${op}: layout must be ${names.map((n) => `"${n}"`).join(" or ")}, got ${describe(layout)}`);
  const channelsFirst = layout === names[1];
  const weight: WeightAxes = weights[op][channelsFirst ? "first" : "last"];
  const rank = spatial + 2;
  const fail = (message: string, details: { code: "rank" | "mismatch"; axis?: number; sizes?: [number, number] }) =>
    new ShapeError(message, { op, mode: "none", a: [...x], b: [...w], ...details });
  if (x.length !== rank) throw fail(writeConvRank(op, "x", rank, layout, showShape(x)), { code: "rank" });
  if (w.length !== rank) throw fail(writeConvRank(op, "w", rank, weight.layout, showShape(w)), { code: "rank" });
  const channelAxis = channelsFirst ? 1 : rank - 1;
  const c = x[channelAxis]!;
  const groups = op === "depthwiseConv2d" ? (channelsFirst ? c : 1) : checkCount(op, "groups", fields["groups"] ?? 1, 1);
  // depthwise channels-last takes all channels on w's axis 2; a transpose takes them all too
  const perGroup = op !== "conv2dTranspose" && !(op === "depthwiseConv2d" && !channelsFirst);
  const wc = w[weight.channels]!;
  const filters = w[weight.filters]!;
  if (c % groups !== 0) throw fail(writeConvGroups(op, "x", String(c), "channels", String(groups), showShape(x)), { code: "mismatch", axis: channelAxis });
  const expected = perGroup ? c / groups : c;
  if (wc !== expected) {
    throw fail(writeConvChannels(op, String(c), String(wc), weight.channels, String(expected), showShape(x), showShape(w)), { code: "mismatch", axis: channelAxis, sizes: [c, wc] });
  }
  if (perGroup && filters % groups !== 0) throw fail(writeConvGroups(op, "w", String(filters), "filters", String(groups), showShape(w)), { code: "mismatch", axis: weight.filters });
  const kernel = weight.kernel.map((axis) => w[axis]!);
  kernel.forEach((k) => {
    if (k === 0) throw new RangeError(`${op}: w's kernel sizes must be at least 1, got shape ${showShape(w)}`);
  });
  const first = channelsFirst ? 2 : 1;
  const window = { strides: fields["strides"] ?? 1, dilations: fields["dilations"] ?? 1, padding: fields["padding"] ?? "valid" };
  const windows =
    op === "conv2dTranspose" ? transposeWindows(op, x, first, kernel, { ...window, outputPadding: fields["outputPadding"] ?? 0 }) : windowLayout(op, x, first, spatial, { sizes: kernel, ...window });
  // the result's channels: F, or C * M for depthwise channels-last, or (F / groups) * groups for a transpose
  const outChannels = op === "conv2dTranspose" ? filters * groups : op === "depthwiseConv2d" && !channelsFirst ? c * filters : filters;
  const shape = [...x];
  shape[channelAxis] = outChannels;
  windows.forEach((win, j) => (shape[first + j] = win.out));
  return {
    channelsFirst,
    first,
    weight,
    groups: op === "depthwiseConv2d" && !channelsFirst ? c : groups,
    channelsPerGroup: op === "depthwiseConv2d" ? 1 : c / groups,
    filtersPerGroup: outChannels / Math.max(op === "depthwiseConv2d" && !channelsFirst ? c : groups, 1),
    windows,
    shape,
  };
}
