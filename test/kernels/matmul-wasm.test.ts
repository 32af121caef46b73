/**
 * The WebAssembly matmul micro-kernel: it is the kernel Node runs, and it
 * gives the JavaScript kernel's results bit for bit (same sums, same order) on
 * any sizes and layouts. No Node API here: the browser suite
 * (vitest.browser.config.ts) runs this file in Chromium too. That the committed
 * bytes are the assembled source is checked under Node, in
 * matmul-wasm-source.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packColumns, packedProduct, packRows, padded } from "../../src/kernels/matmul.js";
import { load, unload } from "../../src/kernels/wasm/load.js";
import { matmulWasm } from "../../src/kernels/wasm/matmul.wasm.js";

function product(engine: "auto" | "js", a: Float64Array, b: Float64Array, m: number, k: number, n: number, transposed: boolean) {
  const p = packedProduct(m, k, n, engine);
  // a read through its strides as stored, or as the transpose of a [k, m] buffer
  packRows(transposed ? { data: a, offset: 0, rowStride: 1, colStride: m } : { data: a, offset: 0, rowStride: k, colStride: 1 }, m, k, p.A);
  packColumns({ data: b, offset: 0, rowStride: n, colStride: 1 }, k, n, p.B);
  // a strided output: every other column of a wider buffer with a row of room above and below, which must stay untouched
  const out = new Float64Array((m + 2) * 2 * n).fill(-7);
  p.multiply({ data: out, offset: 2 * n + 1, rowStride: 2 * n, colStride: 2 });
  return { engine: p.engine, out };
}

/** Is every element of `product`'s buffer outside the [m, n] result still -7? */
const untouched = (out: Float64Array, m: number, n: number): boolean =>
  out.every((value, i) => value === -7 || (i % 2 === 1 && i > 2 * n && i < (m + 1) * 2 * n));

/** The first index where two results differ (as Object.is sees it), or -1: a failure stays quick to report on large outputs. */
function firstDifference(x: Float64Array, y: Float64Array): number {
  if (x.length !== y.length) return Math.min(x.length, y.length);
  for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return i;
  return -1;
}

describe("WebAssembly matmul kernel", () => {
  it("is the kernel Node runs", () => {
    expect(packedProduct(8, 8, 8).engine).toBe("wasm");
    expect(packedProduct(8, 8, 8, "js").engine).toBe("js");
  });

  it("gives the JavaScript kernel's bits on any sizes, edges and strides", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 37 }),
        fc.integer({ min: 0, max: 37 }),
        fc.integer({ min: 1, max: 37 }),
        fc.boolean(),
        fc.integer(),
        (m, k, n, transposed, seed) => {
          let state = seed;
          const next = () => ((state = (Math.imul(state, 1103515245) + 12345) | 0) / 2 ** 31);
          const a = Float64Array.from({ length: m * k }, next);
          const b = Float64Array.from({ length: k * n }, next);
          const wasm = product("auto", a, b, m, k, n, transposed);
          const js = product("js", a, b, m, k, n, transposed);
          expect(firstDifference(wasm.out, js.out)).toBe(-1);
          // the columns between and the rows around kept their value
          expect(untouched(wasm.out, m, n)).toBe(true);
          expect(untouched(js.out, m, n)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("computes C in blocks of rows when the rows do not fit one block", () => {
    // 4096 columns make a block 32 rows; 70 rows take three blocks, the last one partial
    const [m, k, n] = [70, 3, 4096];
    const a = Float64Array.from({ length: m * k }, (_, i) => (i % 11) - 5);
    const b = Float64Array.from({ length: k * n }, (_, i) => (i % 7) - 3);
    const wasm = product("auto", a, b, m, k, n, false);
    expect(wasm.engine).toBe("wasm");
    expect(firstDifference(wasm.out, product("js", a, b, m, k, n, false).out)).toBe(-1);
    expect(untouched(wasm.out, m, n)).toBe(true);
  });

  it("computes C four rows at a time when a row is wider than a block", () => {
    // 40,000 columns of doubles are 320 KB a row: a 1 MiB block holds fewer than four
    const [m, k, n] = [6, 2, 40_000];
    const a = Float64Array.from({ length: m * k }, (_, i) => i - 5);
    const b = Float64Array.from({ length: k * n }, (_, i) => (i % 13) - 6);
    const wasm = product("auto", a, b, m, k, n, false);
    expect(wasm.engine).toBe("wasm");
    expect(firstDifference(wasm.out, product("js", a, b, m, k, n, false).out)).toBe(-1);
    expect(untouched(wasm.out, m, n)).toBe(true);
  });

  it("gives back memory after a large product, and keeps it after small ones", () => {
    const before = load(matmulWasm);
    const small = packedProduct(64, 64, 64);
    small.done();
    expect(load(matmulWasm)).toBe(before);
    // 1024 x 4096 by 4096 x 1024 packs 64 MiB of operands: more than is kept
    const large = packedProduct(1024, 4096, 1024);
    expect(large.engine).toBe("wasm");
    large.done();
    const after = load(matmulWasm);
    expect(after).not.toBe(before);
    expect((after!["memory"] as { buffer: ArrayBuffer }).buffer.byteLength).toBeLessThan(2 ** 20);
    // and products still run on the new instance
    const a = Float64Array.from({ length: 12 }, (_, i) => i);
    expect(firstDifference(product("auto", a, a, 3, 4, 3, false).out, product("js", a, a, 3, 4, 3, false).out)).toBe(-1);
  });

  it("grows its memory to what a product needs, not more", () => {
    const bytes = () => ((load(matmulWasm)!["memory"] as { buffer: ArrayBuffer }).buffer.byteLength);
    // the packed operands, the block of C (at most 1 MiB, or four rows), and the last page begun
    const needs = (m: number, k: number, n: number) => 8 * k * (padded(m) + padded(n)) + Math.max(2 ** 20, 32 * padded(n)) + 65536;
    unload(matmulWasm);
    packedProduct(256, 1024, 256).done(); // 4 MiB of operands, kept afterwards
    expect(bytes()).toBeLessThan(needs(256, 1024, 256));
    packedProduct(512, 2048, 512).done(); // 16 MiB: grown by the difference only
    expect(bytes()).toBeLessThan(needs(512, 2048, 512));
    // a small product in the memory a larger one left still runs in WebAssembly
    expect(packedProduct(8, 8, 8).engine).toBe("wasm");
    unload(matmulWasm);
  });

  it("leaves the JavaScript kernel in place where a module cannot be compiled", () => {
    // a module header with a bad version: what an engine without the instructions reports too
    expect(load(btoa(String.fromCharCode(0, 0x61, 0x73, 0x6d, 9, 0, 0, 0)))).toBeUndefined();
    expect(packedProduct(4, 0, 4).engine).toBe("js");
  });
});
