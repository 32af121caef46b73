// Sinusoidal positional encodings for a sequence model.
import * as tf from "@tensorflow/tfjs-core";

export function positionalEncoding(length: number, width: number): tf.Tensor2D {
  return tf.tidy(() => {
    const positions = tf.expandDims(tf.range(0, length, 1, "float32"), 1);
    const steps = tf.range(0, width, 2, "float32");
    const rates = tf.pow(10000, tf.neg(tf.div(steps, width)));
    const angles = tf.mul(positions, tf.expandDims(rates, 0));
    return tf.concat([tf.sin(angles), tf.cos(angles)], 1) as tf.Tensor2D;
  });
}

export function addPositions(embeddings: tf.Tensor3D): tf.Tensor3D {
  const [, length, width] = embeddings.shape;
  return tf.add(embeddings, positionalEncoding(length, width)) as tf.Tensor3D;
}
