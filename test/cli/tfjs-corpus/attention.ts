// Scaled dot-product attention and head splitting, as in small transformer utilities.
import * as tf from "@tensorflow/tfjs-core";

export function scaledDotProductAttention(q: tf.Tensor3D, k: tf.Tensor3D, v: tf.Tensor3D, mask?: tf.Tensor2D): tf.Tensor3D {
  return tf.tidy(() => {
    const depth = q.shape[q.shape.length - 1];
    let scores = tf.div(tf.matMul(q, k, false, true), Math.sqrt(depth));
    if (mask) scores = tf.add(scores, tf.mul(mask, -1e9));
    const weights = tf.softmax(scores, -1);
    return tf.matMul(weights, v) as tf.Tensor3D;
  });
}

/** [batch, seq, heads * depth] -> [batch * heads, seq, depth]. */
export function splitHeads(x: tf.Tensor3D, heads: number): tf.Tensor3D {
  const [batch, seq, width] = x.shape;
  const depth = width / heads;
  const split = tf.reshape(x, [batch, seq, heads, depth]);
  return tf.reshape(tf.transpose(split, [0, 2, 1, 3]), [batch * heads, seq, depth]) as tf.Tensor3D;
}

/** A causal mask: 1 above the diagonal (the future), 0 elsewhere. */
export function causalMask(size: number): tf.Tensor2D {
  const ones = tf.ones([size, size]);
  return tf.sub(ones, tf.linalg.bandPart(ones, -1, 0)) as tf.Tensor2D;
}
