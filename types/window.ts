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

/** The padding of a window rule. */
export type WindowPadding = "valid" | "same" | number | readonly (readonly [number, number])[];

/** A window larger than its padded axis: twin of `writeWindowLarger` in src/shape/window.ts. */
export type WindowLargerMessage<Op extends string, At extends number, Span extends number, Padded extends number, Shown extends string> =
  `${Op}: the window spans ${Span} but axis ${At} is ${Padded} with its padding (shape ${Shown})`;

/** One value per axis: the J-th of a tuple, or the number itself. */
type PerAxis<P, J> = P extends readonly unknown[] ? (J extends keyof P ? (P[J] extends number ? P[J] : number) : number) : P extends number ? P : number;

/** The padding before and after axis J. */
type PadOf<P, J> =
  P extends "valid" ? [0, 0]
  : P extends number ? [P, P]
  : P extends readonly unknown[] ? (J extends keyof P ? (P[J] extends readonly [infer B extends number, infer A extends number] ? [B, A] : [number, number]) : [number, number])
  : [number, number];

/**
 * The window's span, `dilation * (k - 1) + 1`. Undilated it is k itself for a positive integer
 * literal, read off without the digit-string `Monus` and `Add`; 0 spans 1 and anything else is
 * `number`, as the arithmetic gives.
 */
type SpanOf<K extends number, Dilation extends number> =
  [Dilation] extends [1]
    ? `${K}` extends `${bigint}` ? ([K] extends [0] ? 1 : `${K}` extends `-${string}` ? number : K) : number
    : Add<Multiply<Dilation, Monus<K, 1>>, 1>;

/**
 * The output size of one axis of size In, or the error of a window larger than the padded axis.
 * `Full` is the input's shape, printed only for the message (printing it up front cost about 50
 * instantiations a call, wasted on every call that fits).
 */
export type WindowSize<Op extends string, In extends number, K extends number, Stride extends number, Dilation extends number, Before extends number, After extends number, At extends number, Full extends Shape> =
  Add<Add<In, Before>, After> extends infer Padded extends number
    ? SpanOf<K, Dilation> extends infer Span extends number
      // One subtraction decides both the fit and the size (Monus is `number` when a size is
      // unknown, 0 when the window spans the padded axis or more, else what is left): the
      // window fits when something is left or when it spans the padded axis exactly. (A size
      // that is a type parameter passes `number extends Left`; `number extends Padded` then
      // stays unresolved, so such a call is undecided, not `number`.)
      ? Monus<Padded, Span> extends infer Left
        ? number extends Left ? (number extends Padded ? number : CeilQuotient<Add<Left & number, 1>, Stride>)
        : [Left] extends [0] ? ([Padded] extends [Span] ? CeilQuotient<1, Stride> : ShapeTypeError<WindowLargerMessage<Op, At, Span, Padded, ShowShape<Full>>>)
        : CeilQuotient<Add<Left & number, 1>, Stride>
        : never
      : never
    : never;

/** The first error among the sizes, or never. */
type FirstError<T> = T extends readonly [infer Head, ...infer Rest] ? (Head extends ShapeTypeError<string> ? Head : FirstError<Rest>) : never;

/**
 * The output sizes of the spatial axes `Spatial` (which start at axis `First`
 * of the input `Full`), or the error of the first that does not fit.
 */
export type WindowSizes<Op extends string, Spatial extends Shape, First extends number, Sizes, Strides, Dilations, Padding, Full extends Shape> =
  {
    -readonly [J in keyof Spatial]: Padding extends "same"
      ? CeilQuotient<Spatial[J] & number, PerAxis<Strides, J>>
      : WindowSize<Op, Spatial[J] & number, PerAxis<Sizes, J>, PerAxis<Strides, J>, PerAxis<Dilations, J>, PadOf<Padding, J>[0], PadOf<Padding, J>[1], J extends `${infer N extends number}` ? Add<First, N> : number, Full>;
  } extends infer Result
    ? [FirstError<Result>] extends [never] ? Result : FirstError<Result>
    : never;
