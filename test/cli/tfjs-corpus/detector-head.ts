// A detection head as custom layers: a dense projection holding its own weights (initialized
// with random normals, as layer code does), and box decoding against anchors kept as plain
// arrays, as detector ports load them from JSON.
import * as tf from "@tensorflow/tfjs-core";

export class DenseLayer {
  readonly kernel: tf.Tensor2D;
  readonly bias: tf.Tensor1D;

  constructor(kernel: tf.Tensor2D, bias: tf.Tensor1D) {
    this.kernel = kernel;
    this.bias = bias;
  }

  /** He initialization: normal with a standard deviation of sqrt(2 / inputs). */
  static initialized(inputs: number, units: number, seed: number): DenseLayer {
    const std = Math.sqrt(2 / inputs);
    return new DenseLayer(tf.randomNormal([inputs, units], 0, std, "float32", seed), tf.zeros([units]));
  }

  apply(x: tf.Tensor2D): tf.Tensor2D {
    return tf.tidy(() => tf.relu(tf.add(tf.matMul(x, this.kernel), this.bias)));
  }
}

export class AnchorDecoder {
  constructor(
    private readonly anchors: number[][],
    private readonly scale: [number, number],
  ) {}

  /** The box of anchor `i`: its offset row scaled, moved to the anchor. */
  decode(offsets: tf.Tensor2D, i: number): tf.Tensor1D {
    return tf.tidy(() => {
      const row = tf.squeeze(tf.slice(offsets, [i, 0], [1, 2]), [0]);
      return tf.add(tf.mul(row, this.scale), this.anchors[i]) as tf.Tensor1D;
    });
  }

  decodeAll(offsets: tf.Tensor2D): tf.Tensor2D {
    return tf.add(tf.mul(offsets, this.scale), this.anchors);
  }
}

export function dense(x: tf.Tensor2D, kernel: tf.Tensor2D, bias: tf.Tensor1D): tf.Tensor2D {
  return new DenseLayer(kernel, bias).apply(x);
}

export function initializedKernel(inputs: number, units: number): tf.Tensor2D {
  return DenseLayer.initialized(inputs, units, 7).kernel;
}

export function decodeOne(offsets: tf.Tensor2D, anchors: number[][], i: number): tf.Tensor1D {
  return new AnchorDecoder(anchors, [2, 3]).decode(offsets, i);
}

export function decodeEvery(offsets: tf.Tensor2D, anchors: number[][]): tf.Tensor2D {
  return new AnchorDecoder(anchors, [2, 3]).decodeAll(offsets);
}
