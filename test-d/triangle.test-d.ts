/** tril and triu: the input's shape and dtype, rank 2 or more, an integer diagonal; generic code by structure (a causal mask). */
import { expectTypeOf } from "expect-type";
import { ones, tril, triu, where, zeros, type ErrorMessage, type Tensor, type TriangleShape } from "shapecast";

declare function expected<T>(): T;

expectTypeOf(tril(zeros([4, 4]))).toEqualTypeOf<Tensor<[4, 4], "float32">>();
expectTypeOf(triu(zeros([2, 3, 5], "int32"), 1)).toEqualTypeOf<Tensor<[2, 3, 5], "int32">>();
expectTypeOf(tril(ones([3, 3], "bool"), -1)).toEqualTypeOf<Tensor<[3, 3], "bool">>();
expectTypeOf(zeros([2, 6]).triu(-2)).toEqualTypeOf<Tensor<[2, 6], "float32">>();
declare const k: number;
expectTypeOf(tril(zeros([2, 2]), k)).toEqualTypeOf<Tensor<[2, 2], "float32">>();
expectTypeOf(tril(zeros([2, 2]) as Tensor<number[], "float32">)).toEqualTypeOf<Tensor<number[], "float32">>();
// @ts-expect-error -- "tril: x must have rank 2 or more (its last two axes are the matrices), got shape [5]"
tril(zeros([5]));
// @ts-expect-error -- "triu: x must have rank 2 or more (its last two axes are the matrices), got shape []"
triu(zeros([]));
// @ts-expect-error -- "tril: k must be an integer, got number 0.5"
tril(zeros([2, 2]), 0.5);
// @ts-expect-error -- the method form checks the rank too
zeros([3]).tril();
expectTypeOf<ErrorMessage<TriangleShape<"tril", [5]>>>().toEqualTypeOf<"tril: x must have rank 2 or more (its last two axes are the matrices), got shape [5]">();

// generic code: a causal mask over a sequence of any length, scores of any batch
function causal<B extends number, T extends number>(scores: Tensor<[B, T, T], "float32">, mask: Tensor<[T, T], "bool">) {
  let lower = tril(mask);
  lower = expected<Tensor<[T, T], "bool">>();
  let masked = where(lower, scores, -Infinity);
  masked = expected<Tensor<[B, T, T], "float32">>();
  let upper = scores.triu(1);
  upper = expected<Tensor<[B, T, T], "float32">>();
  return [masked, upper] as const;
}
expectTypeOf(causal(zeros([2, 4, 4]), ones([4, 4], "bool"))).toEqualTypeOf<readonly [Tensor<[2, 4, 4], "float32">, Tensor<[2, 4, 4], "float32">]>();
function batched<Batch extends number[], T extends number>(x: Tensor<[...Batch, T, T], "float32">) {
  let lower = tril(x);
  lower = expected<Tensor<[...Batch, T, T], "float32">>();
  return lower;
}
expectTypeOf(batched(zeros([3, 2, 2]))).toEqualTypeOf<Tensor<[3, 2, 2], "float32">>();
function vector<N extends number>(x: Tensor<[N], "float32">) {
  // @ts-expect-error -- rank 1 whatever N is
  return tril(x);
}
vector(zeros([3]));
