/**
 * Reference element-wise kernels for tests only: every result element is
 * computed from its multi-index, mapped into each operand through the
 * broadcast layout, one element at a time. Obviously correct, slow.
 */
import { allocate, type DType } from "../../src/dtype.js";
import { resolveBroadcastLayout } from "../../src/shape/broadcast.js";
import type { Tensor } from "../../src/tensor.js";

type Source = Tensor | number | boolean;

/** The element of `source` that the result's multi-index `index` reads through `axes`. */
function read(source: Source, axes: readonly number[], index: readonly number[]): number {
  if (typeof source !== "object") return Number(source);
  let position = source.offset;
  for (let axis = 0; axis < source.shape.length; axis++) {
    const target = axes[axis]!;
    const i = source.shape[axis] === 1 || target < 0 ? 0 : index[target]!;
    position += i * source.strides[axis]!;
  }
  return source.data[position]!;
}

const shapeOf = (source: Source): readonly number[] => (typeof source === "object" ? source.shape : []);

/** Every multi-index of `shape` in row-major order. */
export function* indices(shape: readonly number[]): Generator<number[]> {
  const size = shape.reduce((product, dim) => product * dim, 1);
  const index = shape.map(() => 0);
  for (let k = 0; k < size; k++) {
    yield [...index];
    for (let axis = shape.length - 1; axis >= 0; axis--) {
      if (++index[axis]! < shape[axis]!) break;
      index[axis] = 0;
    }
  }
}

/** The expected result of a binary op, as a contiguous typed array of `dtype` and its shape. */
export function referenceBinary(
  op: (x: number, y: number) => number,
  a: Source,
  b: Source,
  spec: unknown,
  dtype: DType,
): { shape: number[]; values: ArrayLike<number> } {
  const layout = resolveBroadcastLayout("reference", shapeOf(a), shapeOf(b), spec);
  const values = allocate(dtype, layout.shape.reduce((product, dim) => product * dim, 1));
  let k = 0;
  for (const index of indices(layout.shape)) {
    values[k++] = op(read(a, layout.aAxes, index), read(b, layout.bAxes, index));
  }
  return { shape: layout.shape, values };
}

/** The expected result of a unary op. */
export function referenceUnary(op: (x: number) => number, x: Tensor, dtype: DType): ArrayLike<number> {
  const values = allocate(dtype, x.size);
  const identity = x.shape.map((_, axis) => axis);
  let k = 0;
  for (const index of indices(x.shape)) values[k++] = op(read(x, identity, index));
  return values;
}
