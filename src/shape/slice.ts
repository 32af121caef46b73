/**
 * `slice`'s shape rule at run time, the twin of types/slice.ts: per axis an
 * index (the axis is dropped), a `{ start, stop, step }` as Python's `slice`
 * (negative values count from the end, bounds are clamped), or nothing for
 * the whole axis. Each writer is typed to return its type twin's message.
 * src/ops/views.ts turns the plan into strides and an offset.
 */
import type { IndexRange, SliceAxesMessage, SliceIndexMessage, SliceStepMessage } from "../../types/slice.js";
import { showShape } from "../errors.js";
import { atMost } from "./size.js";
import { checkInteger, describe } from "./validate.js";

/** The valid range of an index on an axis of size `size`; twin of `IndexRange`. */
const writeIndexRange = <Size extends number>(size: Size): IndexRange<Size> =>
  (size === 0 ? "the axis is empty" : `use -${size} to ${size - 1}`) as IndexRange<Size>;

/** Twin of `SliceAxesMessage` in types/slice.ts. */
export const writeSliceAxes = <Count extends number, Rank extends number, Shown extends string>(
  count: Count,
  rank: Rank,
  shown: Shown,
): SliceAxesMessage<Count, Rank, Shown> => `slice: ${count} axes given for a rank-${rank} tensor of shape ${shown}`;

/** Twin of `SliceIndexMessage` in types/slice.ts. */
export const writeSliceIndex = <Index extends number, Axis extends number, Size extends number>(
  index: Index,
  axis: Axis,
  size: Size,
): SliceIndexMessage<Index, Axis, Size> => `slice: index ${index} on axis ${axis} is out of range for its size ${size} (${writeIndexRange(size)})`;

/** Twin of `SliceStepMessage` in types/slice.ts. */
export const writeSliceStep = <Axis extends number>(axis: Axis): SliceStepMessage<Axis> =>
  `slice: step on axis ${axis} must be a non-zero integer, got number 0`;

/** One axis of a slice: `[start, stop)` with `step`, as Python's `slice`; negative values count from the end. */
export interface SliceSpec {
  // (`| undefined`: see CreateOptions)
  readonly start?: number | undefined;
  readonly stop?: number | undefined;
  readonly step?: number | undefined;
}

/** What a slice does to one axis: picks one index (the axis is dropped), or keeps `length` elements from `start` by `step`. */
export type SliceAxis = { readonly index: number } | { readonly start: number; readonly step: number; readonly length: number };

/** The plan of `slice(x, ...specs)` on `shape`, one entry per axis, after checking every spec. */
export function slicePlan(shape: readonly number[], specs: readonly unknown[]): SliceAxis[] {
  if (specs.length > shape.length) throw new RangeError(writeSliceAxes(specs.length, shape.length, showShape(shape)));
  for (let axis = 0; axis < specs.length; axis++) {
    const spec = specs[axis];
    if (spec === null || spec === undefined || typeof spec === "number") continue;
    if (typeof spec !== "object" || Array.isArray(spec)) {
      throw new TypeError(`slice: axis ${axis} takes an index, { start, stop, step } or null, got ${describe(spec)}`);
    }
    for (const key of Object.keys(spec)) {
      if (key !== "start" && key !== "stop" && key !== "step") {
        throw new TypeError(`slice: axis ${axis} has an unknown field "${key}" (a slice is { start, stop, step })`);
      }
    }
  }
  return shape.map((dim, axis) => {
    const spec = specs[axis] as number | SliceSpec | null | undefined;
    if (typeof spec === "number") {
      checkInteger("slice", `index on axis ${axis}`, spec);
      if (spec < -dim || spec >= dim) throw new RangeError(writeSliceIndex(spec, axis, dim));
      return { index: spec < 0 ? spec + dim : spec };
    }
    const step = spec?.step === undefined ? 1 : spec.step; // (null is no step: a TypeError below)
    checkInteger("slice", `step on axis ${axis}`, step);
    if (step === 0) throw new RangeError(writeSliceStep(axis));
    const clamp = (value: number | undefined, fallback: number, name: string): number => {
      if (value === undefined) return fallback;
      checkInteger("slice", `${name} on axis ${axis}`, value);
      const v = value < 0 ? value + dim : value;
      // (the upper clamp is `AtMost` of types/size.ts, as the type rule's formulas write it)
      return step > 0 ? atMost(Math.max(v, 0), dim) : atMost(Math.max(v, -1), dim - 1);
    };
    const start = clamp(spec?.start, step > 0 ? 0 : dim - 1, "start");
    const stop = clamp(spec?.stop, step > 0 ? dim : -1, "stop");
    return { start, step, length: Math.max(0, Math.ceil((stop - start) / step)) };
  });
}
