/** cumsum and cumprod: the shape kept along an axis, flattened without one; sum's dtype rule; generic code too. */
import { expectTypeOf } from "expect-type";
import { cumprod, cumsum, tensor, zeros, type Dim, type ErrorMessage, type ScannedOf, type Tensor } from "shapecast";

declare function expected<T>(): T;

const x = zeros([2, 3, 4]);
expectTypeOf(cumsum(x, 1)).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(cumprod(x, -1, { exclusive: true, reverse: true })).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(cumsum(x)).toEqualTypeOf<Tensor<[24], "float32">>();
expectTypeOf(cumsum(x, undefined, { reverse: true })).toEqualTypeOf<Tensor<[24], "float32">>();
expectTypeOf(cumsum(tensor(5))).toEqualTypeOf<Tensor<[1], "float32">>();
expectTypeOf(cumsum(tensor([true, false]), 0)).toEqualTypeOf<Tensor<[2], "int32">>();
expectTypeOf(cumprod(zeros([3], "uint8"))).toEqualTypeOf<Tensor<[3], "int32">>();
expectTypeOf(cumsum(zeros([3], "float64"), 0)).toEqualTypeOf<Tensor<[3], "float64">>();
expectTypeOf(cumsum(zeros([2, 3]) as Tensor<number[], "float32">, 1)).toEqualTypeOf<Tensor<number[], "float32">>();
expectTypeOf(cumsum(zeros([2, 3]) as Tensor<number[], "float32">)).toEqualTypeOf<Tensor<[number], "float32">>();
declare const n: Tensor<[Dim<"n">, 3], "float32">;
expectTypeOf(cumsum(n, 0)).toEqualTypeOf<Tensor<[Dim<"n">, 3], "float32">>();
// @ts-expect-error -- "cumsum: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
cumsum(x, 3);
// @ts-expect-error -- "cumprod: axis -4 is out of range for a rank-3 tensor (use -3 to 2)"
cumprod(x, -4);
// @ts-expect-error -- "cumsum: axis 0 is out of range for a rank-0 tensor (it has no axes)"
cumsum(tensor(1), 0);
// @ts-expect-error -- not an option
cumsum(x, 0, { inclusive: true });
expectTypeOf<ErrorMessage<ScannedOf<"cumsum", [2, 3], 2>>>().toEqualTypeOf<"cumsum: axis 2 is out of range for a rank-2 tensor (use -2 to 1)">();
expectTypeOf<ScannedOf<"cumsum", [2, 3], -1>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<ScannedOf<"cumsum", [2, 3], undefined>>().toEqualTypeOf<[6]>();

// generic code: a literal axis, negative too, keeps the shape of type parameters
function running<B extends number, T extends number>(x: Tensor<[B, T], "float32">) {
  let totals = cumsum(x, -1);
  totals = expected<Tensor<[B, T], "float32">>();
  const totals2: Tensor<[B, T], "float32"> = totals;
  let products = cumprod(x, 0, { reverse: true });
  products = expected<Tensor<[B, T], "float32">>();
  const products2: Tensor<[B, T], "float32"> = products;
  return [totals2, products2] as const;
}
expectTypeOf(running(zeros([4, 7]))).toEqualTypeOf<readonly [Tensor<[4, 7], "float32">, Tensor<[4, 7], "float32">]>();
function positions<B extends number, T extends number>(mask: Tensor<[B, T], "bool">) {
  let index = cumsum(mask, 1, { exclusive: true });
  index = expected<Tensor<[B, T], "int32">>();
  return index;
}
expectTypeOf(positions(zeros([2, 5], "bool"))).toEqualTypeOf<Tensor<[2, 5], "int32">>();
function misfit<B extends number, T extends number>(x: Tensor<[B, T]>) {
  // @ts-expect-error -- "cumsum: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"
  return cumsum(x, 2);
}
misfit(zeros([2, 2]));
