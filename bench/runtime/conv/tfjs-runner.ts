/** One TensorFlow.js runner for a backend already set: `tf.conv2d(x, w, strides, "same")`, read back and disposed after each call. */
import type * as tf from "@tensorflow/tfjs-core";
import { fill, sizeOf } from "../cases.js";
import { CONV_CASES } from "./cases.js";
import { timeAll } from "./timing.js";

export function runTfjs(library: string, tfjs: typeof tf): void {
  timeAll(library, CONV_CASES, (c) => {
    const x = tfjs.tensor4d(fill(sizeOf(c.a), 1), c.a as [number, number, number, number], "float32");
    const w = tfjs.tensor4d(fill(sizeOf(c.b), 2), c.b as [number, number, number, number], "float32");
    // dataSync: a backend may compute when the values are read
    return () => {
      const r = tfjs.conv2d(x, w, c.strides, "same");
      const values = r.dataSync() as Float32Array;
      r.dispose();
      return values;
    };
  });
}
