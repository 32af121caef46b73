/**
 * A plain number next to an integer tensor computes in that tensor's dtype: a literal that does
 * not fit it is a compile error with the runtime's message (test/ops/integers.test.ts throws the
 * same text), also on shapes with type parameters; fractions, and every number in division, fit.
 */
import { expectTypeOf } from "expect-type";
import { add, div, less, mul, sub, zeros, type DType, type ScalarRangeProblem, type Shape, type Tensor } from "shapecast";

const u8 = zeros([2], "uint8");
const i32 = zeros([2], "int32");
const flags = zeros([2], "bool");

expectTypeOf<ScalarRangeProblem<"less", "b", 300, "uint8", "a">>().toEqualTypeOf<
  'less: b = 300 does not fit uint8 (0 to 255), the dtype this op computes in; cast a to a wider dtype first, e.g. a.cast("int32")'
>();
expectTypeOf<ScalarRangeProblem<"add", "b", 2147483648, "int32", "a">>().toEqualTypeOf<
  'add: b = 2147483648 does not fit int32 (-2147483648 to 2147483647), the dtype this op computes in; cast a to a wider dtype first, e.g. a.cast("float64")'
>();
expectTypeOf<ScalarRangeProblem<"add", "b", 2147483647, "int32", "a">>().toEqualTypeOf<never>();
expectTypeOf<ScalarRangeProblem<"add", "b", -2147483648, "int32", "a">>().toEqualTypeOf<never>();
expectTypeOf<ScalarRangeProblem<"add", "b", 255, "uint8", "a">>().toEqualTypeOf<never>();

// @ts-expect-error -- "less: b = 300 does not fit uint8 (0 to 255), the dtype this op computes in; cast a to a wider dtype first, e.g. a.cast(\"int32\")"
less(u8, 300);
// @ts-expect-error -- "add: a = -1 does not fit uint8 (0 to 255), ...; cast b to a wider dtype first, e.g. b.cast(\"int32\")"
add(-1, u8);
// @ts-expect-error -- "sub: b = 256 does not fit uint8 (0 to 255), ..."
u8.sub(256);
// @ts-expect-error -- "mul: b = 1e+21 does not fit int32 (-2147483648 to 2147483647), ...; e.g. a.cast(\"float64\")"
mul(flags, 1e21);
// @ts-expect-error -- "add: b = 2147483648 does not fit int32 (-2147483648 to 2147483647), ..."
add(i32, 2147483648);

// what fits: the ranges' edges, fractions (computed in float32), division (in float32), float tensors
expectTypeOf(add(u8, 255)).toEqualTypeOf<Tensor<[2], "uint8">>();
expectTypeOf(add(u8, 0.5)).toEqualTypeOf<Tensor<[2], "float32">>();
expectTypeOf(div(u8, -1)).toEqualTypeOf<Tensor<[2], "float32">>();
expectTypeOf(add(i32, -2147483648)).toEqualTypeOf<Tensor<[2], "int32">>();
expectTypeOf(mul(flags, 300)).toEqualTypeOf<Tensor<[2], "int32">>();
expectTypeOf(add(zeros([2]), 1e30)).toEqualTypeOf<Tensor<[2], "float32">>();
declare const n: number;
expectTypeOf(add(u8, n)).toEqualTypeOf<Tensor<[2], "uint8" | "float32">>();
declare const unknownDType: Tensor<[2, 3]>;
expectTypeOf(add(unknownDType, 300).shape).toEqualTypeOf<[2, 3]>();

// generic code: a shape with a type parameter is checked the same way; a float dtype
// parameter takes any number; an unconstrained dtype parameter may be uint8, so it cannot decide
function shift<B extends number>(x: Tensor<[B, 3], "uint8">) {
  const fits = add(x, 200);
  // @ts-expect-error -- "add: b = 300 does not fit uint8 (0 to 255), ..."
  add(x, 300);
  return fits;
}
function negate<S extends Shape, D extends "float32" | "float64">(x: Tensor<S, D>) {
  return mul(x, -1);
}
function negateAny<S extends Shape, D extends DType>(x: Tensor<S, D>) {
  // @ts-expect-error -- ScalarChecked<"mul: the compiler cannot decide whether the number fits the dtype the op computes in (the tensor's dtype is a type parameter); ...">
  return mul(x, -1);
}
export { negate, negateAny, shift };
