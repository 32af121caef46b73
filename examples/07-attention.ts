/**
 * Scaled dot-product attention over [Batch, Heads, Seq, Dim], written once
 * for any sizes. The compiler follows the shapes through the generic code:
 * q · kᵀ is [B, H, S, S], softmax keeps it, and (weights · v) is [B, H, S, D].
 * Run: npm run example:attention
 */
import { div, matmul, max, random, slice, softmax, sum, transpose, type Tensor } from "shapecast";

function attention<B extends number, H extends number, S extends number, D extends number>(
  q: Tensor<[B, H, S, D], "float32">,
  k: Tensor<[B, H, S, D], "float32">,
  v: Tensor<[B, H, S, D], "float32">,
): { output: Tensor<[B, H, S, D], "float32">; weights: Tensor<[B, H, S, S], "float32"> } {
  const scores = matmul(q, transpose(k, [0, 1, 3, 2])); // [B, H, S, S]
  const weights = softmax(div(scores, Math.sqrt(q.shape[3]))); // each row sums to 1
  return { output: matmul(weights, v), weights };
}

// 2 sequences, 4 heads, 16 tokens, 32 features per head
const q = random([2, 4, 16, 32], { seed: 1 });
const k = random([2, 4, 16, 32], { seed: 2 });
const v = random([2, 4, 16, 32], { seed: 3 });

const { output, weights } = attention(q, k, v);
console.log("weights:", weights.shape, "output:", output.shape);
const rowSums = sum(weights, -1); // [2, 4, 16]
console.log("every row of weights sums to 1:", max(rowSums.sub(1).abs()).item() < 1e-5);
console.log("first head, first token attends:", String(slice(weights, 0, 0, 0, { start: 0, stop: 4 })));

// keys with another head size: a compile error at `k`, a ShapeError at run time
try {
  // @ts-expect-error -- k must be Tensor<[2, 4, 16, 32]>
  attention(q, random([2, 4, 16, 64]), v);
} catch (error) {
  console.log("misfit:", (error as Error).message);
}
