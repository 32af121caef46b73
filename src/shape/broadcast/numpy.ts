/**
 * NumPy broadcasting at run time (also broadcast-to's `bidirectional` mode).
 * docs/broadcasting.md §2.2; the twin of types/broadcast/numpy.ts.
 */
import { writeAxisMismatch } from "../../errors.js";
import { type Failure, twoWay } from "./common.js";

/**
 * NumPy: right-align, pad with 1s, per axis equal or 1. The first offending axis
 * is the first one met from the right, as NumPy compares trailing axes first.
 */
export function numpyRule(a: readonly number[], b: readonly number[]): number[] | Failure {
  const rank = Math.max(a.length, b.length);
  const out = new Array<number>(rank);
  const padA = rank - a.length;
  const padB = rank - b.length;
  for (let axis = rank - 1; axis >= 0; axis--) {
    const x = axis < padA ? 1 : a[axis - padA]!;
    const y = axis < padB ? 1 : b[axis - padB]!;
    const size = twoWay(x, y);
    if (size === -1) return { code: "mismatch", detail: writeAxisMismatch(axis, x, y), axis, sizes: [x, y] };
    out[axis] = size;
  }
  return out;
}
