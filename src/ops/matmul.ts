/**
 * `matmul(a, b)` with NumPy's semantics (1-D promotion, broadcast batch
 * axes), `dot` and `outer`. Operands are read through their strides, so
 * transposed and broadcast views multiply without copies beyond the packing.
 */
import { allocate, arithmeticDType } from "../dtype.js";
import { ShapeError } from "../errors.js";
import { packColumns, packedProduct, packRows } from "../kernels/matmul.js";
import { contiguousStrides } from "../kernels/plan.js";
import { matmulRule } from "../shape/matmul.js";
import { Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import { checkSize } from "../shape/validate.js";
import type { ArithmeticDType } from "../../types/index.js";
import type { MatmulOp, ShapeOf } from "./types.js";

function matmulImpl(a: unknown, b: unknown): Tensor {
  const op = "matmul";
  assertTensor(op, "a", a);
  assertTensor(op, "b", b);
  const layout = matmulRule(a.shape, b.shape);
  if (!("shape" in layout)) {
    throw new ShapeError(layout.message, { code: "mismatch", op, mode: "matmul", a: [...a.shape], b: [...b.shape], axis: layout.axis, sizes: layout.sizes });
  }
  const { shape, batch, m, k, n } = layout;
  const dtype = arithmeticDType(a.dtype, b.dtype);
  const size = checkSize(op, shape);
  const out = new Tensor(allocate(dtype, size), shape, contiguousStrides(shape), 0, dtype);
  if (size === 0) return out;
  // each operand as [..., rows, cols]: a 1-D a is a row, a 1-D b a column
  const aRow = a.shape.length === 1 ? 0 : a.strides[a.shape.length - 2]!;
  const aCol = a.strides[a.shape.length - 1]!;
  const bRow = b.shape.length === 1 ? b.strides[0]! : b.strides[b.shape.length - 2]!;
  const bCol = b.shape.length === 1 ? 0 : b.strides[b.shape.length - 1]!;
  const batchStrides = (t: Tensor): number[] => {
    const own = t.shape.slice(0, -2);
    const strides = t.strides.slice(0, -2);
    const pad = batch.length - own.length;
    return batch.map((_, axis) => (axis < pad || own[axis - pad] === 1 ? 0 : strides[axis - pad]!));
  };
  const aBatch = batchStrides(a);
  const bBatch = batchStrides(b);
  // each batch item's [m, n] result is contiguous in `out` (a dropped 1-D axis has size 1)
  const matrixSize = m * n;
  const product = packedProduct(m, k, n);
  let packedAAt = -1;
  let packedBAt = -1;
  const count = batch.reduce((product, dim) => product * dim, 1);
  const index = batch.map(() => 0);
  for (let item = 0; item < count; item++) {
    let aOffset = a.offset;
    let bOffset = b.offset;
    for (let axis = 0; axis < batch.length; axis++) {
      aOffset += index[axis]! * aBatch[axis]!;
      bOffset += index[axis]! * bBatch[axis]!;
    }
    // a broadcast operand is the same matrix again: pack it once
    if (aOffset !== packedAAt) {
      packRows({ data: a.data, offset: aOffset, rowStride: aRow, colStride: aCol }, m, k, product.A);
      packedAAt = aOffset;
    }
    if (bOffset !== packedBAt) {
      packColumns({ data: b.data, offset: bOffset, rowStride: bRow, colStride: bCol }, k, n, product.B);
      packedBAt = bOffset;
    }
    product.multiply({ data: out.data, offset: item * matrixSize, rowStride: n, colStride: 1 });
    for (let axis = batch.length - 1; axis >= 0; axis--) {
      if (++index[axis]! < batch[axis]!) break;
      index[axis] = 0;
    }
  }
  product.done();
  return out;
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
export const matmul = matmulImpl as MatmulOp;

/** `matmul` of two vectors: their dot product, a scalar tensor; of matrices, the matrix product. */
export const dot = matmulImpl as MatmulOp;

/** The outer product of two vectors: `[M] x [N]` gives `[M, N]`. */
export function outer<A extends Tensor<readonly [number]>, B extends Tensor<readonly [number]>>(
  a: A,
  b: B,
): Tensor<[ShapeOf<A>[0], ShapeOf<B>[0]], ArithmeticDType<A["dtype"], B["dtype"]>> {
  assertTensor("outer", "a", a);
  assertTensor("outer", "b", b);
  if (a.shape.length !== 1 || b.shape.length !== 1) {
    throw new ShapeError(`outer: a and b must be vectors; cannot take the outer product of [${a.shape.join(", ")}] and [${b.shape.join(", ")}]`, {
      code: "rank",
      op: "outer",
      mode: "matmul",
      a: [...a.shape],
      b: [...b.shape],
    });
  }
  const column = new Tensor(a.data, [a.shape[0]!, 1], [a.strides[0]!, 0], a.offset, a.dtype);
  const row = new Tensor(b.data, [1, b.shape[0]!], [0, b.strides[0]!], b.offset, b.dtype);
  return matmulImpl(column, row) as never;
}
