/** any and all: the reductions' shapes, a bool result, the reductions' messages; generic code too. */
import { expectTypeOf } from "expect-type";
import { all, any, tensor, zeros, type ErrorMessage, type ReducedOf, type Tensor } from "shapecast";

declare function expected<T>(): T;

const cube = zeros([2, 3, 4]);
expectTypeOf(any(cube)).toEqualTypeOf<Tensor<[], "bool">>();
expectTypeOf(all(cube, 1)).toEqualTypeOf<Tensor<[2, 4], "bool">>();
expectTypeOf(any(cube, -1, { keepDims: true })).toEqualTypeOf<Tensor<[2, 3, 1], "bool">>();
expectTypeOf(all(tensor([[1, 2]], { dtype: "int32" }), [0, -1])).toEqualTypeOf<Tensor<[], "bool">>();
expectTypeOf(any(tensor([true, false]), [])).toEqualTypeOf<Tensor<[2], "bool">>();
expectTypeOf(all(zeros([2, 3]) as Tensor<number[]>, 0)).toEqualTypeOf<Tensor<number[], "bool">>();
// @ts-expect-error -- "any: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
any(cube, 3);
// @ts-expect-error -- "all: axis[1] -4 is out of range for a rank-3 tensor (use -3 to 2)"
all(cube, [0, -4]);
expectTypeOf<ErrorMessage<ReducedOf<"all", [2, 3], -3, false>>>().toEqualTypeOf<"all: axis -3 is out of range for a rank-2 tensor (use -2 to 1)">();

// generic code: a literal axis, negative too, gives the exact shape
function masks<B extends number, T extends number>(x: Tensor<[B, T], "float32">) {
  let rows = any(x, -1);
  rows = expected<Tensor<[B], "bool">>();
  const rows2: Tensor<[B], "bool"> = rows;
  let columns = all(x, 0, { keepDims: true });
  columns = expected<Tensor<[1, T], "bool">>();
  const columns2: Tensor<[1, T], "bool"> = columns;
  return [rows2, columns2] as const;
}
expectTypeOf(masks(zeros([4, 7]))).toEqualTypeOf<readonly [Tensor<[4], "bool">, Tensor<[1, 7], "bool">]>();
function lastAxis<Rest extends number[], D extends number>(x: Tensor<[...Rest, D], "int32">) {
  let kept = any(x, -1, { keepDims: true });
  kept = expected<Tensor<[...Rest, 1], "bool">>();
  return kept;
}
expectTypeOf(lastAxis(zeros([2, 5], "int32"))).toEqualTypeOf<Tensor<[2, 1], "bool">>();
function misfit<B extends number>(x: Tensor<[B]>) {
  // @ts-expect-error -- "any: axis 1 is out of range for a rank-1 tensor (use -1 to 0)"
  return any(x, 1);
}
misfit(zeros([3]));
