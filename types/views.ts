/**
 * Result shapes of the view ops (transpose, permute, expandDims, squeeze,
 * flatten; slice has its own file, types/slice.ts), and the messages of their
 * runtime twin, src/shape/views.ts. Axes may be negative (counted from the
 * end). A shape of unknown rank (`number[]`) stays unknown; the runtime checks
 * what the types cannot.
 *
 * @example
 * Reversed<[2, 3, 4]>                  //=> [4, 3, 2]
 * Permuted<[2, 3, 4], [2, 0, 1]>       //=> [4, 2, 3]
 * WithAxis<[2, 3], 1>                  //=> [2, 1, 3]
 * WithoutOnes<[1, 3, 1]>               //=> [3]
 */
import type { RankSum, SmallRank } from "./internal/by-rank.js";
import type { Add, CeilQuotient, IsKnownSize, Min, Monus, Product } from "./internal/arithmetic.js";
import type { MergedSize } from "./size.js";
import type { ReversedAxes } from "./internal/tables.js";
import type { Counter } from "./internal/tuple.js";
import type { ShapeTypeError } from "./errors.js";
import type { AxisIndex, Normalize, RangeMessage, TwiceMessage } from "./axis.js";
import type { Shape, ShapeMessage, ShowShape } from "./shape.js";

/**
 * Axes reversed (a matrix transpose), up to rank 64 (`MAX_RANK`). A mapped type over `S`
 * through a table rather than a recursive conditional type, so that the compiler relates
 * `Reversed<A>` to `Reversed<B>` part by part when `A` is related to `B`: `x.T`'s type
 * (`Transposed` in src/tensor.ts) needs that to keep `Tensor` covariant in its shape.
 */
export type Reversed<S extends Shape> = {
  -readonly [K in keyof S]: S[ReversedAxes[S["length"]][K]];
};

/**
 * A possibly negative axis of a rank-`Rank` shape as a non-negative one, any
 * rank (`never` when a negative axis is out of range): types/axis.ts's rule.
 */
export type NormalizedAxis<Axis extends number, Rank extends number> = Normalize<Axis, Rank>;

/** `S`'s rank plus one: from the table up to rank 8, counted beyond. */
type RankPlusOne<S extends Shape> = S["length"] extends SmallRank ? RankSum[S["length"] & SmallRank][1] : [...S, 1]["length"];

/** A list as the runtime's `showList` prints it: at most 8 entries, then `, ...] (n entries)`. */
export type ShowList<L extends readonly number[]> =
  L extends readonly [infer A extends number, infer B extends number, infer C extends number, infer D extends number, infer E extends number, infer F extends number, infer G extends number, infer H extends number, unknown, ...unknown[]]
    ? `[${A}, ${B}, ${C}, ${D}, ${E}, ${F}, ${G}, ${H}, ...] (${L["length"]} entries)`
    : ShowShape<L>;

/** A permutation of the wrong length: twin of `writePermuteLength` in src/shape/views.ts. */
export type PermuteLengthMessage<Op extends string, List extends string, Count extends number, Rank extends number, Shown extends string> =
  `${Op}: axes ${List} has ${Count} entries for a rank-${Rank} tensor of shape ${Shown}`;

/**
 * Why `permute(x, Axes)` (`Op`: or `transpose`) cannot run on `S`, as a `ShapeTypeError`, or
 * never: the runtime's checks in its order (the count of axes, then each entry in range and not
 * named before). The count's message shows the shape through `ShapeMessage`, so beside a type
 * parameter it prints by that alias's name; wrapped in the error, it is still decided.
 */
type PermuteProblem<Op extends string, S extends Shape, Axes extends readonly number[]> =
  number extends Axes["length"] ? never
  : Axes["length"] extends S["length"]
    ? (PermuteEntryProblem<Op, S, Axes, Axes, [], never> extends infer Message extends string ? ([Message] extends [never] ? never : ShapeTypeError<Message>) : never)
  : ShapeTypeError<ShapeMessage<PermuteLengthMessage<Op, ShowList<Axes>, Axes["length"], S["length"], "{1}">, S>>;

type PermuteEntryProblem<Op extends string, S extends Shape, Axes extends readonly number[], Rest extends readonly number[], Index extends unknown[], Seen> =
  Rest extends readonly [infer First extends number, ...infer More extends readonly number[]]
    ? number extends First ? never
    : [AxisIndex<S, First>] extends [never] ? RangeMessage<Op, `axes[${Index["length"]}]`, First, S["length"]>
    : AxisIndex<S, First> extends Seen ? TwiceMessage<Op, "axes", ShowList<Axes>, AxisIndex<S, First>>
    : PermuteEntryProblem<Op, S, Axes, More, [...Index, unknown], Seen | AxisIndex<S, First>>
    : never;

/**
 * Whether `Axes` is a permutation of `S`'s axes written without negative entries: as many as the
 * rank, each below it (`RankIndices`), and none missing, so none twice.
 */
type PlainPermutation<S extends Shape, Axes extends readonly number[]> =
  Axes["length"] extends S["length"]
    ? S["length"] extends SmallRank
      ? [Axes[number]] extends [RankIndices[S["length"]]] ? ([Exclude<RankIndices[S["length"]], Axes[number]>] extends [never] ? true : false) : false
      : false
    : false;
/** The axes of each rank up to 8. */
type RankIndices = [never, 0, 0 | 1, 0 | 1 | 2, 0 | 1 | 2 | 3, 0 | 1 | 2 | 3 | 4, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5 | 6, 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7];

/**
 * Axis `i` of the result is axis `Axes[i]` of `S`; an error with the runtime's message when
 * `Axes` is not a permutation of `S`'s axes (`Op` names the function: `permute` or `transpose`).
 */
export type Permuted<S extends Shape, Axes extends readonly number[], Op extends string = "permute"> =
  number extends S["length"] ? number[]
  // (axes written as a permutation of 0..rank-1, as models write them: each axis read directly,
  // none of the walk that finds a problem, 830 instantiations a generic call before)
  : PlainPermutation<S, Axes> extends true ? { -readonly [Key in keyof Axes]: S[Axes[Key] & keyof S] }
  : [PermuteProblem<Op, S, Axes>] extends [never]
    ? { -readonly [Key in keyof Axes]: S[NormalizedAxis<Axes[Key], S["length"]> & keyof S] }
    : PermuteProblem<Op, S, Axes>;

/** `S` with a new axis of size 1 at `Axis` (negative counts from the end of the result); an axis out of range is an error. */
export type WithAxis<S extends Shape, Axis extends number> =
  number extends S["length"] | Axis ? number[]
  : AxisIndex<[...S, 1], Axis> extends infer At extends number
    ? [At] extends [never] ? ShapeTypeError<RangeMessage<"expandDims", "axis", Axis, RankPlusOne<S> & number>>
    : S extends readonly [...Counter<At>, ...infer Rest extends Shape]
      ? S extends readonly [...infer Head extends Shape, ...Rest] ? [...Head, 1, ...Rest] : number[]
      : number[]
    : number[];

/** `S` without its size-1 axes; unknown when a size is not a literal (`number` or a `Dim` may be 1). */
export type WithoutOnes<S extends Shape, Acc extends number[] = []> =
  number extends S["length"] ? number[]
  : S extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? IsKnownSize<First> extends false ? number[] : First extends 1 ? WithoutOnes<Rest, Acc> : WithoutOnes<Rest, [...Acc, First]>
    : Acc;

/** Squeezing an axis whose size is not 1: twin of `writeSqueeze` in src/shape/views.ts. */
export type SqueezeMessage<Axis extends number, Size extends number, Shown extends string> =
  `squeeze: axis ${Axis} has size ${Size}, not 1; cannot squeeze ${Shown}`;

/**
 * `S` without axis `Axis`, which must be 1: an axis out of range, or one whose size is a
 * literal other than 1, is an error with the runtime's message (a `number` or `Dim` size
 * is checked at run time).
 */
export type WithoutAxis<S extends Shape, Axis extends number> =
  number extends S["length"] | Axis ? number[]
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? ShapeTypeError<RangeMessage<"squeeze", "axis", Axis, S["length"]>>
    : S[At] extends 1 ? DropAxis<S, At>
    : IsKnownSize<S[At]> extends true ? ShapeTypeError<SqueezeMessage<At, S[At] & number, ShowShape<S>>>
    : DropAxis<S, At>
    : number[];

type DropAxis<S extends Shape, At extends number> =
  S extends readonly [...Counter<At>, unknown, ...infer Rest extends Shape]
    ? S extends readonly [...infer Head extends Shape, unknown, ...Rest] ? [...Head, ...Rest] : number[]
    : number[];

/** Start after End: twin of `writeFlattenOrder` in src/shape/views.ts. */
export type FlattenOrderMessage<Start extends number, End extends number, From extends number, To extends number, Rank extends number> =
  `flatten: startAxis ${Start} comes after endAxis ${End} (axes ${From} and ${To} of a rank-${Rank} tensor)`;

/** Why `flatten(x, Start, End)` cannot run on `S`, or never: an axis out of range, or Start after End. */
type FlattenProblem<S extends Shape, Start extends number, End extends number> =
  [AxisIndex<S, Start>] extends [never] ? RangeMessage<"flatten", "startAxis", Start, S["length"]>
  : [AxisIndex<S, End>] extends [never] ? RangeMessage<"flatten", "endAxis", End, S["length"]>
  : Counter<AxisIndex<S, End>> extends readonly [...Counter<AxisIndex<S, Start>>, ...unknown[]] ? never
  : FlattenOrderMessage<Start, End, AxisIndex<S, Start>, AxisIndex<S, End>, S["length"]>;

/**
 * `flatten(x, Start, End)`: axes Start..End (inclusive; negative counts from
 * the end) merged into one axis of their product; a rank-0 tensor is `[1]`.
 *
 * @example
 * Flattened<[8, 3, 32, 32], 1, -1>     //=> [8, 3072]
 */
export type Flattened<S extends Shape, Start extends number, End extends number> =
  number extends S["length"] | Start | End ? number[] // axes known only at run time: checked there
  : S extends readonly [] ? Flattened<[1], Start, End>
  : [FlattenProblem<S, Start, End>] extends [never] ? FlattenedAxes<S, Start, End>
  : ShapeTypeError<FlattenProblem<S, Start, End>>;

type FlattenedAxes<S extends Shape, Start extends number, End extends number> =
  [AxisIndex<S, Start>, AxisIndex<S, End>] extends [infer A extends number, infer B extends number]
    // (the patterns are lengths only, `Counter`s: a pattern holding `S`'s own sizes
    // would infer from a size to itself, and for a computed size, `FloorDiv<H, 16>`, that makes the
    // compiler measure how the alias varies with its operands, half a second once per program)
    ? S extends readonly [...Counter<A>, ...infer FromStart extends Shape]
      ? S extends readonly [...infer Head extends Shape, ...Counter<FromStart["length"]>]
        ? S extends readonly [...Counter<B>, unknown, ...infer Tail extends Shape]
          ? FromStart extends readonly [...infer Middle extends Shape, ...Counter<Tail["length"]>] ? [...Head, MergedSize<Middle>, ...Tail] : number[]
          : number[]
        : number[]
      : number[]
    : number[];
