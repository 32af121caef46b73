/**
 * Convolutions and pools generic in spatial and channel sizes, as ResNet and UNet code writes
 * them: `"same"` padding keeps `H` and `W` at stride 1 and gives `CeilDiv<H, 2>` at stride 2;
 * "valid" and explicit padding give `Minus<H, 2>`, `Plus<H, 2>` or `FloorDiv<H, 2>`; a
 * transposed convolution gives `Times<H, 2>` with `"same"` and with the padding that makes up for
 * its span, else `Minus<Times<H, 2>, 1>` or `Grown<H, 2>` (plus, 0 for an empty axis); one channel count `Cin` on x and w fits; and each
 * symbolic size becomes its number when the generic function is called with concrete shapes.
 * A map upsampled by 2 and pooled (or strided) by 2 has its own sizes again, `H` and `W`.
 */
import { expectTypeOf } from "expect-type";
import {
  add, avgPool1d, concat, conv1d, conv2d, conv2dTranspose, depthwiseConv2d, maxPool2d, relu, upsample, zeros,
  type CeilDiv, type FloorDiv, type Grown, type Minus, type Plus, type Shift, type Tensor, type Times, type WindowSpan,
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

// the other paddings of a transposed convolution, channels-first as PyTorch's ConvTranspose2d
function decoder<N extends number, C extends number, H extends number, W extends number>(
  x: Tensor<[N, C, H, W], "float32">,
  w4: Tensor<[C, 8, 4, 4], "float32">,
  w3: Tensor<[C, 8, 3, 3], "float32">,
) {
  // kernel 4, stride 2, padding 1: exactly twice the size (DCGAN's generator)
  expectTypeOf(conv2dTranspose(x, w4, { layout: "NCHW", strides: 2, padding: 1 })).toEqualTypeOf<Tensor<[N, 8, Times<H, 2>, Times<W, 2>], "float32">>();
  // kernel 3, stride 2, padding 1: one short of twice, and outputPadding 1 gives it back
  expectTypeOf(conv2dTranspose(x, w3, { layout: "NCHW", strides: 2, padding: 1 })).toEqualTypeOf<Tensor<[N, 8, Minus<Times<H, 2>, 1>, Minus<Times<W, 2>, 1>], "float32">>();
  expectTypeOf(conv2dTranspose(x, w3, { layout: "NCHW", strides: 2, padding: 1, outputPadding: 1 })).toEqualTypeOf<Tensor<[N, 8, Times<H, 2>, Times<W, 2>], "float32">>();
  // no padding at stride 1: the span minus one more (an empty axis stays empty, hence Grown)
  expectTypeOf(conv2dTranspose(x, w3, { layout: "NCHW" })).toEqualTypeOf<Tensor<[N, 8, Grown<H, 2>, Grown<W, 2>], "float32">>();
  expectTypeOf(conv2dTranspose(x, w3, { layout: "NCHW", strides: 2, padding: "same", outputPadding: 1 })).toEqualTypeOf<Tensor<[N, 8, Grown<Times<H, 2>, 1>, Grown<Times<W, 2>, 1>], "float32">>();
  // a literal axis beside them is its number
  const wide = conv2dTranspose(x as unknown as Tensor<[N, C, H, 5], "float32">, w3, { layout: "NCHW", strides: 2, padding: [[1, 1], [0, 1]], dilations: 2 });
  expectTypeOf(wide).toEqualTypeOf<Tensor<[N, 8, Grown<Times<H, 2>, 1>, 12], "float32">>();
  return conv2dTranspose(x, w4, { layout: "NCHW", strides: 2, padding: 1 });
}
expectTypeOf(decoder(zeros([2, 3, 7, 5]), zeros([3, 8, 4, 4]), zeros([3, 8, 3, 3]))).toEqualTypeOf<Tensor<[2, 8, 14, 10], "float32">>();
expectTypeOf(decoder(zeros([2, 3, 0, 5]), zeros([3, 8, 4, 4]), zeros([3, 8, 3, 3]))).toEqualTypeOf<Tensor<[2, 8, 0, 10], "float32">>();

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

// "valid" and explicit padding: the output size is an expression of H, exact once H is a number
function valid<N extends number, C extends number, H extends number, W extends number>(
  x: Tensor<[N, C, H, W], "float32">,
  w: Tensor<[16, C, 3, 3], "float32">,
) {
  let a = conv2d(x, w, { layout: "NCHW" });
  a = expected<Tensor<[N, 16, Minus<H, 2>, Minus<W, 2>], "float32">>();
  // the same computation on both sides fits: a residual branch of two "valid" convolutions
  let both = add(conv2d(x, w, { layout: "NCHW" }), a);
  both = expected<Tensor<[N, 16, Minus<H, 2>, Minus<W, 2>], "float32">>();
  // padding that makes up for the span keeps the size; more padding adds to it
  let kept = conv2d(x, w, { layout: "NCHW", padding: 1 });
  kept = expected<Tensor<[N, 16, H, W], "float32">>();
  let grown = conv2d(x, w, { layout: "NCHW", padding: [[2, 2], [1, 1]] });
  grown = expected<Tensor<[N, 16, Plus<H, 2>, W], "float32">>();
  // strides: floor((H + 2 - 3) / 2) + 1 = floor((H + 1) / 2), and a 2x2 pool is floor(H / 2)
  let strided = conv2d(x, w, { layout: "NCHW", padding: 1, strides: 2 });
  strided = expected<Tensor<[N, 16, FloorDiv<Plus<H, 1>, 2>, FloorDiv<Plus<W, 1>, 2>], "float32">>();
  let pooled = maxPool2d(relu(a), { size: 2, layout: "NCHW" });
  pooled = expected<Tensor<[N, 16, FloorDiv<Minus<H, 2>, 2>, FloorDiv<Minus<W, 2>, 2>], "float32">>();
  // dilation 2 spans 5 cells
  let dilated = conv2d(x, w, { layout: "NCHW", dilations: 2 });
  dilated = expected<Tensor<[N, 16, Minus<H, 4>, Minus<W, 4>], "float32">>();
  // 1-d, channels-last
  let seq = conv1d(zeros([2, 9, 4]) as unknown as Tensor<[N, W, 4], "float32">, zeros([5, 4, 8]));
  seq = expected<Tensor<[N, Minus<W, 4>, 8], "float32">>();
  return [a, both, kept, grown, strided, pooled, dilated, seq] as const;
}
{
  const [a, , , grown, strided, pooled, , seq] = valid(zeros([2, 3, 12, 11]), zeros([16, 3, 3, 3]));
  expectTypeOf(a).toEqualTypeOf<Tensor<[2, 16, 10, 9], "float32">>();
  expectTypeOf(grown).toEqualTypeOf<Tensor<[2, 16, 14, 11], "float32">>();
  expectTypeOf(strided).toEqualTypeOf<Tensor<[2, 16, 6, 6], "float32">>();
  expectTypeOf(pooled).toEqualTypeOf<Tensor<[2, 16, 5, 4], "float32">>();
  expectTypeOf(seq).toEqualTypeOf<Tensor<[2, 7, 8], "float32">>();
}

// depthwise, generic in the channels: PyTorch's groups = C channels-first, a multiplier channels-last
function mobile<N extends number, C extends number, H extends number, W extends number>(
  x: Tensor<[N, C, H, W], "float32">,
  w: Tensor<[C, 1, 3, 3], "float32">,
  last: Tensor<[N, H, W, C], "float32">,
  w2: Tensor<[3, 3, C, 2], "float32">,
) {
  expectTypeOf(depthwiseConv2d(x, w, { layout: "NCHW", padding: "same", strides: 2 })).toEqualTypeOf<Tensor<[N, C, CeilDiv<H, 2>, CeilDiv<W, 2>], "float32">>();
  expectTypeOf(depthwiseConv2d(x, w, { layout: "NCHW", dilations: 2 })).toEqualTypeOf<Tensor<[N, C, Minus<H, 4>, Minus<W, 4>], "float32">>();
  expectTypeOf(depthwiseConv2d(last, w2, { strides: 2 })).toEqualTypeOf<Tensor<[N, FloorDiv<Minus<H, 1>, 2>, FloorDiv<Minus<W, 1>, 2>, Times<C, 2>], "float32">>();
  // @ts-expect-error -- a literal axis too small for the window, beside the generic channels: DepthwiseMisfitText<...>
  depthwiseConv2d(x as unknown as Tensor<[N, C, H, 2], "float32">, w, { layout: "NCHW" });
  return depthwiseConv2d(last, w2, { padding: "same" });
}
expectTypeOf(mobile(zeros([1, 3, 8, 6]), zeros([3, 1, 3, 3]), zeros([1, 8, 6, 3]), zeros([3, 3, 3, 2]))).toEqualTypeOf<Tensor<[1, 8, 6, 6], "float32">>();
// @ts-expect-error -- 0 channels in 0 groups, as the runtime says: "depthwiseConv2d: x has 0 channels, not divisible by groups 0 (shape [1, 0, 5, 5])"
depthwiseConv2d(zeros([1, 0, 5, 5]), zeros([0, 1, 3, 3]), { layout: "NCHW", padding: "same" });

// a kernel size that is a type parameter: "same" padding's sizes do not depend on it; other
// paddings write it into the size, `H + 1 - K` at stride 1
function anyKernel<N extends number, H extends number, W extends number, K extends number>(x: Tensor<[N, 8, H, W], "float32">, w: Tensor<[8, 8, K, K], "float32">) {
  expectTypeOf(conv2d(x, w, { layout: "NCHW", padding: "same", strides: 2 })).toEqualTypeOf<Tensor<[N, 8, CeilDiv<H, 2>, CeilDiv<W, 2>], "float32">>();
  expectTypeOf(conv2d(x, w, { layout: "NCHW" })).toEqualTypeOf<Tensor<[N, 8, Shift<H, 1, WindowSpan<K, 1>>, Shift<W, 1, WindowSpan<K, 1>>], "float32">>();
  expectTypeOf(conv2d(x, w, { layout: "NCHW", strides: 2, padding: 1 })).toEqualTypeOf<Tensor<[N, 8, FloorDiv<Shift<H, 4, WindowSpan<K, 1>>, 2>, FloorDiv<Shift<W, 4, WindowSpan<K, 1>>, 2>], "float32">>();
  expectTypeOf(conv2d(x, w, { layout: "NCHW", dilations: 2 })).toEqualTypeOf<Tensor<[N, 8, Shift<H, 1, WindowSpan<K, 2>>, Shift<W, 1, WindowSpan<K, 2>>], "float32">>();
  return [conv2d(x, w, { layout: "NCHW", padding: "same" }), conv2d(x, w, { layout: "NCHW" })] as const;
}
expectTypeOf(anyKernel(zeros([1, 8, 5, 6]), zeros([8, 8, 3, 3]))).toEqualTypeOf<readonly [Tensor<[1, 8, 5, 6], "float32">, Tensor<[1, 8, 3, 4], "float32">]>();
// a kernel size known only at run time is checked with its smallest kernel, one tap: an empty axis has no window
// @ts-expect-error -- "conv2d: the window spans 1 but axis 2 is 0 with its padding (shape [1, 8, 0, 6])"
conv2d(zeros([1, 8, 0, 6]), zeros([8, 8, 3, 3]) as Tensor<[8, 8, number, number], "float32">, { layout: "NCHW" });
// also beside channels that are a type parameter
function emptyAxis<C extends number>(x: Tensor<[1, C, 0, 6], "float32">, w: Tensor<[8, C, number, number], "float32">) {
  // @ts-expect-error -- ShapeMessage<"conv2d: the window spans 1 but axis 2 is 0 with its padding (shape {1})", [1, C, 0, 6], []>
  return conv2d(x, w, { layout: "NCHW" });
}

// a pool's window size or stride that is a type parameter: an error in the library's words, and a
// result named by what it would compute, never an unresolved rule; a size known only at run time,
// `number`, is the way out
// a transposed convolution whose kernel size is a type parameter: (H - 1) * 2 + K, written as the
// rule writes it, `Times<H, 2>` shifted by the kernel's span less the stride
function learnedKernel<N extends number, C extends number, H extends number, K extends number>(x: Tensor<[N, C, H, H], "float32">, w: Tensor<[C, C, K, K], "float32">) {
  const up = conv2dTranspose(x, w, { layout: "NCHW", strides: 2 });
  expectTypeOf(up).toEqualTypeOf<Tensor<[N, C, Shift<Times<H, 2>, WindowSpan<K, 1>, 2, true>, Shift<Times<H, 2>, WindowSpan<K, 1>, 2, true>], "float32">>();
  return up;
}
expectTypeOf(learnedKernel(zeros([1, 2, 5, 5]), zeros([2, 2, 3, 3]))).toEqualTypeOf<Tensor<[1, 2, 11, 11], "float32">>();
expectTypeOf(learnedKernel(zeros([1, 2, 5, 5]), zeros([2, 2, 4, 4]))).toEqualTypeOf<Tensor<[1, 2, 12, 12], "float32">>();

function poolParameters<N extends number, H extends number, W extends number, K extends number>(x: Tensor<[N, 8, H, W], "float32">, k: K, n: number) {
  // @ts-expect-error -- "maxPool2d: the compiler cannot decide the window's output size ... give window values as literals ..."
  maxPool2d(x, { size: k, layout: "NCHW" });
  // @ts-expect-error -- the same, for a size given per axis
  maxPool2d(x, { size: [k, k], strides: 1, layout: "NCHW" });
  // @ts-expect-error -- the same, for a stride
  maxPool2d(x, { size: 2, strides: k, layout: "NCHW" });
  expectTypeOf(maxPool2d(x, { size: n, layout: "NCHW" })).toEqualTypeOf<Tensor<[N, 8, FloorDiv<H, number>, FloorDiv<W, number>], "float32">>();
  // a window size alone, as `F.max_pool2d(x, 2)` is written (the default layout, channels last)
  const last = x as unknown as Tensor<[N, H, W, 8], "float32">;
  expectTypeOf(maxPool2d(last, 2)).toEqualTypeOf<Tensor<[N, FloorDiv<H, 2>, FloorDiv<W, 2>, 8], "float32">>();
  expectTypeOf(last.avgPool2d(3)).toEqualTypeOf<Tensor<[N, FloorDiv<H, 3>, FloorDiv<W, 3>, 8], "float32">>();
  // @ts-expect-error -- "maxPool2d: the compiler cannot decide the window's output size ... give window values as literals ..."
  maxPool2d(last, k);
  // @ts-expect-error -- the window spans 4 but axis 3 is 1: ShapeMessage<"maxPool2d: the window spans 4 but axis 2 is 1 with its padding (shape {1})", ...>
  maxPool2d(x as unknown as Tensor<[N, H, 1, 8], "float32">, 4);
}

// what stays an error, each with the library's message
function misfits<N extends number, H extends number, W extends number, Cin extends number>(
  x: Tensor<[N, Cin, H, W], "float32">,
  w16: Tensor<[8, 16, 3, 3], "float32">,
  w: Tensor<[8, Cin, 3, 3], "float32">,
) {
  // @ts-expect-error -- Cin against 16: undecided, "conv2d: the compiler cannot decide the result's shape ..."
  conv2d(x, w16, { layout: "NCHW", padding: "same" });
  // @ts-expect-error -- a literal axis the window does not fit, beside a type parameter: MisfitText<"conv2d", [H, 2], 2, [3, 3], 1, "valid", [N, Cin, H, 2], [Minus<H, 2>, 0], []>
  conv2d(x as unknown as Tensor<[N, Cin, H, 2], "float32">, w, { layout: "NCHW" });
  // @ts-expect-error -- the same on the other axis: ShapeMessage<"maxPool2d: the window spans 2 but axis 2 is 1 with its padding (shape {1})", [N, Cin, 1, W]>
  maxPool2d(x as unknown as Tensor<[N, Cin, 1, W], "float32">, { size: 2, layout: "NCHW" });
  // @ts-expect-error -- a transposed convolution's padding that eats a literal axis, beside a type parameter: ShapeMessage<"conv2dTranspose: padding 6 on axis 3 leaves no output of the 3 a full transpose gives (shape {1})", [N, Cin, H, 1]>
  conv2dTranspose(x as unknown as Tensor<[N, Cin, H, 1], "float32">, w as unknown as Tensor<[Cin, 8, 3, 3], "float32">, { layout: "NCHW", padding: 3 });
}
misfits(zeros([1, 16, 8, 8]), zeros([8, 16, 3, 3]), zeros([8, 16, 3, 3]));

/** A map scaled up and strided down by the same factor has its own sizes again: `FloorDiv<Times<H, 2>, 2>` is `H`. */
function rescaled<N extends number, H extends number, W extends number>(x: Tensor<[N, 8, H, W], "float32">, w: Tensor<[16, 8, 3, 3], "float32">) {
  const up = upsample(x, 2, { mode: "nearest", layout: "NCHW" });
  expectTypeOf(up).toEqualTypeOf<Tensor<[N, 8, Times<H, 2>, Times<W, 2>], "float32">>();
  expectTypeOf(maxPool2d(up, { size: 2, layout: "NCHW" })).toEqualTypeOf<Tensor<[N, 8, H, W], "float32">>();
  expectTypeOf(conv2d(up, w, { strides: 2, padding: "same", layout: "NCHW" })).toEqualTypeOf<Tensor<[N, 16, H, W], "float32">>();
  // by another factor the quotient stays as it is, and so does a window whose arithmetic only equals it
  expectTypeOf(maxPool2d(up, { size: 3, layout: "NCHW" })).toEqualTypeOf<Tensor<[N, 8, FloorDiv<Times<H, 2>, 3>, FloorDiv<Times<W, 2>, 3>], "float32">>();
  expectTypeOf(maxPool2d(up, { size: 3, strides: 2, padding: 1, layout: "NCHW" })).toEqualTypeOf<Tensor<[N, 8, FloorDiv<Plus<Times<H, 2>, 1>, 2>, FloorDiv<Plus<Times<W, 2>, 1>, 2>], "float32">>();
  return concat([maxPool2d(up, { size: 2, layout: "NCHW" }), x], 1);
}
expectTypeOf(rescaled(zeros([1, 8, 5, 7]), zeros([16, 8, 3, 3]))).toEqualTypeOf<Tensor<[1, 16, 5, 7], "float32">>();
