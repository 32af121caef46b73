// Face detector box decoding against anchors: raw outputs [N, 4] are center offsets and sizes
// relative to each anchor, in input pixels.
import * as tf from "@tensorflow/tfjs-core";

export function decodeBounds(boxOutputs: tf.Tensor2D, anchors: tf.Tensor2D, inputSize: tf.Tensor1D): tf.Tensor2D {
  const boxStarts = tf.slice(boxOutputs, [0, 0], [-1, 2]);
  const centers = tf.add(tf.div(boxStarts, inputSize), anchors);
  const boxSizes = tf.slice(boxOutputs, [0, 2], [-1, 2]);
  const halfSizes = tf.div(tf.div(boxSizes, inputSize), 2);
  const starts = tf.sub(centers, halfSizes);
  const ends = tf.add(centers, halfSizes);
  const normalized = tf.concat([starts, ends], 1);
  return tf.mul(normalized, tf.concat([inputSize, inputSize], 0)) as tf.Tensor2D;
}

/** Scores from logits, flattened: [N, 1] -> [N]. */
export function scoresOf(logits: tf.Tensor2D): tf.Tensor1D {
  return tf.squeeze(tf.sigmoid(logits)) as tf.Tensor1D;
}
