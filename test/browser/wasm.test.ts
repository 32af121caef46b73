/**
 * The WebAssembly matmul kernel really runs in the browser: the module
 * compiles here (SIMD included), and float products, the public `matmul`
 * among them, run in its memory rather than falling back to JavaScript.
 * Browser only (vitest.browser.config.ts); under Node the same is checked by
 * test/kernels/matmul-wasm.test.ts.
 */
import { describe, expect, it } from "vitest";
import { matmul, random } from "shapecast";
import { packedProduct } from "../../src/kernels/matmul.js";
import { load, unload } from "../../src/kernels/wasm/load.js";
import { matmulWasm } from "../../src/kernels/wasm/matmul.wasm.js";
import { arenaStats, inMemory } from "../../src/kernels/wasm/arena.js";
import { elementsOf } from "../../src/tensor.js";
import { environment } from "./results.js";

const memoryBytes = (exports: Record<string, unknown>): number => (exports["memory"] as { buffer: ArrayBuffer }).buffer.byteLength;

describe("WebAssembly in the browser", () => {
  it("is Chromium running these tests, not Node", () => {
    expect(environment()).toMatch(/HeadlessChrome\//);
  });

  it("compiles the matmul module, and float products choose it", () => {
    expect(load(matmulWasm)).toBeDefined();
    expect(packedProduct(8, 8, 8).engine).toBe("wasm");
    expect(packedProduct(33, 17, 29).engine).toBe("wasm");
  });

  it("runs the public float64 matmul in the module's memory", () => {
    unload(matmulWasm);
    const instance = load(matmulWasm)!;
    const before = memoryBytes(instance);
    // 256 x 256 float64 operands pack to 1 MiB, more than a fresh instance's memory holds
    const product = matmul(random([256, 256], { seed: 1, dtype: "float64" }), random([256, 256], { seed: 2, dtype: "float64" }));
    expect(product.shape).toEqual([256, 256]);
    expect(load(matmulWasm)).toBe(instance);
    expect(memoryBytes(instance)).toBeGreaterThan(before + 2 ** 19);
  });

  it("runs the public float32 matmul on the engine's memory, where its tensors live (gemm.wat), not in JavaScript", () => {
    expect(arenaStats().simd).toBe(true);
    const a = random([256, 256], { seed: 1 });
    const b = random([256, 256], { seed: 2 });
    const product = matmul(a, b);
    // the result was written in place in the engine's memory, and the operands were read there
    expect(inMemory(elementsOf(product))).toBe(true);
    expect(inMemory(elementsOf(a)) && inMemory(elementsOf(b))).toBe(true);
  });
});
