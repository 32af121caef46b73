/**
 * The result shape of `topk(x, k, { axis })`: the axis (the last by default)
 * of size k. k must be an integer from 0 to the axis's size; a literal k
 * larger than a literal size is an error with the runtime's message (twin:
 * src/shape/topk.ts). Against a size the compiler does not know (`number`,
 * a `Dim`) the runtime checks, and against a size that is a type parameter
 * too (`TopKChecked` in src/ops/types.ts accepts k while its test is unresolved).
 *
 * @example
 * TopKShape<[2, 10], 3, -1>    //=> [2, 3]
 * ErrorMessage<TopKShape<[2, 10], 11, -1>>
 * //=> "topk: k = 11 is larger than axis 1 of size 10 (shape [2, 10])"
 */
import type { AxisIndex, RangeMessage } from "./axis.js";
import type { ShapeTypeError } from "./errors.js";
import type { Monus } from "./internal/arithmetic.js";
import type { Shape, ShowShape } from "./shape.js";

/** A k that is not a count: twin of `writeTopKCount` in src/shape/topk.ts. */
export type TopKCountMessage<K extends number> = `topk: k must be an integer from 0 to 2147483647, got ${K}`;

/** k past the axis: twin of `writeTopKLarger` in src/shape/topk.ts. */
export type TopKLargerMessage<K extends number, At extends number, Size extends number, Shown extends string> =
  `topk: k = ${K} is larger than axis ${At} of size ${Size} (shape ${Shown})`;

/** What is wrong with k on axis `At` of S, or never. */
export type TopKProblem<S extends Shape, K extends number, At extends number> =
  number extends K ? never
  : `${K}` extends `-${string}` | `${string}.${string}` ? TopKCountMessage<K>
  // (Monus is 0 when k fits, `number` when the size is not a literal, a positive literal when k is larger)
  : Monus<K, S[At] & number> extends infer Excess
    ? [Excess] extends [0] ? never : number extends Excess ? never : TopKLargerMessage<K, At, S[At] & number, ShowShape<S>>
  : never;

/** S with position At replaced by K; positions only, so shapes of type parameters keep their sizes. */
type Replaced<S extends Shape, At extends number, K extends number> = { -readonly [I in keyof S]: I extends `${At}` ? K : S[I] };

/**
 * The result shape by position alone, whether k fits or not (`number[]` for an axis out of
 * range): what a call gives once its k is accepted, which against a size that is a type
 * parameter is for the run time to check.
 */
export type TopKPlaced<S extends Shape, K extends number, Axis extends number> =
  number extends S["length"] ? number[]
  : AxisIndex<S, Axis> extends infer At extends number ? ([At] extends [never] ? number[] : Replaced<S, At, K>) : never;

export type TopKShape<S extends Shape, K extends number, Axis extends number> =
  number extends S["length"] ? number[]
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? ShapeTypeError<RangeMessage<"topk", "axis", Axis, S["length"]>>
    : [TopKProblem<S, K, At>] extends [never] ? Replaced<S, At, K>
    : ShapeTypeError<TopKProblem<S, K, At>>
  : never;
