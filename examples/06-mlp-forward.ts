/**
 * An MLP forward pass, 784 -> 128 -> 10, with the layer written once for any
 * sizes (examples/models/mlp.ts, where the ONNX tests and benchmark find it
 * too). Inside `dense` the shapes are type parameters, and the result type
 * `Tensor<[B, O]>` is checked by the compiler; at the call sites every size is
 * a literal, so a weight of the wrong size is a red squiggle.
 * Run: npm run example:mlp
 */
import { argmax, random, relu, softmax, sum } from "shapecast";
import { dense, mlpWeights } from "./models/mlp.js";

const images = random([4, 784], { seed: 7 }); // a batch of 4 flattened 28x28 images
const { w1, b1, w2, b2 } = mlpWeights();

const hidden = relu(dense(images, w1, b1)); // Tensor<[4, 128], "float32">
const logits = dense(hidden, w2, b2); // Tensor<[4, 10], "float32">
const probabilities = softmax(logits); // along the last axis
const predicted = argmax(probabilities, -1); // Tensor<[4], "int32">

console.log("hidden:", hidden.shape, hidden.dtype);
console.log("logits:", logits.shape, logits.dtype);
console.log("each row of probabilities sums to 1:", String(sum(probabilities, -1).sub(1).abs().lessEqual(1e-6)));
console.log("predicted classes:", String(predicted));

// A bias of 11 for a layer of 10 outputs: a compile error at `b`, and the
// runtime's ShapeError when the types are bypassed.
try {
  // @ts-expect-error -- b must be Tensor<[10]>
  dense(hidden, w2, random([11]));
} catch (error) {
  console.log("misfit:", (error as Error).message);
}
