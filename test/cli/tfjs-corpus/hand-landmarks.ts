// Hand landmark post-processing: rotate the 21 landmarks back by the palm's angle and
// shift them to the crop's place in the image.
import * as tf from "@tensorflow/tfjs-core";

export function rotationMatrix(angle: number): tf.Tensor2D {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return tf.tensor2d([[cos, -sin], [sin, cos]]);
}

/** landmarks [21, 2] rotated about the center and moved: [21, 2]. */
export function transformLandmarks(landmarks: tf.Tensor2D, angle: number, center: tf.Tensor1D, shift: tf.Tensor1D): tf.Tensor2D {
  return tf.tidy(() => {
    const centered = tf.sub(landmarks, center);
    const rotated = tf.matMul(centered, rotationMatrix(angle), false, true);
    return tf.add(tf.add(rotated, center), shift) as tf.Tensor2D;
  });
}

/** The bounding box of the landmarks: [4] (minY, minX, maxY, maxX). */
export function landmarksBox(landmarks: tf.Tensor2D): tf.Tensor1D {
  const low = tf.min(landmarks, 0);
  const high = tf.max(landmarks, 0);
  return tf.concat([low, high]) as tf.Tensor1D;
}
