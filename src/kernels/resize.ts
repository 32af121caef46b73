/**
 * The kernels of `resize` and `upsample`, over the logical axes (N, C, H, W)
 * whatever the layout: x read and the result written through their own
 * strides. Each spatial axis is precomputed once as a table of taps, one per
 * output index: the two input indices it reads and the weight of the second
 * (`"nearest"` reads one, its weight 0), so the inner loop is two or four
 * reads and a blend.
 *
 * Where output index x lands on an input axis of `in` cells, for an output of
 * `out` cells (types/resize.ts, `ResizeCoordinates`):
 * - `"half-pixel"`: `(x + 0.5) * in / out - 0.5`,
 * - `"align-corners"`: `x * (in - 1) / (out - 1)`, 0 when out is 1,
 * - `"asymmetric"`: `x * in / out`.
 *
 * Bilinear reads the two cells around that point, the point clamped to
 * `[0, in - 1]` (an edge pixel is repeated past the edge, as PyTorch, TensorFlow
 * and ONNX Runtime do). Nearest takes `floor` of the point for `"asymmetric"`
 * (PyTorch's "nearest", TensorFlow's default) and rounds half up for the others
 * (`floor(point + 0.5)`: PyTorch's "nearest-exact" and TensorFlow's
 * halfPixelCenters for `"half-pixel"`, TensorFlow's alignCorners for
 * `"align-corners"`). The nearest index is computed from integers, exactly: an
 * output that falls on a cell boundary picks the same cell at every size.
 *
 * `resizeBackward` is the adjoint: each output's gradient added to the cells it
 * read, by the same weights, in doubles, rounded once when stored. Nothing here
 * checks its input.
 */
import type { ResizeCoordinates, ResizeMode } from "../../types/resize.js";
import type { StridedRead, StridedWrite } from "./conv-grad.js";

/** The taps of one spatial axis: per output index, the cells `lo` and `hi` it reads, `hi`'s weight `frac`. */
export interface AxisTaps {
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly frac: Float64Array;
}

/** The taps of an axis of `input` cells resized to `output` cells. */
export function axisTaps(mode: ResizeMode, coordinates: ResizeCoordinates, input: number, output: number): AxisTaps {
  const lo = new Int32Array(output);
  const hi = new Int32Array(output);
  const frac = new Float64Array(output);
  const last = input - 1;
  for (let x = 0; x < output; x++) {
    if (mode === "nearest") {
      // floor(point) or floor(point + 0.5), as a quotient of integers
      const cell =
        coordinates === "asymmetric" ? Math.floor((x * input) / output)
        : coordinates === "half-pixel" ? Math.floor(((2 * x + 1) * input) / (2 * output))
        : output === 1 ? 0
        : Math.floor((2 * x * last + (output - 1)) / (2 * (output - 1)));
      lo[x] = hi[x] = Math.min(cell, last);
      continue;
    }
    const point =
      coordinates === "asymmetric" ? (x * input) / output
      : coordinates === "half-pixel" ? ((2 * x + 1) * input - output) / (2 * output)
      : output === 1 ? 0
      : (x * last) / (output - 1);
    const clamped = Math.min(Math.max(point, 0), last);
    const base = Math.floor(clamped);
    lo[x] = base;
    hi[x] = Math.min(base + 1, last);
    frac[x] = clamped - base;
  }
  return { lo, hi, frac };
}

/** A resize's sizes: batch, channels, and the taps of its two spatial axes. */
export interface ResizeGeometry {
  readonly batch: number;
  readonly channels: number;
  readonly h: AxisTaps;
  readonly w: AxisTaps;
}

/**
 * The forward pass: `out` (N, C, OH, OW) from x (N, C, H, W). `fround` rounds
 * each read to float32 first (int32 read into a float32 result, as the pools do).
 */
export function resizeForward(mode: ResizeMode, geo: ResizeGeometry, x: StridedRead, out: StridedWrite): void {
  const { batch, channels, h, w } = geo;
  const [sn, sc, sh, sw] = x.strides as [number, number, number, number];
  const [on, oc, oh, ow] = out.strides as [number, number, number, number];
  const data = x.data;
  const target = out.data;
  const round = x.fround === true ? Math.fround : undefined;
  const read = round === undefined ? (i: number) => data[i]! : (i: number) => round(data[i]!);
  const outH = h.lo.length;
  const outW = w.lo.length;
  // the input offsets of each output column, once
  const wLo = Int32Array.from(w.lo, (i) => i * sw);
  const wHi = Int32Array.from(w.hi, (i) => i * sw);
  for (let n = 0; n < batch; n++) {
    for (let c = 0; c < channels; c++) {
      const plane = x.offset + n * sn + c * sc;
      const outPlane = out.offset + n * on + c * oc;
      for (let y = 0; y < outH; y++) {
        const top = plane + h.lo[y]! * sh;
        const row = outPlane + y * oh;
        if (mode === "nearest") {
          for (let q = 0; q < outW; q++) target[row + q * ow] = data[top + wLo[q]!]!;
          continue;
        }
        const bottom = plane + h.hi[y]! * sh;
        const fy = h.frac[y]!;
        for (let q = 0; q < outW; q++) {
          const fx = w.frac[q]!;
          const a = read(top + wLo[q]!);
          const b = read(top + wHi[q]!);
          const upper = a + (b - a) * fx;
          const lower = read(bottom + wLo[q]!) + (read(bottom + wHi[q]!) - read(bottom + wLo[q]!)) * fx;
          target[row + q * ow] = upper + (lower - upper) * fy;
        }
      }
    }
  }
}

/**
 * The adjoint: `dx` (N, C, H, W), zeroed by the caller's allocation, gets each
 * output's gradient g (N, C, OH, OW) at the cells that output read, by their weights.
 */
export function resizeBackward(mode: ResizeMode, geo: ResizeGeometry, input: readonly [number, number], g: StridedRead, dx: StridedWrite): void {
  const { batch, channels, h, w } = geo;
  const [gn, gc, gh, gw] = g.strides as [number, number, number, number];
  const [dn, dc, dh, dw] = dx.strides as [number, number, number, number];
  const [inH, inW] = input;
  const outH = h.lo.length;
  const outW = w.lo.length;
  const sums = new Float64Array(inH * inW);
  for (let n = 0; n < batch; n++) {
    for (let c = 0; c < channels; c++) {
      sums.fill(0);
      const plane = g.offset + n * gn + c * gc;
      for (let y = 0; y < outH; y++) {
        const top = h.lo[y]! * inW;
        const bottom = h.hi[y]! * inW;
        const fy = mode === "nearest" ? 0 : h.frac[y]!;
        for (let q = 0; q < outW; q++) {
          const value = g.data[plane + y * gh + q * gw]!;
          if (mode === "nearest") {
            sums[top + w.lo[q]!]! += value;
            continue;
          }
          const fx = w.frac[q]!;
          const upper = value * (1 - fy);
          const lower = value * fy;
          sums[top + w.lo[q]!]! += upper * (1 - fx);
          sums[top + w.hi[q]!]! += upper * fx;
          sums[bottom + w.lo[q]!]! += lower * (1 - fx);
          sums[bottom + w.hi[q]!]! += lower * fx;
        }
      }
      const outPlane = dx.offset + n * dn + c * dc;
      for (let i = 0; i < inH; i++) for (let j = 0; j < inW; j++) dx.data[outPlane + i * dh + j * dw] = sums[i * inW + j]!;
    }
  }
}
