/**
 * tfjs-core, and a case's two operands as tfjs tensors, for the tfjs runners;
 * each runner picks its backend (run-tfjs.ts the CPU one, run-tfjs-wasm.ts
 * WebAssembly) before it runs the cases.
 */
import * as tf from "@tensorflow/tfjs-core";
import { type Case, fill, sizeOf } from "./cases.js";

export { tf };

/** The operands every runner fills the same way (a from 1, b from 2), as float32 tfjs tensors. */
export const tfjsOperands = (c: Pick<Case, "a" | "b">): { a: tf.Tensor; b: tf.Tensor } => ({
  a: tf.tensor(fill(sizeOf(c.a), 1), [...c.a], "float32"),
  b: tf.tensor(fill(sizeOf(c.b), 2), [...c.b], "float32"),
});
