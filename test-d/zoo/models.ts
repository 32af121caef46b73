/**
 * A model zoo written the way ports of PyTorch models are written, generic in every size a user
 * leaves open (batch, sequence, vocabulary, spatial sizes, latent size), with no cast and no
 * `assertShape`: test-d/zoo.test-d.ts checks each intermediate's type and the misfits planted in
 * it; test/zoo.test.ts runs each at small sizes and compares the run-time shapes with the types.
 */
import {
  add, arange, batchNorm, concat, conv2d, div, exp, flatten, gather, gelu, layerNorm, matmul, maxPool2d, mean, mul, ones, permute, randn, relu, reshape,
  resize, sigmoid, softmax, softmaxCrossEntropy, split, sub, sum, tanh, transpose, tril, upsample, where, type FloorDiv, type Tensor, type Times,
} from "shapecast";

/** One attention head's worth of weights are 64 wide; 12 heads make the width 768. */
export interface GptWeights<V extends number> {
  readonly tokens: Tensor<[V, 768], "float32">;
  readonly positions: Tensor<[1024, 768], "float32">;
  readonly gamma: Tensor<[768], "float32">;
  readonly beta: Tensor<[768], "float32">;
  readonly query: Tensor<[768, 768], "float32">;
  readonly key: Tensor<[768, 768], "float32">;
  readonly value: Tensor<[768, 768], "float32">;
  readonly out: Tensor<[768, 768], "float32">;
  readonly up: Tensor<[768, 3072], "float32">;
  readonly down: Tensor<[3072, 768], "float32">;
}

/** A GPT-2 style decoder: embeddings and positions, one pre-norm block with causal attention and an MLP, the tied head. */
export function gpt<B extends number, T extends number, V extends number>(w: GptWeights<V>, ids: Tensor<[B, T], "int32">, b: B, t: T) {
  const embedded = add(gather(w.tokens, ids, 0), gather(w.positions, arange(t, { dtype: "int32" }), 0));
  const normed = layerNorm(embedded, w.gamma, w.beta);
  const heads = (projection: Tensor<[768, 768], "float32">) => permute(reshape(matmul(normed, projection), [b, t, 12, 64]), [0, 2, 1, 3]);
  const q = heads(w.query);
  const k = heads(w.key);
  const v = heads(w.value);
  const scores = div(matmul(q, transpose(k, [0, 1, 3, 2])), 8);
  const causal = tril(ones([t, t], "bool"));
  const weights = softmax(where(causal, scores, -Infinity), -1);
  const mixed = reshape(permute(matmul(weights, v), [0, 2, 1, 3]), [b, t, 768]);
  const attended = add(embedded, matmul(mixed, w.out));
  const hidden = add(attended, matmul(gelu(matmul(layerNorm(attended, w.gamma, w.beta), w.up)), w.down));
  const logits = matmul(hidden, transpose(w.tokens));
  return { embedded, q, scores, causal, weights, mixed, hidden, logits };
}

/** The training step's loss of `gpt`: the next token's cross-entropy. */
export function gptLoss<B extends number, T extends number, V extends number>(w: GptWeights<V>, ids: Tensor<[B, T], "int32">, next: Tensor<[B, T], "int32">, b: B, t: T) {
  return softmaxCrossEntropy(gpt(w, ids, b, t).logits, next);
}

export interface BatchNormWeights<C extends number> {
  readonly mean: Tensor<[C], "float32">;
  readonly variance: Tensor<[C], "float32">;
  readonly gamma: Tensor<[C], "float32">;
  readonly beta: Tensor<[C], "float32">;
}

const normalized = <N extends number, C extends number, H extends number, W extends number>(x: Tensor<[N, C, H, W], "float32">, n: BatchNormWeights<C>) =>
  batchNorm(x, n.mean, n.variance, n.gamma, n.beta, { layout: "NCHW" });

/** A ResNet basic block (two 3x3 convolutions, padding 1) with the identity shortcut, generic in channels and size. */
export function basicBlock<N extends number, C extends number, H extends number, W extends number>(
  x: Tensor<[N, C, H, W], "float32">, w1: Tensor<[C, C, 3, 3], "float32">, w2: Tensor<[C, C, 3, 3], "float32">, n1: BatchNormWeights<C>, n2: BatchNormWeights<C>,
) {
  const first = relu(normalized(conv2d(x, w1, { layout: "NCHW", padding: 1 }), n1));
  const second = normalized(conv2d(first, w2, { layout: "NCHW", padding: "same" }), n2);
  return relu(add(second, x));
}

/** A ResNet stage's first block: stride 2 and twice the channels, the shortcut a strided 1x1 convolution. */
export function downBlock<N extends number, H extends number, W extends number>(
  x: Tensor<[N, 64, H, W], "float32">, w1: Tensor<[128, 64, 3, 3], "float32">, w2: Tensor<[128, 128, 3, 3], "float32">, projection: Tensor<[128, 64, 1, 1], "float32">,
) {
  const first = relu(conv2d(x, w1, { layout: "NCHW", padding: 1, strides: 2 }));
  const second = conv2d(first, w2, { layout: "NCHW", padding: 1 });
  const shortcut = conv2d(x, projection, { layout: "NCHW", strides: 2 });
  return { first, second, shortcut, out: relu(add(second, shortcut)) };
}

/** A ViT patch embedding: a convolution whose stride is the patch, flattened to a sequence of patches. */
export function patchEmbedding<N extends number, H extends number, W extends number>(images: Tensor<[N, 3, H, W], "float32">, w: Tensor<[192, 3, 16, 16], "float32">) {
  const grid = conv2d(images, w, { layout: "NCHW", strides: 16 });
  const patches = transpose(flatten(grid, 2), [0, 2, 1]);
  return { grid, patches, pooled: mean(patches, 1) };
}

export interface UnetWeights<Cin extends number, K extends number> {
  readonly in1: Tensor<[16, Cin, 3, 3], "float32">;
  readonly in2: Tensor<[32, 16, 3, 3], "float32">;
  readonly bottom: Tensor<[64, 32, 3, 3], "float32">;
  readonly out2: Tensor<[32, 96, 3, 3], "float32">;
  readonly out1: Tensor<[16, 48, 3, 3], "float32">;
  readonly head: Tensor<[K, 16, 1, 1], "float32">;
}

const convRelu = <N extends number, C extends number, H extends number, W extends number, O extends number>(x: Tensor<[N, C, H, W], "float32">, w: Tensor<[O, C, 3, 3], "float32">) =>
  relu(conv2d(x, w, { layout: "NCHW", padding: "same" }));

/**
 * A UNet with two levels, generic in batch, input channels, classes and image size: each level
 * pools by 2 on the way down and comes back up to its skip connection's size (as
 * `F.interpolate(x, size=skip.shape[-2:])`), concatenated on the channels.
 */
export function unet<N extends number, Cin extends number, K extends number, H extends number, W extends number>(w: UnetWeights<Cin, K>, x: Tensor<[N, Cin, H, W], "float32">) {
  const skip1 = convRelu(x, w.in1);
  const skip2 = convRelu(maxPool2d(skip1, { size: 2, layout: "NCHW" }), w.in2);
  const bottom = convRelu(maxPool2d(skip2, { size: 2, layout: "NCHW" }), w.bottom);
  const up2 = resize(bottom, [skip2.shape[2], skip2.shape[3]], { layout: "NCHW" });
  const level2 = convRelu(concat([up2, skip2], 1), w.out2);
  const up1 = resize(level2, [x.shape[2], x.shape[3]], { layout: "NCHW", mode: "nearest" });
  const level1 = convRelu(concat([up1, skip1], 1), w.out1);
  const logits = conv2d(level1, w.head, { layout: "NCHW" });
  return { skip1, skip2, bottom, up2, level2, up1, logits };
}

/** A UNet's encoder on its own, as codebases factor it: the skips and the bottom, each pooled by 2 below the last. */
export function unetEncoder<N extends number, Cin extends number, K extends number, H extends number, W extends number>(w: UnetWeights<Cin, K>, x: Tensor<[N, Cin, H, W], "float32">) {
  const skip1 = convRelu(x, w.in1);
  const skip2 = convRelu(maxPool2d(skip1, { size: 2, layout: "NCHW" }), w.in2);
  const bottom = convRelu(maxPool2d(skip2, { size: 2, layout: "NCHW" }), w.bottom);
  return { skip1, skip2, bottom };
}

/** The encoder's features as the decoder's signature names them: the sizes the pools computed. */
export interface UnetFeatures<N extends number, H extends number, W extends number> {
  readonly skip1: Tensor<[N, 16, H, W], "float32">;
  readonly skip2: Tensor<[N, 32, FloorDiv<H, 2>, FloorDiv<W, 2>], "float32">;
  readonly bottom: Tensor<[N, 64, FloorDiv<FloorDiv<H, 2>, 2>, FloorDiv<FloorDiv<W, 2>, 2>], "float32">;
}

/** The decoder on its own: each level resized to its skip's size and joined to it. */
export function unetDecoder<N extends number, H extends number, W extends number, K extends number>(
  features: UnetFeatures<N, H, W>, out2: Tensor<[32, 96, 3, 3], "float32">, out1: Tensor<[16, 48, 3, 3], "float32">, head: Tensor<[K, 16, 1, 1], "float32">,
) {
  const { skip1, skip2, bottom } = features;
  const level2 = convRelu(concat([resize(bottom, [skip2.shape[2], skip2.shape[3]], { layout: "NCHW" }), skip2], 1), out2);
  const level1 = convRelu(concat([resize(level2, [skip1.shape[2], skip1.shape[3]], { layout: "NCHW" }), skip1], 1), out1);
  return conv2d(level1, head, { layout: "NCHW" });
}

/** The UNet as the two halves make it: generic code passing computed sizes to generic code. */
export function segment<N extends number, Cin extends number, K extends number, H extends number, W extends number>(w: UnetWeights<Cin, K>, x: Tensor<[N, Cin, H, W], "float32">) {
  return unetDecoder(unetEncoder(w, x), w.out2, w.out1, w.head);
}

/** A decoder level that doubles the size by `upsample` and joins a skip connection whose size is twice the input's. */
export function upLevel<N extends number, H extends number, W extends number>(x: Tensor<[N, 32, H, W], "float32">, skip: Tensor<[N, 16, Times<H, 2>, Times<W, 2>], "float32">, w: Tensor<[16, 48, 3, 3], "float32">) {
  return convRelu(concat([upsample(x, 2, { layout: "NCHW" }), skip], 1), w);
}

export interface VaeWeights<Z extends number> {
  readonly encoder: Tensor<[784, 400], "float32">;
  readonly mu: Tensor<[400, Z], "float32">;
  readonly logVariance: Tensor<[400, Z], "float32">;
  readonly decoder: Tensor<[Z, 784], "float32">;
}

/** A VAE with its reparameterisation and the KL term, generic in batch and latent size. */
export function vae<B extends number, Z extends number>(w: VaeWeights<Z>, x: Tensor<[B, 784], "float32">, b: B, z: Z) {
  const hidden = relu(matmul(x, w.encoder));
  const mu = matmul(hidden, w.mu);
  const logVariance = matmul(hidden, w.logVariance);
  const sample = add(mu, mul(randn([b, z]), exp(mul(logVariance, 0.5))));
  const reconstruction = sigmoid(matmul(sample, w.decoder));
  const kl = mul(-0.5, sum(sub(sub(add(1, logVariance), mul(mu, mu)), exp(logVariance))));
  return { mu, sample, reconstruction, kl };
}

/** One LSTM step (gates i, f, g, o in one matmul, split), generic in batch and input size. */
export function lstmCell<B extends number, I extends number>(
  x: Tensor<[B, I], "float32">, h: Tensor<[B, 128], "float32">, c: Tensor<[B, 128], "float32">, wx: Tensor<[I, 512], "float32">, wh: Tensor<[128, 512], "float32">,
) {
  const [i, f, g, o] = split(add(matmul(x, wx), matmul(h, wh)), 4, 1);
  const cell = add(mul(sigmoid(f), c), mul(sigmoid(i), tanh(g)));
  return { h: mul(sigmoid(o), tanh(cell)), c: cell };
}

/** The LSTM stepped over time: each step's input a slice of the sequence. */
export function lstm<B extends number, I extends number, T extends number>(
  xs: Tensor<[T, B, I], "float32">, h0: Tensor<[B, 128], "float32">, wx: Tensor<[I, 512], "float32">, wh: Tensor<[128, 512], "float32">,
) {
  let state = { h: h0, c: h0 };
  for (let step = 0; step < xs.shape[0]; step++) state = lstmCell(xs.slice(step), state.h, state.c, wx, wh);
  return state;
}
