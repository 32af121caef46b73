/**
 * `softmax` and `logSoftmax` along one axis (the last by default), computed
 * stably in one pass per slice: the maximum is subtracted before `exp`.
 */
import { allocate, floatDType } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { Tensor } from "../tensor.js";
import { assertTensor, roundedToFloat32, type View } from "./engine.js";
import type { AxisOp } from "./types.js";
import { normalizeAxis, writeScalarAxis } from "../shape/axis.js";

function along(op: string, x: unknown, axis: unknown, log: boolean): Tensor {
  assertTensor(op, "x", x);
  const rank = x.shape.length;
  if (rank === 0) throw new RangeError(writeScalarAxis(op));
  const at = normalizeAxis(op, "axis", axis ?? -1, rank);
  const dtype = floatDType(x.dtype);
  const shape = [...x.shape];
  const outStrides = contiguousStrides(shape);
  // int32 computes in float32: the elements are rounded to it first
  const v: View = x.dtype === "int32" && dtype === "float32" ? roundedToFloat32(x) : x;
  const out = allocate(dtype, x.size);
  const length = shape[at]!;
  const inStep = v.strides[at]!;
  const outStep = outStrides[at]!;
  // every position of the other axes, as an odometer
  const others = [...Array(rank).keys()].filter((a) => a !== at);
  const index = others.map(() => 0);
  const slices = others.reduce((p, a) => p * shape[a]!, 1);
  if (length === 0 || slices === 0) return new Tensor(out, shape, outStrides, 0, dtype);
  for (let s = 0; s < slices; s++) {
    let inStart = v.offset;
    let outStart = 0;
    for (let k = 0; k < others.length; k++) {
      inStart += index[k]! * v.strides[others[k]!]!;
      outStart += index[k]! * outStrides[others[k]!]!;
    }
    let top = -Infinity;
    for (let i = 0, p = inStart; i < length; i++, p += inStep) top = Math.max(top, v.data[p]!);
    let total = 0;
    for (let i = 0, p = inStart, q = outStart; i < length; i++, p += inStep, q += outStep) {
      const shifted = v.data[p]! - top;
      const e = Math.exp(shifted);
      total += e;
      out[q] = log ? shifted : e;
    }
    const logTotal = Math.log(total);
    for (let i = 0, q = outStart; i < length; i++, q += outStep) out[q] = log ? out[q]! - logTotal : out[q]! / total;
    for (let k = others.length - 1; k >= 0; k--) {
      if (++index[k]! < shape[others[k]!]!) break;
      index[k] = 0;
    }
  }
  return new Tensor(out, shape, outStrides, 0, dtype);
}

/** exp(x) / sum(exp(x)) along `axis` (default -1): each slice sums to 1. */
export const softmax = traced("softmax", (x: unknown, axis?: unknown) => along("softmax", x, axis, false)) as AxisOp<"softmax">;

/** log(softmax(x)) along `axis` (default -1), without the loss of precision of taking the log afterwards. */
export const logSoftmax = traced("logSoftmax", (x: unknown, axis?: unknown) => along("logSoftmax", x, axis, true)) as AxisOp<"logSoftmax">;
