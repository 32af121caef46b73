/**
 * Result shapes of reductions: one axis, a list of axes, or all (`undefined`);
 * negative axes count from the end; `keepDims` keeps reduced axes as 1.
 * An axis out of range, or named twice in a list, is an error with the runtime's message. The runtime
 * twin is src/shape/reduce.ts.
 *
 * @example
 * Reduced<[2, 3, 4], 1, false>          //=> [2, 4]
 * Reduced<[2, 3, 4], [0, -1], true>     //=> [1, 3, 1]
 * Reduced<[2, 3, 4], undefined, false>  //=> []
 */
import type { AxisIndex, RangeMessage, TwiceMessage } from "./axis.js";
import type { ShapeTypeError } from "./errors.js";
import type { Shape } from "./shape.js";
import type { ShowList } from "./views.js";

/**
 * A reduction with no value (max, min, argmax, argmin) over an empty axis:
 * twin of `writeReduceEmpty` in src/shape/reduce.ts. The type rule does not
 * look at sizes, so only the runtime says it.
 */
export type ReduceEmptyMessage<Op extends string, Shown extends string> =
  `${Op}: cannot reduce an empty axis (shape ${Shown}); ${Op} of no elements has no value`;

/** The reduced axes as a union of indices, or the message for the first one out of range. */
type AxesOf<Op extends string, Axis, S extends Shape> =
  Axis extends number ? ([AxisIndex<S, Axis>] extends [never] ? ShapeTypeError<RangeMessage<Op, "axis", Axis, S["length"]>> : AxisIndex<S, Axis>)
  : Axis extends readonly number[] ? ListAxes<Op, Axis, Axis, S, [], never>
  : never;

/** The runtime's checks in its order: each entry in range, then not naming an axis already named. */
type ListAxes<Op extends string, All extends readonly number[], Axes extends readonly number[], S extends Shape, Index extends unknown[], Found> =
  Axes extends readonly [infer First extends number, ...infer Rest extends number[]]
    ? [AxisIndex<S, First>] extends [never]
      ? ShapeTypeError<RangeMessage<Op, `axis[${Index["length"]}]`, First, S["length"]>>
      : [AxisIndex<S, First>] extends [Found]
        ? ShapeTypeError<TwiceMessage<Op, "axis", ShowList<All>, AxisIndex<S, First>>>
        : ListAxes<Op, All, Rest, S, [...Index, unknown], Found | AxisIndex<S, First>>
    : Found;


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
    : KeepDims extends true ? Walk<S, Axes, 1, []> : Drop<S, Axes, [], []>
    : never;

// Both walks test only positions (literal numbers), never the sizes themselves: a test on a
// size that is a type parameter (`B` in generic code) cannot be decided and would leave the
// whole result deferred, while positions are known wherever the rank is.

/** S with the reduced positions replaced by `Marker` (keepDims: 1). */
type Walk<S extends Shape, Axes, Marker, Acc extends unknown[]> =
  S extends readonly [infer First, ...infer Rest extends Shape] ? Walk<Rest, Axes, Marker, [...Acc, Acc["length"] extends Axes ? Marker : First]> : Acc;

/** S without the reduced positions; `Index` counts the positions walked. */
type Drop<S extends Shape, Axes, Index extends unknown[], Acc extends number[]> =
  S extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? Drop<Rest, Axes, [...Index, unknown], Index["length"] extends Axes ? Acc : [...Acc, First]>
    : Acc;

export type Reduced<S extends Shape, Axis, KeepDims extends boolean = false> = ReducedOf<"reduce", S, Axis, KeepDims>;
