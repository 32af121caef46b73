/**
 * The shape rule of `repeat` at run time, the twin of types/repeat.ts: the
 * counts checked (a non-negative integer, or a list of them with one entry per
 * element of the axis, or one for all), the axis normalised (a scalar read as
 * `[1]`; no axis: x flattened), and the result's shape. The writers are typed
 * to return their type twins' messages.
 */
import type { RepeatCountMessage, RepeatLengthMessage } from "../../types/repeat.js";
import { ShapeError, showShape } from "../errors.js";
import { normalizeAxis } from "./axis.js";
import { checkSize, describe } from "./validate.js";

/** Twin of `RepeatCountMessage` in types/repeat.ts. */
export const writeRepeatCount = <Name extends string, Value extends number>(name: Name, value: Value): RepeatCountMessage<Name, Value> =>
  `repeat: ${name} must be a non-negative integer, got number ${value}`;

/** Twin of `RepeatLengthMessage` in types/repeat.ts. */
export const writeRepeatLength = <Count extends number, Where extends string, Size extends number, Shown extends string>(
  count: Count,
  where: Where,
  size: Size,
  shown: Shown,
): RepeatLengthMessage<Count, Where, Size, Shown> =>
  `repeat: repeats has ${count} entries for ${where} of size ${size} (one per element, or one for all); cannot repeat ${shown}`;

/** How `repeat` reads x and what it makes. */
export interface RepeatLayout {
  /** x's shape as the op reads it: its own, `[1]` for a scalar, `[x.size]` when flattened (no axis). */
  readonly dims: readonly number[];
  /** The axis repeated, in `dims`. */
  readonly at: number;
  /** One count for every element along the axis, or one count per element. */
  readonly counts: number | readonly number[];
  /** The result's shape: `dims` with the axis grown. */
  readonly shape: readonly number[];
}

/** A count: a TypeError for a non-number, a RangeError for a number that is not a non-negative integer. */
function checkCount(name: string, value: unknown): number {
  if (typeof value !== "number") throw new TypeError(`repeat: ${name} must be a non-negative integer, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 0) throw new RangeError(writeRepeatCount(name, value));
  return value;
}

/**
 * `repeat(x, repeats, axis)` on `shape`. The counts are checked first, then the axis, then a
 * list's length against the axis (the order in which the compiler reports them), then the
 * result against the limits.
 */
export function repeatLayout(shape: readonly number[], repeats: unknown, axis: unknown): RepeatLayout {
  const op = "repeat";
  let counts: number | number[];
  if (Array.isArray(repeats)) {
    counts = [];
    // (a loop, not map: map skips the holes of a sparse array, and a hole is not a count)
    for (let i = 0; i < repeats.length; i++) counts.push(checkCount(`repeats[${i}]`, repeats[i]));
  } else if (typeof repeats === "number") {
    counts = checkCount("repeats", repeats);
  } else {
    throw new TypeError(`${op}: repeats must be a non-negative integer or an array of them, got ${describe(repeats)}`);
  }
  const flat = axis === undefined;
  const dims = flat ? [shape.reduce((p, d) => p * d, 1)] : shape.length === 0 ? [1] : [...shape];
  const at = flat ? 0 : normalizeAxis(op, "axis", axis, dims.length);
  const size = dims[at]!;
  // a list of one count stands for every element (NumPy broadcasts it)
  if (Array.isArray(counts) && counts.length === 1) counts = counts[0]!;
  if (Array.isArray(counts) && counts.length !== size) {
    const where = flat ? "the flattened tensor" : `axis ${at}`;
    throw new ShapeError(writeRepeatLength(counts.length, where, size, showShape(shape)), { code: "size", op, mode: "none", a: [...shape], b: [...counts] });
  }
  const grown = typeof counts === "number" ? size * counts : counts.reduce((sum, count) => sum + count, 0);
  const result = dims.map((dim, i) => (i === at ? grown : dim));
  checkSize(op, result);
  return { dims, at, counts, shape: result };
}
