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
import type { MisfitText, OptionField, WindowPadding, WindowSizes, WindowValuesKnown } from "./window.js";

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

/**
 * The options of a pooling call as its rule reads them: a window size alone (`maxPool2d(x, 2)`,
 * as `F.max_pool2d(x, 2)` is written) is `{ size: 2 }`, its strides the size; an object is itself.
 * Twin of the same reading in `poolLayout` (src/shape/pool.ts).
 */
export type PoolOptionsOf<O> = [O] extends [number] ? { readonly size: O } : O;

/** The layout of the options (its default when left out). */
export type PoolLayout<Op extends string, O> = OptionField<O, "layout", Op extends PoolOp2d ? "NHWC" : "NWC">;

type Windowed<Op extends string, S extends Shape, Spatial extends Shape, First extends number, O, Checked extends boolean> =
  // (unresolved while a window value is a type parameter: `WindowValuesKnown`)
  WindowValuesKnown<O> extends false ? never : WindowSizes<Op, Spatial, First, OptionField<O, "size", number>, OptionField<O, "strides", OptionField<O, "size", number>>, 1, OptionField<O, "padding", "valid">, S, Checked>;

/**
 * The result shape, or the error. With `Checked` false the spatial sizes are
 * not tested for a window larger than its axis (`WindowSizes`): the shape a
 * call returns, whose sizes may be expressions of type parameters. The output sizes are read by
 * index, not destructured by `infer`: inferring from `FloorDiv<H, 2>` to itself makes the
 * compiler measure how the alias varies with its operands (half a second and some 50,000
 * instantiations, once per program), as in types/conv.ts.
 */
export type PoolShape<Op extends string, S extends Shape, O, Checked extends boolean = true> =
  number extends S["length"] ? number[]
  : Op extends PoolOp2d
    ? PoolLayout<Op, O> extends "NCHW"
      ? S extends readonly [infer N, infer C, infer H extends number, infer W extends number]
        ? Windowed<Op, S, [H, W], 2, O, Checked> extends infer R ? (R extends readonly [unknown, unknown] ? [N, C, R[0], R[1]] : R) : never
        : RankError<Op, 4, "NCHW", ShowShape<S>>
      : S extends readonly [infer N, infer H extends number, infer W extends number, infer C]
        ? Windowed<Op, S, [H, W], 1, O, Checked> extends infer R ? (R extends readonly [unknown, unknown] ? [N, R[0], R[1], C] : R) : never
        : RankError<Op, 4, "NHWC", ShowShape<S>>
  : PoolLayout<Op, O> extends "NCW"
    ? S extends readonly [infer N, infer C, infer W extends number]
      ? Windowed<Op, S, [W], 2, O, Checked> extends infer R ? (R extends readonly [unknown] ? [N, C, R[0]] : R) : never
      : RankError<Op, 3, "NCW", ShowShape<S>>
    : S extends readonly [infer N, infer W extends number, infer C]
      ? Windowed<Op, S, [W], 1, O, Checked> extends infer R ? (R extends readonly [unknown] ? [N, R[0], C] : R) : never
      : RankError<Op, 3, "NWC", ShowShape<S>>;

/**
 * The error of a window larger than its axis, `never` when they fit, read off the shape
 * `Result` the call returns (`PoolShape` with `Checked` false, so nothing is computed twice):
 * a spatial output of 0 is a window larger than its axis (`WindowOut`). Decided when that
 * size is a literal, also beside a spatial size that is a type parameter; unresolved while a
 * spatial size is a type parameter and no literal axis misfits, as whether its window fits is
 * for the run time to say. `"same"` always fits.
 */
export type PoolMisfit<Op extends string, S extends Shape, O, Result> =
  // (with the padding beside the shape, so that the test waits while the options are still being
  // inferred: a result shape is a tuple, which the compiler would test at once, its sizes being
  // rules over options not yet known; and "same", which always fits, matches no pattern)
  [Result, OptionField<O, "padding", "valid">] extends [PoolMisfits<Op, O>, Exclude<WindowPadding, "same">] ? ShapeTypeError<PoolMisfitText<Op, S, O, Result>> : never;

/** The result shapes with a spatial output of 0, one pattern per spatial axis (see types/window.ts, `MisfitPattern`). */
type PoolMisfits<Op extends string, O> =
  Op extends PoolOp2d
    ? PoolLayout<Op, O> extends "NCHW" ? readonly [unknown, unknown, 0, unknown] | readonly [unknown, unknown, unknown, 0] : readonly [unknown, 0, unknown, unknown] | readonly [unknown, unknown, 0, unknown]
    : PoolLayout<Op, O> extends "NCW" ? readonly [unknown, unknown, 0] : readonly [unknown, 0, unknown];

/** The message of the first spatial axis whose output is 0 (see types/window.ts, `MisfitText`). */
type PoolMisfitText<Op extends string, S extends Shape, O, Result> =
  MisfitText<Op, SpatialOf<Op, O, S>, PoolLayout<Op, O> extends "NCHW" | "NCW" ? 2 : 1, OptionField<O, "size", number>, 1, OptionField<O, "padding", "valid">, S, SpatialOf<Op, O, Result>>;

/** The spatial entries of a shape in the op's layout. */
type SpatialOf<Op extends string, O, T> =
  Op extends PoolOp2d
    ? PoolLayout<Op, O> extends "NCHW"
      ? (T extends readonly [unknown, unknown, infer H extends number, infer W extends number] ? [H, W] : [])
      : (T extends readonly [unknown, infer H extends number, infer W extends number, unknown] ? [H, W] : [])
    : PoolLayout<Op, O> extends "NCW"
      ? (T extends readonly [unknown, unknown, infer W extends number] ? [W] : [])
      : (T extends readonly [unknown, infer W extends number, unknown] ? [W] : []);
