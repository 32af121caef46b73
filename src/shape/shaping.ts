/**
 * The shape rules of split, tile, pad and gather/take at run time, the twin
 * of types/shaping.ts: every count, width and index is checked, and each
 * writer is typed to return its type twin's message, so a change of wording on
 * one side is a compile error. src/ops/shaping.ts makes the views and copies.
 */
import type {
  IndexRangeMessage,
  PadWidthsMessage,
  SplitSectionsMessage,
  SplitSizesMessage,
} from "../../types/shaping.js";
import { ShapeError, showShape } from "../errors.js";
import { normalizeAxis } from "./axis.js";
import { checkCount, describe, MAX_ELEMENTS, MAX_RANK, showList } from "./validate.js";

/** Twin of `SplitSizesMessage` in types/shaping.ts. */
export const writeSplitSizes = <List extends string, Total extends number, Axis extends number, Size extends number, Shown extends string>(
  list: List,
  total: Total,
  axis: Axis,
  size: Size,
  shown: Shown,
): SplitSizesMessage<List, Total, Axis, Size, Shown> => `split: sizes ${list} add up to ${total} but axis ${axis} has ${size}; cannot split ${shown}`;

/** Twin of `SplitSectionsMessage` in types/shaping.ts. */
export const writeSplitSections = <Sections extends number, Axis extends number, Size extends number, Shown extends string>(
  sections: Sections,
  axis: Axis,
  size: Size,
  shown: Shown,
): SplitSectionsMessage<Sections, Axis, Size, Shown> => `split: ${sections} sections do not divide axis ${axis} of size ${size}; cannot split ${shown}`;

/** Twin of `PadWidthsMessage` in types/shaping.ts. */
export const writePadWidths = <Count extends number, Rank extends number, Shown extends string>(
  count: Count,
  rank: Rank,
  shown: Shown,
): PadWidthsMessage<Count, Rank, Shown> => `pad: widths has ${count} entries for a rank-${rank} tensor ${shown}`;

/** Twin of `IndexRangeMessage` in types/shaping.ts. */
export const writeIndexRange = <Op extends string, Index extends number, Value extends number, Where extends string, Size extends number>(
  op: Op,
  index: Index,
  value: Value,
  where: Where,
  size: Size,
): IndexRangeMessage<Op, Index, Value, Where, Size> => `${op}: indices[${index}] = ${value} is out of range for ${where} of size ${size}`;

const shapeError = (op: string, message: string, a: readonly number[], b: readonly number[]): ShapeError =>
  new ShapeError(message, { code: "size", op, mode: "none", a: [...a], b: [...b] });

/** The most empty parts `split` makes of an empty axis. */
export const MAX_EMPTY_SECTIONS = 2 ** 16;

/**
 * Every entry of `list` is a non-negative integer up to `max` (`TypeError` for
 * a non-number, `RangeError` otherwise).
 */
function checkCounts(op: string, name: string, list: unknown, max = MAX_ELEMENTS): asserts list is number[] {
  if (!Array.isArray(list)) throw new TypeError(`${op}: ${name} must be an array of non-negative integers, got ${describe(list)}`);
  for (let i = 0; i < list.length; i++) checkCount(op, `${name}[${i}]`, list[i], 0, max);
}

/** `split(x, parts, axis)` on `shape`: the normalised axis and the size of each part along it. */
export function splitSizes(shape: readonly number[], parts: unknown, axis: unknown): { readonly at: number; readonly sizes: number[] } {
  const op = "split";
  const at = normalizeAxis(op, "axis", axis, shape.length);
  const size = shape[at]!;
  if (typeof parts === "number") {
    // sections divide the axis, so at most its size; an empty axis splits into any number of
    // empty parts, one tensor each, up to MAX_EMPTY_SECTIONS
    checkCount(op, "sections", parts, 1, Math.max(size, MAX_EMPTY_SECTIONS));
    if (size % parts !== 0) throw shapeError(op, writeSplitSections(parts, at, size, showShape(shape)), shape, [parts]);
    return { at, sizes: new Array<number>(parts).fill(size / parts) };
  }
  if (Array.isArray(parts)) {
    checkCounts(op, "sizes", parts);
    const total = parts.reduce((sum, p) => sum + p, 0);
    if (total !== size) throw shapeError(op, writeSplitSizes(showList(parts), total, at, size, showShape(shape)), shape, parts);
    return { at, sizes: parts };
  }
  throw new TypeError(`${op}: parts must be a number of sections or an array of sizes, got ${describe(parts)}`);
}

/**
 * `tile(x, reps)` on `shape` by NumPy's rule: the shorter of shape and reps
 * padded with 1s on the left (`dims` and `counts`), the result their product.
 */
export function tileLayout(shape: readonly number[], reps: unknown): { readonly dims: number[]; readonly counts: number[]; readonly shape: number[] } {
  const op = "tile";
  if (Array.isArray(reps) && reps.length > MAX_RANK) {
    throw new RangeError(`${op}: reps has ${reps.length} entries; a tensor has at most ${MAX_RANK} axes`);
  }
  checkCounts(op, "reps", reps, Number.MAX_SAFE_INTEGER); // the result's size is what must fit
  const rank = Math.max(shape.length, reps.length);
  const dims = [...new Array<number>(rank - shape.length).fill(1), ...shape];
  const counts = [...new Array<number>(rank - reps.length).fill(1), ...reps];
  return { dims, counts, shape: counts.map((count, axis) => count * dims[axis]!) };
}

/** `pad(x, widths)` on `shape`: the checked `[before, after]` pairs and the result shape. */
export function padLayout(shape: readonly number[], widths: unknown): { readonly pairs: [number, number][]; readonly shape: number[] } {
  const op = "pad";
  if (!Array.isArray(widths)) throw new TypeError(`${op}: widths must be an array of [before, after] pairs, got ${describe(widths)}`);
  if (widths.length !== shape.length) throw new RangeError(writePadWidths(widths.length, shape.length, showShape(shape)));
  widths.forEach((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`${op}: widths[${i}] must be a pair [before, after], got ${describe(pair)}`);
    checkCount(op, `widths[${i}][0]`, pair[0], 0, Number.MAX_SAFE_INTEGER); // the result's size is what must fit
    checkCount(op, `widths[${i}][1]`, pair[1], 0, Number.MAX_SAFE_INTEGER);
  });
  const pairs = widths as [number, number][];
  return { pairs, shape: shape.map((dim, axis) => pairs[axis]![0] + dim + pairs[axis]![1]) };
}

/** `gather(x, indices, axis)` on `shape`: the normalised axis, replaced in the result by the indices' shape. */
export function gatherLayout(op: string, shape: readonly number[], indexShape: readonly number[], axis: unknown): { readonly at: number; readonly shape: number[] } {
  const at = normalizeAxis(op, "axis", axis, shape.length);
  return { at, shape: [...shape.slice(0, at), ...indexShape, ...shape.slice(at + 1)] };
}

/** Each index resolved into [0, size), or a `RangeError` naming the first one out of range. */
export function resolveIndices(op: string, values: ArrayLike<number>, size: number, where: string): Int32Array {
  const resolved = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const index = values[i]!;
    if (index < -size || index >= size) throw new RangeError(writeIndexRange(op, i, index, where, size));
    resolved[i] = index < 0 ? index + size : index;
  }
  return resolved;
}
