/**
 * Installs the element-wise ops as methods of Tensor (`x.add(y)` is
 * `add(x, y)`): one for every `method` entry of the op catalog
 * (src/ops/catalog.ts), which src/tensor.ts declares from the same entries.
 * Imported once by src/index.ts.
 */
import { Tensor } from "../tensor.js";
import type { DType } from "../dtype.js";
import { opsOf } from "./catalog.js";
import * as ops from "./elementwise.js";
import type { UnaryOptions } from "./types.js";

const prototype = Tensor.prototype as unknown as Record<string, unknown>;
for (const name of opsOf("binary")) {
  const op = ops[name] as (a: unknown, b: unknown, options?: unknown) => Tensor;
  prototype[name] = function (this: Tensor, other: unknown, options?: unknown) {
    return op(this, other, options);
  };
}
for (const name of opsOf("unary")) {
  const op = ops[name] as (x: unknown, options?: unknown) => Tensor;
  prototype[name] = function (this: Tensor, options?: unknown) {
    return op(this, options);
  };
}
prototype["clip"] = function (this: Tensor, min: number, max: number, options?: UnaryOptions) {
  return ops.clip(this, min, max, options);
};
prototype["cast"] = function (this: Tensor, dtype: DType, options?: UnaryOptions) {
  return ops.cast(this, dtype, options);
};
