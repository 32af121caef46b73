/**
 * The float64 `exp` and `log` the SIMD kernels share (scripts/wat/reduce.ts's
 * softmax, scripts/wat/elementwise.ts's float32 exp, sigmoid and log):
 * WebAssembly has no vector exp or log, so each writes these sequences into
 * its function.
 *
 * exp:
 * In place on an f64x2 local `$<prefix>t`, with the locals `$<prefix>k`,
 * `$<prefix>kd`, `$<prefix>r`, `$<prefix>r2`, `$<prefix>r4` (v128) as
 * scratch: the argument is clamped to at least -120, and at most a ceiling
 * when asked (NaN passes: `pmax` and `pmin` keep their first operand when a
 * comparison with NaN fails), k = t /
 * ln 2 rounded to an integer (by adding 1.5 * 2^52, whose last bits then hold
 * k), r = t - k ln 2 (ln 2 in two parts), exp(r) by its Taylor polynomial of
 * degree 11 (by Estrin's scheme), times 2^k written into the exponent bits
 * (k + 1023 from the rounded sum's bits). Within a few dozen float64 ulps of
 * the exact value, so a float32 result is the correctly rounded one except
 * where the exact value lies within that of a float32 rounding boundary (a few
 * in ten million), then one float32 ulp from `Math.exp`'s. The clamps change
 * no float32 result: below -120 exp is under 2^-170 (float32 rounds it to 0
 * as it does the exact value), above 100 (EXP_CEILING) over 2^144 (float32
 * overflows to Infinity either way).
 */

/** Bytes 8..15 of a vector moved to 0..7: its upper half, to promote or convert as the lower one. */
export const HIGH = "i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15";

/**
 * A float64 constant in both lanes (WebAssembly text spells the infinities and NaN inf, -inf,
 * nan; and -0 must be written so: `String(-0)` is "0").
 */
export const f64x2 = (value: number): string => {
  const text = Number.isNaN(value) ? "nan" : value === Infinity ? "inf" : value === -Infinity ? "-inf" : Object.is(value, -0) ? "-0" : String(value);
  return `(v128.const f64x2 ${text} ${text})`;
};
/** ln 2 split: the high part has 21 significant bits, so k * LN2_HI is exact for the k used here. */
const LN2_HI = 6.93147180369123816490e-1;
const LN2_LO = 1.90821492927058770002e-10;
/** Arguments below this give exp below 2^-170, which float32 rounds to 0 as it rounds the exact value. */
const EXP_FLOOR = -120;
/** Arguments above this give exp above 2^144, which float32 rounds to Infinity as it rounds the exact value. */
export const EXP_CEILING = 100;
/** Terms of exp's Taylor polynomial: degree 11 leaves out less than 7e-15 relative for |r| <= ln 2 / 2. */
const EXP_TERMS = 12;
/** 1.5 * 2^52: added to t / ln 2, the sum's last bits hold t / ln 2 rounded to an integer. */
const ROUNDER = 1.5 * 2 ** 52;

/**
 * The exp sequence on `$<prefix>t`, one instruction a line after `pad`;
 * `ceiling`, where arguments may be positive: clamp from above too, at most
 * 700 (exp(700) is still a finite float64, its 2^k still a normal one).
 */
export function expInPlace(prefix: string, pad: string, ceiling?: number): string {
  const v = (name: string): string => `(local.get $${prefix}${name})`;
  let factorial = 1;
  const coefficients = Array.from({ length: EXP_TERMS }, (_, i) => {
    if (i > 0) factorial *= i;
    return 1 / factorial;
  });
  // Estrin's scheme (pairs, then pairs of pairs by r^2, r^4, r^8): a short chain of dependent
  // instructions where Horner's would make every vector wait for 22 in a row
  const mulAdd = (a: string, x: string, b: string): string => `(f64x2.add ${a} (f64x2.mul ${x} ${b}))`;
  const pairs = Array.from({ length: EXP_TERMS / 2 }, (_, i) => mulAdd(f64x2(coefficients[2 * i]!), v("r"), f64x2(coefficients[2 * i + 1]!)));
  const quads = [0, 1, 2].map((i) => mulAdd(pairs[2 * i]!, v("r2"), pairs[2 * i + 1]!));
  const poly = mulAdd(mulAdd(quads[0]!, v("r4"), quads[1]!), `(f64x2.mul ${v("r4")} ${v("r4")})`, quads[2]!);
  const set = (name: string, value: string): string => `(local.set $${prefix}${name} ${value})`;
  return [
    set("t", `(f64x2.pmax ${v("t")} ${f64x2(EXP_FLOOR)})`),
    ...(ceiling !== undefined ? [set("t", `(f64x2.pmin ${v("t")} ${f64x2(Math.min(ceiling, 700))})`)] : []),
    set("kd", `(f64x2.add (f64x2.mul ${v("t")} ${f64x2(Math.LOG2E)}) ${f64x2(ROUNDER)})`),
    set("k", `(f64x2.sub ${v("kd")} ${f64x2(ROUNDER)})`),
    set("r", `(f64x2.sub (f64x2.sub ${v("t")} (f64x2.mul ${v("k")} ${f64x2(LN2_HI)})) (f64x2.mul ${v("k")} ${f64x2(LN2_LO)}))`),
    set("r2", `(f64x2.mul ${v("r")} ${v("r")})`),
    set("r4", `(f64x2.mul ${v("r2")} ${v("r2")})`),
    `(local.set $${prefix}t (f64x2.mul ${poly}`,
    `  (i64x2.shl (i64x2.add ${v("kd")} (v128.const i64x2 1023 1023)) (i32.const 52))))`,
  ]
    .map((line) => pad + line)
    .join("\n");
}

/** Terms of the series of log(1 + f) = 2 atanh(s), s = f / (2 + f): 2s (1 + s^2/3 + ... + s^20/21), less than 1e-17 relative left out for |s| <= 0.1716. */
const LOG_TERMS = 11;

/**
 * log, in place on the f64x2 local `$<prefix>t` (a float32 value promoted:
 * every positive one is a normal float64), with `$<prefix>k`, `$<prefix>r`,
 * `$<prefix>r2` as scratch: t = m 2^e with m in [sqrt(2)/2, sqrt(2)) from the
 * exponent bits, f = m - 1 (exact), log(1 + f) = 2 atanh(f / (2 + f)) by its
 * series (Horner), plus e ln 2 (ln 2 in two parts). A few float64 ulps from
 * the exact value, so within one float32 ulp of `Math.log`'s rounded result.
 * 0 and -0 give -Infinity, a negative or NaN argument NaN, +Infinity itself.
 */
export function logInPlace(prefix: string, pad: string): string {
  const v = (name: string): string => `(local.get $${prefix}${name})`;
  const set = (name: string, value: string): string => `(local.set $${prefix}${name} ${value})`;
  const series = Array.from({ length: LOG_TERMS }, (_, k) => 1 / (2 * k + 1))
    .reverse()
    .reduce((poly, c, i) => (i === 0 ? f64x2(c) : `(f64x2.add (f64x2.mul ${poly} ${v("r2")}) ${f64x2(c)})`), "");
  return [
    // $k: the argument, kept for the special cases; $r: m, then f, then s
    set("k", v("t")),
    set("r", `(v128.or (v128.and ${v("t")} (v128.const i64x2 0x000fffffffffffff 0x000fffffffffffff)) (v128.const i64x2 0x3ff0000000000000 0x3ff0000000000000))`),
    // e as two i32 in the low lanes: the exponent bits less 1023, one more where m is halved
    set("t", `(i8x16.shuffle 0 1 2 3 8 9 10 11 0 1 2 3 8 9 10 11 (i64x2.sub (i64x2.shr_u ${v("t")} (i32.const 52)) (v128.const i64x2 1023 1023)) ${v("t")})`),
    set("r2", `(f64x2.gt ${v("r")} ${f64x2(Math.SQRT2)})`),
    set("r", `(v128.bitselect (f64x2.mul ${v("r")} ${f64x2(0.5)}) ${v("r")} ${v("r2")})`),
    set("t", `(f64x2.convert_low_i32x4_s (i32x4.sub ${v("t")} (i8x16.shuffle 0 1 2 3 8 9 10 11 0 1 2 3 8 9 10 11 ${v("r2")} ${v("r2")})))`),
    set("r", `(f64x2.sub ${v("r")} ${f64x2(1)})`),
    set("r", `(f64x2.div ${v("r")} (f64x2.add ${f64x2(2)} ${v("r")}))`),
    set("r2", `(f64x2.mul ${v("r")} ${v("r")})`),
    // e ln 2 + 2 s series(s^2), the small parts first
    set("t", `(f64x2.add (f64x2.mul ${v("t")} ${f64x2(LN2_HI)}) (f64x2.add (f64x2.mul ${v("t")} ${f64x2(LN2_LO)}) (f64x2.mul (f64x2.add ${v("r")} ${v("r")}) ${series})))`),
    // log(±0) = -Infinity, log(negative or NaN) = NaN, log(Infinity) = Infinity
    set("t", `(v128.bitselect ${f64x2(-Infinity)} ${v("t")} (f64x2.eq ${v("k")} ${f64x2(0)}))`),
    set("t", `(v128.bitselect ${f64x2(Infinity)} ${v("t")} (f64x2.eq ${v("k")} ${f64x2(Infinity)}))`),
    set("t", `(v128.bitselect ${f64x2(NaN)} ${v("t")} (v128.or (f64x2.lt ${v("k")} ${f64x2(0)}) (f64x2.ne ${v("k")} ${v("k")})))`),
  ]
    .map((line) => pad + line)
    .join("\n");
}
