/**
 * Slices of an axis whose size is a type parameter, with literal bounds: the size a user would
 * write, from types/size.ts (`Minus<T, 1>` for `1:` and for `:-1`, `AtMost<T, 8>` for `:8`), so
 * the two halves of a next-token loss fit each other; a bound that is a type parameter gives
 * `SliceSize<...>`, named, never a raw conditional type. Concrete shapes keep their exact sizes.
 */
import { expectTypeOf } from "expect-type";
import { add, slice, softmaxCrossEntropy, zeros, type AtMost, type CeilDiv, type Minus, type SliceSize, type Tensor } from "shapecast";

function nextToken<B extends number, T extends number, V extends number>(logits: Tensor<[B, T, V], "float32">, ids: Tensor<[B, T], "int32">) {
  const predicted = slice(logits, null, { stop: -1 });
  const targets = slice(ids, null, { start: 1 });
  expectTypeOf(predicted).toEqualTypeOf<Tensor<[B, Minus<T, 1>, V], "float32">>();
  expectTypeOf(targets).toEqualTypeOf<Tensor<[B, Minus<T, 1>], "int32">>();
  return softmaxCrossEntropy(predicted, targets);
}
expectTypeOf(nextToken(zeros([2, 5, 7]), zeros([2, 5], "int32"))).toEqualTypeOf<Tensor<[], "float32">>();

function windows<T extends number, D extends number>(x: Tensor<[T, D], "float32">, t: T) {
  expectTypeOf(slice(x, { stop: 8 })).toEqualTypeOf<Tensor<[AtMost<T, 8>, D], "float32">>();
  expectTypeOf(slice(x, { start: -8 })).toEqualTypeOf<Tensor<[AtMost<T, 8>, D], "float32">>();
  expectTypeOf(slice(x, { start: 0 })).toEqualTypeOf<Tensor<[T, D], "float32">>();
  expectTypeOf(slice(x, { start: 2, stop: -1 })).toEqualTypeOf<Tensor<[Minus<T, 3>, D], "float32">>();
  expectTypeOf(slice(x, { step: 2 })).toEqualTypeOf<Tensor<[CeilDiv<T, 2>, D], "float32">>();
  expectTypeOf(slice(x, { start: 1, step: 2 })).toEqualTypeOf<Tensor<[CeilDiv<Minus<T, 1>, 2>, D], "float32">>();
  expectTypeOf(slice(x, { step: -1 })).toEqualTypeOf<Tensor<[T, D], "float32">>();
  // a bound that is a type parameter: named, and the other axis untouched
  expectTypeOf(slice(x, null, { stop: t })).toEqualTypeOf<Tensor<[T, SliceSize<D, { readonly stop: T }>], "float32">>();
  // the same slice twice fits itself
  expectTypeOf(add(slice(x, { start: 1 }), slice(x, { stop: -1 }))).toEqualTypeOf<Tensor<[Minus<T, 1>, D], "float32">>();
  // @ts-expect-error -- a slice one shorter does not fit the whole axis
  add(slice(x, { start: 1 }), x);
}

// concrete shapes: the formulas give the runtime's numbers
expectTypeOf(slice(zeros([10, 4]), { start: -3, stop: 5 })).toEqualTypeOf<Tensor<[0, 4], "float32">>();
expectTypeOf(slice(zeros([10, 4]), { start: -8, stop: 5 })).toEqualTypeOf<Tensor<[3, 4], "float32">>();
expectTypeOf(slice(zeros([10, 4]), { start: 8, stop: 2, step: -2 })).toEqualTypeOf<Tensor<[3, 4], "float32">>();
expectTypeOf(slice(zeros([10, 4]), { stop: -11, step: -1 })).toEqualTypeOf<Tensor<[10, 4], "float32">>();
expectTypeOf(slice(zeros([10, 4]), { start: 1, stop: 9, step: 2 })).toEqualTypeOf<Tensor<[4, 4], "float32">>();
export { nextToken, windows };
