/**
 * Result shapes of the view ops (transpose, permute, expandDims, squeeze,
 * slice). Axes may be negative (counted from the end). A shape of unknown
 * rank (`number[]`) stays unknown; the runtime checks what the types cannot.
 *
 * @example
 * Reversed<[2, 3, 4]>                  //=> [4, 3, 2]
 * Permuted<[2, 3, 4], [2, 0, 1]>       //=> [4, 2, 3]
 * WithAxis<[2, 3], 1>                  //=> [2, 1, 3]
 * WithoutOnes<[1, 3, 1]>               //=> [3]
 * Sliced<[4, 5, 6], [1, null]>         //=> [5, 6]
 * Sliced<[10], [{ start: 1, step: 3 }]> //=> [3]
 */
import type { RankSum, SmallRank } from "./internal/by-rank.js";
import type { Add, CeilQuotient, IsKnownSize, MergedSize, Min, Monus } from "./internal/arithmetic.js";
import type { Counter } from "./internal/tuple.js";
import type { ShapeTypeError } from "./errors.js";
import type { AxisIndex, Normalize, RangeMessage } from "./axis.js";
import type { Shape, ShowShape } from "./shape.js";

/** Axes reversed (a matrix transpose). */
export type Reversed<S extends Shape, Acc extends number[] = []> =
  number extends S["length"] ? number[] : S extends readonly [infer First extends number, ...infer Rest extends Shape] ? Reversed<Rest, [First, ...Acc]> : Acc;

/**
 * A possibly negative axis of a rank-`Rank` shape as a non-negative one, any
 * rank (`never` when a negative axis is out of range): types/axis.ts's rule.
 */
export type NormalizedAxis<Axis extends number, Rank extends number> = Normalize<Axis, Rank>;

/** `S`'s rank plus one: from the table up to rank 8, counted beyond. */
type RankPlusOne<S extends Shape> = S["length"] extends SmallRank ? RankSum[S["length"] & SmallRank][1] : [...S, 1]["length"];

/** A list as the runtime's `showList` prints it: at most 8 entries, then `, ...] (n entries)`. */
type ShowList<L extends readonly number[]> =
  L extends readonly [infer A extends number, infer B extends number, infer C extends number, infer D extends number, infer E extends number, infer F extends number, infer G extends number, infer H extends number, unknown, ...unknown[]]
    ? `[${A}, ${B}, ${C}, ${D}, ${E}, ${F}, ${G}, ${H}, ...] (${L["length"]} entries)`
    : ShowShape<L>;

/**
 * Why `permute(x, Axes)` (`Op`: or `transpose`) cannot run on `S`, or never: the runtime's
 * checks in its order (the count of axes, then each entry in range and not named before).
 */
type PermuteProblem<Op extends string, S extends Shape, Axes extends readonly number[]> =
  number extends Axes["length"] ? never
  : Axes["length"] extends S["length"] ? PermuteEntryProblem<Op, S, Axes, Axes, [], never>
  : `${Op}: axes ${ShowList<Axes>} has ${Axes["length"]} entries for a rank-${S["length"]} tensor of shape ${ShowShape<S>}`;

type PermuteEntryProblem<Op extends string, S extends Shape, Axes extends readonly number[], Rest extends readonly number[], Index extends unknown[], Seen> =
  Rest extends readonly [infer First extends number, ...infer More extends readonly number[]]
    ? number extends First ? never
    : [AxisIndex<S, First>] extends [never] ? RangeMessage<Op, `axes[${Index["length"]}]`, First, S["length"]>
    : AxisIndex<S, First> extends Seen ? `${Op}: axes ${ShowList<Axes>} names axis ${AxisIndex<S, First>} twice`
    : PermuteEntryProblem<Op, S, Axes, More, [...Index, unknown], Seen | AxisIndex<S, First>>
    : never;

/**
 * Axis `i` of the result is axis `Axes[i]` of `S`; an error with the runtime's message when
 * `Axes` is not a permutation of `S`'s axes (`Op` names the function: `permute` or `transpose`).
 */
export type Permuted<S extends Shape, Axes extends readonly number[], Op extends string = "permute"> =
  number extends S["length"] ? number[]
  : [PermuteProblem<Op, S, Axes>] extends [never]
    ? { -readonly [Key in keyof Axes]: S[NormalizedAxis<Axes[Key], S["length"]> & keyof S] }
    : ShapeTypeError<PermuteProblem<Op, S, Axes>>;

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
    : IsKnownSize<S[At]> extends true ? ShapeTypeError<`squeeze: axis ${At} has size ${S[At] & number}, not 1; cannot squeeze ${ShowShape<S>}`>
    : DropAxis<S, At>
    : number[];

type DropAxis<S extends Shape, At extends number> =
  S extends readonly [...Counter<At>, unknown, ...infer Rest extends Shape]
    ? S extends readonly [...infer Head extends Shape, unknown, ...Rest] ? [...Head, ...Rest] : number[]
    : number[];

/** A field of a slice spec, `undefined` when the spec does not set it. */
type SpecField<Spec, Key extends string> = Key extends keyof Spec ? Spec[Key] : undefined;

/**
 * Where a start or stop lands on an axis of size `Dim`, as the runtime places
 * it: a negative value counts from the end, then the result is clamped to
 * [0, Dim] for a positive step, or to [-1, Dim - 1] for a negative one, which
 * `Shift` 1 moves up by one so the digit arithmetic stays non-negative.
 * never when the value is not an integer literal.
 */
type SliceBound<Value, Dim extends number, Default extends number, Shift extends 0 | 1> =
  // an `any` field reads as left out, as a spec of `any` does in Sliced
  0 extends 1 & Value ? Default
  : [Value] extends [undefined] ? Default
  // a number that may be `undefined` is not known either (asked through `Exclude`: with
  // strictNullChecks off `undefined extends Value` holds for every Value)
  : [Value] extends [Exclude<Value, undefined>]
    ? Value extends number
      ? number extends Value ? never
      : `${Value}` extends `-${infer Magnitude extends number}` ? Monus<Add<Dim, Shift>, Magnitude> : Min<Add<Value, Shift>, Dim>
      : never
  : never;

/** `ceil((To - From) / Step)` or 0, for bounds placed by SliceBound (`number` when one is not a literal). */
type Span<From extends number, To extends number, Step extends number> =
  [From] extends [never] ? number : [To] extends [never] ? number : CeilQuotient<Monus<To, From>, Step>;

/**
 * The size `{ start, stop, step }` takes from an axis of size `Dim`, as the
 * runtime computes it: the bounds placed (negative counts from the end,
 * clamped), then `ceil((stop - start) / step)` or 0. Exact for literal values;
 * `number` when the size or a value is known only at run time.
 */
type SliceLength<Dim extends number, Spec> =
  number extends Dim ? number
  : (SpecField<Spec, "step"> extends infer Step ? (0 extends 1 & Step ? 1 : Step extends undefined ? 1 : Step) : never) extends infer Step extends number
    ? number extends Step ? number
    : `${Step}` extends "0" ? number
    : `${Step}` extends `-${infer Back extends number}`
      ? Span<SliceBound<SpecField<Spec, "stop">, Dim, 0, 1>, SliceBound<SpecField<Spec, "start">, Dim, Dim, 1>, Back>
    : Span<SliceBound<SpecField<Spec, "start">, Dim, 0, 0>, SliceBound<SpecField<Spec, "stop">, Dim, Dim, 0>, Step>
    : number;

/**
 * The shape of `slice(x, ...specs)`: an index drops its axis, `null` (or no
 * spec) keeps it, a `{ start, stop, step }` gives the size it selects (exact
 * for literal values, else `number`).
 */
export type Sliced<S extends Shape, Specs extends readonly unknown[], Acc extends number[] = []> =
  number extends S["length"] ? number[]
  : S extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? Specs extends readonly [infer Spec, ...infer More]
      // `null` before `number`: with strictNullChecks off `null` extends `number`. An `any`
      // reads as `null` too: with strictNullChecks off that is what a `null` argument infers as
      ? 0 extends 1 & Spec ? Sliced<Rest, More, [...Acc, First]>
      : Spec extends null | undefined ? Sliced<Rest, More, [...Acc, First]>
      : Spec extends number ? Sliced<Rest, More, Acc>
      : Sliced<Rest, More, [...Acc, SliceLength<First, Spec>]>
      : [...Acc, ...S]
    : Acc;

/** Why `flatten(x, Start, End)` cannot run on `S`, or never: an axis out of range, or Start after End. */
type FlattenProblem<S extends Shape, Start extends number, End extends number> =
  [AxisIndex<S, Start>] extends [never] ? RangeMessage<"flatten", "startAxis", Start, S["length"]>
  : [AxisIndex<S, End>] extends [never] ? RangeMessage<"flatten", "endAxis", End, S["length"]>
  : Counter<AxisIndex<S, End>> extends readonly [...Counter<AxisIndex<S, Start>>, ...unknown[]] ? never
  : `flatten: startAxis ${Start} comes after endAxis ${End} (axes ${AxisIndex<S, Start>} and ${AxisIndex<S, End>} of a rank-${S["length"]} tensor)`;

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
    ? S extends readonly [...Counter<A>, ...infer FromStart extends Shape]
      ? S extends readonly [...infer Head extends Shape, ...FromStart]
        ? S extends readonly [...Counter<B>, unknown, ...infer Tail extends Shape]
          ? FromStart extends readonly [...infer Middle extends Shape, ...Tail] ? [...Head, MergedSize<Middle>, ...Tail] : number[]
          : number[]
        : number[]
      : number[]
    : number[];
