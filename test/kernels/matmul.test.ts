/**
 * The matmul kernels in JavaScript (src/kernels/matmul.ts) against the plain
 * definition C[i][j] = sum over p of A[i][p] * B[p][j]: the packed float
 * kernels, float64 and float32 (what runs where WebAssembly SIMD does not), and the integer kernel
 * (int32 and uint8 results, exact modulo 2^32). Operands read through any
 * strides; C written through strides into a buffer with room around it, of
 * which only C's own elements may change (each kernel promises to write only
 * the live rows and columns).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { integerProduct, type MatrixView, multiplyPacked, multiplyPackedF32, packColumns, packRows, padded } from "../../src/kernels/matmul.js";

const SENTINEL = -7;

/** A [rows, cols] matrix of small integers (exact in doubles and in int32 sums), row-major or transposed in its buffer, at an offset. */
const matrixArb = (rows: number, cols: number) =>
  fc
    .record({ transposed: fc.boolean(), offset: fc.nat(3), values: fc.array(fc.integer({ min: -9, max: 9 }), { minLength: rows * cols, maxLength: rows * cols }) })
    .map(({ transposed, offset, values }): MatrixView & { get(i: number, j: number): number } => {
      const data = new Float64Array(offset + rows * cols).fill(Number.NaN); // a read outside the matrix poisons the result
      const [rowStride, colStride] = transposed ? [1, rows] : [cols, 1];
      for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[offset + i * rowStride + j * colStride] = values[i * cols + j]!;
      return { data, offset, rowStride, colStride, get: (i, j) => data[offset + i * rowStride + j * colStride]! };
    });

/** C through strides (every other column, a row of room above and below, or transposed), and the positions it owns. */
const outFor = (m: number, n: number, transposed: boolean) => {
  const [rowStride, colStride] = transposed ? [2, 2 * m] : [2 * n, 2];
  const width = transposed ? 2 * m : 2 * n;
  const offset = transposed ? 1 + 2 * m : 1 + 2 * n;
  const data = new Float64Array((transposed ? n + 2 : m + 2) * width).fill(SENTINEL);
  return { data, offset, rowStride, colStride, at: (i: number, j: number) => offset + i * rowStride + j * colStride };
};

const sizes = fc.tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 13 }));

const product = sizes.chain(([m, k, n]) => fc.tuple(fc.constant([m, k, n] as const), matrixArb(m, k), matrixArb(k, n), fc.boolean()));

/** The buffer C should leave: the definition's sums at C's positions, the sentinel elsewhere. */
function expected(m: number, k: number, n: number, a: { get(i: number, j: number): number }, b: { get(i: number, j: number): number }, out: ReturnType<typeof outFor>, wrap: (x: number) => number) {
  const want = new Float64Array(out.data.length).fill(SENTINEL);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let sum = 0;
      for (let p = 0; p < k; p++) sum += a.get(i, p) * b.get(p, j);
      want[out.at(i, j)] = wrap(sum);
    }
  }
  return Array.from(want);
}

describe("packed float kernels in JavaScript", () => {
  it("computes the definition on any sizes (edges of the 4 x 4 tiles) and strides, writing only C", () => {
    fc.assert(
      fc.property(product, ([[m, k, n], a, b, transposedOut]) => {
        const A = new Float64Array(padded(m) * k);
        const B = new Float64Array(padded(n) * k);
        packRows(a, m, k, A);
        packColumns(b, k, n, B);
        const out = outFor(m, n, transposedOut);
        multiplyPacked(A, B, out, m, k, n);
        expect(Array.from(out.data)).toEqual(expected(m, k, n, a, b, out, (x) => x));
      }),
      { seed: 61, numRuns: 500 },
    );
  });

  it("computes the definition in float32 on any sizes (edges of the 4 x 8 tiles, whole and partial panels of 8 columns) and strides, writing only C", () => {
    // small integers: every product and sum is exact in float32, so the definition's sums are the kernel's
    fc.assert(
      fc.property(product, ([[m, k, n], a, b, transposedOut]) => {
        const A = new Float32Array(padded(m) * k);
        const B = new Float32Array(padded(n, 8) * k);
        packRows(a, m, k, A);
        packColumns(b, k, n, B, 8);
        const out = outFor(m, n, transposedOut);
        multiplyPackedF32(A, B, out, m, k, n);
        expect(Array.from(out.data)).toEqual(expected(m, k, n, a, b, out, (x) => x));
      }),
      { seed: 71, numRuns: 500 },
    );
  });

  it("packs 8-column panels of B interleaved along depth, padded with zeros", () => {
    // B [2, 9] = [[1..9], [10..18]]: panel 0 columns 0-7, panel 1 column 8 and seven columns of 0
    const b = { data: Float64Array.from({ length: 18 }, (_, i) => i + 1), offset: 0, rowStride: 9, colStride: 1 };
    const packed = new Float32Array(padded(9, 8) * 2);
    packColumns(b, 2, 9, packed, 8);
    expect(Array.from(packed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 9, 0, 0, 0, 0, 0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("packs 4-row panels interleaved along depth, padded with zeros", () => {
    // A [5, 2] = [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]]: panel 0 rows 0-3, panel 1 row 4 and three rows of 0
    const a = { data: Float64Array.from({ length: 10 }, (_, i) => i + 1), offset: 0, rowStride: 2, colStride: 1 };
    const packed = new Float64Array(padded(5) * 2);
    packRows(a, 5, 2, packed);
    expect(Array.from(packed)).toEqual([1, 3, 5, 7, 2, 4, 6, 8, 9, 0, 0, 0, 10, 0, 0, 0]);
  });
});

describe("integer kernel", () => {
  it("computes the definition wrapped to int32 on any sizes and strides, writing only C", () => {
    fc.assert(
      fc.property(product, ([[m, k, n], a, b, transposedOut]) => {
        const out = outFor(m, n, transposedOut);
        integerProduct(a, b, out, m, k, n, new Int32Array(n));
        expect(Array.from(out.data)).toEqual(expected(m, k, n, a, b, out, (x) => x | 0));
      }),
      { seed: 67, numRuns: 500 },
    );
  });

  it("wraps each product and sum modulo 2^32", () => {
    const big = { data: Float64Array.of(2147483647, 2147483647, 65536, 65536), offset: 0, rowStride: 2, colStride: 1 };
    const col = { data: Float64Array.of(2, 1, 65536, 0), offset: 0, rowStride: 2, colStride: 1 };
    const out = { data: new Float64Array(4), offset: 0, rowStride: 2, colStride: 1 };
    integerProduct(big, col, out, 2, 2, 2, new Int32Array(2));
    // [2^31-1, 2^31-1] x [[2, 1], [65536, 0]]: (2^31-1)*2 + (2^31-1)*65536 and 2^31-1, wrapped; 65536*65536 wraps to 0
    expect(Array.from(out.data)).toEqual([(2147483647 * 2 + 2147483647 * 65536) | 0, 2147483647, (65536 * 2) | 0, 65536]);
  });
});
