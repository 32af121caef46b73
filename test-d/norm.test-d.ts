/** layerNorm and rmsNorm: x's shape, float results, gamma and beta of the trailing axes' shape; generic code too. */
import { expectTypeOf } from "expect-type";
import { batchNorm, layerNorm, rmsNorm, zeros, type BatchNormParamShape, type ErrorMessage, type NormParamShape, type Tensor } from "shapecast";

const x = zeros([2, 3, 4]);
expectTypeOf(layerNorm(x, zeros([4]), zeros([4]))).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(layerNorm(x, zeros([3, 4]), zeros([3, 4]), { axis: -2 })).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(layerNorm(x, zeros([2, 3, 4]), zeros([2, 3, 4]), { axis: 0, epsilon: 1e-3 })).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(layerNorm(zeros([5, 6], "float64"), zeros([6]), zeros([6]))).toEqualTypeOf<Tensor<[5, 6], "float64">>();
expectTypeOf(layerNorm(zeros([5, 6], "int32"), zeros([6]), zeros([6]))).toEqualTypeOf<Tensor<[5, 6], "float32">>();
expectTypeOf(rmsNorm(x, zeros([4]))).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(rmsNorm(zeros([2, 3], "uint8"), zeros([2, 3]), { axis: 0 })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
declare const dynamic: Tensor<number[], "float64">;
expectTypeOf(layerNorm(dynamic, zeros([4]), zeros([4]))).toEqualTypeOf<Tensor<number[], "float64">>();
declare const rows: Tensor<[number, 4], "float32">;
expectTypeOf(rmsNorm(rows, zeros([4]))).toEqualTypeOf<Tensor<[number, 4], "float32">>();
expectTypeOf(rmsNorm(x, zeros([4]) as Tensor<[number]>)).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();

// misfits: the runtime's message
// @ts-expect-error -- "layerNorm: gamma has shape [3] but must have shape [4], that of x's axes from 2 on (x has shape [2, 3, 4])"
layerNorm(x, zeros([3]), zeros([4]));
// @ts-expect-error -- "layerNorm: beta has shape [4] but must have shape [3, 4], that of x's axes from 1 on (x has shape [2, 3, 4])"
layerNorm(x, zeros([3, 4]), zeros([4]), { axis: 1 });
// @ts-expect-error -- "rmsNorm: gamma has shape [1, 4] but must have shape [4], ..."
rmsNorm(x, zeros([1, 4]), { epsilon: 1e-6 });
// @ts-expect-error -- "rmsNorm: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
rmsNorm(x, zeros([4]), { axis: 3 });
// @ts-expect-error -- a scalar has no axis
rmsNorm(zeros([]), zeros([]));
// @ts-expect-error -- epsilon is a number
layerNorm(x, zeros([4]), zeros([4]), { epsilon: "1e-5" });
expectTypeOf<ErrorMessage<NormParamShape<"layerNorm", "gamma", [2, 3], [4], -1>>>().toEqualTypeOf<
  "layerNorm: gamma has shape [4] but must have shape [3], that of x's axes from 1 on (x has shape [2, 3])"
>();
expectTypeOf<ErrorMessage<NormParamShape<"rmsNorm", "gamma", [2, 3], [2, 3], -3>>>().toEqualTypeOf<never>();

// generic code: the last axis, and the last two with { axis: -2 }
function block<B extends number, T extends number, D extends number>(h: Tensor<[B, T, D], "float32">, g: Tensor<[D]>, b: Tensor<[D]>) {
  const normed: Tensor<[B, T, D], "float32"> = layerNorm(h, g, b);
  const scaled: Tensor<[B, T, D], "float32"> = rmsNorm(h, g, { epsilon: 1e-5 });
  return { normed, scaled };
}
function block2<B extends number, T extends number, D extends number>(h: Tensor<[B, T, D], "float64">, g: Tensor<[T, D]>) {
  const normed: Tensor<[B, T, D], "float64"> = layerNorm(h, g, g, { axis: -2 });
  const scaled: Tensor<[B, T, D], "float64"> = rmsNorm(h, g, { axis: -2 });
  return { normed, scaled };
}
function wrong<B extends number, D extends number, E extends number>(h: Tensor<[B, D], "float32">, g: Tensor<[E]>) {
  // @ts-expect-error -- "rmsNorm: the compiler cannot decide whether these sizes fit ..."
  return rmsNorm(h, g);
}
expectTypeOf(block(zeros([2, 5, 8]), zeros([8]), zeros([8])).normed).toEqualTypeOf<Tensor<[2, 5, 8], "float32">>();
expectTypeOf(block2(zeros([2, 5, 8], "float64"), zeros([5, 8])).scaled).toEqualTypeOf<Tensor<[2, 5, 8], "float64">>();
void wrong;

// batchNorm: per-channel vectors [C] of the channel axis, last (NHWC) or 1 (NCHW)
const image = zeros([8, 32, 32, 3], "float64");
const c3 = zeros([3]);
expectTypeOf(batchNorm(image, c3, c3, c3, c3)).toEqualTypeOf<Tensor<[8, 32, 32, 3], "float64">>();
expectTypeOf(batchNorm(zeros([8, 3, 32, 32], "uint8"), c3, c3, c3, c3, { layout: "NCHW", epsilon: 1e-5 })).toEqualTypeOf<Tensor<[8, 3, 32, 32], "float32">>();
// @ts-expect-error -- "batchNorm: gamma has shape [4] but must have shape [3], the size of x's channel axis 3 (layout NHWC, x has shape [8, 32, 32, 3])"
batchNorm(image, c3, c3, zeros([4]), c3);
// @ts-expect-error -- "batchNorm: mean has shape [3] but must have shape [32], the size of x's channel axis 1 (layout NCHW, ...)"
batchNorm(image, c3, c3, c3, c3, { layout: "NCHW" });
// @ts-expect-error -- "batchNorm: layout NCHW needs x of rank 2 or more, got rank 1 (shape [3])"
batchNorm(c3, c3, c3, c3, c3, { layout: "NCHW" });
// @ts-expect-error -- not a layout
batchNorm(image, c3, c3, c3, c3, { layout: "NWC" });
expectTypeOf<ErrorMessage<BatchNormParamShape<"beta", [2, 5], [4], "NHWC">>>().toEqualTypeOf<
  "batchNorm: beta has shape [4] but must have shape [5], the size of x's channel axis 1 (layout NHWC, x has shape [2, 5])"
>();
function channelsLast<B extends number, H extends number, C extends number>(x: Tensor<[B, H, H, C], "float32">, s: Tensor<[C]>) {
  const y: Tensor<[B, H, H, C], "float32"> = batchNorm(x, s, s, s, s);
  return y;
}
function channelsFirst<B extends number, C extends number, H extends number>(x: Tensor<[B, C, H, H], "float32">, s: Tensor<[C]>) {
  const y: Tensor<[B, C, H, H], "float32"> = batchNorm(x, s, s, s, s, { layout: "NCHW" });
  return y;
}
expectTypeOf(channelsLast(zeros([2, 4, 4, 3]), c3)).toEqualTypeOf<Tensor<[2, 4, 4, 3], "float32">>();
expectTypeOf(channelsFirst(zeros([2, 3, 4, 4]), c3)).toEqualTypeOf<Tensor<[2, 3, 4, 4], "float32">>();
