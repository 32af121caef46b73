/** Option objects of the element-wise ops. */
import type { BroadcastSpec } from "../../types/index.js";
import type { Tensor } from "../tensor.js";

/** A broadcast spec (numpy by default) plus an optional output tensor. */
export type ElementwiseOptions = (BroadcastSpec | { readonly mode?: undefined }) & { readonly out?: Tensor };

export interface UnaryOptions {
  readonly out?: Tensor;
}
