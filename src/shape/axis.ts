/**
 * Axis arguments: an integer in [-rank, rank), negative counting from the end.
 * A wrong kind is a `TypeError`, a fractional or out-of-range value a
 * `RangeError`, an axis named twice in a list a `RangeError`; the messages
 * match the type level's (types/reduce.ts writes the same sentence).
 */
import { checkInteger, showList } from "./validate.js";

/** The valid range of an axis for a rank, as messages write it. */
const range = (rank: number): string => (rank === 0 ? "it has no axes" : `use -${rank} to ${rank - 1}`);

/** An axis argument in [-rank, rank), normalised to [0, rank). */
export function normalizeAxis(op: string, name: string, axis: unknown, rank: number): number {
  checkInteger(op, name, axis);
  if (axis < -rank || axis >= rank) {
    throw new RangeError(`${op}: ${name} ${axis} is out of range for a rank-${rank} tensor (${range(rank)})`);
  }
  return axis < 0 ? axis + rank : axis;
}

/**
 * One axis or a list of distinct axes, normalised and sorted; every axis when
 * `axis` is undefined or null. Entries of a list are named `name[i]`.
 */
export function normalizeAxes(op: string, name: string, axis: unknown, rank: number): number[] {
  if (axis === undefined || axis === null) return [...Array(rank).keys()];
  if (!Array.isArray(axis)) return [normalizeAxis(op, name, axis, rank)];
  const seen = new Set<number>();
  for (let i = 0; i < axis.length; i++) {
    const n = normalizeAxis(op, `${name}[${i}]`, axis[i], rank);
    if (seen.has(n)) throw new RangeError(`${op}: ${name} ${showList(axis)} names axis ${n} twice`);
    seen.add(n);
  }
  return [...seen].sort((x, y) => x - y);
}
