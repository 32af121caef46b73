// Iris measurements to standardized features (the statistics of the training split).
import * as tf from "@tensorflow/tfjs-core";

export function toFeatures(rows: number[][]): tf.Tensor2D {
  return tf.tensor2d(rows, [rows.length, 4]);
}

export function standardize(features: tf.Tensor2D, mean: tf.Tensor1D, std: tf.Tensor1D): tf.Tensor2D {
  return tf.div(tf.sub(features, mean), std) as tf.Tensor2D;
}

export function statistics(features: tf.Tensor2D): { mean: tf.Tensor1D; std: tf.Tensor1D } {
  const { mean, variance } = tf.moments(features, 0);
  return { mean: mean as tf.Tensor1D, std: tf.sqrt(variance) as tf.Tensor1D };
}

export function speciesOf(logits: tf.Tensor2D): tf.Tensor1D {
  return tf.argMax(logits, -1) as tf.Tensor1D;
}
