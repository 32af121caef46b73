/** tfjs-core on its plain JavaScript CPU backend. */
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import { runTfjs } from "./tfjs-runner.js";

await tf.setBackend("cpu");
runTfjs("tfjs-cpu", tf);
