// A layer normalization written with ops, for a custom layer (ESM JavaScript).
import * as tf from "@tensorflow/tfjs-core";

const EPSILON = 1e-5;

export function layerNorm(x, gamma, beta) {
  return tf.tidy(() => {
    const { mean, variance } = tf.moments(x, -1, true);
    const normalized = tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, EPSILON)));
    return tf.add(tf.mul(normalized, gamma), beta);
  });
}

export function rmsNorm(x, gamma) {
  const meanSquare = tf.mean(tf.square(x), -1, true);
  return tf.mul(tf.div(x, tf.sqrt(tf.add(meanSquare, EPSILON))), gamma);
}
