/** tfjs-core on its CPU backend. */
import { tf } from "../tfjs.js";
import { runTfjs } from "./tfjs-runner.js";

runTfjs("tfjs-cpu", tf);
