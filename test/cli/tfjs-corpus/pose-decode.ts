// Single-person pose decoding from a heatmap and offset outputs (the post-processing of a
// keypoint model): the strongest cell of each keypoint's heatmap, refined by its offset.
import * as tf from "@tensorflow/tfjs-core";

export const OUTPUT_STRIDE = 8;

/** The index of the highest heatmap cell of every keypoint: [K] int32 into the flattened H*W grid. */
export function argmaxPerKeypoint(heatmaps: tf.Tensor3D): tf.Tensor1D {
  return tf.tidy(() => {
    const [height, width, keypoints] = heatmaps.shape;
    const flat = tf.reshape(heatmaps, [height * width, keypoints]);
    return tf.argMax(flat, 0) as tf.Tensor1D;
  });
}

/** Keypoint positions in image pixels: [K, 2] (y, x). */
export function decodePositions(heatmaps: tf.Tensor3D, offsets: tf.Tensor3D): tf.Tensor2D {
  return tf.tidy(() => {
    const [height, width, keypoints] = heatmaps.shape;
    const best = argmaxPerKeypoint(heatmaps);
    const rows = tf.floorDiv(best, tf.scalar(width, "int32"));
    const cols = tf.sub(best, tf.mul(rows, tf.scalar(width, "int32")));
    const grid = tf.stack([rows, cols], 1).cast("float32");
    const flatOffsets = tf.reshape(offsets, [height * width, 2 * keypoints]);
    const picked = tf.gather(flatOffsets, best);
    const ys = tf.stack(Array.from({ length: keypoints }, (_, k) => tf.slice(picked, [k, k], [1, 1]).reshape([1])), 0).reshape([keypoints]);
    const xs = tf.stack(Array.from({ length: keypoints }, (_, k) => tf.slice(picked, [k, keypoints + k], [1, 1]).reshape([1])), 0).reshape([keypoints]);
    const refined = tf.add(tf.mul(grid, OUTPUT_STRIDE), tf.stack([ys, xs], 1));
    return refined as tf.Tensor2D;
  });
}

/** The score of each keypoint: the sigmoid of its best heatmap cell, [K]. */
export function keypointScores(heatmaps: tf.Tensor3D): tf.Tensor1D {
  return tf.tidy(() => {
    const scores = tf.sigmoid(heatmaps);
    return tf.max(tf.reshape(scores, [-1, heatmaps.shape[2]]), 0) as tf.Tensor1D;
  });
}
