/**
 * `enableSimd` (src/kernels/wasm/engine.ts): the WebAssembly SIMD engine is in a
 * program once the package entry is loaded as it is, and in one that left it out
 * (a bundle, which drops src/kernels/wasm/on-by-default.ts) as soon as the
 * program calls `enableSimd()`; until then every op runs the JavaScript kernels
 * and gives the same values.
 */
import { describe, expect, it, vi } from "vitest";
import { enableSimd } from "../../src/index.js";
import { arenaStats } from "../../src/kernels/wasm/arena.js";
import { float32Ulps } from "../support/ulps.js";

describe("enableSimd", () => {
  it("is on once the package entry is loaded, and calling it again changes nothing", () => {
    expect(arenaStats().simd).toBe(true);
    const before = arenaStats();
    expect(enableSimd()).toBe(true);
    expect(enableSimd()).toBe(true);
    expect(arenaStats().reservedBytes).toBe(before.reservedBytes);
  });

  it("a program of the ops alone runs the JavaScript kernels until it calls enableSimd(), with the same values", async () => {
    vi.resetModules();
    // the modules a bundle keeps for these ops, without the entry (and so without on-by-default.ts)
    const { add, exp } = await import("../../src/ops/elementwise.js");
    const { tensor } = await import("../../src/ops/create.js");
    const { arenaStats: stats } = await import("../../src/kernels/wasm/arena.js");
    const { enableSimd: enable } = await import("../../src/kernels/wasm/engine.js");
    const { inMemory } = await import("../../src/kernels/wasm/arena.js");
    const { elementsOf } = await import("../../src/tensor.js");
    const values = Float32Array.from({ length: 4096 }, (_, i) => (i - 2048) / 512);
    const run = () => {
      const x = tensor(values, [64, 64]);
      const sum = add(x, x);
      return { x, sum, y: exp(sum) };
    };

    const before = run();
    expect(stats().simd).toBe(false);
    expect(inMemory(elementsOf(before.x))).toBe(false);

    expect(enable()).toBe(true);
    expect(stats().simd).toBe(true);
    const after = run();
    expect(inMemory(elementsOf(after.x))).toBe(true);
    expect(inMemory(elementsOf(after.y))).toBe(true);
    // add is exact, so bit for bit; float32 exp within one float32 ulp of the JavaScript kernel's (README "Speed")
    expect(after.sum.data).toEqual(before.sum.data);
    const worst = Math.max(...Array.from(after.y.data, (v, i) => float32Ulps(v, before.y.data[i]!)));
    expect(worst).toBeLessThanOrEqual(1);
  });
});
