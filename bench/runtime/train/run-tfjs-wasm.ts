/** tfjs-core on its WebAssembly backend (XNNPACK, SIMD). */
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-wasm";
import { runTfjs } from "./tfjs-runner.js";

await tf.setBackend("wasm");
runTfjs("tfjs-wasm", tf);
