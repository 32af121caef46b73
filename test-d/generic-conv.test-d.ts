/**
 * Convolutions and pools generic in spatial and channel sizes, as ResNet and UNet code writes
 * them: `"same"` padding keeps `H` and `W` at stride 1 and gives `CeilDiv<H, 2>` at stride 2; a
 * transposed convolution gives `Times<H, 2>`; one channel count `Cin` on x and w fits; and each
 * symbolic size becomes its number when the generic function is called with concrete shapes.
 */
import { expectTypeOf } from "expect-type";
import {
  add, avgPool1d, conv1d, conv2d, conv2dTranspose, depthwiseConv2d, maxPool2d, relu, zeros,
  type CeilDiv, type Tensor, type Times,
} from "shapecast";

declare function expected<T>(): T;

// a ResNet basic block, channels-first: two 3x3 "same" convolutions and the skip connection
function basicBlock<N extends number, C extends number, H extends number, W extends number>(
  x: Tensor<[N, C, H, W], "float32">,
  w1: Tensor<[C, C, 3, 3], "float32">,
  w2: Tensor<[C, C, 3, 3], "float32">,
) {
  let h = relu(conv2d(x, w1, { layout: "NCHW", padding: "same" }));
  h = expected<Tensor<[N, C, H, W], "float32">>();
  let out = relu(add(conv2d(h, w2, { layout: "NCHW", padding: "same" }), x));
  out = expected<Tensor<[N, C, H, W], "float32">>();
  return out;
}
expectTypeOf(basicBlock(zeros([2, 8, 16, 16]), zeros([8, 8, 3, 3]), zeros([8, 8, 3, 3]))).toEqualTypeOf<Tensor<[2, 8, 16, 16], "float32">>();

// a downsampling stage: a stride-2 "same" convolution to F filters, channels-last, and a pool
function down<N extends number, H extends number, W extends number, Cin extends number, F extends number>(
  x: Tensor<[N, H, W, Cin], "float32">,
  w: Tensor<[3, 3, Cin, F], "float32">,
) {
  let y = conv2d(x, w, { strides: 2, padding: "same" });
  y = expected<Tensor<[N, CeilDiv<H, 2>, CeilDiv<W, 2>, F], "float32">>();
  let pooled = maxPool2d(x, { size: 2, padding: "same" });
  pooled = expected<Tensor<[N, CeilDiv<H, 2>, CeilDiv<W, 2>, Cin], "float32">>();
  let kept = maxPool2d(x, { size: 3, strides: 1, padding: "same" });
  kept = expected<Tensor<[N, H, W, Cin], "float32">>();
  return y;
}
expectTypeOf(down(zeros([1, 28, 27, 3]), zeros([3, 3, 3, 16]))).toEqualTypeOf<Tensor<[1, 14, 14, 16], "float32">>();

// an upsampling stage: a stride-2 transposed convolution, "same"
function up<N extends number, H extends number, W extends number, C extends number, F extends number>(x: Tensor<[N, H, W, C], "float32">, w: Tensor<[2, 2, F, C], "float32">) {
  let y = conv2dTranspose(x, w, { strides: 2, padding: "same" });
  y = expected<Tensor<[N, Times<H, 2>, Times<W, 2>, F], "float32">>();
  let same = conv2dTranspose(x, w, { padding: "same" });
  same = expected<Tensor<[N, H, W, F], "float32">>();
  return y;
}
expectTypeOf(up(zeros([1, 7, 5, 4]), zeros([2, 2, 8, 4]))).toEqualTypeOf<Tensor<[1, 14, 10, 8], "float32">>();

// depthwise and 1-d, "same" at stride 1
function others<N extends number, L extends number, H extends number, W extends number, C extends number>(
  seq: Tensor<[N, L, C], "float32">,
  w1: Tensor<[5, C, 32], "float32">,
  image: Tensor<[N, H, W, C], "float32">,
  wd: Tensor<[3, 3, C, 1], "float32">,
) {
  let s = conv1d(seq, w1, { padding: "same" });
  s = expected<Tensor<[N, L, 32], "float32">>();
  let smooth = avgPool1d(seq, { size: 3, strides: 1, padding: "same" });
  smooth = expected<Tensor<[N, L, C], "float32">>();
  let d = depthwiseConv2d(image, wd, { padding: "same" });
  d = expected<Tensor<[N, H, W, C], "float32">>();
  return [s, smooth, d] as const;
}
others(zeros([2, 10, 4]), zeros([5, 4, 32]), zeros([2, 6, 6, 4]), zeros([3, 3, 4, 1]));

// what stays an error, each with the library's message
function misfits<N extends number, H extends number, W extends number, Cin extends number>(
  x: Tensor<[N, Cin, H, W], "float32">,
  w16: Tensor<[8, 16, 3, 3], "float32">,
  w: Tensor<[8, Cin, 3, 3], "float32">,
) {
  // @ts-expect-error -- Cin against 16: undecided, "conv2d: the compiler cannot decide the result's shape ..."
  conv2d(x, w16, { layout: "NCHW", padding: "same" });
  // @ts-expect-error -- "valid" padding of H: the window must fit the axis, undecided
  conv2d(x, w, { layout: "NCHW" });
  // @ts-expect-error -- a 2x2 pool, "valid" by default: undecided
  maxPool2d(x, { size: 2, layout: "NCHW" });
}
misfits(zeros([1, 16, 8, 8]), zeros([8, 16, 3, 3]), zeros([8, 16, 3, 3]));
