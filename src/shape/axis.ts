/**
 * Axis arguments: an integer in [-rank, rank), negative counting from the end.
 * A wrong kind is a `TypeError`, a fractional or out-of-range value a
 * `RangeError`, an axis named twice in a list a `RangeError`. The runtime
 * twin of types/axis.ts: `writeAxisRange` is typed to return that file's
 * `RangeMessage`, so a change of wording on one side is a compile error.
 */
import type { AxisRange, RangeMessage, ScalarAxisMessage, TwiceMessage } from "../../types/axis.js";
import { checkInteger, showList } from "./validate.js";

/** The valid range of an axis for a rank; twin of `AxisRange`. */
const writeRange = <Rank extends number>(rank: Rank): AxisRange<Rank> =>
  (rank === 0 ? "it has no axes" : `use -${rank} to ${rank - 1}`) as AxisRange<Rank>;

/** Twin of `RangeMessage` in types/axis.ts. */
export const writeAxisRange = <Op extends string, Name extends string, Axis extends number, Rank extends number>(
  op: Op,
  name: Name,
  axis: Axis,
  rank: Rank,
): RangeMessage<Op, Name, Axis, Rank> => `${op}: ${name} ${axis} is out of range for a rank-${rank} tensor (${writeRange(rank)})`;

/** Twin of `TwiceMessage` in types/axis.ts; `list` is the list as `showList` prints it. */
export const writeAxisTwice = <Op extends string, Name extends string, List extends string, Axis extends number>(
  op: Op,
  name: Name,
  list: List,
  axis: Axis,
): TwiceMessage<Op, Name, List, Axis> => `${op}: ${name} ${list} names axis ${axis} twice`;

/** Twin of `ScalarAxisMessage` in types/axis.ts. */
export const writeScalarAxis = <Op extends string>(op: Op): ScalarAxisMessage<Op> => `${op}: x is a scalar; ${op} needs an axis to normalise over`;

/** An axis argument in [-rank, rank), normalised to [0, rank). */
export function normalizeAxis(op: string, name: string, axis: unknown, rank: number): number {
  checkInteger(op, name, axis);
  if (axis < -rank || axis >= rank) throw new RangeError(writeAxisRange(op, name, axis, rank));
  return axis < 0 ? axis + rank : axis;
}

/**
 * A list of distinct axes, normalised, in the order given; entries are named
 * `name[i]`. A list that is not an array is the caller's to reject.
 */
export function distinctAxes(op: string, name: string, list: readonly unknown[], rank: number): number[] {
  const seen = new Set<number>();
  for (let i = 0; i < list.length; i++) {
    const n = normalizeAxis(op, `${name}[${i}]`, list[i], rank);
    if (seen.has(n)) throw new RangeError(writeAxisTwice(op, name, showList(list), n));
    seen.add(n);
  }
  return [...seen];
}

/**
 * One axis or a list of distinct axes, normalised and sorted; every axis when
 * `axis` is undefined or null. Entries of a list are named `name[i]`.
 */
export function normalizeAxes(op: string, name: string, axis: unknown, rank: number): number[] {
  if (axis === undefined || axis === null) return [...Array(rank).keys()];
  if (!Array.isArray(axis)) return [normalizeAxis(op, name, axis, rank)];
  return distinctAxes(op, name, axis, rank).sort((x, y) => x - y);
}
