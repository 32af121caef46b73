/**
 * The inputs of an export, checked (the runtime twin of `OnnxInputTensor` in
 * types/onnx.ts), and the example tensors each trace runs on.
 *
 * A symbolic size gets a different example size in each of the two traces
 * (3 and 5 for the first, 4 and 6 for a second, ...; `traceSizes` chooses
 * them), so the export can tell which sizes of every intermediate tensor
 * follow it. Float inputs get different values in the two traces, so a
 * tensor computed from them outside the recorded ops shows up as a constant
 * that differs; integer and bool inputs are zeros in both (valid indices).
 */
import { DTYPES, type DType, isDType, isFloat } from "../dtype.js";
import { fromStorage, Tensor } from "../tensor.js";
import { describe } from "../shape/validate.js";
import { allocate } from "../dtype.js";
import type { GraphSize } from "./lower/context.js";

/** An input checked: its graph sizes and dtype, and the example tensor given, if one was. */
export interface CheckedInput {
  readonly sizes: readonly GraphSize[];
  readonly dtype: DType;
  readonly example: Tensor | undefined;
}

/** A symbolic size: its name (`null` when anonymous) and its example size in each trace. */
export interface SymbolicSize {
  readonly name: string | null;
  readonly sizes: readonly [number, number];
}

const isSize = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** Checks `inputs` (an array of specs or tensors); every problem is an error naming its place. */
export function checkInputs(op: string, inputs: unknown): CheckedInput[] {
  if (!Array.isArray(inputs)) throw new TypeError(`${op}: inputs must be an array with one entry per argument of the function (a tensor, or { shape, dtype }), got ${describe(inputs)}`);
  return inputs.map((input: unknown, index): CheckedInput => {
    const where = `inputs[${index}]`;
    if (input instanceof Tensor) return { sizes: [...input.shape], dtype: input.dtype, example: input };
    if (input === null || typeof input !== "object" || Array.isArray(input)) {
      throw new TypeError(`${op}: ${where} must be a tensor or a spec such as { shape: ["batch", 4], dtype: "float32" }, got ${describe(input)}`);
    }
    const { shape, dtype = "float32" } = input as { shape?: unknown; dtype?: unknown };
    for (const key of Object.keys(input)) {
      if (key !== "shape" && key !== "dtype") throw new TypeError(`${op}: ${where} has the field "${key}"; a spec has shape and dtype`);
    }
    if (!Array.isArray(shape)) throw new TypeError(`${op}: ${where}.shape must be an array of sizes (numbers, names, or null), got ${describe(shape)}`);
    if (!isDType(dtype)) throw new TypeError(`${op}: ${where}.dtype must be one of ${DTYPES.join(", ")}, got ${describe(dtype)}`);
    const sizes = shape.map((size: unknown, axis): GraphSize => {
      if (size === null) return null;
      if (typeof size === "string") {
        if (!/^[A-Za-z_][\w]*$/.test(size)) throw new TypeError(`${op}: ${where}.shape[${axis}] names a symbolic size "${size}"; a name is letters, digits and _, not starting with a digit`);
        return size;
      }
      if (typeof size === "number" && !isSize(size)) throw new RangeError(`${op}: ${where}.shape[${axis}] must be a non-negative integer, got ${size}`);
      if (typeof size !== "number") throw new TypeError(`${op}: ${where}.shape[${axis}] must be a size (a number), a symbolic name (a string) or null, got ${describe(size)}`);
      return size;
    });
    return { sizes, dtype, example: undefined };
  });
}

/** The symbolic sizes of the inputs, each with its two example sizes. */
export function symbolicSizes(op: string, inputs: readonly CheckedInput[], traceSizes: unknown): Map<string, SymbolicSize> {
  const given = traceSizes ?? {};
  if (given === null || typeof given !== "object" || Array.isArray(given)) {
    throw new TypeError(`${op}: options.traceSizes must be a record of two sizes per symbolic name, such as { batch: [2, 3] }, got ${describe(given)}`);
  }
  const keys: string[] = [];
  inputs.forEach((input, index) =>
    input.sizes.forEach((size, axis) => {
      if (typeof size === "string" && !keys.includes(size)) keys.push(size);
      if (size === null) keys.push(`?${index}.${axis}`);
    }),
  );
  for (const name of Object.keys(given)) {
    if (!keys.includes(name)) throw new TypeError(`${op}: options.traceSizes names "${name}", which no input's shape has (symbolic sizes: ${keys.filter((k) => !k.startsWith("?")).join(", ") || "none"})`);
  }
  const symbols = new Map<string, SymbolicSize>();
  keys.forEach((key, i) => {
    const chosen = (given as Record<string, unknown>)[key];
    let sizes: [number, number] = [3 + i, 4 + keys.length + i];
    if (chosen !== undefined) {
      if (!Array.isArray(chosen) || chosen.length !== 2 || !chosen.every((s) => isSize(s) && s >= 2) || chosen[0] === chosen[1]) {
        throw new RangeError(`${op}: options.traceSizes.${key} must be two different sizes of at least 2, such as [2, 3], got ${describe(chosen)}`);
      }
      sizes = [chosen[0] as number, chosen[1] as number];
    }
    symbols.set(key, { name: key.startsWith("?") ? null : key, sizes });
  });
  const seen = new Map<string, string>();
  for (const [key, symbol] of symbols) {
    const pair = symbol.sizes.join(",");
    const other = seen.get(pair);
    if (other !== undefined) throw new RangeError(`${op}: options.traceSizes gives ${other} and ${key} the same sizes [${pair}]; each symbolic size needs sizes of its own, so the export can tell them apart`);
    seen.set(pair, key);
  }
  return symbols;
}

/** A small deterministic generator (a linear congruential one): the traces need varied values, not random ones. */
function* values(seed: number): Generator<number> {
  let state = seed >>> 0;
  for (;;) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    yield state / 2 ** 32 - 0.5;
  }
}

/** The example tensors of trace `which` (0 or 1). */
export function exampleInputs(inputs: readonly CheckedInput[], symbols: ReadonlyMap<string, SymbolicSize>, which: 0 | 1): Tensor[] {
  return inputs.map((input, index) => {
    if (input.example !== undefined) return input.example;
    const shape = input.sizes.map((size, axis) => (typeof size === "number" ? size : symbols.get(size ?? `?${index}.${axis}`)!.sizes[which]));
    const length = shape.reduce((p, d) => p * d, 1);
    const data = allocate("exportOnnx", input.dtype, length);
    if (isFloat(input.dtype)) {
      const next = values(1 + which * 7919 + index * 104729);
      for (let i = 0; i < length; i++) data[i] = next.next().value as number;
    }
    return fromStorage(data, shape, input.dtype);
  });
}
