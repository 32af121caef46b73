/** tfjs-core on its CPU backend. */
import "@tensorflow/tfjs-backend-cpu";
import { tf } from "../tfjs.js";
import { runTfjs } from "./tfjs-runner.js";

await tf.setBackend("cpu");
runTfjs("tfjs-cpu", tf);
