/**
 * The types of ONNX export (src/onnx/): the inputs an export is traced on and
 * the tensors they stand for, what an exported function may return, and the
 * runner `onnxSession` gives. The runtime twin of `OnnxInputTensor` is
 * `checkInputSpec` in src/onnx/spec.ts, with the messages written there.
 */
import type { AnyTensor, Tensor } from "../src/tensor.js";
import type { DType } from "./dtype.js";
import type { Dim } from "./shape.js";

/**
 * A size in an input spec: a number is a fixed size, a name (`"batch"`) a
 * symbolic size the graph keeps as `dim_param` (typed `Dim<"batch">`), and
 * `null` a symbolic size without a name (typed `number`).
 */
export type OnnxSize = number | string | null;

/** An input described by its shape and dtype (float32 when omitted). */
export interface OnnxInputSpec {
  readonly shape: readonly OnnxSize[];
  readonly dtype?: DType | undefined;
}

/** An input of an export: a spec, or an example tensor (its shape fixed). */
export type OnnxInput = OnnxInputSpec | AnyTensor;

/** The shape a spec stands for: names become `Dim<name>`, `null` becomes `number`. */
export type OnnxSpecShape<S extends readonly OnnxSize[]> =
  S extends readonly [infer Size, ...infer Rest extends readonly OnnxSize[]] ? [OnnxSpecSize<Size>, ...OnnxSpecShape<Rest>]
  : S extends readonly [] ? []
  : number[];

/**
 * One size of a spec as a shape's size: a name is `Dim<name>`, `null` (or a wide `number`) is `number`.
 * (`null` is tested both ways: without strictNullChecks it is assignable to every type.)
 */
export type OnnxSpecSize<Size> =
  [Size] extends [null] ? ([null] extends [Size] ? number : OnnxSizeOf<Size>) : OnnxSizeOf<Size>;

type OnnxSizeOf<Size> = Size extends string ? Dim<Size> : Size extends number ? Size : number;

/** The tensor an input stands for, as the traced function receives it. */
export type OnnxInputTensor<I> =
  I extends AnyTensor ? I
  : I extends { readonly shape: infer S extends readonly OnnxSize[]; readonly dtype: infer D extends DType } ? Tensor<OnnxSpecShape<S>, D>
  : I extends { readonly shape: infer S extends readonly OnnxSize[] } ? Tensor<OnnxSpecShape<S>, "float32">
  : never;

/** The tensors a list of inputs stands for, one per input. */
export type OnnxInputTensors<I extends readonly OnnxInput[]> = { -readonly [K in keyof I]: OnnxInputTensor<I[K]> };

/** What an exported function returns: a tensor, a tuple or array of them (several outputs), or a record of them (outputs named by key). */
export type OnnxOutputs = AnyTensor | readonly AnyTensor[] | { readonly [name: string]: AnyTensor };

/** A runner on ONNX Runtime: the function's own arguments and results, asynchronously. */
export type OnnxRunner<A extends readonly unknown[], R> = (...args: A) => Promise<R>;
