/**
 * Training a small convolutional network on generated 12x12 images of three
 * kinds of stroke (a horizontal bar, a vertical bar, a diagonal), placed at
 * random and drawn over noise: conv2d 3x3 "same" (1 -> 8 channels) plus a
 * bias, relu, maxPool2d 2x2, and a dense layer to the 3 classes. Every
 * intermediate shape is checked by the compiler, the gradient has the
 * parameters' type, and `adam` steps them on batches of 32.
 * Run: npm run example:train (with examples/11-train-iris.ts)
 */
import { adam, argmax, conv2d, equal, matmul, maxPool2d, mean, randn, softmaxCrossEntropy, type Tensor, tensor, valueAndGrad } from "shapecast";

interface Cnn {
  convW: Tensor<[3, 3, 1, 8], "float32">;
  convB: Tensor<[8], "float32">;
  denseW: Tensor<[288, 3], "float32">;
  denseB: Tensor<[3], "float32">;
}

function forward<B extends number>(p: Cnn, images: Tensor<[B, 12, 12, 1], "float32">): Tensor<[B, 3], "float32"> {
  const features: Tensor<[B, 12, 12, 8], "float32"> = conv2d(images, p.convW, { padding: "same" }).add(p.convB).relu();
  const pooled: Tensor<[B, 6, 6, 8], "float32"> = maxPool2d(features, { size: 2 });
  const flat: Tensor<[B, 288], "float32"> = pooled.reshape([images.shape[0], 288]);
  return matmul(flat, p.denseW).add(p.denseB);
}

// the images: a stroke of 5 pixels at a random place, over uniform noise
let seed = 2024;
const next = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
function batch(size: number): { images: Tensor<[number, 12, 12, 1], "float32">; labels: Tensor<[number], "int32"> } {
  const pixels = new Float32Array(size * 144);
  const labels: number[] = [];
  for (let n = 0; n < size; n++) {
    const kind = Math.floor(next() * 3);
    labels.push(kind);
    for (let i = 0; i < 144; i++) pixels[n * 144 + i] = next() * 0.5;
    const row = 1 + Math.floor(next() * 6);
    const column = 1 + Math.floor(next() * 6);
    for (let k = 0; k < 5; k++) {
      const [r, c] = kind === 0 ? [row, column + k] : kind === 1 ? [row + k, column] : [row + k, column + k];
      pixels[n * 144 + r * 12 + c] = 1;
    }
  }
  return { images: tensor(pixels, [size, 12, 12, 1]) as Tensor<[number, 12, 12, 1], "float32">, labels: tensor(labels, { dtype: "int32" }) as Tensor<[number], "int32"> };
}

let params: Cnn = {
  convW: randn([3, 3, 1, 8], { seed: 1 }).mul(0.3),
  convB: randn([8], { seed: 2 }).mul(0),
  denseW: randn([288, 3], { seed: 3 }).mul(0.05),
  denseB: randn([3], { seed: 4 }).mul(0),
};
const loss = (p: Cnn, images: Tensor<[number, 12, 12, 1], "float32">, labels: Tensor<[number], "int32">) => softmaxCrossEntropy(forward(p, images), labels);
const step = valueAndGrad(loss);
const optimizer = adam({ lr: 0.01 });
let state = optimizer.init(params);

const test = batch(300);
const accuracy = (p: Cnn): number => mean(equal(argmax(forward(p, test.images), -1), test.labels).cast("float32")).item() as number;
console.log(`before training: ${(100 * accuracy(params)).toFixed(1)}% of ${test.labels.shape[0]} held-out images`);

const started = performance.now();
const STEPS = 150;
for (let i = 1; i <= STEPS; i++) {
  const { images, labels } = batch(32);
  const { value, grads } = step(params, images, labels);
  ({ params, state } = optimizer.step(params, grads, state));
  if (i % 50 === 0) console.log(`step ${String(i).padStart(3)}: loss ${(value.item() as number).toFixed(4)}`);
}
const held = accuracy(params);
console.log(`after ${STEPS} steps of 32 images (${((performance.now() - started) / 1000).toFixed(2)} s): ${(100 * held).toFixed(1)}% of the held-out images`);
if (held < 0.9) {
  console.error(`held-out accuracy ${held} is below 90%`);
  process.exitCode = 1;
}
