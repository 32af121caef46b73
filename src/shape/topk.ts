/**
 * The shape rule of `topk` at run time, the twin of types/topk.ts: the axis
 * (-1 when left out) of size k, k an integer from 0 to that axis's size (a
 * RangeError when k is no count, a ShapeError when the axis is shorter). The
 * writers are typed to return their type twins' messages.
 */
import type { TopKCountMessage, TopKLargerMessage } from "../../types/topk.js";
import { ShapeError, showShape } from "../errors.js";
import { normalizeAxis } from "./axis.js";
import { describe, MAX_ELEMENTS } from "./validate.js";

/** Twin of `TopKCountMessage` in types/topk.ts. */
export const writeTopKCount = <K extends number>(k: K): TopKCountMessage<K> => `topk: k must be an integer from 0 to 2147483647, got ${k}`;

/** Twin of `TopKLargerMessage` in types/topk.ts; `shown` is the shape as `showShape` prints it. */
export const writeTopKLarger = <K extends number, At extends number, Size extends number, Shown extends string>(
  k: K,
  at: At,
  size: Size,
  shown: Shown,
): TopKLargerMessage<K, At, Size, Shown> => `topk: k = ${k} is larger than axis ${at} of size ${size} (shape ${shown})`;

/** The axis, in [0, rank), and the result's shape. */
export function topkLayout(shape: readonly number[], k: unknown, axis: unknown): { axis: number; shape: number[] } {
  const at = normalizeAxis("topk", "axis", axis ?? -1, shape.length);
  if (typeof k !== "number") throw new TypeError(`topk: k must be an integer, got ${describe(k)}`);
  if (!Number.isInteger(k) || k < 0 || k > MAX_ELEMENTS) throw new RangeError(writeTopKCount(k));
  // a k the axis cannot give is a misfit of shapes, as split's sizes are: a ShapeError
  if (k > shape[at]!) {
    throw new ShapeError(writeTopKLarger(k, at, shape[at]!, showShape(shape)), { code: "size", op: "topk", mode: "none", a: [...shape], b: [k], axis: at, sizes: [shape[at]!, k] });
  }
  return { axis: at, shape: shape.map((d, a) => (a === at ? k : d)) };
}
