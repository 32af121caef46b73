/**
 * `softmax` and `logSoftmax` along one axis (the last by default), computed
 * stably in one pass per slice: the maximum is subtracted before `exp`, and
 * the exponentials are summed in the eight lanes of the sums
 * (src/kernels/reduce.ts). A float32 softmax or logSoftmax along a contiguous
 * last axis runs in WebAssembly SIMD (within one float32 ulp of this
 * JavaScript: only `exp` and `log` are computed differently).
 */
import { floatDType } from "../dtype.js";
import { LaneSum, softmaxSimd } from "../kernels/reduce.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { elementsOf, Tensor } from "../tensor.js";
import { assertTensor, resultTensor, tensorView } from "./engine.js";
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
  const v = tensorView(op, x, dtype);
  const result = resultTensor(op, shape, dtype, x.size);
  const out = elementsOf(result);
  const length = shape[at]!;
  const inStep = v.strides[at]!;
  const outStep = outStrides[at]!;
  // every position of the other axes, as an odometer
  const others = [...Array(rank).keys()].filter((a) => a !== at);
  const index = others.map(() => 0);
  const slices = others.reduce((p, a) => p * shape[a]!, 1);
  if (length === 0 || slices === 0) return result;
  const simd = dtype === "float32" && inStep === 1 && outStep === 1;
  const total = new LaneSum();
  for (let s = 0; s < slices; s++) {
    let inStart = v.offset;
    let outStart = 0;
    for (let k = 0; k < others.length; k++) {
      inStart += index[k]! * v.strides[others[k]!]!;
      outStart += index[k]! * outStrides[others[k]!]!;
    }
    if (!(simd && softmaxSimd(v.data, inStart, length, out, outStart, log))) {
      let top = -Infinity;
      for (let i = 0, p = inStart; i < length; i++, p += inStep) top = Math.max(top, v.data[p]!);
      for (let i = 0, p = inStart, q = outStart; i < length; i++, p += inStep, q += outStep) {
        const shifted = v.data[p]! - top;
        const e = Math.exp(shifted);
        total.add(e);
        out[q] = log ? shifted : e;
      }
      const sum = total.total();
      const logTotal = Math.log(sum);
      for (let i = 0, q = outStart; i < length; i++, q += outStep) out[q] = log ? out[q]! - logTotal : out[q]! / sum;
    }
    for (let k = others.length - 1; k >= 0; k--) {
      if (++index[k]! < shape[others[k]!]!) break;
      index[k] = 0;
    }
  }
  return result;
}

/** exp(x) / sum(exp(x)) along `axis` (default -1): each slice sums to 1. */
export const softmax = /* @__PURE__ */ traced("softmax", (x: unknown, axis?: unknown) => along("softmax", x, axis, false)) as AxisOp<"softmax">;

/** log(softmax(x)) along `axis` (default -1), without the loss of precision of taking the log afterwards. */
export const logSoftmax = /* @__PURE__ */ traced("logSoftmax", (x: unknown, axis?: unknown) => along("logSoftmax", x, axis, true)) as AxisOp<"logSoftmax">;
