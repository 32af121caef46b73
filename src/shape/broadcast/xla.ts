/**
 * Mode `xla` at run time. docs/broadcasting.md §2.3; the twin of
 * types/broadcast/xla.ts.
 */
import { writeAxisMismatch, writeDimsEqualRank, writeDimsFix, writeDimsLength, writeDimsScalar, writeMissingDims } from "../../errors.js";
import { type Failure, FIX_SEARCH_LIMIT, fitsTwoWay, twoWay } from "./common.js";
import { checkDims, validAxisMaps } from "./in-dim.js";
import { numpyRule } from "./numpy.js";

/** XLA: explicit broadcastDimensions for differing ranks, then degenerate dims. */
export function xlaRule(
  a: readonly number[],
  b: readonly number[],
  dims: readonly number[] | undefined,
): number[] | Failure {
  if (a.length === b.length) {
    const identity = dims === undefined || dims.length === 0 || (dims.length === a.length && dims.every((d, i) => d === i));
    if (!identity) return { code: "dims-equal-rank", detail: writeDimsEqualRank(dims) };
    return numpyRule(a, b);
  }
  if (a.length === 0 || b.length === 0) {
    if (dims !== undefined && dims.length !== 0) return { code: "dims-scalar", detail: writeDimsScalar(dims) };
    return [...(a.length === 0 ? b : a)];
  }
  const aIsHigh = a.length > b.length;
  const high = aIsHigh ? a : b;
  const low = aIsHigh ? b : a;
  const fix = (): string => writeDimsFix("broadcastDimensions", validAxisMaps(low, high, fitsTwoWay, FIX_SEARCH_LIMIT));
  if (dims === undefined) return { code: "missing-dims", detail: writeMissingDims(a.length, b.length), fix: fix() };
  if (dims.length !== low.length) {
    return { code: "dims-length", detail: writeDimsLength("broadcastDimensions", dims, "the lower", low.length), fix: fix() };
  }
  const bad = checkDims("broadcastDimensions", dims, high.length);
  if (bad !== undefined) return { ...bad, fix: fix() };
  const out = [...high];
  for (let i = 0; i < low.length; i++) {
    const axis = dims[i]!;
    const size = twoWay(low[i]!, high[axis]!);
    if (size === -1) {
      const sizes: [number, number] = aIsHigh ? [high[axis]!, low[i]!] : [low[i]!, high[axis]!];
      return { code: "mismatch", detail: writeAxisMismatch(axis, ...sizes), axis, sizes, fix: fix() };
    }
    out[axis] = size;
  }
  return out;
}
