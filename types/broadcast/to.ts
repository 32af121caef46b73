/**
 * Broadcasting one shape to a target: `numpy` (unidirectional, as
 * `np.broadcast_to`) and `explicit` (`axesMapping`); `bidirectional` is
 * numpy.ts's rule. docs/broadcasting.md §3; the twin of src/shape/broadcast/to.ts.
 */
import type { WriteExplicitFix, WriteRankMismatch } from "../errors.js";
import type { PadToRank, SmallRank, ZipOneWayByRank } from "../internal/by-rank.js";
import type { OneWay } from "../internal/sizes.js";
import type { Ones, Unknowns } from "../internal/tuple.js";
import type { Shape } from "../shape.js";
import type { AxesChecked, Failure, LongerThan } from "./common.js";
import type { InDim, ValidAxisMaps } from "./in-dim.js";

type ZipOneWay<Input extends Shape, Target extends Shape> = {
  -readonly [Key in keyof Target]: OneWay<Input[Key & keyof Input], Target[Key]>;
};

export type ToNumpyRule<Input extends Shape, Target extends Shape> =
  [Input["length"], Target["length"]] extends [SmallRank, SmallRank]
    ? LongerThan<Input, Target> extends false
      ? AxesChecked<ZipOneWayByRank<PadToRank<Input, Target["length"] & SmallRank>, Target>, "explicit", Input, Target>
      : Failure<WriteRankMismatch<Input["length"], Target["length"]>, undefined>
  : Target extends readonly [...infer Head, ...Unknowns<Input>]
    ? AxesChecked<ZipOneWay<[...Ones<Head>, ...Input], Target>, "explicit", Input, Target>
    : Failure<WriteRankMismatch<Input["length"], Target["length"]>, undefined>;

export type ExplicitFix<Input extends Shape, Target extends Shape> =
  ValidAxisMaps<"one-way", Input, Target> extends infer Maps extends number[][]
    ? Maps["length"] extends 0 ? undefined : WriteExplicitFix<Maps>
    : never;

export type ExplicitRule<Input extends Shape, Target extends Shape, Mapping extends Shape> =
  number extends Mapping["length"] ? number[] : InDim<"explicit", Input, Target, false, Mapping>;

/**
 * numpy `broadcastTo` decided by structure, for shapes holding type parameters: `true` when each
 * size of `Input` (aligned from the right) is 1 or the very size of the target on its axis (the
 * same type parameter or literal), so the result is the target; `false` when a size is neither
 * (a literal misfit, or a size the rule decides: `number` against a literal); unresolved when
 * only the run time can tell (`B` to `C`, `B` to `4`). One test of every axis at once, which the
 * compiler decides for type parameters because each axis is asked as an object against a union
 * of objects and it need not say which member fits: `{ a: B; b: B }` fits
 * `{ a: 1 } | { a: B; b: B }` by its second member, `{ a: 1; b: C }` by its first.
 *
 * @example
 * OntoExact<[B, 1], [B, C]>       //=> true
 * OntoExact<[T, T], [B, H, T, T]> //=> true
 * OntoExact<[B, 4], [B, 8]>       //=> false
 */
export type OntoExact<Input extends Shape, Target extends Shape> =
  number extends Input["length"] ? false
  : Target extends readonly [...infer Head, ...Unknowns<Input>]
    ? Target extends readonly [...Head, ...infer Tail extends Shape]
      ? [{ [K in keyof Input]: { a: Input[K]; b: Tail[K & keyof Tail] } }] extends [{ [K in keyof Input]: { a: 1 } | { a: Tail[K & keyof Tail]; b: Input[K] } }]
        ? true
        : false
      : false
    : false;
