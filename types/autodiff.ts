/**
 * The types of reverse-mode autodiff (src/autodiff/grad.ts): parameter trees,
 * the scalar a loss must be, and what `valueAndGrad` and `vjp` give. A
 * gradient has exactly the type of what it is the gradient of.
 */
import type { AnyTensor, TensorBrand } from "../src/tensor.js";
import type { DType } from "./dtype.js";

/** The dtypes a gradient is taken in. */
export type GradDType = "float32" | "float64";

/** A tensor that may hold floats, as a parameter: any shape, a dtype that includes float32 or float64 (`Tensor<[2, 3]>` is any dtype). */
export type ParamTensor = AnyTensor<readonly number[], DType>;

/** What a tensor of integer or bool dtype must become to be a parameter: float32 or float64. */
export type FloatParam = AnyTensor<readonly number[], GradDType>;

/** A node below the root of a parameter tree: a tensor that may hold floats, or an array, tuple or record of nodes. */
export type ParamNode<V> = V extends TensorBrand<infer D>
  ? Extract<D, GradDType> extends never
    ? FloatParam
    : ParamTensor
  : V extends readonly unknown[]
    ? { readonly [K in keyof V]: ParamNode<V[K]> }
    : V extends object
      ? { readonly [K in keyof V]: ParamNode<V[K]> }
      : ParamTensor;

/**
 * `P` checked as a parameter tree: tensors, and arrays, tuples, records and interfaces
 * of them, nested as you like. Used as `P extends ParamTree<P>`: a tensor inside the
 * tree whose dtype can only be an integer or bool one is a compile error at the call.
 * (A single tensor as the whole tree is checked at run time: a condition on `P` itself
 * would make the constraint circular.)
 */
export type ParamTree<P> = ParamTensor | { readonly [K in keyof P]: ParamNode<P[K]> };

/**
 * What a function under `grad` returns: a tensor of shape `[]` (reduce a batch of
 * losses first, e.g. with `mean`). Its dtype is checked at run time (float32 or
 * float64), as a tensor typed `Tensor<[2, 3]>` has a dtype of any of them.
 */
export type ScalarLoss = AnyTensor<readonly [], DType>;

/** The gradient of a tree: the same tree, every tensor of the same shape and dtype. */
export type GradOf<P> = P;

/** What `valueAndGrad(f)(params)` gives. */
export interface ValueAndGrad<P, L> {
  readonly value: L;
  readonly grads: GradOf<P>;
}

/** What `vjp(f, primals)` gives: the value, and the pullback of a cotangent shaped as the value. */
export interface Vjp<P, R> {
  readonly value: R;
  vjp(cotangent: R): GradOf<P>;
}
