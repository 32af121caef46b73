/**
 * The shape rule of the cumulative ops at run time, the twin of types/scan.ts:
 * along one axis (negative counts from the end) the shape is kept; with no
 * axis (undefined or null) the tensor is scanned flattened in row-major order
 * and the result is 1-D. Its only message is the axis range's, written by
 * src/shape/axis.ts's writer, typed to return the type twin's message.
 */
import { normalizeAxis } from "./axis.js";

export interface ScanLayout {
  /** The result's shape. */
  readonly shape: number[];
  /** The axis scanned along, in [0, rank), or undefined for the flattened tensor. */
  readonly axis: number | undefined;
}

export function scanLayout(op: string, shape: readonly number[], axis: unknown): ScanLayout {
  if (axis === undefined || axis === null) return { shape: [shape.reduce((p, d) => p * d, 1)], axis: undefined };
  return { shape: [...shape], axis: normalizeAxis(op, "axis", axis, shape.length) };
}
