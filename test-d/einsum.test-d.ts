/** einsum: the result shape read from the subscripts, arithmetic's dtype, each misfit's message at compile time; generic code too. */
import { expectTypeOf } from "expect-type";
import { einsum, zeros, type Dim, type EinsumShape, type ErrorMessage, type Tensor } from "shapecast";

declare function expected<T>(): T;

const a = zeros([8, 2, 3]);
const b = zeros([8, 3, 4]);
expectTypeOf(einsum("bij,bjk->bik", a, b)).toEqualTypeOf<Tensor<[8, 2, 4], "float32">>();
declare const q: Tensor<[8, 8, 128, 64], "float32">;
declare const k: Tensor<[8, 8, 100, 64], "float32">;
expectTypeOf(einsum("bhqd,bhkd->bhqk", q, k)).toEqualTypeOf<Tensor<[8, 8, 128, 100], "float32">>();
expectTypeOf(einsum("ij,jk,kl->il", zeros([2, 3]), zeros([3, 4]), zeros([4, 5], "float64"))).toEqualTypeOf<Tensor<[2, 5], "float64">>();
// implicit output: the letters seen once, in ASCII order (upper case first); "..." axes first
expectTypeOf(einsum("ij,jk", zeros([2, 3]), zeros([3, 4]))).toEqualTypeOf<Tensor<[2, 4], "float32">>();
expectTypeOf(einsum("ba", zeros([2, 3]))).toEqualTypeOf<Tensor<[3, 2], "float32">>();
expectTypeOf(einsum("bA", zeros([2, 3]))).toEqualTypeOf<Tensor<[3, 2], "float32">>();
expectTypeOf(einsum("aB,Ba", zeros([2, 3]), zeros([3, 2]))).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(einsum("...ij,...jk", zeros([5, 1, 2, 3]), zeros([4, 3, 6]))).toEqualTypeOf<Tensor<[5, 4, 2, 6], "float32">>();
// diagonals, sums, transposes, outer products
expectTypeOf(einsum("ii", zeros([3, 3]))).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(einsum("ii->i", zeros([3, 3], "int32"))).toEqualTypeOf<Tensor<[3], "int32">>();
expectTypeOf(einsum("ijk->j", zeros([2, 3, 4]))).toEqualTypeOf<Tensor<[3], "float32">>();
expectTypeOf(einsum("...ij->...ji", zeros([5, 6, 2, 3]))).toEqualTypeOf<Tensor<[5, 6, 3, 2], "float32">>();
expectTypeOf(einsum("i,j->ij", zeros([3], "uint8"), zeros([4], "uint8"))).toEqualTypeOf<Tensor<[3, 4], "uint8">>();
expectTypeOf(einsum("i,i", zeros([3], "bool"), zeros([3], "bool"))).toEqualTypeOf<Tensor<[], "int32">>();
expectTypeOf(einsum("i,i", zeros([3], "bool"), zeros([3], "uint8"))).toEqualTypeOf<Tensor<[], "uint8">>();
// sizes known at run time: number takes the other side's size, a Dim passes through
declare const rows: Tensor<[number, 3], "float32">;
declare const named: Tensor<[Dim<"batch">, 3], "float32">;
expectTypeOf(einsum("ij,jk->ik", rows, zeros([3, 4]))).toEqualTypeOf<Tensor<[number, 4], "float32">>();
expectTypeOf(einsum("ij,kj->ik", named, zeros([5, 3]))).toEqualTypeOf<Tensor<[Dim<"batch">, 5], "float32">>();
expectTypeOf(einsum("ij,ij->i", named, rows)).toEqualTypeOf<Tensor<[Dim<"batch">], "float32">>();
// subscripts that are a plain string, or an operand of unknown rank: an unknown shape, checked at run time
declare const subscripts: string;
expectTypeOf(einsum(subscripts, a, b)).toEqualTypeOf<Tensor<number[], "float32">>();
declare const dynamic: Tensor<number[], "float32">;
expectTypeOf(einsum("ij,jk->ik", dynamic, b)).toEqualTypeOf<Tensor<number[], "float32">>();

// misfits: the runtime's message, as the subscripts' parameter type
// @ts-expect-error -- "einsum: letter j has size 3 in operand 0 and 4 in operand 1 (subscripts \"bij,bjk->bik\")"
einsum("bij,bjk->bik", a, zeros([8, 4, 4]));
// the same misfit without "->", on a third operand, and on a diagonal (the planned common case must find each)
// @ts-expect-error -- "einsum: letter j has size 3 in operand 0 and 4 in operand 1 (subscripts \"ij,jk\")"
einsum("ij,jk", zeros([2, 3]), zeros([4, 5]));
// @ts-expect-error -- "einsum: letter k has size 4 in operand 1 and 5 in operand 2 (subscripts \"ij,jk,kl->il\")"
einsum("ij,jk,kl->il", zeros([2, 3]), zeros([3, 4]), zeros([5, 6]));
// @ts-expect-error -- "einsum: letter i has size 2 in operand 0 and 3 in operand 0 (subscripts \"ii->i\")"
einsum("ii->i", zeros([2, 3]));
expectTypeOf<ErrorMessage<EinsumShape<"ij,jk,kl->il", [[2, 3], [3, 4], [5, 6]]>>>().toEqualTypeOf<'einsum: letter k has size 4 in operand 1 and 5 in operand 2 (subscripts "ij,jk,kl->il")'>();
// @ts-expect-error -- "einsum: the subscripts \"ij,jk->ik\" name 2 operands but 1 was given"
einsum("ij,jk->ik", zeros([2, 3]));
// @ts-expect-error -- "einsum: operand 1 has rank 3 but its subscripts \"jk\" name 2 axes"
einsum("ij,jk->ik", zeros([2, 3]), zeros([3, 4, 5]));
// @ts-expect-error -- "einsum: output letter z is in no operand (subscripts \"ij->iz\")"
einsum("ij->iz", zeros([2, 3]));
// @ts-expect-error -- "einsum: output letter i appears more than once (subscripts \"ij->ii\")"
einsum("ij->ii", zeros([2, 3]));
// @ts-expect-error -- "einsum: bad character \"%\" in the subscripts ..."
einsum("i%", zeros([2, 3]));
// @ts-expect-error -- "einsum: the \"...\" axes [2] are missing from the output; ..."
einsum("...i->i", zeros([2, 3]));
// @ts-expect-error -- a Dim is equal only to itself: "einsum: letter j has size 3 in operand 0 and batch in operand 1 ..."
einsum("ij,jk->ik", zeros([2, 3]), named);
expectTypeOf<ErrorMessage<EinsumShape<"ij,jk->ik", [[2, 3], [4, 5]]>>>().toEqualTypeOf<'einsum: letter j has size 3 in operand 0 and 4 in operand 1 (subscripts "ij,jk->ik")'>();
expectTypeOf<ErrorMessage<EinsumShape<"ii", [[2, 3]]>>>().toEqualTypeOf<'einsum: letter i has size 2 in operand 0 and 3 in operand 0 (subscripts "ii")'>();
expectTypeOf<ErrorMessage<EinsumShape<"ij,jk->ik", [[2, 3], [3, 4, 5]]>>>().toEqualTypeOf<'einsum: operand 1 has rank 3 but its subscripts "jk" name 2 axes'>();
expectTypeOf<ErrorMessage<EinsumShape<"...ij", [[2]]>>>().toEqualTypeOf<'einsum: operand 0 has rank 1 but its subscripts "...ij" name at least 2 axes'>();
expectTypeOf<ErrorMessage<EinsumShape<"ij,jk->ik", [[2, 3]]>>>().toEqualTypeOf<'einsum: the subscripts "ij,jk->ik" name 2 operands but 1 was given'>();
expectTypeOf<ErrorMessage<EinsumShape<"i%", [[2, 3]]>>>().toEqualTypeOf<'einsum: bad character "%" in the subscripts "i%" (letters a-z and A-Z, "..." at most once per operand, "," between operands, "->" before the output)'>();
expectTypeOf<ErrorMessage<EinsumShape<"...i,...i", [[2, 3], [3, 3]]>>>().toEqualTypeOf<'einsum: the "..." axes of operand 1 do not broadcast with those before it: axis 0 has 2 vs 3 (subscripts "...i,...i")'>();
expectTypeOf<ErrorMessage<EinsumShape<"...i->i", [[2, 3]]>>>().toEqualTypeOf<'einsum: the "..." axes [2] are missing from the output; write "..." in it (subscripts "...i->i")'>();

// generic code: a letter bound to one type parameter on both sides decides; a type parameter against a literal does not
function batched<B extends number, I extends number, J extends number, K extends number>(x: Tensor<[B, I, J], "float32">, y: Tensor<[B, J, K], "float32">) {
  let product = einsum("bij,bjk->bik", x, y);
  product = expected<Tensor<[B, I, K], "float32">>();
  const product2: Tensor<[B, I, K], "float32"> = product;
  let summed = einsum("bij->j", x);
  summed = expected<Tensor<[J], "float32">>();
  const summed2: Tensor<[J], "float32"> = summed;
  let stacked = einsum("...ij,...jk->...ik", x, y);
  stacked = expected<Tensor<[B, I, K], "float32">>();
  const stacked2: Tensor<[B, I, K], "float32"> = stacked;
  return [product2, summed2, stacked2] as const;
}
expectTypeOf(batched(zeros([8, 2, 3]), zeros([8, 3, 4]))[0]).toEqualTypeOf<Tensor<[8, 2, 4], "float32">>();
function chained<B extends number, N extends number>(x: Tensor<[B, N, N], "float64">) {
  let product = einsum("bij,bjk,bkl->bil", x, x, x);
  product = expected<Tensor<[B, N, N], "float64">>();
  const product2: Tensor<[B, N, N], "float64"> = product;
  return product2;
}
expectTypeOf(chained(zeros([2, 3, 3], "float64"))).toEqualTypeOf<Tensor<[2, 3, 3], "float64">>();
function undecided<B extends number, J extends number>(x: Tensor<[B, J], "float32">) {
  // @ts-expect-error -- "einsum: the compiler cannot decide whether these sizes fit ..." (J against 3)
  einsum("ij,jk->ik", x, zeros([3, 4]));
  // @ts-expect-error -- two type parameters on one letter cannot be decided either
  return einsum("ij,ji->i", x, x);
}
undecided(zeros([2, 3]));
