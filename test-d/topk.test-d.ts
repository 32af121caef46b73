/** topk: the axis of size k, values in x's dtype and int32 positions; a k too large is a compile error; generic code too. */
import { expectTypeOf } from "expect-type";
import { tensor, topk, zeros, type Dim, type ErrorMessage, type Tensor, type TopKShape } from "shapecast";

declare function expected<T>(): T;

const logits = zeros([2, 10]);
expectTypeOf(topk(logits, 3)).toEqualTypeOf<{ values: Tensor<[2, 3], "float32">; indices: Tensor<[2, 3], "int32"> }>();
expectTypeOf(topk(logits, 1, { axis: 0 }).values).toEqualTypeOf<Tensor<[1, 10], "float32">>();
expectTypeOf(topk(zeros([4], "int32"), 4).values).toEqualTypeOf<Tensor<[4], "int32">>();
declare const k: number;
expectTypeOf(topk(logits, k).indices).toEqualTypeOf<Tensor<[2, number], "int32">>();
declare const dynamic: Tensor<[2, Dim<"vocab">], "float32">;
expectTypeOf(topk(dynamic, 5).values).toEqualTypeOf<Tensor<[2, 5], "float32">>();
// @ts-expect-error -- "topk: k = 11 is larger than axis 1 of size 10 (shape [2, 10])"
topk(logits, 11);
// @ts-expect-error -- "topk: k = 3 is larger than axis 0 of size 2 (shape [2, 10])"
topk(logits, 3, { axis: -2 });
// @ts-expect-error -- "topk: k must be an integer from 0 to 2147483647, got -1"
topk(logits, -1);
// @ts-expect-error -- "topk: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"
topk(logits, 1, { axis: 2 });
// @ts-expect-error -- "topk: axis -1 is out of range for a rank-0 tensor (it has no axes)"
topk(tensor(1), 1);
expectTypeOf<ErrorMessage<TopKShape<[2, 10], 11, -1>>>().toEqualTypeOf<"topk: k = 11 is larger than axis 1 of size 10 (shape [2, 10])">();
expectTypeOf<TopKShape<[2, 50000], 40, -1>>().toEqualTypeOf<[2, 40]>();

// generic code: a literal axis size or a number k decides; against a size that is a type parameter the runtime checks k
function best<B extends number>(scores: Tensor<[B, 10], "float32">) {
  let top = topk(scores, 3).values;
  top = expected<Tensor<[B, 3], "float32">>();
  const top2: Tensor<[B, 3], "float32"> = top;
  return top2;
}
expectTypeOf(best(zeros([4, 10]))).toEqualTypeOf<Tensor<[4, 3], "float32">>();
function undecided<B extends number, V extends number>(scores: Tensor<[B, V], "float32">) {
  // against a size that is a type parameter the runtime checks k, as it checks a window
  let three = topk(scores, 3).values;
  three = expected<Tensor<[B, 3], "float32">>();
  const three2: Tensor<[B, 3], "float32"> = three;
  // a k that is no count is still an error
  // @ts-expect-error -- "topk: k must be an integer from 0 to 2147483647, got -1"
  topk(scores, -1);
  let top = topk(scores, 3 as number, { axis: 1 }).indices;
  top = expected<Tensor<[B, number], "int32">>();
  return [top, three2] as const;
}
undecided(zeros([2, 8]));
