/**
 * The shape rule of `oneHot` at run time, the twin of types/one-hot.ts: the
 * indices' shape with an axis of `depth` appended, `depth` an integer from 0
 * to 2^31 - 1. `writeDepth` is typed to return the type twin's message.
 */
import type { DepthMessage } from "../../types/one-hot.js";
import { checkSize, describe, MAX_ELEMENTS } from "./validate.js";

/** Twin of `DepthMessage` in types/one-hot.ts. */
export const writeDepth = <Depth extends number>(depth: Depth): DepthMessage<Depth> =>
  `oneHot: depth must be an integer from 0 to 2147483647, got ${depth}`;

/** The result's shape: a TypeError for a depth that is not a number, a RangeError for one that is not a count. */
export function oneHotShape(shape: readonly number[], depth: unknown): number[] {
  if (typeof depth !== "number") throw new TypeError(`oneHot: depth must be an integer, got ${describe(depth)}`);
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_ELEMENTS) throw new RangeError(writeDepth(depth));
  const result = [...shape, depth];
  checkSize("oneHot", result);
  return result;
}
