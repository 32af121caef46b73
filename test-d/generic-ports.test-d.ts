/**
 * Generic model code as a port from PyTorch writes it, on the paths that test a tensor as a
 * whole (its dtype, an index tensor's shape) rather than a size: an embedding lookup by
 * `gather`/`take` with index tensors of type-parameter shapes, `where` and arithmetic with a
 * plain number on either side keeping the tensor's dtype, a causal mask by `tril`, and
 * `arange` of a sequence length that is a type parameter.
 */
import { expectTypeOf } from "expect-type";
import { add, arange, div, gather, mul, ones, softmax, sub, take, tril, where, zeros, type CeilDiv, type Minus, type Tensor } from "shapecast";

declare function expected<T>(): T;

// token and position embeddings, then a causal mask over the scores (a GPT-style block's start)
function embed<V extends number, B extends number, T extends number, D extends number>(
  tokens: Tensor<[V, D], "float32">,
  positions: Tensor<[T, D], "float32">,
  ids: Tensor<[B, T], "int32">,
) {
  let looked = gather(tokens, ids, 0);
  looked = expected<Tensor<[B, T, D], "float32">>();
  let x = add(looked, positions);
  x = expected<Tensor<[B, T, D], "float32">>();
  let flat = take(tokens, ids);
  flat = expected<Tensor<[B, T], "float32">>();
  return [x, flat] as const;
}
expectTypeOf(embed(zeros([50, 8]), zeros([4, 8]), zeros([2, 4], "int32"))).toEqualTypeOf<readonly [Tensor<[2, 4, 8], "float32">, Tensor<[2, 4], "float32">]>();

function masked<B extends number, T extends number>(scores: Tensor<[B, T, T], "float32">, mask: Tensor<[T, T], "bool">) {
  let filled = where(tril(mask), scores, -Infinity);
  filled = expected<Tensor<[B, T, T], "float32">>();
  let weights = softmax(filled, -1);
  weights = expected<Tensor<[B, T, T], "float32">>();
  let zeroed = where(mask, 0, scores);
  zeroed = expected<Tensor<[B, T, T], "float32">>();
  return [weights, zeroed] as const;
}
expectTypeOf(masked(zeros([2, 3, 3]), ones([3, 3], "bool"))).toEqualTypeOf<readonly [Tensor<[2, 3, 3], "float32">, Tensor<[2, 3, 3], "float32">]>();

// a number first: 1 - p, 1 / x, 2 * x, in the dtype the op computes in
function scaled<B extends number, C extends number>(p: Tensor<[B, C], "float32">, counts: Tensor<[B, C], "int32">) {
  let complement = sub(1, p);
  complement = expected<Tensor<[B, C], "float32">>();
  let inverse = div(1, counts);
  inverse = expected<Tensor<[B, C], "float32">>();
  let doubled = mul(2, counts);
  doubled = expected<Tensor<[B, C], "int32">>();
  let shifted = add(0.5, counts);
  shifted = expected<Tensor<[B, C], "float32">>();
  return [complement, inverse, doubled, shifted] as const;
}
expectTypeOf(scaled(zeros([2, 5]), zeros([2, 5], "int32"))).toEqualTypeOf<
  readonly [Tensor<[2, 5], "float32">, Tensor<[2, 5], "float32">, Tensor<[2, 5], "int32">, Tensor<[2, 5], "float32">]
>();

// positions 0..t-1 of a sequence length that is a type parameter, looked up in a table
function positionsOf<T extends number, D extends number>(t: T, table: Tensor<[1024, D], "float32">) {
  let steps = arange(t, { dtype: "int32" });
  steps = expected<Tensor<[T], "int32">>();
  let rows = gather(table, steps);
  rows = expected<Tensor<[T, D], "float32">>();
  let ramp = arange(t);
  ramp = expected<Tensor<[T], "float32">>();
  return [rows, ramp] as const;
}
expectTypeOf(positionsOf(6, zeros([1024, 8]))).toEqualTypeOf<readonly [Tensor<[6, 8], "float32">, Tensor<[6], "float32">]>();
expectTypeOf(arange(5)).toEqualTypeOf<Tensor<[5], "float32">>();
// with a start and a step: counted for integer literals, computed from a type parameter
expectTypeOf(arange(0, 64, 2)).toEqualTypeOf<Tensor<[32], "float32">>();
expectTypeOf(arange(10, 0, -3, { dtype: "int32" })).toEqualTypeOf<Tensor<[4], "int32">>();
expectTypeOf(arange(0, 1, 0.25)).toEqualTypeOf<Tensor<[number], "float32">>();
function rotary<T extends number>(t: T) {
  expectTypeOf(arange(1, t)).toEqualTypeOf<Tensor<[Minus<T, 1>], "float32">>();
  expectTypeOf(arange(0, t, 2)).toEqualTypeOf<Tensor<[CeilDiv<T, 2>], "float32">>();
  return arange(0, t, 1, { dtype: "int32" });
}
expectTypeOf(rotary(7)).toEqualTypeOf<Tensor<[7], "int32">>();
expectTypeOf(arange(-2)).toEqualTypeOf<Tensor<[0], "float32">>();
expectTypeOf(arange(2.5, { dtype: "int32" })).toEqualTypeOf<Tensor<[number], "int32">>();

// what stays an error: a number the dtype cannot hold, on either side; shapes that do not fit
function wrong<B extends number>(mask: Tensor<[B, 4], "bool">, x: Tensor<[B, 4], "int32">, y: Tensor<[B, 3], "float32">, small: Tensor<[B, 4], "uint8">) {
  // @ts-expect-error -- 300 is out of uint8's range
  mul(300, small);
  // @ts-expect-error -- 300 is out of uint8's range
  mul(small, 300);
  // @ts-expect-error -- [B, 4] with [B, 3]: axis 1 has 4 vs 3
  add(x, y);
  // @ts-expect-error -- the mask [B, 4] with the values [B, 3]
  where(mask, y, 0);
}
wrong(ones([2, 4], "bool"), zeros([2, 4], "int32"), zeros([2, 3]), zeros([2, 4], "uint8"));
