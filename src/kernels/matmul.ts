/**
 * Matrix product kernel, GotoBLAS-style: C[M, N] = A[M, K] x B[K, N].
 *
 * A is packed into panels of 4 rows and B into panels of 4 columns, each
 * interleaved along K (`panel[p * 4 + r]`), padded with zeros to a multiple
 * of 4. The micro-kernel then computes every 4 x 4 tile of C with 16
 * accumulators from two panels read front to back: 8 loads per 16
 * multiply-adds, in doubles, with no edge cases. Operands are read through
 * strides, so transposed views need no copy beyond the packing.
 *
 * The micro-kernel runs in WebAssembly SIMD (wasm/matmul.wat: two doubles per
 * instruction, the same sums in the same order, so the same bits) where the
 * platform has it, and in JavaScript (`multiplyPacked`) otherwise. In
 * JavaScript it reaches about 5.5 GFLOP/s at 256^3 on the project's machine,
 * 2.9-3.05x a plain i-j-k triple loop whatever the tile (4x4, 3x4, 4x3, 2x6,
 * 2x8, float32 or float64 panels, K unrolled or blocked); scalar doubles are
 * its ceiling, hence the SIMD kernel.
 * No checks: src/ops/matmul.ts validates.
 */
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

/** Rows (or columns) rounded up to whole panels of 4. */
export const padded = (count: number): number => (count + 3) & ~3;

/** Packs A [rows, depth] into 4-row panels interleaved along depth. `out` holds padded(rows) * depth. */
export function packRows(a: MatrixView, rows: number, depth: number, out: Float64Array): void {
  const { data, rowStride: rs, colStride: cs } = a;
  let q = 0;
  for (let i = 0; i < rows; i += 4) {
    const live = Math.min(4, rows - i);
    let base = a.offset + i * rs;
    if (live === 4) {
      for (let p = 0; p < depth; p++, base += cs) {
        out[q] = data[base]!;
        out[q + 1] = data[base + rs]!;
        out[q + 2] = data[base + 2 * rs]!;
        out[q + 3] = data[base + 3 * rs]!;
        q += 4;
      }
    } else {
      for (let p = 0; p < depth; p++, base += cs) {
        for (let r = 0; r < 4; r++) out[q++] = r < live ? data[base + r * rs]! : 0;
      }
    }
  }
}

/**
 * Packs B [depth, cols] into 4-column panels interleaved along depth: the
 * rows of B's transpose, so `packRows` with the strides swapped.
 * `out` holds padded(cols) * depth.
 */
export function packColumns(b: MatrixView, depth: number, cols: number, out: Float64Array): void {
  packRows({ data: b.data, offset: b.offset, rowStride: b.colStride, colStride: b.rowStride }, cols, depth, out);
}

/** C = A x B from packed panels (`packRows` of A, `packColumns` of B); only the live rows and columns are written. */
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
        const tile = [c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33];
        for (let r = 0; r < rows; r++) for (let s = 0; s < cols; s++) out[o + r * cr + s * cc] = tile[r * 4 + s]!;
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
}

/** Packed operands and their product: in WebAssembly memory where it runs here, else in JavaScript arrays. */
export interface PackedProduct {
  /** A's panels: fill with `packRows`. */
  readonly A: Float64Array;
  /** B's panels: fill with `packColumns`. */
  readonly B: Float64Array;
  /** Which micro-kernel `multiply` runs. */
  readonly engine: "wasm" | "js";
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
 * makes a new instance (compiling the 611-byte module takes well under a millisecond).
 */
const WASM_KEEP_BYTES = 2 ** 26;
/** Rows of C computed per call into WebAssembly, so its block of C stays about this size. */
const C_BLOCK_BYTES = 2 ** 20;
const PAGE = 65536;

/** Room for an [m, k] x [k, n] product. `engine: "js"` keeps to JavaScript (tests compare the two). */
export function packedProduct(m: number, k: number, n: number, engine: "auto" | "js" = "auto"): PackedProduct {
  const rowsA = padded(m);
  const colsB = padded(n);
  const kernel = engine === "auto" && k > 0 ? (load(matmulWasm) as MatmulExports | undefined) : undefined;
  const blockRows = Math.min(rowsA, Math.max(4, Math.floor(C_BLOCK_BYTES / (8 * colsB)) & ~3));
  const aBytes = 8 * rowsA * k;
  const bBytes = 8 * colsB * k;
  const total = aBytes + bBytes + 8 * blockRows * colsB;
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
      const A = new Float64Array(memory.buffer, 0, rowsA * k);
      const B = new Float64Array(memory.buffer, aBytes, colsB * k);
      const C = new Float64Array(memory.buffer, aBytes + bBytes, blockRows * colsB);
      return {
        A,
        B,
        engine: "wasm",
        done() {
          if (memory.buffer.byteLength > WASM_KEEP_BYTES) unload(matmulWasm);
        },
        multiply(c, rows = m) {
          const out = c.data;
          const { rowStride: cr, colStride: cc } = c;
          for (let first = 0; first < rows; first += blockRows) {
            kernel.multiply(8 * first * k, aBytes, aBytes + bBytes, Math.min(blockRows, padded(rows) - first), k, colsB);
            const live = Math.min(blockRows, rows - first);
            for (let r = 0; r < live; r++) {
              let o = c.offset + (first + r) * cr;
              let q = r * colsB;
              for (let s = 0; s < n; s++, o += cc) out[o] = C[q++]!;
            }
          }
        },
      };
    }
  }
  const A = new Float64Array(rowsA * k);
  const B = new Float64Array(colsB * k);
  return { A, B, engine: "js", multiply: (c, rows = m) => multiplyPacked(A, B, c, rows, k, n), done: () => undefined };
}
