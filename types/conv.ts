/**
 * The result shape of convolution (twin: src/shape/conv.ts). Channels-last by
 * default as TensorFlow.js, channels-first with `layout: "NCHW"` (`"NCW"` in
 * 1d) as PyTorch and ONNX:
 *
 * | op | x | w (channels-last) | w (channels-first) | result channels |
 * |---|---|---|---|---|
 * | conv1d | `[N, W, C]` / `[N, C, W]` | `[K, C / groups, F]` | `[F, C / groups, K]` | F |
 * | conv2d | `[N, H, W, C]` / `[N, C, H, W]` | `[KH, KW, C / groups, F]` | `[F, C / groups, KH, KW]` | F |
 * | depthwiseConv2d | as conv2d | `[KH, KW, C, M]` (TensorFlow.js) | `[C * M, 1, KH, KW]` (PyTorch, groups = C) | C * M |
 * | conv2dTranspose | as conv2d | `[KH, KW, F / groups, C]` (TensorFlow.js) | `[C, F / groups, KH, KW]` (PyTorch) | F |
 *
 * The spatial sizes follow the window rule of types/window.ts (conv2dTranspose
 * its gradient: `(in - 1) * stride + dilation * (k - 1) + 1 - before - after`,
 * `in * stride` with "same", each plus its `outputPadding`). N passes through
 * by position, so a type parameter batch survives. Checked in this order, each
 * with the runtime's message: the rank of x, the rank of w, x's channels
 * divisible by `groups`, the channels of w against x's, w's filters divisible
 * by `groups`, then the windows.
 *
 * @example
 * ConvShape<"conv2d", [8, 28, 28, 1], [3, 3, 1, 16], {}>                       //=> [8, 26, 26, 16]
 * ConvShape<"conv2d", [8, 3, 32, 32], [8, 3, 3, 3], { layout: "NCHW"; padding: "same" }>  //=> [8, 8, 32, 32]
 * ConvShape<"conv2dTranspose", [1, 7, 7, 8], [3, 3, 4, 8], { strides: 2; padding: "same" }>  //=> [1, 14, 14, 4]
 * ConvShape<"conv2dTranspose", [1, 4, 4, 8], [3, 3, 4, 8], { strides: 2; padding: 1; outputPadding: 1 }>  //=> [1, 8, 8, 4]
 */
import type { ShapeTypeError } from "./errors.js";
import type { Add, IsKnownSize, Monus, Multiply, Quotient, ToNumber } from "./internal/arithmetic.js";
import type { Identical, Same } from "./internal/sizes.js";
import type { Shape, ShapeMessage, ShowDim, ShowShape } from "./shape.js";
import type { Grown, Times } from "./size.js";
import type { MisfitPattern, MisfitText, OptionField, PadOf, PerAxis, Shift, WindowPadding, WindowSizes, WindowSpan } from "./window.js";

/** The convolution ops. */
export type ConvOp = "conv1d" | "conv2d" | "depthwiseConv2d" | "conv2dTranspose";

type PerSpatial<Rank extends 1 | 2> = Rank extends 2 ? readonly [number, number] : readonly [number];

/** The options of a convolution with `Rank` spatial axes (depthwiseConv2d takes no `groups`). */
export interface ConvOptions<Rank extends 1 | 2 = 1 | 2> {
  /** The steps of the window: one for every spatial axis, or one per axis (1 by default). */
  readonly strides?: number | PerSpatial<Rank> | undefined;
  /** `"valid"` (the default), `"same"`, a number or `[[before, after], ...]`. */
  readonly padding?: WindowPadding | undefined;
  /** The spacing of the kernel's taps (1 by default). */
  readonly dilations?: number | PerSpatial<Rank> | undefined;
  /** Channel groups: x's channels and the filters each split in `groups` (1 by default). */
  readonly groups?: number | undefined;
  /** `"NHWC"` (the default) or `"NCHW"`; in 1d `"NWC"` (the default) or `"NCW"`. */
  readonly layout?: (Rank extends 2 ? "NHWC" | "NCHW" : "NWC" | "NCW") | undefined;
}

/** The options of conv2dTranspose: those of conv2d and `outputPadding`. */
export interface TransposeOptions extends ConvOptions<2> {
  /**
   * Cells added after the output on each spatial axis (0 by default), as PyTorch's and
   * ONNX's `output_padding`: a stride-2 convolution maps sizes 7 and 8 both to 4, and
   * `outputPadding: 1` gives back the 8. Each less than its axis's stride or dilation.
   */
  readonly outputPadding?: number | PerSpatial<2> | undefined;
}

/** The options of depthwiseConv2d: those of conv2d but `groups` (the channels). */
export type DepthwiseOptions = Omit<ConvOptions<2>, "groups">;

/** An operand of the wrong rank: twin of `writeConvRank` in src/shape/conv.ts. */
export type ConvRankMessage<Op extends string, Name extends string, Rank extends number, Layout extends string, Shown extends string> =
  `${Op}: ${Name} must have rank ${Rank} (${Layout}), got shape ${Shown}`;

/** A count `groups` does not divide: twin of `writeConvGroups` in src/shape/conv.ts. */
export type ConvGroupsMessage<Op extends string, Name extends string, Size extends string, What extends string, Groups extends string, Shown extends string> =
  `${Op}: ${Name} has ${Size} ${What}, not divisible by groups ${Groups} (shape ${Shown})`;

/** w's channel axis against x's channels: twin of `writeConvChannels` in src/shape/conv.ts. */
export type ConvChannelsMessage<Op extends string, XC extends string, WC extends string, At extends number, Expected extends string, XShown extends string, WShown extends string> =
  `${Op}: x has ${XC} channels but w has ${WC} on axis ${At} (${Expected} expected); x ${XShown}, w ${WShown}`;

/** conv2dTranspose's padding eats its whole output: twin of `writeConvTransposePadding` in src/shape/conv.ts. */
export type ConvTransposePaddingMessage<Op extends string, At extends number, Full extends number, Padding extends number, Shown extends string> =
  `${Op}: padding ${Padding} on axis ${At} leaves no output of the ${Full} a full transpose gives (shape ${Shown})`;


/** Is the layout channels-first? */
type ChannelsFirst<O> = OptionField<O, "layout", "NHWC"> extends "NCHW" | "NCW" ? true : false;

/**
 * The channel checks, `never` when they pass: `C` (x's channels) divisible by
 * `G`, w's `WC` (on axis `At`) equal to `C / G` (or to `C` when `PerGroup` is
 * false), `F` (w's filters, or the transpose's output per group) divisible by `G`.
 */
type ChannelProblem<Op extends string, X extends Shape, W extends Shape, C, WC, At extends number, F, G extends number, PerGroup extends boolean, Depthwise extends boolean = false, Checked extends boolean = true> =
  // (one group: nothing to divide, and w's channels are x's; asked with `Identical`, so the same
  // type parameter on both (`Cin`) fits, which a test of either alone would leave open)
  // (depthwise channels-first with one filter per channel, w `[C, 1, KH, KW]`: C / C is 1 for any
  // C but 0, asked with `Identical` too, so a channel count that is a type parameter fits; 0
  // channels in 0 groups is `EmptyGroups`, which the checked rule and `ConvMisfit` ask apart.
  // First, since its groups are C)
  Depthwise extends true ? ([Identical<C, F>, WC] extends [true, 1] ? (Checked extends false ? never : EmptyGroups<Op, X, C>) : GroupedProblem<Op, X, W, C, WC, At, F, G, PerGroup, Depthwise>)
  : [Depthwise, G, Identical<C, WC>] extends [false, 1, true] ? never
  : GroupedProblem<Op, X, W, C, WC, At, F, G, PerGroup, Depthwise>;

/**
 * A depthwise channels-first convolution of x with 0 channels (0 groups), `never` for any other
 * count; unresolved on a type parameter, whose count the run time checks.
 */
type EmptyGroups<Op extends string, X extends Shape, C> = [C] extends [0] ? ShapeTypeError<ShapeMessage<ConvGroupsMessage<Op, "x", "0", "channels", "0", "{1}">, X>> : never;

/** The channel checks as the rule states them, for any group count. */
type GroupedProblem<Op extends string, X extends Shape, W extends Shape, C, WC, At extends number, F, G extends number, PerGroup extends boolean, Depthwise extends boolean> =
  // (depthwise channels-first: C / C is 1 whatever C, but 0 channels in 0 groups)
  (Depthwise extends true ? ([C] extends [0] ? never : 1) : C extends number ? Quotient<C, G> : number) extends infer Expected
    ? [Expected] extends [never] ? ShapeTypeError<ShapeMessage<ConvGroupsMessage<Op, "x", ShowDim<C>, "channels", ShowDim<G>, "{1}">, X>>
    : Same<PerGroup extends true ? Expected : C, WC> extends number
      ? PerGroup extends true
        ? [F extends number ? Quotient<F, G> : number] extends [never] ? ShapeTypeError<ShapeMessage<ConvGroupsMessage<Op, "w", ShowDim<F>, "filters", ShowDim<G>, "{1}">, W>> : never
        : never
      : ShapeTypeError<ShapeMessage<ConvChannelsMessage<Op, ShowDim<C>, ShowDim<WC>, At, ShowDim<PerGroup extends true ? Expected : C>, "{1}", "{2}">, X, W>>
    : never;

/** The spatial sizes of a forward convolution (the window rule), or its error. */
type Forward<Op extends string, X extends Shape, Spatial extends Shape, First extends number, Kernel extends Shape, O, Checked extends boolean> =
  WindowSizes<Op, Spatial, First, Kernel, OptionField<O, "strides", 1>, OptionField<O, "dilations", 1>, OptionField<O, "padding", "valid">, X, Checked> extends infer Sizes
    // ("same" sizes do not depend on the kernel; and the shape a call returns is the sizes alone,
    // the kernel's misfit asked apart by `ConvMisfit`, so that a kernel size that is a type
    // parameter, whose test stays unresolved, gives sizes written with it: `WindowSpan<K, 1>`)
    ? OptionField<O, "padding", "valid"> extends "same" ? Sizes
    : Checked extends false ? Sizes
    : KernelMisfit<Op, X, Spatial, First, Kernel, O> extends infer Misfit ? ([Misfit] extends [never] ? Sizes : Misfit) : never
    : never;

/**
 * With a kernel size known only at run time (`number`): the error of the kernel of one tap on
 * those axes (no kernel fits where that one does not), `never` when it fits or every kernel
 * size is known; unresolved while a kernel size is a type parameter, whose window the run time
 * checks.
 */
type KernelMisfit<Op extends string, X extends Shape, Spatial extends Shape, First extends number, Kernel extends Shape, O> =
  IsKnownSize<Kernel[number]> extends true ? never
  : WindowSizes<Op, Spatial, First, { [J in keyof Kernel]: IsKnownSize<Kernel[J]> extends true ? Kernel[J] : 1 }, 1, OptionField<O, "dilations", 1>, OptionField<O, "padding", "valid">, X> extends infer Smallest
    ? Smallest extends ShapeTypeError<string> ? Smallest : never
    : never;

/**
 * One axis of a transposed convolution, `(in - 1) * stride + span - before - after + extra`
 * (`Extra` the `outputPadding`), 0 for an empty input, written as a size computed from `In`
 * (types/size.ts) with its constants folded first, as the window rule does (types/window.ts):
 * `in * stride`, `Times<H, 2>` (or `H` at stride 1), shifted by `span + extra - stride -
 * padding`: `Minus` when that is negative, `Grown` (plus, but 0 for an empty axis) when it is
 * positive. A padding that eats the whole output is `TransposeMisfit`'s to report.
 */
type TransposeSize<In extends number, K extends number, Stride extends number, Dilation extends number, Pad extends [number, number], Extra extends number> =
  Shift<Scaled<In, Stride>, Add<WindowSpan<K, Dilation>, Extra>, Add<Stride, Add<Pad[0], Pad[1]>>, true>;

/** Spatial axis J of a transposed convolution: `"same"` gives `in * stride` (`H` or `Times<H, 2>` for a type parameter), plus `Extra`. */
type TransposeAxis<In extends number, J extends number, Kernel extends Shape, O, Extra> =
  OptionField<O, "padding", "valid"> extends "same"
    ? [Extra] extends [0] ? Scaled<In, PerAxis<OptionField<O, "strides", 1>, J>> : Grown<Scaled<In, PerAxis<OptionField<O, "strides", 1>, J>>, PerAxis<Extra, J>>
    : TransposeSize<In, Kernel[J & keyof Kernel] & number, PerAxis<OptionField<O, "strides", 1>, J>, PerAxis<OptionField<O, "dilations", 1>, J>, PadOf<OptionField<O, "padding", "valid">, J>,
        [Extra] extends [0] ? 0 : PerAxis<Extra, J>>;

/** The two spatial sizes of a transposed convolution, never tested (`TransposeMisfit` checks them). */
type TransposeSizes<Spatial extends Shape, Kernel extends Shape, O, Extra = OptionField<O, "outputPadding", 0>> =
  Spatial extends readonly [infer H extends number, infer W extends number] ? [TransposeAxis<H, 0, Kernel, O, Extra>, TransposeAxis<W, 1, Kernel, O, Extra>] : never;

/**
 * 0 where the padding eats the whole output of a literal axis, `(in - 1) * stride + span <=
 * padding` for `in >= 1`, else 1; unresolved on a type parameter (its output is for the run
 * time to check), read through the size's text as types/size.ts does, so that the test of the
 * two axes (`MisfitPattern`) is decided by a literal axis beside it.
 */
type TransposeProbe<In extends number, Stride extends number, Span extends number, Padding extends number> =
  `${In}` extends `${infer Text extends bigint}`
    ? IsKnownSize<ToNumber<`${Text}`>> extends true
      ? [ToNumber<`${Text}`>] extends [0] ? 1
      : [Monus<TransposeFull<ToNumber<`${Text}`>, Stride, Span>, Padding>] extends [0] ? 0 : 1
      : 1
    : 1;

/** What a transposed window gives a literal axis of `In >= 1` cells before its padding: `(in - 1) * stride + span`. */
type TransposeFull<In extends number, Stride extends number, Span extends number> = Add<Multiply<Monus<In, 1>, Stride>, Span>;

/** The probe of axis J: 1 at once for a padding smaller than the span (an axis of one cell gives the span), as "valid" is. */
type TransposeProbeAt<Spatial extends Shape, J extends 0 | 1, Kernel extends Shape, O> =
  PadOf<OptionField<O, "padding", "valid">, J> extends infer Pad extends [number, number]
    ? Pad extends [0, 0] ? 1
    : WindowSpan<PerAxis<Kernel, J>, PerAxis<OptionField<O, "dilations", 1>, J>> extends infer Span extends number
      ? Add<Pad[0], Pad[1]> extends infer Padding extends number
        ? [Monus<Span, Padding>] extends [0] ? TransposeProbe<Spatial[J] & number, PerAxis<OptionField<O, "strides", 1>, J>, Span, Padding> : 1
        : 1
      : 1
    : 1;

/**
 * The message of the first axis whose padding eats its output (probe 0). While the first axis
 * is a type parameter the compiler leaves its test unresolved, and names this alias, with the
 * shapes among its arguments (as types/window.ts's `MisfitText`).
 */
type TransposeMisfitText<Op extends string, X extends Shape, Spatial extends Shape, First extends number, Kernel extends Shape, O, Probes> =
  Probes extends readonly [0, unknown] ? TransposeAxisText<Op, X, Spatial, 0, First, Kernel, O> : TransposeAxisText<Op, X, Spatial, 1, First, Kernel, O>;

/** The message of a transposed convolution's axis J whose padding eats its output (x of shape `X`). */
type TransposeAxisText<Op extends string, X extends Shape, Spatial extends Shape, J extends 0 | 1, First extends number, Kernel extends Shape, O> =
  PadOf<OptionField<O, "padding", "valid">, J> extends [infer Before extends number, infer After extends number]
    ? `${Spatial[J] & number}` extends `${infer Text extends bigint}`
      ? ShapeMessage<ConvTransposePaddingMessage<Op, Add<First, J>,
          TransposeFull<ToNumber<`${Text}`>, PerAxis<OptionField<O, "strides", 1>, J>, WindowSpan<PerAxis<Kernel, J>, PerAxis<OptionField<O, "dilations", 1>, J>>>,
          Add<Before, After>, "{1}">, X>
      : never
    : never;

/**
 * The error of a transposed convolution's padding that eats the whole output of an axis,
 * `never` when none does: decided when a literal axis misfits, also beside a type parameter
 * (one pattern per axis, `MisfitPattern` of types/window.ts), unresolved while a type
 * parameter's axis is the only one that could.
 */
type TransposeMisfit<Op extends string, X extends Shape, Spatial extends Shape, First extends number, Kernel extends Shape, O> =
  OptionField<O, "padding", "valid"> extends "same" ? never
  : [TransposeProbeAt<Spatial, 0, Kernel, O>, TransposeProbeAt<Spatial, 1, Kernel, O>] extends infer Probes extends readonly unknown[]
    // (with the padding beside them, so that the test waits while the options are being inferred)
    ? [Probes, OptionField<O, "padding", "valid">] extends [MisfitPattern<Probes>, unknown]
      ? ShapeTypeError<TransposeMisfitText<Op, X, Spatial, First, Kernel, O, Probes>>
      : never
    : never;

/** The spatial sizes (the transpose's rule or the window rule) once the channel checks pass (`Problem` is never), else their error. */
type Sized<Op extends string, X extends Shape, Spatial extends Shape, First extends number, Kernel extends Shape, O, Problem, Checked extends boolean> =
  [Problem] extends [never]
    ? Op extends "conv2dTranspose"
      ? Checked extends false ? TransposeSizes<Spatial, Kernel, O>
      : TransposeMisfit<Op, X, Spatial, First, Kernel, O> extends infer Misfit ? ([Misfit] extends [never] ? TransposeSizes<Spatial, Kernel, O> : Misfit) : never
      : Forward<Op, X, Spatial, First, Kernel, O, Checked>
    : Problem;

type XRank<Op extends string, X extends Shape, Rank extends number, Layout extends string> = ShapeTypeError<ConvRankMessage<Op, "x", Rank, Layout, ShowShape<X>>>;
type WRank<Op extends string, W extends Shape, Rank extends number, Layout extends string> = ShapeTypeError<ConvRankMessage<Op, "w", Rank, Layout, ShowShape<W>>>;

/**
 * `C * M` (a transpose's `in * stride`, the result's channels for a depthwise multiplier or a
 * transpose's groups), decided on `M` alone: `C` itself for 1 (never `Times<H, 1>`), else
 * `Times<C, M>`, so a size that is a type parameter stays one, or an expression
 * (types/size.ts), never the digit arithmetic run on it.
 */
type Scaled<C extends number, M extends number> = [M] extends [1] ? C : Times<C, M>;

type Groups<O> = OptionField<O, "groups", 1> extends infer G extends number ? G : number;

/**
 * conv2d, depthwiseConv2d and conv2dTranspose channels-last: x `[N, H, W, C]`.
 * (The spatial sizes `R` are read by index, `R[0]`, not destructured with `infer`: to match
 * `readonly [infer OH, infer OW]` the compiler relates each size expression (`Minus<H, 2>`) to
 * itself through its permissive and restrictive instantiations, which walks the expression's
 * arithmetic: a 3x3 "valid" conv2d of `[B, H, 8, 3]` took 158,000 instantiations and 3.9 s
 * that way, 9,700 and 0.3 s by index. The same in `First2d` and `Conv1d`.)
 */
type Last2d<Op extends string, X extends Shape, W extends Shape, O, Checked extends boolean> =
  X extends readonly [infer N, infer H extends number, infer Wd extends number, infer C extends number]
    ? Op extends "depthwiseConv2d"
      ? W extends readonly [infer KH extends number, infer KW extends number, infer WC, infer M extends number]
        ? Sized<Op, X, [H, Wd], 1, [KH, KW], O, ChannelProblem<Op, X, W, C, WC, 2, M, 1, false>, Checked> extends infer R
          ? R extends readonly [unknown, unknown] ? [N, R[0], R[1], Scaled<C, M>] : R
          : never
        : WRank<Op, W, 4, "KH, KW, C, M">
      : Op extends "conv2dTranspose"
        ? W extends readonly [infer KH extends number, infer KW extends number, infer FG extends number, infer WC]
          ? Sized<Op, X, [H, Wd], 1, [KH, KW], O, ChannelProblem<Op, X, W, C, WC, 3, FG, Groups<O>, false>, Checked> extends infer R
            ? R extends readonly [unknown, unknown] ? [N, R[0], R[1], Scaled<FG, Groups<O>>] : R
            : never
          : WRank<Op, W, 4, "KH, KW, F / groups, C">
        : W extends readonly [infer KH extends number, infer KW extends number, infer WC, infer F]
          ? Sized<Op, X, [H, Wd], 1, [KH, KW], O, ChannelProblem<Op, X, W, C, WC, 2, F, Groups<O>, true>, Checked> extends infer R
            ? R extends readonly [unknown, unknown] ? [N, R[0], R[1], F] : R
            : never
          : WRank<Op, W, 4, "KH, KW, C / groups, F">
    : XRank<Op, X, 4, "NHWC">;

/** The same channels-first: x `[N, C, H, W]`. */
type First2d<Op extends string, X extends Shape, W extends Shape, O, Checked extends boolean> =
  X extends readonly [infer N, infer C, infer H extends number, infer Wd extends number]
    ? Op extends "conv2dTranspose"
      ? W extends readonly [infer WC, infer FG extends number, infer KH extends number, infer KW extends number]
        ? Sized<Op, X, [H, Wd], 2, [KH, KW], O, ChannelProblem<Op, X, W, C, WC, 0, FG, Groups<O>, false>, Checked> extends infer R
          ? R extends readonly [unknown, unknown] ? [N, Scaled<FG, Groups<O>>, R[0], R[1]] : R
          : never
        : WRank<Op, W, 4, "C, F / groups, KH, KW">
      : W extends readonly [infer F, infer WC, infer KH extends number, infer KW extends number]
        // (depthwise: a grouped convolution with one group per channel)
        ? Sized<Op, X, [H, Wd], 2, [KH, KW], O, ChannelProblem<Op, X, W, C, WC, 1, F, Op extends "depthwiseConv2d" ? C & number : Groups<O>, true, Op extends "depthwiseConv2d" ? true : false, Checked>, Checked> extends infer R
          ? R extends readonly [unknown, unknown] ? [N, F, R[0], R[1]] : R
          : never
        : WRank<Op, W, 4, Op extends "depthwiseConv2d" ? "C * M, 1, KH, KW" : "F, C / groups, KH, KW">
    : XRank<Op, X, 4, "NCHW">;

/** conv1d: x `[N, W, C]` and w `[K, C / groups, F]`, or `[N, C, W]` and `[F, C / groups, K]`. */
type Conv1d<Op extends string, X extends Shape, W extends Shape, O, Checked extends boolean> =
  ChannelsFirst<O> extends true
    ? X extends readonly [infer N, infer C, infer Wd extends number]
      ? W extends readonly [infer F, infer WC, infer K extends number]
        ? Sized<Op, X, [Wd], 2, [K], O, ChannelProblem<Op, X, W, C, WC, 1, F, Groups<O>, true>, Checked> extends infer R
          ? R extends readonly [unknown] ? [N, F, R[0]] : R
          : never
        : WRank<Op, W, 3, "F, C / groups, K">
      : XRank<Op, X, 3, "NCW">
    : X extends readonly [infer N, infer Wd extends number, infer C]
      ? W extends readonly [infer K extends number, infer WC, infer F]
        ? Sized<Op, X, [Wd], 1, [K], O, ChannelProblem<Op, X, W, C, WC, 1, F, Groups<O>, true>, Checked> extends infer R
          ? R extends readonly [unknown] ? [N, R[0], F] : R
          : never
        : WRank<Op, W, 3, "K, C / groups, F">
      : XRank<Op, X, 3, "NWC">;

/**
 * The result shape of `Op` on x of shape `X` and w of shape `W` with options `O`, or the error.
 * With `Checked` false a window larger than its axis is not tested for (`WindowSizes`): the
 * shape a call returns.
 */
export type ConvShape<Op extends ConvOp, X extends Shape, W extends Shape, O, Checked extends boolean = true> =
  number extends X["length"] | W["length"] ? number[]
  : Op extends "conv1d" ? Conv1d<Op, X, W, O, Checked>
  : ChannelsFirst<O> extends true ? First2d<Op, X, W, O, Checked>
  : Last2d<Op, X, W, O, Checked>;

/**
 * The error of a forward convolution's window larger than its axis, `never` when they fit,
 * read off the shape `Result` the call returns (`ConvShape` with `Checked` false, so nothing is
 * computed twice), as `PoolMisfit` does; for a transposed convolution, a padding that eats the
 * whole output of an axis (`TransposeMisfit`, which reads x's sizes, since its outputs of 0 are
 * also those of an empty axis).
 */
export type ConvMisfit<Op extends ConvOp, X extends Shape, W extends Shape, O, Result> =
  Op extends "conv2dTranspose" ? TransposeMisfit<Op, X, ConvSpatial<Op, O, X>, ChannelsFirst<O> extends true ? 2 : 1, KernelOf<Op, O, W>, O>
  // (depthwise channels-first: also x's 0 channels, with the result's spatial sizes in one test,
  // one pattern per entry, so that it is decided beside a type parameter as the windows are)
  : [Op, ChannelsFirst<O>] extends ["depthwiseConv2d", true]
    ? [[X[1], ...ConvSpatial<Op, O, Result>], OptionField<O, "padding", "valid">] extends
        [readonly [0, unknown, unknown] | (OptionField<O, "padding", "valid"> extends "same" ? never : readonly [unknown, 0, unknown] | readonly [unknown, unknown, 0]), unknown]
      ? ShapeTypeError<DepthwiseMisfitText<Op, X, W, O, Result, X[1]>>
      : OptionField<O, "padding", "valid"> extends "same" ? never : ConvKernelMisfit<Op, X, W, O>
  : WindowMisfitOf<Op, X, W, O, Result>;

/**
 * `KernelMisfit` of a call's x and w, asked only when a kernel size is not a literal (read off
 * the kernel's own entries: w's channels may be a type parameter, whose test would stay
 * unresolved and let an empty axis through).
 */
type ConvKernelMisfit<Op extends ConvOp, X extends Shape, W extends Shape, O> =
  KernelOf<Op, O, W> extends infer Kernel extends Shape
    ? `${Kernel[number]}` extends `${bigint}` ? never : KernelMisfit<Op, X, ConvSpatial<Op, O, X>, ChannelsFirst<O> extends true ? 2 : 1, Kernel, O>
    : never;

/** 0 channels first, as the runtime checks them, then the windows; named while x's channels are a type parameter. */
type DepthwiseMisfitText<Op extends ConvOp, X extends Shape, W extends Shape, O, Result, C> =
  [C] extends [0] ? ShapeMessage<ConvGroupsMessage<Op, "x", "0", "channels", "0", "{1}">, X> : ConvMisfitText<Op, X, W, O, Result>;

/** A forward convolution's window larger than its axis (see `ConvMisfit`). */
type WindowMisfitOf<Op extends ConvOp, X extends Shape, W extends Shape, O, Result> =
  OptionField<O, "padding", "valid"> extends "same" ? never
  // (with the padding beside the shape, so that the test waits while the options are still being
  // inferred, as in PoolMisfit)
  : [Result, OptionField<O, "padding", "valid">] extends [ConvMisfits<Op, O>, unknown] ? ShapeTypeError<ConvMisfitText<Op, X, W, O, Result>> : ConvKernelMisfit<Op, X, W, O>;

/** The result shapes with a spatial output of 0, one pattern per spatial axis (see types/window.ts, `MisfitPattern`). */
type ConvMisfits<Op extends ConvOp, O> =
  Op extends "conv1d"
    ? ChannelsFirst<O> extends true ? readonly [unknown, unknown, 0] : readonly [unknown, 0, unknown]
    : ChannelsFirst<O> extends true ? readonly [unknown, unknown, 0, unknown] | readonly [unknown, unknown, unknown, 0] : readonly [unknown, 0, unknown, unknown] | readonly [unknown, unknown, 0, unknown];

/** The message of the first spatial axis whose output is 0 (see types/window.ts, `MisfitText`). */
type ConvMisfitText<Op extends ConvOp, X extends Shape, W extends Shape, O, Result> =
  MisfitText<Op, ConvSpatial<Op, O, X>, ChannelsFirst<O> extends true ? 2 : 1, KernelOf<Op, O, W>, OptionField<O, "dilations", 1>, OptionField<O, "padding", "valid">, X, ConvSpatial<Op, O, Result>>;

/** The spatial entries of x (or of the result) in the op's layout. */
type ConvSpatial<Op extends ConvOp, O, T> =
  Op extends "conv1d"
    ? ChannelsFirst<O> extends true
      ? (T extends readonly [unknown, unknown, infer Wd extends number] ? [Wd] : [])
      : (T extends readonly [unknown, infer Wd extends number, unknown] ? [Wd] : [])
    : ChannelsFirst<O> extends true
      ? (T extends readonly [unknown, unknown, infer H extends number, infer Wd extends number] ? [H, Wd] : [])
      : (T extends readonly [unknown, infer H extends number, infer Wd extends number, unknown] ? [H, Wd] : []);

/** The kernel's spatial sizes in w's layout. */
type KernelOf<Op extends ConvOp, O, W extends Shape> =
  Op extends "conv1d"
    ? ChannelsFirst<O> extends true ? (W extends readonly [unknown, unknown, infer K extends number] ? [K] : []) : (W extends readonly [infer K extends number, unknown, unknown] ? [K] : [])
    : ChannelsFirst<O> extends true
      ? (W extends readonly [unknown, unknown, infer KH extends number, infer KW extends number] ? [KH, KW] : [])
      : (W extends readonly [infer KH extends number, infer KW extends number, unknown, unknown] ? [KH, KW] : []);
