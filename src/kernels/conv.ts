/**
 * Convolution kernels over logical axes, whatever the layout: x as
 * (N, C, H, W), w as (group, filter in group, channel in group, KH, KW), the
 * result as (N, F, OH, OW), each axis with its own stride (a 1d convolution is
 * a 2d one whose H is 1 with a kernel of 1). Output position `o` and tap `k` of
 * an axis read the virtual input at `v = o * stride + k * dilation - before`,
 * where input element `i` sits at `v = i * inputStep` and every other cell
 * (padding, and the holes a transposed convolution spreads between inputs) is
 * zero; a zero cell still multiplies its weight, as padding does in TensorFlow.
 *
 * `convolvePacked` is im2col without the intermediate matrix: each block of
 * output positions is packed straight into the packed matmul kernel's 4-row
 * panels (K ordered tap by tap, the channels of a tap innermost, contiguous in
 * a channels-last x; in float32 those runs are interleaved into the panels by
 * WebAssembly, `packRuns`, from a copy of x in its memory), the weights of a
 * group once into its B panels, and the block's product runs in WebAssembly
 * SIMD where the platform has it (src/kernels/matmul.ts), in the result's
 * precision: a float32 convolution packs float32 panels and sums in float32
 * (each product and sum rounded, taps in the order below), a float64 one in
 * doubles. `convolveDirect` is the plain loop, for integer results (each
 * product by Math.imul, sums wrapped to int32) and for one channel per group
 * (depthwise), where a product per position has nothing to pack. Nothing here
 * checks its input.
 */
import { type MatrixOut, packedProduct, padded, type Panels, type Precision } from "./matmul.js";

/** One spatial axis of a convolution. */
export interface ConvAxis {
  /** The input's size, and the virtual cells per input element (1, or a transpose's stride). */
  readonly input: number;
  readonly inputStep: number;
  /** The kernel's size, the spacing of its taps, the step between outputs, the padding before. */
  readonly size: number;
  readonly dilation: number;
  readonly stride: number;
  readonly before: number;
  readonly out: number;
}

/** What a kernel reads and writes: strides per logical axis. */
export interface ConvGeometry {
  readonly batch: number;
  readonly groups: number;
  readonly channelsPerGroup: number;
  readonly filtersPerGroup: number;
  readonly h: ConvAxis;
  readonly w: ConvAxis;
  /** x: offset, and strides of N, C, H, W. */
  readonly x: { readonly data: ArrayLike<number>; readonly offset: number; readonly strides: readonly [number, number, number, number] };
  /** w: offset, and strides of group, filter in group, channel in group, KH, KW. */
  readonly weight: { readonly data: ArrayLike<number>; readonly offset: number; readonly strides: readonly [number, number, number, number, number] };
  /** The result: strides of N, F, OH, OW, with OH's stride OW times OW's (a fresh tensor). */
  readonly out: { readonly data: { [index: number]: number }; readonly strides: readonly [number, number, number, number] };
}

/** Packed A of one block is kept near this many bytes (in L2 while every panel of B passes over it; 2^16 to 2^20 measured alike within this machine's noise, 2^20 a little ahead). */
const BLOCK_BYTES = 2 ** 20;

/** The most elements of a float32 x copied into WebAssembly memory to be packed there (larger ones are packed in JavaScript). */
const X_COPY_MAX = 2 ** 24;

/** The input element a virtual cell holds (its index), or -1 for a zero cell. */
function source(axis: ConvAxis, v: number): number {
  if (v < 0) return -1;
  if (axis.inputStep === 1) return v < axis.input ? v : -1;
  if (v % axis.inputStep !== 0) return -1;
  const i = v / axis.inputStep;
  return i < axis.input ? i : -1;
}

/** The input index of each (output position, tap) of an axis, -1 for a zero cell: `[o * size + k]`. */
function tapIndices(axis: ConvAxis): Int32Array {
  const table = new Int32Array(axis.out * axis.size);
  for (let o = 0; o < axis.out; o++) {
    for (let k = 0; k < axis.size; k++) table[o * axis.size + k] = source(axis, o * axis.stride + k * axis.dilation - axis.before);
  }
  return table;
}

/** The float convolution through the packed matrix product in `precision`, the result's dtype (see the module comment). */
export function convolvePacked(g: ConvGeometry, precision: Precision): void {
  const { h, w, channelsPerGroup: cg, filtersPerGroup: fg } = g;
  const rows = h.out * w.out;
  const taps = h.size * w.size;
  const depth = taps * cg;
  if (rows === 0 || fg === 0 || g.batch === 0) return;
  const blockRows = Math.min(padded(rows), Math.max(4, Math.floor(BLOCK_BYTES / ((precision === "float32" ? 4 : 8) * Math.max(depth, 1))) & ~3));
  const [xn, xc, xh, xw] = g.x.strides;
  const [wg, wf, wc, wh, ww] = g.weight.strides;
  const [on, of, , ow] = g.out.strides;
  const xData = g.x.data;
  const wData = g.weight.data;
  // channels-last, one group, taps touching: the taps of a window row and their channels are one run of x
  const runs = xc === 1 && w.inputStep === 1 && w.dilation * xw === cg;
  const run = w.size * cg;
  // float32 runs are packed in WebAssembly: the elements of x copied into its memory once, a table of runs per block (five addresses each)
  let first = g.x.offset;
  let last = g.x.offset;
  for (const [size, stride] of [[g.batch, xn], [g.groups * cg, xc], [h.input, xh], [w.input, xw]] as const) {
    const reach = (Math.max(size, 1) - 1) * stride;
    if (reach < 0) first += reach;
    else last += reach;
  }
  const span = last + 1 - first;
  const tableLength = 5 * (blockRows / 4) * h.size;
  const copyX = runs && precision === "float32" && xData instanceof Float32Array && span <= X_COPY_MAX;
  const product = packedProduct(blockRows, depth, fg, "auto", precision, copyX ? 4 * (span + tableLength) : 0);
  const scratch = product.scratch;
  let table: Int32Array | undefined;
  if (scratch !== undefined) {
    new Float32Array(scratch.buffer, scratch.at, span).set((xData as Float32Array).subarray(first, last + 1));
    table = new Int32Array(scratch.buffer, scratch.at + 4 * span, tableLength);
  }
  // the address of x's element 0 (outside the copy when x starts further on: only its own elements are read)
  const xAddress = scratch === undefined ? 0 : scratch.at - 4 * first;
  const tableAddress = scratch === undefined ? 0 : scratch.at + 4 * span;
  let entries = 0;
  // the input index of each (output position, tap) per axis, -1 for a zero cell: ih[oh * KH + kh]
  const ih = tapIndices(h);
  const iw = tapIndices(w);
  const bases = new Float64Array(4);
  const oh = new Int32Array(4);
  const owIndex = new Int32Array(4);
  try {
    for (let group = 0; group < g.groups; group++) {
      packWeights(wData, g.weight.offset + group * wg, wf, wc, wh, ww, h.size, w.size, cg, fg, product.B, product.columns);
      for (let n = 0; n < g.batch; n++) {
        const xBase = g.x.offset + n * xn + group * cg * xc;
        for (let r0 = 0; r0 < rows; r0 += blockRows) {
          const live = Math.min(blockRows, rows - r0);
          const A = product.A;
          let q = 0;
          for (let r = r0; r < r0 + live; r += 4) {
            // the four output positions of this panel (past the end: zero rows)
            for (let s = 0; s < 4; s++) {
              const position = Math.min(r + s, r0 + live - 1);
              oh[s] = Math.floor(position / w.out);
              owIndex[s] = position - oh[s]! * w.out;
            }
            const liveRows = Math.min(4, r0 + live - r);
            for (let kh = 0; kh < h.size; kh++) {
              if (runs && liveRows === 4) {
                // a row of the window, all its taps inside for each of the four positions: one contiguous run each
                let inside = true;
                for (let s = 0; s < 4 && inside; s++) {
                  const y = ih[oh[s]! * h.size + kh]!;
                  const from = iw[owIndex[s]! * w.size]!;
                  inside = y >= 0 && from >= 0 && iw[owIndex[s]! * w.size + w.size - 1]! >= 0;
                  bases[s] = xBase + y * xh + from * xw;
                }
                if (inside && table !== undefined) {
                  // A's panels start at address 0 of the memory, x at xAddress
                  const e = 5 * entries++;
                  table[e] = 4 * q;
                  for (let s = 0; s < 4; s++) table[e + 1 + s] = xAddress + 4 * bases[s]!;
                  q += 4 * run;
                  continue;
                }
                if (inside) {
                  const b0 = bases[0]!, b1 = bases[1]!, b2 = bases[2]!, b3 = bases[3]!;
                  for (let t = 0; t < run; t++) {
                    A[q] = xData[b0 + t]!;
                    A[q + 1] = xData[b1 + t]!;
                    A[q + 2] = xData[b2 + t]!;
                    A[q + 3] = xData[b3 + t]!;
                    q += 4;
                  }
                  continue;
                }
              }
              for (let kw = 0; kw < w.size; kw++) {
                for (let s = 0; s < 4; s++) {
                  const y = s < liveRows ? ih[oh[s]! * h.size + kh]! : -1;
                  const x = y < 0 ? -1 : iw[owIndex[s]! * w.size + kw]!;
                  bases[s] = x < 0 ? -1 : xBase + y * xh + x * xw;
                }
                const b0 = bases[0]!, b1 = bases[1]!, b2 = bases[2]!, b3 = bases[3]!;
                if (b0 >= 0 && b1 >= 0 && b2 >= 0 && b3 >= 0) {
                  for (let c = 0, d = 0; c < cg; c++, d += xc) {
                    A[q] = xData[b0 + d]!;
                    A[q + 1] = xData[b1 + d]!;
                    A[q + 2] = xData[b2 + d]!;
                    A[q + 3] = xData[b3 + d]!;
                    q += 4;
                  }
                } else {
                  for (let c = 0, d = 0; c < cg; c++, d += xc) {
                    A[q] = b0 >= 0 ? xData[b0 + d]! : 0;
                    A[q + 1] = b1 >= 0 ? xData[b1 + d]! : 0;
                    A[q + 2] = b2 >= 0 ? xData[b2 + d]! : 0;
                    A[q + 3] = b3 >= 0 ? xData[b3 + d]! : 0;
                    q += 4;
                  }
                }
              }
            }
          }
          if (entries > 0) scratch!.packRuns(tableAddress, entries, run);
          entries = 0;
          const c: MatrixOut = { data: g.out.data, offset: n * on + group * fg * of + r0 * ow, rowStride: ow, colStride: of };
          product.multiply(c, live);
        }
      }
    }
  } finally {
    product.done();
  }
}

/** Packs one group's weights as B [depth, filters] in panels of `width` columns along depth (taps, then channels innermost). */
function packWeights(
  data: ArrayLike<number>,
  offset: number,
  wf: number,
  wc: number,
  wh: number,
  ww: number,
  kh: number,
  kw: number,
  cg: number,
  fg: number,
  out: Panels,
  width: number,
): void {
  let q = 0;
  for (let f = 0; f < fg; f += width) {
    const liveCols = Math.min(width, fg - f);
    for (let y = 0; y < kh; y++) {
      for (let x = 0; x < kw; x++) {
        for (let c = 0; c < cg; c++) {
          const base = offset + f * wf + c * wc + y * wh + x * ww;
          for (let s = 0; s < width; s++) out[q++] = s < liveCols ? data[base + s * wf]! : 0;
        }
      }
    }
  }
}

/**
 * The plain loop: every output element sums its taps (channels innermost, in
 * the packed kernel's order) in doubles, rounded once when stored (float32
 * results too: within the packed kernel's bound, and more precise), or with
 * `integer` by Math.imul in int32, wrapped.
 */
export function convolveDirect(g: ConvGeometry, integer: boolean): void {
  const { h, w, channelsPerGroup: cg, filtersPerGroup: fg } = g;
  const [xn, xc, xh, xw] = g.x.strides;
  const [wg, wf, wc, wh, ww] = g.weight.strides;
  const [on, of, oh, ow] = g.out.strides;
  const xData = g.x.data;
  const wData = g.weight.data;
  const out = g.out.data;
  const ih = tapIndices(h);
  const iw = tapIndices(w);
  for (let n = 0; n < g.batch; n++) {
    for (let group = 0; group < g.groups; group++) {
      const xBase = g.x.offset + n * xn + group * cg * xc;
      for (let f = 0; f < fg; f++) {
        const wBase = g.weight.offset + group * wg + f * wf;
        const oBase = n * on + (group * fg + f) * of;
        for (let y = 0; y < h.out; y++) {
          for (let x = 0; x < w.out; x++) {
            let sum = 0;
            for (let kh = 0; kh < h.size; kh++) {
              const iy = ih[y * h.size + kh]!;
              for (let kw = 0; kw < w.size; kw++) {
                const ix = iy < 0 ? -1 : iw[x * w.size + kw]!;
                const wAt = wBase + kh * wh + kw * ww;
                if (ix < 0) {
                  // a zero cell: 0 times each weight (NaN for an infinite one)
                  if (!integer) for (let c = 0; c < cg; c++) sum += 0 * wData[wAt + c * wc]!;
                  continue;
                }
                const xAt = xBase + iy * xh + ix * xw;
                if (integer) for (let c = 0; c < cg; c++) sum = (sum + Math.imul(xData[xAt + c * xc]!, wData[wAt + c * wc]!)) | 0;
                else for (let c = 0; c < cg; c++) sum += xData[xAt + c * xc]! * wData[wAt + c * wc]!;
              }
            }
            out[oBase + y * oh + x * ow] = sum;
          }
        }
      }
    }
  }
}
