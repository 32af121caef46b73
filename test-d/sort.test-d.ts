/** sort and argsort: the shape kept, the input's dtype or int32; the axis in the options checked; generic code too. */
import { expectTypeOf } from "expect-type";
import { argsort, sort, tensor, zeros, type ErrorMessage, type SortedOf, type Tensor } from "shapecast";

declare function expected<T>(): T;

const x = zeros([2, 3, 4]);
expectTypeOf(sort(x)).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(sort(zeros([5], "uint8"), { descending: true })).toEqualTypeOf<Tensor<[5], "uint8">>();
expectTypeOf(argsort(x, { axis: 0 })).toEqualTypeOf<Tensor<[2, 3, 4], "int32">>();
expectTypeOf(argsort(x, { axis: -3, descending: false })).toEqualTypeOf<Tensor<[2, 3, 4], "int32">>();
expectTypeOf(sort(x as Tensor<number[], "float32">, { axis: 2 })).toEqualTypeOf<Tensor<number[], "float32">>();
// @ts-expect-error -- "sort: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
sort(x, { axis: 3 });
// @ts-expect-error -- "argsort: axis -1 is out of range for a rank-0 tensor (it has no axes)"
argsort(tensor(1));
// @ts-expect-error -- not an option
sort(x, { order: "desc" });
expectTypeOf<ErrorMessage<SortedOf<"sort", [2, 3], -3>>>().toEqualTypeOf<"sort: axis -3 is out of range for a rank-2 tensor (use -2 to 1)">();

// generic code: the shape of type parameters is kept, a literal axis checked by position
function ranked<B extends number, T extends number>(scores: Tensor<[B, T], "float32">) {
  let order = argsort(scores, { axis: -1, descending: true });
  order = expected<Tensor<[B, T], "int32">>();
  const order2: Tensor<[B, T], "int32"> = order;
  let sorted = sort(scores, { axis: 0 });
  sorted = expected<Tensor<[B, T], "float32">>();
  const sorted2: Tensor<[B, T], "float32"> = sorted;
  // @ts-expect-error -- "sort: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"
  sort(scores, { axis: 2 });
  return [order2, sorted2] as const;
}
expectTypeOf(ranked(zeros([4, 7]))).toEqualTypeOf<readonly [Tensor<[4, 7], "int32">, Tensor<[4, 7], "float32">]>();
