/** tfjs-core on its WebAssembly backend: tf.sum, tf.mean, tf.max, tf.argMax, tf.moments(...).variance, tf.softmax. */
import "@tensorflow/tfjs-backend-wasm";
import { runTfjsCases, tf } from "../tfjs.js";
import { REDUCE_CASES, type ReduceCase } from "./cases.js";

await tf.setBackend("wasm");
await runTfjsCases("tfjs-wasm", REDUCE_CASES, (c: ReduceCase, a) => {
  switch (c.op) {
    case "sum":
      return tf.sum(a, c.axis);
    case "mean":
      return tf.mean(a, c.axis);
    case "max":
      return tf.max(a, c.axis);
    case "argmax":
      return tf.argMax(a, c.axis);
    case "variance":
      return tf.tidy(() => tf.moments(a, c.axis).variance);
    case "softmax":
      return tf.softmax(a, c.axis);
  }
});
