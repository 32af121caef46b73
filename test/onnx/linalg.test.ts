/**
 * The linalg ops exported to ONNX and run by ONNX Runtime: matmul and dot
 * (1-D operands, broadcast batch axes, a symbolic contracted axis, every
 * dtype pairing, integer wrap-around), outer, and einsum in every subscripts
 * form shapecast's parser accepts (explicit and implicit outputs, "..." with
 * size-1 broadcasting, repeated letters, letters summed in one operand, three
 * operands, scalars) and dtype. Each case runs at two batch sizes
 * (test/onnx/harness.ts).
 */
import { describe, expect, it } from "vitest";
import { type DType, dot, einsum, matmul, outer, randn, type Tensor, tensor } from "shapecast";
import { exportOnnx } from "shapecast/onnx";
import { checkOnnx, randomInput } from "./harness.js";

type Fn = (...args: never[]) => unknown;
const fn = (f: (...args: Tensor[]) => unknown): Fn => f as Fn;
type Vector = Tensor<[number], DType>;

/** Random inputs for every dtype: small integers (0 to 5) for int32, uint8 and bool, normal floats otherwise. */
const anyDType = (_: number, shape: number[], dtype: DType): Tensor => randomInput(shape, dtype);

let seed = 1000;
/** Integers whose products and sums overflow: int32 near 2^30 of both signs, uint8 across 0..255. */
const large = (_: number, shape: number[], dtype: DType): Tensor => {
  const size = shape.reduce((p, d) => p * d, 1);
  const values = Array.from({ length: size }, (_, i) => Math.imul(i + 1 + seed, 2654435761) | 0);
  seed += size;
  if (dtype === "uint8") return tensor(Uint8Array.from(values, (v) => v & 255), shape, { dtype });
  if (dtype === "int32") return tensor(Int32Array.from(values), shape, { dtype });
  return randomInput(shape, dtype);
};

describe("matmul", () => {
  it("[batch, 3, 4] by [4, 5], float32", async () => {
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: ["batch", 3, 4] }, { shape: [4, 5] }]);
  });

  it("broadcasts batch axes: [batch, 1, 3, 4] by [2, 4, 5], and [4, 5] weights captured as a constant", async () => {
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: ["batch", 1, 3, 4] }, { shape: [2, 4, 5] }]);
    const w = randn([4, 5], { seed: 11 });
    await checkOnnx(fn((x) => matmul(x, w)), [{ shape: ["batch", 4] }], { weights: { w } });
  });

  it("1-D operands: a row, a column, and a vector by a vector of symbolic length", async () => {
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: [4] }, { shape: ["batch", 4, 5] }]);
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: ["batch", 3, 4] }, { shape: [4] }]);
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: ["batch"] }, { shape: ["batch"] }]);
  });

  it("a symbolic contracted axis: [2, batch] by [batch, 3]", async () => {
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: [2, "batch"] }, { shape: ["batch", 3] }]);
  });

  const pairs: [DType, DType][] = [
    ["int32", "int32"],
    ["uint8", "uint8"],
    ["bool", "bool"],
    ["uint8", "int32"],
    ["bool", "float32"],
    ["int32", "float32"],
    ["float32", "float64"],
    ["int32", "float64"],
    ["float64", "float64"],
  ];
  for (const [da, db] of pairs) {
    it(`${da} by ${db}`, async () => {
      await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: ["batch", 3, 4], dtype: da }, { shape: [4, 2], dtype: db }], { make: anyDType });
    });
  }

  it("int32 products wrap modulo 2^32 and uint8 products modulo 2^8, as shapecast's", async () => {
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: ["batch", 7], dtype: "int32" }, { shape: [7, 3], dtype: "int32" }], { make: large });
    await checkOnnx(fn((a, b) => matmul(a, b)), [{ shape: ["batch", 7], dtype: "uint8" }, { shape: [7, 3], dtype: "uint8" }], { make: large });
  });
});

describe("dot", () => {
  it("vectors give a scalar; matrices a matrix product; int32 wraps", async () => {
    await checkOnnx(fn((a, b) => dot(a, b)), [{ shape: ["batch"] }, { shape: ["batch"] }]);
    await checkOnnx(fn((a, b) => dot(a, b)), [{ shape: ["batch", 4] }, { shape: [4, 3] }]);
    await checkOnnx(fn((a, b) => dot(a, b)), [{ shape: ["batch"], dtype: "int32" }, { shape: ["batch"], dtype: "int32" }], { make: large });
  });
});

describe("outer", () => {
  it("[batch] by [3], float32 and float64", async () => {
    await checkOnnx(fn((a, b) => outer(a as Vector, b as Vector)), [{ shape: ["batch"] }, { shape: [3] }]);
    await checkOnnx(fn((a, b) => outer(a as Vector, b as Vector)), [{ shape: [3], dtype: "float64" }, { shape: ["batch"], dtype: "float32" }]);
  });

  for (const [da, db] of [["int32", "uint8"], ["uint8", "uint8"], ["bool", "bool"], ["int32", "float32"]] as [DType, DType][]) {
    it(`${da} by ${db}`, async () => {
      await checkOnnx(fn((a, b) => outer(a as Vector, b as Vector)), [{ shape: ["batch"], dtype: da }, { shape: [4], dtype: db }], { make: anyDType });
    });
  }

  it("wraps int32 and uint8 products", async () => {
    await checkOnnx(fn((a, b) => outer(a as Vector, b as Vector)), [{ shape: ["batch"], dtype: "int32" }, { shape: [4], dtype: "int32" }], { make: large });
    await checkOnnx(fn((a, b) => outer(a as Vector, b as Vector)), [{ shape: ["batch"], dtype: "uint8" }, { shape: [4], dtype: "uint8" }], { make: large });
  });
});

describe("einsum", () => {
  const cases: { s: string; shapes: (number | string)[][]; what: string }[] = [
    { s: "bij,bjk->bik", shapes: [["batch", 3, 4], ["batch", 4, 2]], what: "a batched matmul" },
    { s: "ij,jk", shapes: [["batch", 4], [4, 3]], what: "an implicit output" },
    { s: "Ab,bC", shapes: [["batch", 4], [4, 3]], what: "an implicit output with upper-case letters (sorted A, C)" },
    { s: "ba,b", shapes: [["batch", 3], ["batch"]], what: "an implicit output sorted away from the operands' order" },
    { s: "bij->jib", shapes: [["batch", 3, 4]], what: "a transpose" },
    { s: "bi->bi", shapes: [["batch", 3]], what: "an identity" },
    { s: "bij->b", shapes: [["batch", 3, 4]], what: "a sum over letters of one operand" },
    { s: "ij,k->i", shapes: [["batch", 3], [4]], what: "a letter only the second operand has, summed" },
    { s: "ik,kj->", shapes: [["batch", 3], [3, 2]], what: "everything summed" },
    { s: "ii->i", shapes: [["batch", "batch"]], what: "a diagonal of symbolic size" },
    { s: "ii", shapes: [[3, 3]], what: "a trace (implicit, scalar)" },
    { s: "bii->b", shapes: [["batch", 3, 3]], what: "a trace per batch item" },
    { s: "bij,jj->bi", shapes: [["batch", 3, 3], [3, 3]], what: "a diagonal in the second operand" },
    { s: "bii,bii->bi", shapes: [["batch", 3, 3], ["batch", 3, 3]], what: "diagonals in both operands" },
    { s: "iji->j", shapes: [[3, "batch", 3]], what: "a diagonal across non-adjacent axes" },
    { s: "...ij,...jk->...ik", shapes: [["batch", 1, 3, 4], [2, 4, 5]], what: '"..." broadcasting a size-1 axis' },
    { s: "...ij,...jk", shapes: [[1, 3, 4], ["batch", 4, 5]], what: 'an implicit output with "..." broadcasting' },
    { s: "...i,...i->...", shapes: [["batch", 3], [3]], what: '"..." in one operand only' },
    { s: "i...->...i", shapes: [[3, "batch", 2]], what: '"..." after a letter, moved' },
    { s: "b...j,j->...b", shapes: [["batch", 2, 3, 4], [4]], what: '"..." in the middle' },
    { s: "...", shapes: [["batch", 2]], what: 'only "..."' },
    { s: "bi,ij,jk->bk", shapes: [["batch", 3], [3, 4], [4, 2]], what: "three operands" },
    { s: "bi,bj,bk->ijk", shapes: [["batch", 2], ["batch", 3], ["batch", 2]], what: "three operands sharing a summed letter" },
    { s: ",bi->bi", shapes: [[], ["batch", 3]], what: "a scalar operand" },
    { s: "i,j->ij", shapes: [["batch"], [3]], what: "an outer product" },
    { s: "bi,bi->b", shapes: [["batch", 4], ["batch", 4]], what: "row-wise dot products" },
  ];
  for (const { s, shapes, what } of cases) {
    it(`${s}: ${what}`, async () => {
      await checkOnnx(fn((...ts) => einsum(s as never, ...ts)), shapes.map((shape) => ({ shape })));
    });
  }

  it("a captured weight as an operand", async () => {
    const w = randn([3, 4], { seed: 12 });
    await checkOnnx(fn((x) => einsum("bi,ij->bj", x, w)), [{ shape: ["batch", 3] }], { weights: { w } });
  });

  it("float64, and a mix of int32 and float32 (the int32 operand rounded to float32 first)", async () => {
    await checkOnnx(fn((a, b) => einsum("bij,jk->bik", a, b)), [{ shape: ["batch", 2, 3], dtype: "float64" }, { shape: [3, 4], dtype: "float64" }]);
    await checkOnnx(fn((a, b) => einsum("bij,jk->bik", a, b)), [{ shape: ["batch", 2, 3], dtype: "int32" }, { shape: [3, 4] }], { make: anyDType });
  });

  for (const dtype of ["int32", "uint8", "bool"] as DType[]) {
    it(`${dtype}: a contraction, a diagonal and a sum (bool computes in int32)`, async () => {
      await checkOnnx(fn((a, b) => einsum("bij,jk->bik", a, b)), [{ shape: ["batch", 2, 3], dtype }, { shape: [3, 4], dtype }], { make: anyDType });
      await checkOnnx(fn((a) => einsum("bii->bi", a)), [{ shape: ["batch", 3, 3], dtype }], { make: anyDType });
      await checkOnnx(fn((a) => einsum("bij->jb", a)), [{ shape: ["batch", 3, 4], dtype }], { make: anyDType });
      await checkOnnx(fn((a) => einsum("bij->jib", a)), [{ shape: ["batch", 3, 4], dtype }], { make: anyDType });
    });
  }

  it("int32 and uint8 sums and products wrap as shapecast's, with three operands too", async () => {
    await checkOnnx(fn((a) => einsum("bi->b", a)), [{ shape: ["batch", 6], dtype: "int32" }], { make: large });
    await checkOnnx(fn((a, b) => einsum("bi,ij->bj", a, b)), [{ shape: ["batch", 6], dtype: "int32" }, { shape: [6, 2], dtype: "int32" }], { make: large });
    await checkOnnx(fn((a, b, c) => einsum("bi,ij,jk->", a, b, c)), [{ shape: ["batch", 3], dtype: "int32" }, { shape: [3, 4], dtype: "int32" }, { shape: [4, 2], dtype: "int32" }], { make: large });
    await checkOnnx(fn((a, b) => einsum("bi,bi->i", a, b)), [{ shape: ["batch", 5], dtype: "uint8" }, { shape: ["batch", 5], dtype: "uint8" }], { make: large });
  });

  it("refuses subscripts with more distinct axes than an equation has letters", () => {
    const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const shape = [...Array<number>(52).fill(1), "batch"];
    expect(() => exportOnnx(fn((a) => einsum(`${letters}...->...`, a)) as never, [{ shape }] as never)).toThrow(
      /einsum cannot be exported to ONNX: the subscripts .* name more than 52 distinct axes/,
    );
  });
});
