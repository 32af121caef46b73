/** tfjs-core, CPU backend: `tf.matMul` (a batched a against a 2-D b goes through tf.matMul's broadcasting). */
import "@tensorflow/tfjs-backend-cpu";
import { runTfjsCases, tf } from "../tfjs.js";
import { MATMUL_CASES } from "./cases.js";

await tf.setBackend("cpu");
await runTfjsCases("tfjs-cpu", MATMUL_CASES, (_, a, b) => tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D));
