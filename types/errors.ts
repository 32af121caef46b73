/**
 * Type-level shape errors and their messages.
 *
 * Every `Write*` type spells the same sentence as the function of the same name
 * (lower-case first letter) in `src/errors.ts`; `test/parity.test.ts` checks
 * that the compiler and the runtime agree on generated cases.
 */
import type { Shape, ShowShape } from "./shape.js";

declare const shapeErrorMessage: unique symbol;

/**
 * The type-level twin of the runtime `ShapeError`: what a shape rule gives
 * instead of a result shape when the shapes do not fit. Hover it to read the message.
 */
export interface ShapeTypeError<Message extends string> {
  readonly [shapeErrorMessage]: Message;
}

/**
 * The message of a type-level shape error, the same text the runtime throws;
 * `never` for anything that is not an error.
 *
 * @example
 * ErrorMessage<BroadcastShapes<[3], [2]>>
 * //=> "broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]"
 * ErrorMessage<[2, 3]> //=> never
 */
export type ErrorMessage<Error> = Error extends ShapeTypeError<infer Message> ? Message : never;

/** Is `Result` a shape error rather than a shape? */
export type IsShapeError<Result> = Result extends ShapeTypeError<string> ? true : false;

// ---------------------------------------------------------------------------
// Message writers: twins of the functions in src/errors.ts
// ---------------------------------------------------------------------------

/** A size or entry as the runtime prints it with `${value}`. */
type Text<Value> = `${Value & (string | number)}`;

export type WriteShapeMessage<
  Op extends string,
  Mode extends string,
  Detail extends string,
  A extends Shape,
  B extends Shape,
  Verb extends "with" | "to",
  Fix extends string | undefined,
> = `${Op} (${Mode}): ${Detail}; cannot broadcast ${ShowShape<A>} ${Verb} ${ShowShape<B>}${Fix extends string ? `; ${Fix}` : ""}`;

export type WriteAxisMismatch<Axis, X, Y> = `axis ${Text<Axis>} has ${ShowSize<X>} vs ${ShowSize<Y>}`;

export type WriteRankMismatch<X, Y> = `rank ${Text<X>} vs ${Text<Y>}`;

export type WriteInvalidSize<Size, Axis, Operand extends string> =
  `size ${Text<Size>} at axis ${Text<Axis>} of ${Operand} is not a non-negative integer`;

export type WriteMissingDims<X, Y> = `ranks ${Text<X>} and ${Text<Y>} differ and no broadcastDimensions were given`;

export type WriteDimsLength<Field extends string, Dims extends Shape, Whose extends string, Rank> =
  `${Field} ${ShowShape<Dims>} has ${Dims["length"]} ${Dims["length"] extends 1 ? "entry" : "entries"} but ${Whose} rank is ${Text<Rank>}`;

export type WriteDimsRange<Field extends string, Index, Value, Rank> =
  `${Field}[${Text<Index>}] = ${Text<Value>} is not an axis of a rank-${Text<Rank>} shape`;

export type WriteDimsOrder<Field extends string, Dims extends Shape, Index> =
  `${Field} ${ShowShape<Dims>} is not strictly increasing at entry ${Text<Index>}`;

export type WriteDimsEqualRank<Dims extends Shape> =
  `broadcastDimensions ${ShowShape<Dims>} must be empty or the identity for operands of equal rank`;

export type WriteDimsScalar<Dims extends Shape> = `broadcastDimensions ${ShowShape<Dims>} must be empty for a scalar operand`;

export type WritePdpdRank<X, Y> = `b has rank ${Text<Y>} > rank ${Text<X>} of a (pdpd broadcasts only b onto a)`;

export type WritePdpdAxis<Axis> = `axis ${Text<Axis>} must be -1 or a non-negative integer`;

export type WritePdpdRange<Axis, Length, Rank> =
  `b (${Text<Length>} ${Length extends 1 ? "axis" : "axes"} from axis ${Text<Axis>}) does not fit in a's rank ${Text<Rank>}`;

export type WriteStrayField<Op extends string, Field extends string, Mode extends string> =
  `${Op}: spec field "${Field}" is not allowed with mode "${Mode}"`;

/** The most fixes a message lists (`FIX_LIST_CAP` at run time); a seventh found means "and more". */
type FixListCap = 6;

/** `"x"`, `"x or y"`, `"x, y or z"`; past the cap, `"x, ..., y, ..."`. */
export type JoinChoices<Items extends readonly string[]> =
  Items["length"] extends 0 ? ""
  : Items extends readonly [infer Only extends string] ? Only
  : Items extends readonly [...infer Init extends string[], infer Last extends string]
    ? Items["length"] extends FixListCap | 2 | 3 | 4 | 5 ? `${JoinComma<Init>} or ${Last}`
    : `${JoinComma<Init>}, ...` // one past the cap: the last item only says "there are more"
  : never;

type JoinComma<Items extends readonly string[], Out extends string = ""> =
  Items extends readonly [infer First extends string, ...infer Rest extends string[]]
    ? JoinComma<Rest, Out extends "" ? First : `${Out}, ${First}`>
    : Out;

/** Shapes to their display text, in order. */
export type ShowAll<Shapes extends readonly Shape[], Out extends string[] = []> =
  Shapes extends readonly [infer First extends Shape, ...infer Rest extends readonly Shape[]]
    ? ShowAll<Rest, [...Out, ShowShape<First>]>
    : Out;

export type WriteDimsFix<Field extends string, Choices extends readonly Shape[]> =
  Choices["length"] extends 0 ? `no ${Field} fit` : `valid ${Field}: ${JoinChoices<ShowAll<Choices>>}`;

export type WriteExplicitFix<Choices extends readonly Shape[]> =
  `mode "explicit" fits with axesMapping ${JoinChoices<ShowAll<Choices>>}`;

export type WriteNumpyFix<Result extends Shape> = `mode "numpy" would broadcast them to ${ShowShape<Result>}`;

export type WritePdpdFix<Axes extends readonly number[]> =
  Axes["length"] extends 1 ? `axis ${JoinChoices<TextAll<Axes>>} fits` : `axes ${JoinChoices<TextAll<Axes>>} fit`;

type TextAll<Values extends readonly number[], Out extends string[] = []> =
  Values extends readonly [infer First extends number, ...infer Rest extends readonly number[]]
    ? TextAll<Rest, [...Out, `${First}`]>
    : Out;

/** A size in a message: literal, symbolic name, or `?` for a dynamic size. */
type ShowSize<Size> = import("./shape.js").ShowDim<Size>;
