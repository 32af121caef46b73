/** One TensorFlow.js runner for a backend already set: `tf.conv2d(x, w, strides, "same")`, disposed after each call. */
import type * as tf from "@tensorflow/tfjs-core";
import { fill, sizeOf } from "../cases.js";
import { runAll } from "../harness.js";
import { CONV_CASES, type ConvCase } from "./cases.js";

export async function runTfjs(library: string, tfjs: typeof tf): Promise<void> {
  await runAll(
    {
      library,
      prepare: (c, variant) => {
        if (variant === "out") return undefined;
        const { strides } = c as ConvCase;
        const x = tfjs.tensor(fill(sizeOf(c.a), 1), [...c.a], "float32") as tf.Tensor4D;
        const w = tfjs.tensor(fill(sizeOf(c.b), 2), [...c.b], "float32") as tf.Tensor4D;
        // dataSync: the wasm backend computes when the values are read
        const once = () => {
          const r = tfjs.conv2d(x, w, strides, "same");
          const values = r.dataSync() as Float32Array;
          r.dispose();
          return values;
        };
        let last: Float32Array = new Float32Array(0);
        return { run: () => once(), values: () => (last = once()) };
      },
    },
    CONV_CASES,
  );
}
