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
import { gather, randn } from "shapecast";
import { blockWeights, D, encoderBlock } from "./models/transformer.js";

// the block (encoderBlock) and its weights live in examples/models/transformer.ts, where the ONNX tests and benchmark find them too;
// 2 sequences of 6 tokens, width 16, 4 heads of 4 features, MLP width 64
const weights = blockWeights();

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
