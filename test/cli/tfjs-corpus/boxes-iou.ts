// Pairwise intersection over union of two box sets (y1, x1, y2, x2).
import * as tf from "@tensorflow/tfjs-core";

function areas(boxes: tf.Tensor2D): tf.Tensor2D {
  const [y1, x1, y2, x2] = tf.split(boxes, 4, 1);
  return tf.mul(tf.sub(y2, y1), tf.sub(x2, x1)) as tf.Tensor2D;
}

export function pairwiseIou(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D {
  return tf.tidy(() => {
    const [ay1, ax1, ay2, ax2] = tf.split(a, 4, 1);
    const [by1, bx1, by2, bx2] = tf.split(b, 4, 1);
    const top = tf.maximum(ay1, tf.transpose(by1));
    const left = tf.maximum(ax1, tf.transpose(bx1));
    const bottom = tf.minimum(ay2, tf.transpose(by2));
    const right = tf.minimum(ax2, tf.transpose(bx2));
    const intersection = tf.mul(tf.relu(tf.sub(bottom, top)), tf.relu(tf.sub(right, left)));
    const union = tf.sub(tf.add(areas(a), tf.transpose(areas(b))), intersection);
    return tf.div(intersection, tf.maximum(union, 1e-9)) as tf.Tensor2D;
  });
}
