/**
 * Lowerings of the normalisations: `layerNorm`, `rmsNorm` and `batchNorm`
 * (src/ops/norm.ts). Each takes all its parameters as tensors (gamma and beta
 * are never optional in shapecast) of any dtype, and gives floatDType(x).
 *
 * Precision: shapecast accumulates the statistics in float64 and rounds each
 * element once. The lowerings compute in float64 whenever x or a parameter is
 * float64, else in float32, except layerNorm, which always computes in float64:
 * ONNX Runtime's LayerNormalization takes the variance in one pass
 * (mean of squares minus squared mean) in the input's dtype, which in float32
 * loses the digits of a slice whose mean is large against its spread. rmsNorm
 * (a mean of squares, no cancellation) and batchNorm (given statistics,
 * elementwise) stay within a few roundings of shapecast's in float32.
 *
 * - layerNorm: LayerNormalization (opset 17 on) over the axes from `axis`,
 *   gamma as Scale and beta as B, both of exactly those axes' shape.
 * - rmsNorm: `x / sqrt(mean(x^2) + epsilon) * gamma`, in shapecast's order,
 *   the mean a ReduceMean over the trailing axes (its axes an attribute before
 *   opset 18, an input from 18 on).
 * - batchNorm: `(x - mean) / sqrt(variance + epsilon) * gamma + beta`, each
 *   per-channel vector unsqueezed to line up with the channel axis (the last
 *   for NHWC, needing nothing; axis 1 for NCHW).
 */
import { type DType, floatDType, promote } from "../../dtype.js";
import { batchNormLayout, normLayout } from "../../shape/norm.js";
import type { Tensor } from "../../tensor.js";
import { float, int, ints } from "../graph.js";
import type { LowerContext, Lowering } from "./context.js";

/** The dtype a normalisation computes in: float64 when any of its tensors is, else float32. */
const computeIn = (tensors: readonly Tensor[]): DType => floatDType(tensors.reduce<DType>((d, t) => promote(d, t.dtype), "bool"));

/** The `epsilon` of the options, or the op's default. */
const epsilonOf = (options: unknown, fallback: number): number => (options as { epsilon?: number } | undefined)?.epsilon ?? fallback;

/** Each tensor's value converted to `dtype`. */
const values = (ctx: LowerContext, tensors: readonly Tensor[], dtype: DType): string[] => tensors.map((t) => ctx.cast(ctx.value(t), t.dtype, dtype));

/** `layerNorm(x, gamma, beta, { axis, epsilon })`: LayerNormalization in float64. */
const layerNorm: Lowering = (ctx, call) => {
  const [x, gamma, beta, options] = call.args as [Tensor, Tensor, Tensor, { axis?: number } | undefined];
  const out = call.outputs[0]!;
  const { at } = normLayout("layerNorm", x.shape, options?.axis, [["gamma", gamma.shape], ["beta", beta.shape]]);
  const dtype: DType = "float64";
  const [vx, vg, vb] = values(ctx, [x, gamma, beta], dtype);
  const normalized = ctx.node1("LayerNormalization", [vx!, vg!, vb!], { axis: int(at), epsilon: float(epsilonOf(options, 1e-5)) });
  ctx.bind(out, ctx.cast(normalized, dtype, out.dtype));
};

/** The mean of `value` (of rank `rank`) over its axes from `at`, kept as size-1 axes. */
function trailingMean(ctx: LowerContext, value: string, at: number, rank: number): string {
  const axes = Array.from({ length: rank - at }, (_, i) => at + i);
  if (ctx.opset >= 18) return ctx.node1("ReduceMean", [value, ctx.int64s(axes)], { keepdims: int(1) });
  return ctx.node1("ReduceMean", [value], { axes: ints(axes), keepdims: int(1) });
}

/** `rmsNorm(x, gamma, { axis, epsilon })`: x over the root of its mean square plus epsilon, times gamma. */
const rmsNorm: Lowering = (ctx, call) => {
  const [x, gamma, options] = call.args as [Tensor, Tensor, { axis?: number } | undefined];
  const out = call.outputs[0]!;
  const { at } = normLayout("rmsNorm", x.shape, options?.axis, [["gamma", gamma.shape]]);
  const dtype = computeIn([x, gamma]);
  const [vx, vg] = values(ctx, [x, gamma], dtype);
  const meanSquare = trailingMean(ctx, ctx.node1("Mul", [vx!, vx!]), at, x.shape.length);
  const divisor = ctx.node1("Sqrt", [ctx.node1("Add", [meanSquare, ctx.scalar(epsilonOf(options, 1e-6), dtype)])]);
  const normalized = ctx.node1("Mul", [ctx.node1("Div", [vx!, divisor]), vg!]);
  ctx.bind(out, ctx.cast(normalized, dtype, out.dtype));
};

/** `batchNorm(x, mean, variance, gamma, beta, { epsilon, layout })`: per channel, with the given statistics. */
const batchNorm: Lowering = (ctx, call) => {
  const [x, mean, variance, gamma, beta, options] = call.args as [Tensor, Tensor, Tensor, Tensor, Tensor, { layout?: "NHWC" | "NCHW" } | undefined];
  const out = call.outputs[0]!;
  const params = [mean, variance, gamma, beta];
  const { at } = batchNormLayout(x.shape, options?.layout ?? "NHWC", params.map((t, i) => [["mean", "variance", "gamma", "beta"][i]!, t.shape] as const));
  const dtype = computeIn([x, ...params]);
  const rank = x.shape.length;
  // a [C] vector against x: NumPy broadcasting lines it up with the last axis, so the axes after the channel axis are added as size 1
  const trailing = Array.from({ length: rank - 1 - at }, (_, i) => 1 + i);
  const [vx, vm, vv, vg, vb] = values(ctx, [x, ...params], dtype).map((value, i) =>
    i === 0 || trailing.length === 0 ? value : ctx.node1("Unsqueeze", [value, ctx.int64s(trailing)]),
  );
  const divisor = ctx.node1("Sqrt", [ctx.node1("Add", [vv!, ctx.scalar(epsilonOf(options, 1e-3), dtype)])]);
  const normalized = ctx.node1("Div", [ctx.node1("Sub", [vx!, vm!]), divisor]);
  ctx.bind(out, ctx.cast(ctx.node1("Add", [ctx.node1("Mul", [normalized, vg!]), vb!]), dtype, out.dtype));
};

export const normLowerings: Record<string, Lowering> = {
  layerNorm,
  rmsNorm,
  batchNorm,
};
