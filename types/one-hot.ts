/**
 * The result shape of `oneHot(indices, depth)`: the indices' shape with an
 * axis of `depth` appended. A literal depth must be a non-negative integer;
 * the message is the runtime's (twin: src/shape/one-hot.ts). The values of
 * the indices are not shapes: one out of range gives a row of zeros at run
 * time, never an error.
 *
 * @example
 * OneHotShape<[2, 3], 10>               //=> [2, 3, 10]
 * ErrorMessage<OneHotShape<[2], -1>>
 * //=> "oneHot: depth must be an integer from 0 to 2147483647, got -1"
 */
import type { ShapeTypeError } from "./errors.js";
import type { Shape } from "./shape.js";

/** A depth that is not a count: twin of `writeDepth` in src/shape/one-hot.ts. */
export type DepthMessage<Depth extends number> = `oneHot: depth must be an integer from 0 to 2147483647, got ${Depth}`;

export type OneHotShape<S extends Shape, Depth extends number> =
  number extends S["length"] ? number[]
  : OneHotMisfit<Depth> extends infer Misfit ? ([Misfit] extends [never] ? [...S, Depth] : Misfit) : never;

/**
 * The error of a depth that is not a count, `never` for one that is: a test of the literal's
 * text (negative or fractional; sizes past 2^31 - 1 are the runtime's to refuse, as every
 * limit). `never` for `number`; unresolved for a type parameter, whose value the run time checks.
 */
export type OneHotMisfit<Depth extends number> =
  number extends Depth ? never
  : `${Depth}` extends `-${string}` | `${string}.${string}` ? ShapeTypeError<DepthMessage<Depth>> : never;

/**
 * The shape a call returns, never tested: the indices' shape and `Depth`, so a depth that is a
 * type parameter `D` gives `[B, T, D]` (its misfit, `OneHotMisfit`, is the call's to report).
 */
export type OneHotParts<S extends Shape, Depth extends number> = number extends S["length"] ? number[] : [...S, Depth];
