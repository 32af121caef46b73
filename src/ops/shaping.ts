/**
 * split (views), tile, pad, and gather/take (copies), with the shape rules of
 * src/shape/shaping.ts (twin of types/shaping.ts). Every count, width and
 * index is checked, and the result against the limits, before anything is copied.
 */
import { allocate } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { copyElements, elementsOf, storageOf, Tensor } from "../tensor.js";
import { assertTensor, convertScalar, scalarDType } from "./engine.js";
import { gatherLayout, padLayout, resolveIndices, splitSizes, tileLayout } from "../shape/shaping.js";
import { checkInteger, checkSize, describe } from "../shape/validate.js";
import { copyInto, copyStrided } from "./join.js";
import { storedValue } from "./create.js";
import type { GatherOp, PadOp, SplitOp, TakeOp, TileOp } from "./types.js";

/** Parts of `x` along `axis`: `sizes` (they must add up to the axis) or a number of equal `sections`. Views, no copy. */
export const split = /* @__PURE__ */ traced("split", (x: unknown, parts: unknown, axis: unknown = 0) => {
  const op = "split";
  assertTensor(op, "x", x);
  const { at, sizes } = splitSizes(x.shape, parts, axis);
  let start = 0;
  return sizes.map((part) => {
    const shape = [...x.shape];
    shape[at] = part;
    const view = new Tensor(storageOf(x), shape, x.strides, x.offset + start * x.strides[at]!, x.dtype);
    start += part;
    return view;
  });
}) as SplitOp;

/** `x` repeated `reps[i]` times along each axis (NumPy's tile: the shorter of shape and reps is padded with 1s). */
export const tile = /* @__PURE__ */ traced("tile", (x: unknown, reps: unknown) => {
  const op = "tile";
  assertTensor(op, "x", x);
  const { dims, counts, shape: result } = tileLayout(x.shape, reps);
  const strides = [...new Array<number>(dims.length - x.shape.length).fill(0), ...x.strides];
  const data = allocate(op, x.dtype, checkSize(op, result));
  // read x as [count0, dim0, count1, dim1, ...] with stride 0 on the counts, then copy out
  const wide = counts.flatMap((count, axis) => [count, dims[axis]!]);
  const wideStrides = strides.flatMap((stride) => [0, stride]);
  copyStrided(wide, { data, offset: 0, strides: contiguousStrides(wide) }, { data: elementsOf(x), offset: x.offset, strides: wideStrides });
  return new Tensor(data, result, contiguousStrides(result), 0, x.dtype);
}) as TileOp;

/** The fill value of `pad`: a number or a boolean, bare or as `{ value }`. */
function padValue(op: string, value: unknown): number | boolean {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const key of Object.keys(value)) {
      if (key !== "value") throw new TypeError(`${op}: options field "${key}" is not known (the only option is value)`);
    }
    const given = (value as { value?: unknown }).value;
    return padValue(op, given === undefined ? 0 : given);
  }
  if (typeof value !== "number" && typeof value !== "boolean") {
    throw new TypeError(`${op}: value must be a number, a boolean or { value }, got ${describe(value)}`);
  }
  return value;
}

/** `x` with `widths[i] = [before, after]` elements of `value` (default 0; `{ value }` or a bare number) around each axis. */
export const pad = /* @__PURE__ */ traced("pad", (x: unknown, widths: unknown, options: unknown = 0) => {
  const op = "pad";
  assertTensor(op, "x", x);
  const { pairs, shape } = padLayout(x.shape, widths);
  // the fill value is a plain number next to x: converted by the scalar rule (a number x's integer
  // dtype cannot hold is a RangeError), then stored as x's dtype stores it (bool: its truthiness)
  const given = padValue(op, options);
  const value = storedValue(convertScalar(op, "value", given, scalarDType(given, x.dtype), "x"), x.dtype);
  const strides = contiguousStrides(shape);
  const data = allocate(op, x.dtype, checkSize(op, shape));
  if (!Object.is(value, 0)) data.fill(value); // (-0 too)
  const out = new Tensor(data, shape, strides, 0, x.dtype);
  const offset = pairs.reduce((sum, [before], axis) => sum + before * strides[axis]!, 0);
  copyInto(new Tensor(data, [...x.shape], strides, offset, x.dtype), offset, x);
  return out;
}) as PadOp;

/** The index values and their shape: an integer tensor, or an array of integers (each checked). */
function indexList(op: string, indices: unknown): { values: ArrayLike<number>; shape: readonly number[] } {
  if (indices instanceof Tensor) {
    if (indices.dtype === "float32" || indices.dtype === "float64" || indices.dtype === "bool") {
      throw new TypeError(`${op}: indices must have an integer dtype (int32 or uint8), got ${indices.dtype}`);
    }
    return { values: copyElements(op, indices), shape: indices.shape };
  }
  if (!Array.isArray(indices)) throw new TypeError(`${op}: indices must be a tensor or an array of integers, got ${describe(indices)}`);
  for (let i = 0; i < indices.length; i++) checkInteger(op, `indices[${i}]`, indices[i]);
  return { values: indices as number[], shape: [indices.length] };
}

/**
 * Elements of `x` picked along `axis` by integer `indices` (a tensor or an
 * array; negative indices count from the end): the axis is replaced by the
 * indices' shape. Every index is checked before anything is copied.
 */
export const gather = /* @__PURE__ */ traced("gather", (x: unknown, indices: unknown, axis: unknown = 0) => gatherAlong("gather", x, indices, axis)) as GatherOp;

function gatherAlong(op: string, x: unknown, indices: unknown, axis: unknown): Tensor {
  assertTensor(op, "x", x);
  const picks = indexList(op, indices);
  const { at, shape } = gatherLayout(op, x.shape, picks.shape, axis);
  const head = x.shape.slice(0, at);
  const tail = x.shape.slice(at + 1);
  const size = checkSize(op, shape);
  const resolved = resolveIndices(op, picks.values, x.shape[at]!, `axis ${at}`);
  const strides = contiguousStrides(shape);
  const out = new Tensor(allocate(op, x.dtype, size), shape, strides, 0, x.dtype);
  if (size === 0) return out;
  // one copy per index: x with the axis fixed, into out with the index axes fixed
  const sliceShape = [...head, ...tail];
  const xStrides = [...x.strides.slice(0, at), ...x.strides.slice(at + 1)];
  const outStrides = [...strides.slice(0, at), ...strides.slice(at + picks.shape.length)];
  const indexStrides = contiguousStrides(picks.shape).map((_, k) => strides[at + k]!);
  resolved.forEach((index, j) => {
    let offset = 0;
    let rest = j;
    for (let k = picks.shape.length - 1; k >= 0; k--) {
      offset += (rest % picks.shape[k]!) * indexStrides[k]!;
      rest = Math.floor(rest / picks.shape[k]!);
    }
    copyStrided(sliceShape, { data: elementsOf(out), offset, strides: outStrides }, { data: elementsOf(x), offset: x.offset + index * x.strides[at]!, strides: xStrides });
  });
  return out;
}

/**
 * `take(x, indices)`: elements of the flattened `x` (row-major, as NumPy's
 * `take` without an axis); the result has the indices' shape. With `axis`,
 * the same as `gather`.
 *
 * @example
 * take(tensor([[1, 2], [3, 4]]), [3, 0])   // Tensor<[2]>: [4, 1]
 */
export const take = /* @__PURE__ */ traced("take", (x: unknown, indices: unknown, axis?: unknown) => {
  const op = "take";
  if (axis !== undefined) return gatherAlong(op, x, indices, axis);
  assertTensor(op, "x", x);
  const picks = indexList(op, indices);
  const size = checkSize(op, picks.shape);
  const resolved = resolveIndices(op, picks.values, x.size, "the flattened tensor");
  const out = new Tensor(allocate(op, x.dtype, size), [...picks.shape], contiguousStrides(picks.shape), 0, x.dtype);
  // a flat position to a buffer position through x's strides
  const rank = x.shape.length;
  const from = elementsOf(x);
  const to = elementsOf(out);
  for (let j = 0; j < resolved.length; j++) {
    let rest = resolved[j]!;
    let position = x.offset;
    for (let axis = rank - 1; axis >= 0; axis--) {
      const dim = x.shape[axis]!;
      position += (rest % dim) * x.strides[axis]!;
      rest = Math.floor(rest / dim);
    }
    to[j] = from[position]!;
  }
  return out;
}) as TakeOp;
