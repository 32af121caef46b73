/**
 * `matmul(a, b)` with NumPy's semantics (1-D promotion, broadcast batch
 * axes), `dot` and `outer`. Operands are read through their strides, so
 * transposed and broadcast views multiply without copies beyond the packing.
 * Float results run the packed kernel in their own precision: float64 in
 * doubles, float32 in float32 (each product and each sum rounded to float32,
 * in the order of k, as NumPy's sgemm and TensorFlow.js; an int32 operand of a
 * float32 product is rounded to float32 first), within gamma_k times the sum
 * of the products' magnitudes of the exact result (src/kernels/matmul.ts);
 * integer results (int32, uint8) run the integer kernel, exact modulo 2^32.
 */
import { arithmeticDType } from "../dtype.js";
import { recorded, traced } from "../autodiff/tape.js";
import { ShapeError, showShape } from "../errors.js";
import {
  dotProduct,
  integerProduct,
  type MatrixOut,
  type MatrixView,
  packColumns,
  packedProduct,
  packRows,
  type PackedProduct,
  padded,
  panelColumns,
  type Precision,
} from "../kernels/matmul.js";
import { matmulRule, writeOuterRank } from "../shape/matmul.js";
import { type AnyTensor, elementsOf, storageOf, Tensor } from "../tensor.js";
import { assertTensor, resultTensor, tensorView, type View } from "./engine.js";
import { checkSize } from "../shape/validate.js";
import { simdOps } from "../kernels/wasm/arena.js";
import type { ArithmeticDType } from "../../types/index.js";
import { mul } from "./elementwise.js";
import type { MatmulOp, ShapeOf } from "./types.js";
import { defineOps } from "./methods.js";

function matmulImpl(op: string, a: unknown, b: unknown): Tensor {
  assertTensor(op, "a", a);
  assertTensor(op, "b", b);
  const layout = matmulRule(a.shape, b.shape, op);
  if (!("shape" in layout)) {
    throw new ShapeError(layout.message, { code: "mismatch", op, mode: "matmul", a: [...a.shape], b: [...b.shape], axis: layout.axis, sizes: layout.sizes });
  }
  const { shape, batch, m, k, n } = layout;
  const dtype = arithmeticDType(a.dtype, b.dtype);
  const size = checkSize(op, shape);
  // every kernel below writes each element of the result
  const out = resultTensor(op, shape, dtype, size);
  if (size === 0) return out;
  const outData = elementsOf(out);
  // the operands converted to the dtype the product computes in (only int32 into float32 loses anything),
  // read where they are
  const A = tensorView(op, a, dtype);
  const B = tensorView(op, b, dtype);
  // each operand as [..., rows, cols]: a 1-D a is a row, a 1-D b a column
  const aRow = A.shape.length === 1 ? 0 : A.strides[A.shape.length - 2]!;
  const aCol = A.strides[A.shape.length - 1]!;
  const bRow = B.shape.length === 1 ? B.strides[0]! : B.strides[B.shape.length - 2]!;
  const bCol = B.shape.length === 1 ? 0 : B.strides[B.shape.length - 1]!;
  const batchStrides = (t: View): number[] => {
    const own = t.shape.slice(0, -2);
    const strides = t.strides.slice(0, -2);
    const pad = batch.length - own.length;
    return batch.map((_, axis) => (axis < pad || own[axis - pad] === 1 ? 0 : strides[axis - pad]!));
  };
  const aBatch = batchStrides(A);
  const bBatch = batchStrides(B);
  // each batch item's [m, n] result is contiguous in `out` (a dropped 1-D axis has size 1)
  const matrixSize = m * n;
  const multiply = dtype === "int32" || dtype === "uint8" ? integerMultiply(m, k, n) : floatMultiply(m, k, n, dtype === "float32" ? "float32" : "float64");
  const count = batch.reduce((product, dim) => product * dim, 1);
  const index = batch.map(() => 0);
  for (let item = 0; item < count; item++) {
    let aOffset = A.offset;
    let bOffset = B.offset;
    for (let axis = 0; axis < batch.length; axis++) {
      aOffset += index[axis]! * aBatch[axis]!;
      bOffset += index[axis]! * bBatch[axis]!;
    }
    multiply(
      { data: A.data, offset: aOffset, rowStride: aRow, colStride: aCol },
      { data: B.data, offset: bOffset, rowStride: bRow, colStride: bCol },
      { data: outData, offset: item * matrixSize, rowStride: n, colStride: 1 },
    );
    for (let axis = batch.length - 1; axis >= 0; axis--) {
      if (++index[axis]! < batch[axis]!) break;
      index[axis] = 0;
    }
  }
  multiply.done();
  return out;
}

type Multiply = ((a: MatrixView, b: MatrixView, c: MatrixOut) => void) & { done(): void };

/** The float product: packs each operand's matrix (a broadcast one once: the same offset again) and runs the packed kernel. */
function packedMultiply(product: PackedProduct, m: number, k: number, n: number): Multiply {
  let packedAAt = -1;
  let packedBAt = -1;
  return Object.assign(
    (a: MatrixView, b: MatrixView, c: MatrixOut) => {
      if (a.offset !== packedAAt) {
        packRows(a, m, k, product.A);
        packedAAt = a.offset;
      }
      if (b.offset !== packedBAt) {
        packColumns(b, k, n, product.B, product.columns);
        packedBAt = b.offset;
      }
      product.multiply(c);
    },
    { done: () => product.done() },
  );
}

/** Packed panels of one product are kept under this many bytes; a larger product runs in blocks. */
const PACKED_BYTES = 2 ** 26;

/** Rows and columns of C per block of a blocked product. */
const BLOCK_SIDE = 1024;

/**
 * The float product of [m, k] by [k, n] in `precision`: in one piece when its
 * packed panels fit in `PACKED_BYTES` (every product of ordinary size, so the
 * sums are the packed kernel's own), else in blocks of rows, columns and depth,
 * so that huge operands (broadcast views of 2^31 elements) never need panels
 * larger than a block's. The partial products of the depth blocks (each in
 * `precision`) are added in doubles and stored once: in float32 that is one
 * rounding for the whole sum of the partials, so the bound of the packed
 * kernel still holds (each product goes through fewer roundings than k), and
 * a product with a single depth block gives the packed kernel's bits.
 * A float32 product whose tensors are in the engine's memory (and B's rows
 * contiguous) runs first where they are, whatever its size: it needs no
 * panels, and its sums are the packed kernel's, in one piece.
 */
function floatMultiply(m: number, k: number, n: number, precision: Precision): Multiply {
  if (m === 1 && n === 1) return dotMultiply(k, precision);
  if (precision === "float32") return inMemoryFirst(() => packedOrBlocked(m, k, n, precision), m, k, n);
  return packedOrBlocked(m, k, n, precision);
}

/**
 * The float32 product where its tensors live when they are in the engine's
 * memory (src/kernels/simd.ts's `matmulSimd`: no packing, no copy of the result, the same bits),
 * else `fallback`, made on first need.
 */
function inMemoryFirst(fallback: () => Multiply, m: number, k: number, n: number): Multiply {
  let packed: Multiply | undefined;
  const multiply = (a: MatrixView, b: MatrixView, c: MatrixOut): void => {
    if (simdOps.matmul?.(a, b, c, m, k, n) !== true) (packed ??= fallback())(a, b, c);
  };
  return Object.assign(multiply, { done: () => packed?.done() });
}

/** The packed product in one piece, or in blocks when its panels would be too large (see floatMultiply). */
function packedOrBlocked(m: number, k: number, n: number, precision: Precision): Multiply {
  const bytes = precision === "float32" ? 4 : 8;
  const columns = panelColumns(precision);
  const panelBytes = (rows: number, cols: number) => bytes * (padded(rows) + padded(cols, columns));
  if (panelBytes(m, n) * k <= PACKED_BYTES) return packedMultiply(packedProduct(m, k, n, "auto", precision), m, k, n);
  const rowsPerBlock = Math.min(m, BLOCK_SIDE);
  const colsPerBlock = Math.min(n, BLOCK_SIDE);
  const depthPerBlock = Math.max(1, Math.floor(PACKED_BYTES / panelBytes(rowsPerBlock, colsPerBlock)));
  const partial = new (precision === "float32" ? Float32Array : Float64Array)(rowsPerBlock * colsPerBlock);
  const sum = new Float64Array(rowsPerBlock * colsPerBlock);
  const multiply = (a: MatrixView, b: MatrixView, c: MatrixOut): void => {
    for (let i0 = 0; i0 < m; i0 += rowsPerBlock) {
      const rows = Math.min(rowsPerBlock, m - i0);
      for (let j0 = 0; j0 < n; j0 += colsPerBlock) {
        const cols = Math.min(colsPerBlock, n - j0);
        sum.fill(0);
        for (let p0 = 0; p0 < k; p0 += depthPerBlock) {
          const depth = Math.min(depthPerBlock, k - p0);
          // a fresh product per block: WebAssembly memory may grow, which detaches earlier views of it
          const product = packedProduct(rows, depth, cols, "auto", precision);
          packRows({ ...a, offset: a.offset + i0 * a.rowStride + p0 * a.colStride }, rows, depth, product.A);
          packColumns({ ...b, offset: b.offset + p0 * b.rowStride + j0 * b.colStride }, depth, cols, product.B, columns);
          product.multiply({ data: partial, offset: 0, rowStride: cols, colStride: 1 });
          product.done();
          for (let q = 0; q < rows * cols; q++) sum[q]! += partial[q]!;
        }
        for (let r = 0; r < rows; r++) {
          for (let s = 0; s < cols; s++) c.data[c.offset + (i0 + r) * c.rowStride + (j0 + s) * c.colStride] = sum[r * cols + s]!;
        }
      }
    }
  };
  return Object.assign(multiply, { done: () => undefined });
}

/** A [1, k] by [k, 1] product (a dot of vectors), read through the strides: `dotProduct`, the packed kernel's sum without packing panels for one row. */
function dotMultiply(k: number, precision: Precision): Multiply {
  const multiply = (a: MatrixView, b: MatrixView, c: MatrixOut): void => {
    c.data[c.offset] = dotProduct({ data: a.data, offset: a.offset, stride: a.colStride }, { data: b.data, offset: b.offset, stride: b.rowStride }, k, precision);
  };
  return Object.assign(multiply, { done: () => undefined });
}

/** The integer product: a row of int32 accumulators, reused for every row. */
function integerMultiply(m: number, k: number, n: number): Multiply {
  const row = new Int32Array(n);
  return Object.assign((a: MatrixView, b: MatrixView, c: MatrixOut) => integerProduct(a, b, c, m, k, n, row), { done: () => undefined });
}

/**
 * The matrix product, as NumPy's `matmul`: `[..., M, K] x [..., K, N]` gives
 * `[..., M, N]` with the batch axes broadcast; a 1-D operand is a row (a) or a
 * column (b) whose axis is dropped from the result.
 *
 * @example
 * matmul(zeros([2, 3]), zeros([3, 4]))            // Tensor<[2, 4]>
 * matmul(zeros([8, 1, 5, 6]), zeros([4, 6, 7]))   // Tensor<[8, 4, 5, 7]>
 * matmul(zeros([3]), zeros([3, 4]))               // Tensor<[4]>
 */
export const matmul = /* @__PURE__ */ traced("matmul", (a: unknown, b: unknown) => matmulImpl("matmul", a, b)) as MatmulOp;

/** `matmul` of two vectors: their dot product, a scalar tensor; of matrices, the matrix product. */
export const dot = /* @__PURE__ */ traced("dot", (a: unknown, b: unknown) => matmulImpl("dot", a, b)) as MatmulOp<"dot">;

/** The outer product of two vectors: `[M] x [N]` gives `[M, N]`. */
export function outer<A extends AnyTensor<readonly [number]>, B extends AnyTensor<readonly [number]>>(
  a: A,
  b: B,
): Tensor<[A["shape"][0], B["shape"][0]], ArithmeticDType<A["dtype"], B["dtype"]>> {
  assertTensor("outer", "a", a);
  assertTensor("outer", "b", b);
  if (a.shape.length !== 1 || b.shape.length !== 1) {
    throw new ShapeError(writeOuterRank(showShape(a.shape), showShape(b.shape)), {
      code: "rank",
      op: "outer",
      mode: "matmul",
      a: [...a.shape],
      b: [...b.shape],
    });
  }
  // a broadcast product of a column by a row: each element is one product, as NumPy's outer
  // (a sum of one product would turn -1 * 0 into +0), with mul's dtype rules
  const column = new Tensor(storageOf(a), [a.shape[0]!, 1], [a.strides[0]!, 0], a.offset, a.dtype);
  const row = new Tensor(storageOf(b), [1, b.shape[0]!], [0, b.strides[0]!], b.offset, b.dtype);
  checkSize("outer", [a.shape[0]!, b.shape[0]!]);
  return recorded("outer", [a, b], mul(column, row)) as never;
}

// Tensor's method calls it (src/ops/methods.ts); recorded with the module
defineOps({ outer });
