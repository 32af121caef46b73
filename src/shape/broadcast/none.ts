/**
 * Mode `none` at run time: identical shapes only. docs/broadcasting.md §2.1;
 * the twin of types/broadcast/none.ts.
 */
import { writeAxisMismatch, writeNumpyFix, writeRankMismatch } from "../../errors.js";
import { type Failure, isFailure, optionalFix } from "./common.js";
import { numpyRule } from "./numpy.js";

/** OpenVINO NONE: identical shapes only. The fix names what NumPy mode would give. */
export function noneRule(a: readonly number[], b: readonly number[]): number[] | Failure {
  const numpyFix = (): string | undefined => {
    const result = numpyRule(a, b);
    return isFailure(result) ? undefined : writeNumpyFix(result);
  };
  if (a.length !== b.length) {
    return { code: "rank", detail: writeRankMismatch(a.length, b.length), ...optionalFix(numpyFix()) };
  }
  for (let axis = a.length - 1; axis >= 0; axis--) {
    const x = a[axis]!;
    const y = b[axis]!;
    if (x !== y) {
      return { code: "mismatch", detail: writeAxisMismatch(axis, x, y), axis, sizes: [x, y], ...optionalFix(numpyFix()) };
    }
  }
  return [...a];
}
