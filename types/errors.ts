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

/**
 * The message of a shape error, read from its field rather than inferred: a message the
 * compiler has left unresolved (it names a shape holding a type parameter) prints as itself,
 * by its alias, where `ErrorMessage` would print as `ErrorMessage<...>`. `never` for `never`.
 */
export type MessageOf<E extends ShapeTypeError<string>> = E[typeof shapeErrorMessage];

/**
 * The type of an argument a shape rule checks: the message when `Result` is an
 * error, `Arg` otherwise. When the compiler cannot decide `Result` (sizes that
 * are different type parameters, `B` against `C` or `B` against 3), this alias
 * stays unresolved, no argument fits it, and the compiler's error names it with
 * `Undecided`'s text first: the call fails at compile time, saying why and what
 * to do, never silently (docs/generic-code.md).
 */
export type ShapeChecked<Undecided extends string, Result, Arg> =
  // (wrapped in tuples, so not distributive: when `Result` is undecided, the compiler relates
  // an argument to a distributive alias through its constraint, the rule evaluated down every
  // branch of its chain, a few thousand instantiations per call. A `never` result gives the
  // message of no error, `never`, so it still rejects every argument. The message is read from
  // its field, not inferred: a message naming a shape that holds a type parameter stays
  // unresolved (`ShapeMessage`), and an inference from it would leave this test unresolved too,
  // so a definite misfit would read as undecided.
  // A pair, `[Result, 0]`, where `[Result]` would do: the one-element form narrows `Result` in
  // the true branch (an implied constraint, a substitution type), and each instantiation of that
  // narrowing asks whether `Result` is assignable to `ShapeTypeError<string>`. While a call's type
  // arguments are inferred, `Result` is the rule's body, still deferred, and the compiler answers
  // by evaluating its constraint down every branch: about 290,000 instantiations and a second of
  // checking the first time each op is called. A pair has no implied constraint.
  // The error is taken by `infer`, not named as `Result & ShapeTypeError<string>`: the compiler
  // relates an argument to an unresolved conditional type through its branches only when the
  // type has no `infer`, and to do so it evaluates the rule once more with every type parameter
  // replaced, both ways, thousands of instantiations per generic call only to reject it (the
  // generic model of `npm run bench:types:model`: 1.26M to 0.47M instantiations). With the
  // `infer`, an undecided call fails at once and the next signature is tried.
  // Every `...Checked` alias reads its message this way.)
  [Result, 0] extends [infer Failed extends ShapeTypeError<string>, 0] ? MessageOf<Failed> : Arg;

/** What `ShapeChecked` says when it cannot decide. */
export type WriteUndecided<Op extends string> =
  `${Op}: the compiler cannot decide whether these sizes fit (different type parameters, or a type parameter and a literal); give equal sizes one type parameter, or check the shape at run time with assertShape`;

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
> =
  WriteShapeMessageShown<Op, Mode, Detail, ShowShape<A>, ShowShape<B>, Verb, Fix>;

/** `WriteShapeMessage` with the shapes as they print (or marks that `ShapeMessage` fills in). */
export type WriteShapeMessageShown<
  Op extends string,
  Mode extends string,
  Detail extends string,
  A extends string,
  B extends string,
  Verb extends "with" | "to",
  Fix extends string | undefined,
> =
  // (`Fix extends undefined`, not `Fix extends string`: with strictNullChecks off
  // `undefined` extends `string`, and the message would end in "; undefined")
  `${Op} (${Mode}): ${Detail}; cannot broadcast ${A} ${Verb} ${B}${Fix extends undefined ? "" : `; ${Fix}`}`;

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

/**
 * A list of at most 7 choices (`FIX_LIST_CAP` + 1 at run time) read as
 * `"x"`, `"x or y"`, `"x, y or z"`; seven means "six and more": `"x, ..., y, ..."`.
 * `Show` says how an item reads. By length, with no recursion: these lists
 * never grow past 7.
 */
type JoinChoices<Items extends readonly unknown[], Show extends "shape" | "number"> = {
  0: "";
  1: Item<Items[0], Show>;
  2: `${Item<Items[0], Show>} or ${Item<Items[1], Show>}`;
  3: `${Item<Items[0], Show>}, ${Item<Items[1], Show>} or ${Item<Items[2], Show>}`;
  4: `${Item<Items[0], Show>}, ${Item<Items[1], Show>}, ${Item<Items[2], Show>} or ${Item<Items[3], Show>}`;
  5: `${Item<Items[0], Show>}, ${Item<Items[1], Show>}, ${Item<Items[2], Show>}, ${Item<Items[3], Show>} or ${Item<Items[4], Show>}`;
  6: `${Item<Items[0], Show>}, ${Item<Items[1], Show>}, ${Item<Items[2], Show>}, ${Item<Items[3], Show>}, ${Item<Items[4], Show>} or ${Item<Items[5], Show>}`;
  7: `${Item<Items[0], Show>}, ${Item<Items[1], Show>}, ${Item<Items[2], Show>}, ${Item<Items[3], Show>}, ${Item<Items[4], Show>}, ${Item<Items[5], Show>}, ...`;
}[Items["length"] & (0 | 1 | 2 | 3 | 4 | 5 | 6 | 7)];

// (through `infer`, so the compiler sees each item as just `string`: spelling out the
// possible texts of seven items at once would be a union too large to represent, TS2590)
type Item<Value, Show extends "shape" | "number"> =
  (Show extends "shape" ? (Value extends Shape ? ShowShape<Value> : never) : `${Value & number}`) extends infer Text extends string
    ? Text
    : never;

export type WriteDimsFix<Field extends string, Choices extends readonly Shape[]> =
  Choices["length"] extends 0 ? `no ${Field} fit` : `valid ${Field}: ${JoinChoices<Choices, "shape">}`;

export type WriteExplicitFix<Choices extends readonly Shape[]> = `mode "explicit" fits with axesMapping ${JoinChoices<Choices, "shape">}`;

export type WriteNumpyFix<Result extends Shape> = `mode "numpy" would broadcast them to ${ShowShape<Result>}`;

export type WritePdpdFix<Axes extends readonly number[]> =
  Axes["length"] extends 1 ? `axis ${JoinChoices<Axes, "number">} fits` : `axes ${JoinChoices<Axes, "number">} fit`;

/** A size in a message: literal, symbolic name, or `?` for a dynamic size. */
type ShowSize<Size> = import("./shape.js").ShowDim<Size>;
