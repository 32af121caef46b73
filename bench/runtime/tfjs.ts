/** tfjs-core on its CPU backend, and a case's two operands as tfjs tensors, for the tfjs runners. */
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import { type Case, fill, sizeOf } from "./cases.js";

await tf.setBackend("cpu");

export { tf };

/** The operands every runner fills the same way (a from 1, b from 2), as float32 tfjs tensors. */
export const tfjsOperands = (c: Pick<Case, "a" | "b">): { a: tf.Tensor; b: tf.Tensor } => ({
  a: tf.tensor(fill(sizeOf(c.a), 1), [...c.a], "float32"),
  b: tf.tensor(fill(sizeOf(c.b), 2), [...c.b], "float32"),
});
