/**
 * Normalisations: `layerNorm` and `rmsNorm` over x's trailing axes from `axis` (the last by
 * default), each slice scaled by gamma (and shifted by beta) of exactly those axes' shape, and
 * `batchNorm` per channel with given statistics.
 * Statistics are accumulated in float64 and each element rounded once to the result's dtype,
 * which is float64 for float64 input and float32 for every other (as exp's and softmax's).
 */
import { allocate, floatDType } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { batchNormLayout, normLayout } from "../shape/norm.js";
import { checkFinite, checkOptionFields, describe } from "../shape/validate.js";
import { copyElements, Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import type { BatchNormOp, LayerNormOp, RmsNormOp } from "./types.js";

/** The `{ axis, epsilon }` options, each field checked by name; epsilon finite and not negative. */
function normOptions(op: string, options: unknown, defaultEpsilon: number): { axis: unknown; epsilon: number } {
  const { axis, epsilon } = checkOptionFields(op, options, ["axis", "epsilon"], `{ axis: -1, epsilon: ${defaultEpsilon} }`);
  if (epsilon === undefined) return { axis, epsilon: defaultEpsilon };
  checkFinite(op, "epsilon", epsilon);
  if (epsilon < 0) throw new RangeError(`${op}: epsilon must not be negative, got ${epsilon}`);
  return { axis, epsilon };
}

/** x's elements in row-major order, as doubles. */
const rowMajor = (op: string, x: Tensor): Float64Array => Float64Array.from(copyElements(op, x) as ArrayLike<number>);

/** Normalises each slice of `inner` elements: `(v - center) / divisor(slice) * gamma + beta`. */
function normalize(
  op: string,
  x: Tensor,
  params: readonly (readonly [string, unknown])[],
  axis: unknown,
  statistics: (values: Float64Array, start: number, inner: number) => { center: number; divisor: number },
): Tensor {
  const tensors = params.map(([name, value]) => {
    assertTensor(op, name, value);
    return [name, value] as const;
  });
  const { outer, inner } = normLayout(op, x.shape, axis, tensors.map(([name, t]) => [name, t.shape] as const));
  const values = rowMajor(op, x);
  const [gamma, beta] = tensors.map(([, t]) => rowMajor(op, t));
  const dtype = floatDType(x.dtype);
  const out = allocate(op, dtype, values.length);
  for (let slice = 0; slice < outer; slice++) {
    const start = slice * inner;
    const { center, divisor } = statistics(values, start, inner);
    for (let j = 0; j < inner; j++) {
      const normalized = ((values[start + j]! - center) / divisor) * gamma![j]!;
      out[start + j] = beta === undefined ? normalized : normalized + beta[j]!;
    }
  }
  return new Tensor(out, [...x.shape], contiguousStrides(x.shape), 0, dtype);
}

/**
 * Layer normalisation: each slice over the axes from `axis` (default -1) to the end, minus its
 * mean, over `sqrt(variance + epsilon)` (the population variance, epsilon 1e-5 by default, as
 * PyTorch's LayerNorm), times gamma plus beta, both of the shape of those axes.
 */
export const layerNorm = /* @__PURE__ */ traced("layerNorm", (x: unknown, gamma: unknown, beta: unknown, options?: unknown) => {
  const op = "layerNorm";
  assertTensor(op, "x", x);
  const { axis, epsilon } = normOptions(op, options, 1e-5);
  return normalize(op, x, [["gamma", gamma], ["beta", beta]], axis, (values, start, inner) => {
    let sum = 0;
    for (let j = 0; j < inner; j++) sum += values[start + j]!;
    const mean = sum / inner;
    let squares = 0;
    for (let j = 0; j < inner; j++) squares += (values[start + j]! - mean) ** 2;
    return { center: mean, divisor: Math.sqrt(squares / inner + epsilon) };
  });
}) as LayerNormOp;

/**
 * RMS normalisation: each slice over the axes from `axis` (default -1) to the end, over the root
 * of its mean square plus epsilon (1e-6 by default, as T5's and LLaMA's), times gamma; not
 * centred, no beta.
 */
export const rmsNorm = /* @__PURE__ */ traced("rmsNorm", (x: unknown, gamma: unknown, options?: unknown) => {
  const op = "rmsNorm";
  assertTensor(op, "x", x);
  const { axis, epsilon } = normOptions(op, options, 1e-6);
  return normalize(op, x, [["gamma", gamma]], axis, (values, start, inner) => {
    let squares = 0;
    for (let j = 0; j < inner; j++) squares += values[start + j]! ** 2;
    return { center: 0, divisor: Math.sqrt(squares / inner + epsilon) };
  });
}) as RmsNormOp;

/**
 * Batch normalisation with given statistics (inference): `(x - mean) / sqrt(variance + epsilon)
 * * gamma + beta` per channel, each vector of shape `[C]`, C the size of the channel axis: the
 * last (`layout: "NHWC"`, the default, channels last) or axis 1 (`"NCHW"`). epsilon 1e-3 by
 * default, as TensorFlow's BatchNormalization layer.
 */
export const batchNorm = /* @__PURE__ */ traced("batchNorm", (x: unknown, mean: unknown, variance: unknown, gamma: unknown, beta: unknown, options?: unknown) => {
  const op = "batchNorm";
  assertTensor(op, "x", x);
  const { epsilon: given, layout: chosen } = checkOptionFields(op, options, ["epsilon", "layout"], '{ epsilon: 1e-3, layout: "NHWC" }');
  if (chosen !== undefined && chosen !== "NHWC" && chosen !== "NCHW") throw new TypeError(`${op}: layout must be "NHWC" or "NCHW", got ${describe(chosen)}`);
  const layout = chosen ?? "NHWC";
  let epsilon = 1e-3;
  if (given !== undefined) {
    checkFinite(op, "epsilon", given);
    if (given < 0) throw new RangeError(`${op}: epsilon must not be negative, got ${given}`);
    epsilon = given;
  }
  const named = [["mean", mean], ["variance", variance], ["gamma", gamma], ["beta", beta]] as const;
  for (const [name, value] of named) assertTensor(op, name, value);
  const tensors = named.map(([name, value]) => [name, value as Tensor] as const);
  const { at, channels } = batchNormLayout(x.shape, layout, tensors.map(([name, t]) => [name, t.shape] as const));
  const [m, v, g, b] = tensors.map(([, t]) => rowMajor(op, t)) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const values = rowMajor(op, x);
  const inner = x.shape.slice(at + 1).reduce((p, d) => p * d, 1);
  const dtype = floatDType(x.dtype);
  const out = allocate(op, dtype, values.length);
  for (let i = 0; i < values.length; i++) {
    const c = Math.floor(i / inner) % channels;
    out[i] = ((values[i]! - m[c]!) / Math.sqrt(v[c]! + epsilon)) * g[c]! + b[c]!;
  }
  return new Tensor(out, [...x.shape], contiguousStrides(x.shape), 0, dtype);
}) as BatchNormOp;
