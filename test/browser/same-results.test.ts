/**
 * Same results as under Node: Chromium computes results.ts's results here,
 * Node computes them in the process that drives the browser (the
 * `nodeResults` command of vitest.browser.config.ts), and the two are
 * compared element by element.
 *
 * Exact results must have the same bits, shape, dtype and printed text. The
 * approximate ones go through Math.exp, log, sin, cos, tanh or `**`, which
 * ECMAScript lets each engine approximate, and engines do differ: the V8 of
 * Node 20 and that of Chromium 156 give float64 exp, log, sin and cos one ulp
 * apart on some inputs (and so randn, sigmoid and softmax). Those must have
 * the same shape and dtype, NaN where the other has NaN, and every element
 * within APPROXIMATE_ULPS of the other's.
 */
import { describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import { environment, matmulEngine, type Results, results, ulps } from "./results.js";

/** What the `nodeResults` command sends back. */
export interface NodeResults {
  readonly environment: string;
  readonly engine: string;
  readonly results: Results;
}

declare module "vitest/browser" {
  interface BrowserCommands {
    nodeResults: () => Promise<NodeResults>;
  }
}

/** A difference of an ulp in exp or cos, and one more from an op that combines such values (softmax's sum and division). */
const APPROXIMATE_ULPS = 4;

describe("the browser and Node", () => {
  it("are two engines, and both multiply floats in WebAssembly", async () => {
    const node = await commands.nodeResults();
    expect(node.environment).toMatch(/^Node \d+\./);
    expect(environment()).toMatch(/HeadlessChrome\//);
    expect(node.engine).toBe("wasm");
    expect(matmulEngine()).toBe("wasm");
  });

  it("give the same results bit for bit, and print them the same", async () => {
    const node = (await commands.nodeResults()).results.exact;
    const browser = results().exact;
    // the cases are there (57 when written): a comparison of nothing would pass
    expect(Object.keys(browser).length).toBeGreaterThan(50);
    expect(Object.keys(browser)).toEqual(Object.keys(node));
    // one case at a time, so a failure names the case
    for (const name of Object.keys(browser)) expect(browser[name], name).toEqual(node[name]);
  });

  it("give the results of the engine's Math functions within a few ulps", async () => {
    const node = (await commands.nodeResults()).results.approximate;
    const browser = results().approximate;
    expect(Object.keys(browser).length).toBeGreaterThan(20);
    expect(Object.keys(browser)).toEqual(Object.keys(node));
    for (const [name, here] of Object.entries(browser)) {
      const there = node[name]!;
      expect({ dtype: here.dtype, shape: here.shape }, name).toEqual({ dtype: there.dtype, shape: there.shape });
      expect(here.dtype, name).toMatch(/^float(32|64)$/);
      const far = here.bits.flatMap((bits, i) => (ulps(bits, there.bits[i]!) > APPROXIMATE_ULPS ? [{ i, browser: bits, node: there.bits[i] }] : []));
      expect(far, name).toEqual([]);
    }
  });
});

describe("ulps", () => {
  // the approximate comparison is only as good as this distance
  it("counts the representable values between two floats, across zero, and matches NaNs only with NaNs", () => {
    const f64 = (value: number) => {
      const view = new DataView(new ArrayBuffer(8));
      view.setFloat64(0, value);
      return view.getBigUint64(0).toString(16).padStart(16, "0");
    };
    const f32 = (value: number) => {
      const view = new DataView(new ArrayBuffer(4));
      view.setFloat32(0, value);
      return view.getUint32(0).toString(16).padStart(8, "0");
    };
    expect(ulps(f64(1), f64(1))).toBe(0);
    expect(ulps(f64(1), f64(1 + 2 ** -52))).toBe(1);
    expect(ulps(f64(1 + 2 ** -51), f64(1))).toBe(2);
    expect(ulps(f64(-0), f64(0))).toBe(0);
    expect(ulps(f64(-Number.MIN_VALUE), f64(Number.MIN_VALUE))).toBe(2);
    expect(ulps(f64(Number.MAX_VALUE), f64(Infinity))).toBe(1);
    expect(ulps(f64(Number.NaN), "7ff8000000000001")).toBe(0);
    expect(ulps(f64(Number.NaN), f64(Infinity))).toBe(Infinity);
    expect(ulps(f64(1), f64(2))).toBe(2 ** 52);
    expect(ulps(f32(1), f32(Math.fround(1 + 2 ** -23)))).toBe(1);
    expect(ulps(f32(-1), f32(1))).toBe(2 * 0x3f800000);
    expect(ulps(f32(Number.NaN), f32(1))).toBe(Infinity);
  });
});
