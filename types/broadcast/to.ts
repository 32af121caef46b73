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
