/** Weights files at the type level: a schema or an expectation types what is loaded. */
import { expectTypeOf } from "expect-type";
import { type DType, fromNpy, loadSafetensors, matmul, saveSafetensors, type Tensor, toNpy, zeros } from "shapecast";
import { fromNpz, toNpz } from "shapecast/npz";

declare const bytes: Uint8Array;

// a bare shape expects float32 (as F32, F16 and BF16 load); { shape, dtype } names the dtype; { shape } takes any
const weights = loadSafetensors(bytes, {
  "fc1.weight": [784, 128],
  "fc1.bias": [128],
  "emb.table": { shape: [1000, 64], dtype: "float64" },
  mask: { shape: [10] },
});
expectTypeOf(weights["fc1.weight"]).toEqualTypeOf<Tensor<[784, 128], "float32">>();
expectTypeOf(weights["fc1.bias"]).toEqualTypeOf<Tensor<[128], "float32">>();
expectTypeOf(weights["emb.table"]).toEqualTypeOf<Tensor<[1000, 64], "float64">>();
expectTypeOf(weights.mask).toEqualTypeOf<Tensor<[10], DType>>();
// the loaded tensors take part in shape-checked code
expectTypeOf(matmul(zeros([32, 784]), weights["fc1.weight"])).toEqualTypeOf<Tensor<[32, 128], "float32">>();
// @ts-expect-error -- [32, 100] by [784, 128]: the inner sizes differ
matmul(zeros([32, 100]), weights["fc1.weight"]);
// @ts-expect-error -- only the schema's names are there
void weights.other;
// without a schema: every tensor, of unknown shape and dtype
expectTypeOf(loadSafetensors(bytes)).toEqualTypeOf<Record<string, Tensor<number[], DType>>>();
// @ts-expect-error -- a schema entry is a shape or { shape, dtype }
loadSafetensors(bytes, { w: "784x128" });
// @ts-expect-error -- "float16" is not a dtype shapecast stores
loadSafetensors(bytes, { w: { shape: [2], dtype: "float16" } });
expectTypeOf(saveSafetensors({ w: zeros([2, 3]) }, { metadata: { format: "pt" } })).toEqualTypeOf<Uint8Array<ArrayBuffer>>();

// .npy: the expectation types the result
expectTypeOf(fromNpy(bytes, { shape: [2, 3], dtype: "int32" })).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(fromNpy(bytes, { shape: [2, 3] })).toEqualTypeOf<Tensor<[2, 3], DType>>();
expectTypeOf(fromNpy(bytes)).toEqualTypeOf<Tensor<number[], DType>>();
expectTypeOf(toNpy(zeros([2]))).toEqualTypeOf<Uint8Array<ArrayBuffer>>();

// .npz (shapecast/npz): the schema as loadSafetensors takes it
const archive = fromNpz(bytes, { w1: { shape: [784, 128], dtype: "float64" }, b1: [128] });
expectTypeOf(archive.w1).toEqualTypeOf<Tensor<[784, 128], "float64">>();
expectTypeOf(archive.b1).toEqualTypeOf<Tensor<[128], "float32">>();
expectTypeOf(fromNpz(bytes)).toEqualTypeOf<Record<string, Tensor<number[], DType>>>();
expectTypeOf(toNpz({ w: zeros([2]) }, { compress: true })).toEqualTypeOf<Uint8Array<ArrayBuffer>>();
// @ts-expect-error -- compress is a boolean
toNpz({ w: zeros([2]) }, { compress: "yes" });
