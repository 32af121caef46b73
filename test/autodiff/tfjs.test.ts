/**
 * Composite functions against TensorFlow.js's `tf.grads` (tfjs's CPU backend,
 * float32): an MLP loss, self-attention, a convolutional block. The inputs are
 * float32 values; shapecast computes in float64 (its gradients are then exact
 * to about 1e-15), so the comparison measures tfjs's float32 error, which must
 * stay within 1e-5 of each gradient's largest magnitude.
 */
import * as tf from "@tensorflow/tfjs";
import { beforeAll, describe, expect, it } from "vitest";
import * as sc from "../../src/index.js";
import { fromStorage, type Tensor } from "../../src/tensor.js";
import { generator } from "./check.js";

type Loose = (...args: unknown[]) => Tensor;
const op = (name: string): Loose => (sc as unknown as Record<string, Loose>)[name]!;

interface Input {
  readonly shape: number[];
  readonly data: Float32Array;
}

const input = (shape: number[], seed: number, scale = 1): Input => {
  const next = generator(seed);
  return { shape, data: Float32Array.from({ length: shape.reduce((p, d) => p * d, 1) }, () => (next() * 2 - 1) * scale) };
};

const ours = (x: Input): Tensor => fromStorage(Float64Array.from(x.data), [...x.shape], "float64");
const theirs = (x: Input): tf.Tensor => tf.tensor(x.data, x.shape, "float32");

/** Each gradient of `f` in both libraries, compared to 1e-5 of the largest magnitude of tfjs's. */
function compare(label: string, inputs: readonly Input[], f: { ours: (xs: Tensor[]) => Tensor; theirs: (...xs: tf.Tensor[]) => tf.Scalar }): void {
  const grads = sc.grad((xs: Tensor[]) => f.ours(xs) as never)(inputs.map(ours) as never) as unknown as Tensor[];
  const expected = tf.grads(f.theirs as (...args: tf.Tensor[]) => tf.Tensor)(inputs.map(theirs));
  inputs.forEach((x, i) => {
    const a = Array.from(grads[i]!.toTypedArray() as Float64Array);
    const b = Array.from(expected[i]!.dataSync());
    expect(grads[i]!.shape, `${label}: gradient ${i}'s shape`).toEqual(x.shape);
    const scale = Math.max(...b.map(Math.abs));
    expect(scale, `${label}: gradient ${i} is not all zeros`).toBeGreaterThan(0);
    const worst = Math.max(...a.map((v, j) => Math.abs(v - b[j]!))) / scale;
    expect(worst, `${label}: gradient ${i}, largest difference relative to its largest magnitude`).toBeLessThan(1e-5);
  });
}

describe("gradients agree with TensorFlow.js's tf.grads", () => {
  beforeAll(async () => {
    await tf.setBackend("cpu");
  });

  it("an MLP's softmax cross-entropy loss", () => {
    const labels = Array.from({ length: 8 }, (_, i) => (i * 5) % 3);
    const oneHot = input([8, 3], 0);
    oneHot.data.fill(0);
    labels.forEach((label, row) => (oneHot.data[row * 3 + label] = 1));
    const inputs = [input([8, 5], 1), input([5, 7], 2, 0.5), input([7], 3, 0.1), input([7, 3], 4, 0.5), input([3], 5, 0.1)];
    compare("mlp", inputs, {
      ours: ([x, w1, b1, w2, b2]) => {
        const hidden = op("relu")(op("add")(op("matmul")(x, w1), b1));
        return sc.softmaxCrossEntropy(op("add")(op("matmul")(hidden, w2), b2), ours(oneHot) as never) as unknown as Tensor;
      },
      theirs: (x, w1, b1, w2, b2) => {
        const hidden = tf.relu(tf.add(tf.matMul(x as tf.Tensor2D, w1 as tf.Tensor2D), b1!));
        return tf.losses.softmaxCrossEntropy(theirs(oneHot), tf.add(tf.matMul(hidden as tf.Tensor2D, w2 as tf.Tensor2D), b2!)) as tf.Scalar;
      },
    });
  });

  it("self-attention: projections, scaled scores, softmax, a batched matmul, a tanh readout", () => {
    const inputs = [input([2, 4, 6], 6), input([6, 6], 7, 0.4), input([6, 6], 8, 0.4), input([6, 6], 9, 0.4)];
    const scale = 1 / Math.sqrt(6);
    compare("attention", inputs, {
      ours: ([x, wq, wk, wv]) => {
        const [q, k, v] = [wq, wk, wv].map((w) => op("matmul")(x, w)) as [Tensor, Tensor, Tensor];
        const weights = op("softmax")(op("mul")(op("matmul")(q, op("permute")(k, [0, 2, 1])), scale), -1);
        return op("mean")(op("tanh")(op("matmul")(weights, v)));
      },
      theirs: (x, wq, wk, wv) => {
        const [q, k, v] = [wq, wk, wv].map((w) => tf.matMul(x as tf.Tensor3D, tf.broadcastTo(w!, [2, 6, 6]) as tf.Tensor3D)) as [tf.Tensor3D, tf.Tensor3D, tf.Tensor3D];
        const weights = tf.softmax(tf.mul(tf.matMul(q, k, false, true), scale));
        return tf.mean(tf.tanh(tf.matMul(weights as tf.Tensor3D, v))) as tf.Scalar;
      },
    });
  });

  it("a convolutional block: conv2d 'same' plus a bias, relu, max pooling, a dense layer, mean squared error", () => {
    const target = input([2, 3], 10);
    const inputs = [input([2, 6, 6, 2], 11), input([3, 3, 2, 4], 12, 0.4), input([4], 13, 0.1), input([36, 3], 14, 0.3)];
    compare("conv block", inputs, {
      ours: ([x, w, b, dense]) => {
        const features = op("relu")(op("add")(op("conv2d")(x, w, { padding: "same" }), b));
        const pooled = op("maxPool2d")(features, { size: 2 });
        const logits = op("matmul")(op("reshape")(pooled, [2, 36]), dense);
        return sc.meanSquaredError(logits, ours(target) as never) as unknown as Tensor;
      },
      theirs: (x, w, b, dense) => {
        const features = tf.relu(tf.add(tf.conv2d(x as tf.Tensor4D, w as tf.Tensor4D, 1, "same"), b!));
        const pooled = tf.maxPool(features as tf.Tensor4D, 2, 2, "valid");
        const logits = tf.matMul(tf.reshape(pooled, [2, 36]) as tf.Tensor2D, dense as tf.Tensor2D);
        return tf.losses.meanSquaredError(theirs(target), logits) as tf.Scalar;
      },
    });
  });
});
