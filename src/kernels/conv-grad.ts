/**
 * The backward kernels of convolution, over the logical axes of
 * src/kernels/conv.ts whatever the layout: x as (N, C, H, W), w as (group,
 * filter in group, channel in group, KH, KW), the result and its gradient g as
 * (N, F, OH, OW), each read through its own strides (a 1d convolution is a 2d
 * one whose H is 1 with a kernel of 1). Output position `o` and tap `k` of an
 * axis read input `i = o * stride + k * dilation - before` when it is inside
 * the axis (outside it is padding: a zero cell, whose gradient goes nowhere).
 *
 * `convInputGrad` gives the gradient of x, `convFilterGrad` that of w. Both
 * first copy their operands into doubles laid out channels-last (g as
 * [N, OH, OW, F], x as [N, H, W, C], w as [group, KH, KW, C / groups, F / groups]),
 * so the innermost loops run over contiguous channels and filters whatever the
 * layout or strides; they sum in doubles and round once when they store.
 * Nothing here checks its input.
 */

/** One spatial axis of a convolution: the input's size, the kernel's size, the spacing of its taps, the step between outputs, the padding before, the output's size. */
export interface ConvGradAxis {
  readonly input: number;
  readonly size: number;
  readonly dilation: number;
  readonly stride: number;
  readonly before: number;
  readonly out: number;
}

/** The convolution whose gradient is taken. */
export interface ConvGradGeometry {
  readonly batch: number;
  readonly groups: number;
  readonly channelsPerGroup: number;
  readonly filtersPerGroup: number;
  readonly h: ConvGradAxis;
  readonly w: ConvGradAxis;
}

/** A strided operand, read element by element; `fround` rounds each element to float32 as it is read. */
export interface StridedRead {
  readonly data: ArrayLike<number>;
  readonly offset: number;
  readonly strides: readonly number[];
  readonly fround?: boolean;
}

/** A strided result, each element written once. */
export interface StridedWrite {
  readonly data: { [index: number]: number };
  readonly offset: number;
  readonly strides: readonly number[];
}

/**
 * The elements of a view of up to five axes (`sizes` and the view's own
 * `strides`, one per axis, in the order wanted) in row-major order, as doubles.
 */
export function packed(view: StridedRead, sizes: readonly number[], strides: readonly number[]): Float64Array {
  const [d0, d1, d2, d3, d4] = fiveOf(sizes, 1);
  const [s0, s1, s2, s3, s4] = fiveOf(strides, 0);
  const out = new Float64Array(d0 * d1 * d2 * d3 * d4);
  const data = view.data;
  const round = view.fround === true;
  let q = 0;
  for (let a = 0; a < d0; a++) {
    for (let b = 0; b < d1; b++) {
      for (let c = 0; c < d2; c++) {
        for (let d = 0; d < d3; d++) {
          let at = view.offset + a * s0 + b * s1 + c * s2 + d * s3;
          if (round) for (let e = 0; e < d4; e++, at += s4) out[q++] = Math.fround(data[at]!);
          else for (let e = 0; e < d4; e++, at += s4) out[q++] = data[at]!;
        }
      }
    }
  }
  return out;
}

/** Writes `source` (row-major over `sizes`, up to five axes) into `target` at its strides, one per axis in the same order. */
export function unpacked(source: Float64Array, sizes: readonly number[], target: StridedWrite, strides: readonly number[]): void {
  const [d0, d1, d2, d3, d4] = fiveOf(sizes, 1);
  const [s0, s1, s2, s3, s4] = fiveOf(strides, 0);
  const out = target.data;
  let q = 0;
  for (let a = 0; a < d0; a++) {
    for (let b = 0; b < d1; b++) {
      for (let c = 0; c < d2; c++) {
        for (let d = 0; d < d3; d++) {
          let at = target.offset + a * s0 + b * s1 + c * s2 + d * s3;
          for (let e = 0; e < d4; e++, at += s4) out[at] = source[q++]!;
        }
      }
    }
  }
}

/** Five values: `values` preceded by `fill` (leading unit axes). */
function fiveOf(values: readonly number[], fill: number): [number, number, number, number, number] {
  const five = [fill, fill, fill, fill, fill];
  const skip = 5 - values.length;
  values.forEach((v, i) => (five[skip + i] = v));
  return five as [number, number, number, number, number];
}

/** The input index of each (output position, tap) of an axis, -1 for padding: `[o * size + k]`. */
function tapIndices(axis: ConvGradAxis): Int32Array {
  const table = new Int32Array(axis.out * axis.size);
  for (let o = 0; o < axis.out; o++) {
    for (let k = 0; k < axis.size; k++) {
      const i = o * axis.stride + k * axis.dilation - axis.before;
      table[o * axis.size + k] = i >= 0 && i < axis.input ? i : -1;
    }
  }
  return table;
}

/**
 * Calls `visit` for every (batch, output position, tap) whose input position is inside x (not
 * padding), with the offsets of g's filters (`gAt`, in [N, OH, OW, F]), of the input's channels
 * (`inAt`, in [N, H, W, C]) and of the tap's block of the packed filter (`tap`, in [KH, KW, C/g, F/g]
 * within a group): the walk both gradients of a convolution share.
 */
function forEachTap(geo: ConvGradGeometry, visit: (gAt: number, inAt: number, tap: number) => void): void {
  const { batch, groups, channelsPerGroup: cg, filtersPerGroup: fg, h, w: wa } = geo;
  const channels = groups * cg;
  const filters = groups * fg;
  const ih = tapIndices(h);
  const iw = tapIndices(wa);
  const tapBlock = cg * fg;
  for (let n = 0; n < batch; n++) {
    for (let oy = 0; oy < h.out; oy++) {
      const outRow = (n * h.out + oy) * wa.out;
      for (let kh = 0; kh < h.size; kh++) {
        const iy = ih[oy * h.size + kh]!;
        if (iy < 0) continue;
        const inRow = (n * h.input + iy) * wa.input;
        for (let ox = 0; ox < wa.out; ox++) {
          const gAt = (outRow + ox) * filters;
          for (let kw = 0; kw < wa.size; kw++) {
            const ix = iw[ox * wa.size + kw]!;
            if (ix < 0) continue;
            visit(gAt, (inRow + ix) * channels, (kh * wa.size + kw) * tapBlock);
          }
        }
      }
    }
  }
}

/** g as doubles [N, OH, OW, F] from its strides (N, F, OH, OW). */
const packedG = (geo: ConvGradGeometry, g: StridedRead): Float64Array => {
  const [n, f, h, w] = g.strides;
  return packed(g, [geo.batch, geo.h.out, geo.w.out, geo.groups * geo.filtersPerGroup], [n!, h!, w!, f!]);
};

/**
 * The gradient of x of the convolution of x by `w` whose result has gradient
 * `g`: `dx[n, c, i] = sum over f, o, k with i = o * stride + k * dilation - before
 * of g[n, f, o] * w[f, c, k]`, written to `dx` at its strides (N, C, H, W).
 */
export function convInputGrad(geo: ConvGradGeometry, g: StridedRead, w: StridedRead, dx: StridedWrite): void {
  const { batch, groups, channelsPerGroup: cg, filtersPerGroup: fg, h, w: wa } = geo;
  const channels = groups * cg;
  const gP = packedG(geo, g);
  const [wg, wf, wc, wh, ww] = w.strides;
  const wP = packed(w, [groups, h.size, wa.size, cg, fg], [wg!, wh!, ww!, wc!, wf!]);
  const acc = new Float64Array(batch * h.input * wa.input * channels);
  const groupBlock = h.size * wa.size * cg * fg;
  forEachTap(geo, (gAt, dAt, tap) => {
    for (let group = 0; group < groups; group++) {
      const gBase = gAt + group * fg;
      const wBase = group * groupBlock + tap;
      const dBase = dAt + group * cg;
      for (let c = 0; c < cg; c++) {
        const wRow = wBase + c * fg;
        let sum = 0;
        for (let f = 0; f < fg; f++) sum += gP[gBase + f]! * wP[wRow + f]!;
        acc[dBase + c] = acc[dBase + c]! + sum;
      }
    }
  });
  const [sn, sc, sh, sw] = dx.strides;
  unpacked(acc, [batch, h.input, wa.input, channels], dx, [sn!, sh!, sw!, sc!]);
}

/**
 * The gradient of w of the convolution of `x` whose result has gradient `g`:
 * `dw[f, c, k] = sum over n, o with i = o * stride + k * dilation - before inside
 * of g[n, f, o] * x[n, c, i]`, written to `dw` at its strides (group, filter
 * in group, channel in group, KH, KW).
 */
export function convFilterGrad(geo: ConvGradGeometry, x: StridedRead, g: StridedRead, dw: StridedWrite): void {
  const { batch, groups, channelsPerGroup: cg, filtersPerGroup: fg, h, w: wa } = geo;
  const channels = groups * cg;
  const gP = packedG(geo, g);
  const [xn, xc, xh, xw] = x.strides;
  const xP = packed(x, [batch, h.input, wa.input, channels], [xn!, xh!, xw!, xc!]);
  const acc = new Float64Array(groups * h.size * wa.size * cg * fg);
  const groupBlock = h.size * wa.size * cg * fg;
  forEachTap(geo, (gAt, xAt, tap) => {
    for (let group = 0; group < groups; group++) {
      const gBase = gAt + group * fg;
      const aBase = group * groupBlock + tap;
      const xBase = xAt + group * cg;
      for (let c = 0; c < cg; c++) {
        const v = xP[xBase + c]!;
        const aRow = aBase + c * fg;
        for (let f = 0; f < fg; f++) acc[aRow + f] = acc[aRow + f]! + v * gP[gBase + f]!;
      }
    }
  });
  const [sg, sf, sc, sh, sw] = dw.strides;
  unpacked(acc, [groups, h.size, wa.size, cg, fg], dw, [sg!, sh!, sw!, sc!, sf!]);
}
