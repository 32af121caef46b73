/**
 * The ops test/kernels/fallback.test.ts runs on two copies of the library (one
 * with WebAssembly SIMD, one where compiling it fails): every op a SIMD kernel
 * runs, with broadcasting, views and every dtype those kernels have. Each case
 * takes the library to run it with, so a worker can run it on its own copy.
 */
import type * as Library from "../../src/index.js";

type Lib = typeof Library;

const ramp = (n: number, scale: number): Float32Array => Float32Array.from({ length: n }, (_, i) => Math.sin(i * scale) * 3);

export const FALLBACK_CASES: readonly (readonly [string, (lib: Lib) => number[]])[] = [
  ["add same shape", (lib) => Array.from(lib.add(lib.tensor(ramp(4096, 0.1), [64, 64]), lib.tensor(ramp(4096, 0.2), [64, 64])).toTypedArray())],
  ["sub row broadcast", (lib) => Array.from(lib.sub(lib.tensor(ramp(4096, 0.1), [64, 64]), lib.tensor(ramp(64, 0.3), [64])).toTypedArray())],
  ["mul column broadcast", (lib) => Array.from(lib.mul(lib.tensor(ramp(4096, 0.1), [64, 64]), lib.tensor(ramp(64, 0.3), [64, 1])).toTypedArray())],
  ["div transposed", (lib) => Array.from(lib.div(lib.tensor(ramp(4096, 0.1), [64, 64]).transpose(), lib.tensor(ramp(4096, 0.7), [64, 64])).toTypedArray())],
  ["maximum float64", (lib) => Array.from(lib.maximum(lib.tensor(Float64Array.from(ramp(2048, 0.1)), [32, 64]), 0).toTypedArray())],
  ["int32 add", (lib) => Array.from(lib.add(lib.tensor(Int32Array.from({ length: 4096 }, (_, i) => i * 7919), [64, 64]), lib.tensor(Int32Array.from({ length: 64 }, (_, i) => 2 ** 30 + i), [64])).toTypedArray())],
  ["uint8 minimum", (lib) => Array.from(lib.minimum(lib.tensor(Uint8Array.from({ length: 8192 }, (_, i) => i % 251), [128, 64]), lib.tensor(Uint8Array.from({ length: 64 }, (_, i) => i * 3), [64])).toTypedArray())],
  ["float32 matmul", (lib) => Array.from(lib.matmul(lib.tensor(ramp(64 * 48, 0.1), [64, 48]), lib.tensor(ramp(48 * 37, 0.2), [48, 37])).toTypedArray())],
  ["batched matmul with a transposed a", (lib) => Array.from(lib.matmul(lib.tensor(ramp(3 * 40 * 20, 0.1), [3, 40, 20]).transpose([0, 2, 1]), lib.tensor(ramp(40 * 9, 0.2), [40, 9])).toTypedArray())],
  ["unary ops, float32", (lib) => [lib.neg, lib.abs, lib.sign, lib.sqrt, lib.floor, lib.ceil, lib.round, lib.relu].flatMap((op) => Array.from((op as (x: unknown) => { toTypedArray(): ArrayLike<number> })(lib.tensor(ramp(4096, 0.37), [64, 64]).transpose()).toTypedArray()))],
  ["ops with parameters: leakyRelu, elu and clip", (lib) => [
    ...lib.leakyRelu(lib.tensor(ramp(4096, 0.37), [64, 64]).transpose(), 0.3).toTypedArray(),
    ...lib.elu(lib.tensor(ramp(4096, 0.37), [64, 64]), 0.7).toTypedArray(),
    ...lib.clip(lib.tensor(ramp(4096, 0.1), [64, 64]), -1 / 3, 1e-50).toTypedArray(),
    ...lib.clip(lib.tensor(Float64Array.from(ramp(2048, 0.1)), [32, 64]), -0.5, 2 / 3).toTypedArray(),
  ]],
  ["unary ops, float64 and int32", (lib) => [
    ...lib.relu(lib.tensor(Float64Array.from(ramp(2048, 0.1)), [32, 64])).toTypedArray(),
    ...lib.abs(lib.tensor(Int32Array.from({ length: 4096 }, (_, i) => (i * 7919) | 0), [64, 64])).toTypedArray(),
  ]],
  ["comparisons", (lib) => [
    ...lib.less(lib.tensor(ramp(4096, 0.1), [64, 64]), lib.tensor(ramp(64, 0.3), [64])).toTypedArray(),
    ...lib.equal(lib.tensor(Float64Array.from(ramp(4096, 0.1)).map(Math.round), [64, 64]).transpose(), 0).toTypedArray(),
    ...lib.greaterEqual(lib.tensor(Int32Array.from({ length: 4096 }, (_, i) => (i * 7919) % 13), [64, 64]), lib.tensor(Int32Array.from({ length: 64 }, (_, i) => i % 13), [64, 1])).toTypedArray(),
  ]],
  ["logical ops, comparisons of bools and bytes, isNaN and isFinite", (lib) => {
    const bools = lib.greater(lib.tensor(ramp(8192, 0.1), [128, 64]), 0);
    const other = lib.less(lib.tensor(ramp(64, 0.3), [64]), 0.2);
    const bytes = lib.tensor(Uint8Array.from({ length: 8192 }, (_, i) => (i * 37) % 256), [128, 64]);
    return [
      ...lib.logicalAnd(bools, other).toTypedArray(),
      ...lib.logicalXor(bools.transpose(), lib.tensor(ramp(128, 0.7), [128])).toTypedArray(),
      ...lib.logicalOr(lib.tensor(Float64Array.from(ramp(4096, 0.1)).map(Math.round), [64, 64]), 0).toTypedArray(),
      ...lib.equal(bools, other).toTypedArray(),
      ...lib.less(bytes, lib.tensor(Uint8Array.from({ length: 64 }, (_, i) => i * 4), [64])).toTypedArray(),
      ...lib.isNaN(lib.sqrt(lib.tensor(ramp(4096, 0.1), [64, 64]).transpose())).toTypedArray(),
      ...lib.isFinite(lib.log(lib.tensor(Float64Array.from(ramp(4096, 0.1)).map(Math.round), [64, 64]))).toTypedArray(),
    ];
  }],
  ["casts", (lib) => [
    ...lib.tensor(ramp(4096, 0.1), [64, 64]).transpose().cast("float64").toTypedArray(),
    ...lib.tensor(Float64Array.from({ length: 4096 }, (_, i) => 1 + i * 2 ** -30), [64, 64]).cast("float32").toTypedArray(),
    ...lib.tensor(Int32Array.from({ length: 4096 }, (_, i) => (i * 2654435761) | 0), [64, 64]).cast("float64").toTypedArray(),
    ...lib.round(lib.tensor(ramp(4096, 0.1), [64, 64])).transpose().cast("bool").toTypedArray(),
    ...lib.tensor(Uint8Array.from({ length: 8192 }, (_, i) => (i * 131) % 256), [128, 64]).cast("float32").toTypedArray(),
    ...lib.tensor(Uint8Array.from({ length: 8192 }, (_, i) => (i * 131) % 256), [128, 64]).transpose().cast("float64").toTypedArray(),
    ...lib.mul(lib.tensor(ramp(4096, 0.1), [64, 64]), 1e9).cast("int32").toTypedArray(),
    ...lib.mul(lib.tensor(ramp(4096, 0.1), [64, 64]), 300).transpose().cast("uint8").toTypedArray(),
    ...lib.tensor(Int32Array.from({ length: 4096 }, (_, i) => (i * 2654435761) | 0), [64, 64]).cast("uint8").toTypedArray(),
  ]],
  ["sum over everything", (lib) => Array.from(lib.sum(lib.tensor(ramp(100 * 70, 0.01), [100, 70])).toTypedArray())],
  ["sum and mean of rows", (lib) => [...lib.sum(lib.tensor(ramp(100 * 70, 0.01), [100, 70]), -1).toTypedArray(), ...lib.mean(lib.tensor(ramp(100 * 70, 0.01), [100, 70]), 1).toTypedArray()]],
  ["sum of columns, float64", (lib) => Array.from(lib.sum(lib.tensor(Float64Array.from(ramp(100 * 70, 0.01)), [100, 70]), 0).toTypedArray())],
  ["variance of a transposed view", (lib) => Array.from(lib.variance(lib.tensor(ramp(100 * 70, 0.03), [100, 70]).transpose(), -1, { ddof: 1 }).toTypedArray())],
  ["max and min", (lib) => [...lib.max(lib.tensor(ramp(100 * 70, 0.01), [100, 70]), -1).toTypedArray(), ...lib.min(lib.tensor(ramp(100 * 70, 0.01), [100, 70]), 0).toTypedArray()]],
  ["argmax and argmin", (lib) => [...lib.argmax(lib.tensor(ramp(100 * 70, 0.05), [100, 70]), -1).toTypedArray(), ...lib.argmin(lib.tensor(Float64Array.from(ramp(100 * 70, 0.05)), [100, 70])).toTypedArray()]],
  ["float64 matmul", (lib) => Array.from(lib.matmul(lib.tensor(Float64Array.from(ramp(30 * 20, 0.1)), [30, 20]), lib.tensor(Float64Array.from(ramp(20 * 10, 0.2)), [20, 10])).toTypedArray())],
];

/** Makes this realm's WebAssembly refuse every module, as an engine without SIMD refuses the library's. */
export function refuseModules(): () => void {
  // (typed by hand: the tests compile without the DOM's or Node's WebAssembly types)
  const api = (globalThis as unknown as { WebAssembly: { Module: unknown; CompileError: new (message: string) => Error } }).WebAssembly;
  const original = api.Module;
  api.Module = function Module(): never {
    throw new api.CompileError("WebAssembly.Module(): SIMD unsupported (simulated)");
  };
  return () => {
    api.Module = original;
  };
}

/** What the copy without SIMD reports: whether it made an engine memory, and each case's values. */
export interface FallbackReport {
  readonly simd: boolean;
  readonly results: readonly (readonly [string, number[]])[];
}
