/**
 * Argument checks shared by the public shape functions and every op. The
 * contract (README, "Bad input"), kept by every public function:
 *
 * - `TypeError`: an argument of the wrong kind: not a tensor, a string or a
 *   boolean where a number goes, not an array or an object where one goes, an
 *   unknown option field, dtype or mode, an `out` of the wrong dtype.
 * - `RangeError`: a number of the right kind whose value the parameter cannot
 *   take: fractional, NaN or infinite where an integer goes, a negative size,
 *   an axis or index out of range, a step of 0, an axis named twice, a plain
 *   number the computing dtype cannot hold, and anything past the limits below.
 * - `ShapeError`: shapes that do not fit each other or the op.
 *
 * Limits, checked before any work proportional to the input: at most
 * `MAX_RANK` axes, and at most `MAX_ELEMENTS` elements for every tensor made,
 * views included, where an empty axis does not lift the limit (the product of
 * the other sizes must still be within it).
 */
import { showShape, writeInvalidSize, writeShapeMessage } from "../errors.js";

/** The most elements one tensor may hold (portable across JavaScript engines' typed-array limits). */
export const MAX_ELEMENTS = 2 ** 31 - 1;

/** The most axes one tensor may have (NumPy 2's limit as well). */
export const MAX_RANK = 64;

/** How a message names a value: `null`, `an array`, `"text"`, `an object`, `number 3`. */
export const describe = (value: unknown): string => {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
};

/**
 * The own enumerable fields of `record`, in a record without a prototype: what an argument says,
 * never a field inherited from `Object.prototype` (which anything may have written to), and
 * reading a missing field gives `undefined` whatever its name (`"constructor"`, `"__proto__"`).
 */
export function ownFields(record: object): Readonly<Record<string, unknown>> {
  const fields: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(record)) fields[key] = (record as Record<string, unknown>)[key];
  return fields;
}

const NO_FIELDS: Readonly<Record<string, unknown>> = Object.freeze(Object.create(null));

/**
 * An op's options object, its fields checked by name: a `TypeError` for a
 * value that is not a plain object (showing `example`) or a field outside
 * `known`. The result holds the object's own fields only (see `ownFields`);
 * no fields when the options are left out.
 */
export function checkOptionFields(op: string, options: unknown, known: readonly string[], example: string): Readonly<Record<string, unknown>> {
  if (options === undefined) return NO_FIELDS;
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object such as ${example}, got ${describe(options)}`);
  }
  const list = known.length === 1 ? `the only option is ${known[0]}` : known.join(", ");
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`${op}: options field "${key}" is not known (${list})`);
  }
  return ownFields(options);
}

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

/** A shape argument has at most `MAX_RANK` axes (checked before its entries are read). */
export function checkRank(op: string, name: string, shape: unknown, what = "a tensor"): void {
  if (Array.isArray(shape) && shape.length > MAX_RANK) {
    throw new RangeError(`${op}: ${name} has ${shape.length} axes; ${what} has at most ${MAX_RANK}`);
  }
}

/** A count for a message: exact up to 2^53, else "more than 2^53". */
const showCount = (count: number): string => (Number.isSafeInteger(count) ? String(count) : "more than 2^53");

/**
 * The number of elements of `shape`, after checking the limits: at most
 * `MAX_RANK` axes and `MAX_ELEMENTS` elements, an empty axis not lifting the
 * limit on the others. `what` names the shape in the message ("the result").
 * The sizes must already be non-negative integers.
 */
export function checkSize(op: string, shape: readonly number[], what = "the result", shown: readonly number[] = shape): number {
  if (shape.length > MAX_RANK) {
    throw new RangeError(`${op}: ${what} would have ${shape.length} axes; a tensor has at most ${MAX_RANK}`);
  }
  let size = 1;
  let positions = 1; // the product of the non-empty sizes
  for (const dim of shape) {
    size *= dim;
    if (dim !== 0) positions *= dim;
  }
  if (!(positions <= MAX_ELEMENTS)) {
    const detail =
      size === 0
        ? `is empty, but its other axes multiply to ${showCount(positions)}`
        : `would hold ${showCount(positions)} elements`;
    throw new RangeError(`${op}: ${what} ${showShape(shown)} ${detail}, more than the ${MAX_ELEMENTS} a tensor can hold`);
  }
  return size;
}

/**
 * A shape argument: an array (`TypeError` otherwise) of numbers (`TypeError`)
 * that are non-negative integers (`RangeError`), within the limits.
 */
export function checkShape(op: string, name: string, shape: unknown): asserts shape is readonly number[] {
  checkRank(op, name, shape);
  assertNumberArray(op, name, shape);
  for (let axis = 0; axis < shape.length; axis++) {
    const dim = shape[axis]!;
    if (!(Number.isSafeInteger(dim) && dim >= 0)) {
      throw new RangeError(`${op}: ${name}[${axis}] = ${dim} is not a valid size (sizes are non-negative integers)`);
    }
  }
  checkSize(op, shape, name);
}

/** `TypeError` unless `value` is a number, `RangeError` unless it is an integer (not NaN, infinite or fractional). */
export function checkInteger(op: string, name: string, value: unknown): asserts value is number {
  if (typeof value !== "number") throw new TypeError(`${op}: ${name} must be an integer, got ${describe(value)}`);
  if (!Number.isInteger(value)) throw new RangeError(`${op}: ${name} must be an integer, got ${describe(value)}`);
}

/** `TypeError` unless `value` is a number, `RangeError` unless it is finite. */
export function checkFinite(op: string, name: string, value: unknown): asserts value is number {
  if (typeof value !== "number") throw new TypeError(`${op}: ${name} must be a finite number, got ${describe(value)}`);
  if (!Number.isFinite(value)) throw new RangeError(`${op}: ${name} must be a finite number, got ${describe(value)}`);
}

/** A count argument (sections, a length, a width): an integer from `min` to `max`. */
export function checkCount(op: string, name: string, value: unknown, min = 0, max = MAX_ELEMENTS): number {
  checkInteger(op, name, value);
  if (value < min || value > max) {
    throw new RangeError(`${op}: ${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

/**
 * A list argument as a message shows it: every entry up to 8, then the count,
 * so a list of millions of entries (or of holes) makes a short message.
 */
export function showList(list: readonly unknown[]): string {
  const shown = Array.from({ length: Math.min(list.length, 8) }, (_, i) => (typeof list[i] === "number" ? String(list[i]) : describe(list[i])));
  return list.length <= 8 ? `[${shown.join(", ")}]` : `[${shown.join(", ")}, ...] (${list.length} entries)`;
}
