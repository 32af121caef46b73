/**
 * The shape rules of the view ops (permute and transpose, expandDims,
 * squeeze, flatten), at run time: the twin of types/views.ts. Each writer is
 * typed to return its type twin's message, so a change of wording on one side
 * is a compile error. The ops in src/ops/views.ts apply these rules to
 * strides; nothing here touches a buffer.
 */
import type { FlattenOrderMessage, PermuteLengthMessage, SqueezeMessage } from "../../types/views.js";
import { ShapeError, showShape } from "../errors.js";
import { distinctAxes, normalizeAxes, normalizeAxis } from "./axis.js";
import { describe, showList } from "./validate.js";

/** Twin of `PermuteLengthMessage` in types/views.ts. */
export const writePermuteLength = <Op extends string, List extends string, Count extends number, Rank extends number, Shown extends string>(
  op: Op,
  list: List,
  count: Count,
  rank: Rank,
  shown: Shown,
): PermuteLengthMessage<Op, List, Count, Rank, Shown> => `${op}: axes ${list} has ${count} entries for a rank-${rank} tensor of shape ${shown}`;

/** Twin of `SqueezeMessage` in types/views.ts. */
export const writeSqueeze = <Axis extends number, Size extends number, Shown extends string>(
  axis: Axis,
  size: Size,
  shown: Shown,
): SqueezeMessage<Axis, Size, Shown> => `squeeze: axis ${axis} has size ${size}, not 1; cannot squeeze ${shown}`;

/** Twin of `FlattenOrderMessage` in types/views.ts. */
export const writeFlattenOrder = <Start extends number, End extends number, From extends number, To extends number, Rank extends number>(
  start: Start,
  end: End,
  from: From,
  to: To,
  rank: Rank,
): FlattenOrderMessage<Start, End, From, To, Rank> =>
  `flatten: startAxis ${start} comes after endAxis ${end} (axes ${from} and ${to} of a rank-${rank} tensor)`;

/**
 * The axes of `shape` in their new order: axis `i` of the result is axis
 * `order[i]`; every axis once. Without `axes`, reversed (a matrix transpose).
 * `op` names the function the caller called (`permute` or `transpose`).
 */
export function permutation(op: string, shape: readonly number[], axes: unknown): number[] {
  const rank = shape.length;
  if (axes === undefined) return [...Array(rank).keys()].reverse();
  if (!Array.isArray(axes)) throw new TypeError(`${op}: axes must be an array of axes, got ${describe(axes)}`);
  if (axes.length !== rank) throw new RangeError(writePermuteLength(op, showList(axes), axes.length, rank, showShape(shape)));
  return distinctAxes(op, "axes", axes, rank);
}

/** Where `expandDims` puts its new axis: `axis` in [-rank-1, rank], normalised. */
export const newAxis = (shape: readonly number[], axis: unknown): number => normalizeAxis("expandDims", "axis", axis, shape.length + 1);

/**
 * The axes `squeeze` keeps: all but the size-1 axes named by `axis` (one or a
 * list), or all but every size-1 axis when `axis` is undefined or null.
 */
export function squeezeKept(shape: readonly number[], axis: unknown): number[] {
  const rank = shape.length;
  const drop = new Set<number>();
  if (axis === undefined || axis === null) {
    shape.forEach((dim, i) => dim === 1 && drop.add(i));
  } else {
    for (const n of normalizeAxes("squeeze", "axis", axis, rank)) {
      if (shape[n] !== 1) {
        throw new ShapeError(writeSqueeze(n, shape[n]!, showShape(shape)), {
          code: "rank",
          op: "squeeze",
          mode: "none",
          a: [...shape],
          b: [],
          axis: n,
        });
      }
      drop.add(n);
    }
  }
  return [...Array(rank).keys()].filter((i) => !drop.has(i));
}

/**
 * The shape of `flatten(x, startAxis, endAxis)`: axes start..end (inclusive;
 * negative counts from the end) merged into one axis of their product; a
 * rank-0 shape is `[1]`.
 */
export function flattenedShape(shape: readonly number[], startAxis: number, endAxis: number): number[] {
  const op = "flatten";
  const dims = shape.length === 0 ? [1] : shape;
  const start = normalizeAxis(op, "startAxis", startAxis, dims.length);
  const end = normalizeAxis(op, "endAxis", endAxis, dims.length);
  if (start > end) throw new RangeError(writeFlattenOrder(startAxis, endAxis, start, end, dims.length));
  const merged = dims.slice(start, end + 1).reduce((product, size) => product * size, 1);
  return [...dims.slice(0, start), merged, ...dims.slice(end + 1)];
}
