/**
 * The shape rule of reductions at run time, the twin of types/reduce.ts: one
 * axis, a list of distinct axes, or all; negative axes count from the end;
 * `keepDims` keeps the reduced axes as size 1. Each writer is typed to return
 * its type twin's message. src/ops/reduce.ts folds the blocks this rule names.
 */
import type { ReduceEmptyMessage } from "../../types/reduce.js";
import { normalizeAxes } from "./axis.js";

/** Twin of `ReduceEmptyMessage` in types/reduce.ts; `shown` is the input's shape as `showShape` prints it. */
export const writeReduceEmpty = <Op extends string, Shown extends string>(op: Op, shown: Shown): ReduceEmptyMessage<Op, Shown> =>
  `${op}: cannot reduce an empty axis (shape ${shown}); ${op} of no elements has no value`;

export interface ReduceLayout {
  /** The result's shape. */
  readonly shape: number[];
  /** The reduced axes of the input, sorted. */
  readonly axes: number[];
  /** The other axes of the input, in order. */
  readonly kept: number[];
}

/** Which axes of `shape` a reduction over `axis` folds (every axis when it is undefined or null), and the result's shape. */
export function reduceLayout(op: string, shape: readonly number[], axis: unknown, keepDims: boolean): ReduceLayout {
  const axes = normalizeAxes(op, "axis", axis, shape.length);
  const kept = [...Array(shape.length).keys()].filter((a) => !axes.includes(a));
  return { shape: keepDims ? shape.map((dim, a) => (axes.includes(a) ? 1 : dim)) : kept.map((a) => shape[a]!), axes, kept };
}
