/**
 * The transformer encoder block of examples/10-transformer-block.ts as a
 * module (pre-norm: x + attention(layerNorm(x)), then h + mlp(layerNorm(h)),
 * multi-head attention by einsum and a GELU MLP), written once over its
 * sizes. The example runs it; the ONNX tests and benchmark export it.
 */
import { add, einsum, layerNorm, matmul, randn, softmax, type Tensor } from "shapecast";

export interface BlockWeights<D extends number, H extends number, Dh extends number, F extends number> {
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
export function selfAttention<B extends number, T extends number, D extends number, H extends number, Dh extends number, F extends number>(
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
export function encoderBlock<B extends number, T extends number, D extends number, H extends number, Dh extends number, F extends number>(
  x: Tensor<[B, T, D], "float32">,
  p: BlockWeights<D, H, Dh, F>,
): Tensor<[B, T, D], "float32"> {
  const h = add(x, selfAttention(layerNorm(x, p.norm1.gamma, p.norm1.beta), p));
  const hidden = matmul(layerNorm(h, p.norm2.gamma, p.norm2.beta), p.w1).add(p.b1).gelu(); // [B, T, F]
  return add(h, matmul(hidden, p.w2).add(p.b2));
}

/** The example's sizes: width 16, 4 heads of 4 features, MLP width 64. */
export const [D, H, Dh, F] = [16, 4, 4, 64] as const;

/** Weights scaled as at initialisation, the same for every call. */
export function blockWeights(): BlockWeights<typeof D, typeof H, typeof Dh, typeof F> {
  let seed = 1;
  const weight = <const S extends readonly number[]>(shape: S, fanIn: number) => randn(shape, { seed: seed++ }).mul(1 / Math.sqrt(fanIn));
  return {
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
}
