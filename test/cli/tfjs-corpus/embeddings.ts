// Sentence embeddings: token embeddings looked up, mean-pooled under a mask, L2-normalized.
import * as tf from "@tensorflow/tfjs-core";

export function lookup(table: tf.Tensor2D, ids: tf.Tensor2D): tf.Tensor3D {
  const looked: tf.Tensor = tf.gather(table, ids);
  return looked as tf.Tensor3D;
}

export function meanPool(tokens: tf.Tensor3D, mask: tf.Tensor2D): tf.Tensor2D {
  return tf.tidy(() => {
    const weights = tf.expandDims(mask, 2);
    const total = tf.sum(tf.mul(tokens, weights), 1);
    const count = tf.maximum(tf.sum(weights, 1), 1);
    return tf.div(total, count) as tf.Tensor2D;
  });
}

export function l2Normalize(x: tf.Tensor2D): tf.Tensor2D {
  const norm = tf.sqrt(tf.sum(tf.square(x), 1, true));
  return tf.div(x, tf.maximum(norm, 1e-12)) as tf.Tensor2D;
}

export function cosineSimilarity(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D {
  return tf.matMul(l2Normalize(a), l2Normalize(b), false, true) as tf.Tensor2D;
}
