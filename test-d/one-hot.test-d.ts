/** oneHot: `[...S, depth]`, int32 or uint8 indices only, a bad literal depth with the runtime's message; generic code too. */
import { expectTypeOf } from "expect-type";
import { oneHot, tensor, zeros, type ErrorMessage, type OneHotShape, type Tensor } from "shapecast";

declare function expected<T>(): T;

const labels = zeros([2, 3], "int32");
expectTypeOf(oneHot(labels, 10)).toEqualTypeOf<Tensor<[2, 3, 10], "float32">>();
expectTypeOf(oneHot(zeros([4], "uint8"), 3, { dtype: "bool" })).toEqualTypeOf<Tensor<[4, 3], "bool">>();
expectTypeOf(oneHot(tensor(1, { dtype: "int32" }), 0)).toEqualTypeOf<Tensor<[0], "float32">>();
declare const depth: number;
expectTypeOf(oneHot(labels, depth)).toEqualTypeOf<Tensor<[2, 3, number], "float32">>();
expectTypeOf(oneHot(labels as Tensor<number[], "int32">, 5)).toEqualTypeOf<Tensor<number[], "float32">>();
// @ts-expect-error -- "oneHot: depth must be an integer from 0 to 2147483647, got -1"
oneHot(labels, -1);
// @ts-expect-error -- "oneHot: depth must be an integer from 0 to 2147483647, got 2.5"
oneHot(labels, 2.5);
// @ts-expect-error -- float32 indices: cast them first
oneHot(zeros([3]), 4);
// @ts-expect-error -- not a dtype
oneHot(labels, 4, { dtype: "int64" });
expectTypeOf<ErrorMessage<OneHotShape<[2], -1>>>().toEqualTypeOf<"oneHot: depth must be an integer from 0 to 2147483647, got -1">();

// generic code: indices of type parameters and a literal depth
function encode<B extends number, T extends number>(tokens: Tensor<[B, T], "int32">) {
  let encoded = oneHot(tokens, 512);
  encoded = expected<Tensor<[B, T, 512], "float32">>();
  const encoded2: Tensor<[B, T, 512], "float32"> = encoded;
  return encoded2;
}
expectTypeOf(encode(zeros([4, 7], "int32"))).toEqualTypeOf<Tensor<[4, 7, 512], "float32">>();
// a depth that is a type parameter is the axis (whether it is a count is the run time's to check)
function classify<B extends number, C extends number>(labels: Tensor<[B], "int32">, classes: C) {
  const hot = oneHot(labels, classes);
  expectTypeOf(hot).toEqualTypeOf<Tensor<[B, C], "float32">>();
  expectTypeOf(oneHot(labels, classes, { dtype: "int32" })).toEqualTypeOf<Tensor<[B, C], "int32">>();
  // a depth known only as a number is accepted
  let widened = oneHot(labels, classes as number);
  widened = expected<Tensor<[B, number], "float32">>();
  // a literal that is not a count is still an error beside type parameters
  // @ts-expect-error -- "oneHot: depth must be an integer from 0 to 2147483647, got 2.5"
  oneHot(labels, 2.5);
  return hot;
}
expectTypeOf(classify(zeros([3], "int32"), 4)).toEqualTypeOf<Tensor<[3, 4], "float32">>();
