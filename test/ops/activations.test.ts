/**
 * The activations and value tests: dtypes, special values, the stability of
 * softplus and logSigmoid for large |x|, argument errors, `out` and methods.
 * Random layouts and values: test/properties/activations.test.ts.
 */
import { describe, expect, it } from "vitest";
import { elu, erf, gelu, isFinite, isNaN, leakyRelu, logSigmoid, silu, softplus, tensor, zeros } from "shapecast";

/** An op with its types erased, to pass what a JavaScript caller might. */
const loose = (op: unknown) => op as (...args: unknown[]) => unknown;
const f64 = (values: number[]) => tensor(values, [values.length], { dtype: "float64" });
const SPECIALS = [Number.NaN, Infinity, -Infinity, -0, 0];
/** The values, -0 told apart from 0 (toEqual does not). */
const signed = (values: ArrayLike<number>) => Array.from(values, (v) => (Object.is(v, -0) ? "-0" : v));

describe("activations", () => {
  it("give float results as exp does, and isNaN/isFinite bool, for every dtype", () => {
    const inputs = [
      tensor([1, 2], [2], { dtype: "int32" }),
      tensor([1, 2], [2], { dtype: "uint8" }),
      tensor([true, false]),
      tensor([1, 2]),
    ];
    for (const x of inputs) {
      for (const op of [gelu, silu, softplus, leakyRelu, elu, erf, logSigmoid]) expect(loose(op)(x)).toHaveProperty("dtype", "float32");
      expect(isNaN(x).dtype).toBe("bool");
      expect(isFinite(x).dtype).toBe("bool");
    }
    const x = f64([1]);
    for (const op of [gelu, silu, softplus, leakyRelu, elu, erf, logSigmoid]) expect(loose(op)(x)).toHaveProperty("dtype", "float64");
    expect(isNaN(tensor([1, 2], [2], { dtype: "int32" })).toArray()).toEqual([false, false]);
    expect(isFinite(tensor([true])).toArray()).toEqual([true]);
  });

  it("special values: NaN, ±Infinity, -0", () => {
    const x = f64(SPECIALS);
    expect(signed(gelu(x).toTypedArray())).toEqual([Number.NaN, Infinity, "-0", "-0", 0]);
    expect(signed(gelu(x, { approximate: "tanh" }).toTypedArray())).toEqual([Number.NaN, Infinity, "-0", "-0", 0]);
    expect(signed(silu(x).toTypedArray())).toEqual([Number.NaN, Infinity, "-0", "-0", 0]);
    expect(signed(softplus(x).toTypedArray())).toEqual([Number.NaN, Infinity, 0, Math.LN2, Math.LN2]);
    expect(signed(logSigmoid(x).toTypedArray())).toEqual([Number.NaN, "-0", -Infinity, -Math.LN2, -Math.LN2]);
    expect(signed(leakyRelu(x).toTypedArray())).toEqual([Number.NaN, Infinity, -Infinity, "-0", 0]);
    expect(signed(elu(x).toTypedArray())).toEqual([Number.NaN, Infinity, -1, "-0", 0]);
    expect(signed(erf(x).toTypedArray())).toEqual([Number.NaN, 1, -1, "-0", 0]);
    expect(isNaN(x).toArray()).toEqual([true, false, false, false, false]);
    expect(isFinite(x).toArray()).toEqual([false, false, false, true, true]);
  });

  it("softplus and logSigmoid stay finite and exact for large |x|", () => {
    const x = f64([1000, -1000, 50, -50, 1e300, -1e300]);
    // log(1 + e^x) as written overflows to Infinity at x = 1000
    expect(softplus(x).toArray()).toEqual([1000, 0, 50, 1.9287498479639178e-22, 1e300, 0]);
    expect(logSigmoid(x).toArray()).toEqual([-0, -1000, -1.9287498479639178e-22, -50, -0, -1e300]);
    expect(softplus(tensor([100, -100])).toArray()).toEqual([100, Math.fround(Math.exp(-100))]);
  });

  it("gelu: exact by default, keeping its relative accuracy for negative x; the tanh approximation on request", () => {
    // Python: x * 0.5 * math.erfc(-x / math.sqrt(2)) and 0.5 * (1 + math.tanh(math.sqrt(2 / math.pi) * (1 + 0.044715)))
    const exact = gelu(f64([-10, 1])).toArray();
    // (x / sqrt(2) is rounded before erfc, in both, which amplifies the rounding about 2 (x^2 / 2) = 100 times)
    expect(Math.abs(exact[0]! / -7.619853024160593e-23 - 1)).toBeLessThan(1e-13);
    expect(1 + erf(f64([-10 / Math.SQRT2])).toArray()[0]!).toBe(0); // what 0.5 x (1 + erf(x / sqrt 2)) as written would give
    expect(exact[1]).toBeCloseTo(0.8413447460685429, 15);
    expect(gelu(f64([1]), { approximate: "tanh" }).toArray()[0]).toBeCloseTo(0.8411919906082768, 15);
    expect(gelu(f64([1]), { approximate: "none" }).toArray()).toEqual(exact.slice(1));
    expect(gelu(f64([-10]), { approximate: "tanh" }).toArray()[0]).toBeLessThan(0); // not 0: no cancellation
  });

  it("leakyRelu and elu: alpha defaults to 0.01 and 1", () => {
    expect(leakyRelu(f64([-2, 3])).toArray()).toEqual([-0.02, 3]);
    expect(leakyRelu(f64([-2, 3]), 0.5).toArray()).toEqual([-1, 3]);
    expect(elu(f64([-1, 2])).toArray()).toEqual([Math.expm1(-1), 2]);
    expect(elu(f64([-1, 2]), 2).toArray()).toEqual([2 * Math.expm1(-1), 2]);
    expect(erf(f64([0.5])).toArray()).toEqual([0.5204998778130465]); // Python's math.erf(0.5)
  });

  it("refuse bad arguments, naming them", () => {
    const x = tensor([1]);
    expect(() => loose(leakyRelu)(x, "0.1")).toThrow(new TypeError('leakyRelu: alpha must be a number, got "0.1"'));
    expect(() => leakyRelu(x, Number.NaN)).toThrow(new RangeError("leakyRelu: alpha must be a finite number, got NaN"));
    expect(() => elu(x, Infinity)).toThrow(new RangeError("elu: alpha must be a finite number, got Infinity"));
    expect(() => loose(elu)(x, { out: x })).toThrow(new TypeError("elu: alpha must be a number, got an object"));
    expect(() => loose(gelu)(x, { approximate: "tan" })).toThrow(new TypeError('gelu: approximate must be "none" or "tanh", got "tan"'));
    expect(() => loose(gelu)(x, { approximate: true })).toThrow(new TypeError('gelu: approximate must be "none" or "tanh", got boolean true'));
    expect(() => loose(gelu)(x, { aproximate: "tanh" })).toThrow(new TypeError('gelu: options field "aproximate" is not known (approximate, out)'));
    expect(() => loose(gelu)(x, "tanh")).toThrow(new TypeError('gelu: options must be an object such as { approximate: "tanh" }, got "tanh"'));
    expect(() => loose(gelu)([1])).toThrow(TypeError);
    expect(() => loose(silu)(x, { mode: "numpy" })).toThrow(new TypeError("silu: the only option is out"));
    expect(() => isNaN(x, { out: zeros([1]) })).toThrow(new TypeError("isNaN: out has dtype float32 but the result is bool"));
  });

  it("write into out, in place too, and are methods", () => {
    const x = tensor([-1, 0, 2]);
    const out = zeros([3]);
    expect(gelu(x, { approximate: "tanh", out })).toBe(out);
    expect(out.toArray()).toEqual(x.gelu({ approximate: "tanh" }).toArray());
    expect(leakyRelu(x, 0.5, { out })).toBe(out);
    expect(out.toArray()).toEqual([-0.5, 0, 2]);
    const y = tensor([-1, 2]);
    expect(y.elu(1, { out: y })).toBe(y);
    expect(y.toArray()).toEqual([Math.fround(Math.expm1(-1)), 2]);
    expect(x.leakyRelu().toArray()).toEqual([Math.fround(-0.01), 0, 2]);
    expect(x.isFinite().toArray()).toEqual([true, true, true]);
    expect(x.silu().toArray()).toEqual(silu(x).toArray());
  });
});
