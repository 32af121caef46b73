/**
 * In-dim broadcasting at run time, shared by xla's `broadcastDimensions` and
 * broadcast-to's `axesMapping`: the fix search and the check of an axis list.
 * The twin of types/broadcast/in-dim.ts.
 */
import { writeDimsOrder, writeDimsRange } from "../../errors.js";
import type { Failure } from "./common.js";

/**
 * Strictly increasing maps of `low`'s axes onto `high`'s axes under which every
 * pair of sizes fits, in lexicographic order; at most `limit` of them.
 * A feasibility table keeps the search from entering dead ends.
 */
export function validAxisMaps(
  low: readonly number[],
  high: readonly number[],
  fits: (lowSize: number, highSize: number) => boolean,
  limit: number,
): number[][] {
  const rl = low.length;
  const rh = high.length;
  // feasible[i][j]: low's axes i.. can still be placed on high's axes j..
  const feasible: boolean[][] = [];
  for (let i = 0; i <= rl; i++) feasible.push(new Array<boolean>(rh + 2).fill(i === rl));
  for (let i = rl - 1; i >= 0; i--) {
    for (let j = rh - 1; j >= 0; j--) {
      feasible[i]![j] = (fits(low[i]!, high[j]!) && feasible[i + 1]![j + 1]!) || feasible[i]![j + 1]!;
    }
  }
  const found: number[][] = [];
  const current: number[] = [];
  const search = (i: number, from: number): void => {
    if (i === rl) {
      found.push([...current]);
      return;
    }
    for (let t = from; t < rh && found.length < limit; t++) {
      if (fits(low[i]!, high[t]!) && feasible[i + 1]![t + 1]!) {
        current.push(t);
        search(i + 1, t + 1);
        current.pop();
      }
    }
  };
  search(0, 0);
  return found;
}

/** First bad entry of a dims list: out of range, or not above the one before. */
export function checkDims(field: string, dims: readonly number[], rank: number): Failure | undefined {
  for (let i = 0; i < dims.length; i++) {
    const d = dims[i]!;
    if (!(Number.isInteger(d) && d >= 0 && d < rank)) {
      return { code: "dims-range", detail: writeDimsRange(field, i, d, rank) };
    }
    if (i > 0 && d <= dims[i - 1]!) return { code: "dims-order", detail: writeDimsOrder(field, dims, i) };
  }
  return undefined;
}
