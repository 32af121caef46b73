/**
 * `AnyTensor`, the constraint shapecast's signatures take a tensor by: it accepts every tensor
 * (a transposed one, one of a generic shape, every dtype) and nothing else, however alike.
 */
import { expectAssignable, expectNotAssignable, expectType } from "tsd";
import { reshape, zeros, type AnyTensor, type Tensor } from "shapecast";

declare function keep<X extends AnyTensor>(x: X): X;
declare const x: Tensor<[2, 3, 4], "int32">;
expectType<Tensor<[2, 3, 4], "int32">>(keep(x));
expectType<Tensor<[4, 3, 2], "int32">>(reshape(x.T, [4, 3, 2]));
expectAssignable<AnyTensor<[2, 3, 4], "int32">>(x);
expectAssignable<AnyTensor>(x.T);
expectNotAssignable<AnyTensor<[2, 3, 4], "float32">>(x);
expectNotAssignable<AnyTensor<[3, 2, 4]>>(x);

function generic<B extends number>(t: Tensor<[B, 8]>) {
  expectType<Tensor<[B, 8]>>(keep(t));
}
generic(zeros([5, 8]));

// an object with a tensor's shape and dtype is not a tensor: the brand is missing
expectNotAssignable<AnyTensor>({ shape: [2, 3], dtype: "float32" });
// @ts-expect-error -- a shape and a dtype, no brand
keep({ shape: [2, 3], dtype: "float32" });
// @ts-expect-error -- the same, given to an op
reshape({ shape: [2, 3], dtype: "float32" }, [6]);
// @ts-expect-error -- an array is not a tensor
keep([1, 2, 3]);
