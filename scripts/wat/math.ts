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
/** The low 32 bits of the first operand's two i64 lanes, in i32 lanes 0 and 1 (small integers or masks, for `f64x2.convert_low_i32x4_s` or i32x4 arithmetic). */
const LOW_WORDS = "i8x16.shuffle 0 1 2 3 8 9 10 11 0 1 2 3 8 9 10 11";

/**
 * A float64 constant in both lanes (WebAssembly text spells the infinities and NaN inf, -inf,
 * nan; and -0 must be written so: `String(-0)` is "0").
 */
export const f64x2 = (value: number): string => {
  const text = Number.isNaN(value) ? "nan" : value === Infinity ? "inf" : value === -Infinity ? "-inf" : Object.is(value, -0) ? "-0" : String(value);
  return `(v128.const f64x2 ${text} ${text})`;
};
/** The mask of the lanes of the f64x2 `y` that hold an odd integer (the C code's yisint = 1; from 2^53 on every double is even). */
export const oddInteger = (y: string): string => `(v128.and (f64x2.eq ${y} (f64x2.trunc ${y})) (f64x2.ne (f64x2.trunc (f64x2.mul ${y} ${f64x2(0.5)})) (f64x2.mul ${y} ${f64x2(0.5)})))`;
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
    set("t", `(${LOW_WORDS} (i64x2.sub (i64x2.shr_u ${v("t")} (i32.const 52)) (v128.const i64x2 1023 1023)) ${v("t")})`),
    set("r2", `(f64x2.gt ${v("r")} ${f64x2(Math.SQRT2)})`),
    set("r", `(v128.bitselect (f64x2.mul ${v("r")} ${f64x2(0.5)}) ${v("r")} ${v("r2")})`),
    set("t", `(f64x2.convert_low_i32x4_s (i32x4.sub ${v("t")} (${LOW_WORDS} ${v("r2")} ${v("r2")})))`),
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

/**
 * The float64 exp, log, expm1 and log1p whose results are V8's `Math.exp`, `Math.log`,
 * `Math.expm1` and `Math.log1p` bit for bit: the algorithms of fdlibm's e_exp.c, e_log.c,
 * s_expm1.c and s_log1p.c (which V8 runs for those functions), with
 * fdlibm's published constants, in the same order of operations; each branch of the C code is
 * computed for both lanes and selected, and where the branches only differ by a zero term
 * (k = 0) one form serves both, which gives the same bits. Both are within one float64 ulp of
 * the exact value (fdlibm's bound), so within one ulp of any engine whose `Math.exp` is
 * faithfully rounded too. The float64 kernels of exp, log, sigmoid, silu, gelu's tanh
 * approximation, softplus, logSigmoid, elu and tanh (s_tanh.c's, from expm1) use them, and
 * compute what their JavaScript computes around them.
 *
 * Both work in place on `$<prefix>t`, with the v128 locals EXACT_SCRATCH (prefixed) as scratch.
 */
export const EXACT_SCRATCH = ["x", "m", "h", "l", "c", "k", "r", "s", "z", "w", "y", "q"] as const;

/** Reading and setting the v128 locals `$<prefix><name>`. */
const accessors = (prefix: string) => ({
  v: (name: string): string => `(local.get $${prefix}${name})`,
  set: (name: string, value: string): string => `(local.set $${prefix}${name} ${value})`,
});
/** c0 + x (c1 + x (c2 + ...)), the C code's Horner chain. */
const horner = (terms: readonly number[], x: string): string =>
  terms
    .slice(0, -1)
    .reverse()
    .reduce((inner, c) => `(f64x2.add ${f64x2(c)} (f64x2.mul ${x} ${inner}))`, f64x2(terms[terms.length - 1]!));

/** The float64 whose bits are `bits`. */
const fromBits = (bits: bigint): number => new Float64Array(new BigUint64Array([bits]).buffer)[0]!;
/** An i64 constant in both lanes. */
const i64x2 = (value: number | string): string => `(v128.const i64x2 ${value} ${value})`;

/** e_exp.c's polynomial of r^2 for r c / (2 - c), and its thresholds. */
const EXP_P = [1.66666666666666019037e-1, -2.77777777770155933842e-3, 6.61375632143793436117e-5, -1.65339022054652515390e-6, 4.13813679705723846039e-8];
const EXP_OVERFLOW = 7.09782712893383973096e2;
const EXP_UNDERFLOW = -7.4513321910194110842e2;
/** From this |x| on (high word above 0x3fd62e42) the argument is reduced by k ln 2; below, k = 0. */
const EXP_REDUCE_FROM = fromBits(0x3fd62e4300000000n);
/** 1 / ln 2 as e_exp.c rounds it. */
const INV_LN2 = 1.442695040888963387;

/** 2^v for integral float64 lanes v in [-1022, 1023]: the exponent bits from v + 1023 (v's bits after adding 1.5 * 2^52). */
const power2 = (v: string): string => `(i64x2.shl (i64x2.add (f64x2.add ${v} ${f64x2(ROUNDER)}) ${i64x2(1023)}) (i32.const 52))`;

/**
 * The reduction e_exp.c and s_expm1.c share: $x keeps the argument; $t, clamped to [floor, 710]
 * (so that k stays an exponent; the results out there are replaced at the end); $k = t / ln 2
 * rounded half away from 0 where |t| > ln 2 / 2, else 0; $h = t - k ln2_hi (exact), $l =
 * k ln2_lo, $r = h - l.
 */
function reduceByLn2(v: (name: string) => string, set: (name: string, value: string) => string, floor: number): string[] {
  const sign = i64x2("0x8000000000000000");
  return [
    set("x", v("t")),
    set("t", `(f64x2.pmin (f64x2.pmax ${v("t")} ${f64x2(floor)}) ${f64x2(710)})`),
    set("k", `(v128.and (f64x2.trunc (f64x2.add (f64x2.mul ${v("t")} ${f64x2(INV_LN2)}) (v128.or (v128.and ${v("t")} ${sign}) ${f64x2(0.5)}))) (f64x2.ge (f64x2.abs ${v("t")}) ${f64x2(EXP_REDUCE_FROM)}))`),
    set("h", `(f64x2.sub ${v("t")} (f64x2.mul ${v("k")} ${f64x2(LN2_HI)}))`),
    set("l", `(f64x2.mul ${v("k")} ${f64x2(LN2_LO)})`),
    set("r", `(f64x2.sub ${v("h")} ${v("l")})`),
  ];
}

/**
 * e_exp.c's exp: x = k ln 2 + r (k = x / ln 2 rounded half away from 0 where |x| > ln 2 / 2,
 * else 0; r = hi - lo, ln 2 in two parts), exp(r) = 1 - ((lo - r c / (2 - c)) - hi) with
 * c = r - r^2 P(r^2), times 2^k in two exact halves (a subnormal result rounds once, as the C
 * code's); 1 + x below |x| = 2^-28; Infinity above 709.78, 0 below -745.13, NaN for NaN; and
 * Math.E at 1, as V8 has it (the algorithm's result there is one ulp above).
 */
export function expExactInPlace(prefix: string, pad: string): string {
  const { v, set } = accessors(prefix);
  const poly = horner(EXP_P, v("s"));
  return [
    ...reduceByLn2(v, set, -746),
    set("s", `(f64x2.mul ${v("r")} ${v("r")})`),
    set("c", `(f64x2.sub ${v("r")} (f64x2.mul ${v("s")} ${poly}))`),
    set("t", `(f64x2.sub ${f64x2(1)} (f64x2.sub (f64x2.sub ${v("l")} (f64x2.div (f64x2.mul ${v("r")} ${v("c")}) (f64x2.sub ${f64x2(2)} ${v("c")}))) ${v("h")}))`),
    set("t", `(v128.bitselect (f64x2.add ${f64x2(1)} ${v("x")}) ${v("t")} (f64x2.lt (f64x2.abs ${v("x")}) ${f64x2(2 ** -28)}))`),
    // 2^k as 2^floor(k/2) 2^(k - floor(k/2)): both normal for every k here
    set("h", `(f64x2.floor (f64x2.mul ${v("k")} ${f64x2(0.5)}))`),
    set("t", `(f64x2.mul (f64x2.mul ${v("t")} ${power2(v("h"))}) ${power2(`(f64x2.sub ${v("k")} ${v("h")})`)})`),
    set("t", `(v128.bitselect ${f64x2(Infinity)} ${v("t")} (f64x2.gt ${v("x")} ${f64x2(EXP_OVERFLOW)}))`),
    set("t", `(v128.bitselect ${f64x2(0)} ${v("t")} (f64x2.lt ${v("x")} ${f64x2(EXP_UNDERFLOW)}))`),
    set("t", `(v128.bitselect ${v("x")} ${v("t")} (f64x2.ne ${v("x")} ${v("x")}))`),
    // V8 returns Math.E for exp(1), where the algorithm gives one ulp more
    set("t", `(v128.bitselect ${f64x2(Math.E)} ${v("t")} (f64x2.eq ${v("x")} ${f64x2(1)}))`),
  ]
    .map((line) => pad + line)
    .join("\n");
}

/** e_log.c's polynomial of s^2 for log(1 + f) = 2 atanh(s), s = f / (2 + f), split in odd and even terms. */
const LG = [6.666666666666735130e-1, 3.999999999940941908e-1, 2.857142874366239149e-1, 2.222219843214978396e-1, 1.818357216161805012e-1, 1.531383769920937332e-1, 1.479819860511658591e-1];

/**
 * e_log.c's log: x = 2^k (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)) (subnormals scaled by 2^54
 * first), from the high word's bits; log(1 + f) by the polynomial in s = f / (2 + f), written
 * as one of the C code's two forms by where f lies, or by f - f^2 (1/2 - f/3) where |f| < 2^-20;
 * plus k ln 2 in two parts. -Infinity at ±0, NaN below 0 and for NaN, Infinity at Infinity.
 */
export function logExactInPlace(prefix: string, pad: string): string {
  const { v, set } = accessors(prefix);
  const khi = `(f64x2.mul ${v("k")} ${f64x2(LN2_HI)})`;
  const klo = `(f64x2.mul ${v("k")} ${f64x2(LN2_LO)})`;
  return [
    set("x", v("t")),
    set("m", `(f64x2.lt ${v("t")} ${f64x2(2 ** -1022)})`),
    set("t", `(v128.bitselect (f64x2.mul ${v("t")} ${f64x2(2 ** 54)}) ${v("t")} ${v("m")})`),
    // $h: the high word; $l: its fraction bits; $c: 0x100000 where the fraction is halved (1 + f >= sqrt(2))
    set("h", `(i64x2.shr_u ${v("t")} (i32.const 32))`),
    set("l", `(v128.and ${v("h")} ${i64x2("0xfffff")})`),
    set("c", `(v128.and (i64x2.add ${v("l")} ${i64x2("0x95f64")}) ${i64x2("0x100000")})`),
    // k: the exponent less 1023, one more where halved, 54 less for a subnormal
    set(
      "k",
      `(f64x2.add (f64x2.convert_low_i32x4_s (${LOW_WORDS} (i64x2.add (i64x2.sub (i64x2.shr_u ${v("h")} (i32.const 20)) ${i64x2(1023)}) (i64x2.shr_u ${v("c")} (i32.const 20))) ${v("h")})) (v128.and ${f64x2(-54)} ${v("m")}))`,
    ),
    // f = (1 + f) - 1, 1 + f having the argument's fraction and exponent 0 or -1
    set("r", `(f64x2.sub (v128.or (v128.and ${v("t")} ${i64x2("0x000fffffffffffff")}) (i64x2.shl (v128.xor ${v("c")} ${i64x2("0x3ff00000")}) (i32.const 32))) ${f64x2(1)})`),
    // $m: |f| < 2^-20; $c: the first of the two forms
    set("m", `(i64x2.lt_s (v128.and (i64x2.add ${v("l")} ${i64x2(2)}) ${i64x2("0xfffff")}) ${i64x2(3)})`),
    set("c", `(i64x2.gt_s (v128.or (i64x2.sub ${v("l")} ${i64x2("0x6147a")}) (i64x2.sub ${i64x2("0x6b851")} ${v("l")})) ${i64x2(0)})`),
    set("s", `(f64x2.div ${v("r")} (f64x2.add ${f64x2(2)} ${v("r")}))`),
    set("z", `(f64x2.mul ${v("s")} ${v("s")})`),
    set("w", `(f64x2.mul ${v("z")} ${v("z")})`),
    // R = z (Lg1 + w (Lg3 + ...)) + w (Lg2 + w (Lg4 + w Lg6)); $l: f^2 / 2
    set("h", `(f64x2.add (f64x2.mul ${v("z")} ${horner([LG[0]!, LG[2]!, LG[4]!, LG[6]!], v("w"))}) (f64x2.mul ${v("w")} ${horner([LG[1]!, LG[3]!, LG[5]!], v("w"))}))`),
    set("l", `(f64x2.mul (f64x2.mul ${f64x2(0.5)} ${v("r")}) ${v("r")})`),
    set("z", `(f64x2.sub ${khi} (f64x2.sub (f64x2.sub ${v("l")} (f64x2.add (f64x2.mul ${v("s")} (f64x2.add ${v("l")} ${v("h")})) ${klo})) ${v("r")}))`),
    set("w", `(f64x2.sub ${khi} (f64x2.sub (f64x2.sub (f64x2.mul ${v("s")} (f64x2.sub ${v("r")} ${v("h")})) ${klo}) ${v("r")}))`),
    set("t", `(v128.bitselect ${v("z")} ${v("w")} ${v("c")})`),
    // |f| < 2^-20: k ln 2 where f = 0, else k ln 2 + f - f^2 (1/2 - f/3)
    set("h", `(f64x2.mul (f64x2.mul ${v("r")} ${v("r")}) (f64x2.sub ${f64x2(0.5)} (f64x2.mul ${f64x2(0.33333333333333333)} ${v("r")})))`),
    set("h", `(f64x2.sub ${khi} (f64x2.sub (f64x2.sub ${v("h")} ${klo}) ${v("r")}))`),
    set("h", `(v128.bitselect (f64x2.add ${khi} ${klo}) ${v("h")} (f64x2.eq ${v("r")} ${f64x2(0)}))`),
    set("t", `(v128.bitselect ${v("h")} ${v("t")} ${v("m")})`),
    set("t", `(v128.bitselect ${f64x2(-Infinity)} ${v("t")} (f64x2.eq ${v("x")} ${f64x2(0)}))`),
    set("t", `(v128.bitselect ${f64x2(Infinity)} ${v("t")} (f64x2.eq ${v("x")} ${f64x2(Infinity)}))`),
    set("t", `(v128.bitselect ${f64x2(NaN)} ${v("t")} (v128.or (f64x2.lt ${v("x")} ${f64x2(0)}) (f64x2.ne ${v("x")} ${v("x")})))`),
  ]
    .map((line) => pad + line)
    .join("\n");
}

/** s_expm1.c's polynomial of r^2 / 2 (r1 = 1 + hxs Q(hxs)), and the |x| from which expm1 is -1 below 0. */
const EXPM1_Q = [-3.33333333333331316428e-2, 1.58730158725481460165e-3, -7.93650757867487942473e-5, 4.00821782732936239552e-6, -2.01099218183624371326e-7];
const EXPM1_SATURATES = fromBits(0x4043687a00000000n);

/**
 * s_expm1.c's expm1: x = k ln 2 + r as exp's reduction (with c, what r = hi - lo lost), then
 * e from the rational approximation of r, and the C code's form of the result by k (0, -1, 1 on
 * both sides of r = -1/4, at most -2 or above 56, 2..19, 20..56), each computed and selected;
 * x below |x| = 2^-54; -1 from -38.8 down, Infinity above 709.78, NaN for NaN.
 */
export function expm1ExactInPlace(prefix: string, pad: string): string {
  const { v, set } = accessors(prefix);
  const poly = horner(EXPM1_Q, v("z"));
  const k = (compare: string, value: number): string => `(f64x2.${compare} ${v("k")} ${f64x2(value)})`;
  return [
    ...reduceByLn2(v, set, -60),
    set("c", `(f64x2.sub (f64x2.sub ${v("h")} ${v("r")}) ${v("l")})`),
    // $s: r/2; $z: r^2/2; $w: r1; $m: 3 - r1 r/2; then $s: e
    set("s", `(f64x2.mul ${f64x2(0.5)} ${v("r")})`),
    set("z", `(f64x2.mul ${v("r")} ${v("s")})`),
    set("w", `(f64x2.add ${f64x2(1)} (f64x2.mul ${v("z")} ${poly}))`),
    set("m", `(f64x2.sub ${f64x2(3)} (f64x2.mul ${v("w")} ${v("s")}))`),
    set("s", `(f64x2.mul ${v("z")} (f64x2.div (f64x2.sub ${v("w")} ${v("m")}) (f64x2.sub ${f64x2(6)} (f64x2.mul ${v("r")} ${v("m")}))))`),
    // k = 0: r - (r e - r^2/2); then e = (r (e - c) - c) - r^2/2 for the other forms
    set("y", `(f64x2.sub ${v("r")} (f64x2.sub (f64x2.mul ${v("r")} ${v("s")}) ${v("z")}))`),
    set("s", `(f64x2.sub (f64x2.sub (f64x2.mul ${v("r")} (f64x2.sub ${v("s")} ${v("c")})) ${v("c")}) ${v("z")})`),
    set("y", `(v128.bitselect (f64x2.sub (f64x2.mul ${f64x2(0.5)} (f64x2.sub ${v("r")} ${v("s")})) ${f64x2(0.5)}) ${v("y")} ${k("eq", -1)})`),
    set(
      "w",
      `(v128.bitselect (f64x2.mul ${f64x2(-2)} (f64x2.sub ${v("s")} (f64x2.add ${v("r")} ${f64x2(0.5)}))) (f64x2.add ${f64x2(1)} (f64x2.mul ${f64x2(2)} (f64x2.sub ${v("r")} ${v("s")}))) (f64x2.lt ${v("r")} ${f64x2(-0.25)}))`,
    ),
    set("y", `(v128.bitselect ${v("w")} ${v("y")} ${k("eq", 1)})`),
    // k <= -2 or k > 56: (1 - (e - r)) 2^k - 1, 2^k in two halves (k may be 1024)
    set("h", `(f64x2.floor (f64x2.mul ${v("k")} ${f64x2(0.5)}))`),
    set("w", `(f64x2.sub (f64x2.mul (f64x2.mul (f64x2.sub ${f64x2(1)} (f64x2.sub ${v("s")} ${v("r")})) ${power2(v("h"))}) ${power2(`(f64x2.sub ${v("k")} ${v("h")})`)}) ${f64x2(1)})`),
    set("y", `(v128.bitselect ${v("w")} ${v("y")} (v128.or ${k("le", -2)} ${k("gt", 56)}))`),
    // 2 <= k < 20: ((1 - 2^-k) - (e - r)) 2^k; 20 <= k <= 56: ((r - (e + 2^-k)) + 1) 2^k
    set("h", power2(`(f64x2.neg ${v("k")})`)),
    set(
      "w",
      `(f64x2.mul (v128.bitselect (f64x2.sub (f64x2.sub ${f64x2(1)} ${v("h")}) (f64x2.sub ${v("s")} ${v("r")})) (f64x2.add (f64x2.sub ${v("r")} (f64x2.add ${v("s")} ${v("h")})) ${f64x2(1)}) ${k("lt", 20)}) ${power2(v("k"))})`,
    ),
    set("t", `(v128.bitselect ${v("w")} ${v("y")} (v128.and ${k("ge", 2)} ${k("le", 56)}))`),
    set("t", `(v128.bitselect ${v("x")} ${v("t")} (f64x2.lt (f64x2.abs ${v("x")}) ${f64x2(2 ** -54)}))`),
    set("t", `(v128.bitselect ${f64x2(-1)} ${v("t")} (f64x2.le ${v("x")} ${f64x2(-EXPM1_SATURATES)}))`),
    set("t", `(v128.bitselect ${f64x2(Infinity)} ${v("t")} (f64x2.gt ${v("x")} ${f64x2(EXP_OVERFLOW)}))`),
    set("t", `(v128.bitselect ${v("x")} ${v("t")} (f64x2.ne ${v("x")} ${v("x")}))`),
  ]
    .map((line) => pad + line)
    .join("\n");
}

/** s_log1p.c's bounds of the argument for which f = x, k = 0 (1 + x within about [sqrt(2)/2, sqrt(2))). */
const LOG1P_DIRECT_BELOW = fromBits(0x3fda827a00000000n);
const LOG1P_DIRECT_ABOVE = -fromBits(0x3fd2bec500000000n);

/**
 * s_log1p.c's log1p: f = x (k = 0) where 1 + x is near 1, else 1 + x = 2^k (1 + f) from u = 1 + x
 * (x itself from 2^53) with c, what rounding 1 + x lost, divided by u; then e_log's series in
 * s = f / (2 + f) (one Horner chain here), or f - f^2/2 (1 - 2f/3) where |f| < 2^-20, in the C
 * code's form for k = 0 (no c) or not; x - x^2/2 below |x| = 2^-29, x below 2^-54; -Infinity at
 * -1, NaN below -1 and for NaN, Infinity at Infinity.
 */
export function log1pExactInPlace(prefix: string, pad: string): string {
  const { v, set } = accessors(prefix);
  const series = horner(LG, v("z"));
  const khi = `(f64x2.mul ${v("k")} ${f64x2(LN2_HI)})`;
  const klo = `(f64x2.mul ${v("k")} ${f64x2(LN2_LO)})`;
  return [
    set("x", v("t")),
    // u = 1 + x below 2^53 ($m), else x; $h its high word, $l the fraction bits, $k its exponent
    set("m", `(f64x2.lt ${v("x")} ${f64x2(2 ** 53)})`),
    set("y", `(v128.bitselect (f64x2.add ${f64x2(1)} ${v("x")}) ${v("x")} ${v("m")})`),
    set("h", `(i64x2.shr_u ${v("y")} (i32.const 32))`),
    set("l", `(v128.and ${v("h")} ${i64x2("0xfffff")})`),
    set("k", `(f64x2.convert_low_i32x4_s (${LOW_WORDS} (i64x2.sub (i64x2.shr_u ${v("h")} (i32.const 20)) ${i64x2(1023)}) ${v("h")}))`),
    // c = (k > 0 ? 1 - (u - x) : x - (u - 1)) / u, 0 from 2^53
    set("c", `(v128.and (f64x2.div (v128.bitselect (f64x2.sub ${f64x2(1)} (f64x2.sub ${v("y")} ${v("x")})) (f64x2.sub ${v("x")} (f64x2.sub ${v("y")} ${f64x2(1)})) (f64x2.gt ${v("k")} ${f64x2(0)})) ${v("y")}) ${v("m")})`),
    // from the fraction 0x6a09e on, u is halved and k is one more; $w: |f| < 2^-20
    set("q", `(i64x2.gt_s ${v("l")} ${i64x2("0x6a09d")})`),
    set("k", `(f64x2.add ${v("k")} (v128.and ${f64x2(1)} ${v("q")}))`),
    set("r", `(f64x2.sub (v128.or (v128.and ${v("y")} ${i64x2("0x000fffffffffffff")}) (v128.bitselect ${i64x2("0x3fe0000000000000")} ${i64x2("0x3ff0000000000000")} ${v("q")})) ${f64x2(1)})`),
    set("w", `(v128.bitselect (i64x2.gt_s ${v("l")} ${i64x2("0xffffc")}) (i64x2.eq ${v("l")} ${i64x2(0)}) ${v("q")})`),
    // where 1 + x is near 1: f = x, k = 0, c = 0, and the series
    set("q", `(v128.and (f64x2.lt ${v("x")} ${f64x2(LOG1P_DIRECT_BELOW)}) (f64x2.gt ${v("x")} ${f64x2(LOG1P_DIRECT_ABOVE)}))`),
    set("r", `(v128.bitselect ${v("x")} ${v("r")} ${v("q")})`),
    set("k", `(v128.andnot ${v("k")} ${v("q")})`),
    set("c", `(v128.andnot ${v("c")} ${v("q")})`),
    set("w", `(v128.andnot ${v("w")} ${v("q")})`),
    // $h: f^2/2; $l: R; $q: k = 0, whose forms leave c out
    set("h", `(f64x2.mul (f64x2.mul ${f64x2(0.5)} ${v("r")}) ${v("r")})`),
    set("s", `(f64x2.div ${v("r")} (f64x2.add ${f64x2(2)} ${v("r")}))`),
    set("z", `(f64x2.mul ${v("s")} ${v("s")})`),
    set("l", `(f64x2.mul ${v("z")} ${series})`),
    set("q", `(f64x2.eq ${v("k")} ${f64x2(0)})`),
    set(
      "y",
      `(v128.bitselect (f64x2.sub ${v("r")} (f64x2.sub ${v("h")} (f64x2.mul ${v("s")} (f64x2.add ${v("h")} ${v("l")})))) (f64x2.sub ${khi} (f64x2.sub (f64x2.sub ${v("h")} (f64x2.add (f64x2.mul ${v("s")} (f64x2.add ${v("h")} ${v("l")})) (f64x2.add ${klo} ${v("c")}))) ${v("r")})) ${v("q")})`,
    ),
    // |f| < 2^-20: R = f^2/2 (1 - 2f/3), or k ln 2 + c where f = 0
    set("l", `(f64x2.mul ${v("h")} (f64x2.sub ${f64x2(1)} (f64x2.mul ${f64x2(0.66666666666666666)} ${v("r")})))`),
    set("z", `(v128.bitselect (f64x2.sub ${v("r")} ${v("l")}) (f64x2.sub ${khi} (f64x2.sub (f64x2.sub ${v("l")} (f64x2.add ${klo} ${v("c")})) ${v("r")})) ${v("q")})`),
    set("z", `(v128.bitselect (v128.andnot (f64x2.add ${khi} (f64x2.add ${v("c")} ${klo})) ${v("q")}) ${v("z")} (f64x2.eq ${v("r")} ${f64x2(0)}))`),
    set("t", `(v128.bitselect ${v("z")} ${v("y")} ${v("w")})`),
    set("t", `(v128.bitselect (v128.bitselect ${v("x")} (f64x2.sub ${v("x")} (f64x2.mul (f64x2.mul ${v("x")} ${v("x")}) ${f64x2(0.5)})) (f64x2.lt (f64x2.abs ${v("x")}) ${f64x2(2 ** -54)})) ${v("t")} (f64x2.lt (f64x2.abs ${v("x")}) ${f64x2(2 ** -29)}))`),
    set("t", `(v128.bitselect ${f64x2(-Infinity)} ${v("t")} (f64x2.eq ${v("x")} ${f64x2(-1)}))`),
    set("t", `(v128.bitselect ${f64x2(Infinity)} ${v("t")} (f64x2.eq ${v("x")} ${f64x2(Infinity)}))`),
    set("t", `(v128.bitselect ${f64x2(NaN)} ${v("t")} (v128.or (f64x2.lt ${v("x")} ${f64x2(-1)}) (f64x2.ne ${v("x")} ${v("x")})))`),
  ]
    .map((line) => pad + line)
    .join("\n");
}

/** fdlibm's k_sin.c and k_cos.c polynomials. */
const SIN_S = [-1.66666666666666324348e-1, 8.33333333332248946124e-3, -1.98412698298579493134e-4, 2.75573137070700676789e-6, -2.50507602534068634195e-8, 1.58969099521155010221e-10];
const COS_C = [4.16666666666666019037e-2, -1.38888888888741095749e-3, 2.48015872894767294178e-5, -2.75573143513906633035e-7, 2.08757232129817482790e-9, -1.13596475577881948265e-11];
/** e_rem_pio2.c's pi/2 in parts (33 significant bits each) with their tails. */
const PIO2_1 = 1.57079632673412561417;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.0771005063039659766e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.0222662487111664558e-21;
const PIO2_3T = 8.47842766036889956997e-32;
const INV_PIO2 = 6.36619772367581382433e-1;
/** Where e_rem_pio2.c's cases change: |x| <= pi/4 (no reduction), below 3pi/4 (n = 1), up to 2^19 pi/2 (medium), then large. */
const PIO4_END = fromBits(0x3fe921fc00000000n);
const THREE_PIO4 = fromBits(0x4002d97c00000000n);
const MEDIUM_END = fromBits(0x413921fc00000000n);
/** The locals the exact sin and cos take beyond EXACT_SCRATCH. */
export const TRIG_SCRATCH = ["n", "a", "b", "d", "e", "f", "g", "o"] as const;

/**
 * fdlibm's sin or cos, as V8 runs `Math.sin` and `Math.cos` in Node 20: e_rem_pio2.c's
 * reduction x = n pi/2 + (y0 + y1) (none up to pi/4; n = 1 below 3pi/4, with pi/2's second part
 * where x's high word is pi/2's; else n = x 2/pi rounded and the reduction's first, second or
 * third round as the C code decides from the bits it cancelled, and its shortcut for n < 32
 * away from n pi/2's high word), k_sin.c's and k_cos.c's polynomials in the C code's forms,
 * chosen and signed by n mod 4; each branch computed for both lanes and selected. Lanes from
 * 2^19 pi/2 on, the infinities and NaN call the engine's own function (imported as
 * `$math_<name>`). In place on `$<prefix>t`, with EXACT_SCRATCH and TRIG_SCRATCH (prefixed).
 */
export function trigExactInPlace(prefix: string, pad: string, name: "sin" | "cos"): string {
  const { v, set } = accessors(prefix);
  const high = (x: string): string => `(i64x2.shr_u ${x} (i32.const 32))`;
  const exponent = (x: string): string => `(v128.and (i64x2.shr_u ${x} (i32.const 52)) ${i64x2("0x7ff")})`;
  // one more round of the reduction (pi/2's next part and its tail), from $r, $w, $y (t = r)
  const round = (part: number, tail: number): string[] => [
    set("s", v("r")),
    set("w", `(f64x2.mul ${v("n")} ${f64x2(part)})`),
    set("r", `(f64x2.sub ${v("s")} ${v("w")})`),
    set("w", `(f64x2.sub (f64x2.mul ${v("n")} ${f64x2(tail)}) (f64x2.sub (f64x2.sub ${v("s")} ${v("r")}) ${v("w")}))`),
    set("y", `(f64x2.sub ${v("r")} ${v("w")})`),
  ];
  const lane = (i: number): string => `(call $math_${name} (f64x2.extract_lane ${i} ${v("x")}))`;
  return [
    set("x", v("t")),
    set("a", `(f64x2.abs ${v("x")})`),
    // the medium case on |x|: n, r = |x| - n pio2_1, w = n pio2_1t, y0 = r - w
    set("n", `(f64x2.trunc (f64x2.add (f64x2.mul ${v("a")} ${f64x2(INV_PIO2)}) ${f64x2(0.5)}))`),
    set("r", `(f64x2.sub ${v("a")} (f64x2.mul ${v("n")} ${f64x2(PIO2_1)}))`),
    set("w", `(f64x2.mul ${v("n")} ${f64x2(PIO2_1T)})`),
    set("y", `(f64x2.sub ${v("r")} ${v("w")})`),
    // $h: |x|'s high word; $m: the second round is needed (not the shortcut, and more than 16 bits cancelled)
    set("h", high(v("a"))),
    set(
      "m",
      `(v128.and (v128.not (v128.and (f64x2.lt ${v("n")} ${f64x2(32)}) (i64x2.ne ${v("h")} ${high(`(f64x2.mul ${v("n")} ${f64x2(Math.PI / 2)})`)}))) (i64x2.gt_s (i64x2.sub (i64x2.shr_u ${v("h")} (i32.const 20)) ${exponent(v("y"))}) ${i64x2(16)}))`,
    ),
    // keep round one's r, w, y0 in $d, $e, $f; run round two, then three where more than 49 bits cancelled
    set("d", v("r")),
    set("e", v("w")),
    set("f", v("y")),
    ...round(PIO2_2, PIO2_2T),
    set("q", `(v128.and ${v("m")} (i64x2.gt_s (i64x2.sub (i64x2.shr_u ${v("h")} (i32.const 20)) ${exponent(v("y"))}) ${i64x2(49)}))`),
    set("g", v("r")),
    set("o", v("w")),
    set("b", v("y")),
    ...round(PIO2_3, PIO2_3T),
    set("r", `(v128.bitselect ${v("r")} (v128.bitselect ${v("g")} ${v("d")} ${v("m")}) ${v("q")})`),
    set("w", `(v128.bitselect ${v("w")} (v128.bitselect ${v("o")} ${v("e")} ${v("m")}) ${v("q")})`),
    set("y", `(v128.bitselect ${v("y")} (v128.bitselect ${v("b")} ${v("f")} ${v("m")}) ${v("q")})`),
    // $l: y1 = (r - y0) - w
    set("l", `(f64x2.sub (f64x2.sub ${v("r")} ${v("y")}) ${v("w")})`),
    // below 3pi/4: n = 1, y0 = (|x| - pio2_1) - pio2_1t, or with pio2_2 where |x|'s high word is pi/2's
    set("m", `(i64x2.eq ${v("h")} ${i64x2("0x3ff921fb")})`),
    set("s", `(f64x2.sub ${v("a")} ${f64x2(PIO2_1)})`),
    set("s", `(v128.bitselect (f64x2.sub ${v("s")} ${f64x2(PIO2_2)}) ${v("s")} ${v("m")})`),
    set("c", `(v128.bitselect ${f64x2(PIO2_2T)} ${f64x2(PIO2_1T)} ${v("m")})`),
    set("z", `(f64x2.sub ${v("s")} ${v("c")})`),
    set("m", `(f64x2.lt ${v("a")} ${f64x2(THREE_PIO4)})`),
    set("y", `(v128.bitselect ${v("z")} ${v("y")} ${v("m")})`),
    set("l", `(v128.bitselect (f64x2.sub (f64x2.sub ${v("s")} ${v("z")}) ${v("c")}) ${v("l")} ${v("m")})`),
    set("n", `(v128.bitselect ${f64x2(1)} ${v("n")} ${v("m")})`),
    // x's sign on y0, y1 and n; then up to pi/4: y0 = x (-0 too), y1 = 0, n = 0
    set("q", `(f64x2.lt ${v("x")} ${f64x2(0)})`),
    set("y", `(v128.bitselect (f64x2.neg ${v("y")}) ${v("y")} ${v("q")})`),
    set("l", `(v128.bitselect (f64x2.neg ${v("l")}) ${v("l")} ${v("q")})`),
    set("n", `(v128.bitselect (f64x2.neg ${v("n")}) ${v("n")} ${v("q")})`),
    set("m", `(f64x2.lt ${v("a")} ${f64x2(PIO4_END)})`),
    set("y", `(v128.bitselect ${v("x")} ${v("y")} ${v("m")})`),
    set("l", `(v128.andnot ${v("l")} ${v("m")})`),
    set("n", `(v128.andnot ${v("n")} ${v("m")})`),
    // k_sin (the form with y1, and where |x| <= pi/4 the one without), k_cos; tiny y0: y0 and 1
    set("z", `(f64x2.mul ${v("y")} ${v("y")})`),
    set("w", `(f64x2.mul ${v("z")} ${v("y")})`),
    set("r", `(f64x2.add ${f64x2(SIN_S[1]!)} (f64x2.mul ${v("z")} ${horner(SIN_S.slice(2), v("z"))}))`),
    set(
      "s",
      `(v128.bitselect (f64x2.add ${v("y")} (f64x2.mul ${v("w")} (f64x2.add ${f64x2(SIN_S[0]!)} (f64x2.mul ${v("z")} ${v("r")})))) (f64x2.sub ${v("y")} (f64x2.sub (f64x2.sub (f64x2.mul ${v("z")} (f64x2.sub (f64x2.mul ${f64x2(0.5)} ${v("l")}) (f64x2.mul ${v("w")} ${v("r")}))) ${v("l")}) (f64x2.mul ${v("w")} ${f64x2(SIN_S[0]!)}))) ${v("m")})`,
    ),
    set("h", high(`(f64x2.abs ${v("y")})`)),
    set("r", `(f64x2.mul ${v("z")} ${horner(COS_C, v("z"))})`),
    // |y0| < 0.3: 1 - (z/2 - (z r - y0 y1)); else with qx = 0.28125 above 0.78125, else |y0|/4's high word
    set("e", `(f64x2.sub (f64x2.mul ${v("z")} ${v("r")}) (f64x2.mul ${v("y")} ${v("l")}))`),
    set("d", `(v128.bitselect ${f64x2(0.28125)} (i64x2.shl (i64x2.sub ${v("h")} ${i64x2("0x200000")}) (i32.const 32)) (i64x2.gt_s ${v("h")} ${i64x2("0x3fe90000")}))`),
    set(
      "c",
      `(v128.bitselect (f64x2.sub ${f64x2(1)} (f64x2.sub (f64x2.mul ${f64x2(0.5)} ${v("z")}) ${v("e")})) (f64x2.sub (f64x2.sub ${f64x2(1)} ${v("d")}) (f64x2.sub (f64x2.sub (f64x2.mul ${f64x2(0.5)} ${v("z")}) ${v("d")}) ${v("e")})) (i64x2.lt_s ${v("h")} ${i64x2("0x3fd33333")}))`,
    ),
    set("m", `(i64x2.lt_s ${v("h")} ${i64x2("0x3e400000")})`),
    set("s", `(v128.bitselect ${v("y")} ${v("s")} ${v("m")})`),
    set("c", `(v128.bitselect ${f64x2(1)} ${v("c")} ${v("m")})`),
    // n mod 4: odd quadrants swap; sin negated in 2 and 3, cos in 1 and 2
    set("q", `(f64x2.sub ${v("n")} (f64x2.mul ${f64x2(4)} (f64x2.floor (f64x2.mul ${v("n")} ${f64x2(0.25)}))))`),
    set("t", `(v128.bitselect ${name === "sin" ? `${v("c")} ${v("s")}` : `${v("s")} ${v("c")}`} (v128.or (f64x2.eq ${v("q")} ${f64x2(1)}) (f64x2.eq ${v("q")} ${f64x2(3)})))`),
    name === "sin"
      ? set("t", `(v128.bitselect (f64x2.neg ${v("t")}) ${v("t")} (f64x2.ge ${v("q")} ${f64x2(2)}))`)
      : set("t", `(v128.bitselect (f64x2.neg ${v("t")}) ${v("t")} (v128.or (f64x2.eq ${v("q")} ${f64x2(1)}) (f64x2.eq ${v("q")} ${f64x2(2)})))`),
    `(if (v128.any_true (v128.not (f64x2.lt ${v("a")} ${f64x2(MEDIUM_END)}))) (then ${set("t", `(f64x2.replace_lane 1 (f64x2.replace_lane 0 ${v("t")} ${lane(0)}) ${lane(1)})`)}))`,
  ]
    .map((line) => pad + line)
    .join("\n");
}

/** e_pow.c's constants: the table of bp, dp_h, dp_l (for 1 + f around 1.5, log2(1.5) in two parts), the polynomial of log's series, and log2 and 1/ln 2 in parts. */
const POW_BP = 1.5;
const POW_DP_H = 5.84962487220764160156e-1;
const POW_DP_L = 1.35003920212974897128e-8;
const POW_L = [5.99999999999994648725e-1, 4.28571428578550184252e-1, 3.33333329818377432918e-1, 2.72728123808534006489e-1, 2.30660745775561754067e-1, 2.06975017800338417784e-1];
/** 2 / (3 ln 2), and its first 27 bits and their tail. */
const POW_CP = 9.61796693925975554329e-1;
const POW_CP_H = 9.61796700954437255859e-1;
const POW_CP_L = -7.02846165095275826516e-9;
/** ln 2, and its first 21 bits and their tail. */
const POW_LG2 = 6.93147180559945286227e-1;
const POW_LG2_H = 6.93147182464599609375e-1;
const POW_LG2_L = -1.90465429995776804525e-9;
/** 1 / ln 2's first 24 bits and their tail. */
const POW_IVLN2_H = 1.44269502162933349609;
const POW_IVLN2_L = 1.92596299112661746887e-8;
/** -(1024 - log2(the largest double + half an ulp)): where y log2|x| rounds to 1024, the parts say whether the result overflows. */
const POW_OVT = 8.0085662595372944372e-17;
/** The locals `powExact` takes (v128, prefixed). */
export const POW_SCRATCH = ["ax", "ix", "iy", "yn", "xn", "yi", "yo", "sub", "a", "j", "k1", "k2", "n", "bp", "u", "v", "ss", "sh", "th", "tl", "sl", "s2", "r", "ph", "pl", "zh", "zl", "t1", "t2", "t", "w", "big", "y1", "over", "under", "z"] as const;

/**
 * fdlibm's pow (e_pow.c), as V8 runs `x ** y` and `Math.pow` in Node 20, on the f64x2 `$<prefix>x`
 * and `$<prefix>y` into `$<prefix>z`: log2|x| in extra precision as t1 + t2 (t1 with its low word
 * cleared): |x| = 2^n (1 + f), 1 + f in [sqrt(3)/2, sqrt(3)) (halved from sqrt(3) on) against bp =
 * 1 below sqrt(3/2) and bp = 1.5 above (the table's bp, dp_h, dp_l), s = (1 + f - bp) / (1 + f +
 * bp) in two parts and log's series in s^2, times 2 / (3 ln 2) in parts; or where |y| > 2^31 and
 * |x| is within 2^-20 of 1, t - t^2/2 + t^3/3 - t^4/4 of t = |x| - 1 over ln 2. Then y log2|x| =
 * p_h + p_l, y split as t1 is; over 1024 (or at it, when p_l says the rounding lost a carry)
 * Infinity, below -1075 (or at it) 0; else n = p_h + p_l rounded half away from 0 (from its high
 * word), 2^r of the rest by exp's rational form, 2^n added to the exponent (a subnormal result as
 * scalbn's one rounding). Each branch is computed for both lanes and selected, in the C code's
 * order of operations; its special cases by masks, in its order of precedence: y = 0, NaN, y =
 * ±Infinity, 1, -1, 2, 1/2; x = ±0, ±1, ±Infinity; a negative x to a power that is not an integer
 * (NaN), or to an odd one (the result negated); |y| > 2^31 where |x| is not within 2^-20 of 1
 * (Infinity or 0 by the sides of 1 and of 0). The statements that only rare lanes need (|y| >
 * 2^31, a negative x, the special values) run only where a lane has one; a statement each element,
 * such a block one too (two sequences can be interleaved statement by statement).
 *
 * One line is V8's, not e_pow.c's: 2^r's r = z t1 / ((t1 - 2) - (w + z w)), w's correction inside
 * the divisor, where e_pow.c subtracts (w + z w) after the division. Node's `**` is V8's (none of
 * 20 million random and special pairs differ from a JavaScript model of this algorithm; with
 * e_pow.c's line, 1 ulp apart on about 2% of them).
 */
export function powExact(prefix: string): string[] {
  const { v, set } = accessors(prefix);
  const high = (x: string): string => `(i64x2.shr_u ${x} (i32.const 32))`;
  const lowCleared = (x: string): string => `(v128.and ${x} ${i64x2("0xffffffff00000000")})`;
  const add = (a: string, b: string): string => `(f64x2.add ${a} ${b})`;
  const sub = (a: string, b: string): string => `(f64x2.sub ${a} ${b})`;
  const mul = (a: string, b: string): string => `(f64x2.mul ${a} ${b})`;
  const select = (mask: string, value: string): string => set("z", `(v128.bitselect ${value} ${v("z")} ${mask})`);
  // statements run only where a lane of `mask` is set (rare lanes: the others keep what they have), as one statement
  const where = (mask: string, statements: string[]): string => [`(if (v128.any_true ${mask}) (then`, ...statements.map((line) => `  ${line}`)].join("\n") + "))";
  const y = v("y");
  return [
    set("ax", `(f64x2.abs ${v("x")})`),
    // $ix, $iy: the high words of |x| and |y| (i64 lanes); $yn: y < 0; $xn: x's sign bit
    set("ix", high(v("ax"))),
    set("iy", high(`(f64x2.abs ${y})`)),
    set("yn", `(f64x2.lt ${y} ${f64x2(0)})`),
    set("xn", `(i64x2.lt_s ${v("x")} ${i64x2(0)})`),
    // log2|x| = t1 + t2: |x| = 2^n (1 + f), subnormals scaled by 2^53 first; 1 + f from the fraction
    // bits, halved (n one more) from 0xbb67a on, where bp = 1.5 between 0x3988f and 0xbb67a ($k1)
    set("sub", `(f64x2.lt ${v("ax")} ${f64x2(2 ** -1022)})`),
    set("a", `(v128.bitselect ${mul(v("ax"), f64x2(2 ** 53))} ${v("ax")} ${v("sub")})`),
    set("j", `(v128.and ${high(v("a"))} ${i64x2("0xfffff")})`),
    set("k1", `(v128.and (i64x2.gt_s ${v("j")} ${i64x2("0x3988e")}) (i64x2.lt_s ${v("j")} ${i64x2("0xbb67a")}))`),
    set("k2", `(i64x2.gt_s ${v("j")} ${i64x2("0xbb679")})`),
    set("n", add(add(`(f64x2.convert_low_i32x4_s (${LOW_WORDS} (i64x2.sub (i64x2.shr_u ${v("a")} (i32.const 52)) ${i64x2(1023)}) ${v("a")}))`, `(v128.and ${f64x2(-53)} ${v("sub")})`), `(v128.and ${f64x2(1)} ${v("k2")})`)),
    set("a", `(v128.or (v128.and ${v("a")} ${i64x2("0x000fffffffffffff")}) (v128.bitselect ${i64x2("0x3fe0000000000000")} ${i64x2("0x3ff0000000000000")} ${v("k2")}))`),
    // s = (1 + f - bp) / (1 + f + bp) = s_h + s_l, with t_h, 1 + f + bp's high part from the bits
    set("bp", `(v128.bitselect ${f64x2(POW_BP)} ${f64x2(1)} ${v("k1")})`),
    set("u", sub(v("a"), v("bp"))),
    set("v", `(f64x2.div ${f64x2(1)} ${add(v("a"), v("bp"))})`),
    set("ss", mul(v("u"), v("v"))),
    set("sh", lowCleared(v("ss"))),
    set("th", `(i64x2.shl (i64x2.add (i64x2.add (v128.or (i64x2.shr_u ${v("a")} (i32.const 33)) ${i64x2("0x20000000")}) ${i64x2("0x80000")}) (v128.and ${v("k1")} ${i64x2("0x40000")})) (i32.const 32))`),
    set("tl", sub(v("a"), sub(v("th"), v("bp")))),
    set("sl", mul(v("v"), sub(sub(v("u"), mul(v("sh"), v("th"))), mul(v("sh"), v("tl"))))),
    // log(1 + f) in parts: s2 = s^2, r = s2^2 L(s2) + s_l (s_h + s); 3 + s_h^2 + r split as t_h + t_l
    set("s2", mul(v("ss"), v("ss"))),
    set("r", add(mul(mul(v("s2"), v("s2")), horner(POW_L, v("s2"))), mul(v("sl"), add(v("sh"), v("ss"))))),
    set("s2", mul(v("sh"), v("sh"))),
    set("th", lowCleared(add(add(f64x2(3), v("s2")), v("r")))),
    set("tl", sub(v("r"), sub(sub(v("th"), f64x2(3)), v("s2")))),
    // s (3 + ...) = u + v = p_h + p_l; times 2 / (3 ln 2) in parts, plus dp and n: t1 + t2
    set("u", mul(v("sh"), v("th"))),
    set("v", add(mul(v("sl"), v("th")), mul(v("tl"), v("ss")))),
    set("ph", lowCleared(add(v("u"), v("v")))),
    set("pl", sub(v("v"), sub(v("ph"), v("u")))),
    set("zh", mul(f64x2(POW_CP_H), v("ph"))),
    set("zl", add(add(mul(f64x2(POW_CP_L), v("ph")), mul(v("pl"), f64x2(POW_CP))), `(v128.and ${f64x2(POW_DP_L)} ${v("k1")})`)),
    set("t1", lowCleared(add(add(add(v("zh"), v("zl")), `(v128.and ${f64x2(POW_DP_H)} ${v("k1")})`), v("n")))),
    set("t2", sub(v("zl"), sub(sub(sub(v("t1"), v("n")), `(v128.and ${f64x2(POW_DP_H)} ${v("k1")})`), v("zh")))),
    // |y| > 2^31 (x within 2^-20 of 1 where it matters): t = |x| - 1, log2|x| = (t - t^2 (1/2 - t (1/3 - t/4))) / ln 2 in parts
    set("big", `(i64x2.gt_s ${v("iy")} ${i64x2("0x41e00000")})`),
    where(v("big"), [
      set("t", sub(v("ax"), f64x2(1))),
      set("w", mul(mul(v("t"), v("t")), sub(f64x2(0.5), mul(v("t"), sub(f64x2(1 / 3), mul(v("t"), f64x2(0.25))))))),
      set("u", mul(f64x2(POW_IVLN2_H), v("t"))),
      set("v", sub(mul(v("t"), f64x2(POW_IVLN2_L)), mul(v("w"), f64x2(INV_LN2)))),
      set("t", lowCleared(add(v("u"), v("v")))),
      set("w", sub(v("v"), sub(v("t"), v("u")))),
      set("t1", `(v128.bitselect ${v("t")} ${v("t1")} ${v("big")})`),
      set("t2", `(v128.bitselect ${v("w")} ${v("t2")} ${v("big")})`),
    ]),
    // y log2|x| = (y1 + (y - y1)) (t1 + t2) = p_h + p_l, y1 with its low word cleared
    set("y1", lowCleared(y)),
    set("pl", add(mul(sub(y, v("y1")), v("t1")), mul(y, v("t2")))),
    set("ph", mul(v("y1"), v("t1"))),
    set("z", add(v("pl"), v("ph"))),
    // overflow above 1024 (at 1024 where p_l says the rounding lost a carry), underflow below -1075 (at -1075 likewise)
    set("over", `(v128.or (f64x2.gt ${v("z")} ${f64x2(1024)}) (v128.and (f64x2.eq ${v("z")} ${f64x2(1024)}) (f64x2.gt ${add(v("pl"), f64x2(POW_OVT))} ${sub(v("z"), v("ph"))})))`),
    set("under", `(v128.or (f64x2.lt ${v("z")} ${f64x2(-1075)}) (v128.and (f64x2.eq ${v("z")} ${f64x2(-1075)}) (f64x2.le ${v("pl")} ${sub(v("z"), v("ph"))})))`),
    // n: z's high part rounded half away from 0 where above 1/2 in magnitude (+0 elsewhere); 2^(p_h - n + p_l)
    set("t", `(f64x2.abs ${lowCleared(v("z"))})`),
    set("n", `(v128.and (v128.or (f64x2.trunc ${add(v("t"), f64x2(0.5))}) (v128.and ${v("z")} ${i64x2("0x8000000000000000")})) (f64x2.gt ${v("t")} ${f64x2(0.5)}))`),
    set("ph", sub(v("ph"), v("n"))),
    set("t", lowCleared(add(v("pl"), v("ph")))),
    set("u", mul(v("t"), f64x2(POW_LG2_H))),
    set("v", add(mul(sub(v("pl"), sub(v("t"), v("ph"))), f64x2(POW_LG2)), mul(v("t"), f64x2(POW_LG2_L)))),
    set("z", add(v("u"), v("v"))),
    set("w", sub(v("v"), sub(v("z"), v("u")))),
    set("t", mul(v("z"), v("z"))),
    set("t1", sub(v("z"), mul(v("t"), horner(EXP_P, v("t"))))),
    // (V8's r: (w + z w) subtracted in the divisor)
    set("r", `(f64x2.div ${mul(v("z"), v("t1"))} ${sub(sub(v("t1"), f64x2(2)), add(v("w"), mul(v("z"), v("w"))))})`),
    set("z", sub(f64x2(1), sub(v("r"), v("z")))),
    // times 2^n: n added to the exponent bits; where that leaves no normal exponent, scalbn's
    // subnormal result, 2^(n + 54) (exact) and 2^-54 (rounded once)
    set("j", `(i64x2.add ${v("z")} (i64x2.shl ${add(v("n"), f64x2(ROUNDER))} (i32.const 52)))`),
    set("z", `(v128.bitselect ${mul(mul(v("z"), power2(add(v("n"), f64x2(54)))), f64x2(2 ** -54))} ${v("j")} (i64x2.le_s (i64x2.shr_s ${v("j")} (i32.const 52)) ${i64x2(0)}))`),
    select(v("over"), f64x2(Infinity)),
    select(v("under"), f64x2(0)),
    // |y| > 2^31: Infinity or 0 by the sides of 1 (|x|'s high word) and of 0, unless x is within 2^-20 of 1 (beyond 2^64, even then)
    where(v("big"), [
      set("t", `(i64x2.le_s ${v("ix")} ${i64x2("0x3fefffff")})`),
      select(
        `(v128.and ${v("big")} (v128.or (i64x2.gt_s ${v("iy")} ${i64x2("0x43f00000")}) (v128.or (i64x2.lt_s ${v("ix")} ${i64x2("0x3fefffff")}) (i64x2.gt_s ${v("ix")} ${i64x2("0x3ff00000")}))))`,
        `(v128.andnot ${f64x2(Infinity)} (v128.xor ${v("t")} ${v("yn")}))`,
      ),
    ]),
    // a negative x to an odd power ($yo; $yi: y an integer): the result negated; to a power that is not an integer: NaN
    where(v("xn"), [
      set("yi", `(f64x2.eq ${y} (f64x2.trunc ${y}))`),
      set("yo", oddInteger(y)),
      select(`(v128.and ${v("xn")} ${v("yo")})`, `(f64x2.neg ${v("z")})`),
      select(`(v128.andnot ${v("xn")} ${v("yi")})`, f64x2(NaN)),
    ]),
    // the special values ($yi, $yo as set above wherever x is negative; 0 in the other lanes):
    // x = ±0, ±1, ±Infinity: |x|, or 1 / |x| for y < 0; negated for a negative x and an odd y,
    // NaN for -1 to a power that is not an integer
    set("t", `(v128.or (f64x2.eq ${v("ax")} ${f64x2(Infinity)}) (v128.or (f64x2.eq ${v("ax")} ${f64x2(0)}) (f64x2.eq ${v("ax")} ${f64x2(1)})))`),
    where(`(v128.or ${v("t")} (v128.or (v128.or (v128.or (f64x2.eq ${y} ${f64x2(0)}) (f64x2.eq (f64x2.abs ${y}) ${f64x2(1)})) (v128.or (f64x2.eq ${y} ${f64x2(2)}) (f64x2.eq ${y} ${f64x2(0.5)}))) (v128.or (f64x2.eq (f64x2.abs ${y}) ${f64x2(Infinity)}) (v128.or (f64x2.ne ${v("x")} ${v("x")}) (f64x2.ne ${y} ${y})))))`, [
      set("w", `(f64x2.div ${f64x2(1)} ${v("x")})`),
      set("u", `(v128.bitselect (f64x2.abs ${v("w")}) ${v("ax")} ${v("yn")})`),
      set("u", `(v128.bitselect (f64x2.neg ${v("u")}) ${v("u")} (v128.and ${v("xn")} ${v("yo")}))`),
      set("u", `(v128.bitselect ${f64x2(NaN)} ${v("u")} (v128.andnot (v128.and ${v("xn")} (f64x2.eq ${v("ax")} ${f64x2(1)})) ${v("yi")}))`),
      select(v("t"), v("u")),
      // y = 1/2 (x from +0 up), 2, 1, -1
      select(`(v128.andnot (f64x2.eq ${y} ${f64x2(0.5)}) ${v("xn")})`, `(f64x2.sqrt ${v("x")})`),
      select(`(f64x2.eq ${y} ${f64x2(2)})`, mul(v("x"), v("x"))),
      select(`(f64x2.eq ${y} ${f64x2(1)})`, v("x")),
      select(`(f64x2.eq ${y} ${f64x2(-1)})`, v("w")),
      // y = ±Infinity: NaN for x = ±1, else Infinity or 0 by the sides of 1 (|x|'s high word) and of 0
      select(`(f64x2.eq (f64x2.abs ${y}) ${f64x2(Infinity)})`, `(v128.bitselect ${f64x2(NaN)} (v128.andnot ${f64x2(Infinity)} (v128.xor (i64x2.lt_s ${v("ix")} ${i64x2("0x3ff00000")}) ${v("yn")})) (f64x2.eq ${v("ax")} ${f64x2(1)}))`),
      select(`(v128.or (f64x2.ne ${v("x")} ${v("x")}) (f64x2.ne ${y} ${y}))`, add(v("x"), y)),
      select(`(f64x2.eq ${y} ${f64x2(0)})`, f64x2(1)),
    ]),
  ];
}
