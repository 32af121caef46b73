/**
 * `topk(x, k, { axis })`: the k largest elements along an axis (the last by
 * default) and their int32 positions, largest first; ties in the order of the
 * input (the lower position first) and NaN last, as `sort` with
 * `descending` orders them, whose first k they are.
 */
import { allocate } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { topkLayout } from "../shape/topk.js";
import { checkOptionFields } from "../shape/validate.js";
import { Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import { forEachLine, sortedOrder } from "./sort.js";
import type { TopKOp } from "./types.js";

export const topk = /* @__PURE__ */ traced("topk", (x: unknown, k: unknown, options?: unknown) => {
  assertTensor("topk", "x", x);
  const { axis: given } = checkOptionFields("topk", options, ["axis"], "{ axis: -1 }");
  const { axis, shape } = topkLayout(x.shape, k, given);
  const size = shape.reduce((p, d) => p * d, 1);
  const values = allocate("topk", x.dtype, size);
  const indices = allocate("topk", "int32", size);
  const strides = contiguousStrides(shape);
  const count = shape[axis]!;
  const step = strides[axis]!;
  // the lines of x, each written to its place in the result: the same positions of the other axes
  const lineStrides = contiguousStrides(x.shape);
  if (count > 0) {
    forEachLine(x, axis, (line, inputStart) => {
      // the line's start in x's contiguous layout, mapped to the result's: its coordinates off the axis
      let rest = inputStart;
      let start = 0;
      for (let a = 0; a < x.shape.length; a++) {
        const coordinate = Math.floor(rest / lineStrides[a]!);
        rest -= coordinate * lineStrides[a]!;
        start += coordinate * strides[a]!;
      }
      const order = sortedOrder(line, true);
      for (let i = 0; i < count; i++) {
        values[start + i * step] = line[order[i]!]!;
        indices[start + i * step] = order[i]!;
      }
    });
  }
  return { values: new Tensor(values, shape, strides, 0, x.dtype), indices: new Tensor(indices, shape, strides, 0, "int32") };
}) as TopKOp;
