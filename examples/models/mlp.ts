/**
 * The MLP of examples/06-mlp-forward.ts, 784 -> 128 -> 10, as a module: the
 * example runs it, and the ONNX tests and benchmark export it.
 */
import { add, matmul, random, relu, type Tensor } from "shapecast";

/** x · w + b. A w or b whose sizes disagree with x's is a compile error at the call. */
export function dense<B extends number, I extends number, O extends number>(
  x: Tensor<[B, I], "float32">,
  w: Tensor<[I, O], "float32">,
  b: Tensor<[O], "float32">,
): Tensor<[B, O], "float32"> {
  return add(matmul(x, w), b);
}

export interface MlpWeights {
  w1: Tensor<[784, 128], "float32">;
  b1: Tensor<[128], "float32">;
  w2: Tensor<[128, 10], "float32">;
  b2: Tensor<[10], "float32">;
}

/** Small random weights, the same for the same seeds. */
export const mlpWeights = (): MlpWeights => ({
  w1: random([784, 128], { seed: 1 }).sub(0.5).mul(0.1),
  b1: random([128], { seed: 2 }).sub(0.5).mul(0.1),
  w2: random([128, 10], { seed: 3 }).sub(0.5).mul(0.1),
  b2: random([10], { seed: 4 }).sub(0.5).mul(0.1),
});

/** The logits of a batch of flattened 28x28 images, for any batch size. */
export function mlp<B extends number>(images: Tensor<[B, 784], "float32">, p: MlpWeights): Tensor<[B, 10], "float32"> {
  const hidden = relu(dense(images, p.w1, p.b1)); // Tensor<[B, 128], "float32">
  return dense(hidden, p.w2, p.b2);
}
