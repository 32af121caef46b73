/**
 * The result shape of `resize` and `upsample`: an image batch of rank 4,
 * `"NHWC"` (the default, as the pools) or `"NCHW"`, whose N and C are kept by
 * position and whose spatial sizes are replaced: by `size`'s `[outH, outW]`
 * (`resize`), or multiplied by an integer scale (`upsample`, `Times<H, 2>` for
 * a size that is a type parameter, types/size.ts). Nothing tests a size of x,
 * so a shape of type parameters keeps them. A literal size or scale that is
 * not a positive integer, and an unknown mode or coordinate mapping, are
 * compile errors with the runtime's message (twin: src/shape/resize.ts); the
 * rank error is the pools' (`PoolRankMessage`).
 *
 * @example
 * ResizeShape<"resize", [1, 8, 8, 3], [16, 12], {}>            //=> [1, 16, 12, 3]
 * UpsampleShape<"upsample", [1, 3, 4, 4], 2, { layout: "NCHW" }> //=> [1, 3, 8, 8]
 * ErrorMessage<ResizeShape<"resize", [8, 8, 3], [4, 4], {}>>
 * //=> "resize: x must have rank 4 (NHWC), got shape [8, 8, 3]"
 */
import type { ShapeTypeError } from "./errors.js";
import type { PoolRankMessage } from "./pool.js";
import type { Shape, ShowShape } from "./shape.js";
import type { Times } from "./size.js";
import type { OptionField } from "./window.js";

/** How an output pixel reads the input: the nearest pixel, or the four around it weighted by distance. */
export type ResizeMode = "nearest" | "bilinear";

/**
 * Where output pixel x lands on the input axis (in input pixels), for an axis from `in` to `out` cells:
 * `"half-pixel"` `(x + 0.5) * in / out - 0.5` (pixel centers, PyTorch's align_corners=False, TensorFlow's
 * halfPixelCenters, ONNX's half_pixel), `"align-corners"` `x * (in - 1) / (out - 1)` (the corner pixels
 * meet; 0 when out is 1), `"asymmetric"` `x * in / out` (TensorFlow 1's default, PyTorch's "nearest").
 */
export type ResizeCoordinates = "half-pixel" | "align-corners" | "asymmetric";

/** The options of `resize` and `upsample`. */
export interface ResizeOptions {
  /** `"bilinear"` (the default) or `"nearest"`. */
  readonly mode?: ResizeMode | (string & {}) | undefined;
  /** `"half-pixel"` (bilinear's default), `"asymmetric"` (nearest's default) or `"align-corners"`. */
  readonly coordinates?: ResizeCoordinates | (string & {}) | undefined;
  /** Where the spatial axes are: `"NHWC"` (the default) or `"NCHW"`. */
  readonly layout?: "NHWC" | "NCHW" | undefined;
}

/** An unknown mode: twin of `writeResizeMode` in src/shape/resize.ts. */
export type ResizeModeMessage<Op extends string, Mode extends string> = `${Op}: mode must be "nearest" or "bilinear", got "${Mode}"`;

/** An unknown coordinate mapping: twin of `writeResizeCoordinates` in src/shape/resize.ts. */
export type ResizeCoordinatesMessage<Op extends string, Name extends string> =
  `${Op}: coordinates must be "half-pixel", "align-corners" or "asymmetric", got "${Name}"`;

/** A fractional size or scale: twin of `checkInteger`'s message in src/shape/validate.ts. */
export type ResizeIntegerMessage<Op extends string, Name extends string, K extends number> = `${Op}: ${Name} must be an integer, got number ${K}`;

/** A size or scale below 1: twin of `checkCount`'s message in src/shape/validate.ts. */
export type ResizeCountMessage<Op extends string, Name extends string, K extends number> = `${Op}: ${Name} must be an integer from 1 to 2147483647, got ${K}`;

/** The layout of the options (`"NHWC"` when left out). */
export type ResizeLayoutOf<O> = OptionField<O, "layout", "NHWC">;

/** The mode of the options (`"bilinear"` when left out). */
export type ResizeModeOf<O> = OptionField<O, "mode", "bilinear">;

/**
 * The error of a literal `K` that is not a positive integer (`Name` is how the message names it),
 * `never` for one that is, and for `number`; unresolved for a type parameter, whose value the
 * run time checks (see `WindowFit` in src/ops/types.ts). Sizes past 2^31 - 1 are the runtime's
 * to refuse, as every limit.
 */
export type ResizeCountMisfit<Op extends string, Name extends string, K extends number> =
  number extends K ? never
  : `${K}` extends `${string}.${string}` | "NaN" | "Infinity" | "-Infinity" ? ShapeTypeError<ResizeIntegerMessage<Op, Name, K>>
  : `${K}` extends `-${string}` | "0" ? ShapeTypeError<ResizeCountMessage<Op, Name, K>>
  : never;

/** The first of a pair's misfits (`Name[0]`, then `Name[1]`), or the one number's. */
export type ResizePairMisfit<Op extends string, Name extends string, P> =
  P extends readonly [infer A extends number, infer B extends number]
    ? ResizeCountMisfit<Op, `${Name}[0]`, A> extends infer First ? ([First] extends [never] ? ResizeCountMisfit<Op, `${Name}[1]`, B> : First) : never
  : P extends number ? ResizeCountMisfit<Op, Name, P>
  : never;

/** The error of an unknown mode or coordinate mapping, `never` when both are known (or left out). */
export type ResizeOptionsMisfit<Op extends string, O> =
  OptionField<O, "mode", "bilinear"> extends infer Mode extends string
    ? Mode extends ResizeMode
      ? OptionField<O, "coordinates", "half-pixel"> extends infer Name extends string
        ? Name extends ResizeCoordinates ? never : ShapeTypeError<ResizeCoordinatesMessage<Op, Name>>
        : never
      : ShapeTypeError<ResizeModeMessage<Op, Mode>>
    : never;

/** The rank error of the layout. */
type RankError<Op extends string, Layout extends string, S extends Shape> = ShapeTypeError<PoolRankMessage<Op, 4, Layout, ShowShape<S>>>;

/** x's shape with its spatial sizes replaced by `OH` and `OW`, or the rank error: by position only. */
export type ResizedSpatial<Op extends string, S extends Shape, OH, OW, O> =
  number extends S["length"] ? number[]
  : ResizeLayoutOf<O> extends "NCHW"
    ? S extends readonly [infer N, infer C, unknown, unknown] ? [N, C, OH, OW] : RankError<Op, "NCHW", S>
    : S extends readonly [infer N, unknown, unknown, infer C] ? [N, OH, OW, C] : RankError<Op, "NHWC", S>;

/** The result shape of `resize(x, size, options)`: `Size`'s two sizes in place of x's spatial ones. */
export type ResizeShape<Op extends string, S extends Shape, Size, O> =
  // (read by index, not destructured by `infer`, as in types/pool.ts: a size computed from a type
  // parameter, `FloorDiv<H, 2>`, inferred to itself costs a measure of the alias's variance)
  Size extends readonly [unknown, unknown] ? ResizedSpatial<Op, S, Size[0], Size[1], O> : ResizedSpatial<Op, S, number, number, O>;

/** One spatial size scaled: `H` for a scale of 1 (decided on the scale alone), else `Times<H, K>`; `number` for an unknown scale. */
export type UpsampledSize<H extends number, K extends number> = number extends K ? number : [K] extends [1] ? H : Times<H, K>;

/** The scale of axis J (0 for height, 1 for width): the pair's entry, or the number. */
type ScaleOf<Scale, J extends 0 | 1> = Scale extends readonly [infer SH extends number, infer SW extends number] ? (J extends 0 ? SH : SW) : Scale extends number ? Scale : number;

/** The spatial entries of a rank-4 shape in the options' layout (nothing for another rank). */
type SpatialOf<S extends Shape, O> =
  ResizeLayoutOf<O> extends "NCHW"
    ? S extends readonly [unknown, unknown, infer H extends number, infer W extends number] ? [H, W] : [number, number]
    : S extends readonly [unknown, infer H extends number, infer W extends number, unknown] ? [H, W] : [number, number];

/** The result shape of `upsample(x, scale, options)`: x's spatial sizes times the scale. */
export type UpsampleShape<Op extends string, S extends Shape, Scale, O> =
  SpatialOf<S, O> extends [infer H extends number, infer W extends number] ? ResizedSpatial<Op, S, UpsampledSize<H, ScaleOf<Scale, 0>>, UpsampledSize<W, ScaleOf<Scale, 1>>, O> : never;
