/**
 * The result shape of `tril` and `triu`: the input's own. They act on the last
 * two axes (rows and columns) of a tensor of rank 2 or more, each matrix of the
 * batch alike, so the only shape rule is the rank (twin: src/shape/triangle.ts).
 * The diagonal `k` is any integer: 0 the main diagonal, above it positive,
 * below it negative; a fractional literal is a compile error with the
 * runtime's message.
 *
 * @example
 * TriangleShape<"tril", [4, 4]>       //=> [4, 4]
 * TriangleShape<"triu", [2, 3, 5]>    //=> [2, 3, 5]
 * ErrorMessage<TriangleShape<"tril", [5]>>
 * //=> "tril: x must have rank 2 or more (its last two axes are the matrices), got shape [5]"
 */
import type { ShapeTypeError } from "./errors.js";
import type { Shape, ShowShape } from "./shape.js";

/** The ops of this rule. */
export type TriangleOpName = "tril" | "triu";

/** A tensor of rank 0 or 1: twin of `writeTriangleRank` in src/shape/triangle.ts. */
export type TriangleRankMessage<Op extends string, Shown extends string> =
  `${Op}: x must have rank 2 or more (its last two axes are the matrices), got shape ${Shown}`;

/** A diagonal that is not an integer: twin of `writeTriangleDiagonal` in src/shape/triangle.ts. */
export type TriangleDiagonalMessage<Op extends string, K extends number> = `${Op}: k must be an integer, got number ${K}`;

/** The result shape of `Op` on `S`, or the error of a rank below 2. Decided by structure, so `[T, T]` and `[B, T, T]` keep their type parameters. */
export type TriangleShape<Op extends string, S extends Shape> =
  number extends S["length"] ? number[]
  : S extends readonly [] | readonly [number] ? ShapeTypeError<TriangleRankMessage<Op, ShowShape<S>>>
  : S;

/** The diagonal `K`, or the message of a fractional or non-finite literal (`number` and type parameters pass: the runtime checks them). */
export type TriangleDiagonal<Op extends string, K extends number> =
  number extends K ? K
  : `${K}` extends `${string}.${string}` | "NaN" | "Infinity" | "-Infinity" ? TriangleDiagonalMessage<Op, K>
  : K;
