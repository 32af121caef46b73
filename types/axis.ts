/**
 * Axis arguments at the type level, one rule for every op and any rank: an
 * integer literal in [-rank, rank), negative counting from the end. The twin
 * of src/shape/axis.ts, whose message writer is typed to return
 * `RangeMessage`, so the two sentences cannot drift apart.
 *
 * @example
 * Normalize<-1, 3>                          //=> 2
 * Normalize<-1, 12>                         //=> 11 (past the rank tables too)
 * AxisIndex<[2, 3, 4], -4>                  //=> never (out of range)
 * RangeMessage<"sum", "axis", 3, 3>
 * //=> "sum: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
 */
import type { RankDifference, SmallRank } from "./internal/by-rank.js";
import type { Subtract } from "./internal/tuple.js";
import type { Shape } from "./shape.js";

/** A possibly negative axis as a non-negative one, any rank; `never` when a negative axis is out of range. */
export type Normalize<Axis extends number, Rank extends number> =
  `${Axis}` extends `-${infer Magnitude extends number}`
    // rank tables up to 8 (cheap), tuple lengths beyond
    ? [Rank, Magnitude] extends [SmallRank, SmallRank] ? RankDifference[Rank & SmallRank][Magnitude & SmallRank] : Subtract<Rank, Magnitude>
    : Axis;

/** The last axis of a rank (`Rank - 1`), any rank. */
export type LastAxis<Rank extends number> = Rank extends SmallRank ? RankDifference[Rank][1] : Subtract<Rank, 1>;

/** The valid range of an axis, as messages write it. */
export type AxisRange<Rank extends number> = Rank extends 0 ? "it has no axes" : `use -${Rank} to ${LastAxis<Rank> & number}`;

/** An axis out of range: twin of `writeAxisRange` in src/shape/axis.ts. */
export type RangeMessage<Op extends string, Name extends string, Axis extends number, Rank extends number> =
  `${Op}: ${Name} ${Axis} is out of range for a rank-${Rank} tensor (${AxisRange<Rank>})`;

/** A list of axes naming one axis twice: twin of `writeAxisTwice` in src/shape/axis.ts. */
export type TwiceMessage<Op extends string, Name extends string, List extends string, Axis extends number> =
  `${Op}: ${Name} ${List} names axis ${Axis} twice`;

/** An op along one axis (softmax) given a scalar: twin of `writeScalarAxis` in src/shape/axis.ts. */
export type ScalarAxisMessage<Op extends string> = `${Op}: x is a scalar; ${Op} needs an axis to normalise over`;

/** `Axis` of `S` as an index in [0, rank), or never when out of range (either side). */
export type AxisIndex<S extends Shape, Axis extends number> =
  Normalize<Axis, S["length"]> extends infer Index extends number
    ? [Index] extends [never] ? never : `${Index}` extends keyof S ? Index : never
    : never;
