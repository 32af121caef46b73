/**
 * `oneHot(indices, depth, { dtype })`: int32 or uint8 indices of shape S give
 * `[...S, depth]`, 1 at each index and 0 elsewhere (float32 unless `dtype`
 * says otherwise). An index outside [0, depth), negative too, gives a row of
 * zeros, as TensorFlow's `one_hot` and tfjs's `oneHot` do.
 */
import { allocate, checkDType, type DType } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { oneHotShape } from "../shape/one-hot.js";
import { checkOptionFields } from "../shape/validate.js";
import { copyElements, Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import type { OneHotOp } from "./types.js";

function dtypeOption(options: unknown): DType {
  const { dtype } = checkOptionFields("oneHot", options, ["dtype"], '{ dtype: "float32" }');
  return dtype === undefined ? "float32" : checkDType("oneHot", "dtype", dtype);
}

export const oneHot = /* @__PURE__ */ traced("oneHot", (indices: unknown, depth: unknown, options?: unknown) => {
  assertTensor("oneHot", "indices", indices);
  if (indices.dtype !== "int32" && indices.dtype !== "uint8") {
    throw new TypeError(`oneHot: indices must be an int32 or uint8 tensor, got a ${indices.dtype} tensor; cast it first, e.g. indices.cast("int32")`);
  }
  const shape = oneHotShape(indices.shape, depth);
  const dtype = dtypeOption(options);
  const n = depth as number;
  const out = allocate("oneHot", dtype, indices.size * n);
  if (n > 0) {
    // the indices in row-major order, each setting one element of its row
    const flat = copyElements("oneHot", indices);
    for (let i = 0; i < flat.length; i++) {
      const index = flat[i]!;
      if (index >= 0 && index < n) out[i * n + index] = 1;
    }
  }
  return new Tensor(out, shape, contiguousStrides(shape), 0, dtype);
}) as OneHotOp;
