/**
 * Running the corpus: each case's arguments made for one library, its
 * function called, and its outputs read back as plain shapes, dtypes and
 * values, ready to compare. `tensorFor` is the one place a library is named:
 * TensorFlow.js for the original files (the ES module build, or the CommonJS
 * one for the .cjs files: two instances, each with the CPU backend), and
 * next, shapecast for the converted files.
 */
import { createRequire } from "node:module";
import * as tfEsm from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import type { Arg, Case, TensorArg } from "./cases.js";

const require = createRequire(import.meta.url);
const tfCjs = require("@tensorflow/tfjs-core") as typeof tfEsm;
require("@tensorflow/tfjs-backend-cpu");

/** Makes a tensor of a library from row-major values. */
export type TensorMaker = (values: number[], shape: readonly number[], dtype: "float32" | "int32" | "bool") => unknown;

/** TensorFlow.js's tensor maker for a file: the CommonJS instance for .cjs files. */
export async function tfjsFor(file: string): Promise<TensorMaker> {
  const tf = file.endsWith(".cjs") ? tfCjs : tfEsm;
  await tf.setBackend("cpu");
  return (values, shape, dtype) => tf.tensor(values, [...shape], dtype);
}

/** A seeded generator of values in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function valuesOf(arg: TensorArg, next: () => number): number[] {
  const count = arg.tensor.reduce((p, d) => p * d, 1);
  const kind = arg.values ?? "normal";
  if (kind === "boxes") {
    const rows: number[] = [];
    for (let i = 0; i < count / 4; i++) {
      const [y, x, h, w] = [next(), next(), 0.1 + next(), 0.1 + next()];
      rows.push(y, x, y + h, x + w);
    }
    return rows;
  }
  return Array.from({ length: count }, () => {
    const u = next();
    if (kind === "unit") return u;
    if (kind === "positive") return 0.5 + 1.5 * u;
    if (kind === "index") return Math.floor(u * (arg.max ?? 2));
    // normal, by Box-Muller on two draws
    return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * next());
  });
}

/** The arguments of a case, the same values for every library (the seed is the case's place). */
export function argumentsOf(c: Case, seed: number, make: TensorMaker, exports: Record<string, unknown>): unknown[] {
  const next = generator(seed);
  const build = (arg: Arg): unknown => {
    if (typeof arg === "number" || typeof arg === "boolean" || Array.isArray(arg)) return arg;
    if ("tensor" in arg) {
      const dtype = arg.dtype ?? "float32";
      const values = valuesOf(arg, next);
      return make(dtype === "bool" ? values.map((v) => (v > 0.5 ? 1 : 0)) : values, arg.tensor, dtype);
    }
    if ("float32Array" in arg) return Float32Array.from({ length: arg.float32Array }, () => Math.floor(next() * 255));
    const call = arg as { readonly from: string; readonly args: readonly Arg[] };
    const from = exports[call.from] as (...args: unknown[]) => unknown;
    return from(...call.args.map(build));
  };
  return c.args.map(build);
}

/** An output read back: a tensor as its shape, dtype and values; arrays and records walked; numbers as they are. */
export type Output = { readonly shape: number[]; readonly dtype: string; readonly values: number[] } | number | Output[] | { readonly [key: string]: Output };

export function readOutput(value: unknown): Output {
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.map(readOutput);
  if (value !== null && typeof value === "object") {
    const t = value as { shape?: unknown; dtype?: unknown; dataSync?: () => ArrayLike<number>; toTypedArray?: () => ArrayLike<number> };
    if (Array.isArray(t.shape) && typeof t.dtype === "string") {
      const data = t.dataSync?.() ?? t.toTypedArray?.() ?? [];
      return { shape: [...(t.shape as number[])], dtype: t.dtype, values: Array.from(data, Number) };
    }
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, readOutput(v)]));
  }
  throw new TypeError(`an output the harness cannot read: ${String(value)}`);
}
