/**
 * split (views), tile, pad, and gather/take (copies), with the shape rules of
 * types/shaping.ts and the same messages.
 */
import { allocate } from "../dtype.js";
import { ShapeError, showShape } from "../errors.js";
import { contiguousStrides } from "../kernels/plan.js";
import { Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import { checkSize, describe } from "../shape/validate.js";
import { copyInto } from "./join.js";
import type { GatherOp, PadOp, SplitOp, TileOp } from "./types.js";
import { normalizeAxis } from "../shape/axis.js";

const shapeError = (op: string, message: string, a: readonly number[], b: readonly number[]): ShapeError =>
  new ShapeError(message, { code: "size", op, mode: "none", a: [...a], b: [...b] });

/** Parts of `x` along `axis`: `sizes` (they must add up to the axis) or a number of equal `sections`. Views, no copy. */
export const split = ((x: unknown, parts: unknown, axis: unknown = 0) => {
  const op = "split";
  assertTensor(op, "x", x);
  const at = normalizeAxis(op, "axis", axis, x.shape.length);
  const size = x.shape[at]!;
  let sizes: number[];
  if (typeof parts === "number") {
    if (!(Number.isSafeInteger(parts) && parts > 0)) throw new RangeError(`${op}: sections must be a positive integer, got ${describe(parts)}`);
    if (size % parts !== 0) {
      throw shapeError(op, `${op}: ${parts} sections do not divide axis ${at} of size ${size}; cannot split ${showShape(x.shape)}`, x.shape, [parts]);
    }
    sizes = new Array<number>(parts).fill(size / parts);
  } else if (Array.isArray(parts)) {
    parts.forEach((p, i) => {
      if (!(Number.isSafeInteger(p) && p >= 0)) throw new RangeError(`${op}: sizes[${i}] = ${describe(p)} is not a valid size`);
    });
    sizes = parts as number[];
    const total = sizes.reduce((sum, p) => sum + p, 0);
    if (total !== size) {
      throw shapeError(op, `${op}: sizes ${showShape(sizes)} add up to ${total} but axis ${at} has ${size}; cannot split ${showShape(x.shape)}`, x.shape, sizes);
    }
  } else {
    throw new TypeError(`${op}: parts must be a number of sections or an array of sizes, got ${describe(parts)}`);
  }
  let start = 0;
  return sizes.map((part) => {
    const shape = [...x.shape];
    shape[at] = part;
    const view = new Tensor(x.data, shape, x.strides, x.offset + start * x.strides[at]!, x.dtype);
    start += part;
    return view;
  });
}) as SplitOp;

/** `x` repeated `reps[i]` times along each axis (NumPy's tile: the shorter of shape and reps is padded with 1s). */
export const tile = ((x: unknown, reps: unknown) => {
  const op = "tile";
  assertTensor(op, "x", x);
  if (!Array.isArray(reps)) throw new TypeError(`${op}: reps must be an array of counts, got ${describe(reps)}`);
  reps.forEach((r, i) => {
    if (!(Number.isSafeInteger(r) && r >= 0)) throw new RangeError(`${op}: reps[${i}] = ${describe(r)} is not a valid count`);
  });
  const rank = Math.max(x.shape.length, reps.length);
  const shape = [...new Array<number>(rank - x.shape.length).fill(1), ...x.shape];
  const strides = [...new Array<number>(rank - x.shape.length).fill(0), ...x.strides];
  const counts = [...new Array<number>(rank - reps.length).fill(1), ...(reps as number[])];
  // read x as [count0, dim0, count1, dim1, ...] with stride 0 on the counts, then copy out
  const wide = counts.flatMap((count, axis) => [count, shape[axis]!]);
  const wideStrides = strides.flatMap((stride) => [0, stride]);
  const result = counts.map((count, axis) => count * shape[axis]!);
  const out = new Tensor(allocate(x.dtype, checkSize(op, result)), wide, contiguousStrides(wide), 0, x.dtype);
  copyInto(out, 0, new Tensor(x.data, wide, wideStrides, x.offset, x.dtype));
  return new Tensor(out.data, result, contiguousStrides(result), 0, x.dtype);
}) as TileOp;

/** `x` with `widths[i] = [before, after]` elements of `value` (default 0) added around each axis. */
export const pad = ((x: unknown, widths: unknown, value: unknown = 0) => {
  const op = "pad";
  assertTensor(op, "x", x);
  if (!Array.isArray(widths)) throw new TypeError(`${op}: widths must be an array of [before, after] pairs, got ${describe(widths)}`);
  if (widths.length !== x.shape.length) {
    throw shapeError(op, `${op}: widths has ${widths.length} entries for a rank-${x.shape.length} tensor ${showShape(x.shape)}`, x.shape, []);
  }
  widths.forEach((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((w) => Number.isSafeInteger(w) && w >= 0)) {
      throw new RangeError(`${op}: widths[${i}] must be [before, after] with non-negative integers, got ${describe(pair)}`);
    }
  });
  if (typeof value !== "number" && typeof value !== "boolean") throw new TypeError(`${op}: value must be a number, got ${describe(value)}`);
  const pairs = widths as [number, number][];
  const shape = x.shape.map((dim, axis) => pairs[axis]![0] + dim + pairs[axis]![1]);
  const strides = contiguousStrides(shape);
  const data = allocate(x.dtype, checkSize(op, shape));
  if (Number(value) !== 0) data.fill(Number(value));
  const out = new Tensor(data, shape, strides, 0, x.dtype);
  const offset = pairs.reduce((sum, [before], axis) => sum + before * strides[axis]!, 0);
  copyInto(new Tensor(data, [...x.shape], strides, offset, x.dtype), offset, x);
  return out;
}) as PadOp;

/**
 * Elements of `x` picked along `axis` by integer `indices` (a tensor or an
 * array; negative indices count from the end): the axis is replaced by the
 * indices' shape. Every index is checked before anything is copied.
 */
export const gather = ((x: unknown, indices: unknown, axis: unknown = 0) => {
  const op = "gather";
  assertTensor(op, "x", x);
  const picks: { values: number[]; shape: readonly number[] } =
    indices instanceof Tensor
      ? { values: Array.from(indices.toTypedArray(), Number), shape: indices.shape }
      : Array.isArray(indices)
        ? { values: indices as number[], shape: [indices.length] }
        : (() => {
            throw new TypeError(`${op}: indices must be a tensor or an array of integers, got ${describe(indices)}`);
          })();
  if (indices instanceof Tensor && (indices.dtype === "float32" || indices.dtype === "float64" || indices.dtype === "bool")) {
    throw new TypeError(`${op}: indices must have an integer dtype (int32 or uint8), got ${indices.dtype}`);
  }
  const at = normalizeAxis(op, "axis", axis, x.shape.length);
  const size = x.shape[at]!;
  const resolved = picks.values.map((index, i) => {
    if (!Number.isInteger(index) || index < -size || index >= size) {
      throw new RangeError(`${op}: indices[${i}] = ${describe(index)} is out of range for axis ${at} of size ${size}`);
    }
    return index < 0 ? index + size : index;
  });
  const head = x.shape.slice(0, at);
  const tail = x.shape.slice(at + 1);
  const shape = [...head, ...picks.shape, ...tail];
  const strides = contiguousStrides(shape);
  const out = new Tensor(allocate(x.dtype, checkSize(op, shape)), shape, strides, 0, x.dtype);
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
    const source = new Tensor(x.data, sliceShape, xStrides, x.offset + index * x.strides[at]!, x.dtype);
    copyInto(new Tensor(out.data, sliceShape, outStrides, offset, x.dtype), offset, source);
  });
  return out;
}) as GatherOp;

/** The same as `gather`. */
export const take = gather;
