/**
 * The shape rules of joining tensors at run time, the twin of types/join.ts:
 * `concat` along an existing axis (the sizes on it add up, all others must
 * match) and `stack` along a new one (all shapes equal). Each writer is typed
 * to return its type twin's message, so a change of wording on one side is a
 * compile error. src/ops/join.ts copies the inputs into the result.
 */
import type {
  JoinEmptyMessage,
  JoinMessage,
  JoinRankDetail,
  JoinSizeDetail,
  StackRangeMessage,
} from "../../types/join.js";
import { ShapeError, showShape } from "../errors.js";
import { normalizeAxis } from "./axis.js";
import { checkInteger } from "./validate.js";

/** Twin of `JoinEmptyMessage` in types/join.ts. */
export const writeJoinEmpty = <Op extends string>(op: Op): JoinEmptyMessage<Op> => `${op}: tensors must hold at least one tensor`;

/** Twin of `JoinMessage` in types/join.ts. */
export const writeJoin = <Op extends string, Detail extends string, First extends string, Other extends string>(
  op: Op,
  detail: Detail,
  first: First,
  other: Other,
): JoinMessage<Op, Detail, First, Other> => `${op}: ${detail}; cannot join ${first} with ${other}`;

/** Twin of `JoinRankDetail` in types/join.ts. */
export const writeJoinRank = <Index extends number, Rank extends number, FirstRank extends number>(
  index: Index,
  rank: Rank,
  firstRank: FirstRank,
): JoinRankDetail<Index, Rank, FirstRank> => `tensors[${index}] has rank ${rank} vs ${firstRank} of tensors[0]`;

/** Twin of `JoinSizeDetail` in types/join.ts. */
export const writeJoinSize = <Index extends number, Axis extends number, Size extends number, FirstSize extends number>(
  index: Index,
  axis: Axis,
  size: Size,
  firstSize: FirstSize,
): JoinSizeDetail<Index, Axis, Size, FirstSize> => `tensors[${index}] axis ${axis} has ${size} vs ${firstSize} in tensors[0]`;

/** Twin of `StackRangeMessage` in types/join.ts. */
export const writeStackRange = <Axis extends number, Rank extends number>(axis: Axis, rank: Rank): StackRangeMessage<Axis, Rank> =>
  `stack: axis ${axis} is out of range for a rank-${rank} result`;

const joinError = (op: string, detail: string, first: readonly number[], other: readonly number[]): ShapeError =>
  new ShapeError(writeJoin(op, detail, showShape(first), showShape(other)), {
    code: "mismatch",
    op,
    mode: "none",
    a: [...first],
    b: [...other],
  });

/** Every shape has the first one's rank and, except on axis `skip`, its sizes. */
function checkAlike(op: string, shapes: readonly (readonly number[])[], skip: number): void {
  const first = shapes[0]!;
  for (let i = 1; i < shapes.length; i++) {
    const shape = shapes[i]!;
    if (shape.length !== first.length) throw joinError(op, writeJoinRank(i, shape.length, first.length), first, shape);
    for (let axis = 0; axis < shape.length; axis++) {
      if (axis !== skip && shape[axis] !== first[axis]) throw joinError(op, writeJoinSize(i, axis, shape[axis]!, first[axis]!), first, shape);
    }
  }
}

/** The result of a join: its shape and the axis of the result the inputs are laid along. */
export interface JoinLayout {
  readonly shape: number[];
  readonly at: number;
}

/** `concat` of tensors of these shapes (at least one) along `axis`. */
export function concatLayout(shapes: readonly (readonly number[])[], axis: unknown): JoinLayout {
  const op = "concat";
  const first = shapes[0]!;
  const at = normalizeAxis(op, "axis", axis, first.length);
  checkAlike(op, shapes, at);
  const shape = [...first];
  shape[at] = shapes.reduce((total, s) => total + s[at]!, 0);
  return { shape, at };
}

/** `stack` of tensors of these shapes (at least one) along a new axis `axis`, in range of the result. */
export function stackLayout(shapes: readonly (readonly number[])[], axis: unknown): JoinLayout {
  const op = "stack";
  const first = shapes[0]!;
  checkAlike(op, shapes, -1);
  const rank = first.length + 1;
  checkInteger(op, "axis", axis);
  if (axis < -rank || axis >= rank) throw new RangeError(writeStackRange(axis, rank));
  const at = axis < 0 ? axis + rank : axis;
  return { shape: [...first.slice(0, at), shapes.length, ...first.slice(at)], at };
}
