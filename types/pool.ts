/**
 * The result shape of pooling: `maxPool2d` / `avgPool2d` on a rank-4 input
 * (`"NHWC"`, the default, or `"NCHW"`), `maxPool1d` / `avgPool1d` on a rank-3
 * one (`"NWC"`, the default, or `"NCW"`). N and C are kept by position (so
 * type parameters pass through), the spatial axes follow the window rule of
 * types/window.ts. Twin: src/shape/pool.ts.
 *
 * @example
 * PoolShape<"maxPool2d", [8, 28, 28, 3], { size: 2 }>     //=> [8, 14, 14, 3]
 * PoolShape<"avgPool1d", [8, 3, 10], { size: 3; strides: 1; padding: "same"; layout: "NCW" }>  //=> [8, 3, 10]
 */
import type { ShapeTypeError } from "./errors.js";
import type { Shape, ShowShape } from "./shape.js";
import type { OptionField, WindowPadding, WindowSizes } from "./window.js";

/** The pooling ops, by the rank of their window. */
export type PoolOp1d = "maxPool1d" | "avgPool1d";
export type PoolOp2d = "maxPool2d" | "avgPool2d";

/** The options of a pooling op with a window of `Rank` spatial axes. */
export interface PoolOptions<Rank extends 1 | 2 = 1 | 2> {
  /** The window's size: one for every spatial axis, or one per axis. */
  readonly size: number | (Rank extends 2 ? readonly [number, number] : readonly [number]);
  /** The steps of the window (the size by default). */
  readonly strides?: number | (Rank extends 2 ? readonly [number, number] : readonly [number]) | undefined;
  /** `"valid"` (the default), `"same"`, a number or `[[before, after], ...]`. */
  readonly padding?: WindowPadding | undefined;
  /** Where the spatial axes are: `"NHWC"` (the default) or `"NCHW"`; in 1d `"NWC"` (the default) or `"NCW"`. */
  readonly layout?: (Rank extends 2 ? "NHWC" | "NCHW" : "NWC" | "NCW") | undefined;
}

/** An input of the wrong rank: twin of `writePoolRank` in src/shape/pool.ts. */
export type PoolRankMessage<Op extends string, Rank extends number, Layout extends string, Shown extends string> =
  `${Op}: x must have rank ${Rank} (${Layout}), got shape ${Shown}`;

/** The rank error, once the shape prints (left open while a size is a type parameter, as in types/window.ts). */
type RankError<Op extends string, Rank extends number, Layout extends string, Shown> =
  [Shown] extends [string] ? ShapeTypeError<PoolRankMessage<Op, Rank, Layout, Shown>> : never;

/** The layout of the options (its default when left out). */
export type PoolLayout<Op extends string, O> = OptionField<O, "layout", Op extends PoolOp2d ? "NHWC" : "NWC">;

type Windowed<Op extends string, S extends Shape, Spatial extends Shape, First extends number, O> =
  WindowSizes<Op, Spatial, First, OptionField<O, "size", number>, OptionField<O, "strides", OptionField<O, "size", number>>, 1, OptionField<O, "padding", "valid">, S>;

export type PoolShape<Op extends string, S extends Shape, O> =
  number extends S["length"] ? number[]
  : Op extends PoolOp2d
    ? PoolLayout<Op, O> extends "NCHW"
      ? S extends readonly [infer N, infer C, infer H extends number, infer W extends number]
        ? Windowed<Op, S, [H, W], 2, O> extends infer R ? (R extends readonly [infer OH, infer OW] ? [N, C, OH, OW] : R) : never
        : RankError<Op, 4, "NCHW", ShowShape<S>>
      : S extends readonly [infer N, infer H extends number, infer W extends number, infer C]
        ? Windowed<Op, S, [H, W], 1, O> extends infer R ? (R extends readonly [infer OH, infer OW] ? [N, OH, OW, C] : R) : never
        : RankError<Op, 4, "NHWC", ShowShape<S>>
  : PoolLayout<Op, O> extends "NCW"
    ? S extends readonly [infer N, infer C, infer W extends number]
      ? Windowed<Op, S, [W], 2, O> extends infer R ? (R extends readonly [infer OW] ? [N, C, OW] : R) : never
      : RankError<Op, 3, "NCW", ShowShape<S>>
    : S extends readonly [infer N, infer W extends number, infer C]
      ? Windowed<Op, S, [W], 1, O> extends infer R ? (R extends readonly [infer OW] ? [N, OW, C] : R) : never
      : RankError<Op, 3, "NWC", ShowShape<S>>;
