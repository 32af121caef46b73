/** repeat: each element along an axis repeated (np.repeat); counts, lists of counts, no axis (flattened); generic code by position. */
import { expectTypeOf } from "expect-type";
import { repeat, tensor, zeros, type Dim, type ErrorMessage, type FlatRepeated, type Plus, type RepeatedShape, type RepeatedSize, type Tensor, type Times } from "shapecast";

declare function expected<T>(): T;

// literal sizes: the axis grows by the count, the dtype is kept
expectTypeOf(repeat(zeros([2, 3]), 2, 1)).toEqualTypeOf<Tensor<[2, 6], "float32">>();
expectTypeOf(repeat(zeros([2, 3], "int32"), 3, 0)).toEqualTypeOf<Tensor<[6, 3], "int32">>();
expectTypeOf(repeat(zeros([2, 3, 4], "bool"), 2, -1)).toEqualTypeOf<Tensor<[2, 3, 8], "bool">>();
expectTypeOf(repeat(zeros([2, 3]), 0, -2)).toEqualTypeOf<Tensor<[0, 3], "float32">>();
expectTypeOf(repeat(zeros([2, 3]), 1, 1)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
// one count per element: the axis is their sum; a list of one count stands for every element
expectTypeOf(repeat(zeros([2, 3]), [1, 0, 2], 1)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(repeat(zeros([2, 3]), [4, 1], 0)).toEqualTypeOf<Tensor<[5, 3], "float32">>();
expectTypeOf(repeat(zeros([2, 3]), [3], 1)).toEqualTypeOf<Tensor<[2, 9], "float32">>();
// no axis: flattened first; a scalar is [1]
expectTypeOf(repeat(zeros([2, 3]), 2)).toEqualTypeOf<Tensor<[12], "float32">>();
expectTypeOf(repeat(zeros([2, 2]), [1, 2, 0, 1])).toEqualTypeOf<Tensor<[4], "float32">>();
expectTypeOf(repeat(tensor(5), 3)).toEqualTypeOf<Tensor<[3], "float32">>();
expectTypeOf(repeat(tensor(5), 3, -1)).toEqualTypeOf<Tensor<[3], "float32">>();
// the method form
expectTypeOf(zeros([2, 3]).repeat(2, 1)).toEqualTypeOf<Tensor<[2, 6], "float32">>();
expectTypeOf(zeros([4]).repeat([1, 1, 1, 2])).toEqualTypeOf<Tensor<[5], "float32">>();
// sizes known at run time: a count of 1 keeps a Dim, other counts give number; an unknown count or axis too
declare const n: Dim<"n">;
expectTypeOf(repeat(zeros([2, n]), 1, 1)).toEqualTypeOf<Tensor<[2, Dim<"n">], "float32">>();
expectTypeOf(repeat(zeros([2, n]), 2, 1)).toEqualTypeOf<Tensor<[2, number], "float32">>();
expectTypeOf(repeat(zeros([2, n]), 2, 0)).toEqualTypeOf<Tensor<[4, Dim<"n">], "float32">>();
expectTypeOf(repeat(zeros([2, n]), [1, 2], 1)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
declare const count: number;
declare const axis: number;
declare const counts: number[];
expectTypeOf(repeat(zeros([2, 3]), count, 1)).toEqualTypeOf<Tensor<[2, number], "float32">>();
expectTypeOf(repeat(zeros([2, 3]), counts, 0)).toEqualTypeOf<Tensor<[number, 3], "float32">>();
expectTypeOf(repeat(zeros([2, 3]), 2, axis)).toEqualTypeOf<Tensor<[number, number], "float32">>();
expectTypeOf(repeat(zeros([2, 3]) as Tensor<number[], "float32">, 2, 0)).toEqualTypeOf<Tensor<number[], "float32">>();
expectTypeOf(repeat(zeros([2, 3]) as Tensor<number[], "float32">, 2)).toEqualTypeOf<Tensor<[number], "float32">>();

// errors, with the runtime's messages
// @ts-expect-error -- "repeat: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"
repeat(zeros([2, 3]), 2, 2);
// @ts-expect-error -- "repeat: axis -3 is out of range for a rank-2 tensor (use -2 to 1)"
repeat(zeros([2, 3]), 2, -3);
// @ts-expect-error -- "repeat: axis 1 is out of range for a rank-1 tensor (use -1 to 0)" (a scalar is [1])
repeat(tensor(5), 2, 1);
// @ts-expect-error -- "repeat: repeats must be a non-negative integer, got number -1"
repeat(zeros([2, 3]), -1, 0);
// @ts-expect-error -- "repeat: repeats must be a non-negative integer, got number 1.5"
repeat(zeros([2, 3]), 1.5);
// @ts-expect-error -- "repeat: repeats[1] must be a non-negative integer, got number -2"
repeat(zeros([2, 3]), [1, -2, 1], 1);
// @ts-expect-error -- "repeat: repeats has 2 entries for axis 1 of size 3 (one per element, or one for all); cannot repeat [2, 3]"
repeat(zeros([2, 3]), [1, 2], 1);
// @ts-expect-error -- "repeat: repeats has 3 entries for the flattened tensor of size 6 (one per element, or one for all); cannot repeat [2, 3]"
repeat(zeros([2, 3]), [1, 2, 3]);
// @ts-expect-error -- the method form checks the axis too
zeros([2, 3]).repeat(2, 5);
expectTypeOf<ErrorMessage<RepeatedShape<[2, 3], -1, 0>>>().toEqualTypeOf<"repeat: repeats must be a non-negative integer, got number -1">();
expectTypeOf<RepeatedShape<[2, 3], [1, 0, 2], -1>>().toEqualTypeOf<[2, 3]>();

// generic code: the axis is found by position, its size named by its computation
function upsample<B extends number, T extends number, D extends number>(x: Tensor<[B, T, D], "float32">) {
  let twice = repeat(x, 2, 1);
  twice = expected<Tensor<[B, Times<T, 2>, D], "float32">>();
  let last = x.repeat(3, -1);
  last = expected<Tensor<[B, T, Times<D, 3>], "float32">>();
  let same = repeat(x, 1, 0);
  same = expected<Tensor<[B, T, D], "float32">>();
  let none = repeat(x, 0, -2);
  none = expected<Tensor<[B, 0, D], "float32">>();
  let one = repeat(x, [4], 1);
  one = expected<Tensor<[B, Times<T, 4>, D], "float32">>();
  return [twice, last, same, none, one] as const;
}
expectTypeOf(upsample(zeros([2, 3, 4]))).toEqualTypeOf<
  readonly [Tensor<[2, 6, 4], "float32">, Tensor<[2, 3, 12], "float32">, Tensor<[2, 3, 4], "float32">, Tensor<[2, 0, 4], "float32">, Tensor<[2, 12, 4], "float32">]
>();
// repeated tensors of one computation fit each other
function pairs<T extends number>(a: Tensor<[T], "float32">, b: Tensor<[T], "int32">) {
  let both = repeat(a, 2, 0).add(repeat(b, 2, 0));
  both = expected<Tensor<[Times<T, 2>], "float32">>();
  let flat = repeat(a, 2);
  flat = expected<Tensor<[Times<T, 2>], "float32">>();
  return both;
}
expectTypeOf(pairs(zeros([3]), zeros([3], "int32"))).toEqualTypeOf<Tensor<[6], "float32">>();
// counts that are type parameters: the axis named by its computation, the counts checked at run time
function grouped<B extends number, KV extends number, T extends number, G extends number>(k: Tensor<[B, KV, T, 64], "float32">, groups: G) {
  let heads = repeat(k, groups, 1);
  heads = expected<Tensor<[B, RepeatedSize<KV, G>, T, 64], "float32">>();
  let last = k.repeat([groups], -1);
  last = expected<Tensor<[B, KV, T, RepeatedSize<64, G>], "float32">>();
  let flat = repeat(k, groups);
  flat = expected<Tensor<[FlatRepeated<[B, KV, T, 64], G>], "float32">>();
  return [heads, last, flat] as const;
}
expectTypeOf(grouped(zeros([2, 2, 5, 64]), 4)).toEqualTypeOf<
  readonly [Tensor<[2, 8, 5, 64], "float32">, Tensor<[2, 2, 5, 256], "float32">, Tensor<[5120], "float32">]
>();
function perElement<B extends number, S extends number, U extends number>(x: Tensor<[B, 2], "float32">, s: S, u: U) {
  let each = repeat(x, [s, u], 1);
  each = expected<Tensor<[B, Plus<S, U>], "float32">>();
  let mixed = repeat(x, [2, u], -1);
  mixed = expected<Tensor<[B, Plus<2, U>], "float32">>();
  // @ts-expect-error -- "repeat: repeats has 3 entries for axis 1 of size 2 (one per element, or one for all); cannot repeat [B, 2]"
  repeat(x, [s, u, s], 1);
  // @ts-expect-error -- "repeat: repeats[0] must be a non-negative integer, got number -1"
  repeat(x, [-1, u], 1);
  return [each, mixed] as const;
}
expectTypeOf(perElement(zeros([3, 2]), 1, 4)).toEqualTypeOf<readonly [Tensor<[3, 5], "float32">, Tensor<[3, 6], "float32">]>();
function outOfRange<B extends number, T extends number>(x: Tensor<[B, T], "float32">) {
  // @ts-expect-error -- "repeat: axis 2 is out of range for a rank-2 tensor (use -2 to 1)", whatever B and T are
  repeat(x, 2, 2);
  // @ts-expect-error -- "repeat: repeats must be a non-negative integer, got number -1"
  repeat(x, -1, 1);
  // @ts-expect-error -- a list of counts on a type parameter's axis is undecided (RepeatChecked)
  return repeat(x, [1, 2], 1);
}
outOfRange(zeros([2, 2]));
