// Starts worker.ts in this worker thread through tsx's loader, registered here:
// on Node 20 a worker does not get a loader passed as `--import` in its execArgv.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
