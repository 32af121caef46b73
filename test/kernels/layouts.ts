/**
 * Random loop shapes and operand layouts for the kernel and planner tests,
 * with a naive reference: every multi-index of the shape, the position each
 * operand reads or writes at it (offset + the sum of index x stride).
 */
import fc from "fast-check";

/** An operand as the kernels see it, over a buffer of its own. */
export interface Laid {
  readonly data: Float64Array;
  readonly offset: number;
  readonly strides: number[];
}

/** Every multi-index of `shape`, row-major (the property reference's own walk). */
export { indices as multiIndices } from "../support/reference.js";

export const position = (operand: { readonly offset: number; readonly strides: readonly number[] }, index: readonly number[]): number =>
  index.reduce((p, i, axis) => p + i * operand.strides[axis]!, operand.offset);

const rowMajor = (shape: readonly number[]): number[] => {
  const strides = shape.map(() => 1);
  for (let axis = shape.length - 2; axis >= 0; axis--) strides[axis] = strides[axis + 1]! * Math.max(1, shape[axis + 1]!);
  return strides;
};

/** Sizes 0 to 9 (1 to 9 mostly: the unrolled loops run by 4, so every remainder), rank 0 to 4, at most 400 elements. */
export const shapeArb = (maxRank = 4): fc.Arbitrary<number[]> =>
  fc
    .array(fc.oneof({ arbitrary: fc.integer({ min: 1, max: 9 }), weight: 12 }, { arbitrary: fc.constant(0), weight: 1 }), { maxLength: maxRank })
    .filter((shape) => shape.reduce((p, d) => p * d, 1) <= 400);

/**
 * An output layout: each element its own position (axes in any order,
 * stepped, reversed), inside a buffer with room on both sides, so a write
 * outside the layout shows. Row-major (the innermost stride 1) half the time.
 */
export const outArb = (shape: readonly number[]): fc.Arbitrary<{ offset: number; strides: number[]; length: number }> =>
  fc
    .record({
      plain: fc.boolean(),
      order: fc.shuffledSubarray([...shape.keys()], { minLength: shape.length, maxLength: shape.length }),
      steps: fc.array(fc.constantFrom(1, 1, 2), { minLength: shape.length, maxLength: shape.length }),
      reversed: fc.array(fc.boolean(), { minLength: shape.length, maxLength: shape.length }),
      before: fc.integer({ min: 1, max: 5 }),
      after: fc.integer({ min: 1, max: 5 }),
    })
    .map(({ plain, order, steps, reversed, before, after }) => {
      const strides = shape.map(() => 0);
      if (plain) strides.splice(0, shape.length, ...rowMajor(shape));
      else {
        let step = 1;
        for (let k = order.length - 1; k >= 0; k--) {
          const axis = order[k]!;
          strides[axis] = step * steps[axis]! * (reversed[axis] ? -1 : 1);
          step *= Math.max(1, shape[axis]!) * steps[axis]!;
        }
      }
      return placed(shape, strides, before, after);
    });

/**
 * An input layout: per axis its row-major stride, 0 (broadcast) or any
 * stride from -7 to 7 (overlapping reads are fine for inputs).
 */
export const inputArb = (shape: readonly number[]): fc.Arbitrary<{ offset: number; strides: number[]; length: number }> =>
  fc
    .array(fc.oneof({ arbitrary: fc.constant("row-major" as const), weight: 4 }, { arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.integer({ min: -7, max: 7 }), weight: 1 }), {
      minLength: shape.length,
      maxLength: shape.length,
    })
    .map((kinds) => {
      const own = rowMajor(shape);
      return placed(shape, kinds.map((kind, axis) => (kind === "row-major" ? own[axis]! : kind)), 0, 0);
    });

/** The offset and buffer length that hold every position of `strides` over `shape`, with room around. */
function placed(shape: readonly number[], strides: number[], before: number, after: number) {
  let low = 0;
  let high = 0;
  shape.forEach((d, axis) => {
    const reach = (Math.max(1, d) - 1) * strides[axis]!;
    if (reach < 0) low += reach;
    else high += reach;
  });
  return { offset: before - low, strides, length: before - low + high + 1 + after };
}

/** A buffer for a layout whose elements are all different: a wrong read shows in the result. */
export const distinct = (layout: { offset: number; strides: number[]; length: number }, scale: number): Laid => ({
  data: Float64Array.from({ length: layout.length }, (_, i) => (i + 1) * scale),
  offset: layout.offset,
  strides: layout.strides,
});
