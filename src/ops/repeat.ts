/**
 * `repeat(x, repeats, axis?)`: each element of x along `axis` repeated
 * `repeats` times in a row, as NumPy's `np.repeat` and PyTorch's
 * `repeat_interleave` (`tile` repeats the whole tensor instead). `repeats` is
 * a non-negative integer, or a list of them with one count per element of the
 * axis (a list of one count stands for every element). Without `axis`, x is
 * flattened first and the result is 1-D; a scalar is read as `[1]`. Any
 * layout of x is read in place; the result is a new contiguous tensor of x's
 * dtype. The shape rule is src/shape/repeat.ts (twin of types/repeat.ts).
 *
 * @example
 * repeat(tensor([1, 2]), 2)                     // [1, 1, 2, 2]
 * repeat(tensor([[1, 2], [3, 4]]), 2, 1)         // [[1, 1, 2, 2], [3, 3, 4, 4]]
 * repeat(tensor([[1, 2], [3, 4]]), [1, 2], 0)    // [[1, 2], [3, 4], [3, 4]]
 * repeat(tensor([[1, 2], [3, 4]]), 2)            // [1, 1, 2, 2, 3, 3, 4, 4]
 */
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { repeatLayout } from "../shape/repeat.js";
import { copyElements, elementsOf } from "../tensor.js";
import { assertTensor, resultTensor } from "./engine.js";
import { copyStrided } from "./join.js";
import type { RepeatOp } from "./types.js";

/** `list` with `value` put at index `at`, in place of the entry there (`replace` 1) or before it (`replace` 0). */
const spliced = (list: readonly number[], at: number, replace: number, ...values: number[]): number[] => [...list.slice(0, at), ...values, ...list.slice(at + replace)];

export const repeat = /* @__PURE__ */ traced("repeat", (x: unknown, repeats: unknown, axis?: unknown) => {
  const op = "repeat";
  assertTensor(op, "x", x);
  const { dims, at, counts, shape } = repeatLayout(x.shape, repeats, axis);
  const size = shape.reduce((p, d) => p * d, 1);
  const result = resultTensor(op, shape, x.dtype, size);
  if (size === 0) return result;
  const out = elementsOf(result);
  if (typeof counts === "number") {
    // the result read as [...head, n, count, ...tail] is x with a stride-0 axis of `count` after the
    // axis; flattened, as [...x.shape, count] (row-major, each element `count` times in a row)
    const wide = axis === undefined ? [...x.shape, counts] : spliced(dims, at + 1, 0, counts);
    const strides = axis === undefined ? [...x.strides, 0] : x.shape.length === 0 ? [0, 0] : spliced(x.strides, at + 1, 0, 0);
    copyStrided(wide, { data: out, offset: 0, strides: contiguousStrides(wide) }, { data: elementsOf(x), offset: x.offset, strides });
    return result;
  }
  // one count per element: element i of the axis copied counts[i] times, one copy of a stride-0 run each
  const flat = axis === undefined && !x.isContiguous;
  const data = flat ? copyElements(op, x) : elementsOf(x);
  const offset = flat ? 0 : x.offset;
  const strides = axis === undefined ? [1] : x.shape.length === 0 ? [0] : x.strides;
  const outStrides = contiguousStrides(shape);
  let start = 0;
  counts.forEach((count, i) => {
    if (count === 0) return;
    copyStrided(
      spliced(dims, at, 1, count),
      { data: out, offset: start * outStrides[at]!, strides: outStrides },
      { data, offset: offset + i * strides[at]!, strides: spliced(strides, at, 1, 0) },
    );
    start += count;
  });
  return result;
}) as RepeatOp;
