/**
 * The WebAssembly SIMD element-wise kernels, binary, unary and comparisons (generated into
 * src/kernels/wasm/elementwise.wat, run by src/kernels/simd.ts) against the
 * JavaScript kernels they stand in for: for every op and dtype with a SIMD
 * kernel, random shapes and layouts (contiguous, broadcast, reversed, any
 * strides, sizes that leave every remainder of the vector loops) and values
 * that include NaN, the infinities, -0 and subnormals, each output element is
 * bit for bit what the JavaScript kernel stores (a NaN is a NaN), and nothing
 * outside the output's layout is written. These ops are exact in both (IEEE
 * arithmetic rounds once; integers wrap), so equality is the right test.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { DType } from "../../src/dtype.js";
import type { UnaryRule } from "../../src/ops/engine.js";
import type { Writable } from "../../src/kernels/binary.js";
import { planIteration, type Operand, type Plan } from "../../src/kernels/plan.js";
import { binarySimd, FDLIBM_KERNELS, float64MathInSimd, unarySimd } from "../../src/kernels/simd.js";
import { arenaStats, drop, type Resident, residentStorage, setSimdEnabled, simdAvailable } from "../../src/kernels/wasm/arena.js";
import { add, cast, div, exp, mod, relu, sigmoid, sub, tensor } from "../../src/index.js";
import { Tensor } from "../../src/tensor.js";
import { activationRules, castRules, geluRules, parameterized, rules, unaryRules } from "../../src/ops/elementwise.js";
import { PARAMS_AT } from "../../src/kernels/wasm/arena.js";
import { BINARY_OPS, MATH_OPS, PARAMS_AT as GENERATED_PARAMS_AT } from "../../scripts/wat/elementwise.js";
import { float32Ulps } from "../support/ulps.js";
import { erf as erfOf, erfc } from "../../src/kernels/erf.js";
import { inputArb, outArb, shapeArb } from "./layouts.js";

const ARRAYS = { float32: Float32Array, float64: Float64Array, int32: Int32Array, uint8: Uint8Array } as const;
type Lanes = keyof typeof ARRAYS;
type Typed = InstanceType<(typeof ARRAYS)[Lanes]>;

/** The ops and dtypes the module has kernels for (scripts/wat/elementwise.ts). */
const KERNELS: [keyof typeof rules, Lanes[]][] = [
  ["add", ["float32", "float64", "int32", "uint8"]],
  ["sub", ["float32", "float64", "int32", "uint8"]],
  ["mul", ["float32", "float64", "int32", "uint8"]],
  ["div", ["float32", "float64"]],
  ["mod", ["float32", "float64", "int32", "uint8"]],
  ["pow", ["float32", "int32", "uint8"]],
  ["maximum", ["float32", "float64", "int32", "uint8"]],
  ["minimum", ["float32", "float64", "int32", "uint8"]],
];

/** The unary ops and dtypes the module has kernels for (UNARY_OPS in scripts/wat/elementwise.ts). */
const UNARY_KERNELS: [keyof typeof unaryRules, Lanes[]][] = [
  ["neg", ["float32", "float64", "int32"]],
  ["abs", ["float32", "float64", "int32"]],
  ["sqrt", ["float32", "float64"]],
  ["floor", ["float32", "float64"]],
  ["ceil", ["float32", "float64"]],
  ["round", ["float32", "float64"]],
  ["relu", ["float32", "float64", "int32"]],
  ["sign", ["float32", "float64", "int32"]],
];

/** Values of a dtype, the awkward ones often. */
const valueArb = (dtype: Lanes): fc.Arbitrary<number> => {
  switch (dtype) {
    case "float32":
      return fc.oneof(fc.float(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 1e-45, -1e-45, 3.4028234663852886e38));
    case "float64":
      return fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 5e-324, -Number.MAX_VALUE));
    case "int32":
      return fc.oneof(fc.integer(), fc.constantFrom(-2147483648, 2147483647, 0, -1));
    case "uint8":
      return fc.integer({ min: 0, max: 255 });
  }
};

/** Shapes whose innermost loop is long enough for the two-vector turns, and the short ones of layouts.ts. */
const shapesArb = fc.oneof(
  shapeArb(),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 17, max: 70 })).map(([rows, columns]) => [rows, columns]),
  fc.integer({ min: 1, max: 200 }).map((n) => [n]),
);

/** The blocks the current property run took, given back after it (the runs never yield to the collector). */
const taken: Resident[] = [];

/** A buffer in the engine's memory of at least `length` elements, filled from `values` (cycled). */
function residentArray(dtype: Lanes, length: number, values: readonly number[]): Typed {
  const room = Math.max(length, 4096 / ARRAYS[dtype].BYTES_PER_ELEMENT);
  const storage = residentStorage(dtype, room, true);
  if (storage === undefined) throw new Error("no resident storage");
  taken.push(storage);
  const array = storage.array as Typed;
  for (let i = 0; i < room; i++) array[i] = values.length === 0 ? 0 : values[i % values.length]!;
  return array;
}

const same = (x: number, y: number): boolean => Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y));

const operand = <D>(data: D, layout: { offset: number; strides: number[] }): Operand<D> => ({ data, offset: layout.offset, strides: layout.strides });

/**
 * Random shapes, an output layout and `count` input layouts holding `values`
 * (in the engine's memory): the JavaScript kernel and the SIMD one write the
 * same bits at every position of the output's buffer, inside its layout or not.
 */
function sameAsJavaScript(
  dtype: Lanes,
  outDType: Lanes,
  count: 1 | 2,
  values: fc.Arbitrary<number>,
  js: (plan: Plan, out: Operand<Writable>, inputs: Operand[]) => void,
  simd: (plan: Plan, out: Operand, inputs: Operand[]) => boolean,
  runs: { seed: number; numRuns: number },
  withinUlps = 0,
): void {
  fc.assert(
    fc.property(
      shapesArb.chain((shape) =>
        fc.tuple(
          fc.constant(shape),
          outArb(shape),
          fc.array(inputArb(shape), { minLength: count, maxLength: count }),
          fc.array(fc.array(values, { minLength: 1, maxLength: 64 }), { minLength: count, maxLength: count }),
          fc.boolean(),
        ),
      ),
      ([shape, outLayout, layouts, lists, planned]) => {
        try {
          check(shape, outLayout, layouts, lists, planned);
        } finally {
          for (const block of taken.splice(0)) drop(block);
        }
      },
    ),
    runs,
  );

  type Layout = { offset: number; strides: number[]; length: number };
  function check(shape: number[], outLayout: Layout, layouts: Layout[], lists: number[][], planned: boolean): void {
    const inputs = layouts.map((layout, k) => operand(residentArray(dtype, layout.length, lists[k]!), layout));
    const simdOut = residentArray(outDType, outLayout.length, [7]);
    const jsOut = new ARRAYS[outDType](simdOut.length).fill(7);
    const strides = [outLayout.strides, ...layouts.map((layout) => layout.strides)];
    const size = shape.reduce((p, d) => p * d, 1);
    const plan: Plan = planned ? planIteration(shape, strides) : { dims: [...shape], strides, size };
    js(plan, operand(jsOut as Writable, outLayout), inputs);
    if (size > 0) expect(simd(plan, operand(simdOut, outLayout), inputs)).toBe(true);
    for (let i = 0; i < jsOut.length; i++) {
      // (a zero is not within an ulp of the other zero: float32Ulps counts -0 and +0 as one place)
      const zeros = simdOut[i] === 0 && jsOut[i] === 0;
      const close = withinUlps === 0 || zeros ? same(simdOut[i]!, jsOut[i]!) : float32Ulps(simdOut[i]!, jsOut[i]!) <= withinUlps;
      if (!close) expect({ at: i, simd: simdOut[i], js: jsOut[i] }).toEqual({ at: i, simd: jsOut[i], js: jsOut[i] });
    }
  }
}

describe.runIf(simdAvailable())("WebAssembly SIMD element-wise kernels", () => {
  for (const [op, dtypes] of KERNELS) {
    for (const dtype of dtypes) {
      it(`${op} in ${dtype}: what the JavaScript kernel stores${op === "pow" && dtype === "float32" ? " (within one float32 ulp)" : ""}, for any layout`, () => {
        const rule = rules[op];
        const js = rule.integerKernel !== undefined && (dtype === "int32" || dtype === "uint8") ? rule.integerKernel : rule.kernel;
        sameAsJavaScript(
          dtype,
          dtype,
          2,
          // mod: small values (exact multiples, both signs, zeros) beside the whole range (large
          // quotients, the infinities, NaN: the engine's own %)
          op === "mod"
            ? fc.oneof(
                valueArb(dtype),
                fc.integer({ min: -24, max: 24 }).map((k) => (dtype === "uint8" ? (k + 256) % 256 : dtype === "int32" ? k : k / 4)),
                fc.constantFrom(...(dtype === "float32" ? [0, -0, 1e-30, -1e-30, 3e38, 0.1, -0.3, 2 ** 29, 7 * 2 ** 29] : dtype === "int32" ? [0, -2147483648, 2147483647, -1, 1, 3] : [0, 1, 255, 254, 128])),
                // float64: the exact path's range ends (|y| 2^-900 and 2^995, quotients near 2^52) and beyond
                ...(dtype === "float64"
                  ? [fc.constantFrom(0.1, -0.3, 1 / 3, 2 ** -900, 2 ** -901, 2 ** 995, 2 ** 996, 2 ** 52, 2 ** 52 + 1, -(2 ** 53), 3 * 2 ** 60, 1e-300, 1e300, 5e-324, Number.MAX_VALUE), fc.double({ min: -1e6, max: 1e6, noNaN: true })]
                  : []),
              )
            : op === "pow" && dtype !== "float32"
              ? // integer pow: bases of both signs, small and large exponents (made non-negative below)
                fc.oneof(valueArb(dtype), fc.integer({ min: -40, max: 40 }).map((k) => (dtype === "uint8" ? (k + 256) % 256 : k)), fc.constantFrom(0, 1, 2, 3, 31, 32))
              : op === "pow"
              ? // pow: bases and exponents that give finite results, integers (odd and even, the
                // signs of negative bases), and the special cases (0, 1, -1, the infinities, NaN)
                fc.oneof(
                  valueArb(dtype),
                  fc.float({ min: -12, max: 12, noNaN: true }),
                  fc.integer({ min: -9, max: 9 }),
                  fc.constantFrom(0, -0, 1, -1, 0.5, -0.5, 2, Infinity, -Infinity, Number.NaN, 2.5, -3),
                )
              : valueArb(dtype),
          (plan, out, [a, b]) => {
            // (integer pow refuses negative exponents before any kernel runs: none reach them)
            if (op === "pow" && dtype === "int32") for (let i = 0; i < b!.data.length; i++) (b!.data as Int32Array)[i]! &= 0x7fffffff;
            js(plan, out, a!, b!);
          },
          (plan, out, [a, b]) => binarySimd(op, dtype as DType, plan, out, a!, b!),
          { seed: 17, numRuns: 300 },
          // (float32 pow goes through Math.pow: within one float32 ulp, as the other Math ops)
          op === "pow" && dtype === "float32" ? 1 : 0,
        );
      });
    }
  }

  it("float64 mod: the JavaScript's bits where x is a multiple of y or falls just short of one, at every quotient size", () => {
    // (where the rounded quotient x / y reaches the next integer, and where q y is not exact)
    const n = 1 << 16;
    const [x, y, result] = [residentArray("float64", n, []), residentArray("float64", n, []), residentArray("float64", n, [])];
    const plan: Plan = { dims: [n], strides: [[1], [1], [1]], size: n };
    const rule = rules.mod;
    const expected = new Float64Array(n);
    let state = 7;
    const random = (): number => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (const sign of [1, -1]) {
      for (let i = 0; i < n; i++) {
        y[i] = (random() - 0.5) * 2 ** Math.floor(random() * 200 - 100);
        const multiple = Math.round(random() * 2 ** Math.floor(random() * 54)) * y[i]!;
        x[i] = sign * (i % 3 === 0 ? multiple : multiple * (1 - 2 ** -Math.floor(1 + random() * 60)));
      }
      rule.kernel(plan, operand(expected as Writable, { offset: 0, strides: [1] }), operand(x, { offset: 0, strides: [1] }), operand(y, { offset: 0, strides: [1] }));
      expect(binarySimd("mod", "float64", plan, operand(result, { offset: 0, strides: [1] }), operand(x, { offset: 0, strides: [1] }), operand(y, { offset: 0, strides: [1] }))).toBe(true);
      let differ = 0;
      for (let i = 0; i < n; i++) if (!same(result[i]!, expected[i]!)) differ++;
      expect({ sign, differ }).toEqual({ sign, differ: 0 });
    }
  });

  // comparisons and logical ops computing in each dtype, bools ("bool", bytes of 0 and 1) included
  const comparisons = ["equal", "notEqual", "less", "lessEqual", "greater", "greaterEqual", "logicalAnd", "logicalOr", "logicalXor"] as const;
  const cases = comparisons.flatMap((op) => (["float32", "float64", "int32", "uint8", "bool"] as const).map((dtype) => [op, dtype] as const));
  for (const [op, dtype] of cases) {
    it(`${op} in ${dtype}: the bools the JavaScript kernel stores, for any layout`, () => {
      const lanes = dtype === "bool" ? "uint8" : dtype;
      // few distinct values, so that equal elements meet often
      const few = dtype === "bool" ? [0, 1] : dtype === "int32" || dtype === "uint8" ? [0, 1, 255] : [-1, -0, 0, 1, Number.NaN];
      const values = dtype === "bool" ? fc.constantFrom(0, 1) : fc.oneof(valueArb(lanes), fc.constantFrom(...few));
      sameAsJavaScript(
        lanes,
        "uint8",
        2,
        values,
        (plan, out, [a, b]) => rules[op].kernel(plan, out, a!, b!),
        (plan, out, [a, b]) => binarySimd(op, dtype, plan, out, a!, b!),
        { seed: 23, numRuns: 150 },
      );
    });
  }

  it("reads an op's parameters where the engine writes them", () => {
    expect(GENERATED_PARAMS_AT).toBe(PARAMS_AT);
  });

  // ops with float64 parameters: each setting's product or comparison as the JavaScript makes it
  const settings: [string, () => UnaryRule][] = [
    ...[0.01, 0.2, -1.5, 1e-30, 3.3, 0].map((slope): [string, () => UnaryRule] => [`leakyRelu ${slope}`, () => parameterized.leakyRelu(slope)]),
    ...[[-1, 1], [0.1, 0.1], [1e-50, 1], [-1, -1e-50], [-Infinity, 0.5], [-0.3, Infinity], [0, 0], [-0, 0], [1 / 3, 2 / 3]].map(
      ([low, high]): [string, () => UnaryRule] => [`clip ${low} ${high}`, () => parameterized.clip(low!, high!)],
    ),
  ];
  for (const [name, rule] of settings) {
    for (const dtype of ["float32", "float64"] as const) {
      it(`${name} in ${dtype}: what the JavaScript kernel stores, for any layout`, () => {
        sameAsJavaScript(
          dtype,
          dtype,
          1,
          fc.oneof(valueArb(dtype), fc.constantFrom(0, -0, 0.1, -0.1, 1 / 3, 2 / 3, 1, -1, 1e-45, -1e-45)),
          (plan, out, [a]) => rule().kernel(plan, out, a!),
          (plan, out, [a]) => {
            const r = rule();
            return unarySimd(r.name, dtype, plan, out, a!, r.params!());
          },
          { seed: 43, numRuns: 60 },
        );
      });
    }
  }

  // clip of integers: x compared with the float64 bounds exactly, the bounds stored as the typed
  // array's store makes them (ToInt32, its low byte); bounds beyond the dtype's range and fractions
  const integerBounds: [number, number][] = [
    [-1, 1], [0.5, 10.7], [-0.5, -0.25], [-3.5, 200.2], [1, 1], [-Infinity, 7], [3, Infinity], [3e9, 3e9], [-5e9, -4.9e9], [2 ** 31, 2 ** 32 + 3],
    [-(2 ** 31), 2 ** 31 - 1], [255.5, 300], [-1, 255], [256, 1000], [-(2 ** 40) - 7, 2 ** 53], [100, 100.5], [-1.5, -1.2], [-1, 0], [0, 0], [0, 0.5], [-0, 0],
  ];
  for (const [low, high] of integerBounds) {
    for (const dtype of ["int32", "uint8"] as const) {
      it(`clip ${low} ${high} in ${dtype}: what the JavaScript kernel stores, for any layout`, () => {
        sameAsJavaScript(
          dtype,
          dtype,
          1,
          fc.oneof(valueArb(dtype), fc.integer({ min: -12, max: 12 }).map((k) => (dtype === "uint8" ? (k + 256) % 256 : k)), fc.constantFrom(0, 1, 10, 11, 100, 101, 199, 200, 201, 254, 255)),
          (plan, out, [a]) => parameterized.clip(low, high).kernel(plan, out, a!),
          (plan, out, [a]) => unarySimd("clip", dtype, plan, out, a!, parameterized.clip(low, high).params!()),
          { seed: 61, numRuns: 40 },
        );
      });
    }
    it(`clip ${low} ${high} in bool: the bools the JavaScript kernel stores (the clipped value's truth), for any layout`, () => {
      sameAsJavaScript(
        "uint8",
        "uint8",
        1,
        fc.constantFrom(0, 1),
        (plan, out, [a]) => parameterized.clipBool(low, high).kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd("clipBool", "bool", plan, out, a!, parameterized.clipBool(low, high).params!()),
        { seed: 67, numRuns: 30 },
      );
    });
  }

  const tests = [
    ...(["float32", "float64", "int32", "uint8"] as const).map((dtype) => ["isNaN", dtype] as const),
    ...(["float32", "float64"] as const).map((dtype) => ["isFinite", dtype] as const),
  ];
  for (const [op, dtype] of tests) {
    it(`${op} of ${dtype}: the bools the JavaScript kernel stores, for any layout`, () => {
      const rule = activationRules[op];
      sameAsJavaScript(
        dtype,
        "uint8",
        1,
        fc.oneof(valueArb(dtype), fc.constantFrom(Number.NaN, Infinity, -Infinity)),
        (plan, out, [a]) => rule.kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd(rule.simd, "bool", plan, out, a!),
        { seed: 29, numRuns: 100 },
      );
    });
  }

  for (const from of ["float32", "float64", "int32", "uint8"] as const) {
    it(`cast from ${from} to bool (notEqual(x, 0)): the bools the JavaScript kernel stores, for any layout`, () => {
      sameAsJavaScript(
        from,
        "uint8",
        1,
        fc.oneof(valueArb(from), fc.constantFrom(0, -0, Number.NaN)),
        (plan, out, [a]) => castRules.bool.kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd("cast", "bool", plan, out, a!),
        { seed: 41, numRuns: 100 },
      );
    });
  }

  const casts = [
    ["float32", "float64"],
    ["float64", "float32"],
    ["int32", "float64"],
    ["uint8", "int32"],
    ["uint8", "float32"],
    ["uint8", "float64"],
    ["float32", "int32"],
    ["float32", "uint8"],
    ["int32", "uint8"],
    ["float64", "int32"],
    ["float64", "uint8"],
    ["int32", "float32"],
  ] as const;
  for (const [from, to] of casts) {
    it(`cast from ${from} to ${to}: what a typed array's store makes of each value, for any layout`, () => {
      sameAsJavaScript(
        from,
        to,
        1,
        // doubles between float32 values, where rounding to nearest-even shows
        from === "float64"
          ? to === "float32"
            ? fc.oneof(valueArb(from), fc.integer().map((k) => 1 + k * 2 ** -30))
            : // to integers: mostly within int32, at times beyond it, and where ToInt32's wrap keeps bits of
              // doubles from 2^63 up to 2^84
              fc.oneof(
                { arbitrary: fc.double({ min: -3e9, max: 3e9, noNaN: true }), weight: 4 },
                valueArb(from),
                fc.tuple(fc.integer({ min: 31, max: 90 }), fc.double({ min: 1, max: 2, noNaN: true }), fc.boolean()).map(([e, m, negative]) => (negative ? -1 : 1) * m * 2 ** e),
                fc.constantFrom(2 ** 31, -(2 ** 31), 2 ** 32 + 256, 2 ** 63, -(2 ** 63), 2 ** 63 + 2 ** 11, -(2 ** 70) - 2 ** 19, 2 ** 84, 2 ** 83 * 1.5),
              )
          : from === "float32"
            ? // to integers: mostly within int32 (the vector truncation), at times beyond it (ToInt32's wrap)
              fc.oneof({ arbitrary: fc.float({ min: -3e9, max: 3e9 }), weight: 4 }, valueArb(from), fc.constantFrom(2 ** 31, -(2 ** 31), 2 ** 32 + 256, 2 ** 63, -(2 ** 40) - 512))
            : valueArb(from),
        (plan, out, [a]) => castRules[to].kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd("cast", to, plan, out, a!),
        { seed: 31, numRuns: 200 },
      );
    });
  }

  const mathOps = [
    ["exp", unaryRules.exp],
    ["log", unaryRules.log],
    ["sigmoid", unaryRules.sigmoid],
    ["tanh", unaryRules.tanh],
    ["silu", activationRules.silu],
    ["geluTanh", geluRules.tanh],
    ["softplus", activationRules.softplus],
    ["logSigmoid", activationRules.logSigmoid],
  ] as const;
  // elu reads its alpha as leakyRelu does
  const eluOps = [1, 0.5, -2].map((scale) => [`elu ${scale}`, "elu", () => parameterized.elu(scale)] as const);
  for (const [name, op, rule] of eluOps) {
    it(`${name} in float32: within one float32 ulp of the JavaScript kernel (Math.expm1), for any layout`, () => {
      sameAsJavaScript(
        "float32",
        "float32",
        1,
        fc.oneof(valueArb("float32"), fc.float({ min: -110, max: 110, noNaN: true }), fc.float({ min: Math.fround(-0.02), max: Math.fround(0.02), noNaN: true }), fc.constantFrom(0.01, -0.01, -1e-30, -0, -Infinity)),
        (plan, out, [a]) => rule().kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd(op, "float32", plan, out, a!, rule().params!()),
        { seed: 47, numRuns: 200 },
        1,
      );
    });
  }

  // (sin and cos have float32 kernels only)
  const float32MathOps = [...mathOps, ["sin", unaryRules.sin], ["cos", unaryRules.cos], ["erf", activationRules.erf], ["gelu", geluRules.none]] as const;
  for (const [op, rule] of float32MathOps) {
    it(`${op} in float32: within one float32 ulp of the JavaScript kernel (Math), for any layout`, () => {
      sameAsJavaScript(
        "float32",
        "float32",
        1,
        // the whole range, and where float32 overflows, underflows and goes subnormal
        fc.oneof(
          valueArb("float32"),
          fc.float({ min: -110, max: 110, noNaN: true }),
          fc.constantFrom(88.72, 88.73, -87.3, -103.97, -104, 104, -89, 89),
          // log: near 1, on both sides of sqrt(2), and the smallest and largest floats
          fc.float({ min: Math.fround(0.5), max: 2, noNaN: true }),
          fc.constantFrom(1, Math.fround(Math.SQRT2), Math.fround(Math.SQRT1_2), 1e-45, 1.2e-38, 3.4e38, -1, -0),
          // tanh: on both sides of where its series stops, and where it reaches 1
          fc.float({ min: Math.fround(-0.01), max: Math.fround(0.01), noNaN: true }),
          fc.constantFrom(2 ** -10, -(2 ** -10), Math.fround(2 ** -10 * (1 + 2 ** -23)), 9.01, -9.01, 1e-20),
          // sin and cos: near multiples of pi/2 (where the reduction must keep r's digits), the
          // quadrants, tiny arguments, and from 2^18 on (the engine's own function)
          fc.integer({ min: -170000, max: 170000 }).chain((k) => fc.integer({ min: -3, max: 3 }).map((d) => Math.fround(Math.fround((k * Math.PI) / 2) + d * 2 ** -20 * Math.max(1, Math.abs(k))))),
          fc.float({ min: -300000, max: 300000, noNaN: true }),
          fc.constantFrom(2 ** 18, -(2 ** 18), Math.fround(2 ** 18 * (1 - 2 ** -24)), 1e30, -3e38, 2 ** -26, -(2 ** -27), 1e-30, 1.5707963705062866, 3.1415927410125732, 4.71238899230957, 6.2831854820251465),
          // erf and gelu: both sides of where the series gives way to the fraction (2.5, and 2.5 sqrt(2)
          // for gelu), where erf reaches 1, gelu's tail down to float32's smallest
          fc.float({ min: -16, max: 16, noNaN: true }),
          fc.constantFrom(2.5, -2.5, Math.fround(2.5 * Math.SQRT2), Math.fround(-2.5 * Math.SQRT2), 3.9, 6, -6, -13, -14, -14.5, -20, 1e-30, -1e-30),
          // the float32 below 2^18 nearest to multiples of pi/2 (scripts/trig-hard-cases.ts), those above 1000 negated
          fc.constantFrom(252.89820861816406, 505.7964172363281, 4.71238899230957, 52516.43359375, 1011.5928344726562, 9.42477798461914, 105032.8671875, 2023.1856689453125).map((x) => x * (x > 1000 ? -1 : 1)),
        ),
        (plan, out, [a]) => rule.kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd(op, "float32", plan, out, a!),
        { seed: 37, numRuns: 300 },
        1,
      );
    });
  }

  // float64 exp, log, expm1 and log1p are fdlibm's algorithms, which Node's Math.exp, Math.log,
  // Math.expm1 and Math.log1p run (and Math.tanh from expm1): these kernels store the
  // JavaScript's bits, not only values within an ulp of them. Where an engine's Math is another
  // (Chromium's exp and log are one ulp from Node's on a tenth of arguments, and sigmoid or
  // softplus then more), src/kernels/simd.ts finds it out and runs the JavaScript kernels.
  const exactHere = typeof process !== "undefined" && process.versions?.node !== undefined;
  // (where the engine's Math is another, src/kernels/simd.ts leaves these ops to JavaScript)
  const fdlibmHere = float64MathInSimd();

  /** Whether `op`'s float64 kernel ran on a few arguments (where Math is not fdlibm's, it must not). */
  const ranInSimd = (op: string, params?: readonly number[]): boolean => {
    const n = 64;
    const plan: Plan = { dims: [n], strides: [[1], [1]], size: n };
    const out = residentArray("float64", n, []);
    const argument = new Float64Array(n).map((_, i) => i / 8 - 4);
    return unarySimd(op, "float64", plan, operand(out, { offset: 0, strides: [1] }), operand(argument, { offset: 0, strides: [1] }), params);
  };

  /** Whether float64 pow's kernel ran on a few pairs (where `**` is not fdlibm's, it must not). */
  const powRanInSimd = (): boolean => {
    const n = 64;
    const out = residentArray("float64", n, []);
    const x = new Float64Array(n).map((_, i) => i / 8);
    const y = new Float64Array(n).map((_, i) => i / 4 - 8);
    return binarySimd("pow", "float64", { dims: [n], strides: [[1], [1], [1]], size: n }, operand(out, { offset: 0, strides: [1] }), operand(x, { offset: 0, strides: [1] }), operand(y, { offset: 0, strides: [1] }));
  };

  it("gates every float64 Math kernel the module has by the probe, and only those", () => {
    const generated = [...MATH_OPS.filter((op) => op.float64 !== undefined), ...BINARY_OPS.filter((op) => op.fdlibm === true && op.code.f64 !== undefined)].map((op) => `${op.name}_f64`);
    expect(generated).toContain("pow_f64");
    expect([...FDLIBM_KERNELS].sort()).toEqual(generated.sort());
  });

  it("runs the float64 Math kernels where Math is fdlibm's (Node), and else leaves them to JavaScript", () => {
    if (exactHere) expect(fdlibmHere).toBe(true);
    for (const op of ["exp", "log", "sigmoid", "silu", "geluTanh", "softplus", "logSigmoid", "tanh", "sin", "cos", "erf", "gelu"]) expect({ op, ran: ranInSimd(op) }).toEqual({ op, ran: fdlibmHere });
    expect(ranInSimd("elu", [1])).toBe(fdlibmHere);
    expect(powRanInSimd()).toBe(fdlibmHere);
    // what runs instead stores the JavaScript's bits
    const x = tensor(Array.from({ length: 5000 }, (_, i) => i / 100 - 25), { dtype: "float64" });
    expect(Array.from(sigmoid(x).toTypedArray())).toEqual(Array.from(x.toTypedArray(), (v) => 1 / (1 + Math.exp(-v))));
  });
  const float64Values = fc.oneof(
    valueArb("float64"),
    fc.double({ min: -750, max: 750, noNaN: true }),
    // exp and expm1: where the argument is reduced, the forms by k, overflow, underflow, subnormal results
    fc.double({ min: -1.1, max: 1.1, noNaN: true }),
    fc.double({ min: -45, max: 45, noNaN: true }),
    fc.constantFrom(0.34657359027997264, 0.3465735902799727, -0.34657359027997264, 2 ** -28, -(2 ** -28), 2 ** -54, 709.782712893384, 709.7827128933841, -745.1332191019411, -745.1332191019412, -708.5, -740),
    fc.constantFrom(1, -1, 22, -22, 21.999999999999996, -38.816242111356935, -38.81624211135693, 14, 39, 40, 0.25, -0.25, 2 * Math.LN2, 20 * Math.LN2, 57 * Math.LN2),
    // log and log1p: near 1 and 0 (|f| < 2^-20, the two forms of the series), the direct range's ends, subnormals, the largest
    fc.double({ min: 0.5, max: 2, noNaN: true }),
    fc.double({ min: 1 - 2 ** -19, max: 1 + 2 ** -19, noNaN: true }),
    fc.double({ min: -(2 ** -19), max: 2 ** -19, noNaN: true }),
    fc.constantFrom(Math.SQRT2, Math.SQRT1_2, 0.41421356237309503, -0.2928932188134524, 2 ** 53, 2 ** 53 - 1, 5e-324, 2.2e-308, 1e-310, Number.MAX_VALUE, -0.9999999999999999, -0),
    // sin and cos: near multiples of pi/2 (the reduction's second and third rounds), pi/4, 3pi/4,
    // pi/2's own high word, the medium range's end (2^19 pi/2) and beyond
    fc.integer({ min: -400000, max: 400000 }).chain((k) => fc.integer({ min: -4, max: 4 }).map((d) => (k * Math.PI) / 2 + d * 2 ** -40 * Math.max(1, Math.abs(k)))),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    // (where the third round changes sin or cos: doubles within 2^-53 |x| of a multiple of pi/2)
    fc.constantFrom(65359.26436160885, 91553.86390724055, 93595.89913207392, -130718.5287232177, 138200.2316277418, -143996.47007361497),
    fc.constantFrom(Math.PI / 4, 0.7853981633974484, (3 * Math.PI) / 4, 2.356194490192345, Math.PI / 2, 1.5707963267948968, 1.5707963267948963, 2 ** 19 * (Math.PI / 2), 823550.0000000001, 1e22, 6381956970095103 * 2 ** 797, 2 ** -27, 0.3, 0.78125),
    // erf and gelu: the series' and the fraction's ranges and their ends (1, 1.5, 2, 2.5, 6, 26,
    // 28, each times sqrt(2) for gelu), and around them
    fc.double({ min: -40, max: 40, noNaN: true }),
    fc.constantFrom(...[1, 1.5, 2, 2.5, 6, 26, 28].flatMap((v) => [v, -v, v * Math.SQRT2, -v * Math.SQRT2, v - 2 ** -50, v + 2 ** -50, -(v * Math.SQRT2) - 1e-14])),
  );
  for (const [op, rule] of [...mathOps, ["sin", unaryRules.sin], ["cos", unaryRules.cos], ["erf", activationRules.erf], ["gelu", geluRules.none]] as const) {
    it(`${op} in float64: what the JavaScript kernel stores (Math bit for bit, where it is fdlibm's; else left to it), for any layout`, () => {
      if (!fdlibmHere) return void expect(ranInSimd(op)).toBe(false);
      sameAsJavaScript(
        "float64",
        "float64",
        1,
        float64Values,
        (plan, out, [a]) => rule.kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd(op, "float64", plan, out, a!),
        { seed: 53, numRuns: 300 },
      );
    });
  }
  for (const [name, op, rule] of eluOps) {
    it(`${name} in float64: what the JavaScript kernel stores (Math.expm1 bit for bit, where it is fdlibm's; else left to it), for any layout`, () => {
      if (!fdlibmHere) return void expect(ranInSimd(op, rule().params!())).toBe(false);
      sameAsJavaScript(
        "float64",
        "float64",
        1,
        float64Values,
        (plan, out, [a]) => rule().kernel(plan, out, a!),
        (plan, out, [a]) => unarySimd(op, "float64", plan, out, a!, rule().params!()),
        { seed: 59, numRuns: 200 },
      );
    });
  }

  // The ops whose vector code is a costly call (the Math ops, float pow) gather four float32 or two
  // float64 elements a turn in rows of any strides and leave the rest to the loop of one: rows of 1
  // to 9 elements (every remainder, up to two gathered turns of four), a read along a stride of 2 (a
  // transposed view; b too, or contiguous), written along a stride of 2 or contiguously, of values
  // whose results all differ, so a lane stored in another's place, an element skipped and one left
  // unwritten each show
  type Costly = [op: string, dtype: "float32" | "float64", js: (plan: Plan, out: Operand<Writable>, inputs: Operand[]) => void, simd: (plan: Plan, out: Operand, inputs: Operand[]) => boolean];
  const costlyOps = (["float32", "float64"] as const).flatMap((dtype): Costly[] => [
    ...float32MathOps.map(([op, rule]): Costly => [op, dtype, (plan, out, [a]) => rule.kernel(plan, out, a!), (plan, out, [a]) => unarySimd(op, dtype, plan, out, a!)]),
    ["elu", dtype, (plan, out, [a]) => parameterized.elu(0.5).kernel(plan, out, a!), (plan, out, [a]) => unarySimd("elu", dtype, plan, out, a!, parameterized.elu(0.5).params!())],
    ["pow", dtype, (plan, out, [a, b]) => rules.pow.kernel(plan, out, a!, b!), (plan, out, [a, b]) => binarySimd("pow", dtype, plan, out, a!, b!)],
  ]);
  for (const [op, dtype, js, simd] of costlyOps) {
    it(`${op} in ${dtype}: rows of any strides, gathered ${dtype === "float32" ? "four" : "two"} a turn, what the JavaScript kernel stores${dtype === "float32" ? " (within one float32 ulp)" : ""} for every remainder`, () => {
      if (dtype === "float64" && !fdlibmHere) return;
      // (log of positive values; pow: bases from 0.5 up, exponents from 2.5 down)
      const value = (i: number, k: number): number => (op === "pow" ? (k === 0 ? 0.5 + 0.05 * i : 2.5 - 0.15 * i) : (op === "log" || i % 2 === 0 ? 1 : -1) * (0.1 + 0.05 * i));
      try {
        for (let n = 1; n <= 9; n++) {
          for (const outStrided of [true, false]) {
            const [strided, contiguous] = [{ offset: 0, strides: [1, 2] }, { offset: 0, strides: [n, 1] }];
            const [out, layouts] = [outStrided ? strided : contiguous, op === "pow" ? [strided, outStrided ? contiguous : strided] : [strided]];
            const inputs = layouts.map((layout, k) => operand(residentArray(dtype, 2 * n, Array.from({ length: 2 * n }, (_, i) => value(i, k))), layout));
            const plan: Plan = { dims: [2, n], strides: [out, ...layouts].map((layout) => layout.strides), size: 2 * n };
            const simdOut = residentArray(dtype, 2 * n, [7]);
            const jsOut = new ARRAYS[dtype](simdOut.length).fill(7);
            js(plan, operand(jsOut as Writable, out), inputs);
            expect(simd(plan, operand(simdOut, out), inputs)).toBe(true);
            for (let i = 0; i < jsOut.length; i++) {
              const close = dtype === "float32" ? float32Ulps(simdOut[i]!, jsOut[i]!) <= 1 : same(simdOut[i]!, jsOut[i]!);
              if (!close) expect({ n, outStrided, at: i, simd: simdOut[i] }).toEqual({ n, outStrided, at: i, simd: jsOut[i] });
            }
          }
        }
      } finally {
        for (const block of taken.splice(0)) drop(block);
      }
    });
  }

  it("float64 exp, log, expm1, log1p, tanh, sin, cos, erf and gelu: the JavaScript's bits over dense sweeps of their arguments, where Math is fdlibm's", () => {
    if (!fdlibmHere) return void expect(ranInSimd("exp")).toBe(false);
    const n = 1 << 16;
    const argument = residentArray("float64", n, []);
    const result = residentArray("float64", n, []);
    const plan: Plan = { dims: [n], strides: [[1], [1]], size: n };
    // expm1 as elu with alpha 1 on x <= 0; log1p(exp(x)) as softplus of x <= 0
    const sweeps: [string, (i: number) => number, (x: number) => number, number[]?][] = [
      ["exp", (i) => -750 + (1460 * i) / n, Math.exp],
      ["exp", (i) => (i - n / 2) * 2 ** -14, Math.exp],
      ["log", (i) => 2 ** ((2100 * i) / n - 1075), Math.log],
      ["log", (i) => 0.6 + (0.9 * i) / n, Math.log],
      ["elu", (i) => -45 + (45 * i) / n, Math.expm1, [1]],
      ["elu", (i) => -(2 ** (-60 + (62 * i) / n)), Math.expm1, [1]],
      ["softplus", (i) => -40 + (40 * i) / n, (x) => Math.log1p(Math.exp(x))],
      ["softplus", (i) => -(2 ** (10 - (1070 * i) / n)), (x) => Math.log1p(Math.exp(x))],
      ["tanh", (i) => -25 + (50 * i) / n, Math.tanh],
      ["tanh", (i) => 2 ** (-40 + (42 * i) / n), Math.tanh],
      ["sin", (i) => (i - n / 2) * 0.0123, Math.sin],
      ["cos", (i) => (i - n / 2) * 0.0123, Math.cos],
      ["sin", (i) => (Math.round(i / 4) * Math.PI) / 2 + ((i % 4) - 1.5) * 2 ** -30, Math.sin],
      ["cos", (i) => (i - n / 2) * 25.7, Math.cos],
      ["erf", (i) => (i - n / 2) / 4096, erfOf],
      ["erf", (i) => 0.9 + (5.4 * i) / n, erfOf],
      // (gelu as src/ops/elementwise.ts computes it)
      ["gelu", (i) => -(i / n) * 45, (x) => 0.5 * x * erfc(-x * Math.SQRT1_2)],
      ["gelu", (i) => (i - n / 2) / 2048, (x) => (x < 0 ? 0.5 * x * erfc(-x * Math.SQRT1_2) : 0.5 * x * (1 + erfOf(x * Math.SQRT1_2)))],
    ];
    for (const [op, at, math, params] of sweeps) {
      for (let i = 0; i < n; i++) argument[i] = at(i);
      expect(unarySimd(op, "float64", plan, operand(result, { offset: 0, strides: [1] }), operand(argument, { offset: 0, strides: [1] }), params)).toBe(true);
      let differ = 0;
      for (let i = 0; i < n; i++) if (!same(result[i]!, math(argument[i]!))) differ++;
      expect({ op, differ }).toEqual({ op, differ: 0 });
    }
  });

  // float64 pow is fdlibm's e_pow.c, which Node's `**` and Math.pow run: the JavaScript's bits
  const float64Powers = fc.oneof(
    valueArb("float64"),
    fc.double({ min: -12, max: 12, noNaN: true }),
    fc.integer({ min: -60, max: 60 }),
    fc.double({ min: 1 - 2 ** -19, max: 1 + 2 ** -19, noNaN: true }),
    fc.constantFrom(0, -0, 1, -1, 0.5, -0.5, 2, -2, 3, -3, 2.5, Infinity, -Infinity, NaN, 1024, -1075, 2 ** 31 + 1, -(2 ** 31) - 3, 2 ** 53 + 2, 3 * 2 ** 64, 1 + 2 ** -30, 1 - 2 ** -40, 5e-324, 1e-310, Number.MAX_VALUE),
  );
  it("pow in float64: what the JavaScript kernel stores (** bit for bit, where it is fdlibm's; else left to it), for any layout", () => {
    if (!fdlibmHere) return void expect(powRanInSimd()).toBe(false);
    sameAsJavaScript(
      "float64",
      "float64",
      2,
      float64Powers,
      (plan, out, [a, b]) => rules.pow.kernel(plan, out, a!, b!),
      (plan, out, [a, b]) => binarySimd("pow", "float64", plan, out, a!, b!),
      { seed: 61, numRuns: 300 },
    );
  });

  it("float64 pow: the JavaScript's bits over dense sweeps of each of e_pow.c's branches, by vectors and by a number, where ** is fdlibm's", () => {
    if (!fdlibmHere) return void expect(powRanInSimd()).toBe(false);
    const n = 1 << 16;
    const [x, y, result] = [residentArray("float64", n, []), residentArray("float64", n, []), residentArray("float64", n, [])];
    const expected = new Float64Array(n);
    let state = 11;
    const random = (): number => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const sign = (i: number, every: number): number => (i % every === 0 ? -1 : 1);
    // (pairs [x, y]; y log2|x| aimed at `target` within a relative 2^-30 .. 2^-60)
    const towards = (target: number, x: number): [number, number] => [x, (target * (1 + (random() - 0.5) * 2 ** -(30 + 30 * random()))) / Math.log2(Math.abs(x))];
    const sweeps: [string, (i: number) => [number, number]][] = [
      // log2|x| from the table's two intervals of 1 + f (around 1 and 1.5) and the halved one
      ["x in (0, 4)", () => [4 * random(), 80 * random() - 40]],
      ["x of every exponent, subnormals too", (i) => [sign(i, 5) * 2 ** (2098 * random() - 1074), (random() - 0.5) * 2.2]],
      ["negative x to integer powers, odd and even (and not integers)", (i) => [-8 * random(), Math.round((random() - 0.5) * 120) + (i % 7 === 0 ? 0.5 : 0)]],
      // |y| > 2^31: x within 2^-20 of 1 (log by its series), beyond (Infinity or 0), |y| > 2^64; odd integers with negative x
      ["x near 1 to huge powers", (i) => [sign(i, 3) * (1 + (random() - 0.5) * 2 ** -(17 + 36 * random())), sign(i, 2) * (i % 4 < 2 ? 2 * Math.floor(2 ** (31 + 21 * random())) + 1 : 2 ** (30 + 36 * random()) * (1 + random()))]],
      ["x within 2^-21 of 1 to powers over 2^31, finite results", (i) => towards(1400 * random() - 740, sign(i, 3) * (1 + (random() - 0.5) * 2 ** -(21 + 32 * random())))],
      // n, y log2|x| rounded, taken from its high word (0 just above 1/2)
      ["y log2|x| near 1/2 and -1/2", (i) => towards(sign(i, 2) * 0.5, 0.5 + 8 * random())],
      // where the result overflows (y log2|x| at 1024) or underflows (at -1075), and subnormal results
      ["y log2|x| near 1024", (i) => towards(1024, sign(i, 3) * (1 + 1e3 * random()))],
      ["y log2|x| near -1075", (i) => towards(-1075, sign(i, 3) * (1 + 1e3 * random()))],
      ["subnormal results", (i) => towards(-1022 - 54 * random(), sign(i, 3) * 2 ** (0.01 + 20 * random()))],
      ["integers to integer powers (exact results)", () => [Math.round((random() - 0.5) * 64), Math.round(random() * 40)]],
    ];
    // each sweep contiguous (two vectors a call, then one, then one element) and at every other
    // element (one element a call); b along `strides` ([0]: one number), `values` of it
    const run = (strides: number[], values: number): number => {
      let differ = 0;
      for (const step of [1, 2]) {
        const plan: Plan = { dims: [n / step - 1], strides: [[step], [step], strides.map((stride) => stride * step)], size: n / step - 1 };
        const [out, a, b] = [{ offset: 0, strides: [step] }, { offset: 0, strides: [step] }, { offset: 0, strides: strides.map((stride) => stride * step) }];
        expected.fill(0);
        result.fill(0);
        rules.pow.kernel(plan, operand(expected as Writable, out), operand(x, a), operand(y.subarray(0, values), b));
        expect(binarySimd("pow", "float64", plan, operand(result, out), operand(x, a), operand(y.subarray(0, values), b))).toBe(true);
        for (let i = 0; i < n; i++) if (!same(result[i]!, expected[i]!)) differ++;
      }
      return differ;
    };
    for (const [sweep, pair] of sweeps) {
      for (let i = 0; i < n; i++) [x[i], y[i]] = pair(i);
      expect({ sweep, differ: run([1], n) }).toEqual({ sweep, differ: 0 });
    }
    // by a number (b broadcast, the loop that splats it), x over the range, negative x too
    for (const power of [2.5, -1 / 3, 3, -7, 0.5, 2, 1e-3, 700.25, -1075.5]) {
      for (let i = 0; i < n; i++) x[i] = sign(i, 3) * 2 ** (100 * random() - 50);
      y[0] = power;
      expect({ power, differ: run([0], 1) }).toEqual({ power, differ: 0 });
    }
    // the special values, each with each
    const specials = [0, -0, 1, -1, 0.5, -0.5, 2, -2, 3, -3, 1.5, Infinity, -Infinity, NaN, 5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 31, 2 ** 31 + 1, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 2 ** 65, 1 - 2 ** -53, 1 + 2 ** -52, 1024, -1075];
    for (let i = 0; i < n; i++) [x[i], y[i]] = [specials[i % specials.length]! * (i % (2 * specials.length) < specials.length ? 1 : -1), specials[Math.floor(i / (2 * specials.length)) % specials.length]!];
    expect({ sweep: "special values", differ: run([1], n) }).toEqual({ sweep: "special values", differ: 0 });
  });

  for (const [op, dtypes] of UNARY_KERNELS) {
    for (const dtype of dtypes) {
      it(`${op} in ${dtype}: what the JavaScript kernel stores, for any layout`, () => {
        const js = unaryRules[op].kernel;
        sameAsJavaScript(
          dtype,
          dtype,
          1,
          // halves and other values between integers, where rounding shows
          fc.oneof(valueArb(dtype), fc.integer({ min: -40, max: 40 }).map((k) => (dtype === "int32" ? k : k / 4))),
          (plan, out, [a]) => js(plan, out, a!),
          (plan, out, [a]) => unarySimd(op, dtype as DType, plan, out, a!),
          { seed: 19, numRuns: 200 },
        );
      });
    }
  }

  it("converts a large operand of another dtype into the memory for the op, exactly, and gives its block back after", () => {
    const n = 4096;
    const out = residentArray("float32", n, [0]);
    const plan = planIteration([n], [[1], [1], [1]]);
    const ints = new Int32Array(n).map((_, i) => (i - n / 2) * 7919);
    const bytes = new Uint8Array(n).map((_, i) => (i * 37) % 251);
    const out64 = residentArray("float64", n, [0]);
    const blocks = arenaStats().blocks;
    // bytes into float32: exact, as the JavaScript kernel reads them
    expect(binarySimd("div", "float32", plan, operand(out, { offset: 0, strides: [1] }), operand(bytes, { offset: 0, strides: [1] }), operand(new Float32Array(n).fill(3), { offset: 0, strides: [1] }))).toBe(true);
    expect(Array.from(out.subarray(0, 5))).toEqual([0, 37, 74, 111, 148].map((v) => Math.fround(v / 3)));
    expect(arenaStats().blocks).toBe(blocks);
    // int32 into float64: exact
    expect(binarySimd("sub", "float64", plan, operand(out64, { offset: 0, strides: [1] }), operand(ints, { offset: 0, strides: [1] }), operand(new Float64Array(n).fill(0.5), { offset: 0, strides: [1] }))).toBe(true);
    expect(out64[3]).toBe((3 - n / 2) * 7919 - 0.5);
    // a conversion that would round (float64 values into float32, int32 into float32: the op
    // rounds those itself, before) is not made here: the JavaScript kernel computes with them
    expect(binarySimd("add", "float32", plan, operand(out, { offset: 0, strides: [1] }), operand(new Float64Array(n).fill(0.1), { offset: 0, strides: [1] }), operand(bytes, { offset: 0, strides: [1] }))).toBe(false);
    expect(binarySimd("add", "float32", plan, operand(out, { offset: 0, strides: [1] }), operand(ints, { offset: 0, strides: [1] }), operand(bytes, { offset: 0, strides: [1] }))).toBe(false);
    // nor of a buffer much larger than what the op reads (a view of part of it)
    const small = planIteration([64, 16], [[16, 1], [16 * 8, 1], [16, 1]]);
    expect(binarySimd("add", "float32", small, operand(out, { offset: 0, strides: [16, 1] }), operand(new Float32Array(16 * 8 * 64), { offset: 0, strides: [128, 1] }), operand(bytes, { offset: 0, strides: [16, 1] }))).toBe(false);
    expect(arenaStats().blocks).toBe(blocks);
  });

  it("div of integers, and ops of mixed dtypes, run in SIMD with the JavaScript's bits, their converted copies given back", () => {
    const n = 1 << 14;
    const at = (i: number): number => ((i * 2654435761) | 0) >> (i % 31);
    const ints = tensor(Array.from({ length: n }, (_, i) => at(i)), { dtype: "int32" });
    const others = tensor(Array.from({ length: n }, (_, i) => at(i + 7) % 1000 || 3), { dtype: "int32" });
    const bytes = tensor(Array.from({ length: n }, (_, i) => (i * 31) % 256), { dtype: "uint8" });
    const row = tensor(Array.from({ length: 128 }, (_, i) => i - 64), { dtype: "int32" });
    const floats = tensor(Array.from({ length: n }, (_, i) => Math.sin(i) * 1e3));
    const [otherBytes, bools, otherBools, doubles] = [cast(others, "uint8"), cast(bytes, "bool"), cast(others, "bool"), cast(floats, "float64")];
    const cases: [string, { kernel: (...args: never[]) => void }, () => Tensor][] = [
      ["div int32", rules.div, () => div(ints, others)],
      ["div uint8", rules.div, () => div(bytes, otherBytes)],
      ["div bool", rules.div, () => div(bools, otherBools)],
      ["div int32 by a row", rules.div, () => div(ints.reshape([128, 128]), row) as never],
      ["add int32 float32", rules.add, () => add(ints, floats)],
      ["sub uint8 float64", rules.sub, () => sub(bytes, doubles)],
      ["mod int32 float64", rules.mod, () => mod(ints, doubles)],
      ["exp int32", unaryRules.exp, () => exp(others)],
    ];
    for (const [name, rule, run] of cases) {
      const blocks = arenaStats().blocks;
      // the JavaScript kernel does not run
      const spy = vi.spyOn(rule, "kernel");
      const simd = run();
      expect({ name, calls: spy.mock.calls.length }).toEqual({ name, calls: 0 });
      spy.mockRestore();
      // only the result's block is left: the converted copies were given back
      expect({ name, blocks: arenaStats().blocks }).toEqual({ name, blocks: blocks + 1 });
      setSimdEnabled(false);
      let js: Tensor;
      try {
        js = run();
      } finally {
        setSimdEnabled(true);
      }
      expect({ name, dtype: simd.dtype, same: Array.from(simd.toTypedArray()).every((v, i) => same(v, js.toTypedArray()[i]!)) }).toEqual({ name, dtype: js.dtype, same: true });
      simd.dispose();
    }
  });

  it("stages a number, and a small operand outside the memory, rather than leaving the op to JavaScript", () => {
    const out = residentArray("float32", 1024, [0]);
    const a = residentArray("float32", 1024, [1, 2, 3]);
    const plan = planIteration([1024], [[1], [1], [0]]);
    const scalar = [0.5];
    expect(binarySimd("add", "float32", plan, { data: out, offset: 0, strides: [1] }, { data: a, offset: 0, strides: [1] }, { data: scalar, offset: 0, strides: [0] })).toBe(true);
    expect(Array.from(out.subarray(0, 4))).toEqual([1.5, 2.5, 3.5, 1.5]);
    const row = new Float32Array([10, 20, 30, 40]);
    const plan2 = planIteration([256, 4], [[4, 1], [4, 1], [0, 1]]);
    expect(binarySimd("mul", "float32", plan2, { data: out, offset: 0, strides: [4, 1] }, { data: a, offset: 0, strides: [4, 1] }, { data: row, offset: 0, strides: [0, 1] })).toBe(true);
    expect(Array.from(out.subarray(0, 8))).toEqual([10, 40, 90, 40, 20, 60, 30, 80]);
  });

  it("leaves to JavaScript what it cannot read: another element type, or a large operand outside the memory", () => {
    const out = residentArray("float32", 1024, [0]);
    const plan = planIteration([1024], [[1], [1], [1]]);
    const resident = { data: residentArray("float32", 1024, [1]), offset: 0, strides: [1] };
    const f64 = { data: residentArray("float64", 1024, [1]), offset: 0, strides: [1] };
    const outside = { data: new Float32Array(10000), offset: 0, strides: [1] };
    const o = { data: out, offset: 0, strides: [1] };
    expect(binarySimd("add", "float32", plan, o, resident, f64)).toBe(false);
    expect(binarySimd("add", "float32", plan, o, resident, outside)).toBe(false);
    expect(binarySimd("add", "float32", plan, { data: new Float32Array(1024), offset: 0, strides: [1] }, resident, resident)).toBe(false);
    // no SIMD kernel (div of integers computes in float32: the module has no div_i32)
    const i32 = { data: residentArray("int32", 1024, [3]), offset: 0, strides: [1] };
    expect(binarySimd("div", "int32", plan, { data: residentArray("int32", 1024, [0]), offset: 0, strides: [1] }, i32, i32)).toBe(false);
  });

  it("leaves a unary op's input where it lives, and switches off with the engine", () => {
    const x = tensor(Array.from({ length: 4096 }, (_, i) => Math.sin(i)), [64, 64]);
    const before = Tensor.residentOf(x)!;
    expect(before.held).toBeGreaterThanOrEqual(0);
    const y = relu(x);
    // read in place: not moved out to a buffer of its own, as reading `data` would
    expect(before.held).toBeGreaterThanOrEqual(0);
    const plan = planIteration([4096], [[1], [1], [1]]);
    const o = { data: residentArray("float32", 4096, [0]), offset: 0, strides: [1] };
    const a = { data: before.array, offset: 0, strides: [1] };
    setSimdEnabled(false);
    try {
      expect(binarySimd("add", "float32", plan, o, a, a)).toBe(false);
      expect(unarySimd("relu", "float32", plan, o, a)).toBe(false);
      expect(Array.from(relu(x).toTypedArray())).toEqual(Array.from(y.toTypedArray()));
      expect(Array.from(add(x, y).toTypedArray())).toEqual(Array.from(x.toTypedArray(), (v, i) => Math.fround(v + y.toTypedArray()[i]!)));
    } finally {
      setSimdEnabled(true);
    }
  });
});
