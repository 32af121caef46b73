// Evaluation metrics over one-hot labels (ESM JavaScript).
import * as tf from "@tensorflow/tfjs-core";

export function accuracy(predictions, labels) {
  return tf.tidy(() => tf.mean(tf.cast(tf.equal(tf.argMax(predictions, 1), tf.argMax(labels, 1)), "float32")));
}

export function confusionMatrix(predictions, labels, classes) {
  return tf.tidy(() => {
    const predicted = tf.oneHot(tf.argMax(predictions, 1), classes);
    const actual = tf.oneHot(tf.argMax(labels, 1), classes);
    return tf.matMul(actual, predicted, true, false);
  });
}

export function meanAbsoluteError(predictions, targets) {
  const errors = tf.abs(tf.sub(predictions, targets));
  const result = tf.mean(errors);
  tf.dispose(errors);
  return result;
}
