/**
 * Running the corpus: each case's arguments made for one library, its
 * function called, and its outputs read back as plain shapes, dtypes and
 * values, ready to compare. The tensor makers are the places a library is
 * named: TensorFlow.js (`tfjsFor`: the ES module build, or the CommonJS one
 * for the .cjs files, two instances, each with the CPU backend) and shapecast
 * (`shapecastMaker`).
 */
import { createRequire } from "node:module";
import * as tfEsm from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import { tensor } from "shapecast";
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

/** shapecast's tensor maker, for the converted files. */
export const shapecastMaker: TensorMaker = (values, shape, dtype) => tensor(values, [...shape], { dtype });

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

/**
 * The arguments of a case, the same values for every library (the seed is the
 * case's place). `maker` gives the library of each function of the file: a
 * tensor argument is made for the case's function; an argument that is
 * another function's result is made by that function, and read and remade
 * when the two are in different libraries (as an application would at the
 * boundary between code migrated and code kept).
 */
export function argumentsOf(c: Case, seed: number, maker: (fn: string) => TensorMaker, exports: Record<string, unknown>): unknown[] {
  const next = generator(seed);
  const build = (arg: Arg, fn: string): unknown => {
    const make = maker(fn);
    if (typeof arg === "number" || typeof arg === "boolean" || Array.isArray(arg)) return arg;
    if ("tensor" in arg) {
      const dtype = arg.dtype ?? "float32";
      const values = valuesOf(arg, next);
      return make(dtype === "bool" ? values.map((v) => (v > 0.5 ? 1 : 0)) : values, arg.tensor, dtype);
    }
    if ("float32Array" in arg) return Float32Array.from({ length: arg.float32Array }, () => Math.floor(next() * 255));
    const call = arg as { readonly from: string; readonly args: readonly Arg[] };
    const from = exports[call.from] as (...args: unknown[]) => unknown;
    const value = from(...call.args.map((a) => build(a, call.from)));
    return maker(call.from) === make ? value : remake(readOutput(value), make);
  };
  return c.args.map((arg) => build(arg, c.fn));
}

/** An output read back, made again as tensors of a library. */
function remake(output: Output, make: TensorMaker): unknown {
  if (typeof output === "number") return output;
  if (Array.isArray(output)) return output.map((o) => remake(o, make));
  if ("shape" in output && "dtype" in output && Array.isArray(output.values)) {
    const t = output as { shape: number[]; dtype: string; values: number[] };
    return make(t.values, t.shape, t.dtype as "float32" | "int32" | "bool");
  }
  return Object.fromEntries(Object.entries(output).map(([key, o]) => [key, remake(o as Output, make)]));
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
