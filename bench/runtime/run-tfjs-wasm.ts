/** tfjs-core on its WebAssembly backend (XNNPACK, SIMD), the same add as run-tfjs.ts. */
import "@tensorflow/tfjs-backend-wasm";
import { runTfjs } from "./run-tfjs-add.js";
import { tf } from "./tfjs.js";

await tf.setBackend("wasm");
await runTfjs("tfjs-wasm");
