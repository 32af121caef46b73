/**
 * `x.T`: the axes reversed, typed `Transposed<typeof x>`, a Tensor of the reversed shape that
 * assigns and passes as one, in concrete and in generic code, without loosening the exact-size
 * checks of `Tensor`.
 */
import { expectType, expectAssignable, expectNotAssignable } from "tsd";
import { add, concat, matmul, zeros, type Dim, type Tensor, type Transposed } from "shapecast";

declare const x: Tensor<[2, 3, 4], "float32">;
expectType<Transposed<Tensor<[2, 3, 4], "float32">>>(x.T);
expectType<[4, 3, 2]>(x.T.shape);
expectType<"float32">(x.T.dtype);
expectAssignable<Tensor<[4, 3, 2], "float32">>(x.T);
expectNotAssignable<Tensor<[2, 3, 4], "float32">>(x.T);
expectNotAssignable<Tensor<[4, 3, 2], "int32">>(x.T);
expectType<[2, 3, 4]>(x.T.T.shape);
// ops take it as the tensor it is
expectType<Tensor<[4, 3, 2], "float32">>(add(x.T, zeros([2])));
declare const w: Tensor<[5, 3], "float32">;
expectType<Tensor<[5, 5], "float32">>(matmul(w, w.T));
expectType<Tensor<[3, 3], "float32">>(w.T.matmul(w));
// a vector and a scalar keep their shapes; unknown ranks stay unknown
expectType<[7]>(zeros([7]).T.shape);
expectType<[]>(zeros([]).T.shape);
declare const anyRank: Tensor<number[], "float32">;
expectType<number[]>(anyRank.T.shape);
declare const named: Tensor<[Dim<"batch">, 8], "float32">;
expectType<[8, Dim<"batch">]>(named.T.shape);

// generic code: the reversed type parameters, and every Tensor still assignable to Tensor
function gram<B extends number, N extends number>(a: Tensor<[B, N], "float32">): Tensor<[B, B], "float32"> {
  const t: Tensor<[N, B], "float32"> = a.T;
  return matmul(a, t);
}
expectType<Tensor<[6, 6], "float32">>(gram(zeros([6, 4])));
function anyShape<const S extends readonly number[]>(a: Tensor<[...S], "float32">): Tensor {
  const widened: Tensor = a;
  return widened.T;
}
anyShape(x);
function joined<B extends number, C extends number>(a: Tensor<[B, C], "float32">) {
  return concat([a, a], 0);
}
expectType<Tensor<[6, 4], "float32">>(joined(zeros([3, 4])));

// the exact-size guard still holds: a union dim is not an assignment target for one size
declare const exact: Tensor<[2, 3], "float32">;
expectNotAssignable<Tensor<[2, 3 | 4], "float32">>(exact);
expectNotAssignable<Tensor<[3 | 4, 2], "float32">>(exact.T);
