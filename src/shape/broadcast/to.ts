/**
 * Broadcasting one shape to a target at run time: `numpy` and `explicit`
 * (`bidirectional` is numpy.ts's rule). docs/broadcasting.md §3; the twin of
 * types/broadcast/to.ts.
 */
import { writeAxisMismatch, writeDimsFix, writeDimsLength, writeExplicitFix, writeRankMismatch } from "../../errors.js";
import { type Failure, FIX_SEARCH_LIMIT, oneWay, optionalFix } from "./common.js";
import { checkDims, validAxisMaps } from "./in-dim.js";

/** Broadcast-to, numpy (unidirectional, `np.broadcast_to`): the result is the target. */
export function toNumpyRule(input: readonly number[], target: readonly number[]): number[] | Failure {
  if (input.length > target.length) return { code: "rank", detail: writeRankMismatch(input.length, target.length) };
  const pad = target.length - input.length;
  for (let axis = target.length - 1; axis >= pad; axis--) {
    const x = input[axis - pad]!;
    const t = target[axis]!;
    if (!oneWay(x, t)) {
      const maps = validAxisMaps(input, target, oneWay, FIX_SEARCH_LIMIT);
      return {
        code: "mismatch",
        detail: writeAxisMismatch(axis, x, t),
        axis,
        sizes: [x, t],
        ...optionalFix(maps.length === 0 ? undefined : writeExplicitFix(maps)),
      };
    }
  }
  return [...target];
}

/** Broadcast-to, explicit: `axesMapping[i]` is the target axis of input axis `i`. */
export function toExplicitRule(
  input: readonly number[],
  target: readonly number[],
  mapping: readonly number[],
): number[] | Failure {
  const fix = (): string => writeDimsFix("axesMapping", validAxisMaps(input, target, oneWay, FIX_SEARCH_LIMIT));
  if (mapping.length !== input.length) {
    return { code: "dims-length", detail: writeDimsLength("axesMapping", mapping, "the input's", input.length), fix: fix() };
  }
  const bad = checkDims("axesMapping", mapping, target.length);
  if (bad !== undefined) return { ...bad, fix: fix() };
  for (let i = 0; i < input.length; i++) {
    const axis = mapping[i]!;
    const x = input[i]!;
    const t = target[axis]!;
    if (!oneWay(x, t)) return { code: "mismatch", detail: writeAxisMismatch(axis, x, t), axis, sizes: [x, t], fix: fix() };
  }
  return [...target];
}
