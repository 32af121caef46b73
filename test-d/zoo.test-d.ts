/**
 * The model zoo of test-d/zoo/models.ts: the type of each intermediate in generic code (exact), the
 * types at a concrete call, and misfits planted in the models' own code, each a compile error.
 */
import { expectTypeOf } from "expect-type";
import {
  add, batchNorm, concat, conv2d, gather, matmul, maxPool2d, reshape, resize, softmaxCrossEntropy, split, transpose, upsample, where, type FloorDiv, type Plus, type Tensor, type Times, zeros,
} from "shapecast";
import {
  basicBlock, downBlock, gpt, gptLoss, lstm, lstmCell, patchEmbedding, segment, unet, unetDecoder, unetEncoder, upLevel, vae, type BatchNormWeights, type GptWeights, type UnetWeights, type VaeWeights,
} from "./zoo/models.js";

function generic<B extends number, T extends number, V extends number, N extends number, C extends number, H extends number, W extends number, Z extends number, I extends number, K extends number>(
  gw: GptWeights<V>, ids: Tensor<[B, T], "int32">, b: B, t: T,
  x: Tensor<[N, C, H, W], "float32">, cw: Tensor<[C, C, 3, 3], "float32">, n: BatchNormWeights<C>,
  stage: Tensor<[N, 64, H, W], "float32">, w1: Tensor<[128, 64, 3, 3], "float32">, w2: Tensor<[128, 128, 3, 3], "float32">, projection: Tensor<[128, 64, 1, 1], "float32">,
  images: Tensor<[N, 3, H, W], "float32">, patches: Tensor<[192, 3, 16, 16], "float32">,
  vw: VaeWeights<Z>, digits: Tensor<[B, 784], "float32">, z: Z,
  xs: Tensor<[T, B, I], "float32">, state: Tensor<[B, 128], "float32">, wx: Tensor<[I, 512], "float32">, wh: Tensor<[128, 512], "float32">,
  uw: UnetWeights<C, K>, deep: Tensor<[N, 32, H, W], "float32">, skip: Tensor<[N, 16, Times<H, 2>, Times<W, 2>], "float32">, upWeights: Tensor<[16, 48, 3, 3], "float32">,
) {
  const g = gpt(gw, ids, b, t);
  expectTypeOf(g.embedded).toEqualTypeOf<Tensor<[B, T, 768], "float32">>();
  expectTypeOf(g.q).toEqualTypeOf<Tensor<[B, 12, T, 64], "float32">>();
  expectTypeOf(g.scores).toEqualTypeOf<Tensor<[B, 12, T, T], "float32">>();
  expectTypeOf(g.causal).toEqualTypeOf<Tensor<[T, T], "bool">>();
  expectTypeOf(g.weights).toEqualTypeOf<Tensor<[B, 12, T, T], "float32">>();
  expectTypeOf(g.mixed).toEqualTypeOf<Tensor<[B, T, 768], "float32">>();
  expectTypeOf(g.logits).toEqualTypeOf<Tensor<[B, T, V], "float32">>();
  expectTypeOf(gptLoss(gw, ids, ids, b, t)).toEqualTypeOf<Tensor<[], "float32">>();

  expectTypeOf(basicBlock(x, cw, cw, n, n)).toEqualTypeOf<Tensor<[N, C, H, W], "float32">>();
  const down = downBlock(stage, w1, w2, projection);
  expectTypeOf(down.first).toEqualTypeOf<Tensor<[N, 128, FloorDiv<Plus<H, 1>, 2>, FloorDiv<Plus<W, 1>, 2>], "float32">>();
  expectTypeOf(down.shortcut).toEqualTypeOf<Tensor<[N, 128, FloorDiv<Plus<H, 1>, 2>, FloorDiv<Plus<W, 1>, 2>], "float32">>();
  expectTypeOf(down.out).toEqualTypeOf<Tensor<[N, 128, FloorDiv<Plus<H, 1>, 2>, FloorDiv<Plus<W, 1>, 2>], "float32">>();

  const embedded = patchEmbedding(images, patches);
  expectTypeOf(embedded.grid).toEqualTypeOf<Tensor<[N, 192, FloorDiv<H, 16>, FloorDiv<W, 16>], "float32">>();
  expectTypeOf(embedded.pooled).toEqualTypeOf<Tensor<[N, 192], "float32">>();

  const v = vae(vw, digits, b, z);
  expectTypeOf(v.sample).toEqualTypeOf<Tensor<[B, Z], "float32">>();
  expectTypeOf(v.reconstruction).toEqualTypeOf<Tensor<[B, 784], "float32">>();
  expectTypeOf(v.kl).toEqualTypeOf<Tensor<[], "float32">>();

  const u = unet(uw, x);
  expectTypeOf(u.skip1).toEqualTypeOf<Tensor<[N, 16, H, W], "float32">>();
  expectTypeOf(u.skip2).toEqualTypeOf<Tensor<[N, 32, FloorDiv<H, 2>, FloorDiv<W, 2>], "float32">>();
  expectTypeOf(u.bottom).toEqualTypeOf<Tensor<[N, 64, FloorDiv<FloorDiv<H, 2>, 2>, FloorDiv<FloorDiv<W, 2>, 2>], "float32">>();
  expectTypeOf(u.up2).toEqualTypeOf<Tensor<[N, 64, FloorDiv<H, 2>, FloorDiv<W, 2>], "float32">>();
  expectTypeOf(u.level2).toEqualTypeOf<Tensor<[N, 32, FloorDiv<H, 2>, FloorDiv<W, 2>], "float32">>();
  expectTypeOf(u.up1).toEqualTypeOf<Tensor<[N, 32, H, W], "float32">>();
  expectTypeOf(u.logits).toEqualTypeOf<Tensor<[N, K, H, W], "float32">>();
  expectTypeOf(upLevel(deep, skip, upWeights)).toEqualTypeOf<Tensor<[N, 16, Times<H, 2>, Times<W, 2>], "float32">>();
  const features = unetEncoder(uw, x);
  expectTypeOf(features.bottom).toEqualTypeOf<Tensor<[N, 64, FloorDiv<FloorDiv<H, 2>, 2>, FloorDiv<FloorDiv<W, 2>, 2>], "float32">>();
  expectTypeOf(unetDecoder(features, uw.out2, uw.out1, uw.head)).toEqualTypeOf<Tensor<[N, K, H, W], "float32">>();
  expectTypeOf(segment(uw, x)).toEqualTypeOf<Tensor<[N, K, H, W], "float32">>();

  expectTypeOf(lstmCell(xs.slice(0), state, state, wx, wh).h).toEqualTypeOf<Tensor<[B, 128], "float32">>();
  expectTypeOf(lstm(xs, state, wx, wh).c).toEqualTypeOf<Tensor<[B, 128], "float32">>();
}

// concrete: the expressions become numbers
const weights: GptWeights<50> = {
  tokens: zeros([50, 768]), positions: zeros([1024, 768]), gamma: zeros([768]), beta: zeros([768]), query: zeros([768, 768]), key: zeros([768, 768]),
  value: zeros([768, 768]), out: zeros([768, 768]), up: zeros([768, 3072]), down: zeros([3072, 768]),
};
expectTypeOf(gpt(weights, zeros([2, 5], "int32"), 2, 5).logits).toEqualTypeOf<Tensor<[2, 5, 50], "float32">>();
expectTypeOf(downBlock(zeros([1, 64, 9, 8]), zeros([128, 64, 3, 3]), zeros([128, 128, 3, 3]), zeros([128, 64, 1, 1])).out).toEqualTypeOf<Tensor<[1, 128, 5, 4], "float32">>();
const unetWeights: UnetWeights<3, 5> = {
  in1: zeros([16, 3, 3, 3]), in2: zeros([32, 16, 3, 3]), bottom: zeros([64, 32, 3, 3]), out2: zeros([32, 96, 3, 3]), out1: zeros([16, 48, 3, 3]), head: zeros([5, 16, 1, 1]),
};
expectTypeOf(unet(unetWeights, zeros([2, 3, 9, 12])).bottom).toEqualTypeOf<Tensor<[2, 64, 2, 3], "float32">>();
expectTypeOf(unet(unetWeights, zeros([2, 3, 9, 12])).logits).toEqualTypeOf<Tensor<[2, 5, 9, 12], "float32">>();
expectTypeOf(upLevel(zeros([1, 32, 3, 4]), zeros([1, 16, 6, 8]), zeros([16, 48, 3, 3]))).toEqualTypeOf<Tensor<[1, 16, 6, 8], "float32">>();
expectTypeOf(segment(unetWeights, zeros([2, 3, 9, 12]))).toEqualTypeOf<Tensor<[2, 5, 9, 12], "float32">>();
expectTypeOf(patchEmbedding(zeros([2, 3, 32, 48]), zeros([192, 3, 16, 16])).patches).toEqualTypeOf<Tensor<[2, 6, 192], "float32">>();

// misfits planted in model code, each a compile error whose text holds the words in backquotes
// (test/zoo.test.ts checks them): "cannot decide" only where a type parameter's size is the
// question; "(still undecided)" marks a definite misfit still reported as undecided
function planted<B extends number, T extends number, N extends number, C extends number, H extends number, W extends number>(
  tokens: Tensor<[50, 512], "float32">, positions: Tensor<[1024, 768], "float32">, ids: Tensor<[B, T], "int32">, hidden: Tensor<[B, T, 768], "float32">,
  up: Tensor<[3072, 768], "float32">, x: Tensor<[N, C, H, W], "float32">, wide: Tensor<[C, C, 5, 5], "float32">, other: Tensor<[16, 32, 3, 3], "float32">,
  image: Tensor<[N, 16, H, W], "float32">, mean: Tensor<[32], "float32">, mask: Tensor<[T, T], "bool">, scores: Tensor<[B, 12, T, 64], "float32">, b: B, t: T,
  unpooled: Tensor<[N, 32, H, W], "float32">, bottom: Tensor<[N, 64, FloorDiv<FloorDiv<H, 2>, 2>, FloorDiv<FloorDiv<W, 2>, 2>], "float32">, decoder: UnetWeights<3, 5>,
) {
  // @ts-expect-error -- token width 512 against positions 768: `axis 2 has 512 vs 768`
  add(gather(tokens, ids, 0), gather(positions, ids, 0));
  // @ts-expect-error -- the up projection transposed: 768 vs 3072: `inner sizes 768 vs 3072`
  matmul(hidden, up);
  // @ts-expect-error -- 12 heads of 32 do not make 768: `(still undecided) cannot decide`
  reshape(hidden, [b, t, 12, 32]);
  // @ts-expect-error -- a 5x5 kernel with padding 1 shrinks H, the residual does not fit: `cannot decide`
  add(conv2d(x, wide, { layout: "NCHW", padding: 1 }), x);
  // @ts-expect-error -- w's 32 input channels against x's 16: `x has 16 channels but w has 32`
  conv2d(image, other, { layout: "NCHW" });
  // @ts-expect-error -- a 32-channel statistic on 16 channels: `mean has shape [32] but must have shape [16]`
  batchNorm(image, mean, mean, mean, mean, { layout: "NCHW" });
  // @ts-expect-error -- a mask of [T, T] on scores whose last axis is 64: `cannot decide`
  where(mask, scores, -Infinity);
  // @ts-expect-error -- labels with the class axis left in: `AnyTensor<[B, T], "int32" | "uint8">`
  softmaxCrossEntropy(hidden, hidden.cast("int32"));
  // @ts-expect-error -- a skip connection across a pool: FloorDiv<H, 2> against H: `cannot decide`
  concat([maxPool2d(image, { size: 2, layout: "NCHW" }), image], 1);
  // @ts-expect-error -- four gates of 768 are not split from 3072 in three: `sizes [768, 768, 768] add up to 2304 but axis 2 has 3072`
  split(matmul(hidden, transpose(up)), [768, 768, 768], -1);
  // @ts-expect-error -- the tied head needs the table transposed: `inner sizes 768 vs 50`
  matmul(hidden, tokens);
  // @ts-expect-error -- heads moved with an axis list of the wrong length: `axes [0, 2, 1] has 3 entries for a rank-4 tensor`
  transpose(scores, [0, 2, 1]);
  // @ts-expect-error -- a UNet's skip joined at the wrong level: upsampled to twice H, the skip is H: `cannot decide`
  concat([upsample(image, 2, { layout: "NCHW" }), image], 1);
  // @ts-expect-error -- a decoder's weights for 32 channels, the skip concatenation has 48: `x has 48 channels but w has 32`
  conv2d(concat([image, image, image], 1), other, { layout: "NCHW" });
  // @ts-expect-error -- the decoder given a skip before its pool, H where FloorDiv<H, 2> is due: `FloorDiv<H, 2>`
  unetDecoder({ skip1: image, skip2: unpooled, bottom }, decoder.out2, decoder.out1, decoder.head);
}
export { generic, planted };
