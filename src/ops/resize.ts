/**
 * Resizing images: `resize(x, [outH, outW], options?)` and
 * `upsample(x, scale, options?)` (each spatial size times an integer scale,
 * a number or `[sh, sw]`), x of rank 4, `"NHWC"` (the default, as the pools)
 * or `"NCHW"`; N and C kept. Options:
 * - `mode`: `"bilinear"` (the default, as PyTorch's `F.interpolate` on images
 *   in practice and TensorFlow's `tf.image.resize`) or `"nearest"`;
 * - `coordinates`: where an output pixel lands on the input,
 *   `"half-pixel"` (bilinear's default: PyTorch's align_corners=False,
 *   TensorFlow 2's default), `"asymmetric"` (nearest's default: PyTorch's
 *   `mode="nearest"`) or `"align-corners"`. The formulas and the rounding of
 *   nearest are in src/kernels/resize.ts.
 *
 * Dtypes: nearest copies pixels, so it keeps every dtype; bilinear blends
 * them and computes as `mean` and `avgPool2d` do: float64 stays float64, every
 * other dtype gives float32 (int32 rounded to float32 first).
 */
import { traced } from "../autodiff/tape.js";
import type { DType } from "../dtype.js";
import { floatDType } from "../dtype.js";
import { axisTaps, type ResizeGeometry, resizeForward } from "../kernels/resize.js";
import { resizeLayout, type ResizeLayout, upsampleLayout } from "../shape/resize.js";
import { elementsOf, type Tensor } from "../tensor.js";
import { assertTensor, resultTensor } from "./engine.js";
import type { ResizeOp, UpsampleOp } from "./types.js";

/** The strides of a rank-4 tensor in the layout, as (N, C, H, W). */
export const logicalStrides = (layout: ResizeLayout, strides: readonly number[]): number[] =>
  layout.first === 1 ? [strides[0]!, strides[3]!, strides[1]!, strides[2]!] : [strides[0]!, strides[1]!, strides[2]!, strides[3]!];

/** The taps of both spatial axes, and N and C, of a resize. */
export const geometryOf = (layout: ResizeLayout, shape: readonly number[]): ResizeGeometry => ({
  batch: shape[0]!,
  channels: shape[layout.first === 1 ? 3 : 1]!,
  h: axisTaps(layout.mode, layout.coordinates, layout.input[0], layout.output[0]),
  w: axisTaps(layout.mode, layout.coordinates, layout.input[1], layout.output[1]),
});

function run(op: string, x: unknown, arg: unknown, options: unknown): Tensor {
  assertTensor(op, "x", x);
  const layout = (op === "resize" ? resizeLayout : upsampleLayout)(op, x.shape, arg, options);
  const dtype: DType = layout.mode === "nearest" ? x.dtype : floatDType(x.dtype);
  const result = resultTensor(op, layout.shape, dtype, layout.shape.reduce((p, d) => p * d, 1));
  if (result.size === 0) return result;
  resizeForward(
    layout.mode,
    geometryOf(layout, x.shape),
    { data: elementsOf(x), offset: x.offset, strides: logicalStrides(layout, x.strides), fround: x.dtype === "int32" && dtype === "float32" },
    { data: elementsOf(result), offset: 0, strides: logicalStrides(layout, result.strides) },
  );
  return result;
}

/** x's images resized to `[outH, outW]`: bilinear (the default) or nearest, `"NHWC"` (the default) or `"NCHW"`. */
export const resize = /* @__PURE__ */ traced("resize", (x: unknown, size: unknown, options?: unknown) => run("resize", x, size, options)) as ResizeOp<"resize">;

/** x's images scaled up by an integer factor per spatial axis (a number, or `[sh, sw]`): `resize` to `[H * sh, W * sw]`. */
export const upsample = /* @__PURE__ */ traced("upsample", (x: unknown, scale: unknown, options?: unknown) => run("upsample", x, scale, options)) as UpsampleOp<"upsample">;
