/**
 * The pooling kernel: a window slid over two spatial axes of a strided input,
 * seen as logical axes (N, C, H, W) whatever its layout (a 1d pool is a 2d one
 * whose H is 1 with a window of 1). Padding cells are skipped: max takes the
 * largest real element (NaN when any is NaN), avg divides by the count of real
 * elements. Nothing here checks its input.
 */

/** One spatial axis: input size and stride, window size, step, padding before, output size. */
export interface PoolAxis {
  readonly input: number;
  readonly stride: number;
  readonly size: number;
  readonly step: number;
  readonly before: number;
  readonly out: number;
}

/**
 * Writes `out` (contiguous in the order of `outStrides`, given per logical
 * axis N, C, H, W) from `data` at `offset` with `strides` per logical axis.
 * `round` maps each element before it is summed (avg of int32 rounds to float32).
 */
export function pool2d(
  kind: "max" | "avg",
  data: ArrayLike<number>,
  offset: number,
  strides: readonly [number, number, number, number],
  n: number,
  c: number,
  h: PoolAxis,
  w: PoolAxis,
  out: { [index: number]: number },
  outStrides: readonly [number, number, number, number],
  round: (v: number) => number = (v) => v,
): void {
  for (let in0 = 0; in0 < n; in0++) {
    for (let ic = 0; ic < c; ic++) {
      const base = offset + in0 * strides[0] + ic * strides[1];
      const outBase = in0 * outStrides[0] + ic * outStrides[1];
      for (let oh = 0; oh < h.out; oh++) {
        const h0 = oh * h.step - h.before;
        const hFrom = Math.max(h0, 0);
        const hTo = Math.min(h0 + h.size, h.input);
        for (let ow = 0; ow < w.out; ow++) {
          const w0 = ow * w.step - w.before;
          const wFrom = Math.max(w0, 0);
          const wTo = Math.min(w0 + w.size, w.input);
          let result: number;
          if (kind === "max") {
            result = -Infinity;
            let nan = false;
            for (let y = hFrom; y < hTo; y++) {
              for (let x = wFrom; x < wTo; x++) {
                const v = data[base + y * h.stride + x * w.stride]!;
                if (v !== v) nan = true;
                else if (v > result) result = v;
              }
            }
            if (nan) result = Number.NaN;
          } else {
            let sum = 0;
            for (let y = hFrom; y < hTo; y++) {
              for (let x = wFrom; x < wTo; x++) sum += round(data[base + y * h.stride + x * w.stride]!);
            }
            result = sum / ((hTo - hFrom) * (wTo - wFrom));
          }
          out[outBase + oh * outStrides[2] + ow * outStrides[3]] = result;
        }
      }
    }
  }
}
