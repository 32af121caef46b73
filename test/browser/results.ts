/**
 * A fixed set of results of the runtime, each as its dtype, shape, the bit
 * pattern of every element and its printed text, for same-results.test.ts:
 * Chromium computes them in the test, Node in the process that drives it
 * (the `nodeResults` command of vitest.browser.config.ts), and the two are
 * compared. Nothing here is an expected value: both sides run this same
 * code, so the comparison is the only check.
 *
 * The cases cover every dtype, broadcasting in each mode, reductions,
 * matmul in WebAssembly and in the integer kernel, views, printing, and the
 * ops that go through the engine's own Math functions.
 */
import {
  abs, add, arange, argmax, cast, clip, concat, cos, div, dot, equal, exp, eye, gather, greater, linspace, log, logicalXor,
  logSoftmax, logSumExp, matmul, max, maximum, mean, min, minimum, mod, mul, neg, outer, pad, pow, prod, random, randn, reshape,
  round, sigmoid, sign, sin, slice, softmax, sqrt, std, sub, sum, tanh, tensor, tile, transpose, variance, where,
} from "shapecast";
import { packedProduct } from "../../src/kernels/matmul.js";

/** What a result is compared by. */
export interface Result {
  readonly dtype: string;
  readonly shape: readonly number[];
  /** Each element's bits in hex, most significant byte first (so NaN payloads and -0 count). */
  readonly bits: readonly string[];
  /** `String(tensor)`: the printing, summarised past 1000 elements. */
  readonly text: string;
}

/** The parts of a tensor read here. */
interface Readable {
  readonly dtype: string;
  readonly shape: readonly number[];
  toTypedArray(): ArrayBufferView & { readonly length: number };
  toString(): string;
}

function read(t: Readable): Result {
  const elements = t.toTypedArray();
  const bytes = new Uint8Array(elements.buffer, elements.byteOffset, elements.byteLength);
  const width = elements.length === 0 ? 0 : elements.byteLength / elements.length;
  const bits: string[] = [];
  for (let i = 0; i < elements.length; i++) {
    let hex = "";
    // typed arrays store in the platform's order; both engines here are little-endian
    for (let j = width - 1; j >= 0; j--) hex += bytes[i * width + j]!.toString(16).padStart(2, "0");
    bits.push(hex);
  }
  return { dtype: t.dtype, shape: [...t.shape], bits, text: String(t) };
}

/** The results by name, computed in this engine: `exact` must match bit for bit, `approximate` within a few ulps. */
export interface Results {
  readonly exact: Record<string, Result>;
  readonly approximate: Record<string, Result>;
}

/**
 * Every result, computed in this engine. `exact` holds the results of
 * arithmetic IEEE 754 rounds exactly (+ - * / and sqrt, integers, the
 * products and sums, comparisons, casts, printing): its inputs come from
 * `random` and formulas, never from `randn`. `approximate` holds what goes
 * through Math.exp, log, sin, cos, tanh or `**`, which ECMAScript leaves to
 * each engine to approximate: randn, the transcendental ops, float pow,
 * sigmoid, softmax, logSoftmax and logSumExp.
 */
export function results(): Results {
  const exact: Record<string, Result> = {};
  const approximate: Record<string, Result> = {};
  const put = (name: string, t: Readable) => {
    exact[name] = read(t);
  };
  const near = (name: string, t: Readable) => {
    approximate[name] = read(t);
  };

  // inputs of each dtype: uniform numbers from the seeded generator (integer arithmetic, then a division by 2^32), scaled
  const f32 = sub(mul(random([4, 6], { seed: 11 }), 8), 4);
  const f64 = sub(mul(random([4, 6], { dtype: "float64", seed: 12 }), 6), 3);
  const u = random([6], { seed: 13 });
  const i32 = reshape(arange(-12, 12, 1, { dtype: "int32" }), [4, 6]);
  const u8 = reshape(arange(0, 240, 10, { dtype: "uint8" }), [4, 6]);
  const flags = greater(f32, 0);
  const special = tensor([Number.NaN, Infinity, -Infinity, -0, 0, 1e-45, 3.4e38, -1.5, 2.5, 0.1], [10], { dtype: "float64" });
  const special32 = cast(special, "float32");
  for (const [name, t] of Object.entries({ f32, f64, u, i32, u8, flags, special, special32 })) put(`input ${name}`, t);

  // element-wise, broadcasting in each mode, across dtypes
  put("add f32 [4,6]+[6]", add(f32, u));
  put("add f32 [4,1]+[1,6]", add(slice(f32, null, { stop: 1 }), reshape(u, [1, 6])));
  put("sub f64-f32 promotes", sub(f64, f32));
  put("mul i32 wraps", mul(mul(i32, 2147483647), i32));
  put("sub u8 wraps", sub(u8, 250));
  put("div i32 true division", div(i32, 7));
  put("div f64 by f32", div(f64, f32));
  put("pow i32", pow(i32, 3));
  put("mod f64 by negative", mod(f64, -0.75));
  put("maximum with NaN", maximum(special, tensor([0, 0, 0, 0, -0, 0, 0, 0, 0, 0], [10], { dtype: "float64" })));
  put("minimum f32 i32", minimum(f32, i32));
  put("xla broadcastDimensions [0]", add(f32, tensor([1, 2, 3, 4]), { mode: "xla", broadcastDimensions: [0] }));
  put("pdpd axis 1", mul(reshape(f64, [2, 2, 6]), tensor([0.5, -2]), { mode: "pdpd", axis: 1 }));
  put("equal f32 0.1", equal(tensor([0.1, 0.2, 0.3]), 0.1));
  put("logicalXor bool", logicalXor(flags, greater(f64, 0)));
  put("where", where(flags, f32, mul(f32, -0.5)));
  put("clip i32", clip(i32, -5, 5));
  put("sign u8 to i32", sign(u8));
  put("neg u8", neg(u8));
  put("sqrt f32 f64 special", concat([sqrt(abs(f32)), cast(sqrt(abs(f64)), "float32")]));
  put("sqrt special", sqrt(special));
  put("round half to even", round(mul(arange(-6, 6, 1, { dtype: "float32" }), 0.5)));
  put("cast f64 to i32", cast(mul(f64, 1e9), "int32"));
  put("cast special to u8", cast(special, "uint8"));

  // reductions
  put("sum f32 all", sum(f32));
  put("sum f32 axis 0", sum(f32, 0));
  put("sum i32 axis -1 keepDims", sum(i32, -1, { keepDims: true }));
  put("sum bool", sum(flags));
  put("prod f64 axis 1", prod(f64, 1));
  put("prod u8 wraps", prod(u8, 1));
  put("mean f32 [0,1]", mean(reshape(f32, [2, 2, 6]), [0, 1]));
  put("variance f64 ddof 1", variance(f64, 1, { ddof: 1 }));
  put("std f32", std(f32, 0));
  put("max min f64", concat([max(f64, 1), min(f64, 1)]));
  put("max NaN", max(special));
  put("argmax f32 [0,1]", argmax(reshape(f32, [2, 2, 6]), [0, 1]));

  // matrix products: WebAssembly for floats (sizes past a 4x4 block and with edges), the integer kernel for integers
  const a = sub(random([33, 17], { seed: 21 }), 0.5);
  const b = sub(random([17, 29], { seed: 22 }), 0.5);
  put("matmul f32 [33,17]x[17,29]", matmul(a, b));
  put("matmul f32 through a transposed view", matmul(transpose(b), transpose(a)));
  put("matmul f64 batch broadcast", matmul(random([2, 1, 5, 8], { dtype: "float64", seed: 23 }), random([3, 8, 6], { dtype: "float64", seed: 24 })));
  put("matmul f32 x f64", matmul(f32, transpose(f64)));
  put("matmul i32 wraps", matmul(mul(i32, 100003), transpose(mul(i32, 99991))));
  put("matmul u8 x bool", matmul(u8, transpose(flags)));
  put("dot f64 vectors", dot(slice(f64, 0), slice(f64, 1)));
  put("outer f32", outer(u, slice(f32, 0)));
  put("matmul eye", matmul(eye(6, 6, { dtype: "float64" }), transpose(f64)));

  // shaping and creation
  put("pad tile gather", gather(tile(pad(f32, [[1, 0], [0, 2]], { value: -1 }), [1, 2]), tensor([4, 0, 2], [3], { dtype: "int32" }), 0));
  put("linspace f64", linspace(-1, 1, 7, { dtype: "float64" }));

  // printing: large tensors are summarised, wide values aligned
  put("print large", reshape(div(arange(3000), 7), [3, 1000]));
  put("print mixed magnitudes", mul(random([3, 4], { dtype: "float64", seed: 31 }), tensor([-1e-8, 1, 1e8, 1e20], [4], { dtype: "float64" })));

  // through the engine's Math functions
  near("randn f32", randn([4, 6], { seed: 41 }));
  near("randn f64", randn([4, 6], { dtype: "float64", seed: 42 }));
  near("pow f32", pow(abs(f32), u));
  near("pow f64", pow(abs(f64), f64));
  for (const [name, x] of Object.entries({ f32, f64, special, special32 })) {
    near(`exp ${name}`, exp(x));
    near(`log ${name}`, log(abs(x)));
    near(`sin ${name}`, sin(mul(x, 100)));
    near(`cos ${name}`, cos(x));
    near(`tanh ${name}`, tanh(x));
    near(`sigmoid ${name}`, sigmoid(x));
  }
  near("logSumExp f64", logSumExp(mul(f64, 300), -1));
  near("softmax f32", softmax(f32));
  near("softmax f64 axis 0", softmax(f64, 0));
  near("logSoftmax f32", logSoftmax(f32));
  return { exact, approximate };
}

/**
 * How many representable values lie between two elements given as `Result`
 * bits (of one float dtype: 8 or 16 hex digits): 0 for equal bits and for two
 * NaNs, Infinity for a NaN and a number.
 */
export function ulps(x: string, y: string): number {
  const width = BigInt(x.length * 4);
  const sign = 1n << (width - 1n);
  const exponentBits = width === 32n ? 8n : 11n;
  const infinity = ((1n << exponentBits) - 1n) << (width - 1n - exponentBits);
  const magnitude = (bits: bigint) => bits & (sign - 1n);
  const isNaN = (bits: bigint) => magnitude(bits) > infinity;
  const [p, q] = [BigInt(`0x${x}`), BigInt(`0x${y}`)];
  if (isNaN(p) || isNaN(q)) return isNaN(p) && isNaN(q) ? 0 : Infinity;
  // the bits in the order of the values: negative numbers below zero, -0 and 0 together
  const ordered = (bits: bigint) => ((bits & sign) === 0n ? magnitude(bits) : -magnitude(bits));
  const d = ordered(p) - ordered(q);
  return Number(d < 0n ? -d : d);
}

/** Which kernel a float product runs on in this engine. */
export const matmulEngine = (): string => packedProduct(8, 8, 8).engine;

/** The engine these results came from: Node's version, or the browser's user agent. */
export function environment(): string {
  const scope = globalThis as { process?: { versions?: { node?: string } }; navigator?: { userAgent?: string } };
  const node = scope.process?.versions?.node;
  if (node !== undefined) return `Node ${node}`;
  return scope.navigator?.userAgent ?? "unknown";
}
