/** tfjs-core on its WebAssembly backend (XNNPACK, SIMD): `tf.matMul`. */
import "@tensorflow/tfjs-backend-wasm";
import { runTfjsCases, tf } from "../tfjs.js";
import { MATMUL_CASES } from "./cases.js";

await tf.setBackend("wasm");
await runTfjsCases("tfjs-wasm", MATMUL_CASES, (_, a, b) => tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D));
