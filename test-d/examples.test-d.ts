/**
 * The compile-time twins of examples/06-08: the generic layers type-check,
 * their results have exact shapes, and each misfit the examples provoke at
 * run time is a compile error carrying the same message.
 */
import { expectTypeOf } from "expect-type";
import {
  add, argmax, div, matmul, mean, relu, softmax, std, sub, transpose, zeros,
  type CheckedOperand, type ErrorMessage, type MatMulShape, type Tensor,
} from "shapecast";

// 06: MLP forward
function dense<B extends number, I extends number, O extends number>(
  x: Tensor<[B, I], "float32">,
  w: Tensor<[I, O], "float32">,
  b: Tensor<[O], "float32">,
): Tensor<[B, O], "float32"> {
  return add(matmul(x, w), b);
}
const hidden = relu(dense(zeros([4, 784]), zeros([784, 128]), zeros([128])));
expectTypeOf(hidden).toEqualTypeOf<Tensor<[4, 128], "float32">>();
const logits = dense(hidden, zeros([128, 10]), zeros([10]));
expectTypeOf(argmax(softmax(logits), -1)).toEqualTypeOf<Tensor<[4], "int32">>();
// @ts-expect-error -- a bias of 11 for 10 outputs
dense(hidden, zeros([128, 10]), zeros([11]));
// @ts-expect-error -- a weight with 100 inputs for 128 features
dense(hidden, zeros([100, 10]), zeros([10]));
expectTypeOf<CheckedOperand<"add", Tensor<[4, 10]>, Tensor<[11]>, undefined>>().toEqualTypeOf<
  "add (numpy): axis 1 has 10 vs 11; cannot broadcast [4, 10] with [11]"
>();

// 07: attention over [Batch, Heads, Seq, Dim]
function attention<B extends number, H extends number, S extends number, D extends number>(
  q: Tensor<[B, H, S, D], "float32">,
  k: Tensor<[B, H, S, D], "float32">,
  v: Tensor<[B, H, S, D], "float32">,
): Tensor<[B, H, S, D], "float32"> {
  const weights = softmax(div(matmul(q, transpose(k, [0, 1, 3, 2])), Math.sqrt(q.shape[3])));
  expectTypeOf(weights).toEqualTypeOf<Tensor<[B, H, S, S], "float32">>();
  return matmul(weights, v);
}
expectTypeOf(attention(zeros([2, 4, 16, 32]), zeros([2, 4, 16, 32]), zeros([2, 4, 16, 32]))).toEqualTypeOf<
  Tensor<[2, 4, 16, 32], "float32">
>();
// @ts-expect-error -- keys with 64 features per head
attention(zeros([2, 4, 16, 32]), zeros([2, 4, 16, 64]), zeros([2, 4, 16, 32]));
// @ts-expect-error -- values for 8 heads
attention(zeros([2, 4, 16, 32]), zeros([2, 4, 16, 32]), zeros([2, 8, 16, 32]));
expectTypeOf<ErrorMessage<MatMulShape<[2, 4, 16, 32], [2, 4, 64, 16]>>>().toEqualTypeOf<
  "matmul: inner sizes 32 vs 64 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 4, 16, 32] by [2, 4, 64, 16]"
>();

// 08: per-channel image normalization, PDPD and XLA
const images = zeros([8, 3, 32, 32]);
const channelMean = mean(images, [0, 2, 3]);
const channelStd = std(images, [0, 2, 3]);
expectTypeOf(channelMean).toEqualTypeOf<Tensor<[3], "float32">>();
const centered = sub(images, channelMean, { mode: "pdpd", axis: 1 });
expectTypeOf(div(centered, channelStd, { mode: "xla", broadcastDimensions: [1] })).toEqualTypeOf<Tensor<[8, 3, 32, 32], "float32">>();
// @ts-expect-error -- 3-channel statistics on 4-channel images
sub(zeros([2, 4, 8, 8]), channelMean, { mode: "pdpd", axis: 1 });
// @ts-expect-error -- statistics mapped to the height axis
div(centered, channelStd, { mode: "xla", broadcastDimensions: [2] });
expectTypeOf<CheckedOperand<"sub", Tensor<[2, 4, 8, 8]>, Tensor<[3]>, { mode: "pdpd"; axis: 1 }>>().toEqualTypeOf<
  "sub (pdpd): axis 1 has 4 vs 3; cannot broadcast [2, 4, 8, 8] with [3]"
>();

// the same as a generic layer: a 1-D operand on a named axis needs no conditional types
function normalize<N extends number, C extends number, H extends number, W extends number>(
  image: Tensor<[N, C, H, W], "float32">,
  mean: Tensor<[C], "float32">,
  std: Tensor<[C], "float32">,
): Tensor<[N, C, H, W], "float32"> {
  expectTypeOf(image.sub(mean, { mode: "pdpd", axis: 1 })).toEqualTypeOf<Tensor<[N, C, H, W], "float32">>();
  // @ts-expect-error -- per-channel statistics on the height axis
  sub(image, mean, { mode: "pdpd", axis: 2 });
  return div(sub(image, mean, { mode: "pdpd", axis: 1 }), std, { mode: "xla", broadcastDimensions: [1] });
}
expectTypeOf(normalize(images, channelMean, channelStd)).toEqualTypeOf<Tensor<[8, 3, 32, 32], "float32">>();
// @ts-expect-error -- 4-channel images, 3-channel statistics
normalize(zeros([2, 4, 8, 8]), channelMean, channelStd);
// a concrete call on an axis out of range still reaches the checked signature and its message
// @ts-expect-error -- pdpd axis 7 of a rank-4 tensor
sub(images, channelMean, { mode: "pdpd", axis: 7 });
