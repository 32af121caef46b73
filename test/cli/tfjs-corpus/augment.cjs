// Image batch augmentations for training (CommonJS).
const tf = require("@tensorflow/tfjs-core");

function flipHorizontal(images) {
  return tf.reverse(images, 2);
}

function adjustBrightness(images, delta) {
  return tf.tidy(() => tf.clipByValue(tf.add(images, delta), 0, 1));
}

function normalizeChannels(images, mean, std) {
  return tf.div(tf.sub(images, tf.tensor1d(mean)), tf.tensor1d(std));
}

function toGrayscale(images) {
  const weights = tf.tensor1d([0.299, 0.587, 0.114]);
  return tf.expandDims(tf.sum(tf.mul(images, weights), -1), -1);
}

module.exports = { flipHorizontal, adjustBrightness, normalizeChannels, toGrayscale };
