/** convolution: exact result shapes for literal sizes, N passed through, matmul's dtype rule; misfits are compile errors with the runtime's messages; generic code too. */
import { expectTypeOf } from "expect-type";
import { conv1d, conv2d, conv2dTranspose, depthwiseConv2d, zeros, type ConvShape, type Dim, type ErrorMessage, type Minus, type Shift, type Tensor, type WindowSpan } from "shapecast";

declare function expected<T>(): T;

const images = zeros([8, 28, 28, 1]);
const filters = zeros([3, 3, 1, 16]);
expectTypeOf(conv2d(images, filters)).toEqualTypeOf<Tensor<[8, 26, 26, 16], "float32">>();
expectTypeOf(conv2d(images, filters, { padding: "same" })).toEqualTypeOf<Tensor<[8, 28, 28, 16], "float32">>();
expectTypeOf(conv2d(images, filters, { strides: 2, padding: "same" })).toEqualTypeOf<Tensor<[8, 14, 14, 16], "float32">>();
expectTypeOf(conv2d(images, filters, { strides: [1, 2], dilations: [2, 1], padding: [[1, 1], [0, 2]] })).toEqualTypeOf<Tensor<[8, 26, 14, 16], "float32">>();
expectTypeOf(conv2d(zeros([8, 32, 32, 64]), zeros([3, 3, 64, 64]), { padding: "same" })).toEqualTypeOf<Tensor<[8, 32, 32, 64], "float32">>();
expectTypeOf(conv2d(zeros([1, 224, 224, 3]), zeros([7, 7, 3, 64]), { strides: 2, padding: "same" })).toEqualTypeOf<Tensor<[1, 112, 112, 64], "float32">>();
expectTypeOf(conv2d(zeros([2, 6, 10, 10], "int32"), zeros([8, 3, 3, 3], "int32"), { layout: "NCHW", groups: 2 })).toEqualTypeOf<Tensor<[2, 8, 8, 8], "int32">>();
expectTypeOf(conv2d(zeros([2, 10, 10, 4], "int32"), zeros([3, 3, 4, 2]))).toEqualTypeOf<Tensor<[2, 8, 8, 2], "float32">>();
expectTypeOf(conv2d(zeros([2, 10, 10, 4], "float64"), zeros([3, 3, 4, 2], "uint8"))).toEqualTypeOf<Tensor<[2, 8, 8, 2], "float64">>();
expectTypeOf(conv1d(zeros([8, 100, 16]), zeros([5, 16, 32]), { padding: "same" })).toEqualTypeOf<Tensor<[8, 100, 32], "float32">>();
expectTypeOf(conv1d(zeros([8, 16, 100]), zeros([32, 4, 5]), { layout: "NCW", groups: 4, dilations: 3 })).toEqualTypeOf<Tensor<[8, 32, 88], "float32">>();
expectTypeOf(depthwiseConv2d(zeros([1, 32, 32, 8]), zeros([3, 3, 8, 2]), { padding: "same" })).toEqualTypeOf<Tensor<[1, 32, 32, 16], "float32">>();
expectTypeOf(depthwiseConv2d(zeros([1, 8, 32, 32]), zeros([16, 1, 3, 3]), { layout: "NCHW" })).toEqualTypeOf<Tensor<[1, 16, 30, 30], "float32">>();
expectTypeOf(conv2dTranspose(zeros([1, 7, 7, 8]), zeros([3, 3, 4, 8]), { strides: 2, padding: "same" })).toEqualTypeOf<Tensor<[1, 14, 14, 4], "float32">>();
expectTypeOf(conv2dTranspose(zeros([1, 7, 7, 8]), zeros([3, 3, 4, 8]), { strides: 2 })).toEqualTypeOf<Tensor<[1, 15, 15, 4], "float32">>();
expectTypeOf(conv2dTranspose(zeros([1, 8, 7, 7]), zeros([8, 3, 4, 4]), { layout: "NCHW", groups: 2, strides: 2, padding: 1 })).toEqualTypeOf<Tensor<[1, 6, 14, 14], "float32">>();
// outputPadding: cells after the output, per axis or for both
expectTypeOf(conv2dTranspose(zeros([1, 4, 4, 8]), zeros([3, 3, 4, 8]), { strides: 2, padding: 1, outputPadding: 1 })).toEqualTypeOf<Tensor<[1, 8, 8, 4], "float32">>();
expectTypeOf(conv2dTranspose(zeros([1, 7, 7, 8]), zeros([3, 3, 4, 8]), { strides: 2, padding: "same", outputPadding: [1, 0] })).toEqualTypeOf<Tensor<[1, 15, 14, 4], "float32">>();
expectTypeOf(conv2dTranspose(zeros([1, 8, 0, 4]), zeros([8, 4, 3, 3]), { layout: "NCHW", strides: [1, 2], outputPadding: [0, 1] })).toEqualTypeOf<Tensor<[1, 4, 0, 10], "float32">>();
declare const extra: number;
expectTypeOf(conv2dTranspose(zeros([1, 4, 4, 8]), zeros([3, 3, 4, 8]), { strides: 2, outputPadding: extra })).toEqualTypeOf<Tensor<[1, number, number, 4], "float32">>();
// @ts-expect-error -- outputPadding is the transpose's alone
conv2d(zeros([1, 4, 4, 8]), zeros([3, 3, 8, 4]), { outputPadding: 1 });
// sizes the compiler does not know stay unknown; names pass through where the size does
declare const unknownWidth: Tensor<[2, number, 16], "float32">;
expectTypeOf(conv1d(unknownWidth, zeros([3, 16, 4]))).toEqualTypeOf<Tensor<[2, number, 4], "float32">>();
declare const named: Tensor<[Dim<"batch">, 32, 32, Dim<"channels">], "float32">;
declare const namedFilters: Tensor<[3, 3, Dim<"channels">, 8], "float32">;
expectTypeOf(conv2d(named, namedFilters, { padding: "same" })).toEqualTypeOf<Tensor<[Dim<"batch">, 32, 32, 8], "float32">>();
declare const anyRank: Tensor<number[], "float32">;
expectTypeOf(conv2d(anyRank, filters)).toEqualTypeOf<Tensor<number[], "float32">>();
declare const stride: number;
expectTypeOf(conv2d(images, filters, { strides: stride })).toEqualTypeOf<Tensor<[8, number, number, 16], "float32">>();

// misfits, with the runtime's messages (test/ops/conv.test.ts throws the same)
// @ts-expect-error -- "conv2d: x has 6 channels but w has 4 on axis 2 (6 expected); x [8, 28, 28, 6], w [3, 3, 4, 8]"
conv2d(zeros([8, 28, 28, 6]), zeros([3, 3, 4, 8]));
// @ts-expect-error -- "conv2d: x has 6 channels, not divisible by groups 4 (shape [8, 28, 28, 6])"
conv2d(zeros([8, 28, 28, 6]), zeros([3, 3, 3, 8]), { groups: 4 });
// @ts-expect-error -- "conv2d: x must have rank 4 (NHWC), got shape [28, 28, 1]"
conv2d(zeros([28, 28, 1]), zeros([3, 3, 1, 8]));
// @ts-expect-error -- "conv2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])"
conv2d(zeros([1, 4, 9, 1]), zeros([5, 5, 1, 1]));
// @ts-expect-error -- "depthwiseConv2d: x has 3 channels but w has 4 on axis 2 (3 expected); x [1, 8, 8, 3], w [3, 3, 4, 2]"
depthwiseConv2d(zeros([1, 8, 8, 3]), zeros([3, 3, 4, 2]));
// @ts-expect-error -- depthwiseConv2d takes no groups
depthwiseConv2d(zeros([1, 8, 8, 3]), zeros([3, 3, 3, 2]), { groups: 3 });
// @ts-expect-error -- layout "NCHW" is not a 1d layout
conv1d(zeros([2, 3, 10]), zeros([3, 3, 4]), { layout: "NCHW" });
type Message<Op extends "conv1d" | "conv2d" | "depthwiseConv2d" | "conv2dTranspose", X extends readonly number[], W extends readonly number[], O> = ErrorMessage<ConvShape<Op, X, W, O>>;
expectTypeOf<Message<"conv2d", [8, 28, 28, 6], [3, 3, 4, 8], {}>>().toEqualTypeOf<"conv2d: x has 6 channels but w has 4 on axis 2 (6 expected); x [8, 28, 28, 6], w [3, 3, 4, 8]">();
expectTypeOf<Message<"conv2d", [8, 28, 28, 6], [3, 3, 3, 8], { groups: 4 }>>().toEqualTypeOf<"conv2d: x has 6 channels, not divisible by groups 4 (shape [8, 28, 28, 6])">();
expectTypeOf<Message<"conv2d", [8, 28, 28, 6], [3, 3, 3, 7], { groups: 2 }>>().toEqualTypeOf<"conv2d: w has 7 filters, not divisible by groups 2 (shape [3, 3, 3, 7])">();
expectTypeOf<Message<"conv2d", [8, 6, 28, 28], [8, 2, 3, 3], { groups: 2; layout: "NCHW" }>>().toEqualTypeOf<"conv2d: x has 6 channels but w has 2 on axis 1 (3 expected); x [8, 6, 28, 28], w [8, 2, 3, 3]">();
expectTypeOf<Message<"conv2d", [28, 28, 1], [3, 3, 1, 8], {}>>().toEqualTypeOf<"conv2d: x must have rank 4 (NHWC), got shape [28, 28, 1]">();
expectTypeOf<Message<"conv2d", [1, 28, 28, 1], [3, 3, 8], {}>>().toEqualTypeOf<"conv2d: w must have rank 4 (KH, KW, C / groups, F), got shape [3, 3, 8]">();
expectTypeOf<Message<"conv2d", [1, 4, 9, 1], [5, 5, 1, 1], {}>>().toEqualTypeOf<"conv2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])">();
expectTypeOf<Message<"conv2d", [1, 9, 9, 1], [3, 3, 1, 1], { dilations: [1, 5] }>>().toEqualTypeOf<"conv2d: the window spans 11 but axis 2 is 9 with its padding (shape [1, 9, 9, 1])">();
expectTypeOf<Message<"conv1d", [2, 3, 10], [4, 2, 3], { layout: "NCW" }>>().toEqualTypeOf<"conv1d: x has 3 channels but w has 2 on axis 1 (3 expected); x [2, 3, 10], w [4, 2, 3]">();
expectTypeOf<Message<"conv1d", [2, 10, 3], [3, 3], {}>>().toEqualTypeOf<"conv1d: w must have rank 3 (K, C / groups, F), got shape [3, 3]">();
expectTypeOf<Message<"depthwiseConv2d", [1, 8, 8, 3], [3, 3, 4, 2], {}>>().toEqualTypeOf<"depthwiseConv2d: x has 3 channels but w has 4 on axis 2 (3 expected); x [1, 8, 8, 3], w [3, 3, 4, 2]">();
expectTypeOf<Message<"depthwiseConv2d", [1, 3, 8, 8], [7, 1, 3, 3], { layout: "NCHW" }>>().toEqualTypeOf<"depthwiseConv2d: w has 7 filters, not divisible by groups 3 (shape [7, 1, 3, 3])">();
expectTypeOf<Message<"depthwiseConv2d", [1, 3, 8, 8], [6, 3, 3, 3], { layout: "NCHW" }>>().toEqualTypeOf<"depthwiseConv2d: x has 3 channels but w has 3 on axis 1 (1 expected); x [1, 3, 8, 8], w [6, 3, 3, 3]">();
expectTypeOf<Message<"conv2dTranspose", [1, 7, 7, 8], [3, 3, 4, 6], {}>>().toEqualTypeOf<"conv2dTranspose: x has 8 channels but w has 6 on axis 3 (8 expected); x [1, 7, 7, 8], w [3, 3, 4, 6]">();
expectTypeOf<Message<"conv2dTranspose", [1, 8, 7, 7], [8, 4, 3, 3], { groups: 3; layout: "NCHW" }>>().toEqualTypeOf<"conv2dTranspose: x has 8 channels, not divisible by groups 3 (shape [1, 8, 7, 7])">();
expectTypeOf<Message<"conv2dTranspose", [1, 1, 1, 2], [2, 2, 1, 2], { padding: [[1, 1], [0, 0]] }>>().toEqualTypeOf<"conv2dTranspose: padding 2 on axis 1 leaves no output of the 2 a full transpose gives (shape [1, 1, 1, 2])">();

// generic code: the batch passes through by position, literal spatial and channel sizes are computed
function features<B extends number>(x: Tensor<[B, 28, 28, 1], "float32">, w: Tensor<[3, 3, 1, 8], "float32">) {
  const first: Tensor<[B, 26, 26, 8], "float32"> = conv2d(x, w);
  const same: Tensor<[B, 14, 14, 8], "float32"> = conv2d(x, w, { strides: 2, padding: "same" });
  const up: Tensor<[B, 16, 16, 4], "float32"> = conv2dTranspose(expected<Tensor<[B, 8, 8, 6], "float32">>(), expected<Tensor<[2, 2, 4, 6], "float32">>(), { strides: 2 });
  const sequence: Tensor<[B, 32, 98], "float32"> = conv1d(expected<Tensor<[B, 16, 100], "float32">>(), expected<Tensor<[32, 16, 3], "float32">>(), { layout: "NCW" });
  return [first, same, up, sequence] as const;
}
expectTypeOf(features(zeros([4, 28, 28, 1]), zeros([3, 3, 1, 8]))[0]).toEqualTypeOf<Tensor<[4, 26, 26, 8], "float32">>();
function wrongChannels<B extends number>(x: Tensor<[B, 28, 28, 3], "float32">) {
  // @ts-expect-error -- "conv2d: x has 3 channels but w has 1 on axis 2 (3 expected); x [B, 28, 28, 3], w [3, 3, 1, 8]"
  return conv2d(x, zeros([3, 3, 1, 8]));
}
function symbolic<B extends number, H extends number>(x: Tensor<[B, H, 8, 3], "float32">) {
  // a spatial size that is a type parameter: its output size is kept as the expression
  expectTypeOf(conv2d(x, zeros([3, 3, 3, 8]))).toEqualTypeOf<Tensor<[B, Minus<H, 2>, 6, 8], "float32">>();
  // a literal axis too small for the window is still an error, its shape printed by the alias
  // @ts-expect-error -- MisfitText<"conv2d", [H, 2], 1, [3, 3], 1, "valid", [B, H, 2, 3], [Minus<H, 2>, 0], []>
  conv2d(zeros([1, 5, 2, 3]) as Tensor<[B, H, 2, 3], "float32">, zeros([3, 3, 3, 8]));
}
function anyKernel<B extends number, K extends number>(x: Tensor<[B, 8, 8, 3], "float32">, w: Tensor<[K, K, 3, 8], "float32">) {
  // a kernel size that is a type parameter: the output size is written with it, 8 + 1 - K
  expectTypeOf(conv2d(x, w)).toEqualTypeOf<Tensor<[B, Shift<8, 1, WindowSpan<K, 1>>, Shift<8, 1, WindowSpan<K, 1>>, 8], "float32">>();
  return conv2d(x, w);
}
expectTypeOf(anyKernel(zeros([2, 8, 8, 3]), zeros([3, 3, 3, 8]))).toEqualTypeOf<Tensor<[2, 6, 6, 8], "float32">>();
export { anyKernel, symbolic, wrongChannels };
