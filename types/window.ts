/**
 * The sliding-window size rule of pooling and convolution, per spatial
 * axis: `floor((in + before + after - dilation * (k - 1) - 1) / stride) + 1`.
 * Padding is `"valid"` (none), `"same"` (`ceil(in / stride)` outputs, the
 * total padding `max((out - 1) * stride + dilation * (k - 1) + 1 - in, 0)`
 * split with the extra cell after, as TensorFlow does), a number (both sides
 * of every axis) or `[[before, after], ...]` per axis; strides and dilations a
 * number or one per axis. Exact for literal sizes; a size known only at run
 * time gives `number`, a type parameter `H` an expression the compiler keeps
 * (`Minus<H, 2>`, `FloorDiv<H, 2>`, types/size.ts). A window larger than the
 * padded axis is an error with the runtime's message (twin: src/shape/window.ts).
 *
 * @example
 * WindowSizes<"maxPool2d", [28, 28], 1, [2, 2], [2, 2], 1, "valid", [1, 28, 28, 3]>  //=> [14, 14]
 */
import type { ShapeTypeError } from "./errors.js";
import type { Add, Monus, Multiply, ToNumber } from "./internal/arithmetic.js";
import type { Shape, ShapeMessage } from "./shape.js";
import type { CeilDiv, FloorDiv, Grown, Minus, Plus } from "./size.js";

/** The padding of a window rule. */
export type WindowPadding = "valid" | "same" | number | readonly (readonly [number, number])[];

/** A window larger than its padded axis: twin of `writeWindowLarger` in src/shape/window.ts. */
export type WindowLargerMessage<Op extends string, At extends number, Span extends number, Padded extends number, Shown extends string> =
  `${Op}: the window spans ${Span} but axis ${At} is ${Padded} with its padding (shape ${Shown})`;

/**
 * Option `K` of the options `O`, or `Default` when it is left out (also when the options
 * are: an absent field of `{}` would infer as `unknown`) or `undefined`. By key, not by
 * inferring from a mapped type, which costs the compiler several times more; and `undefined` is
 * taken out of a field that may be left out by `& {}`, not by `Exclude` (a conditional type of
 * its own): 5 instantiations fewer a pooling call, 2 a convolution (bench/types/op-cost.ts).
 */
export type OptionField<O, K extends string, Default> =
  K extends keyof O ? ([O[K & keyof O]] extends [undefined] ? Default : O[K & keyof O] & {}) : Default;

/** One value per axis: the J-th of a tuple, or the number itself. */
export type PerAxis<P, J> = P extends readonly unknown[] ? (J extends keyof P ? P[J] & number : number) : P extends number ? P : number;

/** The options that size a window, each known: a literal, `number` for a size known only at run time, or a tuple of them. */
interface KnownWindowValues {
  // (any other option, `layout` or `groups`, is not a window value; and with it the interface is
  // not a weak type, which an object of other options alone would fail to match)
  readonly [option: string]: unknown;
  readonly size?: number | readonly number[] | undefined;
  readonly strides?: number | readonly number[] | undefined;
  readonly padding?: WindowPadding | undefined;
  readonly dilations?: number | readonly number[] | undefined;
  readonly outputPadding?: number | readonly number[] | undefined;
}

/**
 * `true` when every value that sizes a window is known: the call's options `O` (a window size,
 * stride, padding, dilation or `outputPadding`). Unresolved while one is a type parameter, or holds one: the output size would be
 * computed from it, every test of it stays unresolved, and the rule would return its unresolved
 * body, so the rules defer instead (the call then prints its checked type by name, with the
 * op's words). `O` stays unconstrained where a rule declares this, so the compiler does not
 * decide the test there, on the rule's own type parameters.
 */
export type WindowValuesKnown<O> = [O] extends [KnownWindowValues] ? true : false;

/** The padding before and after axis J ("same" is the caller's). */
export type PadOf<P, J> =
  P extends "valid" ? [0, 0]
  : P extends number ? [P, P]
  : P extends readonly unknown[] ? (J extends keyof P ? (P[J] extends readonly [infer B extends number, infer A extends number] ? [B, A] : [number, number]) : [number, number])
  : [number, number];

/** The cells a window of K taps spaced by Dilation spans: `dilation * (k - 1) + 1`, K itself (a `Dim` too) when the taps touch. */
export type WindowSpan<K extends number, Dilation extends number> = [K] extends [1] ? 1 : [Dilation] extends [1] ? K : Add<Multiply<Dilation, Decrement<K>>, 1>;

/** `N - 1` for the window spans most programs use, by table; the digit arithmetic's `Monus` beyond. */
type Decrement<N extends number> = N extends SmallSpan ? SmallDecrements[N] : Monus<N, 1>;
type SmallSpan = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16;
type SmallDecrements = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/**
 * The output size of one axis of size In, padded by `Pad` cells in all:
 * `floor((in + pad - span) / stride) + 1`, written as a size computed from `In`
 * (types/size.ts) with every constant folded first, so that a size that is a
 * type parameter gives an expression the compiler keeps: a stride of 1 is
 * `In + pad - (span - 1)` (`Minus<H, 2>` for a 3-tap window, `H` itself when
 * the padding makes up for the span), a larger stride `FloorDiv` of
 * `In + pad + stride - span` (`FloorDiv<H, 2>` for a 2x2 pool). On a literal
 * size it is the number, 0 exactly when the window is larger than the padded
 * axis (`WindowMisfit`).
 */
type WindowOut<In extends number, Span extends number, Stride extends number, Pad extends number> =
  [Stride] extends [1] ? Shift<In, Add<Pad, 1>, Span> : FloorDiv<Shift<In, Add<Pad, Stride>, Span>, Stride>;

/**
 * `In + Up - Down`, decided on the two constants: `In`, `Plus<In, Up - Down>` or `Minus<In, Down -
 * Up>`; with `KeepsEmpty` (a transposed window, types/conv.ts) `Grown` in place of `Plus`, so
 * that an empty axis stays empty.
 */
export type Shift<In extends number, Up extends number, Down extends number, KeepsEmpty extends boolean = false> =
  // (equal constants, as a pool's default stride and "valid" padding give: `In` with no arithmetic)
  [Up, Down] extends [Down, Up] ? In
  : Monus<Down, Up> extends infer Less extends number
    ? [Less] extends [0]
      ? (Monus<Up, Down> extends infer More extends number ? ([More] extends [0] ? In : KeepsEmpty extends true ? Grown<In, More> : Plus<In, More>) : never)
      : Minus<In, Less>
    : never;

/** The output size of spatial axis J, padding other than `"same"`. */
type AxisOut<In extends number, J, Sizes, Strides, Dilations, Padding> =
  PadOf<Padding, J> extends [infer Before extends number, infer After extends number]
    ? WindowOut<In, WindowSpan<PerAxis<Sizes, J>, PerAxis<Dilations, J>>, PerAxis<Strides, J>, Add<Before, After>>
    : never;

/** The output sizes of the spatial axes, padding other than `"same"`, never tested: one or two axes written out, more mapped. */
type WindowOuts<Spatial extends Shape, Sizes, Strides, Dilations, Padding> =
  Spatial extends readonly [infer H extends number, infer W extends number] ? [AxisOut<H, 0, Sizes, Strides, Dilations, Padding>, AxisOut<W, 1, Sizes, Strides, Dilations, Padding>]
  : Spatial extends readonly [infer W extends number] ? [AxisOut<W, 0, Sizes, Strides, Dilations, Padding>]
  : { -readonly [J in keyof Spatial]: AxisOut<Spatial[J] & number, J, Sizes, Strides, Dilations, Padding> };

/**
 * Output sizes (`WindowOuts`) with one of them 0, a window larger than its
 * axis: a union of one pattern per axis, `[0, unknown] | [unknown, 0]` for two.
 * Every other axis is matched by `unknown`, so the test is decided when a
 * literal axis misfits even if another axis is a type parameter (any test of
 * that parameter's size itself stays unresolved).
 */
export type MisfitPattern<R extends readonly unknown[]> =
  R extends readonly [unknown, unknown] ? readonly [0, unknown] | readonly [unknown, 0]
  : R extends readonly [unknown] ? readonly [0]
  : MisfitPatterns<R, []>;
type MisfitPatterns<R extends readonly unknown[], Before extends unknown[]> =
  R extends readonly [unknown, ...infer Rest] ? readonly [...Before, 0, ...{ [K in keyof Rest]: unknown }] | MisfitPatterns<Rest, [...Before, unknown]> : never;

/**
 * The message of the first spatial axis whose output (`Outs`, from `WindowOut`) is 0: its
 * window is larger than the padded axis. For a rule that tested the outputs itself.
 */
export type MisfitText<Op extends string, Spatial extends Shape, First extends number, Sizes, Dilations, Padding, Full extends Shape, Outs, J extends unknown[] = []> =
  Outs extends readonly [0, ...unknown[]]
    ? AxisLarger<Op, Spatial[J["length"]], J["length"], First, Sizes, Dilations, Padding, Full>
    : Outs extends readonly [unknown, ...infer Rest] ? MisfitText<Op, Spatial, First, Sizes, Dilations, Padding, Full, Rest, [...J, unknown]> : never;

/** The message of a window larger than spatial axis J (of size In, a literal). */
type AxisLarger<Op extends string, In, J extends number, First extends number, Sizes, Dilations, Padding, Full extends Shape> =
  PadOf<Padding, J> extends [infer Before extends number, infer After extends number]
    // (every number read through its text, as types/size.ts reads its operands: when the compiler
    // works out what this message can be before the options are known, which it does while it
    // types the options object, each is `bigint` and the arithmetic gives `number` at once)
    ? `${In & number}|${Before}|${After}|${PerAxis<Sizes, J>}|${PerAxis<Dilations, J>}` extends
        `${infer I extends bigint}|${infer B extends bigint}|${infer A extends bigint}|${infer K extends bigint}|${infer D extends bigint}`
      ? LargerText<Op, Add<First, J>, WindowSpan<ToNumber<`${K}`>, ToNumber<`${D}`>>, Add<Add<ToNumber<`${I}`>, ToNumber<`${B}`>>, ToNumber<`${A}`>>, Full>
      : never
    : never;

/**
 * A window larger than its padded axis, the runtime's words, with x's shape filled in by
 * `ShapeMessage`: while the shape holds a type parameter the compiler names that alias, with
 * the words and the shape among its arguments.
 */
type LargerText<Op extends string, At extends number, Span extends number, Padded extends number, Full extends Shape> =
  ShapeMessage<WindowLargerMessage<Op, At, Span, Padded, "{1}">, Full>;

/**
 * The error of the first window larger than its padded axis (spatial axes
 * `Spatial`, which start at axis `First` of the input `Full`), `never` when
 * every window fits: an output size of 0 (`WindowOut`). Decided for literal
 * sizes and for sizes known only at run time (which the runtime checks);
 * unresolved while a size is a type parameter and no literal axis misfits,
 * since whether its window fits is for the run time to say (`MisfitPattern`).
 * `"same"` always fits.
 */
export type WindowMisfit<Op extends string, Spatial extends Shape, First extends number, Sizes, Strides, Dilations, Padding, Full extends Shape> =
  Padding extends "same" ? never
  : WindowOuts<Spatial, Sizes, Strides, Dilations, Padding> extends infer Outs extends readonly unknown[]
    ? Outs extends MisfitPattern<Outs> ? ShapeTypeError<MisfitText<Op, Spatial, First, Sizes, Dilations, Padding, Full, Outs>> : never
    : never;

/**
 * The output sizes of the spatial axes `Spatial` (which start at axis `First`
 * of the input `Full`), or the error of the first window larger than its
 * padded axis (`WindowMisfit`). With `Checked` false the sizes alone, never
 * tested, which is what a call returns: a size that is a type parameter gives
 * an expression (`WindowOut`), whose window the run time checks.
 */
export type WindowSizes<Op extends string, Spatial extends Shape, First extends number, Sizes, Strides, Dilations, Padding, Full extends Shape, Checked extends boolean = true> =
  // ("same" never fails, so its sizes are not tested for an error: a size passed through may be a
  // type parameter, and any test of one stays unresolved)
  Padding extends "same" ? SameSizes<Spatial, Strides>
  : WindowOuts<Spatial, Sizes, Strides, Dilations, Padding> extends infer R
    ? Checked extends false ? R
    : WindowMisfit<Op, Spatial, First, Sizes, Strides, Dilations, Padding, Full> extends infer Misfit ? ([Misfit] extends [never] ? R : Misfit) : never
    : never;

/**
 * `"same"`: `ceil(in / stride)`; a stride of 1 keeps the size, decided on the stride alone, so a
 * size that is a type parameter passes through, and a larger stride gives `CeilDiv<H, stride>` (types/size.ts).
 */
type SameSize<In extends number, Stride extends number> = [Stride] extends [1] ? In : CeilDiv<In, Stride>;

/** The output sizes of `"same"` padding, one per spatial axis. */
type SameSizes<Spatial extends Shape, Strides> =
  Spatial extends readonly [infer H extends number, infer W extends number] ? [SameSize<H, PerAxis<Strides, 0>>, SameSize<W, PerAxis<Strides, 1>>]
  : Spatial extends readonly [infer W extends number] ? [SameSize<W, PerAxis<Strides, 0>>]
  : { -readonly [J in keyof Spatial]: SameSize<Spatial[J] & number, PerAxis<Strides, J>> };
