/**
 * Reduction benchmark cases (`npm run bench:reduce`): float32 [1000, 1000]
 * from the same inputs as the element-wise cases (`fill(n, 1)`), each op over
 * one axis or all of them, and softmax over the last axis.
 */
import type { Case } from "../cases.js";

export interface ReduceCase extends Case {
  readonly op: "sum" | "mean" | "max" | "argmax" | "variance" | "softmax";
  /** The axis reduced, or every axis when absent. */
  readonly axis?: number;
}

const shape = [1000, 1000] as const;
export const REDUCE_CASES: readonly ReduceCase[] = [
  { id: "sum-all", title: "sum [1000,1000]", op: "sum", a: shape, b: [] },
  { id: "sum-rows", title: "sum [1000,1000] axis -1", op: "sum", axis: -1, a: shape, b: [] },
  { id: "sum-cols", title: "sum [1000,1000] axis 0", op: "sum", axis: 0, a: shape, b: [] },
  { id: "mean-rows", title: "mean [1000,1000] axis -1", op: "mean", axis: -1, a: shape, b: [] },
  { id: "max-rows", title: "max [1000,1000] axis -1", op: "max", axis: -1, a: shape, b: [] },
  { id: "argmax-rows", title: "argmax [1000,1000] axis -1", op: "argmax", axis: -1, a: shape, b: [] },
  { id: "variance-rows", title: "variance [1000,1000] axis -1", op: "variance", axis: -1, a: shape, b: [] },
  { id: "softmax-rows", title: "softmax [1000,1000] axis -1", op: "softmax", axis: -1, a: shape, b: [] },
];
