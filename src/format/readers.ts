/**
 * `Tensor` as the package exports it: the class of src/tensor.ts, given the readers its
 * statics `Tensor.fromJSON` and `Tensor.from` call (./serialize.ts's checks of a JSON form
 * and of a structured clone). The package entry exports this binding, so a program that
 * names `Tensor` has them, and a bundle that only makes and combines tensors (`tensor`,
 * `add`, ...) leaves them out. `toJSON()` stays part of the class: JSON.stringify calls it
 * on any tensor.
 */
import type { DType } from "../dtype.js";
import { Tensor as TensorClass, tensorReaders } from "../tensor.js";
import type { Shape } from "../../types/index.js";
import { partsFromClone, partsFromJSON } from "./serialize.js";

function withReaders(tensorClass: typeof TensorClass): typeof TensorClass {
  tensorReaders.fromJSON = partsFromJSON;
  tensorReaders.from = partsFromClone;
  return tensorClass;
}

/**
 * `Tensor<Shape, DType>`: a typed array read through a shape, strides and an offset; the
 * class of every tensor (see src/tensor.ts). Create tensors with `tensor`, `zeros`, ...;
 * `Tensor.fromJSON` and `Tensor.from` read them back.
 */
export const Tensor: typeof TensorClass = /* @__PURE__ */ withReaders(TensorClass);
/** `Tensor<Shape, DType>`: the tensor type (see src/tensor.ts). */
export type Tensor<S extends Shape = Shape, D extends DType = DType> = TensorClass<S, D>;
