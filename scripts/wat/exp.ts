/**
 * The float64 `exp` the SIMD kernels share (scripts/wat/reduce.ts's softmax,
 * scripts/wat/elementwise.ts's float32 exp and sigmoid): WebAssembly has no
 * vector exp, so each writes this sequence into its function.
 *
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

const f64x2 = (value: number): string => `(v128.const f64x2 ${value} ${value})`;
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

/** The locals `expInPlace` uses, to declare in a function. */
export const expLocals = (prefix: string): string => ["t", "k", "kd", "r", "r2", "r4"].map((name) => `(local $${prefix}${name} v128)`).join(" ");
