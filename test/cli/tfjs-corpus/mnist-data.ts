// MNIST data preparation: pixel bytes to a normalized image batch, labels to one-hot rows.
import * as tf from "@tensorflow/tfjs-core";

export const IMAGE_SIZE = 28;
export const NUM_CLASSES = 10;

export function imagesToBatch(pixels: Float32Array, count: number): tf.Tensor4D {
  const flat = tf.tensor2d(pixels, [count, IMAGE_SIZE * IMAGE_SIZE]);
  return tf.reshape(tf.div(flat, 255), [count, IMAGE_SIZE, IMAGE_SIZE, 1]) as tf.Tensor4D;
}

export function labelsToOneHot(labels: number[]): tf.Tensor2D {
  return tf.oneHot(tf.tensor1d(labels, "int32"), NUM_CLASSES).cast("float32") as tf.Tensor2D;
}

/** A batch of rows starting at `start`. */
export function nextBatch(images: tf.Tensor4D, labels: tf.Tensor2D, start: number, size: number): { xs: tf.Tensor4D; ys: tf.Tensor2D } {
  return tf.tidy(() => ({
    xs: tf.slice(images, [start, 0, 0, 0], [size, -1, -1, -1]) as tf.Tensor4D,
    ys: tf.slice(labels, [start, 0], [size, -1]) as tf.Tensor2D,
  }));
}
