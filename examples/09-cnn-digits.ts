/**
 * A small convolutional network classifying 12x12 digit images: conv2d 3x3
 * "same" (1 -> 8 channels) plus a bias, batchNorm, relu, maxPool2d 2x2, and a
 * dense layer to the 10 classes, written once for any batch size B. Every
 * intermediate shape is a type the compiler checks: [B, 12, 12, 8] after the
 * convolution, [B, 6, 6, 8] after pooling, [B, 288] flattened, [B, 10] logits.
 *
 * The weights were trained in NumPy by scripts/digits-cnn.py on synthetic
 * digits (5x7 glyphs, shifted, with noise); examples/data/digits-cnn.json
 * holds them with 20 held-out test images and the logits NumPy computed for
 * those, which shapecast's match to float32 rounding.
 * The network is written in examples/models/cnn.ts.
 * Run: npm run example:cnn
 */
import { abs, argmax, equal, max, random, sub, Tensor } from "shapecast";
import { classify, cnnWeights, digitsFile } from "./models/cnn.js";

// the network (classify) and its weights live in examples/models/cnn.ts, where the ONNX tests and benchmark find them too
const file = digitsFile();
const weights = cnnWeights(file);
const images = Tensor.fromJSON(file.test.images, { shape: [20, 12, 12, 1], dtype: "float32" });
const labels = Tensor.fromJSON(file.test.labels, { shape: [20], dtype: "int32" });
const numpyLogits = Tensor.fromJSON(file.test.logits, { shape: [20, 10], dtype: "float32" });

// the first test image, two characters a pixel, denser for more ink; the three
// faintest of the ten levels (mostly the noise) are blank
const pixels = images.toTypedArray();
const ramp = "   .:+*#%@";
for (let row = 0; row < 12; row++) {
  let line = "";
  for (let column = 0; column < 12; column++) {
    const value = pixels[row * 12 + column]!;
    line += ramp[Math.min(ramp.length - 1, Math.floor(value * ramp.length))]!.repeat(2);
  }
  console.log(`|${line}|`);
}

const logits = classify(images, weights); // Tensor<[20, 10], "float32">
const predicted = argmax(logits, -1); // Tensor<[20], "int32">
console.log("logits:", logits.shape, logits.dtype);
console.log("the first image is", predicted.toTypedArray()[0], "labelled", labels.toTypedArray()[0]);
console.log("predicted:", String(predicted));
console.log("labels:   ", String(labels));
const right = equal(predicted, labels).toTypedArray().reduce((count, hit) => count + hit, 0);
console.log(`accuracy on the ${labels.shape[0]} test images: ${right}/${labels.shape[0]}`);
console.log(`accuracy in NumPy on all ${file.accuracy.testImages} held-out images: ${(100 * file.accuracy.test).toFixed(2)}%`);
const difference = max(abs(sub(logits, numpyLogits))).item();
console.log(`largest difference from NumPy's logits: ${difference.toExponential(1)}`);
console.log("agrees with NumPy to 1e-4:", difference < 1e-4);

// 28x28 images (MNIST's size) for a network built for 12x12: a compile error
// at the call, and at run time the flattened size no longer fits
try {
  // @ts-expect-error -- images must be Tensor<[B, 12, 12, 1]>
  classify(random([1, 28, 28, 1]), weights);
} catch (error) {
  console.log("misfit:", (error as Error).message);
}
