/**
 * erf and erfc (src/kernels/erf.ts) against Python's `math.erf` and
 * `math.erfc`: test/fixtures/erf.ts, written by scripts/erf-fixture.py
 * (the test reads the file and needs no Python). The distance is counted in
 * units in the last place: how many doubles lie between the two values.
 */
import { describe, expect, it } from "vitest";
import { erfFixture } from "../fixtures/erf.js";
import { erf, erfc } from "../../src/kernels/erf.js";

interface Fixture {
  readonly generator: string;
  readonly x: readonly number[];
  readonly erf: readonly number[];
  readonly erfc: readonly number[];
}
const fixture: Fixture = erfFixture;

/** Doubles ordered as integers: adjacent doubles differ by 1, and -0 and +0 both map to 0. */
const ordered = (x: number): bigint => {
  const bits = new BigInt64Array(new Float64Array([x]).buffer)[0]!;
  return bits < 0n ? -(bits & 0x7fffffffffffffffn) : bits;
};
const ulps = (a: number, b: number): number => Number(ordered(a) > ordered(b) ? ordered(a) - ordered(b) : ordered(b) - ordered(a));

/** The largest distance in ulps over the fixture, and where. */
function worst(fn: (x: number) => number, expected: readonly number[]): { ulps: number; at: number } {
  let result = { ulps: 0, at: Number.NaN };
  fixture.x.forEach((x, i) => {
    const d = ulps(fn(x), expected[i]!);
    if (d > result.ulps) result = { ulps: d, at: x };
  });
  return result;
}

describe("erf and erfc against Python's math module", () => {
  it("the fixture covers both signs, the switch between methods, subnormals and erfc's underflow", () => {
    expect(fixture.generator).toBe("scripts/erf-fixture.py");
    expect(fixture.x.length).toBeGreaterThan(2000);
    expect(fixture.x.some((x) => x < -6)).toBe(true);
    expect(fixture.x.some((x) => x > 2.4 && x < 2.5) && fixture.x.some((x) => x > 2.5 && x < 2.6)).toBe(true);
    expect(fixture.x.some((x) => x !== 0 && Math.abs(x) < 2.2250738585072014e-308)).toBe(true);
    expect(fixture.erfc.some((y, i) => y === 0 && fixture.x[i]! < 28)).toBe(true);
  });

  it("erf is within 1 ulp everywhere", () => {
    expect(worst(erf, fixture.erf).ulps).toBeLessThanOrEqual(1);
  });

  it("erfc is within 4 ulps everywhere, its tail and subnormals included", () => {
    expect(worst(erfc, fixture.erfc).ulps).toBeLessThanOrEqual(4);
  });

  it("special values", () => {
    expect(erf(Number.NaN)).toBeNaN();
    expect(erfc(Number.NaN)).toBeNaN();
    expect(Object.is(erf(-0), -0)).toBe(true);
    expect(Object.is(erf(0), 0)).toBe(true);
    expect(erf(Infinity)).toBe(1);
    expect(erf(-Infinity)).toBe(-1);
    expect(erfc(Infinity)).toBe(0);
    expect(erfc(-Infinity)).toBe(2);
    expect(erfc(0)).toBe(1);
    expect(erf(5e-324)).toBe(5e-324); // 2/sqrt(pi) * the smallest subnormal rounds back to it
    expect(erf(1e300)).toBe(1);
    expect(erfc(1e300)).toBe(0);
    expect(erf(-1e-300)).toBe(-1.1283791670955126e-300);
  });

  it("is odd, and erf + erfc = 1", () => {
    for (const x of fixture.x) {
      expect(erf(-x)).toBe(-erf(x));
      if (Math.abs(x) < 4) expect(Math.abs(erf(x) + erfc(x) - 1)).toBeLessThanOrEqual(4 * Number.EPSILON);
    }
  });
});
