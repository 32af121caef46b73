// A softmax-regression training step on flattened images (CommonJS, as a Node training script).
const tf = require("@tensorflow/tfjs");

function createModel(inputSize, classes) {
  const w = tf.variable(tf.zeros([inputSize, classes]));
  const b = tf.variable(tf.zeros([classes]));
  return { w, b };
}

function predict(model, xs) {
  return tf.tidy(() => tf.add(tf.matMul(xs, model.w), model.b));
}

function loss(logits, labels) {
  return tf.tidy(() => {
    const logProbs = tf.logSoftmax(logits);
    return tf.neg(tf.mean(tf.sum(tf.mul(labels, logProbs), 1)));
  });
}

/** One SGD step; returns the loss before the step as a number. */
function trainStep(model, xs, labels, learningRate) {
  const optimizer = tf.train.sgd(learningRate);
  const cost = optimizer.minimize(() => loss(predict(model, xs), labels), true, [model.w, model.b]);
  const value = cost.dataSync()[0];
  cost.dispose();
  optimizer.dispose();
  return value;
}

/** A few epochs over one batch: the loss before each step, and the model trained. */
function fit(model, xs, labels, learningRate, epochs) {
  const losses = [];
  for (let epoch = 0; epoch < epochs; epoch++) losses.push(trainStep(model, xs, labels, learningRate));
  return { losses, model };
}

module.exports = { createModel, predict, loss, trainStep, fit };
