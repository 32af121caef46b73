/** tfjs-core, CPU backend: `tf.matMul` (a batched a against a 2-D b goes through tf.matMul's broadcasting). */
import "@tensorflow/tfjs-backend-cpu";
import { runAll } from "../harness.js";
import { tf, tfjsOperands } from "../tfjs.js";
import { MATMUL_CASES } from "./cases.js";

await tf.setBackend("cpu");

await runAll(
  {
    library: "tfjs-cpu",
    prepare: (c, variant) => {
      if (variant === "out") return undefined;
      const { a, b } = tfjsOperands(c);
      let last: Float32Array = new Float32Array(0);
      return {
        run: () => tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D).dispose(),
        values: () => {
          const r = tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D);
          last = r.dataSync() as unknown as Float32Array;
          r.dispose();
          return last;
        },
      };
    },
  },
  MATMUL_CASES,
);
