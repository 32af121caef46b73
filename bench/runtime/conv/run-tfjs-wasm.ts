/** tfjs-core on its WebAssembly backend (XNNPACK, SIMD; threads where the platform gives them). */
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-wasm";
import { runTfjs } from "./tfjs-runner.js";

await tf.setBackend("wasm");
runTfjs("tfjs-wasm", tf);
