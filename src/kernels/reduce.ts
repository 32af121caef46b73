/**
 * The folds of the reductions (src/ops/reduce.ts): for every output element,
 * the value of its block of the input, as a float64 "total" the op then
 * finishes (divides, rounds on store). Each runs in WebAssembly SIMD
 * (src/kernels/wasm/reduce.wat, written by scripts/wat/reduce.ts) when the
 * input lives in the engine's memory and its blocks have a layout the module
 * reads, else in JavaScript here; both give the same bits
 * (test/kernels/reduce-simd.test.ts).
 *
 * The order of a sum is part of its definition, so that both agree on every
 * layout: a block's elements are numbered k = 0, 1, ... in row-major order
 * over the reduced axes; element k goes to lane k % 8 of eight float64
 * accumulators, each starting at +0 and adding in order of k; the lanes
 * combine as ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)). A sum of
 * squared deviations (variance) does the same with `(x - mean) * (x - mean)`.
 * Max and min are `Math.max` / `Math.min` over the block (NaN wins, +0 is
 * above -0), whose result does not depend on the order; argmax and argmin
 * give the first index of the best element, or of the first NaN.
 */
import { scratchOf } from "./simd.js";
import { inMemory, memoryBuffer, META_BYTES, reduceKernel, STAGE_A } from "./wasm/arena.js";

/** The blocks a reduction folds: one per output element, in row-major order of the kept (outer) axes. */
export interface Blocks {
  readonly data: ArrayLike<number>;
  readonly offset: number;
  readonly outerDims: readonly number[];
  readonly outerStrides: readonly number[];
  readonly innerDims: readonly number[];
  readonly innerStrides: readonly number[];
}

const product = (dims: readonly number[]): number => dims.reduce((p, d) => p * d, 1);

/** Axes merged where one steps over the next exactly, size-1 axes dropped: the same elements in the same order. */
export function coalesce(dims: readonly number[], strides: readonly number[]): { dims: number[]; strides: number[] } {
  const out = { dims: [] as number[], strides: [] as number[] };
  for (let axis = 0; axis < dims.length; axis++) {
    const dim = dims[axis]!;
    const stride = strides[axis]!;
    if (dim === 1) continue;
    const last = out.dims.length - 1;
    if (last >= 0 && out.strides[last] === dim * stride) {
      out.dims[last]! *= dim;
      out.strides[last] = stride;
    } else {
      out.dims.push(dim);
      out.strides.push(stride);
    }
  }
  return out;
}

/** Calls `visit` with the buffer offset of every position of `dims`, row-major (once for no axes). */
export function forEachOffset(offset: number, dims: readonly number[], strides: readonly number[], visit: (start: number) => void): void {
  if (product(dims) === 0) return;
  const index = dims.map(() => 0);
  let position = offset;
  for (;;) {
    visit(position);
    let axis = dims.length - 1;
    for (; axis >= 0; axis--) {
      if (++index[axis]! < dims[axis]!) {
        position += strides[axis]!;
        break;
      }
      index[axis] = 0;
      position -= strides[axis]! * (dims[axis]! - 1);
    }
    if (axis < 0) return;
  }
}

/**
 * Calls `visit(p, n, step, k)` for every run of a block along its innermost
 * axis: `n` elements from offset `p`, `step` apart, the first being element `k`
 * of the block in row-major order. A block of no axes is one run of one element.
 */
export function forEachRun(start: number, dims: readonly number[], strides: readonly number[], visit: (p: number, n: number, step: number, k: number) => void): void {
  const rank = dims.length;
  if (rank === 0) {
    visit(start, 1, 1, 0);
    return;
  }
  const n = dims[rank - 1]!;
  const step = strides[rank - 1]!;
  let k = 0;
  forEachOffset(start, dims.slice(0, -1), strides.slice(0, -1), (p) => {
    visit(p, n, step, k);
    k += n;
  });
}

// ---- the JavaScript folds (the reference, and where SIMD does not run) ----

const lanes = new Float64Array(8);

/** The eight lanes' sum: ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)), as reduce.wat combines them. */
const combineLanes = (l: Float64Array): number => ((l[0]! + l[4]!) + (l[2]! + l[6]!)) + ((l[1]! + l[5]!) + (l[3]! + l[7]!));

/** Adds a run's elements (or their squared deviations from `mean`) to `lanes`, element k to lane k % 8. */
function laneRun(data: ArrayLike<number>, p: number, n: number, step: number, k: number, square: boolean, mean: number): void {
  let i = 0;
  for (; i < n && ((k + i) & 7) !== 0; i++, p += step) {
    const v = square ? (data[p]! - mean) * (data[p]! - mean) : data[p]!;
    lanes[(k + i) & 7]! += v;
  }
  let l0 = lanes[0]!, l1 = lanes[1]!, l2 = lanes[2]!, l3 = lanes[3]!, l4 = lanes[4]!, l5 = lanes[5]!, l6 = lanes[6]!, l7 = lanes[7]!;
  if (square) {
    for (; i + 8 <= n; i += 8, p += 8 * step) {
      const d0 = data[p]! - mean, d1 = data[p + step]! - mean, d2 = data[p + 2 * step]! - mean, d3 = data[p + 3 * step]! - mean;
      const d4 = data[p + 4 * step]! - mean, d5 = data[p + 5 * step]! - mean, d6 = data[p + 6 * step]! - mean, d7 = data[p + 7 * step]! - mean;
      l0 += d0 * d0; l1 += d1 * d1; l2 += d2 * d2; l3 += d3 * d3; l4 += d4 * d4; l5 += d5 * d5; l6 += d6 * d6; l7 += d7 * d7;
    }
  } else if (step === 1) {
    for (; i + 8 <= n; i += 8, p += 8) {
      l0 += data[p]!; l1 += data[p + 1]!; l2 += data[p + 2]!; l3 += data[p + 3]!;
      l4 += data[p + 4]!; l5 += data[p + 5]!; l6 += data[p + 6]!; l7 += data[p + 7]!;
    }
  } else {
    for (; i + 8 <= n; i += 8, p += 8 * step) {
      l0 += data[p]!; l1 += data[p + step]!; l2 += data[p + 2 * step]!; l3 += data[p + 3 * step]!;
      l4 += data[p + 4 * step]!; l5 += data[p + 5 * step]!; l6 += data[p + 6 * step]!; l7 += data[p + 7 * step]!;
    }
  }
  lanes[0] = l0; lanes[1] = l1; lanes[2] = l2; lanes[3] = l3; lanes[4] = l4; lanes[5] = l5; lanes[6] = l6; lanes[7] = l7;
  for (; i < n; i++, p += step) {
    const v = square ? (data[p]! - mean) * (data[p]! - mean) : data[p]!;
    lanes[(k + i) & 7]! += v;
  }
}

/** A block's sum (or sum of squared deviations) in the lane order. */
function laneSum(data: ArrayLike<number>, start: number, dims: readonly number[], strides: readonly number[], square: boolean, mean: number): number {
  lanes.fill(0);
  forEachRun(start, dims, strides, (p, n, step, k) => laneRun(data, p, n, step, k, square, mean));
  return combineLanes(lanes);
}

function extremeOf(data: ArrayLike<number>, start: number, dims: readonly number[], strides: readonly number[], max: boolean): number {
  let best = max ? -Infinity : Infinity;
  forEachRun(start, dims, strides, (p, n, step) => {
    // (a local in the loop: the captured variable is written once per run)
    let b = best;
    if (max) for (let i = 0; i < n; i++, p += step) b = Math.max(b, data[p]!);
    else for (let i = 0; i < n; i++, p += step) b = Math.min(b, data[p]!);
    best = b;
  });
  return best;
}

function argOf(data: ArrayLike<number>, start: number, dims: readonly number[], strides: readonly number[], max: boolean): number {
  let best = Number.NaN;
  let at = -1;
  forEachRun(start, dims, strides, (p, n, step, k) => {
    let i = 0;
    if (at < 0) {
      best = data[p]!;
      at = k;
      i = 1;
      p += step;
    }
    // the first best element; the first NaN wins, as in NumPy
    let b = best;
    let where = at;
    for (; i < n && b === b; i++, p += step) {
      const v = data[p]!;
      if (v !== v || (max ? v > b : v < b)) {
        b = v;
        where = k + i;
      }
    }
    best = b;
    at = where;
  });
  return at;
}

// ---- SIMD ----

type RunsKernel = (p: number, n: number, runs: number, runStride: number, dst: number) => void;
type RunsSquareKernel = (p: number, n: number, runs: number, runStride: number, means: number, dst: number) => void;
type ColumnsKernel = (p: number, n: number, step: number, cols: number, acc: number, dst: number) => void;
type ColumnsSquareKernel = (p: number, n: number, step: number, cols: number, means: number, acc: number, dst: number) => void;
type ColumnsExtremeKernel = (p: number, n: number, step: number, cols: number, dst: number) => void;

/** Results per call in the runs layout: the staging area (STAGE_A up to META_BYTES) holds f64 results, then f64 means. */
const RUN_CHUNK = Math.floor((META_BYTES - STAGE_A) / 16);
/** Columns per call in the columns layout: there, 8 lanes of f64, then means, then results. */
const COL_CHUNK = Math.floor((META_BYTES - STAGE_A) / 80);

export type Fold = "sum" | "square" | "max" | "min" | "argmax" | "argmin";

/**
 * The totals of every block by `reduce.wat`, or undefined when it does not
 * run here or cannot read this layout (then the JavaScript fold runs).
 * @internal (exported for the tests)
 */
export function simdTotals(fold: Fold, b: Blocks, means: Float64Array | undefined): Float64Array | undefined {
  const data = b.data;
  if (!(data instanceof Float32Array || data instanceof Float64Array) || !inMemory(data)) return undefined;
  const suffix = data instanceof Float32Array ? "f32" : "f64";
  const width = data.BYTES_PER_ELEMENT;
  const inner = coalesce(b.innerDims, b.innerStrides);
  if (inner.dims.length > 1) return undefined;
  const n = inner.dims[0] ?? 1;
  const innerStride = inner.strides[0] ?? 1;
  const outer = coalesce(b.outerDims, b.outerStrides);
  const last = outer.dims.length - 1;
  const lastDim = last >= 0 ? outer.dims[last]! : 1;
  const lastStride = last >= 0 ? outer.strides[last]! : 0;
  const others = { dims: outer.dims.slice(0, Math.max(last, 0)), strides: outer.strides.slice(0, Math.max(last, 0)) };
  const totals = new Float64Array(product(outer.dims));
  const buffer = memoryBuffer();
  const base = data.byteOffset;
  let k = 0;
  if (innerStride === 1 || n === 1) {
    // runs: each block contiguous; the last kept axis steps from one to the next
    const kernel = reduceKernel<RunsKernel & RunsSquareKernel>(`${fold === "square" ? "sq" : fold}_${suffix}`);
    if (kernel === undefined) return undefined;
    const arg = fold === "argmax" || fold === "argmin";
    const results = arg ? new Int32Array(buffer, STAGE_A, RUN_CHUNK) : new Float64Array(buffer, STAGE_A, RUN_CHUNK);
    const meanRoom = new Float64Array(buffer, STAGE_A + 8 * RUN_CHUNK, RUN_CHUNK);
    forEachOffset(b.offset, others.dims, others.strides, (start) => {
      for (let r = 0; r < lastDim; r += RUN_CHUNK) {
        const runs = Math.min(RUN_CHUNK, lastDim - r);
        const p = base + (start + r * lastStride) * width;
        if (fold === "square") {
          meanRoom.set(means!.subarray(k, k + runs));
          kernel(p, n, runs, lastStride * width, STAGE_A + 8 * RUN_CHUNK, STAGE_A);
        } else kernel(p, n, runs, lastStride * width, STAGE_A);
        for (let i = 0; i < runs; i++) totals[k++] = results[i]!;
      }
    });
    return totals;
  }
  if (lastStride !== 1 || fold === "argmax" || fold === "argmin") return undefined;
  // columns: the blocks of the last kept axis side by side, read a row at a time
  const acc = STAGE_A;
  const meansAt = STAGE_A + 64 * COL_CHUNK;
  const dst = meansAt + 8 * COL_CHUNK;
  const results = new Float64Array(buffer, dst, COL_CHUNK);
  const meanRoom = new Float64Array(buffer, meansAt, COL_CHUNK);
  const kernel = reduceKernel<ColumnsKernel & ColumnsSquareKernel & ColumnsExtremeKernel>(
    `${fold === "square" ? "sq" : fold}_cols_${suffix}`,
  );
  if (kernel === undefined) return undefined;
  forEachOffset(b.offset, others.dims, others.strides, (start) => {
    for (let c = 0; c < lastDim; c += COL_CHUNK) {
      const cols = Math.min(COL_CHUNK, lastDim - c);
      const p = base + (start + c) * width;
      if (fold === "square") {
        meanRoom.set(means!.subarray(k, k + cols));
        kernel(p, n, innerStride * width, cols, meansAt, acc, dst);
      } else if (fold === "sum") kernel(p, n, innerStride * width, cols, acc, dst);
      else kernel(p, n, innerStride * width, cols, dst);
      for (let i = 0; i < cols; i++) totals[k++] = results[i]!;
    }
  });
  return totals;
}

/**
 * The fold of every block, as float64: the sum (in the lane order), the sum of
 * squared deviations from `means[k]`, max, min, or argmax / argmin's index.
 * Blocks must not be empty.
 */
export function totalsOf(fold: Fold, b: Blocks, means?: Float64Array): Float64Array {
  const simd = simdTotals(fold, b, means);
  if (simd !== undefined) return simd;
  const totals = new Float64Array(product(b.outerDims));
  const { data, innerDims, innerStrides } = b;
  let k = 0;
  forEachOffset(b.offset, b.outerDims, b.outerStrides, (start) => {
    switch (fold) {
      case "sum":
        totals[k] = laneSum(data, start, innerDims, innerStrides, false, 0);
        break;
      case "square":
        totals[k] = laneSum(data, start, innerDims, innerStrides, true, means![k]!);
        break;
      case "max":
      case "min":
        totals[k] = extremeOf(data, start, innerDims, innerStrides, fold === "max");
        break;
      default:
        totals[k] = argOf(data, start, innerDims, innerStrides, fold === "argmax");
    }
    k++;
  });
  return totals;
}

type SoftmaxKernel = (p: number, n: number, o: number) => void;

/**
 * The float32 softmax (or logSoftmax, `log`) of the `n` contiguous elements of
 * `x` from `start` into `out` from `at` by `reduce.wat`, and says so; false when it does not run here
 * (src/ops/softmax.ts then runs the JavaScript, whose results are within one
 * float32 ulp: only `exp` and `log` differ). An array outside the engine's memory is
 * copied through the scratch block of ./simd.ts.
 */
export function softmaxSimd(x: ArrayLike<number>, start: number, n: number, out: ArrayLike<number>, at: number, log = false): boolean {
  if (!(x instanceof Float32Array && out instanceof Float32Array)) return false;
  const kernel = reduceKernel<SoftmaxKernel>(log ? "log_softmax_f32" : "softmax_f32");
  if (kernel === undefined) return false;
  const ownX = inMemory(x);
  const ownOut = inMemory(out);
  if (ownX && ownOut) {
    kernel(x.byteOffset + 4 * start, n, out.byteOffset + 4 * at);
    return true;
  }
  // what lives elsewhere goes through the scratch block: a copy costs a fraction of the exponentials
  const room = scratchOf((ownX ? 0 : n) + (ownOut ? 0 : n));
  if (room === undefined) return false;
  if (!ownX) room.set(x.subarray(start, start + n));
  const outAt = ownX ? 0 : n; // the output's place in the scratch, after a copied input
  const input = ownX ? x.byteOffset + 4 * start : room.byteOffset;
  const output = ownOut ? out.byteOffset + 4 * at : room.byteOffset + 4 * outAt;
  kernel(input, n, output);
  if (!ownOut) out.set(room.subarray(outAt, outAt + n), at);
  return true;
}

/** The eight lanes a sum adds into (element k to lane k % 8), for callers that sum as they go. */
export class LaneSum {
  readonly #lanes = new Float64Array(8);
  #k = 0;
  add(value: number): void {
    this.#lanes[this.#k & 7]! += value;
    this.#k++;
  }
  /** The lanes combined (`combineLanes`), and starts again. */
  total(): number {
    const total = combineLanes(this.#lanes);
    this.#lanes.fill(0);
    this.#k = 0;
    return total;
  }
}
