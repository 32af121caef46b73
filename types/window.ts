/**
 * The sliding-window size rule of pooling (and later convolution), per spatial
 * axis: `floor((in + before + after - dilation * (k - 1) - 1) / stride) + 1`.
 * Padding is `"valid"` (none), `"same"` (`ceil(in / stride)` outputs, the
 * total padding `max((out - 1) * stride + dilation * (k - 1) + 1 - in, 0)`
 * split with the extra cell after, as TensorFlow does), a number (both sides
 * of every axis) or `[[before, after], ...]` per axis; strides and dilations a
 * number or one per axis. Exact for literal sizes; a size the compiler does not
 * know gives `number`. A window larger than the padded axis is an error with
 * the runtime's message (twin: src/shape/window.ts).
 *
 * @example
 * WindowSizes<"maxPool2d", [28, 28], 1, [2, 2], [2, 2], 1, "valid", [1, 28, 28, 3]>  //=> [14, 14]
 */
import type { ShapeTypeError } from "./errors.js";
import type { Add, CeilQuotient, Monus, Multiply } from "./internal/arithmetic.js";
import type { Shape, ShowShape } from "./shape.js";
import type { CeilDiv } from "./size.js";

/** The padding of a window rule. */
export type WindowPadding = "valid" | "same" | number | readonly (readonly [number, number])[];

/** A window larger than its padded axis: twin of `writeWindowLarger` in src/shape/window.ts. */
export type WindowLargerMessage<Op extends string, At extends number, Span extends number, Padded extends number, Shown extends string> =
  `${Op}: the window spans ${Span} but axis ${At} is ${Padded} with its padding (shape ${Shown})`;

/**
 * Option `K` of the options `O`, or `Default` when it is left out (also when the options
 * are: an absent field of `{}` would infer as `unknown`) or `undefined`. By key, not by
 * inferring from a mapped type, which costs the compiler several times more.
 */
export type OptionField<O, K extends string, Default> =
  K extends keyof O ? ([O[K & keyof O]] extends [undefined] ? Default : Exclude<O[K & keyof O], undefined>) : Default;

/** One value per axis: the J-th of a tuple, or the number itself. */
export type PerAxis<P, J> = P extends readonly unknown[] ? (J extends keyof P ? (P[J] extends number ? P[J] : number) : number) : P extends number ? P : number;

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
 * The output size of one axis of size In, or the error of a window larger
 * than the padded axis: `ceil((padded - span + 1) / stride)`, one subtraction
 * (`padded - (span - 1)`, 0 exactly when the window is larger) and one division.
 * `Full` is the input's shape, printed only in a message.
 */
export type WindowSize<Op extends string, In extends number, K extends number, Stride extends number, Dilation extends number, Before extends number, After extends number, At extends number, Full extends Shape> =
  Add<Add<In, Before>, After> extends infer Padded extends number
    ? WindowSpan<K, Dilation> extends infer Span extends number
      // (a window of one cell stepping by one keeps the padded size, a `Dim` too)
      // (each message only once the shape prints: a size that is a type parameter leaves it open,
      // so the call prints the op's checked alias with its shapes, not the rule's body)
      ? [Span, Stride] extends [1, 1] ? ([Padded] extends [0] ? Larger<Op, At, 1, 0, ShowShape<Full>> : Padded)
      // (Monus is `number` when a size is unknown)
      : Monus<Padded, Decrement<Span>> extends infer Fit extends number
        ? [Fit] extends [0] ? Larger<Op, At, Span, Padded, ShowShape<Full>> : CeilQuotient<Fit, Stride>
        : never
      : never
    : never;

/** The message of a window larger than its padded axis, once the shape prints (see above). */
type Larger<Op extends string, At extends number, Span extends number, Padded extends number, Shown> =
  [Shown] extends [string] ? ShapeTypeError<WindowLargerMessage<Op, At, Span, Padded, Shown>> : never;

/**
 * The output sizes of the spatial axes `Spatial` (which start at axis `First`
 * of the input `Full`), or the error of the first that does not fit. One and
 * two spatial axes (every op's) are written out; more take the walk.
 */
export type WindowSizes<Op extends string, Spatial extends Shape, First extends number, Sizes, Strides, Dilations, Padding, Full extends Shape> =
  // ("same" never fails, so its sizes are not tested for an error: a size passed through may be a
  // type parameter, and any test of one stays unresolved)
  Padding extends "same" ? SameSizes<Spatial, Strides>
  : Spatial extends readonly [infer H extends number, infer W extends number]
    ? AxisSize<Op, H, 0, First, Sizes, Strides, Dilations, Padding, Full> extends infer SH
      ? SH extends ShapeTypeError<string> ? SH
      : AxisSize<Op, W, 1, First, Sizes, Strides, Dilations, Padding, Full> extends infer SW
        ? SW extends ShapeTypeError<string> ? SW : [SH & number, SW & number]
        : never
      : never
  : Spatial extends readonly [infer W extends number]
    ? AxisSize<Op, W, 0, First, Sizes, Strides, Dilations, Padding, Full> extends infer SW
      ? SW extends ShapeTypeError<string> ? SW : [SW & number]
      : never
  : AxisSizes<Op, Spatial, First, Sizes, Strides, Dilations, Padding, Full, []>;

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

/** The output size of spatial axis J (the axis `First + J` of the input), padding other than `"same"`. */
type AxisSize<Op extends string, In extends number, J extends number, First extends number, Sizes, Strides, Dilations, Padding, Full extends Shape> =
  PadOf<Padding, J> extends [infer Before extends number, infer After extends number]
    ? WindowSize<Op, In, PerAxis<Sizes, J>, PerAxis<Strides, J>, PerAxis<Dilations, J>, Before, After, Add<First, J>, Full>
    : never;

/** The axes one by one (`Done` holds the sizes so far, its length the axis at hand): the first error ends the walk. */
type AxisSizes<Op extends string, Spatial extends Shape, First extends number, Sizes, Strides, Dilations, Padding, Full extends Shape, Done extends number[]> =
  Spatial extends readonly [infer In extends number, ...infer Rest extends Shape]
    ? AxisSize<Op, In, Done["length"], First, Sizes, Strides, Dilations, Padding, Full> extends infer Size
      ? Size extends ShapeTypeError<string> ? Size : AxisSizes<Op, Rest, First, Sizes, Strides, Dilations, Padding, Full, [...Done, Size & number]>
      : never
    : Done;
