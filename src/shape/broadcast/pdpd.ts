/**
 * Mode `pdpd` at run time. docs/broadcasting.md §2.4; the twin of
 * types/broadcast/pdpd.ts.
 */
import { writeAxisMismatch, writePdpdAxis, writePdpdFix, writePdpdRange, writePdpdRank } from "../../errors.js";
import { type Failure, FIX_SEARCH_LIMIT, oneWay, optionalFix } from "./common.js";

/** OpenVINO PDPD: b (trailing 1s dropped) must match a run of a's axes from `axis`. */
export function pdpdRule(a: readonly number[], b: readonly number[], axis: number | undefined): number[] | Failure {
  if (b.length > a.length) return { code: "rank", detail: writePdpdRank(a.length, b.length) };
  const given = axis ?? -1;
  if (!(Number.isInteger(given) && given >= -1)) return { code: "axis", detail: writePdpdAxis(given) };
  const start = given === -1 ? a.length - b.length : given;
  let length = b.length;
  while (length > 0 && b[length - 1] === 1) length--;
  const fitsAt = (at: number): boolean => {
    for (let i = 0; i < length; i++) if (!oneWay(b[i]!, a[at + i]!)) return false;
    return true;
  };
  const fix = (): string | undefined => {
    const axes: number[] = [];
    for (let at = 0; at + length <= a.length && axes.length < FIX_SEARCH_LIMIT; at++) if (fitsAt(at)) axes.push(at);
    return axes.length === 0 ? undefined : writePdpdFix(axes);
  };
  if (start + length > a.length) {
    return { code: "axis-range", detail: writePdpdRange(start, length, a.length), ...optionalFix(fix()) };
  }
  for (let i = 0; i < length; i++) {
    const x = a[start + i]!;
    const y = b[i]!;
    if (!oneWay(y, x)) {
      return { code: "mismatch", detail: writeAxisMismatch(start + i, x, y), axis: start + i, sizes: [x, y], ...optionalFix(fix()) };
    }
  }
  return [...a];
}
