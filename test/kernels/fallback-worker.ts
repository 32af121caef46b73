/**
 * test/kernels/fallback.test.ts's copy of the library without SIMD, in the
 * browser: a worker, a realm of its own, whose WebAssembly refuses modules
 * before the library first compiles one (it compiles on first use, not on import).
 */
import * as lib from "../../src/index.js";
import { arenaStats } from "../../src/kernels/wasm/arena.js";
import { FALLBACK_CASES, type FallbackReport, refuseModules } from "./fallback-cases.js";

refuseModules();
const report: FallbackReport = { simd: arenaStats().simd, results: FALLBACK_CASES.map(([name, run]) => [name, run(lib)] as const) };
(globalThis as unknown as { postMessage(message: unknown): void }).postMessage(report);
