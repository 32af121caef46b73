import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dot, matmul, outer, ShapeError, tensor, transpose, broadcastTo, zeros, slice } from "shapecast";
import { Tensor } from "../../src/tensor.js";
import { float32SumTolerance } from "../support/rounding.js";

/** The plain definition: C[..., i, j] = sum_k A[..., i, k] B[..., k, j], with NumPy's promotion and batch broadcasting. */
function reference(a: Tensor, b: Tensor): number[] {
  const A = a.shape.length === 1 ? [1, a.shape[0]!] : [...a.shape];
  const B = b.shape.length === 1 ? [b.shape[0]!, 1] : [...b.shape];
  const aa = new Tensor(a.data, A, a.shape.length === 1 ? [0, a.strides[0]!] : [...a.strides], a.offset, a.dtype);
  const bb = new Tensor(b.data, B, b.shape.length === 1 ? [b.strides[0]!, 0] : [...b.strides], b.offset, b.dtype);
  const batchA = A.slice(0, -2);
  const batchB = B.slice(0, -2);
  const rank = Math.max(batchA.length, batchB.length);
  const batch = Array.from({ length: rank }, (_, i) => Math.max(batchA[i - rank + batchA.length] ?? 1, batchB[i - rank + batchB.length] ?? 1));
  const [m, k] = A.slice(-2) as [number, number];
  const n = B[B.length - 1]!;
  const out: number[] = [];
  const count = batch.reduce((p, d) => p * d, 1);
  for (let item = 0; item < count; item++) {
    const index: number[] = [];
    let rest = item;
    for (let axis = rank - 1; axis >= 0; axis--) {
      index.unshift(rest % batch[axis]!);
      rest = Math.floor(rest / batch[axis]!);
    }
    const pick = (t: Tensor, own: number[]) => own.map((d, i) => (d === 1 ? 0 : index[i + rank - own.length]!));
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let sum = 0;
        for (let p = 0; p < k; p++) sum += Number(aa.get(...pick(aa, batchA), i, p)) * Number(bb.get(...pick(bb, batchB), p, j));
        out.push(sum);
      }
    }
  }
  return out;
}

describe("matmul", () => {
  it("follows NumPy: batch broadcasting, 1-D promotion, shapes", () => {
    expect(matmul(zeros([2, 3]), zeros([3, 4])).shape).toEqual([2, 4]);
    expect(matmul(zeros([8, 1, 5, 6]), zeros([4, 6, 7])).shape).toEqual([8, 4, 5, 7]);
    expect(matmul(zeros([3]), zeros([3, 4])).shape).toEqual([4]);
    expect(matmul(zeros([2, 3]), zeros([3])).shape).toEqual([2]);
    expect(dot(tensor([1, 2, 3]), tensor([4, 5, 6])).item()).toBe(32);
    expect(outer(tensor([1, 2]), tensor([3, 4, 5])).toArray()).toEqual([[3, 4, 5], [6, 8, 10]]);
    expect(matmul(tensor([[1, 2], [3, 4]]), tensor([[5, 6], [7, 8]])).toArray()).toEqual([[19, 22], [43, 50]]);
  });

  it("computes what the definition says, over random shapes, views and dtypes", () => {
    const dim = fc.integer({ min: 1, max: 9 });
    fc.assert(
      fc.property(
        dim, dim, dim, fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }), fc.boolean(), fc.boolean(), fc.constantFrom("float32", "float64", "int32"),
        (m, k, n, batch, transposeB, vectorA, dtype) => {
          const values = (size: number, seed: number) => Array.from({ length: size }, (_, i) => ((i * 7 + seed) % 11) - 5);
          const aShape = vectorA ? [k] : [...batch, m, k];
          const a = tensor(values(aShape.reduce((p, d) => p * d, 1), 1), aShape, { dtype });
          // b is either contiguous or the transposed view of an [n, k] matrix
          const b = transposeB ? transpose(tensor(values(n * k, 3), [n, k], { dtype })) : tensor(values(k * n, 3), [k, n], { dtype });
          const result = matmul(a, b);
          expect(Array.from(result.toTypedArray())).toEqual(reference(a, b));
        },
      ),
      { seed: 9, numRuns: 200 },
    );
  });

  it("reads broadcast and sliced views without copying them first", () => {
    const w = broadcastTo(tensor([[1, 2], [3, 4]]), [3, 2, 2]);
    const x = slice(tensor([[1, 0, 2], [0, 1, 3]]), null, { stop: 2 });
    expect(matmul(x, w).toArray()).toEqual([[[1, 2], [3, 4]], [[1, 2], [3, 4]], [[1, 2], [3, 4]]]);
  });

  it("promotes dtypes; bool x bool computes in int32", () => {
    expect(matmul(tensor([[true]]), tensor([[true]])).dtype).toBe("int32");
    expect(matmul(tensor([[1]], { dtype: "int32" }), tensor([[0.5]])).dtype).toBe("float32");
  });

  it("errors name both shapes and both inner sizes, or the batch axis", () => {
    const loose = matmul as (...args: unknown[]) => unknown;
    expect(() => loose(zeros([2, 3]), zeros([4, 5]))).toThrow(ShapeError);
    expect(() => loose(zeros([2, 3]), zeros([4, 5]))).toThrow(
      "matmul: inner sizes 3 vs 4 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3] by [4, 5]",
    );
    expect(() => loose(zeros([2, 2, 3]), zeros([3, 3, 5]))).toThrow("matmul: batch axis 0 has 2 vs 3; cannot multiply [2, 2, 3] by [3, 3, 5]");
    expect(() => loose(zeros([]), zeros([3]))).toThrow("matmul: a is a scalar (matmul needs at least one axis on each side); cannot multiply [] by [3]");
    expect(() => loose([1, 2], zeros([2]))).toThrow(new TypeError("matmul: a must be a Tensor, got an array"));
  });
});

describe("products too large for one set of packed panels", () => {
  it("run in blocks of rows, columns and depth and agree with the plain sums", () => {
    // 8 * (padded(5) + padded(3)) * k bytes of panels exceeds the 64 MiB of one block past k = 699,050
    const k = 700_003;
    const a = new Float64Array(5 * k).map((_, i) => ((i * 7919) % 13) - 6);
    const b = new Float64Array(k * 3).map((_, i) => ((i * 104_729) % 11) / 4 - 1);
    const product = matmul(tensor(a, [5, k]), tensor(b, [k, 3]));
    expect(product.shape).toEqual([5, 3]);
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 3; j++) {
        let sum = 0;
        for (let p = 0; p < k; p++) sum += a[i * k + p]! * b[p * 3 + j]!;
        expect(product.get(i, j)).toBeCloseTo(sum, 6);
      }
    }
  });

  it("run in float32 within the bound of a float32 sum of k products", () => {
    // 4 * (padded(5) + 8) * k bytes of float32 panels exceeds the 64 MiB of one block past k = 1,398,101: two blocks of depth
    const k = 1_400_003;
    const a = new Float32Array(5 * k).map((_, i) => Math.fround(Math.sin(i) * 3));
    const b = new Float32Array(k * 3).map((_, i) => Math.fround(Math.cos(i * 0.37)));
    const product = matmul(tensor(a, [5, k]), tensor(b, [k, 3]));
    expect(product.dtype).toBe("float32");
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 3; j++) {
        let sum = 0;
        let magnitude = 0;
        for (let p = 0; p < k; p++) {
          sum += a[i * k + p]! * b[p * 3 + j]!;
          magnitude += Math.abs(a[i * k + p]! * b[p * 3 + j]!);
        }
        expect(Math.abs(product.get(i, j) - sum)).toBeLessThanOrEqual(float32SumTolerance(k, magnitude));
      }
    }
  });

  it("a dot product of two broadcast vectors of 2^26 elements needs no 4 GiB of panels", () => {
    const x = broadcastTo(tensor([0.5], [1], { dtype: "float64" }), [2 ** 26]);
    expect(dot(x, x).item()).toBe(2 ** 24);
  });
});

describe("messages name the function called", () => {
  it("dot and outer say dot and outer", () => {
    const misfit = () => dot(zeros([2, 3]), zeros([4, 5]) as never);
    expect(misfit).toThrow(ShapeError);
    expect(misfit).toThrow("dot: inner sizes 3 vs 4 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3] by [4, 5]");
    expect(() => outer(broadcastTo(zeros([1]), [2 ** 16]), broadcastTo(zeros([1]), [2 ** 16]))).toThrow(
      new RangeError("outer: the result [65536, 65536] would hold 4294967296 elements, more than the 2147483647 a tensor can hold"),
    );
  });
});
