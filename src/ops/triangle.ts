/**
 * `tril(x, k?)` and `triu(x, k?)`: the lower and upper triangles of the
 * matrices in x's last two axes, the other elements zero (`false` in bool).
 * Element (i, j) of each matrix is kept by `tril` where `j - i <= k` and by
 * `triu` where `j - i >= k`; k is 0 (the main diagonal) when left out,
 * positive above it, negative below, as NumPy's, PyTorch's and ONNX's Trilu.
 * Any layout of x is read in place; the result is a new contiguous tensor of
 * x's shape and dtype.
 *
 * @example
 * tril(ones([3, 3]))            // [[1, 0, 0], [1, 1, 0], [1, 1, 1]]
 * triu(ones([2, 3]), 1)         // [[0, 1, 1], [0, 0, 1]]
 * tril(ones([T, T], "bool"))    // a causal mask for where(mask, scores, -Infinity)
 */
import { traced } from "../autodiff/tape.js";
import { triangleDiagonal, triangleShape } from "../shape/triangle.js";
import { elementsOf, type Tensor, viewOf } from "../tensor.js";
import { assertTensor, resultTensor } from "./engine.js";
import type { TriangleOp } from "./types.js";

function triangle(op: "tril" | "triu", x: unknown, k: unknown): Tensor {
  assertTensor(op, "x", x);
  // (the rank first: the compiler reports it first too)
  const shape = triangleShape(op, x.shape);
  const diagonal = triangleDiagonal(op, k);
  const rank = shape.length;
  const rows = shape[rank - 2]!;
  const cols = shape[rank - 1]!;
  const result = resultTensor(op, shape, x.dtype, x.size);
  if (x.size === 0) return result;
  const out = elementsOf(result);
  const v = viewOf(x);
  const rowStride = v.strides[rank - 2]!;
  const colStride = v.strides[rank - 1]!;
  // every matrix of the batch axes, as an odometer over them
  const batch = rank - 2;
  const index = new Array<number>(batch).fill(0);
  const matrices = x.size / (rows * cols);
  let q = 0;
  for (let m = 0; m < matrices; m++) {
    let start = v.offset;
    for (let a = 0; a < batch; a++) start += index[a]! * v.strides[a]!;
    for (let i = 0; i < rows; i++) {
      // the kept columns of row i: [0, i + k] for tril, [i + k, cols) for triu (k may be far outside)
      const from = op === "tril" ? 0 : Math.min(cols, Math.max(0, i + diagonal));
      const to = op === "tril" ? Math.min(cols, Math.max(0, i + diagonal + 1)) : cols;
      const row = start + i * rowStride;
      for (let j = 0; j < from; j++) out[q++] = 0;
      for (let j = from, p = row + from * colStride; j < to; j++, p += colStride) out[q++] = v.data[p]!;
      for (let j = to; j < cols; j++) out[q++] = 0;
    }
    for (let a = batch - 1; a >= 0; a--) {
      if (++index[a]! < shape[a]!) break;
      index[a] = 0;
    }
  }
  return result;
}

/** The lower triangle of each matrix in x's last two axes (`j - i <= k`), the rest zero. */
export const tril = /* @__PURE__ */ traced("tril", (x: unknown, k?: unknown) => triangle("tril", x, k)) as TriangleOp<"tril">;

/** The upper triangle of each matrix in x's last two axes (`j - i >= k`), the rest zero. */
export const triu = /* @__PURE__ */ traced("triu", (x: unknown, k?: unknown) => triangle("triu", x, k)) as TriangleOp<"triu">;
