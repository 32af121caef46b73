/** zerosLike, onesLike, fullLike, clone: x's shape and dtype (or the dtype asked for), in generic code too. */
import { expectTypeOf } from "expect-type";
import { clone, fullLike, onesLike, transpose, zeros, zerosLike, type Tensor } from "shapecast";

const x = zeros([2, 3], "int32");
expectTypeOf(zerosLike(x)).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(onesLike(x, { dtype: "float64" })).toEqualTypeOf<Tensor<[2, 3], "float64">>();
expectTypeOf(fullLike(x, 7)).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(fullLike(x, true, { dtype: "bool" })).toEqualTypeOf<Tensor<[2, 3], "bool">>();
expectTypeOf(clone(transpose(x))).toEqualTypeOf<Tensor<[3, 2], "int32">>();
expectTypeOf(clone(zeros([2], "uint8") as Tensor<number[], "uint8">)).toEqualTypeOf<Tensor<number[], "uint8">>();
// @ts-expect-error -- not a dtype
zerosLike(x, { dtype: "int64" });
// @ts-expect-error -- the value is a number or a boolean
fullLike(x, "1");
// @ts-expect-error -- x is a tensor
clone([1, 2]);

// generic code: the shape is kept as written
function fresh<B extends number, D extends number>(h: Tensor<[B, D], "float32">) {
  const state: Tensor<[B, D], "float32"> = zerosLike(h);
  const mask: Tensor<[B, D], "bool"> = onesLike(h, { dtype: "bool" });
  const copy: Tensor<[B, D], "float32"> = clone(h);
  return { state, mask, copy, filled: fullLike(h, -1) };
}
expectTypeOf(fresh(zeros([4, 8])).filled).toEqualTypeOf<Tensor<[4, 8], "float32">>();
