/**
 * Properties: the activations and value tests compute, over random shapes,
 * layouts (axes permuted, stepped, reversed, broadcast with stride 0, offset
 * into a larger buffer) and dtypes, what a naive reference written here
 * computes. erf and the exact gelu are held to Python's `math.erf` and
 * `math.erfc` instead (test/fixtures/erf.ts, scripts/erf-fixture.py), so
 * their values are drawn from the fixture's points.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { erfFixture } from "../fixtures/erf.js";
import * as ops from "../../src/ops/elementwise.js";
import { Tensor } from "../../src/tensor.js";
import { floatDType } from "../fuzz/support/dtypes.js";
import { type DType, element, indices } from "../support/reference.js";
import { viewOf } from "../support/random-view.js";

const DTYPES: DType[] = ["float32", "float64", "int32", "uint8", "bool"];

interface Fixture {
  readonly x: readonly number[];
  readonly erf: readonly number[];
  readonly gelu: readonly number[];
}
const fixture: Fixture = erfFixture;
const pythonErf = new Map(fixture.x.map((x, i) => [x, fixture.erf[i]!]));
const pythonGelu = new Map(fixture.x.map((x, i) => [x, fixture.gelu[i]!]));
/** Special values, with their limits where a formula would give NaN. */
const SPECIALS = [Number.NaN, Infinity, -Infinity, -0, 0];

/** A value Python gave for x, or the function's value at a special x. */
function fromPython(table: ReadonlyMap<number, number>, x: number, specials: (x: number) => number): number {
  if (!Number.isFinite(x) || Object.is(x, -0)) return specials(x);
  const value = table.get(x);
  if (value === undefined) throw new Error(`no reference value for ${x}`);
  return value;
}

/** Values each dtype can hold, from the fixture's points (exact in float32) and the special values. */
const pool: Record<DType, number[]> = {
  float64: [...fixture.x.filter((x) => Math.fround(x) === x), ...SPECIALS],
  float32: [...fixture.x.filter((x) => Math.fround(x) === x), ...SPECIALS],
  int32: fixture.x.filter((x) => Number.isInteger(x) && Math.abs(x) < 2 ** 31),
  uint8: fixture.x.filter((x) => Number.isInteger(x) && x >= 0 && x < 256),
  bool: [0, 1],
};

/** A tensor of `shape` and `dtype` laid out at random inside a larger buffer, its values drawn from `pool`. */
const tensorOf = (shape: readonly number[], dtype: DType) =>
  viewOf(shape, dtype, fc.array(fc.constantFrom(...pool[dtype]), { minLength: 64, maxLength: 64 }));

// The naive references: the formulas as written, split only where one would overflow or cancel.

/** log(1 + e^x): the formula for x > -1, the series of log(1 + y) in y = e^x below (y < 0.37), x itself past exp's overflow. */
function softplusReference(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x >= 709) return x;
  if (x > -1) return Math.log(1 + Math.exp(x));
  const y = Math.exp(x);
  let sum = 0;
  for (let n = 60; n >= 1; n--) sum = y / n - y * sum; // y - y^2/2 + y^3/3 - ..., by Horner
  return sum;
}

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);
/** 0.5 x (1 + tanh(u)); once tanh nears -1 and 1 + tanh(u) cancels, its equal x e^(2u) / (1 + e^(2u)). */
function geluTanhReference(x: number): number {
  if (x === -Infinity) return -0;
  const u = SQRT_2_OVER_PI * (x + 0.044715 * x ** 3);
  if (u > -3 || Number.isNaN(u)) return 0.5 * x * (1 + Math.tanh(u));
  const e = Math.exp(2 * u);
  return (x * e) / (1 + e);
}

interface Case {
  readonly call: (x: Tensor, alpha: number) => Tensor;
  readonly reference: (x: number, alpha: number) => number;
  readonly dtype: (d: DType) => DType;
  /** The largest relative difference allowed in float64 (float32 results: half an ulp of float32 beyond it). */
  readonly tolerance: number;
}

const cases: Record<string, Case> = {
  gelu: {
    call: (x) => ops.gelu(x),
    reference: (x) => fromPython(pythonGelu, x, (v) => (v === -Infinity ? -0 : v)),
    dtype: floatDType,
    tolerance: 1e-12, // x / sqrt(2) rounds before erfc, which amplifies it by up to 2 x^2 / 2
  },
  geluTanh: { call: (x) => ops.gelu(x, { approximate: "tanh" }), reference: geluTanhReference, dtype: floatDType, tolerance: 1e-13 },
  silu: { call: (x) => ops.silu(x), reference: (x) => (x === -Infinity ? -0 : x / (1 + Math.exp(-x))), dtype: floatDType, tolerance: 1e-15 },
  softplus: { call: (x) => ops.softplus(x), reference: softplusReference, dtype: floatDType, tolerance: 1e-14 },
  logSigmoid: { call: (x) => ops.logSigmoid(x), reference: (x) => -softplusReference(-x), dtype: floatDType, tolerance: 1e-14 },
  leakyRelu: { call: (x, alpha) => ops.leakyRelu(x, alpha), reference: (x, alpha) => (x < 0 ? x * alpha : x), dtype: floatDType, tolerance: 0 },
  elu: { call: (x, alpha) => ops.elu(x, alpha), reference: (x, alpha) => (x > 0 ? x : alpha * Math.expm1(x)), dtype: floatDType, tolerance: 0 },
  erf: {
    call: (x) => ops.erf(x),
    reference: (x) => fromPython(pythonErf, x, (v) => (Number.isNaN(v) ? v : v === 0 ? v : Math.sign(v))),
    dtype: floatDType,
    tolerance: 2.3e-16, // 1 ulp
  },
  isNaN: { call: (x) => ops.isNaN(x), reference: (x) => (x !== x ? 1 : 0), dtype: () => "bool", tolerance: 0 },
  isFinite: { call: (x) => ops.isFinite(x), reference: (x) => (x - x === 0 ? 1 : 0), dtype: () => "bool", tolerance: 0 },
};

/** Is `actual` the reference value `expected`, within the tolerance (zeros and infinities exactly, signs included)? */
function close(actual: number, expected: number, dtype: DType, tolerance: number): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (expected === 0 || !Number.isFinite(expected)) return Object.is(actual, dtype === "float32" ? Math.fround(expected) : expected);
  const allowed = tolerance * Math.abs(expected) + (dtype === "float32" ? 2 ** -24 * Math.abs(expected) + 2 ** -150 : 0);
  return Math.abs(actual - expected) <= allowed;
}

const dim = fc.integer({ min: 1, max: 4 });

describe("activations: engine = naive reference", () => {
  for (const [name, { call, reference, dtype, tolerance }] of Object.entries(cases)) {
    it(`${name} over random shapes, layouts, dtypes and special values`, () => {
      fc.assert(
        fc.property(
          fc.array(dim, { maxLength: 4 }).chain((shape) => fc.constantFrom(...DTYPES).chain((d) => tensorOf(shape, d))),
          fc.double({ min: -3, max: 3, noNaN: true }),
          (x, alpha) => {
            const result = call(x, alpha);
            expect(result.shape).toEqual(x.shape);
            expect(result.dtype).toBe(dtype(x.dtype));
            const actual = result.toTypedArray();
            let k = 0;
            for (const at of indices(x.shape)) {
              const input = element(x, at);
              const expected = reference(x.dtype === "int32" && result.dtype === "float32" ? Math.fround(input) : input, alpha);
              const value = actual[k++]!;
              if (!close(value, expected, result.dtype as DType, tolerance)) {
                throw new Error(`${name}(${input}) in ${x.dtype}: got ${value}, expected ${expected}`);
              }
            }
          },
        ),
        { seed: 11, numRuns: 300 },
      );
    });
  }
});
