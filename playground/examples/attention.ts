// Scaled dot-product attention over [batch, heads, tokens, features], written
// once for any sizes: q·kᵀ is [B, H, S, S] and (weights·v) is [B, H, S, D].
// Give `k` another feature size to see the error.
import { div, matmul, max, random, slice, softmax, sum, transpose, type Tensor } from "shapecast";

function attention<B extends number, H extends number, S extends number, D extends number>(
  q: Tensor<[B, H, S, D], "float32">,
  k: Tensor<[B, H, S, D], "float32">,
  v: Tensor<[B, H, S, D], "float32">,
) {
  const scores = matmul(q, transpose(k, [0, 1, 3, 2])); // [B, H, S, S]
  const weights = softmax(div(scores, Math.sqrt(q.shape[3])));
  return { output: matmul(weights, v), weights };
}

const q = random([1, 2, 6, 4], { seed: 1 });
const k = random([1, 2, 6, 4], { seed: 2 });
const v = random([1, 2, 6, 4], { seed: 3 });

const { output, weights } = attention(q, k, v);
console.log("weights:", weights.shape, "output:", output.shape);
console.log("rows of weights sum to 1:", max(sum(weights, -1).sub(1).abs()).item() < 1e-5);
console.log("first token attends:", String(slice(weights, 0, 0, 0)));
