/** tfjs-core with its CPU backend (runTfjs: the add, the idiomatic call). */
import "@tensorflow/tfjs-backend-cpu";
import { runTfjs } from "./run-tfjs-add.js";
import { tf } from "./tfjs.js";

await tf.setBackend("cpu");
await runTfjs("tfjs-cpu");
