/** tfjs-core on its CPU backend. */
import { tf } from "../tfjs.js";
import { runTfjs } from "./tfjs-runner.js";

await runTfjs("tfjs-cpu", tf);
