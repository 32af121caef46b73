/**
 * Matrix product kernel, GotoBLAS-style: C[M, N] = A[M, K] x B[K, N].
 *
 * A is packed into panels of 4 rows and B into panels of 4 columns (8 in
 * float32), each interleaved along K (`panel[p * width + r]`), padded with
 * zeros to whole panels. The micro-kernel then computes every tile of C (4 x 4
 * in doubles, 4 x 8 in float32) from two panels read front to back, with no
 * edge cases. Operands are read through strides, so transposed views need no
 * copy beyond the packing.
 *
 * Two precisions, chosen by the result's dtype:
 * - float64: products and sums in doubles.
 * - float32: panels of float32, each product rounded to float32 and added to
 *   a float32 accumulator (`c = fround(c + fround(a * b))`), as NumPy's sgemm
 *   and TensorFlow.js compute, and half the bytes to pack and read.
 * In both, each element of C sums its products one at a time in the order of
 * k, starting from +0, with multiply and add rounded separately (no fused
 * multiply-add). So the float32 result obeys the usual bound for a dot product
 * of length k: |computed - exact| <= gamma_k * sum_p |a_ip| * |b_pj|, where
 * gamma_k = k * u / (1 - k * u) and u = 2^-24 (the rounding of each product
 * included); the float64 result obeys it with u = 2^-53.
 *
 * The micro-kernels run in WebAssembly SIMD (wasm/matmul.wat: two doubles or
 * four floats per instruction, the same sums in the same order, so the same
 * bits) where the platform has it, and in JavaScript (`multiplyPacked`,
 * `multiplyPackedF32`) otherwise. In JavaScript the float64 kernel reaches
 * about 5.5 GFLOP/s at 256^3 on the project's machine, 2.9-3.05x a plain
 * i-j-k triple loop whatever the tile (4x4, 3x4, 4x3, 2x6, 2x8, float32 or
 * float64 panels, K unrolled or blocked); scalar doubles are its ceiling,
 * hence the SIMD kernels.
 * No checks: src/ops/matmul.ts validates.
 */
import { allocateArray } from "../dtype.js";
import { load, unload, type WasmMemory } from "./wasm/load.js";
import { matmulWasm } from "./wasm/matmul.wasm.js";

export interface MatrixView {
  readonly data: ArrayLike<number>;
  readonly offset: number;
  /** Stride between rows and between columns, in elements. */
  readonly rowStride: number;
  readonly colStride: number;
}

export interface MatrixOut {
  readonly data: { [index: number]: number };
  readonly offset: number;
  readonly rowStride: number;
  readonly colStride: number;
}

/** The precision a product computes in: its result's float dtype. */
export type Precision = "float32" | "float64";

/** Packed panels: doubles for a float64 product, floats for a float32 one. */
export type Panels = Float64Array | Float32Array;

/** Rows (or columns) rounded up to whole panels of `width` (4, or 8 for B's panels in float32). */
export const padded = (count: number, width = 4): number => Math.ceil(count / width) * width;

/** The width of B's panels: the columns of the micro-kernel's tile. */
export const panelColumns = (precision: Precision): number => (precision === "float32" ? 8 : 4);

/** Packs A [rows, depth] into panels of `width` rows interleaved along depth. `out` holds padded(rows, width) * depth. */
export function packRows(a: MatrixView, rows: number, depth: number, out: Panels, width = 4): void {
  const { data, rowStride: rs, colStride: cs } = a;
  let q = 0;
  for (let i = 0; i < rows; i += width) {
    const live = Math.min(width, rows - i);
    let base = a.offset + i * rs;
    if (live === 4 && width === 4) {
      for (let p = 0; p < depth; p++, base += cs) {
        out[q] = data[base]!;
        out[q + 1] = data[base + rs]!;
        out[q + 2] = data[base + 2 * rs]!;
        out[q + 3] = data[base + 3 * rs]!;
        q += 4;
      }
    } else if (live === 8 && width === 8) {
      // B's whole panels in float32: two rows of four per step
      const half = 4 * rs;
      for (let p = 0; p < depth; p++, base += cs, q += 8) {
        const top = base + half;
        out[q] = data[base]!; out[q + 1] = data[base + rs]!; out[q + 2] = data[base + 2 * rs]!; out[q + 3] = data[base + 3 * rs]!;
        out[q + 4] = data[top]!; out[q + 5] = data[top + rs]!; out[q + 6] = data[top + 2 * rs]!; out[q + 7] = data[top + 3 * rs]!;
      }
    } else {
      for (let p = 0; p < depth; p++, base += cs) {
        for (let r = 0; r < width; r++) out[q++] = r < live ? data[base + r * rs]! : 0;
      }
    }
  }
}

/**
 * Packs B [depth, cols] into panels of `width` columns interleaved along
 * depth: the rows of B's transpose, so `packRows` with the strides swapped.
 * `out` holds padded(cols, width) * depth.
 */
export function packColumns(b: MatrixView, depth: number, cols: number, out: Panels, width = 4): void {
  packRows({ data: b.data, offset: b.offset, rowStride: b.colStride, colStride: b.rowStride }, cols, depth, out, width);
}

/** Writes the live `rows` x `cols` corner of a 4 x 4 tile (row-major in `t`) at `o` of `c`. */
function storeTile(c: MatrixOut, o: number, rows: number, cols: number, t: readonly number[]): void {
  const out = c.data;
  for (let r = 0; r < rows; r++) for (let s = 0; s < cols; s++) out[o + r * c.rowStride + s * c.colStride] = t[r * 4 + s]!;
}

/** C = A x B from packed panels (`packRows` of A, `packColumns` of B, width 4, doubles); only the live rows and columns are written. */
export function multiplyPacked(A: Float64Array, B: Float64Array, c: MatrixOut, m: number, k: number, n: number): void {
  const out = c.data;
  const cr = c.rowStride;
  const cc = c.colStride;
  const panel = 4 * k;
  for (let i = 0; i < m; i += 4) {
    const rows = Math.min(4, m - i);
    const startA = (i >> 2) * panel;
    for (let j = 0; j < n; j += 4) {
      let c00 = 0, c01 = 0, c02 = 0, c03 = 0, c10 = 0, c11 = 0, c12 = 0, c13 = 0;
      let c20 = 0, c21 = 0, c22 = 0, c23 = 0, c30 = 0, c31 = 0, c32 = 0, c33 = 0;
      let pa = startA;
      let pb = (j >> 2) * panel;
      const end = startA + panel;
      for (; pa < end; pa += 4, pb += 4) {
        const x0 = A[pa]!, x1 = A[pa + 1]!, x2 = A[pa + 2]!, x3 = A[pa + 3]!;
        const y0 = B[pb]!, y1 = B[pb + 1]!, y2 = B[pb + 2]!, y3 = B[pb + 3]!;
        c00 += x0 * y0; c01 += x0 * y1; c02 += x0 * y2; c03 += x0 * y3;
        c10 += x1 * y0; c11 += x1 * y1; c12 += x1 * y2; c13 += x1 * y3;
        c20 += x2 * y0; c21 += x2 * y1; c22 += x2 * y2; c23 += x2 * y3;
        c30 += x3 * y0; c31 += x3 * y1; c32 += x3 * y2; c33 += x3 * y3;
      }
      const cols = Math.min(4, n - j);
      const o = c.offset + i * cr + j * cc;
      if (rows === 4 && cols === 4) {
        out[o] = c00; out[o + cc] = c01; out[o + 2 * cc] = c02; out[o + 3 * cc] = c03;
        out[o + cr] = c10; out[o + cr + cc] = c11; out[o + cr + 2 * cc] = c12; out[o + cr + 3 * cc] = c13;
        out[o + 2 * cr] = c20; out[o + 2 * cr + cc] = c21; out[o + 2 * cr + 2 * cc] = c22; out[o + 2 * cr + 3 * cc] = c23;
        out[o + 3 * cr] = c30; out[o + 3 * cr + cc] = c31; out[o + 3 * cr + 2 * cc] = c32; out[o + 3 * cr + 3 * cc] = c33;
      } else {
        // a tile at the edge: write its live part only
        storeTile(c, o, rows, cols, [c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33]);
      }
    }
  }
}

/**
 * C = A x B in float32 from packed panels (`packRows` of A width 4,
 * `packColumns` of B width 8, floats): each product and each sum rounded to
 * float32, in the order of k, so the bits of the WebAssembly kernel
 * `multiplyF32`. A row of 8 accumulators at a time (Math.fround makes more
 * cost more than they save); only the live rows and columns are written.
 */
export function multiplyPackedF32(A: Float32Array, B: Float32Array, c: MatrixOut, m: number, k: number, n: number): void {
  const f = Math.fround;
  const out = c.data;
  const cc = c.colStride;
  for (let i = 0; i < m; i++) {
    // row i is lane i % 4 of A's panel i / 4
    const startA = (i & ~3) * k + (i & 3);
    for (let j = 0; j < n; j += 8) {
      let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0;
      for (let pa = startA, pb = j * k, end = pb + 8 * k; pb < end; pa += 4, pb += 8) {
        const x = A[pa]!;
        c0 = f(c0 + f(x * B[pb]!)); c1 = f(c1 + f(x * B[pb + 1]!)); c2 = f(c2 + f(x * B[pb + 2]!)); c3 = f(c3 + f(x * B[pb + 3]!));
        c4 = f(c4 + f(x * B[pb + 4]!)); c5 = f(c5 + f(x * B[pb + 5]!)); c6 = f(c6 + f(x * B[pb + 6]!)); c7 = f(c7 + f(x * B[pb + 7]!));
      }
      const o = c.offset + i * c.rowStride + j * cc;
      if (j + 8 <= n) {
        out[o] = c0; out[o + cc] = c1; out[o + 2 * cc] = c2; out[o + 3 * cc] = c3;
        out[o + 4 * cc] = c4; out[o + 5 * cc] = c5; out[o + 6 * cc] = c6; out[o + 7 * cc] = c7;
      } else {
        const row = [c0, c1, c2, c3, c4, c5, c6, c7];
        for (let s = 0; s < n - j; s++) out[o + s * cc] = row[s]!;
      }
    }
  }
}

/**
 * C = A x B in 32-bit integers, for integer results: each product by
 * Math.imul, each sum wrapped to int32, so C is exact modulo 2^32 whatever the
 * order (and modulo 2^8 once stored as uint8). Reads A and B through their
 * strides; `row` holds n accumulators.
 */
export function integerProduct(a: MatrixView, b: MatrixView, c: MatrixOut, m: number, k: number, n: number, row: Int32Array): void {
  const A = a.data;
  const B = b.data;
  const out = c.data;
  const { rowStride: br, colStride: bc } = b;
  for (let i = 0; i < m; i++) {
    row.fill(0);
    let pa = a.offset + i * a.rowStride;
    let pb = b.offset;
    for (let p = 0; p < k; p++, pa += a.colStride, pb += br) {
      const x = A[pa]!;
      if (x === 0) continue;
      for (let j = 0, q = pb; j < n; j++, q += bc) row[j] = (row[j]! + Math.imul(x, B[q]!)) | 0;
    }
    for (let j = 0, o = c.offset + i * c.rowStride; j < n; j++, o += c.colStride) out[o] = row[j]!;
  }
}

interface MatmulExports {
  readonly memory: WasmMemory;
  multiply(a: number, b: number, c: number, rows: number, k: number, cols: number): void;
  multiplyF32(a: number, b: number, c: number, rows: number, k: number, cols: number): void;
  dotF32(x: number, y: number, count: number, sum: number): number;
  packRuns(table: number, count: number, run: number): void;
}

/**
 * Room in WebAssembly memory beside a product's panels, for a caller that
 * packs A there itself (the convolution's im2col): `bytes` from byte `at` of
 * `buffer`, and `packRuns` (see wasm/matmul.wat), whose addresses are bytes
 * of `buffer` (A's panels start at 0).
 */
export interface Scratch {
  readonly buffer: ArrayBuffer;
  readonly at: number;
  packRuns(table: number, count: number, run: number): void;
}

/** Packed operands and their product: in WebAssembly memory where it runs here, else in JavaScript arrays. */
export interface PackedProduct {
  /** A's panels (4 rows each): fill with `packRows`. */
  readonly A: Panels;
  /** B's panels (`columns` each): fill with `packColumns(b, k, n, B, columns)`. */
  readonly B: Panels;
  /** The width of B's panels: 4 in float64, 8 in float32. */
  readonly columns: number;
  /** Which micro-kernel `multiply` runs. */
  readonly engine: "wasm" | "js";
  /** The room asked for beside the panels, when the product runs in WebAssembly. */
  readonly scratch?: Scratch;
  /**
   * C = A x B for the packed panels; only the live rows and columns of `c` are
   * written. `rows` (at most m, the panels of A filled up to it) computes the
   * first rows only, so one product serves blocks of A of any height up to m.
   */
  multiply(c: MatrixOut, rows?: number): void;
  /** Call when the product is done: memory above what small products need is given back. */
  done(): void;
}

/** The most memory the WebAssembly kernel takes (packed A and B and a block of C); larger products run in JavaScript. */
const WASM_MAX_BYTES = 2 ** 30;
/**
 * WebAssembly memory only grows; after a product that needed more than this,
 * the instance is dropped so the memory can be collected, and the next product
 * makes a new instance (compiling the module takes well under a millisecond).
 */
const WASM_KEEP_BYTES = 2 ** 26;
/** Rows of C computed per call into WebAssembly, so its block of C stays about this size. */
const C_BLOCK_BYTES = 2 ** 20;
const PAGE = 65536;

/**
 * Copies rows `first` to `first + live` of C from the kernel's block (rows of
 * `width` elements, the first n live) into `c`: with typed-array copies where
 * C's rows are contiguous (one copy for the whole block when its rows follow
 * one another), else element by element.
 */
export function copyBlock(block: Panels, width: number, c: MatrixOut, first: number, live: number, n: number): void {
  const out = c.data;
  const { rowStride: cr, colStride: cc } = c;
  if (cc === 1 && (out instanceof Float32Array || out instanceof Float64Array)) {
    if (cr === width && n === width) out.set(block.subarray(0, live * width), c.offset + first * cr);
    else for (let r = 0; r < live; r++) out.set(block.subarray(r * width, r * width + n), c.offset + (first + r) * cr);
    return;
  }
  for (let r = 0; r < live; r++) {
    let o = c.offset + (first + r) * cr;
    let q = r * width;
    for (let s = 0; s < n; s++, o += cc) out[o] = block[q++]!;
  }
}

/**
 * Room for an [m, k] x [k, n] product in `precision`, and `scratchBytes` more
 * beside it in WebAssembly memory (`scratch`, when the product runs there).
 * `engine: "js"` keeps to JavaScript (tests compare the two).
 */
export function packedProduct(m: number, k: number, n: number, engine: "auto" | "js" = "auto", precision: Precision = "float64", scratchBytes = 0): PackedProduct {
  const single = precision === "float32";
  const bytes = single ? 4 : 8;
  const columns = panelColumns(precision);
  const Panel = single ? Float32Array : Float64Array;
  const rowsA = padded(m);
  const colsB = padded(n, columns);
  const kernel = engine === "auto" && k > 0 ? (load(matmulWasm) as MatmulExports | undefined) : undefined;
  const blockRows = Math.min(rowsA, Math.max(4, Math.floor(C_BLOCK_BYTES / (bytes * colsB)) & ~3));
  const aBytes = bytes * rowsA * k;
  const bBytes = bytes * colsB * k;
  const cBytes = bytes * blockRows * colsB;
  const total = aBytes + bBytes + cBytes + scratchBytes;
  if (kernel !== undefined && total <= WASM_MAX_BYTES) {
    const { memory } = kernel;
    let grown = true;
    if (memory.buffer.byteLength < total) {
      try {
        memory.grow(Math.ceil((total - memory.buffer.byteLength) / PAGE));
      } catch {
        grown = false; // the engine refused the memory: the JavaScript kernel needs less
      }
    }
    if (grown) {
      const A = new Panel(memory.buffer, 0, rowsA * k);
      const B = new Panel(memory.buffer, aBytes, colsB * k);
      const C = new Panel(memory.buffer, aBytes + bBytes, blockRows * colsB);
      const run = single ? kernel.multiplyF32 : kernel.multiply;
      const scratch = scratchBytes > 0 ? { buffer: memory.buffer, at: aBytes + bBytes + cBytes, packRuns: kernel.packRuns } : undefined;
      return {
        A,
        B,
        columns,
        engine: "wasm",
        ...(scratch === undefined ? {} : { scratch }),
        done() {
          if (memory.buffer.byteLength > WASM_KEEP_BYTES) unload(matmulWasm);
        },
        multiply(c, rows = m) {
          for (let first = 0; first < rows; first += blockRows) {
            run(bytes * first * k, aBytes, aBytes + bBytes, Math.min(blockRows, padded(rows) - first), k, colsB);
            copyBlock(C, colsB, c, first, Math.min(blockRows, rows - first), n);
          }
        },
      };
    }
  }
  if (single) {
    const A = allocateArray("matmul", Float32Array, rowsA * k);
    const B = allocateArray("matmul", Float32Array, colsB * k);
    return { A, B, columns, engine: "js", multiply: (c, rows = m) => multiplyPackedF32(A, B, c, rows, k, n), done: () => undefined };
  }
  const A = allocateArray("matmul", Float64Array, rowsA * k);
  const B = allocateArray("matmul", Float64Array, colsB * k);
  return { A, B, columns, engine: "js", multiply: (c, rows = m) => multiplyPacked(A, B, c, rows, k, n), done: () => undefined };
}

/** A vector read through a stride (0 for a broadcast one). */
export interface VectorView {
  readonly data: ArrayLike<number>;
  readonly offset: number;
  readonly stride: number;
}

/** Elements of each operand copied into WebAssembly memory per call of `dotF32`: both fit in the module's first page. */
const DOT_CHUNK = 4096;

/**
 * The sum over p < k of a[p] * b[p], the packed kernels' sum for one element
 * of C in their order and precision (one product at a time, p from 0, from
 * +0; in float32 each product and each sum rounded), so the same bits, for a
 * [1, k] by [k, 1] product that needs no panels. In float32 the sum runs in
 * WebAssembly where it can (a scalar float32 sum is a chain of additions;
 * JavaScript pays two conversions per Math.fround on that chain), a chunk of
 * both operands copied into its memory at a time; `engine: "js"` keeps to
 * JavaScript.
 */
export function dotProduct(a: VectorView, b: VectorView, k: number, precision: Precision, engine: "auto" | "js" = "auto"): number {
  const x = a.data;
  const y = b.data;
  let sum = 0;
  if (precision === "float64") {
    for (let p = 0, pa = a.offset, pb = b.offset; p < k; p++, pa += a.stride, pb += b.stride) sum += x[pa]! * y[pb]!;
    return sum;
  }
  const kernel = engine === "auto" && k > 0 ? (load(matmulWasm) as MatmulExports | undefined) : undefined;
  if (kernel === undefined) {
    const f = Math.fround;
    // the operands rounded to float32 as packing them would
    for (let p = 0, pa = a.offset, pb = b.offset; p < k; p++, pa += a.stride, pb += b.stride) sum = f(sum + f(f(x[pa]!) * f(y[pb]!)));
    return sum;
  }
  const X = new Float32Array(kernel.memory.buffer, 0, DOT_CHUNK);
  const Y = new Float32Array(kernel.memory.buffer, 4 * DOT_CHUNK, DOT_CHUNK);
  for (let p0 = 0; p0 < k; p0 += DOT_CHUNK) {
    const count = Math.min(DOT_CHUNK, k - p0);
    gather(a, p0, count, X);
    gather(b, p0, count, Y);
    sum = kernel.dotF32(0, 4 * DOT_CHUNK, count, sum);
  }
  return sum;
}

/** Elements `from` to `from + count` of `v` into the start of `out`: one fill for a broadcast vector, one copy for a contiguous float32 one. */
function gather(v: VectorView, from: number, count: number, out: Float32Array): void {
  const { data, stride } = v;
  const start = v.offset + from * stride;
  if (stride === 0) out.fill(data[start]!, 0, count);
  else if (stride === 1 && data instanceof Float32Array) out.set(data.subarray(start, start + count));
  else for (let i = 0, q = start; i < count; i++, q += stride) out[i] = data[q]!;
}
