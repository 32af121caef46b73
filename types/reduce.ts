/**
 * Result shapes of reductions: one axis, a list of axes, or all (`undefined`);
 * negative axes count from the end; `keepDims` keeps reduced axes as 1.
 * An axis out of range is an error with the runtime's message.
 *
 * @example
 * Reduced<[2, 3, 4], 1, false>          //=> [2, 4]
 * Reduced<[2, 3, 4], [0, -1], true>     //=> [1, 3, 1]
 * Reduced<[2, 3, 4], undefined, false>  //=> []
 */
import type { ShapeTypeError } from "./errors.js";
import type { RankDifference, SmallRank } from "./internal/by-rank.js";
import type { Subtract } from "./internal/tuple.js";
import type { Shape } from "./shape.js";

/** A possibly negative axis as a non-negative one, any rank; `never` when it is not an integer literal in range. */
export type Normalize<Axis extends number, Rank extends number> =
  `${Axis}` extends `-${infer Magnitude extends number}`
    ? [Rank, Magnitude] extends [SmallRank, SmallRank] ? RankDifference[Rank & SmallRank][Magnitude & SmallRank] : Subtract<Rank, Magnitude>
    : Axis;

export type RangeMessage<Op extends string, Name extends string, Axis extends number, Rank extends number> =
  `${Op}: ${Name} ${Axis} is out of range for a rank-${Rank} tensor (use -${Rank} to ${Rank extends 0 ? -1 : RankDifference[Rank & SmallRank][1] & number})`;

/** `Axis` of `S` as an index in [0, rank), or never when out of range (either side). */
export type AxisIndex<S extends Shape, Axis extends number> =
  Normalize<Axis, S["length"]> extends infer Index extends number
    ? [Index] extends [never] ? never : `${Index}` extends keyof S ? Index : never
    : never;

/** The reduced axes as a union of indices, or the message for the first one out of range. */
type AxesOf<Op extends string, Axis, S extends Shape> =
  Axis extends number ? ([AxisIndex<S, Axis>] extends [never] ? ShapeTypeError<RangeMessage<Op, "axis", Axis, S["length"]>> : AxisIndex<S, Axis>)
  : Axis extends readonly number[] ? ListAxes<Op, Axis, S, [], never>
  : never;

type ListAxes<Op extends string, Axes extends readonly number[], S extends Shape, Index extends unknown[], Found> =
  Axes extends readonly [infer First extends number, ...infer Rest extends number[]]
    ? [AxisIndex<S, First>] extends [never]
      ? ShapeTypeError<RangeMessage<Op, `axis[${Index["length"]}]`, First, S["length"]>>
      : ListAxes<Op, Rest, S, [...Index, unknown], Found | AxisIndex<S, First>>
    : Found;

/** Drops the `never` markers of dropped axes. */
type Compact<S extends readonly unknown[], Acc extends number[] = []> =
  S extends readonly [infer First, ...infer Rest] ? ([First] extends [never] ? Compact<Rest, Acc> : Compact<Rest, [...Acc, First & number]>) : Acc;

export type ReducedOf<Op extends string, S extends Shape, Axis, KeepDims extends boolean> =
  number extends S["length"] ? number[]
  // an `any` axis reads as left out: with strictNullChecks off that is what an `undefined`
  // argument infers as (and a distributed `any` would take every branch at once)
  : 0 extends 1 & Axis ? ReducedOf<Op, S, undefined, KeepDims>
  : Axis extends undefined | null ? (KeepDims extends true ? { -readonly [Key in keyof S]: 1 } : [])
  : AxesOf<Op, Axis, S> extends infer Axes
    // (wrapped: the axes are a union of indices, which must not distribute)
    ? [Axes] extends [never] ? [...S] // an empty list reduces nothing
    : [Axes] extends [ShapeTypeError<string>] ? Axes
    : KeepDims extends true ? Walk<S, Axes, 1, []> : Compact<Walk<S, Axes, never, []>>
    : never;

/** S with the reduced positions replaced by `Marker` (1 to keep them, `never` to drop them). */
type Walk<S extends Shape, Axes, Marker, Acc extends unknown[]> =
  S extends readonly [infer First, ...infer Rest extends Shape] ? Walk<Rest, Axes, Marker, [...Acc, Acc["length"] extends Axes ? Marker : First]> : Acc;

export type Reduced<S extends Shape, Axis, KeepDims extends boolean = false> = ReducedOf<"reduce", S, Axis, KeepDims>;
