/**
 * The shape rule of `tril` and `triu` at run time, the twin of
 * types/triangle.ts: the input's shape, of rank 2 or more, and an integer
 * diagonal. The writers are typed to return their type twins' messages.
 */
import type { TriangleDiagonalMessage, TriangleRankMessage } from "../../types/triangle.js";
import { ShapeError, showShape } from "../errors.js";
import { describe } from "./validate.js";

/** Twin of `TriangleRankMessage` in types/triangle.ts. */
export const writeTriangleRank = <Op extends string, Shown extends string>(op: Op, shown: Shown): TriangleRankMessage<Op, Shown> =>
  `${op}: x must have rank 2 or more (its last two axes are the matrices), got shape ${shown}`;

/** Twin of `TriangleDiagonalMessage` in types/triangle.ts. */
export const writeTriangleDiagonal = <Op extends string, K extends number>(op: Op, k: K): TriangleDiagonalMessage<Op, K> =>
  `${op}: k must be an integer, got number ${k}`;

/** The diagonal: 0 when left out, a TypeError for a non-number, a RangeError for a number that is not an integer. */
export function triangleDiagonal(op: string, k: unknown): number {
  if (k === undefined) return 0;
  if (typeof k !== "number") throw new TypeError(`${op}: k must be an integer, got ${describe(k)}`);
  if (!Number.isInteger(k)) throw new RangeError(writeTriangleDiagonal(op, k));
  return k;
}

/** The result's shape (the input's): a ShapeError for a rank below 2. */
export function triangleShape(op: string, shape: readonly number[]): number[] {
  if (shape.length < 2) {
    throw new ShapeError(writeTriangleRank(op, showShape(shape)), { code: "rank", op, mode: "none", a: [...shape], b: [] });
  }
  return [...shape];
}
