/**
 * Convolution: `conv1d`, `conv2d`, `depthwiseConv2d` and `conv2dTranspose`,
 * channels-last by default as TensorFlow.js (x `[N, H, W, C]`, w
 * `[KH, KW, C / groups, F]`) or channels-first with `layout: "NCHW"` as PyTorch
 * and ONNX (x `[N, C, H, W]`, w `[F, C / groups, KH, KW]`); options `strides`,
 * `padding` ("valid" by default, "same", a number or `[[before, after], ...]`),
 * `dilations`, `groups`, and for conv2dTranspose `outputPadding`. The shapes
 * follow src/shape/conv.ts.
 *
 * depthwiseConv2d takes TensorFlow.js's filter channels-last (w
 * `[KH, KW, C, M]`, output channel `c * M + m`) and PyTorch's and ONNX's
 * channels-first: a convolution with `groups` = C, w `[C * M, 1, KH, KW]`.
 * conv2dTranspose, the gradient of conv2d with respect to its input, takes
 * TensorFlow.js's filter channels-last (w `[KH, KW, F / groups, C]`) and
 * PyTorch's channels-first (w `[C, F / groups, KH, KW]`); it runs as a
 * convolution of the input spread `stride` cells apart with the kernel flipped.
 *
 * The result's dtype is `matmul`'s (an int32 operand of a float32 convolution is
 * rounded to float32 first). Float convolutions run through the packed
 * matrix product (im2col packed straight into its panels) in the result's
 * precision, as matmul: float32 ones sum in float32, each product and sum
 * rounded, taps in order (within gamma_k of the exact sum, k the taps times
 * the channels per group; src/kernels/matmul.ts), float64 ones in doubles. One
 * channel per group (depthwise) runs a plain loop in doubles, rounded once;
 * integer ones wrap in int32, as matmul.
 * Padding (and a transpose's holes) are zero cells that multiply their
 * weights, so an infinite weight over padding gives NaN, as in TensorFlow.
 * x and w are read through their strides: transposed or broadcast views need
 * no copy.
 */
import { allocate, arithmeticDType } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { type ConvAxis, convolveDirect, convolvePacked, type ConvGeometry } from "../kernels/conv.js";
import { contiguousStrides } from "../kernels/plan.js";
import { convLayout } from "../shape/conv.js";
import { checkSize } from "../shape/validate.js";
import { elementsOf, Tensor, viewOf } from "../tensor.js";
import type { ConvOp } from "../../types/conv.js";
import { assertTensor, roundedToFloat32, type View } from "./engine.js";
import type { ConvOpOf } from "./types.js";

function run(op: ConvOp, spatial: 1 | 2, x: unknown, w: unknown, options: unknown): Tensor {
  assertTensor(op, "x", x);
  assertTensor(op, "w", w);
  const layout = convLayout(op, spatial, x.shape, w.shape, options);
  const { shape, channelsFirst, weight, groups } = layout;
  const dtype = arithmeticDType(x.dtype, w.dtype);
  const size = checkSize(op, shape);
  const outStrides = contiguousStrides(shape);
  const out = new Tensor(allocate(op, dtype, size), shape, outStrides, 0, dtype);
  if (size === 0) return out;
  const X: View = x.dtype === "int32" && dtype === "float32" ? roundedToFloat32(op, x) : viewOf(x);
  const W: View = w.dtype === "int32" && dtype === "float32" ? roundedToFloat32(op, w) : viewOf(w);
  // logical axes: x (N, C, H, W) and the result (N, F, H, W); a 1d H is a unit axis of stride 0
  const byLayout = (s: readonly number[]): [number, number, number, number] =>
    spatial === 2 ? (channelsFirst ? [s[0]!, s[1]!, s[2]!, s[3]!] : [s[0]!, s[3]!, s[1]!, s[2]!]) : channelsFirst ? [s[0]!, s[1]!, 0, s[2]!] : [s[0]!, s[2]!, 0, s[1]!];
  const transpose = op === "conv2dTranspose";
  const kernel = weight.kernel.map((axis) => W.shape[axis]!);
  const tapStrides = weight.kernel.map((axis) => W.strides[axis]!);
  // a transpose reads its kernel flipped: from the last tap, with negative strides
  const flipOffset = transpose ? kernel.reduce((sum, k, j) => sum + (k - 1) * tapStrides[j]!, 0) : 0;
  const taps = (transpose ? tapStrides.map((s) => -s) : tapStrides) as number[];
  const [kh, kw] = spatial === 2 ? [taps[0]!, taps[1]!] : [0, taps[0]!];
  const f = W.strides[weight.filters]!;
  const c = W.strides[weight.channels]!;
  const cg = layout.channelsPerGroup;
  const fg = layout.filtersPerGroup;
  // where each group starts in w: by its filters, its channels (a transpose's w holds every channel), or a depthwise w's channel axis
  const depthwiseLast = op === "depthwiseConv2d" && !channelsFirst;
  const groupStride = depthwiseLast ? c : transpose ? cg * c : fg * f;
  const axisOf = (j: number): ConvAxis => {
    const win = layout.windows[j]!;
    const input = x.shape[layout.first + j]!;
    if (!transpose) return { input, inputStep: 1, size: win.size, dilation: win.dilation, stride: win.stride, before: win.before, out: win.out };
    // the transpose as a convolution over the input spread `stride` apart, padded by the span less its own padding
    return { input, inputStep: win.stride, size: win.size, dilation: win.dilation, stride: 1, before: win.dilation * (win.size - 1) - win.before, out: win.out };
  };
  const unit: ConvAxis = { input: 1, inputStep: 1, size: 1, dilation: 1, stride: 1, before: 0, out: 1 };
  const geometry: ConvGeometry = {
    batch: x.shape[0]!,
    groups,
    channelsPerGroup: cg,
    filtersPerGroup: fg,
    h: spatial === 2 ? axisOf(0) : unit,
    w: axisOf(spatial - 1),
    x: { data: X.data, offset: X.offset, strides: byLayout(X.strides) },
    weight: { data: W.data, offset: W.offset + flipOffset, strides: [groupStride, f, depthwiseLast ? 0 : c, kh, kw] },
    out: { data: elementsOf(out), strides: byLayout(outStrides) },
  };
  if (dtype === "int32" || dtype === "uint8") convolveDirect(geometry, true);
  else if (cg === 1 && groups > 1) convolveDirect(geometry, false);
  else convolvePacked(geometry, dtype === "float32" ? "float32" : "float64");
  return out;
}

/**
 * A 1-D convolution: x `[N, W, C]` by w `[K, C / groups, F]` gives `[N, OW, F]`
 * (`layout: "NCW"`: `[N, C, W]` by `[F, C / groups, K]` gives `[N, F, OW]`).
 *
 * @example
 * conv1d(zeros([8, 100, 16]), zeros([5, 16, 32]), { padding: "same" })   // Tensor<[8, 100, 32]>
 */
export const conv1d = /* @__PURE__ */ traced("conv1d", (x: unknown, w: unknown, options?: unknown) => run("conv1d", 1, x, w, options)) as ConvOpOf<"conv1d">;

/**
 * A 2-D convolution: x `[N, H, W, C]` by w `[KH, KW, C / groups, F]` gives
 * `[N, OH, OW, F]` (`layout: "NCHW"`: `[N, C, H, W]` by `[F, C / groups, KH, KW]`
 * gives `[N, F, OH, OW]`).
 *
 * @example
 * conv2d(zeros([8, 28, 28, 1]), zeros([3, 3, 1, 16]))                      // Tensor<[8, 26, 26, 16]>
 * conv2d(zeros([8, 3, 32, 32]), zeros([8, 3, 3, 3]), { layout: "NCHW", strides: 2, padding: "same" })  // Tensor<[8, 8, 16, 16]>
 */
export const conv2d = /* @__PURE__ */ traced("conv2d", (x: unknown, w: unknown, options?: unknown) => run("conv2d", 2, x, w, options)) as ConvOpOf<"conv2d">;

/**
 * A depthwise 2-D convolution: each channel by its own M filters. x
 * `[N, H, W, C]` by w `[KH, KW, C, M]` gives `[N, OH, OW, C * M]`
 * (`layout: "NCHW"`: `[N, C, H, W]` by `[C * M, 1, KH, KW]` gives `[N, C * M, OH, OW]`).
 *
 * @example
 * depthwiseConv2d(zeros([1, 32, 32, 8]), zeros([3, 3, 8, 2]), { padding: "same" })  // Tensor<[1, 32, 32, 16]>
 */
export const depthwiseConv2d = /* @__PURE__ */ traced("depthwiseConv2d", (x: unknown, w: unknown, options?: unknown) => run("depthwiseConv2d", 2, x, w, options)) as ConvOpOf<"depthwiseConv2d">;

/**
 * The transposed 2-D convolution (the gradient of conv2d with respect to its
 * input, an upsampling): x `[N, H, W, C]` by w `[KH, KW, F / groups, C]` gives
 * `[N, OH, OW, F]` with `OH = (H - 1) * stride + dilation * (KH - 1) + 1 - padding + outputPadding`
 * (`H * stride + outputPadding` with "same"); `layout: "NCHW"`: `[N, C, H, W]` by
 * `[C, F / groups, KH, KW]` gives `[N, F, OH, OW]`.
 *
 * @example
 * conv2dTranspose(zeros([1, 7, 7, 8]), zeros([3, 3, 4, 8]), { strides: 2, padding: "same" })  // Tensor<[1, 14, 14, 4]>
 */
export const conv2dTranspose = /* @__PURE__ */ traced("conv2dTranspose", (x: unknown, w: unknown, options?: unknown) => run("conv2dTranspose", 2, x, w, options)) as ConvOpOf<"conv2dTranspose">;
