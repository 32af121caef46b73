// Pose confidence helpers, CommonJS as in older model packages.
const tf = require("@tensorflow/tfjs-core");

/** The mean score of the keypoints over a threshold, per pose: scores [P, K] -> [P]. */
function poseScore(scores, threshold) {
  return tf.tidy(() => {
    const confident = tf.greater(scores, threshold).cast("float32");
    const total = tf.sum(tf.mul(scores, confident), 1);
    const count = tf.maximum(tf.sum(confident, 1), 1);
    return tf.div(total, count);
  });
}

/** Keypoints below the threshold zeroed: positions [P, K, 2], scores [P, K]. */
function maskKeypoints(positions, scores, threshold) {
  const keep = tf.expandDims(tf.greaterEqual(scores, threshold), 2);
  const masked = tf.where(tf.tile(keep, [1, 1, 2]), positions, tf.zerosLike(positions));
  keep.dispose();
  return masked;
}

module.exports = { poseScore, maskKeypoints };
