/**
 * Installs the element-wise ops as methods of Tensor (`x.add(y)` is
 * `add(x, y)`). Imported once by src/index.ts; the method types are declared
 * on the class in src/tensor.ts.
 */
import { Tensor } from "../tensor.js";
import type { DType } from "../dtype.js";
import * as ops from "./elementwise.js";
import type { UnaryOptions } from "./types.js";

const binary = [
  "add", "sub", "mul", "div", "pow", "mod", "maximum", "minimum", "equal", "notEqual", "less", "lessEqual",
  "greater", "greaterEqual", "logicalAnd", "logicalOr", "logicalXor",
] as const;
const unary = ["neg", "abs", "sign", "sqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "round"] as const;

const prototype = Tensor.prototype as unknown as Record<string, unknown>;
for (const name of binary) {
  const op = ops[name] as (a: unknown, b: unknown, options?: unknown) => Tensor;
  prototype[name] = function (this: Tensor, other: unknown, options?: unknown) {
    return op(this, other, options);
  };
}
for (const name of unary) {
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
