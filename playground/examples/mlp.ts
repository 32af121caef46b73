// A two-layer perceptron, 16 -> 8 -> 3, with the layer written once for any
// sizes. Give `b2` another size, or `w2` another input size, to see the error.
import { add, argmax, matmul, random, relu, softmax, sum, type Tensor } from "shapecast";

// x · w + b: a w or b whose sizes disagree with x's is an error at the call
function dense<B extends number, I extends number, O extends number>(
  x: Tensor<[B, I], "float32">,
  w: Tensor<[I, O], "float32">,
  b: Tensor<[O], "float32">,
): Tensor<[B, O], "float32"> {
  return add(matmul(x, w), b);
}

const inputs = random([4, 16], { seed: 1 }); // a batch of 4
const w1 = random([16, 8], { seed: 2 }).sub(0.5);
const b1 = random([8], { seed: 3 }).sub(0.5);
const w2 = random([8, 3], { seed: 4 }).sub(0.5);
const b2 = random([3], { seed: 5 }).sub(0.5);

const hidden = relu(dense(inputs, w1, b1)); // Tensor<[4, 8], "float32">
const probabilities = softmax(dense(hidden, w2, b2)); // Tensor<[4, 3], "float32">

console.log("hidden:", hidden.shape, hidden.dtype);
console.log("probabilities:", probabilities.shape);
console.log("rows sum to 1:", String(sum(probabilities, -1).sub(1).abs().lessEqual(1e-6)));
console.log("predicted:", String(argmax(probabilities, -1)));
