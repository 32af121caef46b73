/**
 * Where WebAssembly SIMD is missing, every op still runs, on the JavaScript
 * kernels, and gives what the SIMD engine gives. An engine without SIMD
 * refuses to compile a module that uses it (a CompileError): a second copy of
 * the library is loaded where WebAssembly.Module refuses every module that way
 * (in Node after resetting the module registry; in the browser in a worker,
 * a realm of its own), and the two copies are compared on every op a SIMD
 * kernel runs (./fallback-cases.ts).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as simd from "../../src/index.js";
import { arenaStats } from "../../src/kernels/wasm/arena.js";
import { FALLBACK_CASES, type FallbackReport, refuseModules } from "./fallback-cases.js";
import { firstMessage, inBrowser } from "../support/worker.js";

let report: FallbackReport;

/**
 * Node: the library again, WebAssembly.Module refusing from just after it loads (as in the
 * browser's worker): loading the entry compiles nothing, so this copy falls back all the same.
 */
async function inThisRealm(): Promise<FallbackReport> {
  vi.resetModules();
  const lib = await import("../../src/index.js");
  const { arenaStats: stats } = await import("../../src/kernels/wasm/arena.js");
  const restore = refuseModules();
  try {
    return { simd: stats().simd, results: FALLBACK_CASES.map(([name, run]) => [name, run(lib)] as const) };
  } finally {
    restore();
  }
}

beforeAll(async () => {
  // this copy decides its engine (and loads its matmul kernels) before anything refuses modules
  expect(arenaStats().simd).toBe(true);
  report = inBrowser ? await firstMessage<FallbackReport>(new URL("./fallback-worker.ts", import.meta.url)) : await inThisRealm();
});

const same = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((v, i) => Object.is(v, y[i]) || (Number.isNaN(v) && Number.isNaN(y[i])));

describe("without WebAssembly SIMD", () => {
  it("the second copy makes no engine memory, and this one does", () => {
    expect(report.simd).toBe(false);
    expect(arenaStats().simd).toBe(true);
  });

  it("every op a SIMD kernel runs gives the engine's values, bit for bit", () => {
    expect(report.results.map(([name]) => name)).toEqual(FALLBACK_CASES.map(([name]) => name));
    for (const [name, theirs] of report.results) {
      const ours = FALLBACK_CASES.find(([n]) => n === name)![1](simd);
      expect({ name, same: same(theirs, ours) }).toEqual({ name, same: true });
    }
  });
});
