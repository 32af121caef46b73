/**
 * The backward kernels of pooling, over the logical axes of
 * src/kernels/pool.ts whatever the layout: x and its gradient as (N, C, H, W),
 * the result and its gradient g as (N, C, OH, OW), each read or written
 * through its own strides (a 1d pool is a 2d one whose H is 1 with a window of
 * 1). Output `o` of an axis covers inputs `o * step - before` to
 * `o * step - before + size - 1`, clipped to the axis (padding cells are not
 * elements).
 *
 * Max pooling sends each output's gradient to the element the forward pass
 * picked: the first largest of its window in row-major order (the first NaN
 * when the window holds one, as its result is NaN). `maxPoolArgmax` finds
 * those elements once; `maxPoolScatter` adds g into them and `maxPoolGather`
 * reads a tensor of x's shape at them (the two are each other's adjoint).
 * `avgPoolScatter` spreads each output's gradient evenly over the real
 * elements of its window (the adjoint of average pooling). Sums run in
 * doubles, rounded once when stored. Nothing here checks its input.
 */
import type { StridedRead, StridedWrite } from "./conv-grad.js";

/** One spatial axis: input size, window size, step, padding before, output size. */
export interface PoolGradAxis {
  readonly input: number;
  readonly size: number;
  readonly step: number;
  readonly before: number;
  readonly out: number;
}

/** The pooling whose gradient is taken: batch and channels, then the spatial axes. */
export interface PoolGradGeometry {
  readonly batch: number;
  readonly channels: number;
  readonly h: PoolGradAxis;
  readonly w: PoolGradAxis;
}

/** The first and past-the-last input of each output of an axis, clipped: `[2 * o]`, `[2 * o + 1]`. */
function bounds(axis: PoolGradAxis): Int32Array {
  const table = new Int32Array(2 * axis.out);
  for (let o = 0; o < axis.out; o++) {
    const start = o * axis.step - axis.before;
    table[2 * o] = Math.max(start, 0);
    table[2 * o + 1] = Math.min(start + axis.size, axis.input);
  }
  return table;
}

/**
 * For each output in row-major (N, C, OH, OW) order, the element the forward
 * max picked, as `y * W + x` in its (n, c) plane of x (strides N, C, H, W).
 */
export function maxPoolArgmax(geo: PoolGradGeometry, x: StridedRead): Int32Array {
  const { batch, channels, h, w } = geo;
  const [sn, sc, sh, sw] = x.strides as [number, number, number, number];
  const data = x.data;
  const hb = bounds(h);
  const wb = bounds(w);
  const table = new Int32Array(batch * channels * h.out * w.out);
  let q = 0;
  for (let n = 0; n < batch; n++) {
    for (let c = 0; c < channels; c++) {
      const base = x.offset + n * sn + c * sc;
      for (let oy = 0; oy < h.out; oy++) {
        const yFrom = hb[2 * oy]!;
        const yTo = hb[2 * oy + 1]!;
        for (let ox = 0; ox < w.out; ox++) {
          const xFrom = wb[2 * ox]!;
          const xTo = wb[2 * ox + 1]!;
          let pick = yFrom * w.input + xFrom;
          let best = data[base + yFrom * sh + xFrom * sw]!;
          if (best === best) {
            search: for (let y = yFrom; y < yTo; y++) {
              for (let i = y === yFrom ? xFrom + 1 : xFrom; i < xTo; i++) {
                const v = data[base + y * sh + i * sw]!;
                if (v !== v) {
                  pick = y * w.input + i;
                  break search;
                }
                if (v > best) {
                  best = v;
                  pick = y * w.input + i;
                }
              }
            }
          }
          table[q++] = pick;
        }
      }
    }
  }
  return table;
}

/** The gradient of x of max pooling: `g` (strides N, C, OH, OW) added at the picked elements, written to `dx` (strides N, C, H, W). */
export function maxPoolScatter(geo: PoolGradGeometry, picks: Int32Array, g: StridedRead, dx: StridedWrite): void {
  const { batch, channels, h, w } = geo;
  const [gn, gc, gh, gw] = g.strides as [number, number, number, number];
  const plane = h.input * w.input;
  const acc = new Float64Array(batch * channels * plane);
  let q = 0;
  for (let n = 0; n < batch; n++) {
    for (let c = 0; c < channels; c++) {
      const at = (n * channels + c) * plane;
      for (let oy = 0; oy < h.out; oy++) {
        const gRow = g.offset + n * gn + c * gc + oy * gh;
        for (let ox = 0; ox < w.out; ox++) {
          const i = at + picks[q++]!;
          acc[i] = acc[i]! + g.data[gRow + ox * gw]!;
        }
      }
    }
  }
  store(acc, geo, dx);
}

/** `t` (x's shape, strides N, C, H, W) read at the picked elements, written to `out` (strides N, C, OH, OW). */
export function maxPoolGather(geo: PoolGradGeometry, picks: Int32Array, t: StridedRead, out: StridedWrite): void {
  const { batch, channels, h, w } = geo;
  const [tn, tc, th, tw] = t.strides as [number, number, number, number];
  const [on, oc, oh, ow] = out.strides as [number, number, number, number];
  let q = 0;
  for (let n = 0; n < batch; n++) {
    for (let c = 0; c < channels; c++) {
      const base = t.offset + n * tn + c * tc;
      for (let oy = 0; oy < h.out; oy++) {
        const row = out.offset + n * on + c * oc + oy * oh;
        for (let ox = 0; ox < w.out; ox++) {
          const pick = picks[q++]!;
          const y = Math.floor(pick / w.input);
          out.data[row + ox * ow] = t.data[base + y * th + (pick - y * w.input) * tw]!;
        }
      }
    }
  }
}

/** The gradient of x of average pooling: each of `g`'s elements (strides N, C, OH, OW) over the count of its window's real elements, added to each of them; written to `dx` (strides N, C, H, W). */
export function avgPoolScatter(geo: PoolGradGeometry, g: StridedRead, dx: StridedWrite): void {
  const { batch, channels, h, w } = geo;
  const [gn, gc, gh, gw] = g.strides as [number, number, number, number];
  const hb = bounds(h);
  const wb = bounds(w);
  const plane = h.input * w.input;
  const acc = new Float64Array(batch * channels * plane);
  for (let n = 0; n < batch; n++) {
    for (let c = 0; c < channels; c++) {
      const at = (n * channels + c) * plane;
      for (let oy = 0; oy < h.out; oy++) {
        const yFrom = hb[2 * oy]!;
        const yTo = hb[2 * oy + 1]!;
        const gRow = g.offset + n * gn + c * gc + oy * gh;
        for (let ox = 0; ox < w.out; ox++) {
          const xFrom = wb[2 * ox]!;
          const xTo = wb[2 * ox + 1]!;
          const share = g.data[gRow + ox * gw]! / ((yTo - yFrom) * (xTo - xFrom));
          for (let y = yFrom; y < yTo; y++) {
            const row = at + y * w.input;
            for (let i = xFrom; i < xTo; i++) acc[row + i] = acc[row + i]! + share;
          }
        }
      }
    }
  }
  store(acc, geo, dx);
}

/** Writes `acc` (row-major N, C, H, W) to `dx` at its strides. */
function store(acc: Float64Array, geo: PoolGradGeometry, dx: StridedWrite): void {
  const { batch, channels, h, w } = geo;
  const [sn, sc, sh, sw] = dx.strides as [number, number, number, number];
  const out = dx.data;
  let q = 0;
  for (let n = 0; n < batch; n++) {
    for (let c = 0; c < channels; c++) {
      for (let y = 0; y < h.input; y++) {
        const row = dx.offset + n * sn + c * sc + y * sh;
        for (let i = 0; i < w.input; i++) out[row + i * sw] = acc[q++]!;
      }
    }
  }
}
