/**
 * Writes src/kernels/wasm/elementwise.wat: one WebAssembly SIMD function per
 * (binary op, dtype), each running a whole iteration plan (src/kernels/plan.ts)
 * over tensors that live in the engine's WebAssembly memory
 * (src/kernels/wasm/arena.ts). `npm run build:wasm` runs it before assembling.
 *
 * A function `<op>_<dtype>(rank, meta, o, a, b)` reads the plan at `meta`
 * (i32 words: dims[rank], then the output's, a's and b's strides in bytes,
 * each [rank], then rank words of scratch for the loop counters) and the byte
 * addresses of the first elements of the output and both operands. The
 * innermost loop is chosen once per call: all three contiguous (vector loads
 * and stores, two vectors per turn), a or b broadcast (stride 0: one value
 * splatted into a vector), or any strides (one element per turn, as the
 * JavaScript kernel does, after turns of a vector's elements gathered for the
 * ops whose vector code is a costly call); the outer loops are an odometer, as in
 * src/kernels/binary.ts. Every lane computes what the scalar instruction
 * computes, and both what the JavaScript kernel stores (see the tests in
 * test/kernels/simd.test.ts).
 */
import { EXACT_SCRATCH, EXP_CEILING, expExactInPlace, expInPlace, expm1ExactInPlace, f64x2, HIGH, log1pExactInPlace, logExactInPlace, logInPlace, oddInteger, POW_SCRATCH, powExact, TRIG_SCRATCH, trigExactInPlace } from "./math.js";

export interface LaneType {
  /** The dtype's name in the library. */
  readonly dtype: "float32" | "float64" | "int32" | "uint8" | "bool";
  /** Name suffix of the functions. */
  readonly suffix: string;
  readonly bytes: number;
  /** The scalar type on the stack and its load and store. */
  readonly scalar: "f32" | "f64" | "i32";
  readonly load: string;
  readonly store: string;
  /** The vector shape: `f32x4`, ... */
  readonly vector: string;
  readonly lanes: number;
}

export const LANE_TYPES: readonly LaneType[] = [
  { dtype: "float32", suffix: "f32", bytes: 4, scalar: "f32", load: "f32.load", store: "f32.store", vector: "f32x4", lanes: 4 },
  { dtype: "float64", suffix: "f64", bytes: 8, scalar: "f64", load: "f64.load", store: "f64.store", vector: "f64x2", lanes: 2 },
  { dtype: "int32", suffix: "i32", bytes: 4, scalar: "i32", load: "i32.load", store: "i32.store", vector: "i32x4", lanes: 4 },
  { dtype: "uint8", suffix: "u8", bytes: 1, scalar: "i32", load: "i32.load8_u", store: "i32.store8", vector: "i8x16", lanes: 16 },
  // bools are bytes of 0 or 1: only comparisons and logical ops have kernels in them
  { dtype: "bool", suffix: "b8", bytes: 1, scalar: "i32", load: "i32.load8_u", store: "i32.store8", vector: "i8x16", lanes: 16 },
];

/** Two f64x2 comparisons' 64-bit masks paired into one i32x4 of 32-bit masks, in order. */
const PAIR_MASKS = "i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27";
/** The low halves of two vectors joined: two f32x4.demote_f64x2_zero results (or i32x4 truncations) into four lanes. */
const JOIN_LOW_HALVES = "i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23";

/** A binary op: its scalar and vector instructions per dtype it has in SIMD. */
export interface BinaryOpCode {
  readonly name: string;
  /** dtype suffix -> [scalar instruction(s), vector instruction or expression of the two vectors]. */
  readonly code: Partial<Record<string, readonly [string | ((left: string, right: string) => string), string | ((left: string, right: string) => string)]>>;
  /** Its float64 kernel is an fdlibm algorithm (./math.ts): the JavaScript's bits where the engine's is fdlibm's, so src/kernels/simd.ts gates it by its Math probe. */
  readonly fdlibm?: true;
  /**
   * Per dtype, the statement a two-vector turn runs instead of two stores of the vector code: of
   * the address to store at and the operands' two vectors each (a function that computes both at
   * once).
   */
  readonly pairs?: Partial<Record<string, (at: string, left0: string, right0: string, left1: string, right1: string) => string>>;
  /** The dtypes whose vector code is a costly call: rows of any strides gather a vector's elements a turn for them, as for the Math ops. */
  readonly costly?: readonly string[];
}

/** Products of bytes modulo 256: 16-bit products of the low and high halves, their low bytes. */
const mulBytes = (left: string, right: string): string =>
  `(i8x16.shuffle 0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 (i16x8.extmul_low_i8x16_u ${left} ${right}) (i16x8.extmul_high_i8x16_u ${left} ${right}))`;

/**
 * A unary op: per dtype, the scalar and the vector expression of the operand's
 * expression `x` (the scalar one may use the local `$s`, which `x` sets first
 * with `local.tee` when it is read twice). Its function has a binary op's
 * signature and plan, b being a again (src/kernels/simd.ts passes it so).
 */
export interface UnaryOpCode {
  readonly name: string;
  readonly code: Partial<Record<string, readonly [(x: string) => string, (x: string) => string]>>;
  /**
   * Per dtype, what the function sets first from the op's float64 parameters at `PARAMS_AT`
   * (`param(i)` reads the i-th): the locals `$p0`, `$p1`, `$r0` and `$r1` (v128) its vector code
   * reads, and `$q0` and `$q1` (of the dtype's scalar type) its scalar code reads.
   */
  readonly params?: Partial<Record<string, (param: (i: number) => string) => string[]>>;
}

/**
 * Where the kernels read an op's float64 parameters: src/kernels/wasm/arena.ts's PARAMS_AT
 * (test/kernels/simd.test.ts checks they agree).
 */
export const PARAMS_AT = 4080;
const param = (i: number): string => `(f64.load (i32.const ${PARAMS_AT + 8 * i}))`;

const same = (instruction: string) => (x: string): string => `(${instruction} ${x})`;

/**
 * The unary ops whose arithmetic is exact, so a lane computes what JavaScript
 * stores: negation, absolute value, square root (correctly rounded in float32
 * and float64 alike), floor, ceil, round half to even (`nearest`), and relu
 * (`x < 0 ? 0 : x`, which is exactly `pmax(x, 0)`: NaN and -0 stay).
 */
/**
 * clip's scalar code: x below low gives low, else above high gives high (as the JavaScript's
 * `v < low ? low : v > high ? high : v`), x compared in float64 (`widen` makes it one) with the
 * float64 bounds, $q0 and $q1 the bounds as the dtype stores them.
 */
const clipScalar =
  (widen: string) =>
  (x: string): string =>
    `(select (local.get $q1) (select (local.get $q0) (local.tee $s ${x}) (f64.lt (${widen} (local.get $s)) ${param(0)})) (f64.gt (${widen} (local.get $s)) ${param(1)}))`;
/** The masks of int32 lanes compared with a float64 bound (in `bound`, both lanes), each exactly in float64. */
const int32Masks = (x: string, compare: string, bound: string): string =>
  `(${PAIR_MASKS} (f64x2.${compare} (f64x2.convert_low_i32x4_s ${x}) (local.get ${bound})) (f64x2.${compare} (f64x2.convert_low_i32x4_s (${HIGH} ${x} ${x})) (local.get ${bound})))`;

export const UNARY_OPS: readonly UnaryOpCode[] = [
  {
    name: "neg",
    code: {
      f32: [same("f32.neg"), same("f32x4.neg")],
      f64: [same("f64.neg"), same("f64x2.neg")],
      i32: [(x) => `(i32.sub (i32.const 0) ${x})`, same("i32x4.neg")],
    },
  },
  {
    name: "abs",
    code: {
      f32: [same("f32.abs"), same("f32x4.abs")],
      f64: [same("f64.abs"), same("f64x2.abs")],
      i32: [(x) => `(select (local.tee $s ${x}) (i32.sub (i32.const 0) (local.get $s)) (i32.ge_s (local.get $s) (i32.const 0)))`, same("i32x4.abs")],
    },
  },
  { name: "sqrt", code: { f32: [same("f32.sqrt"), same("f32x4.sqrt")], f64: [same("f64.sqrt"), same("f64x2.sqrt")] } },
  { name: "floor", code: { f32: [same("f32.floor"), same("f32x4.floor")], f64: [same("f64.floor"), same("f64x2.floor")] } },
  { name: "ceil", code: { f32: [same("f32.ceil"), same("f32x4.ceil")], f64: [same("f64.ceil"), same("f64x2.ceil")] } },
  { name: "round", code: { f32: [same("f32.nearest"), same("f32x4.nearest")], f64: [same("f64.nearest"), same("f64x2.nearest")] } },
  // x > 0 ? 1 : x < 0 ? -1 : x (NaN and -0 stay): masks select the constants; int32's masks subtract
  {
    name: "sign",
    code: {
      f32: [
        (x) => `(select (f32.const 1) (select (f32.const -1) (local.tee $s ${x}) (f32.lt (local.get $s) (f32.const 0))) (f32.gt (local.get $s) (f32.const 0)))`,
        (x) => `(v128.bitselect (v128.const f32x4 1 1 1 1) (v128.bitselect (v128.const f32x4 -1 -1 -1 -1) ${x} (f32x4.lt ${x} (v128.const i32x4 0 0 0 0))) (f32x4.gt ${x} (v128.const i32x4 0 0 0 0)))`,
      ],
      f64: [
        (x) => `(select (f64.const 1) (select (f64.const -1) (local.tee $s ${x}) (f64.lt (local.get $s) (f64.const 0))) (f64.gt (local.get $s) (f64.const 0)))`,
        (x) => `(v128.bitselect (v128.const f64x2 1 1) (v128.bitselect (v128.const f64x2 -1 -1) ${x} (f64x2.lt ${x} (v128.const i32x4 0 0 0 0))) (f64x2.gt ${x} (v128.const i32x4 0 0 0 0)))`,
      ],
      i32: [
        (x) => `(i32.sub (i32.gt_s (local.tee $s ${x}) (i32.const 0)) (i32.lt_s (local.get $s) (i32.const 0)))`,
        (x) => `(i32x4.sub (i32x4.lt_s ${x} (v128.const i32x4 0 0 0 0)) (i32x4.gt_s ${x} (v128.const i32x4 0 0 0 0)))`,
      ],
    },
  },
  // x < 0 ? alpha * x : x, the product in float64 as the JavaScript (float32 rounds it once)
  {
    name: "leakyRelu",
    params: {
      f32: (p) => [`(local.set $p0 (f64x2.splat ${p(0)}))`],
      f64: (p) => [`(local.set $p0 (f64x2.splat ${p(0)}))`, `(local.set $q0 ${p(0)})`],
    },
    code: {
      f32: [
        (x) => `(select (f32.demote_f64 (f64.mul (f64.promote_f32 (local.tee $s ${x})) ${param(0)})) (local.get $s) (f32.lt (local.get $s) (f32.const 0)))`,
        (x) =>
          `(v128.bitselect (${JOIN_LOW_HALVES} (f32x4.demote_f64x2_zero (f64x2.mul (f64x2.promote_low_f32x4 ${x}) (local.get $p0))) (f32x4.demote_f64x2_zero (f64x2.mul (f64x2.promote_low_f32x4 (${HIGH} ${x} ${x})) (local.get $p0)))) ${x} (f32x4.lt ${x} (v128.const i32x4 0 0 0 0)))`,
      ],
      f64: [
        (x) => `(select (f64.mul (local.tee $s ${x}) (local.get $q0)) (local.get $s) (f64.lt (local.get $s) (f64.const 0)))`,
        (x) => `(v128.bitselect (f64x2.mul ${x} (local.get $p0)) ${x} (f64x2.lt ${x} (v128.const i32x4 0 0 0 0)))`,
      ],
    },
  },
  // v < low ? low : v > high ? high : v, as the JavaScript: float64 as pmax then pmin (NaN and -0
  // stay); float32 compares x with the float64 bounds (promoted, exactly as the JavaScript does,
  // so a bound that rounds to a float32 zero keeps the sign the JavaScript stores) and selects
  // the bounds rounded to float32
  {
    name: "clip",
    params: {
      // int32: x compared exactly in float64, the bounds stored as ToInt32 makes them
      i32: (p) => [
        `(local.set $r0 (f64x2.splat ${p(0)}))`,
        `(local.set $r1 (f64x2.splat ${p(1)}))`,
        `(local.set $q0 ${toInt32F64(p(0))})`,
        `(local.set $q1 ${toInt32F64(p(1))})`,
        "(local.set $p0 (i32x4.splat (local.get $q0)))",
        "(local.set $p1 (i32x4.splat (local.get $q1)))",
      ],
      // uint8: x < low is x < ceil(low), x > high is x > floor(high), both in [-1, 256] (16-bit
      // lanes hold them); the bounds stored as the low byte of ToInt32
      u8: (p) => [
        `(local.set $r0 (i16x8.splat (i32.trunc_sat_f64_s (f64.min (f64.max (f64.ceil ${p(0)}) (f64.const -1)) (f64.const 256)))))`,
        `(local.set $r1 (i16x8.splat (i32.trunc_sat_f64_s (f64.min (f64.max (f64.floor ${p(1)}) (f64.const -1)) (f64.const 256)))))`,
        `(local.set $q0 ${toInt32F64(p(0))})`,
        `(local.set $q1 ${toInt32F64(p(1))})`,
        "(local.set $p0 (i8x16.splat (local.get $q0)))",
        "(local.set $p1 (i8x16.splat (local.get $q1)))",
      ],
      f32: (p) => [
        `(local.set $r0 (f64x2.splat ${p(0)}))`,
        `(local.set $r1 (f64x2.splat ${p(1)}))`,
        `(local.set $q0 (f32.demote_f64 ${p(0)}))`,
        `(local.set $q1 (f32.demote_f64 ${p(1)}))`,
        "(local.set $p0 (f32x4.splat (local.get $q0)))",
        "(local.set $p1 (f32x4.splat (local.get $q1)))",
      ],
      f64: (p) => [`(local.set $p0 (f64x2.splat ${p(0)}))`, `(local.set $p1 (f64x2.splat ${p(1)}))`, `(local.set $q0 ${p(0)})`, `(local.set $q1 ${p(1)})`],
    },
    code: {
      i32: [clipScalar("f64.convert_i32_s"), (x) => `(v128.bitselect (local.get $p1) (v128.bitselect (local.get $p0) ${x} ${int32Masks(x, "lt", "$r0")}) ${int32Masks(x, "gt", "$r1")})`],
      u8: [
        clipScalar("f64.convert_i32_u"),
        (x) => {
          const mask = (compare: string, bound: string): string =>
            `(i8x16.narrow_i16x8_s (i16x8.${compare}_s (i16x8.extend_low_i8x16_u ${x}) (local.get ${bound})) (i16x8.${compare}_s (i16x8.extend_high_i8x16_u ${x}) (local.get ${bound})))`;
          return `(v128.bitselect (local.get $p1) (v128.bitselect (local.get $p0) ${x} ${mask("lt", "$r0")}) ${mask("gt", "$r1")})`;
        },
      ],
      f32: [
        clipScalar("f64.promote_f32"),
        (x) => {
          const mask = (compare: string, bound: string): string =>
            `(${PAIR_MASKS} (f64x2.${compare} (f64x2.promote_low_f32x4 ${x}) (local.get ${bound})) (f64x2.${compare} (f64x2.promote_low_f32x4 (${HIGH} ${x} ${x})) (local.get ${bound})))`;
          return `(v128.bitselect (local.get $p1) (v128.bitselect (local.get $p0) ${x} ${mask("lt", "$r0")}) ${mask("gt", "$r1")})`;
        },
      ],
      f64: [
        (x) => `(select (local.get $q1) (local.tee $s (select (local.get $q0) (local.tee $s ${x}) (f64.lt (local.get $s) (local.get $q0)))) (f64.gt (local.get $s) (local.get $q1)))`,
        (x) => `(f64x2.pmin (f64x2.pmax ${x} (local.get $p0)) (local.get $p1))`,
      ],
    },
  },
  // clip into bool: the clipped value's truthiness, so per operand 0 or 1 one of two bytes (which
  // bounds give, as the JavaScript's comparisons); runs over the bools' bytes
  {
    name: "clipBool",
    params: {
      u8: (p) => {
        const truthOf = (v: number): string =>
          `(select (i32.const 1) (select (f64.ne ${p(1)} (f64.const 0)) (i32.const ${v}) (f64.gt (f64.const ${v}) ${p(1)})) (f64.lt (f64.const ${v}) ${p(0)}))`;
        return [`(local.set $q0 ${truthOf(0)})`, `(local.set $q1 ${truthOf(1)})`, "(local.set $p0 (i8x16.splat (local.get $q0)))", "(local.set $p1 (i8x16.splat (local.get $q1)))"];
      },
    },
    code: { u8: [(x) => `(select (local.get $q1) (local.get $q0) ${x})`, (x) => `(v128.bitselect (local.get $p1) (local.get $p0) (i8x16.ne ${x} (v128.const i32x4 0 0 0 0)))`] },
  },
  {
    name: "relu",
    code: {
      f32: [(x) => `(select (f32.const 0) (local.tee $s ${x}) (f32.lt (local.get $s) (f32.const 0)))`, (x) => `(f32x4.pmax ${x} (v128.const i32x4 0 0 0 0))`],
      f64: [(x) => `(select (f64.const 0) (local.tee $s ${x}) (f64.lt (local.get $s) (f64.const 0)))`, (x) => `(f64x2.pmax ${x} (v128.const i32x4 0 0 0 0))`],
      i32: [(x) => `(select (local.tee $s ${x}) (i32.const 0) (i32.gt_s (local.get $s) (i32.const 0)))`, (x) => `(i32x4.max_s ${x} (v128.const i32x4 0 0 0 0))`],
    },
  },
];

const SIGN_BITS = "(v128.const i64x2 0x8000000000000000 0x8000000000000000)";
/**
 * NumPy's mod as the JavaScript computes it (`floorMod`: x % y, then a zero takes y's sign and
 * a remainder of the other sign than y has y added) on two f64x2. x % y by `remainder`:
 * - "float32", "int32": x - trunc(x / y) y on exact values, exact where the product is (|x|
 *   below 2^29 |y| for float32 values, every int32). The rounded quotient never reaches the next
 *   integer there: x falls short of a multiple n y by at least 2^-24 |y| (float32; 1 for
 *   integers), more than the quotient's rounding, n 2^-53, while n is below 2^29 (2^31 / |y|
 *   for integers). Other float32 lanes (larger quotients, y = 0, the infinities, NaN) take the
 *   engine's own `%`, imported.
 * - "float64": the function fmodFunction writes, exact for every lane.
 * A block expression with the locals $mx, $my, $mr.
 */
const floorModF64x2 = (x: string, y: string, remainder: "float32" | "int32" | "float64"): string => {
  const get = (name: string): string => `(local.get $m${name})`;
  const lane = (i: number): string => `(call $math_mod (f64x2.extract_lane ${i} ${get("x")}) (f64x2.extract_lane ${i} ${get("y")}))`;
  return [
    "(block (result v128)",
    `(local.set $mx ${x})`,
    `(local.set $my ${y})`,
    remainder === "float64"
      ? `(local.set $mr (call $fmod_f64x2 ${get("x")} ${get("y")}))`
      : `(local.set $mr (f64x2.sub ${get("x")} (f64x2.mul (f64x2.trunc (f64x2.div ${get("x")} ${get("y")})) ${get("y")})))`,
    ...(remainder === "float32"
      ? [
          `(if (v128.any_true (v128.not (v128.and (f64x2.lt (f64x2.abs ${get("x")}) (f64x2.mul (f64x2.abs ${get("y")}) ${f64x2(2 ** 29)})) (f64x2.lt (f64x2.abs ${get("y")}) ${f64x2(Infinity)})))) (then (local.set $mr (f64x2.replace_lane 1 (f64x2.replace_lane 0 ${get("r")} ${lane(0)}) ${lane(1)}))))`,
        ]
      : []),
    `(v128.bitselect (v128.and (f64x2.lt ${get("y")} ${f64x2(0)}) ${SIGN_BITS}) (v128.bitselect (f64x2.add ${get("r")} ${get("y")}) ${get("r")} (v128.xor (f64x2.lt ${get("r")} ${f64x2(0)}) (f64x2.lt ${get("y")} ${f64x2(0)}))) (f64x2.eq ${get("r")} ${f64x2(0)})))`,
  ].join(" ");
};
/**
 * x % y of two f64x2 of doubles, bit for bit JavaScript's (C's fmod: exact, x's sign), without
 * a fused multiply-add. On |x| and |y|: q = trunc(|x| / |y|) is the true quotient's integer
 * part or one above it (a rounded quotient can reach an integer from below, never fall under
 * one it is above); p = q |y| rounded and its error e (Dekker's product of the two halves of
 * q and of |y|, each split by 2^27 + 1) give q |y| = p + e exactly. |x| - p is exact
 * (Sterbenz: p lies in [|x| / 2, 2 |x|] for q >= 1; p = 0 for q = 0), and (|x| - p) - e is the
 * true remainder, representable, so the rounding leaves it; a negative one (q one too many)
 * has |y| added, again exactly. The result takes x's sign, zero included. Lanes outside the
 * range the argument needs (|y| in [2^-900, 2^995] so the halves' products neither underflow
 * nor overflow, |x| up to 2^995, a quotient below 2^52; y = 0, the infinities, NaN) take the
 * engine's own `%`, imported.
 */
const fmodFunction = (): string => {
  const get = (name: string): string => `(local.get $m${name})`;
  const split = f64x2(2 ** 27 + 1);
  const statements = [
    `(local.set $ma (f64x2.abs ${get("x")}))`,
    `(local.set $mb (f64x2.abs ${get("y")}))`,
    `(local.set $mq (f64x2.trunc (f64x2.div ${get("a")} ${get("b")})))`,
    `(local.set $mp (f64x2.mul ${get("q")} ${get("b")}))`,
    // q = qh + ql and |y| = bh + bl, each half at most 26 bits
    `(local.set $mc (f64x2.mul ${split} ${get("q")}))`,
    `(local.set $mh (f64x2.sub ${get("c")} (f64x2.sub ${get("c")} ${get("q")})))`,
    `(local.set $ml (f64x2.sub ${get("q")} ${get("h")}))`,
    `(local.set $mc (f64x2.mul ${split} ${get("b")}))`,
    `(local.set $mk (f64x2.sub ${get("c")} (f64x2.sub ${get("c")} ${get("b")})))`,
    `(local.set $mj (f64x2.sub ${get("b")} ${get("k")}))`,
    // e = ((qh bh - p) + qh bl + ql bh) + ql bl
    `(local.set $mc (f64x2.add (f64x2.add (f64x2.add (f64x2.sub (f64x2.mul ${get("h")} ${get("k")}) ${get("p")}) (f64x2.mul ${get("h")} ${get("j")})) (f64x2.mul ${get("l")} ${get("k")})) (f64x2.mul ${get("l")} ${get("j")})))`,
    `(local.set $mr (f64x2.sub (f64x2.sub ${get("a")} ${get("p")}) ${get("c")}))`,
    `(local.set $mr (v128.bitselect (f64x2.add ${get("r")} ${get("b")}) ${get("r")} (f64x2.lt ${get("r")} ${f64x2(0)})))`,
    `(local.set $mr (v128.bitselect ${get("x")} ${get("r")} ${SIGN_BITS}))`,
    `(if (v128.any_true (v128.not (v128.and (v128.and (f64x2.ge ${get("b")} ${f64x2(2 ** -900)}) (f64x2.le ${get("b")} ${f64x2(2 ** 995)})) (v128.and (f64x2.le ${get("a")} ${f64x2(2 ** 995)}) (f64x2.lt ${get("a")} (f64x2.mul ${get("b")} ${f64x2(2 ** 52)})))))) (then (local.set $mr (f64x2.replace_lane 1 (f64x2.replace_lane 0 ${get("r")} (call $math_mod (f64x2.extract_lane 0 ${get("x")}) (f64x2.extract_lane 0 ${get("y")}))) (call $math_mod (f64x2.extract_lane 1 ${get("x")}) (f64x2.extract_lane 1 ${get("y")}))))))`,
  ];
  return `
  ;; x % y of two float64 lanes, exact (fmodFunction in scripts/wat/elementwise.ts)
  (func $fmod_f64x2 (param $mx v128) (param $my v128) (result v128) ${["a", "b", "q", "p", "c", "h", "l", "k", "j", "r"].map((name) => `(local $m${name} v128)`).join(" ")}
${statements.map((line) => `    ${line}`).join("\n")}
    ${get("r")})`;
};
/** Four lanes of a 32-bit vector as two f64x2 (`widen` of the low two, and of the high two), the op on each, narrowed back and joined. */
const byHalves = (left: string, right: string, widen: string, narrow: string, remainder: "float32" | "int32"): string =>
  `(${JOIN_LOW_HALVES} (${narrow} ${floorModF64x2(`(${widen} ${left})`, `(${widen} ${right})`, remainder)}) (${narrow} ${floorModF64x2(`(${widen} (${HIGH} ${left} ${left}))`, `(${widen} (${HIGH} ${right} ${right}))`, remainder)}))`;
/**
 * uint8 mod: x % y of bytes (no sign to fix) in float32, sixteen lanes as four: the quotient of
 * two values below 256 never rounds up to the next integer, and r = x - q y is exact; y = 0
 * gives NaN, stored as 0, as the JavaScript's NaN is.
 */
const modBytes = (left: string, right: string): string => {
  const words = (bytes: string): string[] => byteWords(bytes).map((w) => `(f32x4.convert_i32x4_u ${w})`);
  const [xs, ys] = [words("(local.get $mx)"), words("(local.get $my)")];
  const r = xs.map((x, k) => `(i32x4.trunc_sat_f32x4_u (f32x4.sub ${x} (f32x4.mul (f32x4.trunc (f32x4.div ${x} ${ys[k]})) ${ys[k]})))`);
  return `(block (result v128) (local.set $mx ${left}) (local.set $my ${right}) (i8x16.narrow_i16x8_u (i16x8.narrow_i32x4_u ${r[0]} ${r[1]}) (i16x8.narrow_i32x4_u ${r[2]} ${r[3]})))`;
};
/** A scalar op as its vector code on splatted operands, lane 0 kept. */
const scalarByVector =
  (vector: (left: string, right: string) => string, splat: string, extract: string) =>
  (left: string, right: string): string =>
    `(${extract} ${vector(`(${splat} ${left})`, `(${splat} ${right})`)})`;

/** Where C's pow, and so the JavaScript's powC, is 1 and JavaScript's `**` NaN: x = 1 to a NaN or infinite power, x = -1 to an infinite one. */
const cPowOnes = (x: string, y: string): string => `(v128.or (f64x2.eq ${x} ${f64x2(1)}) (v128.and (f64x2.eq ${x} ${f64x2(-1)}) (f64x2.eq (f64x2.abs ${y}) ${f64x2(Infinity)})))`;

/**
 * float32 pow as the JavaScript's powC computes it (`x ** y` in float64, but 1 for x = 1 and for
 * x = -1 to an infinite power), on two f64x2 of float32 values: exp(y log|x|) with ./math.ts's
 * float32 exp and log (a few float64 ulps, so within one float32 ulp of the rounded result),
 * negated for x with its sign bit set and y an odd integer, NaN for a finite negative x and a
 * y that is not an integer, 1 for y = 0, x = 1, and x = -1 to an infinite power. The limits
 * come out of the sequences: log(0) = -Infinity, log(Infinity) = Infinity, exp's clamps.
 */
const powFunction = (): string => {
  const get = (name: string): string => `(local.get $m${name})`;
  const statements = [
    `(local.set $et (f64x2.abs ${get("x")}))`,
    logInPlace("e", ""),
    `(local.set $et (f64x2.mul (local.get $et) ${get("y")}))`,
    expInPlace("e", "", EXP_CEILING),
    // $mr: y is an odd integer
    `(local.set $mr ${oddInteger(get("y"))})`,
    `(local.set $et (v128.bitselect (f64x2.neg (local.get $et)) (local.get $et) (v128.and ${get("r")} (i64x2.lt_s ${get("x")} (v128.const i64x2 0 0)))))`,
    `(local.set $et (v128.bitselect ${f64x2(NaN)} (local.get $et) (v128.and (v128.and (f64x2.lt ${get("x")} ${f64x2(0)}) (f64x2.gt ${get("x")} ${f64x2(-Infinity)})) (f64x2.ne ${get("y")} (f64x2.trunc ${get("y")})))))`,
    `(v128.bitselect ${f64x2(1)} (local.get $et) (v128.or (f64x2.eq ${get("y")} ${f64x2(0)}) ${cPowOnes(get("x"), get("y"))}))`,
  ];
  return `
  ;; pow of two float64 lanes of float32 values (powFunction in scripts/wat/elementwise.ts)
  (func $pow_f64x2 (param $mx v128) (param $my v128) (result v128) (local $mr v128) ${mathLocals({ name: "pow", math: () => [] })}
${statements.map((line) => line.replace(/^/gm, "    ")).join("\n")})`;
};
/**
 * float64 pow as the JavaScript's powC computes it: ./math.ts's powExact (e_pow.c's algorithm, so
 * `x ** y` bit for bit where the engine's is fdlibm's), then C's 1 for x = 1 and for x = -1 to an
 * infinite power. Two functions: one of a vector of each operand, and one of two vectors of each
 * (the two-vector turns), which interleaves the two sequences statement by statement and stores
 * both results: each sequence is one long chain of dependent instructions, and two chains side by
 * side take two thirds of the time of one after the other (the module's bytes: 4.4 kB for the one
 * function, 6.8 more for the pair).
 */
const powExactFunctions = (): string => {
  const locals = (prefix: string): string => POW_SCRATCH.map((name) => `(local $${prefix}${name} v128)`).join(" ");
  const statements = (lines: string[]): string => lines.map((line) => line.replace(/^/gm, "    ")).join("\n");
  const result = (prefix: string): string => `(v128.bitselect ${f64x2(1)} (local.get $${prefix}z) ${cPowOnes(`(local.get $${prefix}x)`, `(local.get $${prefix}y)`)})`;
  const [p, q] = [powExact("p"), powExact("q")];
  return `
  ;; pow of two float64 lanes, e_pow.c's (powExactFunctions in scripts/wat/elementwise.ts)
  (func $pow_exact_f64x2 (param $px v128) (param $py v128) (result v128) ${locals("p")}
${statements(p)}
    ${result("p")})

  ;; pow of two vectors of each operand, the two sequences interleaved, stored at $o and 16 bytes on
  (func $pow_exact_f64x2_pair (param $o i32) (param $px v128) (param $py v128) (param $qx v128) (param $qy v128) ${locals("p")} ${locals("q")}
${statements(p.flatMap((statement, i) => [statement, q[i]!]))}
    (v128.store (local.get $o) ${result("p")})
    (v128.store offset=16 (local.get $o) ${result("q")}))`;
};
const powF64 = (left: string, right: string): string => `(call $pow_exact_f64x2 ${left} ${right})`;

/** pow of two f64x2 of float32 values: a call of the function powFunction writes. */
const powF64x2 = (x: string, y: string): string => `(call $pow_f64x2 ${x} ${y})`;
const powF32 = (left: string, right: string): string =>
  `(${JOIN_LOW_HALVES} (f32x4.demote_f64x2_zero ${powF64x2(`(f64x2.promote_low_f32x4 ${left})`, `(f64x2.promote_low_f32x4 ${right})`)}) (f32x4.demote_f64x2_zero ${powF64x2(`(f64x2.promote_low_f32x4 (${HIGH} ${left} ${left}))`, `(f64x2.promote_low_f32x4 (${HIGH} ${right} ${right}))`)}))`;

/**
 * Integer pow as the JavaScript's integerPow: square and multiply, each product modulo 2^32
 * (Math.imul's; `i32x4.mul`, or 16-bit lanes for bytes, whose low byte is the same), the
 * exponent's bits taken one a turn until every lane's is 0 (the op refused negative exponents
 * before anything ran). `lanes`: "i32x4", or "i16x8" for 16 bytes in two halves.
 */
const integerPowLoop = (base: string, exponent: string, lanes: "i32x4" | "i16x8"): string =>
  [
    "(block (result v128)",
    `(local.set $mx ${base})`,
    `(local.set $my ${exponent})`,
    `(local.set $mr (${lanes}.splat (i32.const 1)))`,
    "(block $powered (loop $square",
    "(br_if $powered (i32.eqz (v128.any_true (local.get $my))))",
    `(local.set $mr (v128.bitselect (${lanes}.mul (local.get $mr) (local.get $mx)) (local.get $mr) (${lanes}.ne (v128.and (local.get $my) (${lanes}.splat (i32.const 1))) (v128.const i32x4 0 0 0 0))))`,
    `(local.set $mx (${lanes}.mul (local.get $mx) (local.get $mx)))`,
    `(local.set $my (${lanes}.shr_u (local.get $my) (i32.const 1)))`,
    "(br $square)))",
    "(local.get $mr))",
  ].join(" ");
const powI32 = (left: string, right: string): string => integerPowLoop(left, right, "i32x4");
/** Bytes: each half widened to 16-bit lanes (base and exponent), powered, the low bytes joined. */
const powBytes = (left: string, right: string): string =>
  `(i8x16.shuffle 0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 ${["low", "high"]
    .map((half) => integerPowLoop(`(i16x8.extend_${half}_i8x16_u ${left})`, `(i16x8.extend_${half}_i8x16_u ${right})`, "i16x8"))
    .join(" ")})`;

const modF32 = (left: string, right: string): string => byHalves(left, right, "f64x2.promote_low_f32x4", "f32x4.demote_f64x2_zero", "float32");
const modI32 = (left: string, right: string): string => byHalves(left, right, "f64x2.convert_low_i32x4_s", "i32x4.trunc_sat_f64x2_s_zero", "int32");
const modF64 = (left: string, right: string): string => floorModF64x2(left, right, "float64");

export const BINARY_OPS: readonly BinaryOpCode[] = [
  {
    name: "add",
    code: { f32: ["f32.add", "f32x4.add"], f64: ["f64.add", "f64x2.add"], i32: ["i32.add", "i32x4.add"], u8: ["i32.add", "i8x16.add"] },
  },
  {
    name: "sub",
    code: { f32: ["f32.sub", "f32x4.sub"], f64: ["f64.sub", "f64x2.sub"], i32: ["i32.sub", "i32x4.sub"], u8: ["i32.sub", "i8x16.sub"] },
  },
  { name: "mul", code: { f32: ["f32.mul", "f32x4.mul"], f64: ["f64.mul", "f64x2.mul"], i32: ["i32.mul", "i32x4.mul"], u8: ["i32.mul", mulBytes] } },
  { name: "div", code: { f32: ["f32.div", "f32x4.div"], f64: ["f64.div", "f64x2.div"] } },
  // pow: float64 as e_pow.c (the JavaScript's bits where its ** is fdlibm's), float32 and the integers
  {
    name: "pow",
    fdlibm: true,
    pairs: { f64: (at, left0, right0, left1, right1) => `(call $pow_exact_f64x2_pair ${at} ${left0} ${right0} ${left1} ${right1})` },
    costly: ["f64", "f32"],
    code: {
      f64: [scalarByVector(powF64, "f64x2.splat", "f64x2.extract_lane 0"), powF64],
      f32: [scalarByVector(powF32, "f32x4.splat", "f32x4.extract_lane 0"), powF32],
      i32: [scalarByVector(powI32, "i32x4.splat", "i32x4.extract_lane 0"), powI32],
      u8: [scalarByVector(powBytes, "i8x16.splat", "i8x16.extract_lane_u 0"), powBytes],
    },
  },
  // NumPy's mod (floorMod)
  {
    name: "mod",
    code: {
      f64: [scalarByVector(modF64, "f64x2.splat", "f64x2.extract_lane 0"), modF64],
      f32: [scalarByVector(modF32, "f32x4.splat", "f32x4.extract_lane 0"), modF32],
      i32: [scalarByVector(modI32, "i32x4.splat", "i32x4.extract_lane 0"), modI32],
      u8: [scalarByVector(modBytes, "i8x16.splat", "i8x16.extract_lane_u 0"), modBytes],
    },
  },
  // Math.max and Math.min: NaN wins, and +0 is above -0, as the f32x4/f64x2 instructions;
  // integers compare signed (int32) or unsigned (uint8)
  {
    name: "maximum",
    code: {
      f32: ["f32.max", "f32x4.max"],
      f64: ["f64.max", "f64x2.max"],
      i32: ["(; max_s ;)", "i32x4.max_s"],
      u8: ["(; max_u ;)", "i8x16.max_u"],
    },
  },
  {
    name: "minimum",
    code: {
      f32: ["f32.min", "f32x4.min"],
      f64: ["f64.min", "f64x2.min"],
      i32: ["(; min_s ;)", "i32x4.min_s"],
      u8: ["(; min_u ;)", "i8x16.min_u"],
    },
  },
];

/**
 * A comparison: a bool (uint8, 0 or 1) per element from two operands of the
 * dtype it computes in; per dtype its scalar and vector instruction (NaN
 * compares false but for `ne`, -0 equals +0, as JavaScript's operators have it;
 * int32 compares signed, uint8 and bool unsigned).
 * A logical op (`combine`) compares each operand with 0 by the dtype's `ne` (NaN is true) and
 * combines the two masks by `v128.<combine>` (`i32.<combine>` in the scalar code).
 */
export interface CompareOpCode {
  readonly name: string;
  readonly compare: true;
  readonly code: Partial<Record<string, readonly [Instruction, Instruction]>>;
  readonly combine?: "and" | "or" | "xor";
}

/** An instruction applied to two operands, or an expression of them. */
type Instruction = string | ((left: string, right: string) => string);
const applied = (instruction: Instruction, left: string, right: string): string =>
  typeof instruction === "function" ? instruction(left, right) : `(${instruction} ${left} ${right})`;

const comparison = (name: string, float: string, signed: string, unsigned: string): CompareOpCode => ({
  name,
  compare: true,
  code: {
    f32: [`f32.${float}`, `f32x4.${float}`],
    f64: [`f64.${float}`, `f64x2.${float}`],
    i32: [`i32.${signed}`, `i32x4.${signed}`],
    u8: [`i32.${unsigned}`, `i8x16.${unsigned}`],
    b8: [`i32.${unsigned}`, `i8x16.${unsigned}`],
  },
});

/** Logical ops: each operand's mask of `ne 0` in its dtype (NaN is true, -0 false, as `x !== 0`), combined. */
const logical = (name: string, combine: "and" | "or" | "xor"): CompareOpCode => ({ ...comparison(name, "ne", "ne", "ne"), combine });

export const COMPARE_OPS: readonly CompareOpCode[] = [
  comparison("equal", "eq", "eq", "eq"),
  comparison("notEqual", "ne", "ne", "ne"),
  comparison("less", "lt", "lt_s", "lt_u"),
  comparison("lessEqual", "le", "le_s", "le_u"),
  comparison("greater", "gt", "gt_s", "gt_u"),
  comparison("greaterEqual", "ge", "ge_s", "ge_u"),
  logical("logicalAnd", "and"),
  logical("logicalOr", "or"),
  logical("logicalXor", "xor"),
  // a test of values (unary: b is a again): |x| < Infinity, false for NaN
  {
    name: "isFinite",
    compare: true,
    code: {
      f32: [(x) => `(f32.lt (f32.abs ${x}) (f32.const inf))`, (x) => `(f32x4.lt (f32x4.abs ${x}) (v128.const f32x4 inf inf inf inf))`],
      f64: [(x) => `(f64.lt (f64.abs ${x}) (f64.const inf))`, (x) => `(f64x2.lt (f64x2.abs ${x}) (v128.const f64x2 inf inf))`],
    },
  },
];

/**
 * A cast `cast_<from>` to each dtype in `code`: per output dtype the scalar
 * conversion ("" for none) and the stores of one turn of `elements` from the operand's
 * vector loads (`at(offset)`). Each is what a typed array's store does with the
 * value: float32 to float64 and int32 to float64 exactly, float64 to float32
 * rounded to nearest, ties to even.
 */
export interface CastOpCode {
  readonly name: string;
  readonly from: string;
  readonly code: Partial<Record<string, readonly [string | ((x: string) => string), (at: (offset: number) => string) => string[]]>>;
  /** Elements a turn (4 unless given): a byte input reads 16 a turn. */
  readonly elements?: number;
}

/** A widening cast's turn: the low two lanes converted into one vector, the high two into the next. */
const widen =
  (convert: string) =>
  (at: (offset: number) => string): string[] => [
    `(v128.store (local.get $x) (${convert} ${at(0)}))`,
    `(v128.store offset=16 (local.get $x) (${convert} (${HIGH} ${at(0)} ${at(0)})))`,
  ];

/**
 * A float32 as a typed array's store makes it an int32 (ToInt32: truncated, modulo 2^32, NaN
 * and the infinities 0): exact through int64 below 2^63, and 0 from there (every float32 that
 * large is a multiple of 2^40).
 */
const toInt32 = (x: string): string => `(select (i32.const 0) (i32.wrap_i64 (i64.trunc_sat_f32_s ${x})) (f32.ge (f32.abs ${x}) (f32.const 0x1p63)))`;
/** Byte 0 of each 32-bit lane, in the first four bytes. */
const LOW_BYTES = "0 4 8 12 0 4 8 12 0 4 8 12 0 4 8 12";
/**
 * A turn of four float32 into int32 (or their low bytes): one vector truncation
 * (`trunc_sat`) when every |x| is below 2^31, where it is ToInt32; else the four one by one.
 */
const toInt32Turn = (x: string, stores: (words: string) => string[], scalarStore: string, width: number): string[] => [
  `(if (v128.any_true (f32x4.ge (f32x4.abs ${x}) (v128.const f32x4 0x1p31 0x1p31 0x1p31 0x1p31))) (then`,
  ...[0, 1, 2, 3].map((k) => `  (${scalarStore}${k === 0 ? "" : ` offset=${k * width}`} (local.get $x) ${toInt32(`(f32.load${k === 0 ? "" : ` offset=${4 * k}`} (local.get $y))`)})`),
  ") (else",
  ...stores(`(i32x4.trunc_sat_f32x4_s ${x})`).map((line) => `  ${line}`),
  "))",
];
/**
 * A float64 as a typed array's store makes it an int32 (ToInt32): through int64 below 2^63;
 * from there the low 32 bits of the integer it is (its significand shifted left by its
 * exponent less 52, 0 once that shift reaches 32, as for the infinities and NaN), negated below 0.
 */
const toInt32F64 = (x: string): string => {
  // (select evaluates its operands in order: the first sets $d, the second $e before the third reads it)
  const bits = "(i64.reinterpret_f64 (local.get $d))";
  const shift = `(local.tee $e (i64.sub (i64.and (i64.shr_u ${bits} (i64.const 52)) (i64.const 0x7ff)) (i64.const 1075)))`;
  const low = `(i32.wrap_i64 (i64.shl (i64.or (i64.and ${bits} (i64.const 0xfffffffffffff)) (i64.const 0x10000000000000)) ${shift}))`;
  const large = `(select (i32.const 0) (select (i32.sub (i32.const 0) ${low}) ${low} (f64.lt (local.get $d) (f64.const 0))) (i64.ge_s (local.get $e) (i64.const 32)))`;
  return `(select (i32.wrap_i64 (i64.trunc_sat_f64_s (local.tee $d ${x}))) ${large} (f64.lt (f64.abs (local.get $d)) (f64.const 0x1p63)))`;
};
/**
 * A turn of four float64 (two vectors) into int32 (or their low bytes): vector truncations
 * when every |x| is below 2^31, where they are ToInt32; else the four one by one.
 */
const toInt32TurnF64 = (at: (offset: number) => string, stores: (words: string) => string[], scalarStore: string, width: number): string[] => [
  `(if (v128.any_true (v128.or (f64x2.ge (f64x2.abs ${at(0)}) ${f64x2(2 ** 31)}) (f64x2.ge (f64x2.abs ${at(16)}) ${f64x2(2 ** 31)}))) (then`,
  ...[0, 1, 2, 3].map((k) => `  (${scalarStore}${k === 0 ? "" : ` offset=${k * width}`} (local.get $x) ${toInt32F64(`(f64.load${k === 0 ? "" : ` offset=${8 * k}`} (local.get $y))`)})`),
  ") (else",
  ...stores(`(${JOIN_LOW_HALVES} (i32x4.trunc_sat_f64x2_s_zero ${at(0)}) (i32x4.trunc_sat_f64x2_s_zero ${at(16)}))`).map((line) => `  ${line}`),
  "))",
];
/** The four i32x4 of 16 bytes, zero-extended, in order. */
const byteWords = (bytes: string): string[] =>
  ["low", "high"].flatMap((half) => ["low", "high"].map((quarter) => `(i32x4.extend_${quarter}_i16x8_u (i16x8.extend_${half}_i8x16_u ${bytes}))`));
/** The k-th vector of a turn's output. */
const store = (k: number, value: string): string => `(v128.store${k === 0 ? "" : ` offset=${16 * k}`} (local.get $x) ${value})`;

export const CAST_OPS: readonly CastOpCode[] = [
  {
    name: "cast_f32",
    from: "f32",
    code: {
      f64: ["f64.promote_f32", widen("f64x2.promote_low_f32x4")],
      i32: [toInt32, (at) => toInt32Turn(at(0), (words) => [`(v128.store (local.get $x) ${words})`], "i32.store", 4)],
      u8: [toInt32, (at) => toInt32Turn(at(0), (words) => [`(v128.store32_lane 0 (local.get $x) (i8x16.shuffle ${LOW_BYTES} ${words} ${words}))`], "i32.store8", 1)],
    },
  },
  {
    name: "cast_f64",
    from: "f64",
    code: {
      f32: [
        "f32.demote_f64",
        (at) => [`(v128.store (local.get $x) (${JOIN_LOW_HALVES} (f32x4.demote_f64x2_zero ${at(0)}) (f32x4.demote_f64x2_zero ${at(16)})))`],
      ],
      i32: [toInt32F64, (at) => toInt32TurnF64(at, (words) => [`(v128.store (local.get $x) ${words})`], "i32.store", 4)],
      u8: [toInt32F64, (at) => toInt32TurnF64(at, (words) => [`(v128.store32_lane 0 (local.get $x) (i8x16.shuffle ${LOW_BYTES} ${words} ${words}))`], "i32.store8", 1)],
    },
  },
  {
    name: "cast_i32",
    from: "i32",
    code: {
      f64: ["f64.convert_i32_s", widen("f64x2.convert_low_i32x4_s")],
      // rounded to nearest, ties to even, once: what storing the (exact) double into a Float32Array does
      f32: ["f32.convert_i32_s", (at) => [`(v128.store (local.get $x) (f32x4.convert_i32x4_s ${at(0)}))`]],
      // the low byte of each, as a Uint8Array's store keeps it
      u8: ["", (at) => [`(v128.store32_lane 0 (local.get $x) (i8x16.shuffle ${LOW_BYTES} ${at(0)} ${at(0)}))`]],
    },
  },
  // bytes (uint8, and bools, stored alike) widened exactly: 16 a turn, four i32x4 of them
  {
    name: "cast_u8",
    from: "u8",
    elements: 16,
    code: {
      i32: ["", (at) => byteWords(at(0)).map((words, k) => store(k, words))],
      f32: ["f32.convert_i32_u", (at) => byteWords(at(0)).map((words, k) => store(k, `(f32x4.convert_i32x4_u ${words})`))],
      f64: [
        "f64.convert_i32_u",
        (at) => byteWords(at(0)).flatMap((words, k) => [store(2 * k, `(f64x2.convert_low_i32x4_u ${words})`), store(2 * k + 1, `(f64x2.convert_low_i32x4_u (${HIGH} ${words} ${words}))`)]),
      ],
    },
  },
];


/**
 * A unary op whose JavaScript result comes from `Math` (ECMAScript leaves
 * those to each engine's approximation). In float32 (`math`): computed in
 * float64 with the fast exp and log of ./math.ts, each result within one
 * float32 ulp of the JavaScript kernel's. In float64 (`float64`): with
 * ./math.ts's exact sequences, fdlibm's algorithms as V8 runs them, so the
 * JavaScript's bits. The statements build the result from the float64 value
 * of the argument in the local `$et` into `$et`, with the sequences written
 * on `$et` (`prefix` "e").
 */
export interface MathOpCode {
  readonly name: string;
  readonly math: (sequences: Sequences) => string[];
  /** More v128 locals its sequence uses. */
  readonly locals?: readonly string[];
  /**
   * Its float64 kernel, which stores the JavaScript's bits: `true` where its JavaScript is
   * `math` around `Math.exp` or `Math.log` and IEEE arithmetic (run with ./math.ts's exact
   * exp and log), or the float64 statements, written as the JavaScript computes, with the exact
   * sequences (expm1 and log1p too).
   */
  readonly float64?: true | ((sequences: Required<Sequences>) => string[]);
}

/** The sequences a Math op's statements write on `$et`: exp and log, and in float64 expm1 and log1p. */
interface Sequences {
  readonly exp: (ceiling?: number) => string;
  readonly log: () => string;
  readonly expm1?: () => string;
  readonly log1p?: () => string;
}

/** Below this |x|, tanh's series; above, 1 - 2 / (exp(2|x|) + 1), which would lose x's digits to cancellation below it. */
const TANH_SERIES_BELOW = 2 ** -10;
/** -0 where the argument (`$hx`) was -Infinity. */
const minusZeroAtMinusInfinity = `(local.set $et (v128.bitselect ${f64x2(-0)} (local.get $et) (f64x2.eq (local.get $hx) ${f64x2(-Infinity)})))`;

/**
 * log1p(e) for e = exp(-|x|) in (0, 1], from `log`: log(u) e / (u - 1) with u = 1 + e (u - 1
 * is exact, and the quotient puts back what rounding 1 + e lost), e itself where u is 1.
 */
const softplusOp = (name: string, negated: boolean): MathOpCode => ({
  name,
  locals: ["$hx", "$hs", "$hu"],
  // float64, as the JavaScript: x > 0 ? x + log1p(exp(-x)) : log1p(exp(x)), exp(-|x|) either way
  float64: ({ exp, log1p }) => [
    `(local.set $hx ${negated ? "(f64x2.neg (local.get $et))" : "(local.get $et)"})`,
    "(local.set $et (f64x2.neg (f64x2.abs (local.get $hx))))",
    exp(),
    log1p(),
    `(local.set $et (v128.bitselect (f64x2.add (local.get $hx) (local.get $et)) (local.get $et) (f64x2.gt (local.get $hx) ${f64x2(0)})))`,
    ...(negated ? ["(local.set $et (f64x2.neg (local.get $et)))"] : []),
  ],
  math: ({ exp, log }) => [
    `(local.set $hx ${negated ? "(f64x2.neg (local.get $et))" : "(local.get $et)"})`,
    "(local.set $et (f64x2.neg (f64x2.abs (local.get $hx))))",
    exp(),
    "(local.set $hs (local.get $et))",
    `(local.set $et (f64x2.add ${f64x2(1)} (local.get $hs)))`,
    "(local.set $hu (local.get $et))",
    log(),
    `(local.set $et (f64x2.mul (local.get $et) (f64x2.div (local.get $hs) (f64x2.sub (local.get $hu) ${f64x2(1)}))))`,
    `(local.set $et (v128.bitselect (local.get $hs) (local.get $et) (f64x2.eq (local.get $hu) ${f64x2(1)})))`,
    `(local.set $et (f64x2.add (f64x2.pmax (local.get $hx) ${f64x2(0)}) (local.get $et)))`,
    ...(negated ? ["(local.set $et (f64x2.neg (local.get $et)))"] : []),
  ],
});

/** From this |x| on, sin and cos call the engine's own `Math.sin` / `Math.cos` (imported): k = x 2/pi stays below 2^18, so k times each 33-bit part of pi/2 is exact. */
const TRIG_REDUCED_BELOW = 2 ** 18;
/** pi/2 in three parts of 33 significant bits each (the splits of fdlibm's e_rem_pio2.c). */
const PIO2 = [1.57079632673412561417, 6.0771005063039659766e-11, 2.02226624871116645580e-21];
/** Taylor coefficients of sin(r)/r - 1 and cos(r) - 1 in z = r^2, to r^15 and r^16: under 1e-16 relative left out for |r| <= pi/4. */
const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
const SIN_TERMS = [3, 5, 7, 9, 11, 13, 15].map((n, i) => (i % 2 === 0 ? -1 : 1) / factorial(n));
const COS_TERMS = [2, 4, 6, 8, 10, 12, 14, 16].map((n, i) => (i % 2 === 0 ? -1 : 1) / factorial(n));

/**
 * float32 sin or cos, in float64: x = k pi/2 + r (k = x 2/pi rounded, r from the three parts of
 * pi/2, exact products, so r keeps its digits near the multiples of pi/2), sin(r) and cos(r) by
 * their Taylor polynomials, chosen and signed by k mod 4; x itself for sin below |x| = 2^-26
 * (-0 stays -0); from 2^18 on, and for the infinities, the engine's Math function of each lane
 * (imported), which is what the JavaScript stores.
 */
const trigOp = (name: "sin" | "cos"): MathOpCode => {
  const poly = (terms: readonly number[], z: string): string =>
    terms.slice(0, -1).reverse().reduce((inner, c) => `(f64x2.add ${f64x2(c)} (f64x2.mul ${z} ${inner}))`, f64x2(terms[terms.length - 1]!));
  const lane = (i: number): string => `(call $math_${name} (f64x2.extract_lane ${i} (local.get $hx)))`;
  return {
    name,
    locals: ["$hx", "$hk", "$hr", "$hz", "$hs", "$hc", "$hq", ...TRIG_SCRATCH.map((local) => `$e${local}`)],
    // float64: fdlibm's, as Math.sin and Math.cos in Node (./math.ts)
    float64: () => [trigExactInPlace("e", "", name)],
    math: () => [
      "(local.set $hx (local.get $et))",
      `(local.set $hk (f64x2.nearest (f64x2.mul (local.get $hx) ${f64x2(2 / Math.PI)})))`,
      `(local.set $hr (f64x2.sub (f64x2.sub (f64x2.sub (local.get $hx) (f64x2.mul (local.get $hk) ${f64x2(PIO2[0]!)})) (f64x2.mul (local.get $hk) ${f64x2(PIO2[1]!)})) (f64x2.mul (local.get $hk) ${f64x2(PIO2[2]!)})))`,
      "(local.set $hz (f64x2.mul (local.get $hr) (local.get $hr)))",
      `(local.set $hs (f64x2.add (local.get $hr) (f64x2.mul (f64x2.mul (local.get $hr) (local.get $hz)) ${poly(SIN_TERMS, "(local.get $hz)")})))`,
      `(local.set $hc (f64x2.add ${f64x2(1)} (f64x2.mul (local.get $hz) ${poly(COS_TERMS, "(local.get $hz)")})))`,
      // $hq: k mod 4, in 0..3
      `(local.set $hq (f64x2.sub (local.get $hk) (f64x2.mul ${f64x2(4)} (f64x2.floor (f64x2.mul (local.get $hk) ${f64x2(0.25)})))))`,
      // odd quadrants swap sin and cos; sin is negated in quadrants 2 and 3, cos in 1 and 2
      `(local.set $et (v128.bitselect ${name === "sin" ? "(local.get $hc) (local.get $hs)" : "(local.get $hs) (local.get $hc)"} (v128.or (f64x2.eq (local.get $hq) ${f64x2(1)}) (f64x2.eq (local.get $hq) ${f64x2(3)}))))`,
      name === "sin"
        ? `(local.set $et (v128.bitselect (f64x2.neg (local.get $et)) (local.get $et) (f64x2.ge (local.get $hq) ${f64x2(2)})))`
        : `(local.set $et (v128.bitselect (f64x2.neg (local.get $et)) (local.get $et) (v128.or (f64x2.eq (local.get $hq) ${f64x2(1)}) (f64x2.eq (local.get $hq) ${f64x2(2)}))))`,
      ...(name === "sin" ? [`(local.set $et (v128.bitselect (local.get $hx) (local.get $et) (f64x2.lt (f64x2.abs (local.get $hx)) ${f64x2(2 ** -26)})))`] : []),
      `(if (v128.any_true (f64x2.ge (f64x2.abs (local.get $hx)) ${f64x2(TRIG_REDUCED_BELOW)})) (then (local.set $et (f64x2.replace_lane 1 (f64x2.replace_lane 0 (local.get $et) ${lane(0)}) ${lane(1)}))))`,
    ],
  };
};

/** Where erf's series gives way to erfc's continued fraction (as src/kernels/erf.ts), and the terms and depth each takes for float32 results (1e-13 and 1e-11 relative at 2.5, measured against src/kernels/erf.ts). */
const ERF_SERIES_BELOW = 2.5;
const ERF_SERIES_TERMS = 32;
const ERFC_FRACTION_DEPTH = 20;
/** From here erf is 1 in float32 (erfc(6) is 2e-17). */
const ERF_ONE_FROM = 6;

/**
 * The two float64 functions float32 erf and gelu call, without their exp(-a^2) (the op makes
 * it once, for the lane's own a): the sum of erf's series of positive terms, sum 2^n a^(2n+1) /
 * (1 3 ... (2n+1)) (erf = 2/sqrt(pi) exp(-a^2) sum, for a below 2.5), and the denominator of
 * erfc's continued fraction, a + (1/2)/(a + 1/(a + (3/2)/(a + ...))) evaluated backwards (erfc =
 * exp(-a^2) / sqrt(pi) / it, from 2.5 on). With the float32 kernels' exp, a few float64 ulps
 * where float32 needs 2^-24: within one float32 ulp of src/kernels/erf.ts's values.
 */
const erfFunctions = (): string => `
  ;; the sum of erf's series at a (erfFunctions in scripts/wat/elementwise.ts)
  (func $erf_series_f64x2 (param $a v128) (result v128) (local $z v128) (local $t v128) (local $s v128) (local $n f64)
    (local.set $z (f64x2.mul (f64x2.add (local.get $a) (local.get $a)) (local.get $a)))
    (local.set $t (local.get $a))
    (local.set $s (local.get $a))
    (local.set $n (f64.const 1))
    (loop $terms
      (local.set $t (f64x2.mul (f64x2.mul (local.get $t) (local.get $z)) (f64x2.splat (f64.div (f64.const 1) (f64.add (f64.add (local.get $n) (local.get $n)) (f64.const 1))))))
      (local.set $s (f64x2.add (local.get $s) (local.get $t)))
      (local.set $n (f64.add (local.get $n) (f64.const 1)))
      (br_if $terms (f64.lt (local.get $n) (f64.const ${ERF_SERIES_TERMS}))))
    (local.get $s))

  ;; the denominator of erfc's continued fraction at a
  (func $erfc_fraction_f64x2 (param $a v128) (result v128) (local $f v128) (local $k f64)
    (local.set $f (local.get $a))
    (local.set $k (f64.const ${ERFC_FRACTION_DEPTH}))
    (loop $levels
      (local.set $f (f64x2.add (local.get $a) (f64x2.div (f64x2.splat (f64.mul (local.get $k) (f64.const 0.5))) (local.get $f))))
      (local.set $k (f64.sub (local.get $k) (f64.const 1)))
      (br_if $levels (f64.ge (local.get $k) (f64.const 1))))
    (local.get $f))`;

/** Veltkamp's splitter for doubles, 2^27 + 1, and 2/sqrt(pi) as a double-double (src/kernels/erf.ts's constants). */
const SPLITTER = 2 ** 27 + 1;
const TWO_OVER_SQRT_PI = [1.1283791670955126, 1.533545961316588e-17] as const;
const ONE_OVER_SQRT_PI = 0.5641895835477563;

/** Double-double arithmetic on f64x2 as src/kernels/erf.ts writes it, operation for operation (so its bits), into the locals named; scratch in `$d*`. */
const dd = {
  /** a b exactly as high + low (Dekker's product). */
  twoProduct: (a: string, b: string, high: string, low: string): string[] => [
    `(local.set $dp (f64x2.mul ${a} ${b}))`,
    `(local.set $dc (f64x2.mul ${f64x2(SPLITTER)} ${a}))`,
    `(local.set $dah (f64x2.sub (local.get $dc) (f64x2.sub (local.get $dc) ${a})))`,
    `(local.set $dal (f64x2.sub ${a} (local.get $dah)))`,
    `(local.set $dc (f64x2.mul ${f64x2(SPLITTER)} ${b}))`,
    `(local.set $dbh (f64x2.sub (local.get $dc) (f64x2.sub (local.get $dc) ${b})))`,
    `(local.set $dbl (f64x2.sub ${b} (local.get $dbh)))`,
    `(local.set ${low} (f64x2.add (f64x2.add (f64x2.add (f64x2.sub (f64x2.mul (local.get $dah) (local.get $dbh)) (local.get $dp)) (f64x2.mul (local.get $dah) (local.get $dbl))) (f64x2.mul (local.get $dal) (local.get $dbh))) (f64x2.mul (local.get $dal) (local.get $dbl))))`,
    `(local.set ${high} (local.get $dp))`,
  ],
  /** (ah + al)(bh + bl). */
  multiply: (ah: string, al: string, bh: string, bl: string, high: string, low: string): string[] => [
    ...dd.twoProduct(ah, bh, "$dqh", "$dql"),
    `(local.set $dt (f64x2.add (local.get $dql) (f64x2.add (f64x2.mul ${ah} ${bl}) (f64x2.mul ${al} ${bh}))))`,
    `(local.set $ds (f64x2.add (local.get $dqh) (local.get $dt)))`,
    `(local.set ${low} (f64x2.sub (local.get $dt) (f64x2.sub (local.get $ds) (local.get $dqh))))`,
    `(local.set ${high} (local.get $ds))`,
  ],
  /** (ah + al) / b. */
  divide: (ah: string, al: string, b: string, high: string, low: string): string[] => [
    `(local.set $dq (f64x2.div ${ah} ${b}))`,
    ...dd.twoProduct("(local.get $dq)", b, "$dqh", "$dql"),
    `(local.set $dt (f64x2.div (f64x2.add (f64x2.sub (f64x2.sub ${ah} (local.get $dqh)) (local.get $dql)) ${al}) ${b}))`,
    `(local.set $ds (f64x2.add (local.get $dq) (local.get $dt)))`,
    `(local.set ${low} (f64x2.sub (local.get $dt) (f64x2.sub (local.get $ds) (local.get $dq))))`,
    `(local.set ${high} (local.get $ds))`,
  ],
  /** (ah + al) + (bh + bl). */
  sum: (ah: string, al: string, bh: string, bl: string, high: string, low: string): string[] => [
    `(local.set $ds (f64x2.add ${ah} ${bh}))`,
    `(local.set $dv (f64x2.sub (local.get $ds) ${ah}))`,
    `(local.set $dt (f64x2.add (f64x2.add (f64x2.add (f64x2.sub ${ah} (f64x2.sub (local.get $ds) (local.get $dv))) (f64x2.sub ${bh} (local.get $dv))) ${al}) ${bl}))`,
    `(local.set $dq (f64x2.add (local.get $ds) (local.get $dt)))`,
    `(local.set ${low} (f64x2.sub (local.get $dt) (f64x2.sub (local.get $dq) (local.get $ds))))`,
    `(local.set ${high} (local.get $dq))`,
  ],
};

/**
 * float64 erf(u), or erfc(u) in the lanes of the mask `$gm` (u >= 0 there), as src/kernels/erf.ts
 * computes them, operation for operation, so with fdlibm's exp (./math.ts) its bits where the
 * engine's Math.exp is fdlibm's: the series of positive terms in double-double arithmetic (erf
 * below |u| = 2.5, erfc below u = 1, from 1 - erf) until a term falls under 1e-33 of the sum
 * (each lane stops where its own loop would, the loop runs while a lane goes on, to 199 terms),
 * and erfc's continued fraction elsewhere (220, 110 or 60 deep by u, a lane's own depth: the
 * levels above it leave its value alone), scaled by e^64 from u = 26 on; one exp for both, of
 * -u^2 (+ 64 there) with u^2 split exactly. erf(±0) and erf(NaN) are u, erf is ±1 from |u| = 6
 * on and erfc 0 above 28. Arguments a lane does not use are replaced by 0 (series) or 3
 * (fraction), and a lane whose result is decided (erf 1, erfc 0) has no fraction to compute,
 * so neither loop runs longer for them; where both lanes are decided nothing runs.
 */
const erfExactFunction = (): string => {
  const g = (name: string): string => `(local.get $g${name})`;
  const statements = [
    `(local.set $ga (f64x2.abs ${g("u")}))`,
    `(local.set $gs (v128.bitselect (f64x2.lt ${g("u")} ${f64x2(1)}) (f64x2.lt ${g("a")} ${f64x2(ERF_SERIES_BELOW)}) ${g("m")}))`,
    `(local.set $gxs (v128.and ${g("u")} ${g("s")}))`,
    `(local.set $gxf (v128.bitselect ${f64x2(3)} ${g("a")} ${g("s")}))`,
    // the fraction's depth for each lane (0 where the result needs neither: erf from
    // |u| = 6 on and of NaN, erfc above 28; the loop runs only while a lane needs it)
    `(local.set $gd (v128.bitselect ${f64x2(220)} (v128.bitselect ${f64x2(110)} ${f64x2(60)} (f64x2.lt ${g("xf")} ${f64x2(2)})) (f64x2.lt ${g("xf")} ${f64x2(1.5)})))`,
    `(local.set $gd (v128.andnot (v128.andnot ${g("d")} ${g("s")}) (v128.bitselect (f64x2.gt ${g("u")} ${f64x2(28)}) (v128.or (f64x2.ge ${g("a")} ${f64x2(ERF_ONE_FROM)}) (f64x2.ne ${g("u")} ${g("u")})) ${g("m")})))`,
    // (nothing to compute where every lane's result is decided: erf 1 or u, erfc 0)
    `(if (v128.any_true (v128.or ${g("s")} (f64x2.ne ${g("d")} ${f64x2(0)}))) (then`,
    ...dd.twoProduct(`(v128.bitselect ${g("xs")} ${g("xf")} ${g("s")})`, `(v128.bitselect ${g("xs")} ${g("xf")} ${g("s")})`, "$gh", "$gl"),
    // exp(-h), or exp(64 - h) for the fraction from 26 on
    `(local.set $et (v128.bitselect (f64x2.sub ${f64x2(64)} ${g("h")}) (f64x2.neg ${g("h")}) (v128.andnot (f64x2.ge ${g("xf")} ${f64x2(26)}) ${g("s")})))`,
    expExactInPlace("e", ""),
    "(local.set $ge (local.get $et))",
    // the series: term and sum from x, ratio 2 x^2, exp(-x^2) as e - e l
    `(local.set $grh (v128.and (f64x2.mul ${f64x2(2)} ${g("h")}) ${g("s")}))`,
    `(local.set $grl (v128.and (f64x2.mul ${f64x2(2)} ${g("l")}) ${g("s")}))`,
    `(local.set $gth ${g("xs")})`,
    `(local.set $gtl ${f64x2(0)})`,
    `(local.set $gsh ${g("xs")})`,
    `(local.set $gsl ${f64x2(0)})`,
    `(local.set $glive (v128.const i32x4 -1 -1 -1 -1))`,
    "(local.set $gn (f64.const 1))",
    `(if (v128.any_true ${g("s")}) (then (loop $terms`,
    ...[
      ...dd.multiply(g("th"), g("tl"), g("rh"), g("rl"), "$gnh", "$gnl"),
      ...dd.divide(g("nh"), g("nl"), "(f64x2.splat (f64.add (f64.add (local.get $gn) (local.get $gn)) (f64.const 1)))", "$gnh", "$gnl"),
      ...dd.sum(g("sh"), g("sl"), g("nh"), g("nl"), "$gmh", "$gml"),
      // (a lane that stopped keeps its sum: the JavaScript's terms after it are below 1e-33 of
      // the sum and move its double only within 1e-33 of a rounding midpoint, never seen in the
      // tests, but the sum is the JavaScript's only so)
      `(local.set $gth (v128.bitselect ${g("nh")} ${g("th")} ${g("live")}))`,
      `(local.set $gtl (v128.bitselect ${g("nl")} ${g("tl")} ${g("live")}))`,
      `(local.set $gsh (v128.bitselect ${g("mh")} ${g("sh")} ${g("live")}))`,
      `(local.set $gsl (v128.bitselect ${g("ml")} ${g("sl")} ${g("live")}))`,
      `(local.set $glive (v128.andnot ${g("live")} (f64x2.le (f64x2.abs ${g("nh")}) (f64x2.mul (f64x2.abs ${g("mh")}) ${f64x2(1e-33)}))))`,
      "(local.set $gn (f64.add (local.get $gn) (f64.const 1)))",
      `(br_if $terms (i32.and (v128.any_true ${g("live")}) (f64.lt (local.get $gn) (f64.const 200))))`,
    ].map((line) => `  ${line}`),
    ")))",
    ...dd.multiply(f64x2(TWO_OVER_SQRT_PI[0]), f64x2(TWO_OVER_SQRT_PI[1]), g("sh"), g("sl"), "$gsh", "$gsl"),
    ...dd.multiply(g("sh"), g("sl"), g("e"), `(f64x2.mul (f64x2.neg ${g("e")}) ${g("l")})`, "$gsh", "$gsl"),
    // the fraction
    `(local.set $gk (f64.max (f64x2.extract_lane 0 ${g("d")}) (f64x2.extract_lane 1 ${g("d")})))`,
    `(local.set $gf ${g("xf")})`,
    "(if (f64.ge (local.get $gk) (f64.const 1)) (then (loop $levels",
    `  (local.set $gf (v128.bitselect (f64x2.add ${g("xf")} (f64x2.div (f64x2.splat (f64.mul (local.get $gk) (f64.const 0.5))) ${g("f")})) ${g("f")} (f64x2.le (f64x2.splat (local.get $gk)) ${g("d")})))`,
    "  (local.set $gk (f64.sub (local.get $gk) (f64.const 1)))",
    "  (br_if $levels (f64.ge (local.get $gk) (f64.const 1))))))",
    // below 26: (c (e (1 - l))) / f; from 26: (((c e) (1 - l)) / f) e^-64
    `(local.set $gf (v128.bitselect (f64x2.div (f64x2.mul ${f64x2(ONE_OVER_SQRT_PI)} (f64x2.mul ${g("e")} (f64x2.sub ${f64x2(1)} ${g("l")}))) ${g("f")}) (f64x2.mul (f64x2.div (f64x2.mul (f64x2.mul ${f64x2(ONE_OVER_SQRT_PI)} ${g("e")}) (f64x2.sub ${f64x2(1)} ${g("l")})) ${g("f")}) ${f64x2(Math.exp(-64))}) (f64x2.lt ${g("xf")} ${f64x2(26)})))`,
    "))",
    // erf: the series' sum, else 1 - erfc (1 from 6 on) with u's sign; u itself at ±0 and NaN
    `(local.set $gth (v128.bitselect (f64x2.add ${g("sh")} ${g("sl")}) (v128.bitselect ${f64x2(1)} (f64x2.sub ${f64x2(1)} ${g("f")}) (f64x2.ge ${g("a")} ${f64x2(ERF_ONE_FROM)})) ${g("s")}))`,
    `(local.set $gth (v128.bitselect (v128.bitselect ${g("th")} (f64x2.neg ${g("th")}) (v128.or ${g("s")} (f64x2.ge ${g("u")} ${f64x2(0)}))) ${g("u")} (v128.not (v128.or (f64x2.eq ${g("u")} ${f64x2(0)}) (f64x2.ne ${g("u")} ${g("u")})))))`,
    // erfc: the fraction (0 above 28), or 1 - erf from the series' double-double
    ...dd.sum(f64x2(1), f64x2(0), `(f64x2.neg ${g("sh")})`, `(f64x2.neg ${g("sl")})`, "$gmh", "$gml"),
    `(local.set $gtl (v128.bitselect (f64x2.add ${g("mh")} ${g("ml")}) (v128.andnot ${g("f")} (f64x2.gt ${g("u")} ${f64x2(28)})) ${g("s")}))`,
    `(v128.bitselect ${g("tl")} ${g("th")} ${g("m")})`,
  ];
  const locals = ["a", "s", "xs", "xf", "h", "l", "e", "rh", "rl", "th", "tl", "sh", "sl", "live", "nh", "nl", "mh", "ml", "d", "f"].map((name) => `$g${name}`);
  const scratch = ["dp", "dc", "dah", "dal", "dbh", "dbl", "dqh", "dql", "dt", "ds", "dq", "dv"].map((name) => `$${name}`);
  return `
  ;; float64 erf, or erfc in the lanes of $gm (erfExactFunction in scripts/wat/elementwise.ts)
  (func $erf_erfc_f64x2 (param $gu v128) (param $gm v128) (result v128) (local $gn f64) (local $gk f64) ${[...locals, ...scratch, "$et", ...EXACT_SCRATCH.map((name) => `$e${name}`)].map((name) => `(local ${name} v128)`).join(" ")}
${statements.map((line) => `    ${line}`).join("\n")})`;
};

/**
 * For a >= 0 (NaN passes) in `a` (a local's name): `$hs` = erf(a) (1 from 6 on) and `$hc` =
 * erfc(a), from the series below 2.5 (erfc = 1 - erf there) and the fraction above (erf = 1 -
 * erfc), one exp(-a^2) for both (`exp`: the sequence on `$et`).
 */
const erfAndErfc = (a: string, exp: string): string[] => [
  `(local.set $hs (call $erf_series_f64x2 (f64x2.pmin (local.get ${a}) ${f64x2(ERF_SERIES_BELOW)})))`,
  `(local.set $hc (call $erfc_fraction_f64x2 (f64x2.pmax (local.get ${a}) ${f64x2(ERF_SERIES_BELOW)})))`,
  `(local.set $et (f64x2.neg (f64x2.mul (local.get ${a}) (local.get ${a}))))`,
  exp,
  `(local.set $hs (f64x2.mul (f64x2.mul ${f64x2(2 / Math.sqrt(Math.PI))} (local.get $hs)) (local.get $et)))`,
  `(local.set $hc (f64x2.div (f64x2.mul ${f64x2(1 / Math.sqrt(Math.PI))} (local.get $et)) (local.get $hc)))`,
  `(local.set $hq (f64x2.lt (local.get ${a}) ${f64x2(ERF_SERIES_BELOW)}))`,
  `(local.set $et (local.get $hs))`,
  `(local.set $hs (v128.bitselect (local.get $hs) (f64x2.sub ${f64x2(1)} (local.get $hc)) (local.get $hq)))`,
  `(local.set $hs (v128.bitselect ${f64x2(1)} (local.get $hs) (f64x2.ge (local.get ${a}) ${f64x2(ERF_ONE_FROM)})))`,
  `(local.set $hc (v128.bitselect (f64x2.sub ${f64x2(1)} (local.get $et)) (local.get $hc) (local.get $hq)))`,
];

export const MATH_OPS: readonly MathOpCode[] = [
  // erf, odd: x's sign on erf(|x|) (-0 stays -0)
  {
    name: "erf",
    locals: ["$hx", "$hs", "$hc", "$hq", "$ha"],
    // float64: src/kernels/erf.ts's double-double erf, operation for operation (erfExactFunction)
    float64: () => ["(local.set $et (call $erf_erfc_f64x2 (local.get $et) (v128.const i32x4 0 0 0 0)))"],
    math: ({ exp }) => [
      "(local.set $hx (local.get $et))",
      "(local.set $ha (f64x2.abs (local.get $hx)))",
      ...erfAndErfc("$ha", exp()),
      `(local.set $et (v128.or (local.get $hs) (v128.and (local.get $hx) ${SIGN_BITS})))`,
    ],
  },
  // the exact gelu as the JavaScript computes it: u = x sqrt(1/2); x >= 0: 0.5 x (1 + erf(u));
  // x < 0: 0.5 x erfc(-u); -0 at -Infinity
  {
    name: "gelu",
    locals: ["$hx", "$hs", "$hc", "$hq", "$ha"],
    // float64, as the JavaScript: erfc(-u) below 0, 1 + erf(u) from 0 on, both of erfExactFunction
    float64: () => [
      "(local.set $hx (local.get $et))",
      `(local.set $hq (f64x2.lt (local.get $hx) ${f64x2(0)}))`,
      `(local.set $ha (f64x2.mul (local.get $hx) ${f64x2(Math.SQRT1_2)}))`,
      "(local.set $et (call $erf_erfc_f64x2 (v128.bitselect (f64x2.neg (local.get $ha)) (local.get $ha) (local.get $hq)) (local.get $hq)))",
      `(local.set $et (f64x2.mul (f64x2.mul ${f64x2(0.5)} (local.get $hx)) (v128.bitselect (local.get $et) (f64x2.add ${f64x2(1)} (local.get $et)) (local.get $hq))))`,
      `(local.set $et (v128.bitselect ${f64x2(-0)} (local.get $et) (f64x2.eq (local.get $hx) ${f64x2(-Infinity)})))`,
    ],
    math: ({ exp }) => [
      "(local.set $hx (local.get $et))",
      `(local.set $ha (f64x2.abs (f64x2.mul (local.get $hx) ${f64x2(Math.SQRT1_2)})))`,
      ...erfAndErfc("$ha", exp()),
      `(local.set $et (f64x2.mul (f64x2.mul ${f64x2(0.5)} (local.get $hx)) (v128.bitselect (f64x2.add ${f64x2(1)} (local.get $hs)) (local.get $hc) (v128.not (f64x2.lt (local.get $hx) ${f64x2(0)})))))`,
      `(local.set $et (v128.bitselect ${f64x2(-0)} (local.get $et) (f64x2.eq (local.get $hx) ${f64x2(-Infinity)})))`,
    ],
  },
  trigOp("sin"),
  trigOp("cos"),
  { name: "exp", math: ({ exp }) => [exp(EXP_CEILING)], float64: true },
  { name: "log", math: ({ log }) => [log()], float64: true },
  // 1 / (1 + exp(-x)), as the JavaScript: exp(-x) may be as large as exp(700) before 1 / it underflows float32
  {
    name: "sigmoid",
    float64: true,
    math: ({ exp }) => [
      "(local.set $et (f64x2.neg (local.get $et)))",
      exp(700),
      `(local.set $et (f64x2.div (v128.const f64x2 1 1) (f64x2.add (v128.const f64x2 1 1) (local.get $et))))`,
    ],
  },
  // x / (1 + exp(-x)), as the JavaScript; silu(-Infinity) is -0 (the quotient would be -Infinity)
  {
    name: "silu",
    locals: ["$hx"],
    float64: true,
    math: ({ exp }) => [
      "(local.set $hx (local.get $et))",
      "(local.set $et (f64x2.neg (local.get $et)))",
      exp(700),
      `(local.set $et (f64x2.div (local.get $hx) (f64x2.add ${f64x2(1)} (local.get $et))))`,
      minusZeroAtMinusInfinity,
    ],
  },
  // gelu's tanh approximation as the JavaScript computes it: x / (1 + exp(-2u)), u = sqrt(2/pi) (x + 0.044715 x^3)
  {
    name: "geluTanh",
    locals: ["$hx"],
    float64: true,
    math: ({ exp }) => [
      "(local.set $hx (local.get $et))",
      // (in the JavaScript's order: ((0.044715 x) x) x, and -2 sqrt(2/pi), exact, first)
      `(local.set $et (f64x2.mul ${f64x2(-2 * Math.sqrt(2 / Math.PI))} (f64x2.add (local.get $hx) (f64x2.mul (f64x2.mul (f64x2.mul ${f64x2(0.044715)} (local.get $hx)) (local.get $hx)) (local.get $hx)))))`,
      exp(700),
      `(local.set $et (f64x2.div (local.get $hx) (f64x2.add ${f64x2(1)} (local.get $et))))`,
      minusZeroAtMinusInfinity,
    ],
  },
  // softplus: max(x, 0) + log1p(exp(-|x|)), the JavaScript's two branches in one; logSigmoid is -softplus(-x)
  softplusOp("softplus", false),
  softplusOp("logSigmoid", true),
  // x > 0 ? x : alpha expm1(x) (alpha, the op's parameter, read in the function): expm1 as
  // exp(x) - 1, and below |x| = 0.01, where that would cancel digits away, its series to x^6/720
  {
    name: "elu",
    locals: ["$hx", "$hs"],
    // float64, as the JavaScript: alpha expm1(x)
    float64: ({ expm1 }) => [
      "(local.set $hx (local.get $et))",
      expm1(),
      `(local.set $et (f64x2.mul (local.get $et) (f64x2.splat ${param(0)})))`,
      `(local.set $et (v128.bitselect (local.get $hx) (local.get $et) (f64x2.gt (local.get $hx) ${f64x2(0)})))`,
    ],
    math: ({ exp }) => [
      "(local.set $hx (local.get $et))",
      // x (1 + x (1/2 + x (1/6 + x (1/24 + x (1/120 + x / 720))))), by Horner's rule
      `(local.set $hs (f64x2.mul (local.get $hx) ${[1 / 120, 1 / 24, 1 / 6, 1 / 2, 1].reduce((poly, c) => `(f64x2.add ${f64x2(c)} (f64x2.mul (local.get $hx) ${poly}))`, f64x2(1 / 720))}))`,
      exp(),
      `(local.set $et (f64x2.sub (local.get $et) ${f64x2(1)}))`,
      `(local.set $et (v128.bitselect (local.get $hs) (local.get $et) (f64x2.lt (f64x2.abs (local.get $hx)) ${f64x2(0.01)})))`,
      `(local.set $et (f64x2.mul (local.get $et) (f64x2.splat ${param(0)})))`,
      `(local.set $et (v128.bitselect (local.get $hx) (local.get $et) (f64x2.gt (local.get $hx) ${f64x2(0)})))`,
    ],
  },
  // tanh(|x|) with x's sign: below 2^-10 |x| (1 - x^2/3 + 2x^4/15) (what it leaves out is under
  // 1e-19 relative), above 1 - 2 / (exp(2|x|) + 1) (exp(200) makes it 1 as float32 has it anyway,
  // and NaN stays NaN); -0 gives -0
  {
    name: "tanh",
    locals: ["$hx", "$hs"],
    // float64, s_tanh.c's as V8 runs it: |x| >= 1: 1 - 2 / (expm1(2|x|) + 2), else t / (t + 2)
    // negated, t = expm1(-2|x|); 1 from 22 on, x below 2^-28; x's sign; NaN stays
    float64: ({ expm1 }) => [
      "(local.set $hx (local.get $et))",
      `(local.set $hs (f64x2.ge (f64x2.abs (local.get $hx)) ${f64x2(1)}))`,
      `(local.set $et (f64x2.mul (v128.bitselect ${f64x2(2)} ${f64x2(-2)} (local.get $hs)) (f64x2.abs (local.get $hx))))`,
      expm1(),
      `(local.set $et (v128.bitselect (f64x2.sub ${f64x2(1)} (f64x2.div ${f64x2(2)} (f64x2.add (local.get $et) ${f64x2(2)}))) (f64x2.div (f64x2.neg (local.get $et)) (f64x2.add (local.get $et) ${f64x2(2)})) (local.get $hs)))`,
      `(local.set $et (v128.bitselect ${f64x2(1)} (local.get $et) (f64x2.ge (f64x2.abs (local.get $hx)) ${f64x2(22)})))`,
      `(local.set $et (v128.bitselect (f64x2.neg (local.get $et)) (local.get $et) (f64x2.lt (local.get $hx) ${f64x2(0)})))`,
      `(local.set $et (v128.bitselect (local.get $hx) (local.get $et) (v128.or (f64x2.lt (f64x2.abs (local.get $hx)) ${f64x2(2 ** -28)}) (f64x2.ne (local.get $hx) (local.get $hx)))))`,
    ],
    math: ({ exp }) => [
      "(local.set $hx (local.get $et))",
      "(local.set $et (f64x2.abs (local.get $et)))",
      "(local.set $hs (f64x2.mul (local.get $et) (local.get $et)))",
      `(local.set $hs (f64x2.mul (local.get $et) (f64x2.add ${f64x2(1)} (f64x2.mul (local.get $hs) (f64x2.add ${f64x2(-1 / 3)} (f64x2.mul (local.get $hs) ${f64x2(2 / 15)}))))))`,
      "(local.set $et (f64x2.add (local.get $et) (local.get $et)))",
      exp(EXP_CEILING),
      `(local.set $et (f64x2.sub ${f64x2(1)} (f64x2.div ${f64x2(2)} (f64x2.add (local.get $et) ${f64x2(1)}))))`,
      `(local.set $et (v128.bitselect (local.get $hs) (local.get $et) (f64x2.lt (f64x2.abs (local.get $hx)) ${f64x2(TANH_SERIES_BELOW)})))`,
      "(local.set $et (v128.or (local.get $et) (v128.and (local.get $hx) (v128.const i64x2 0x8000000000000000 0x8000000000000000))))",
    ],
  },
];

type AnyOpCode = BinaryOpCode | UnaryOpCode | CompareOpCode | CastOpCode | MathOpCode;

/** The scalar computation of two operands on the stack, as an instruction sequence using locals $s and $t. */
function scalarOp(instruction: string): string {
  // integers have no scalar max/min instruction: a select on the comparison
  const select = (compare: string): string =>
    `(local.set $t) (local.set $s) (select (local.get $s) (local.get $t) (${compare} (local.get $s) (local.get $t)))`;
  if (instruction === "(; max_s ;)") return select("i32.gt_s");
  if (instruction === "(; max_u ;)") return select("i32.gt_u");
  if (instruction === "(; min_s ;)") return select("i32.lt_s");
  if (instruction === "(; min_u ;)") return select("i32.lt_u");
  return `(${instruction})`;
}

function binaryFunction(op: AnyOpCode, type: LaneType): string {
  const unary = isUnary(op);
  const compare = isCompare(op);
  const name = `${op.name}_${type.suffix}`;
  const s = type.scalar;
  /** A Math op's statements on `$et` (see MathOpCode). */
  // the sequence, written out in the contiguous loop (a call there cost a quarter more time), called
  // from its own function `$<op>_f64x2` everywhere else (written out at every site, it made the
  // module 7 kB larger per op)
  // (float64 kernels with the exact exp and log, in their own functions `$<op>_exact_f64x2`)
  const exact = type.dtype === "float64";
  const math = (inline = false): string[] =>
    inline
      ? mathStatements(op as MathOpCode, exact)
      : [`(local.set $et (call $${op.name}${exact ? "_exact" : ""}_f64x2 (local.get $et)))`];
  /** The operands' type: the output's, but for a cast. */
  const inType = isCast(op) ? LANE_TYPES.find((lane) => lane.suffix === op.from)! : type;
  /** Bytes of one output element: a comparison writes one byte per element. */
  const outBytes = compare ? 1 : type.bytes;
  /** The vector result of the operands' vectors (a unary op reads the first). */
  const apply = (left: string, right: string): string => {
    if (isUnary(op)) return op.code[type.suffix]![1](left);
    if (isMath(op)) throw new Error(`${op.name} runs in turns`);
    const vector = (op as BinaryOpCode).code[type.suffix]![1];
    return typeof vector === "function" ? vector(left, right) : `(${vector} ${left} ${right})`;
  };
  /**
   * A comparison's 16 results as bytes: 16 elements' masks (4 vectors, or 8 of
   * f64x2 whose 64-bit masks are first paired into 32-bit ones), narrowed to
   * bytes of -1 or 0, then 1 or 0.
   */
  const compare16 = (left: (offset: number) => string, right: (offset: number) => string): string => {
    const vectors = 16 / type.lanes;
    const { code, combine } = op as CompareOpCode;
    const vector = code[type.suffix]![1];
    const zero = "(v128.const i32x4 0 0 0 0)";
    const mask = (k: number): string =>
      combine === undefined
        ? applied(vector, left(16 * k), right(16 * k))
        : `(v128.${combine} ${applied(vector, left(16 * k), zero)} ${applied(vector, right(16 * k), zero)})`;
    const masks = Array.from({ length: vectors }, (_, k) => mask(k));
    const ones = "(v128.const i8x16 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1)";
    // byte lanes: the mask is the 16 results already
    if (type.lanes === 16) return `(v128.and ${masks[0]} ${ones})`;
    const words =
      type.lanes === 2
        ? [0, 1, 2, 3].map((j) => `(${PAIR_MASKS} ${masks[2 * j]} ${masks[2 * j + 1]})`)
        : masks;
    return `(v128.and (i8x16.narrow_i16x8_s (i16x8.narrow_i32x4_s ${words[0]} ${words[1]}) (i16x8.narrow_i32x4_s ${words[2]} ${words[3]})) ${ones})`;
  };
  const one = (o: string, a: string, b: string): string => {
    if (isUnary(op)) return `(${type.store} ${o} ${op.code[type.suffix]![0](`(${type.load} ${a})`)})`;
    if (isCompare(op)) {
      const scalar = op.code[type.suffix]![0];
      if (op.combine === undefined) return `(i32.store8 ${o} ${applied(scalar, `(${type.load} ${a})`, `(${type.load} ${b})`)})`;
      const zero = `(${s}.const 0)`;
      return `(i32.store8 ${o} (i32.${op.combine} ${applied(scalar, `(${type.load} ${a})`, zero)} ${applied(scalar, `(${type.load} ${b})`, zero)}))`;
    }
    if (isCast(op)) {
      // ("": the loaded value is already the output's, as a byte is an int32)
      const convert = op.code[type.suffix]![0];
      const x = `(${inType.load} ${a})`;
      return `(${type.store} ${o} ${typeof convert === "function" ? convert(x) : convert === "" ? x : `(${convert} ${x})`})`;
    }
    if (isMath(op)) {
      if (exact) return [`(local.set $et (f64x2.splat (f64.load ${a})))`, ...math(), `(f64.store ${o} (f64x2.extract_lane 0 (local.get $et)))`].join("\n");
      return [`(local.set $et (f64x2.splat (f64.promote_f32 (f32.load ${a}))))`, ...math(), `(f32.store ${o} (f32.demote_f64 (f64x2.extract_lane 0 (local.get $et))))`].join("\n");
    }
    const scalar = op.code[type.suffix]![0];
    if (typeof scalar === "function") return `(${type.store} ${o} ${scalar(`(${type.load} ${a})`, `(${type.load} ${b})`)})`;
    return `(${type.store} ${o} (${type.load} ${a}) (${type.load} ${b}) ${scalarOp(scalar)})`;
  };
  /**
   * The vector result of the operands' vectors (`left` and `right`, each read more than once) as
   * statements and the value they leave: a Math op's sequence on `$et` (float32 in two float64
   * halves, the low one kept in `$elow`; `inline`: written out, else called), else the vector code.
   */
  const vectorOf = (left: string, right: string, inline: boolean): { statements: string[]; value: string } =>
    !isMath(op)
      ? { statements: [], value: apply(left, right) }
      : exact
        ? { statements: [`(local.set $et ${left})`, ...math(inline)], value: "(local.get $et)" }
        : {
            statements: [
              `(local.set $et (f64x2.promote_low_f32x4 ${left}))`,
              ...math(inline),
              "(local.set $elow (f32x4.demote_f64x2_zero (local.get $et)))",
              `(local.set $et (f64x2.promote_low_f32x4 (${HIGH} ${left} ${left})))`,
              ...math(inline),
            ],
            value: `(${JOIN_LOW_HALVES} (local.get $elow) (f32x4.demote_f64x2_zero (local.get $et)))`,
          };
  /** Comparisons and casts: a turn of `elements` elements whose stores are written from the operands' loads. */
  const turn: { elements: number; stores: (left: (offset: number) => string, right: (offset: number) => string, contiguous: boolean) => string[] } | undefined = compare
    ? { elements: 16, stores: (left, right) => [`(v128.store (local.get $x) ${compare16(left, right)})`] }
    : isCast(op)
      ? { elements: op.elements ?? 4, stores: (left) => op.code[type.suffix]![1](left) }
      : isMath(op)
        ? {
            elements: type.lanes,
            stores: (left, _right, contiguous) => {
              const { statements, value } = vectorOf(left(0), "", contiguous);
              return [...statements, `(v128.store (local.get $x) ${value})`];
            },
          }
        : undefined;
  /** The op's statement for a turn of two vectors, where it has one (BinaryOpCode's pairs). */
  const pair = "pairs" in op ? op.pairs?.[type.suffix] : undefined;
  /** Its vector code a costly call (a Math op's sequence, float pow), where rows of any strides gather. */
  const costly = isMath(op) || ("costly" in op && op.costly?.includes(type.suffix) === true);
  /**
   * Rows of any strides where the vector code is a costly call: a vector's elements a turn (four
   * float32, two float64), each operand's gathered into a vector (the loads stepping along its
   * stride), the vector code on them, each lane stored along the output's stride; the elements
   * left over (fewer than a vector's) go to the loop of one element a turn ($count counts down
   * the row). A Math op reads a only (b is a again).
   */
  const gatherLanes = (at: string, stride: string): string =>
    Array.from({ length: type.lanes - 1 }, (_, k) => k + 1).reduce(
      (vector, k) => `(${type.vector}.replace_lane ${k} ${vector} (${type.load} (local.tee ${at} (i32.add (local.get ${at}) (local.get ${stride})))))`,
      `(${splat} (${type.load} (local.get ${at})))`,
    );
  const readsB = !isMath(op);
  const stepping: [string, string][] = [["$x", "$so0"], ["$y", "$sa0"], ...(readsB ? [["$z", "$sb0"] as [string, string]] : [])];
  const gathered = (): string[] => {
    const { statements, value } = vectorOf("(local.get $v)", "(local.get $w)", false);
    return [
      "(block $gathered (loop $gather",
      `  (br_if $gathered (i32.lt_u (local.get $count) (i32.const ${type.lanes})))`,
      `  (local.set $v ${gatherLanes("$y", "$sa0")})`,
      ...(readsB ? [`  (local.set $w ${gatherLanes("$z", "$sb0")})`] : []),
      ...statements.map((line) => `  ${line}`),
      `  (local.set $v ${value})`,
      ...Array.from({ length: type.lanes }, (_, k) => `  (${type.store} ${k === 0 ? "(local.get $x)" : "(local.tee $x (i32.add (local.get $x) (local.get $so0)))"} (${type.vector}.extract_lane ${k} (local.get $v)))`),
      ...stepping.map(([at, stride]) => `  (local.set ${at} (i32.add (local.get ${at}) (local.get ${stride})))`),
      `  (local.set $count (i32.sub (local.get $count) (i32.const ${type.lanes})))`,
      "  (br $gather)))",
    ];
  };
  const splat = `${type.vector}.splat`;
  const vbytes = 16;
  /** A vector operand at a byte offset: loaded through a pointer, or the splatted value. */
  const y = (offset: number): string => `(v128.load${offset === 0 ? "" : ` offset=${offset}`} (local.get $y))`;
  const z = (offset: number): string => `(v128.load${offset === 0 ? "" : ` offset=${offset}`} (local.get $z))`;
  const splatted = (): string => "(local.get $v)";
  /** Each pointer of `moving` stepped by `bytes`, one line each, the last closed by `close`. */
  const step = (pad: string, moving: readonly string[], bytes: string, close = ""): string =>
    moving.map((name, i) => `${pad}(local.set ${name} (i32.add (local.get ${name}) (i32.const ${bytes})))${i === moving.length - 1 ? close : ""}`).join("\n");
  /**
   * A row whose output is contiguous: two vectors per turn (and one more when `contiguous`, the loop of three contiguous operands),
   * then element by element; the pair reads a and b at a byte offset, `moving` are the pointers that step.
   */
  const rowLoop = (pad: string, [left, right]: readonly [(offset: number) => string, (offset: number) => string], moving: readonly string[], contiguous: boolean): string =>
    turn !== undefined
      ? [
          // `turn.elements` per turn: the output and each moving operand step by that many elements
          `${pad}(block $pairs (loop $pair`,
          `${pad}  (br_if $pairs (i32.ge_u (local.get $x) (local.get $end2)))`,
          ...turn.stores(left, right, contiguous).map((store) => `${pad}  ${store}`),
          step(`${pad}  `, ["$x"], String(turn.elements * outBytes)),
          step(`${pad}  `, moving.filter((name) => name !== "$x"), String(turn.elements * inType.bytes)),
          `${pad}  (br $pair)))`,
          `${pad}(block $tail (loop $single`,
          `${pad}  (br_if $tail (i32.ge_u (local.get $x) (local.get $end)))`,
          `${pad}  ${one("(local.get $x)", "(local.get $y)", "(local.get $z)")}`,
          step(`${pad}  `, ["$x"], String(outBytes)),
          step(`${pad}  `, moving.filter((name) => name !== "$x"), String(inType.bytes)),
          `${pad}  (br $single)))`,
        ].join("\n")
      : [
      `${pad}(block $pairs (loop $pair`,
      `${pad}  (br_if $pairs (i32.ge_u (local.get $x) (local.get $end2)))`,
      ...(pair !== undefined
        ? [`${pad}  ${pair("(local.get $x)", left(0), right(0), left(16), right(16))}`]
        : [`${pad}  (v128.store (local.get $x) ${apply(left(0), right(0))})`, `${pad}  (v128.store offset=16 (local.get $x) ${apply(left(16), right(16))})`]),
      step(`${pad}  `, moving, "32"),
      `${pad}  (br $pair)))`,
      ...(contiguous
        ? [
            `${pad}(if (i32.le_u (i32.add (local.get $x) (i32.const 16)) (local.get $end)) (then`,
            `${pad}  (v128.store (local.get $x) ${apply(left(0), right(0))})`,
            step(`${pad}  `, moving, "16", "))"),
          ]
        : []),
      `${pad}(block $tail (loop $single`,
      `${pad}  (br_if $tail (i32.ge_u (local.get $x) (local.get $end)))`,
      `${pad}  ${one("(local.get $x)", "(local.get $y)", "(local.get $z)")}`,
      step(`${pad}  `, moving, String(type.bytes)),
      `${pad}  (br $single)))`,
    ].join("\n");
  return `
  ;; ${op.name}, ${type.dtype}${unary || isCast(op) || isMath(op) ? " (unary: b is a again)" : compare ? " (a bool per element)" : ""}
  (func $${name} (export "${name}") (param $rank i32) (param $meta i32) (param $o i32) (param $a i32) (param $b i32)
    (local $last i32) (local $words i32) (local $d0 i32) (local $so0 i32) (local $sa0 i32) (local $sb0 i32)
    (local $variant i32) (local $axis i32) (local $at i32) (local $next i32) (local $dim i32)
    (local $x i32) (local $y i32) (local $z i32) (local $end i32) (local $end2 i32) (local $count i32)
    (local $s ${s}) (local $t ${s}) (local $v v128)${costly && readsB ? " (local $w v128)" : ""} (local $d f64) (local $e i64) (local $mx v128) (local $my v128) (local $mr v128)${isMath(op) ? ` (local $elow v128) ${mathLocals(op, true, exact)}` : ""}${paramsOf(op, type) !== undefined ? ` (local $p0 v128) (local $p1 v128) (local $r0 v128) (local $r1 v128) (local $q0 ${s}) (local $q1 ${s})` : ""}
${(paramsOf(op, type) ?? []).map((line) => `    ${line}`).join("\n")}
    (if (i32.eqz (local.get $rank)) (then
      ${one("(local.get $o)", "(local.get $a)", "(local.get $b)")}
      (return)))
    (local.set $last (i32.sub (local.get $rank) (i32.const 1)))
    (local.set $words (i32.shl (local.get $rank) (i32.const 2)))
    (local.set $at (i32.add (local.get $meta) (i32.shl (local.get $last) (i32.const 2))))
    (local.set $d0 (i32.load (local.get $at)))
    (local.set $so0 (i32.load (i32.add (local.get $at) (local.get $words))))
    (local.set $sa0 (i32.load (i32.add (local.get $at) (i32.shl (local.get $words) (i32.const 1)))))
    (local.set $sb0 (i32.load (i32.add (local.get $at) (i32.mul (local.get $words) (i32.const 3)))))
    ;; the counters of the outer loops start at 0
    (local.set $axis (i32.const 0))
    (block $zeroed (loop $zero
      (br_if $zeroed (i32.ge_s (local.get $axis) (local.get $last)))
      (i32.store (i32.add (i32.add (local.get $meta) (i32.shl (local.get $words) (i32.const 2))) (i32.shl (local.get $axis) (i32.const 2))) (i32.const 0))
      (local.set $axis (i32.add (local.get $axis) (i32.const 1)))
      (br $zero)))
    ;; the inner loop: 0 contiguous, 1 a broadcast, 2 b broadcast, 3 any strides
    (local.set $variant (i32.const 3))
    (if (i32.eq (local.get $so0) (i32.const ${outBytes})) (then
      (if (i32.and (i32.eq (local.get $sa0) (i32.const ${inType.bytes})) (i32.eq (local.get $sb0) (i32.const ${inType.bytes})))
        (then (local.set $variant (i32.const 0))))
      (if (i32.and (i32.eqz (local.get $sa0)) (i32.eq (local.get $sb0) (i32.const ${inType.bytes})))
        (then (local.set $variant (i32.const 1))))
      (if (i32.and (i32.eq (local.get $sa0) (i32.const ${inType.bytes})) (i32.eqz (local.get $sb0)))
        (then (local.set $variant (i32.const 2))))))
    (loop $rows
      (local.set $x (local.get $o))
      (local.set $y (local.get $a))
      (local.set $z (local.get $b))
      (local.set $end (i32.add (local.get $o) (i32.mul (local.get $d0) (local.get $so0))))
      (local.set $end2 (i32.sub (local.get $end) (i32.const ${turn !== undefined ? turn.elements * outBytes - 1 : 2 * vbytes - 1})))
      (block $row
        (block $strided (block $splatB (block $splatA (block $contiguous
          (br_table $contiguous $splatA $splatB $strided (local.get $variant)))
          ;; contiguous: two vectors per turn, then one, then single elements
${rowLoop("          ", [y, z], ["$x", "$y", "$z"], true)}
          (br $row))
        ;; a broadcast along the row: one value against b's vectors
        (local.set $v (${splat} (${type.load} (local.get $y))))
${rowLoop("        ", [splatted, z], ["$x", "$z"], false)}
        (br $row))
        ;; b broadcast along the row
        (local.set $v (${splat} (${type.load} (local.get $z))))
${rowLoop("        ", [y, splatted], ["$x", "$y"], false)}
        (br $row))
        ;; any strides: one element per turn${costly ? ` (${type.lanes} a turn first)` : ""}
        (local.set $count (local.get $d0))${(costly ? gathered() : []).map((line) => `\n        ${line}`).join("")}
        (block $elements (loop $element
          (br_if $elements (i32.eqz (local.get $count)))
          ${one("(local.get $x)", "(local.get $y)", "(local.get $z)")}
          (local.set $x (i32.add (local.get $x) (local.get $so0)))
          (local.set $y (i32.add (local.get $y) (local.get $sa0)))
          (local.set $z (i32.add (local.get $z) (local.get $sb0)))
          (local.set $count (i32.sub (local.get $count) (i32.const 1)))
          (br $element))))
      ;; the odometer: the next row, or the end
      (local.set $axis (i32.sub (local.get $last) (i32.const 1)))
      (loop $carry
        (if (i32.lt_s (local.get $axis) (i32.const 0)) (then (return)))
        (local.set $at (i32.add (local.get $meta) (i32.shl (local.get $axis) (i32.const 2))))
        (local.set $dim (i32.load (local.get $at)))
        (local.set $next (i32.add (i32.load (i32.add (local.get $at) (i32.shl (local.get $words) (i32.const 2)))) (i32.const 1)))
        (if (i32.lt_s (local.get $next) (local.get $dim)) (then
          (i32.store (i32.add (local.get $at) (i32.shl (local.get $words) (i32.const 2))) (local.get $next))
          (local.set $o (i32.add (local.get $o) (i32.load (i32.add (local.get $at) (local.get $words)))))
          (local.set $a (i32.add (local.get $a) (i32.load (i32.add (local.get $at) (i32.shl (local.get $words) (i32.const 1))))))
          (local.set $b (i32.add (local.get $b) (i32.load (i32.add (local.get $at) (i32.mul (local.get $words) (i32.const 3))))))
          (br $rows)))
        (i32.store (i32.add (local.get $at) (i32.shl (local.get $words) (i32.const 2))) (i32.const 0))
        (local.set $dim (i32.sub (local.get $dim) (i32.const 1)))
        (local.set $o (i32.sub (local.get $o) (i32.mul (local.get $dim) (i32.load (i32.add (local.get $at) (local.get $words))))))
        (local.set $a (i32.sub (local.get $a) (i32.mul (local.get $dim) (i32.load (i32.add (local.get $at) (i32.shl (local.get $words) (i32.const 1)))))))
        (local.set $b (i32.sub (local.get $b) (i32.mul (local.get $dim) (i32.load (i32.add (local.get $at) (i32.mul (local.get $words) (i32.const 3)))))))
        (local.set $axis (i32.sub (local.get $axis) (i32.const 1)))
        (br $carry))))`;
}

/** The exp and log sequences on `$et`: the float32 kernels' (./math.ts's expInPlace, logInPlace), or the exact ones of the float64 kernels. */
const sequences = (exact: boolean): Sequences =>
  exact
    ? { exp: () => expExactInPlace("e", ""), log: () => logExactInPlace("e", ""), expm1: () => expm1ExactInPlace("e", ""), log1p: () => log1pExactInPlace("e", "") }
    : { exp: (ceiling) => expInPlace("e", "", ceiling), log: () => logInPlace("e", "") };

/** A Math op's statements on `$et`: its float32 kernel's, or (`exact`) its float64 kernel's. */
const mathStatements = (op: MathOpCode, exact: boolean): string[] =>
  exact && typeof op.float64 === "function" ? op.float64(sequences(true) as Required<Sequences>) : op.math(sequences(exact));

/** The v128 locals of a Math op's sequence: exp's and log's scratch, the op's own, and `$et` unless it is a parameter. */
const mathLocals = (op: MathOpCode, withArgument = true, exact = false): string =>
  [...(withArgument ? ["$et"] : []), ...(exact ? EXACT_SCRATCH : ["k", "kd", "r", "r2", "r4"]).map((name) => `$e${name}`), ...(op.locals ?? [])]
    .map((name) => `(local ${name} v128)`)
    .join(" ");

/** A Math op's float64 computation on two lanes, the function its kernel calls outside the contiguous loop (`exact`: the float64 kernel's). */
function mathFunction(op: MathOpCode, exact = false): string {
  const statements = mathStatements(op, exact);
  return `
  ;; ${op.name} of two float64 lanes${exact ? ", with the exact exp and log" : ""}
  (func $${op.name}${exact ? "_exact" : ""}_f64x2 (param $et v128) (result v128) ${mathLocals(op, false, exact)}
${statements.map((line) => line.replace(/^/gm, "    ")).join("\n")}
    (local.get $et))`;
}

/** The statements that read an op's parameters into its locals, for ops that take parameters. */
const paramsOf = (op: AnyOpCode, type: LaneType): string[] | undefined => (isUnary(op) ? op.params?.[type.suffix]?.(param) : undefined);

const isUnary = (op: AnyOpCode): op is UnaryOpCode => UNARY_OPS.includes(op as UnaryOpCode);
const isCompare = (op: AnyOpCode): op is CompareOpCode => "compare" in op;
const isCast = (op: AnyOpCode): op is CastOpCode => "from" in op;
const isMath = (op: AnyOpCode): op is MathOpCode => "math" in op;

/** Every op with its dtypes in SIMD. */
const withTypes = (): [AnyOpCode, LaneType][] => [
  ...[...BINARY_OPS, ...UNARY_OPS, ...COMPARE_OPS, ...CAST_OPS].flatMap((op) =>
    LANE_TYPES.filter((type) => op.code[type.suffix] !== undefined).map((type): [AnyOpCode, LaneType] => [op, type]),
  ),
  // the Math ops in float32, and in float64 those whose JavaScript the exact exp and log give
  ...MATH_OPS.map((op): [AnyOpCode, LaneType] => [op, LANE_TYPES[0]!]),
  ...MATH_OPS.filter((op) => op.float64).map((op): [AnyOpCode, LaneType] => [op, LANE_TYPES[1]!]),
];

/** The names `<op>_<suffix>` the module exports. */
export const binaryExports = (): string[] => withTypes().map(([op, type]) => `${op.name}_${type.suffix}`);

/** The module's text. */
export function elementwiseWat(): string {
  const functions = [powFunction(), powExactFunctions(), fmodFunction(), erfExactFunction(), erfFunctions(), ...MATH_OPS.map((op) => mathFunction(op)), ...MATH_OPS.filter((op) => op.float64).map((op) => mathFunction(op, true)), ...withTypes().map(([op, type]) => binaryFunction(op, type))];
  return [
    ";; Generated by `npm run build:wasm` from scripts/wat/elementwise.ts: do not edit.",
    ";; Element-wise binary ops, unary ops, comparisons, logical ops and casts in WebAssembly SIMD over the engine's memory (src/kernels/wasm/arena.ts).",
    "(module",
    '  (import "env" "memory" (memory 1))',
    // the engine's own sin and cos, for the lanes whose argument the kernels do not reduce
    '  (import "math" "sin" (func $math_sin (param f64) (result f64)))',
    '  (import "math" "cos" (func $math_cos (param f64) (result f64)))',
    '  (import "math" "mod" (func $math_mod (param f64 f64) (result f64)))',
    ...functions,
    ")",
    "",
  ].join("\n");
}
