/**
 * The error function and its complement in float64 (JavaScript has no
 * Math.erf), for `erf` and the exact `gelu`.
 *
 * - |x| < 2.5: erf by the series of positive terms (Abramowitz and Stegun
 *   7.1.6) `erf(x) = 2/sqrt(pi) * exp(-x^2) * sum_n 2^n x^(2n+1) / (1*3*...*(2n+1))`,
 *   which has no cancellation, unlike the alternating Taylor series. The sum,
 *   its terms and the constant are kept in double-double arithmetic (a double
 *   and its rounding error, Dekker's algorithms), and x^2 is split exactly
 *   before `exp`, so the one rounding left of note is Math.exp's own.
 * - x >= 1 for erfc, |x| >= 2.5 for erf: erfc by its continued fraction
 *   (A&S 7.1.14) `erfc(x) = exp(-x^2)/sqrt(pi) / (x+ (1/2)/(x+ 1/(x+ (3/2)/(x+ ...))))`,
 *   evaluated backwards from a depth that reaches full precision at that x;
 *   erf is then `1 - erfc`. Below 1, erfc is `1 - erf` from the series' sum,
 *   rounded once.
 *
 * Measured against Python's `math.erf` and `math.erfc` on the points of
 * test/fixtures/erf.ts (written by scripts/erf-fixture.py); the bounds
 * test/ops/erf.test.ts holds them to are stated in the README.
 */

/** 2/sqrt(pi) as a double-double: high part and the rounding error. */
const TWO_OVER_SQRT_PI = 1.1283791670955126;
const TWO_OVER_SQRT_PI_LOW = 1.533545961316588e-17;
const ONE_OVER_SQRT_PI = 0.5641895835477563;
/** Where erf's series gives way to the continued fraction. */
const SERIES_LIMIT = 2.5;
/** Veltkamp's splitter for doubles: 2^27 + 1. */
const SPLITTER = 134217729;

// Double-double results are returned in these two (no allocation per element).
let high = 0;
let low = 0;

/** a * b exactly, as high + low (Dekker's product, without a fused multiply-add). */
function twoProduct(a: number, b: number): void {
  const p = a * b;
  let c = SPLITTER * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLITTER * b;
  const bh = c - (c - b);
  const bl = b - bh;
  high = p;
  low = ah * bh - p + ah * bl + al * bh + al * bl;
}

/** (ah + al) * (bh + bl), to double-double precision. */
function multiply(ah: number, al: number, bh: number, bl: number): void {
  twoProduct(ah, bh);
  const t = low + (ah * bl + al * bh);
  const s = high + t;
  low = t - (s - high);
  high = s;
}

/** (ah + al) / b, to double-double precision. */
function divide(ah: number, al: number, b: number): void {
  const q = ah / b;
  twoProduct(q, b);
  const r = (ah - high - low + al) / b;
  high = q + r;
  low = r - (high - q);
}

/** (ah + al) + (bh + bl), to double-double precision. */
function sum(ah: number, al: number, bh: number, bl: number): void {
  const s = ah + bh;
  const v = s - ah;
  const t = ah - (s - v) + (bh - v) + al + bl;
  high = s + t;
  low = t - (high - s);
}

/** exp(-x^2), with x^2 split exactly into high + low first: exp(-high - low) ~ exp(-high) * (1 - low). */
function expMinusSquare(x: number): number {
  twoProduct(x, x);
  return Math.exp(-high) * (1 - low);
}

/**
 * erf(x) for |x| < SERIES_LIMIT as a double-double in high/low: the series
 * of positive terms (the sign of x carries through).
 */
function erfSeries(x: number): void {
  twoProduct(x, x);
  const ratioHigh = 2 * high;
  const ratioLow = 2 * low;
  const e = Math.exp(-high);
  const eHigh = e;
  const eLow = -e * low;
  let termHigh = x;
  let termLow = 0;
  let sumHigh = x;
  let sumLow = 0;
  for (let n = 1; n < 200; n++) {
    multiply(termHigh, termLow, ratioHigh, ratioLow);
    divide(high, low, 2 * n + 1);
    termHigh = high;
    termLow = low;
    sum(sumHigh, sumLow, termHigh, termLow);
    sumHigh = high;
    sumLow = low;
    if (Math.abs(termHigh) <= Math.abs(sumHigh) * 1e-33) break;
  }
  multiply(TWO_OVER_SQRT_PI, TWO_OVER_SQRT_PI_LOW, sumHigh, sumLow);
  multiply(high, low, eHigh, eLow);
}

/** erfc by the continued fraction, for x >= 1 (deep enough for full precision from there). */
function erfcFraction(x: number): number {
  const depth = x < 1.5 ? 220 : x < 2 ? 110 : 60;
  let f = x;
  for (let k = depth; k >= 1; k--) f = x + k / 2 / f;
  if (x < 26) return (ONE_OVER_SQRT_PI * expMinusSquare(x)) / f;
  // erfc(26.55) is subnormal: computed scaled by e^64, so that only the last product rounds to the subnormal grid
  twoProduct(x, x);
  return ((ONE_OVER_SQRT_PI * Math.exp(64 - high) * (1 - low)) / f) * EXP_MINUS_64;
}

const EXP_MINUS_64 = Math.exp(-64);

/** The error function: odd, erf(±Infinity) = ±1, erf(-0) = -0, NaN stays NaN. */
export function erf(x: number): number {
  if (Number.isNaN(x) || x === 0) return x; // -0 stays -0
  const a = Math.abs(x);
  if (a < SERIES_LIMIT) {
    erfSeries(x);
    return high + low;
  }
  // past 6, erfc(x) < 2.2e-17 and 1 - erfc(x) rounds to 1
  const value = a >= 6 ? 1 : 1 - erfcFraction(a);
  return x < 0 ? -value : value;
}

/** The complementary error function 1 - erf(x), with its relative accuracy kept for large x. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x >= 1) return x > 28 ? 0 : erfcFraction(x); // erfc(27.3) already underflows to 0
  if (x <= -6) return 2; // 2 - erfc(6) rounds to 2
  if (x <= -1) return 2 - erfcFraction(-x);
  erfSeries(x);
  sum(1, 0, -high, -low);
  return high + low;
}
