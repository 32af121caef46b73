/** test/kernels/engine.test.ts's program of the ops alone, in the browser: a worker, a realm of its own. */
import { add, exp } from "../../src/ops/elementwise.js";
import { tensor } from "../../src/ops/create.js";
import { arenaStats, inMemory } from "../../src/kernels/wasm/arena.js";
import { enableSimd } from "../../src/kernels/wasm/engine.js";
import { elementsOf } from "../../src/tensor.js";
import { opsAlone } from "./engine-cases.js";

(globalThis as unknown as { postMessage(message: unknown): void }).postMessage(opsAlone({ add, exp, tensor, arenaStats, inMemory, enableSimd, elementsOf }));
