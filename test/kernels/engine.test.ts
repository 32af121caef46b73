/**
 * `enableSimd` (src/kernels/wasm/engine.ts): the WebAssembly SIMD engine is in a
 * program once the package entry is loaded as it is, and in one that left it out
 * (a bundle, which drops src/kernels/wasm/on-by-default.ts) as soon as the
 * program calls `enableSimd()`; until then every op runs the JavaScript kernels
 * and gives the same values. (Loading the entry compiles nothing, the modules being
 * compiled when an op first needs them: test/kernels/fallback.test.ts refuses modules
 * after loading the entry.)
 */
import { describe, expect, it, vi } from "vitest";
import { enableSimd } from "../../src/index.js";
import { arenaStats } from "../../src/kernels/wasm/arena.js";
import type { AloneReport } from "./engine-cases.js";
import { firstMessage, inBrowser } from "../support/worker.js";

describe("enableSimd", () => {
  it("is on once the package entry is loaded, and calling it again changes nothing", () => {
    expect(arenaStats().simd).toBe(true);
    const before = arenaStats();
    expect(enableSimd()).toBe(true);
    expect(enableSimd()).toBe(true);
    expect(arenaStats().reservedBytes).toBe(before.reservedBytes);
  });

  it("a program of the ops alone runs the JavaScript kernels until it calls enableSimd(), with the same values", async () => {
    let report: AloneReport;
    if (inBrowser) report = await firstMessage<AloneReport>(new URL("./engine-worker.ts", import.meta.url));
    else {
      vi.resetModules();
      const { loadAloneModules, opsAlone } = await import("./engine-cases.js");
      report = opsAlone(await loadAloneModules());
    }
    expect(report.before).toEqual({ simd: false, inMemory: false });
    expect(report.enabled).toBe(true);
    expect(report.after).toEqual({ simd: true, inMemory: true });
    // add is exact, so bit for bit; float32 exp within one float32 ulp of the JavaScript kernel's (README "Speed")
    expect(report.sameSums).toBe(true);
    expect(report.expUlps).toBeLessThanOrEqual(1);
  });
});
