/**
 * Argument checks shared by the public shape functions and, later, by every op:
 * wrong kinds are `TypeError`s, impossible sizes are `RangeError`s. Both name
 * the argument; neither lets a wrong shape through.
 */
import { writeInvalidSize, writeShapeMessage } from "../errors.js";

/** How a message names a value: `null`, `an array`, `"text"`, `an object`, `number 3`. */
export const describe = (value: unknown): string => {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
};

/** Throws unless `value` is an array whose entries are all numbers. */
export function assertNumberArray(op: string, name: string, value: unknown): asserts value is readonly number[] {
  if (!Array.isArray(value)) {
    throw new TypeError(`${op}: ${name} must be an array of numbers, got ${describe(value)}`);
  }
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== "number") {
      throw new TypeError(`${op}: ${name}[${i}] must be a number, got ${describe(value[i])}`);
    }
  }
}

const isSize = (size: number): boolean => Number.isSafeInteger(size) && size >= 0;

/**
 * Throws a `RangeError` at the first size of `a`, then of `b`, that is not a
 * non-negative integer (negative, fractional, NaN, infinite or above 2^53 - 1).
 * The message is the one the type level gives for a negative or fractional literal.
 */
export function assertSizes(
  op: string,
  mode: string,
  a: readonly number[],
  b: readonly number[],
  names: readonly [string, string],
  verb: "with" | "to",
): void {
  for (const [shape, name] of [[a, names[0]], [b, names[1]]] as const) {
    for (let axis = 0; axis < shape.length; axis++) {
      const size = shape[axis]!;
      if (!isSize(size)) {
        throw new RangeError(writeShapeMessage(op, mode, writeInvalidSize(size, axis, name), a, b, verb, undefined));
      }
    }
  }
}

/**
 * Checks a spec object: a plain object whose `mode` is one of `modes`, carrying
 * only the fields that mode allows. Returns the spec, or `fallback` for `undefined`.
 */
export function checkSpec<Spec extends { readonly mode: string }>(
  op: string,
  spec: unknown,
  fields: Readonly<Record<string, readonly string[]>>,
  fallback: Spec,
): Spec {
  if (spec === undefined) return fallback;
  const modes = Object.keys(fields);
  const modeList = modes.map((mode) => JSON.stringify(mode)).join(", ");
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    throw new TypeError(`${op}: spec must be an object such as { mode: "${modes[0]}" }, got ${describe(spec)}`);
  }
  const mode = (spec as { mode?: unknown }).mode;
  if (typeof mode !== "string" || !Object.hasOwn(fields, mode)) {
    throw new TypeError(`${op}: spec.mode must be one of ${modeList}, got ${describe(mode)}`);
  }
  const allowed = fields[mode]!;
  for (const key of Object.keys(spec)) {
    if (key !== "mode" && !allowed.includes(key)) {
      throw new TypeError(writeStrayField(op, key, mode));
    }
  }
  return spec as Spec;
}

/** Twin of `WriteStrayField` in types/errors.ts. */
export const writeStrayField = (op: string, field: string, mode: string): string =>
  `${op}: spec field "${field}" is not allowed with mode "${mode}"`;
