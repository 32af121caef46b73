/**
 * A transformer encoder block (pre-norm): x + attention(layerNorm(x)), then
 * h + mlp(layerNorm(h)), with multi-head attention and a GELU MLP, written
 * once over its sizes: batch B, tokens T, width D, heads H of Dh features,
 * hidden width F. The heads need no reshape: the projections are [H, D, Dh]
 * weights and einsum names every axis, so "btd,hde->bhte" is each head's
 * queries and "bhte,hed->btd" projects the heads back and sums them. Each
 * subscript string is read by the compiler: the result shapes are exact, and a
 * letter bound to two different sizes is a compile error.
 * Every intermediate shape is checked by the compiler inside the generic code.
 * Run: npm run example:transformer
 */
import { add, einsum, gather, layerNorm, matmul, randn, softmax, type Tensor } from "shapecast";

interface BlockWeights<D extends number, H extends number, Dh extends number, F extends number> {
  norm1: { gamma: Tensor<[D], "float32">; beta: Tensor<[D], "float32"> };
  wq: Tensor<[H, D, Dh], "float32">;
  wk: Tensor<[H, D, Dh], "float32">;
  wv: Tensor<[H, D, Dh], "float32">;
  wo: Tensor<[H, Dh, D], "float32">;
  norm2: { gamma: Tensor<[D], "float32">; beta: Tensor<[D], "float32"> };
  w1: Tensor<[D, F], "float32">;
  b1: Tensor<[F], "float32">;
  w2: Tensor<[F, D], "float32">;
  b2: Tensor<[D], "float32">;
}

/** Multi-head self-attention of [B, T, D] tokens: every head attends over all T tokens. */
function selfAttention<B extends number, T extends number, D extends number, H extends number, Dh extends number, F extends number>(
  x: Tensor<[B, T, D], "float32">,
  p: BlockWeights<D, H, Dh, F>,
): Tensor<[B, T, D], "float32"> {
  // each head's queries, keys and values: [B, T, D] by [H, D, Dh] is [B, H, T, Dh]
  const q = einsum("btd,hde->bhte", x, p.wq);
  const k = einsum("btd,hde->bhte", x, p.wk);
  const v = einsum("btd,hde->bhte", x, p.wv);
  // every query against every key of its head: [B, H, T, T], scaled, each row a softmax
  const weights = softmax(einsum("bhqe,bhke->bhqk", q, k).div(Math.sqrt(q.shape[3])));
  const heads = einsum("bhqk,bhke->bhqe", weights, v); // [B, H, T, Dh]
  return einsum("bhte,hed->btd", heads, p.wo); // the heads projected back and summed: [B, T, D]
}

/** The block: attention and a GELU MLP, each on a layer-normalised input and added back. */
function encoderBlock<B extends number, T extends number, D extends number, H extends number, Dh extends number, F extends number>(
  x: Tensor<[B, T, D], "float32">,
  p: BlockWeights<D, H, Dh, F>,
): Tensor<[B, T, D], "float32"> {
  const h = add(x, selfAttention(layerNorm(x, p.norm1.gamma, p.norm1.beta), p));
  const hidden = matmul(layerNorm(h, p.norm2.gamma, p.norm2.beta), p.w1).add(p.b1).gelu(); // [B, T, F]
  return add(h, matmul(hidden, p.w2).add(p.b2));
}

// 2 sequences of 6 tokens, width 16, 4 heads of 4 features, MLP width 64; weights scaled as at initialisation
const [D, H, Dh, F] = [16, 4, 4, 64] as const;
let seed = 1;
const weight = <const S extends readonly number[]>(shape: S, fanIn: number) => randn(shape, { seed: seed++ }).mul(1 / Math.sqrt(fanIn));
const weights: BlockWeights<typeof D, typeof H, typeof Dh, typeof F> = {
  norm1: { gamma: randn([D], { seed: seed++ }).mul(0.1).add(1), beta: randn([D], { seed: seed++ }).mul(0.1) },
  wq: weight([H, D, Dh], D),
  wk: weight([H, D, Dh], D),
  wv: weight([H, D, Dh], D),
  wo: weight([H, Dh, D], H * Dh),
  norm2: { gamma: randn([D], { seed: seed++ }).mul(0.1).add(1), beta: randn([D], { seed: seed++ }).mul(0.1) },
  w1: weight([D, F], D),
  b1: randn([F], { seed: seed++ }).mul(0.02),
  w2: weight([F, D], F),
  b2: randn([D], { seed: seed++ }).mul(0.02),
};

const x = randn([2, 6, D], { seed: 100 }); // Tensor<[2, 6, 16], "float32">
const y = encoderBlock(x, weights); // Tensor<[2, 6, 16], "float32">
console.log("block:", x.shape, "->", y.shape, y.dtype);

// Two blocks in a row: the block keeps the shape, so it composes
const twice = encoderBlock(encoderBlock(x, weights), weights);
console.log("two blocks:", twice.shape);

// Without positions, attention treats the tokens as a set: permuting the input's tokens
// permutes the output's the same way (checked on the numbers, not assumed)
const order = [5, 2, 0, 4, 1, 3] as const;
const permutedFirst = encoderBlock(gather(x, order, 1), weights);
const permutedAfter = gather(y, order, 1);
const gap = permutedFirst.sub(permutedAfter).abs().max().item();
console.log("permuting tokens permutes the output:", gap < 1e-5, `(largest difference ${gap.toExponential(1)})`);

// Weights of another width: a compile error at the call, a ShapeError at run time
try {
  // @ts-expect-error -- the block's width is 16, these weights are for width 8
  encoderBlock(randn([2, 6, 8]), weights);
} catch (error) {
  console.log("misfit:", (error as Error).message);
}
