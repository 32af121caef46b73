/**
 * The WebAssembly matmul micro-kernels, float64 and float32: each is the kernel
 * Node runs, and each gives its JavaScript kernel's results bit for bit (same
 * sums, same order, same roundings) on any sizes and layouts. No Node API here: the browser suite
 * (vitest.browser.config.ts) runs this file in Chromium too. That the committed
 * bytes are the assembled source is checked under Node, in
 * wasm-source.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dotProduct, packColumns, packedProduct, packRows, padded, type Precision } from "../../src/kernels/matmul.js";
import { load, unload } from "../../src/kernels/wasm/load.js";
import { matmulWasm } from "../../src/kernels/wasm/matmul.wasm.js";

function product(engine: "auto" | "js", a: Float64Array, b: Float64Array, m: number, k: number, n: number, transposed: boolean, precision: Precision = "float64") {
  const p = packedProduct(m, k, n, engine, precision);
  // a read through its strides as stored, or as the transpose of a [k, m] buffer
  packRows(transposed ? { data: a, offset: 0, rowStride: 1, colStride: m } : { data: a, offset: 0, rowStride: k, colStride: 1 }, m, k, p.A);
  packColumns({ data: b, offset: 0, rowStride: n, colStride: 1 }, k, n, p.B, p.columns);
  // a strided output: every other column of a wider buffer with a row of room above and below, which must stay untouched
  const out = new (precision === "float32" ? Float32Array : Float64Array)((m + 2) * 2 * n).fill(-7);
  p.multiply({ data: out, offset: 2 * n + 1, rowStride: 2 * n, colStride: 2 });
  return { engine: p.engine, out };
}

/** Is every element of `product`'s buffer outside the [m, n] result still -7? */
const untouched = (out: Float32Array | Float64Array, m: number, n: number): boolean =>
  out.every((value, i) => value === -7 || (i % 2 === 1 && i > 2 * n && i < (m + 1) * 2 * n));

/** The first index where two results differ (as Object.is sees it), or -1: a failure stays quick to report on large outputs. */
function firstDifference(x: Float32Array | Float64Array, y: Float32Array | Float64Array): number {
  if (x.length !== y.length) return Math.min(x.length, y.length);
  for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return i;
  return -1;
}

/**
 * Values from `seed`: mostly in [-1, 1), some zeros of either sign, subnormals
 * (in float32) and huge ones whose products overflow float32.
 */
function values(seed: number): () => number {
  let state = seed;
  const scales = [1, 1, 1, 1, 0, -0, 2 ** -140, 2 ** 70];
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    return (state / 2 ** 31) * scales[(state >>> 8) & 7]!;
  };
}

describe("WebAssembly matmul kernel", () => {
  it("is the kernel Node runs", () => {
    expect(packedProduct(8, 8, 8).engine).toBe("wasm");
    expect(packedProduct(8, 8, 8, "js").engine).toBe("js");
  });

  it.each(["float64", "float32"] as const)("gives the JavaScript kernel's bits in %s on any sizes, edges and strides", (precision) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 37 }),
        fc.integer({ min: 0, max: 37 }),
        fc.integer({ min: 1, max: 37 }),
        fc.boolean(),
        fc.integer(),
        (m, k, n, transposed, seed) => {
          const value = values(seed);
          const a = Float64Array.from({ length: m * k }, value);
          const b = Float64Array.from({ length: k * n }, value);
          const wasm = product("auto", a, b, m, k, n, transposed, precision);
          const js = product("js", a, b, m, k, n, transposed, precision);
          expect(wasm.engine).toBe(k > 0 ? "wasm" : "js"); // nothing to multiply: C is zeros either way
          expect(firstDifference(wasm.out, js.out)).toBe(-1);
          // the columns between and the rows around kept their value
          expect(untouched(wasm.out, m, n)).toBe(true);
          expect(untouched(js.out, m, n)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each(["float64", "float32"] as const)("sums a dot of vectors (%s) as the packed kernels sum one element of C, in WebAssembly and in JavaScript", (precision) => {
    fc.assert(
      fc.property(
        // lengths past a chunk of 4096 elements copied into WebAssembly memory; strides of broadcast (0), contiguous, spaced and reversed vectors
        fc.integer({ min: 0, max: 9000 }),
        fc.constantFrom(0, 1, 2, -1),
        fc.constantFrom(0, 1, 3, -2),
        fc.boolean(),
        fc.integer(),
        (k, sa, sb, single, seed) => {
          const value = values(seed);
          // operands stored as float32 (what a float32 product holds) or as doubles
          const Store = single ? Float32Array : Float64Array;
          const span = (stride: number) => Math.max(1, Math.abs(stride) * k);
          const vector = (length: number) => new Store(length).map(value);
          const x = vector(span(sa));
          const y = vector(span(sb));
          const view = (data: Float32Array | Float64Array, stride: number) => ({ data, offset: stride < 0 ? data.length - 1 : 0, stride });
          const wasm = dotProduct(view(x, sa), view(y, sb), k, precision);
          const js = dotProduct(view(x, sa), view(y, sb), k, precision, "js");
          expect(Object.is(wasm, js)).toBe(true); // any NaN is Object.is any other
          // the packed kernel's element of a [1, k] by [k, 1] product
          const p = packedProduct(1, k, 1, "js", precision);
          packRows({ data: x, offset: view(x, sa).offset, rowStride: 0, colStride: sa }, 1, k, p.A);
          packColumns({ data: y, offset: view(y, sb).offset, rowStride: sb, colStride: 0 }, k, 1, p.B, p.columns);
          const c = new Float64Array(1);
          p.multiply({ data: c, offset: 0, rowStride: 1, colStride: 1 });
          expect(Object.is(c[0], js)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("rounds every float32 product and sum, in the order of k", () => {
    // 1 + 2^-24 + 2^-24 is 1 in float32, summed one at a time (each 2^-24 is lost), and 1 + 2^-23 in doubles
    const a = Float64Array.of(1, 1, 1);
    const b = Float64Array.of(1, 2 ** -24, 2 ** -24);
    for (const engine of ["auto", "js"] as const) expect(Array.from(product(engine, a, b, 1, 3, 1, false, "float32").out)).toEqual([-7, -7, -7, 1, -7, -7]);
    // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 as a float32 product, before it is added
    const c = Float64Array.of(1 + 2 ** -12, 2 ** -24);
    const d = Float64Array.of(1 + 2 ** -12, 1);
    for (const engine of ["auto", "js"] as const) expect(product(engine, c, d, 1, 2, 1, false, "float32").out[3]).toBe(Math.fround(1 + 2 ** -11 + 2 ** -24));
  });

  it.each(["float64", "float32"] as const)("computes C in blocks of rows when the rows do not fit one block (%s)", (precision) => {
    // 4096 columns make a block 32 rows of doubles or 64 of floats; 70 rows take three blocks or two, the last one partial
    const [m, k, n] = [70, 3, 4096];
    const a = Float64Array.from({ length: m * k }, (_, i) => (i % 11) - 5);
    const b = Float64Array.from({ length: k * n }, (_, i) => (i % 7) - 3);
    const wasm = product("auto", a, b, m, k, n, false, precision);
    expect(wasm.engine).toBe("wasm");
    expect(firstDifference(wasm.out, product("js", a, b, m, k, n, false, precision).out)).toBe(-1);
    expect(untouched(wasm.out, m, n)).toBe(true);
  });

  it.each(["float64", "float32"] as const)("computes C four rows at a time when a row is wider than a block (%s)", (precision) => {
    // 70,000 columns are 560 KB a row of doubles, 280 KB of floats: a 1 MiB block holds fewer than four
    const [m, k, n] = [6, 2, 70_000];
    const a = Float64Array.from({ length: m * k }, (_, i) => i - 5);
    const b = Float64Array.from({ length: k * n }, (_, i) => (i % 13) - 6);
    const wasm = product("auto", a, b, m, k, n, false, precision);
    expect(wasm.engine).toBe("wasm");
    expect(firstDifference(wasm.out, product("js", a, b, m, k, n, false, precision).out)).toBe(-1);
    expect(untouched(wasm.out, m, n)).toBe(true);
  });

  it.each(["float64", "float32"] as const)("copies contiguous blocks of C whole (%s)", (precision) => {
    // a row-major C whose rows are as wide as the kernel's (a multiple of 8): the block's rows follow one another
    const [m, k, n] = [70, 5, 4096];
    const a = Float64Array.from({ length: m * k }, (_, i) => (i % 11) - 5);
    const b = Float64Array.from({ length: k * n }, (_, i) => (i % 7) - 3);
    const results = (["auto", "js"] as const).map((engine) => {
      const p = packedProduct(m, k, n, engine, precision);
      packRows({ data: a, offset: 0, rowStride: k, colStride: 1 }, m, k, p.A);
      packColumns({ data: b, offset: 0, rowStride: n, colStride: 1 }, k, n, p.B, p.columns);
      // a row of room before and after C, holding 0.5 (C's elements are integers)
      const out = new (precision === "float32" ? Float32Array : Float64Array)((m + 2) * n).fill(0.5);
      p.multiply({ data: out, offset: n, rowStride: n, colStride: 1 });
      return out;
    });
    expect(firstDifference(results[0]!, results[1]!)).toBe(-1);
    expect(results[0]!.every((v, i) => (v === 0.5) === (i < n || i >= (m + 1) * n))).toBe(true);
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
