// Starts worker.ts in this worker thread through tsx's loader, registered here:
// on Node 20.20, a worker given `--import tsx` in its execArgv still cannot load a .ts entry.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
