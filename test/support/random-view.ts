/**
 * Random tensors for the value tests (the axis ops, the element-wise ops
 * and activations): a shape of small sizes (0 now and then), a dtype, and a
 * layout inside a larger buffer (axes permuted, stepped, reversed, broadcast
 * with stride 0, an offset), with values that include NaN, -0 and the
 * integer edges. Built from the `Tensor` constructor and read back through
 * its public fields only (`element`, `indices`), never through the kernels.
 */
import fc from "fast-check";
import { Tensor } from "shapecast";
import { type DType, storage } from "./reference.js";

export const DTYPES: readonly DType[] = ["float32", "float64", "int32", "uint8", "bool"];

/** Values to store: small integers mostly, NaN, +-Infinity, -0, halves, the int32 and uint8 edges. */
const valueArb = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 3 }), weight: 8 },
  { arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0.5, -2.5, 255, 2 ** 31 - 1, -(2 ** 31), 65536, 3e38), weight: 2 },
);

/** A shape of rank `min` to `max`: sizes 1 to 4, now and then 0 or 5. */
export const shapeArb = (min = 0, max = 4): fc.Arbitrary<number[]> =>
  fc.array(fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 8 }, { arbitrary: fc.constantFrom(0, 5), weight: 1 }), { minLength: min, maxLength: max });

/**
 * A tensor of `shape` and `dtype` read through a random layout of a larger
 * buffer, its buffer filled with `values` over and over (by default the mix
 * of `valueArb`).
 */
export const viewOf = (
  shape: readonly number[],
  dtype: DType,
  values: fc.Arbitrary<readonly number[]> = fc.array(valueArb, { minLength: 1, maxLength: 64 }),
): fc.Arbitrary<Tensor> =>
  fc
    .record({
      order: fc.shuffledSubarray([...shape.keys()], { minLength: shape.length, maxLength: shape.length }),
      steps: fc.array(fc.constantFrom(1, 1, 2), { minLength: shape.length, maxLength: shape.length }),
      reversed: fc.array(fc.boolean(), { minLength: shape.length, maxLength: shape.length }),
      broadcast: fc.array(fc.noBias(fc.integer({ min: 0, max: 6 })), { minLength: shape.length, maxLength: shape.length }),
      pad: fc.nat(3),
      values,
    })
    .map(({ order, steps, reversed, broadcast, pad, values }) => {
      const strides = shape.map(() => 0);
      let step = 1;
      for (let k = order.length - 1; k >= 0; k--) {
        const axis = order[k]!;
        strides[axis] = broadcast[axis] === 0 ? 0 : step * steps[axis]!;
        step *= Math.max(shape[axis]!, 1) * steps[axis]!;
      }
      let offset = pad;
      for (let axis = 0; axis < shape.length; axis++) {
        if (reversed[axis] && strides[axis] !== 0) {
          offset += Math.max(shape[axis]! - 1, 0) * strides[axis]!;
          strides[axis] = -strides[axis]!;
        }
      }
      const length = offset + shape.reduce((sum, dim, axis) => sum + Math.max(dim - 1, 0) * Math.max(0, strides[axis]!), 0) + 1;
      const data = storage(dtype, length);
      // the typed array converts (float32 rounds, int32 and uint8 wrap); bool stores truthiness
      for (let i = 0; i < data.length; i++) {
        const v = values[i % values.length]!;
        data[i] = dtype === "bool" ? (v !== 0 ? 1 : 0) : v;
      }
      return new Tensor(data, [...shape], strides, offset, dtype);
    });

/** A random tensor of any of the dtypes, rank `min` to `max`. */
export const anyViewArb = (min = 0, max = 4, dtypes: readonly DType[] = DTYPES): fc.Arbitrary<Tensor> =>
  fc.tuple(shapeArb(min, max), fc.constantFrom(...dtypes)).chain(([shape, dtype]) => viewOf(shape, dtype));

/** The element of `x` at a multi-index, read through its strides. */
export const at = (x: Tensor, index: readonly number[]): number => {
  let position = x.offset;
  for (let k = 0; k < index.length; k++) position += index[k]! * x.strides[k]!;
  return x.data[position]!;
};

/** Every multi-index of `shape`, row-major. */
export function* multiIndices(shape: readonly number[]): Generator<number[]> {
  if (shape.some((d) => d === 0)) return;
  const index = shape.map(() => 0);
  for (;;) {
    yield [...index];
    let k = shape.length - 1;
    while (k >= 0 && ++index[k]! === shape[k]) index[k--] = 0;
    if (k < 0) return;
  }
}

/** `shape`'s elements in row-major order, as stored numbers. */
export const rowMajor = (x: Tensor): number[] => Array.from(multiIndices(x.shape), (i) => at(x, i));
