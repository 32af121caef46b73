// Classifier output utilities: temperature softmax, top-k labels, per-row predictions.
import * as tf from "@tensorflow/tfjs-core";

export function softmaxWithTemperature(logits: tf.Tensor2D, temperature: number): tf.Tensor2D {
  return tf.softmax(tf.div(logits, temperature)) as tf.Tensor2D;
}

export function topClasses(probabilities: tf.Tensor2D, k: number): { values: tf.Tensor2D; indices: tf.Tensor2D } {
  const { values, indices } = tf.topk(probabilities, k);
  return { values: values as tf.Tensor2D, indices: indices as tf.Tensor2D };
}

export function predictions(logits: tf.Tensor2D): tf.Tensor1D[] {
  return tf.unstack(tf.argMax(logits, 1)) as tf.Tensor1D[];
}

/** The rows (axis 0) or the columns (axis 1 or -1) of a score table, each a tensor. */
export function slices(scores: tf.Tensor2D, axis: number): tf.Tensor1D[] {
  return tf.unstack(scores, axis) as tf.Tensor1D[];
}

export function entropy(probabilities: tf.Tensor2D): tf.Tensor1D {
  return tf.neg(tf.sum(tf.mul(probabilities, tf.log(tf.add(probabilities, 1e-12))), 1)) as tf.Tensor1D;
}
