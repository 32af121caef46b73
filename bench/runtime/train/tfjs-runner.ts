/** One TensorFlow.js runner for a backend already set: `tf.valueAndGrads` of the loss, then an SGD update, read back and disposed each step. */
import type * as tf from "@tensorflow/tfjs-core";
// tfjs-core alone has no gradient functions: the full package registers them (on the same tfjs-core)
import "@tensorflow/tfjs";
import { LR, setup, TRAIN_CASES } from "./cases.js";
import { timeAll } from "./timing.js";

export function runTfjs(library: string, tfjs: typeof tf): void {
  timeAll(library, TRAIN_CASES, (c) => {
    const [inputs, hidden, classes] = c.sizes;
    const data = setup(c);
    const x = tfjs.tensor2d(data.x, [c.batch, inputs]);
    const oneHot = tfjs.oneHot(tfjs.tensor1d(data.labels, "int32"), classes);
    const params = [tfjs.tensor2d(data.w1, [inputs, hidden]), tfjs.tensor1d(data.b1), tfjs.tensor2d(data.w2, [hidden, classes]), tfjs.tensor1d(data.b2)];
    const loss = (w1: tf.Tensor, b1: tf.Tensor, w2: tf.Tensor, b2: tf.Tensor): tf.Scalar => {
      const logits = tfjs.add(tfjs.matMul(tfjs.relu(tfjs.add(tfjs.matMul(x, w1 as tf.Tensor2D), b1)), w2 as tf.Tensor2D), b2);
      return tfjs.losses.softmaxCrossEntropy(oneHot, logits) as tf.Scalar;
    };
    const step = tfjs.valueAndGrads(loss as (...args: tf.Tensor[]) => tf.Scalar);
    return () =>
      tfjs.tidy(() => {
        const { grads } = step(params);
        const updated = params.map((p, i) => tfjs.sub(p, tfjs.mul(grads[i]!, LR)));
        return updated[2]!.dataSync() as Float32Array;
      });
  });
}
