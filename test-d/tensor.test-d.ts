/** Tensors at the type level: creation, element-wise ops and their dtypes, methods, views. */
import { expectTypeOf } from "expect-type";
import {
  add, arange, dot, flatten, type Flattened, argmax, assertShape, broadcastTo, dim, gather, pad, split, take, tile, cast, concat, div, stack, expandDims, eye, full, greater, matmul, max, mean, mul, ones, outer, permute, random, reshape,
  logicalAnd, logSoftmax, slice, softmax, sqrt, squeeze, std, sub, sum, variance,
  type ScalarDType, type Shape, type Tensor, tensor, transpose, where, zeros, type CheckedOperand, type ConcatShape, type Dim, type ErrorMessage, type MatMulShape, type NestedShape, type ReducedOf, type Reshape,
} from "shapecast";

// Creation: the shape is read off the literal, the dtype off the data or the options
expectTypeOf(tensor([[1, 2, 3], [4, 5, 6]])).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(tensor(5)).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(tensor([[true], [false]])).toEqualTypeOf<Tensor<[2, 1], "bool">>();
expectTypeOf(tensor([1, 2, 3, 4, 5, 6], [2, 3])).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(tensor(new Int32Array(6), [3, 2])).toEqualTypeOf<Tensor<[3, 2], "int32">>();
expectTypeOf(tensor([[1, 2]], { dtype: "float64" })).toEqualTypeOf<Tensor<[1, 2], "float64">>();
expectTypeOf(zeros([224, 224, 3])).toEqualTypeOf<Tensor<[224, 224, 3], "float32">>();
expectTypeOf(ones([2], "uint8")).toEqualTypeOf<Tensor<[2], "uint8">>();
expectTypeOf(full([2, 2], true)).toEqualTypeOf<Tensor<[2, 2], "bool">>();
expectTypeOf(arange(10)).toEqualTypeOf<Tensor<[10], "float32">>();
expectTypeOf(arange(0, 1, 0.1)).toEqualTypeOf<Tensor<[number], "float32">>();
expectTypeOf(eye(3)).toEqualTypeOf<Tensor<[3, 3], "float32">>();
expectTypeOf(random([4, 4], { seed: 1, dtype: "float64" })).toEqualTypeOf<Tensor<[4, 4], "float64">>();
// @ts-expect-error -- ragged: "tensor: ragged data: data[1] has 1 elements but data[0] has 2 (...)"
tensor([[1, 2], [3]]);
expectTypeOf<ErrorMessage<NestedShape<[[1, 2], [3]]>>>().toEqualTypeOf<
  "tensor: ragged data: data[1] has 1 elements but data[0] has 2 (every row of an axis must have the same length)"
>();
expectTypeOf<ErrorMessage<NestedShape<[[1, [2]]]>>>().toEqualTypeOf<"tensor: data[0][1] must be a number or a boolean, got an array">();

// Element-wise ops: broadcast shapes in every mode, promoted dtypes
const m = tensor([[1, 2, 3], [4, 5, 6]]);
const v = tensor([7, 8, 9]);
const i = tensor(new Int32Array(6), [2, 3]);
expectTypeOf(add(m, v)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(add(m, tensor([7, 8]), { mode: "xla", broadcastDimensions: [0] })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(add(zeros([2, 3, 4, 5]), tensor([[3], [4], [5]]), { mode: "pdpd", axis: 1 })).toEqualTypeOf<Tensor<[2, 3, 4, 5], "float32">>();
expectTypeOf(add(zeros([8, 1, 6, 1]), zeros([7, 1, 5]))).toEqualTypeOf<Tensor<[8, 7, 6, 5], "float32">>();
expectTypeOf(add(i, m)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(add(i, i)).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(mul(i, 2)).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(mul(i, 0.5)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
declare const n: number;
expectTypeOf(mul(i, n)).toEqualTypeOf<Tensor<[2, 3], "int32" | "float32">>();
// a number next to bool: an integer computes in int32, a fractional one in float32; a boolean stays bool
const flags = tensor([true, false]);
expectTypeOf(add(flags, 2)).toEqualTypeOf<Tensor<[2], "int32">>();
expectTypeOf(add(2, flags)).toEqualTypeOf<Tensor<[2], "int32">>();
expectTypeOf(flags.mul(3)).toEqualTypeOf<Tensor<[2], "int32">>();
expectTypeOf(add(flags, 0.5)).toEqualTypeOf<Tensor<[2], "float32">>();
expectTypeOf(add(flags, n)).toEqualTypeOf<Tensor<[2], "int32" | "float32">>();
expectTypeOf(add(flags, true)).toEqualTypeOf<Tensor<[2], "int32">>();
expectTypeOf(greater(flags, 2)).toEqualTypeOf<Tensor<[2], "bool">>();
expectTypeOf(logicalAnd(flags, true)).toEqualTypeOf<Tensor<[2], "bool">>();
expectTypeOf(where(tensor([false]), tensor([true]), 2)).toEqualTypeOf<Tensor<[1], "int32">>();
expectTypeOf(where(flags, flags, 0.5)).toEqualTypeOf<Tensor<[2], "float32">>();
expectTypeOf(where(flags, flags, false)).toEqualTypeOf<Tensor<[2], "bool">>();
expectTypeOf<ScalarDType<2, "bool">>().toEqualTypeOf<"int32">();
expectTypeOf<ScalarDType<-0.5, "bool">>().toEqualTypeOf<"float32">();
expectTypeOf<ScalarDType<number, "bool">>().toEqualTypeOf<"int32" | "float32">();
expectTypeOf<ScalarDType<true, "bool">>().toEqualTypeOf<"bool">();
expectTypeOf<ScalarDType<300, "uint8">>().toEqualTypeOf<"uint8">();
expectTypeOf<ScalarDType<0.1, "float32">>().toEqualTypeOf<"float32">();
expectTypeOf(div(i, i)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(greater(m, 3)).toEqualTypeOf<Tensor<[2, 3], "bool">>();
expectTypeOf(add(tensor([true]), tensor([false]))).toEqualTypeOf<Tensor<[1], "int32">>();
expectTypeOf(where(greater(m, 3), m, 0)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(sqrt(i)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(cast(m, "int32")).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(m.cast("int32")).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(m.clip(0, 1)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(i.clip(0, 1).cast("bool")).toEqualTypeOf<Tensor<[2, 3], "bool">>();
// @ts-expect-error -- not a dtype
m.cast("int64");
expectTypeOf(add(2, 3)).toEqualTypeOf<Tensor<[], "float32">>();

// A misfit is a compile error at the second operand, whose type is the runtime's message
// @ts-expect-error -- "add (numpy): axis 1 has 3 vs 2; cannot broadcast [2, 3] with [2]"
add(m, tensor([1, 2]));
expectTypeOf<CheckedOperand<"add", Tensor<[2, 3], "float32">, Tensor<[2], "float32">, undefined>>().toEqualTypeOf<
  "add (numpy): axis 1 has 3 vs 2; cannot broadcast [2, 3] with [2]"
>();
// @ts-expect-error -- xla needs broadcastDimensions when ranks differ
add(m, v, { mode: "xla" });

// Methods have the same types
expectTypeOf(m.add(v)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(m.mul(2).sub(1).greater(0)).toEqualTypeOf<Tensor<[2, 3], "bool">>();
expectTypeOf(i.div(2)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(i.neg()).toEqualTypeOf<Tensor<[2, 3], "int32">>();
// @ts-expect-error -- a misfit through a method
m.add(tensor([1, 2]));

// Symbolic and dynamic sizes flow through ops
declare const batch: Tensor<[Dim<"batch">, 3], "float32">;
expectTypeOf(add(batch, v)).toEqualTypeOf<Tensor<[Dim<"batch">, 3], "float32">>();
declare const dynamic: Tensor<number[], "float32">;
expectTypeOf(add(dynamic, v)).toEqualTypeOf<Tensor<number[], "float32">>();

// Views
const x = zeros([2, 3, 4]);
expectTypeOf(transpose(x)).toEqualTypeOf<Tensor<[4, 3, 2], "float32">>();
expectTypeOf(permute(x, [2, 0, -2])).toEqualTypeOf<Tensor<[4, 2, 3], "float32">>();
expectTypeOf(expandDims(x, -1)).toEqualTypeOf<Tensor<[2, 3, 4, 1], "float32">>();
expectTypeOf(squeeze(zeros([1, 3, 1]))).toEqualTypeOf<Tensor<[3], "float32">>();
expectTypeOf(squeeze(zeros([1, 3, 1]), 0)).toEqualTypeOf<Tensor<[3, 1], "float32">>();
// negative axes past rank 8 (where the rank tables end) are exact too
const rank9 = zeros([2, 1, 1, 1, 1, 1, 1, 1, 3]);
expectTypeOf(expandDims(rank9, -1)).toEqualTypeOf<Tensor<[2, 1, 1, 1, 1, 1, 1, 1, 3, 1], "float32">>();
expectTypeOf(expandDims(rank9, -10)).toEqualTypeOf<Tensor<[1, 2, 1, 1, 1, 1, 1, 1, 1, 3], "float32">>();
expectTypeOf(permute(rank9, [-1, 1, 2, 3, 4, 5, 6, 7, 0])).toEqualTypeOf<Tensor<[3, 1, 1, 1, 1, 1, 1, 1, 2], "float32">>();
expectTypeOf(squeeze(rank9, -2)).toEqualTypeOf<Tensor<[2, 1, 1, 1, 1, 1, 1, 3], "float32">>();
// axes the runtime refuses are compile errors with its message (they used to type-check: permute gave
// `undefined` sizes or a shape for a repeated axis, squeeze and expandDims a shape or `number[]`)
// @ts-expect-error -- "permute: axes [0, 0, 1] names axis 0 twice"
permute(x, [0, 0, 1]);
// @ts-expect-error -- "permute: axes[2] 3 is out of range for a rank-3 tensor (use -3 to 2)"
permute(x, [0, 1, 3]);
// @ts-expect-error -- "transpose: axes [1, 0] has 2 entries for a rank-3 tensor of shape [2, 3, 4]"
transpose(x, [1, 0]);
// @ts-expect-error -- "squeeze: axis 1 has size 3, not 1; cannot squeeze [2, 3, 4]"
squeeze(x, 1);
// @ts-expect-error -- "squeeze: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
squeeze(x, 3);
// @ts-expect-error -- "expandDims: axis 4 is out of range for a rank-4 tensor (use -4 to 3)"
expandDims(x, 4);
expectTypeOf(slice(x, 1, null, { start: 1 })).toEqualTypeOf<Tensor<[3, 3], "float32">>();
expectTypeOf(slice(x, null, { step: -1 })).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(slice(x, null, null, { start: -3, step: 2 })).toEqualTypeOf<Tensor<[2, 3, 2], "float32">>();
expectTypeOf(slice(x, null, null, { step: -2 })).toEqualTypeOf<Tensor<[2, 3, 2], "float32">>();
expectTypeOf(slice(x, null, null, { start: -2, stop: 0, step: -1 })).toEqualTypeOf<Tensor<[2, 3, 2], "float32">>();
// @ts-expect-error -- "slice: 4 axes given for a rank-3 tensor of shape [2, 3, 4]", at the fourth spec
slice(x, 0, 0, 0, 0);
// @ts-expect-error -- "slice: step on axis 1 must be a non-zero integer, got number 0"
slice(x, null, { start: 1, step: 0 });
// an index comes first at run time, and its range is checked there (see SliceProblem)
expectTypeOf(slice(x, 0, { step: 0 })).toEqualTypeOf<Tensor<[number, 4], "float32">>();
declare const dynamicStart: number;
expectTypeOf(slice(x, { start: 1 }, { start: dynamicStart })).toEqualTypeOf<Tensor<[1, number, 4], "float32">>();
expectTypeOf(reshape(x, [6, -1])).toEqualTypeOf<Tensor<[6, 4], "float32">>();
// element counts are exact products of real sizes, and -1 is divided out
const image = zeros([224, 224, 3]);
expectTypeOf(reshape(image, [-1, 3])).toEqualTypeOf<Tensor<[50176, 3], "float32">>();
expectTypeOf(reshape(image, [150528])).toEqualTypeOf<Tensor<[150528], "float32">>();
expectTypeOf(reshape(zeros([1024, 768]), [768, -1])).toEqualTypeOf<Tensor<[768, 1024], "float32">>();
// @ts-expect-error -- "reshape: [224, 224, 3] has 150528 elements but [224, 224] holds 50176"
reshape(image, [224, 224]);
expectTypeOf<ErrorMessage<Reshape<[2, 3, 4], [5, 5]>>>().toEqualTypeOf<"reshape: [2, 3, 4] has 24 elements but [5, 5] holds 25">();
expectTypeOf<ErrorMessage<Reshape<[2, 3, 4], [5, -1]>>>().toEqualTypeOf<
  "reshape: cannot infer -1: 24 elements of [2, 3, 4] do not split into [5, -1]"
>();
expectTypeOf<ErrorMessage<Reshape<[2, 3], [-1, -1]>>>().toEqualTypeOf<"reshape: only one size may be -1, got [-1, -1]">();
// a -1 between the source's leading and trailing sizes is their product (no division);
// 1s on either side consume nothing; unknown or symbolic sizes fall back to the general rule
expectTypeOf<Reshape<[16, 24, 24, 96], [16, 24, -1]>>().toEqualTypeOf<[16, 24, 2304]>();
expectTypeOf<Reshape<[256, 1, 16], [256, -1, 1]>>().toEqualTypeOf<[256, 16, 1]>();
expectTypeOf<Reshape<[1, 2, 3, 1], [1, 1, -1, 3, 1]>>().toEqualTypeOf<[1, 1, 2, 3, 1]>();
expectTypeOf<Reshape<[2, 3, 4], [4, -1]>>().toEqualTypeOf<[4, 6]>();
expectTypeOf<Reshape<[0, 3], [3, -1]>>().toEqualTypeOf<[3, 0]>();
expectTypeOf<Reshape<[number, 6], [number, -1]>>().toEqualTypeOf<[number, number]>();
expectTypeOf<Reshape<[Dim<"b">, 6], [Dim<"b">, -1]>>().toEqualTypeOf<[Dim<"b">, number]>();
// the call's rule (Regrouped): a -1 in place of the sizes between the kept ones is their product,
// and a kept 0 leaves it undetermined, as at run time
expectTypeOf(reshape(zeros([2, 0, 3]), [2, -1])).toEqualTypeOf<Tensor<[2, 0], "float32">>();
expectTypeOf(reshape(zeros([2, 3, 4]), [2, -1, 4])).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(reshape(zeros([2048, 2, 3]), [2048, -1])).toEqualTypeOf<Tensor<[2048, 6], "float32">>();
// @ts-expect-error -- "reshape: cannot infer -1: 0 elements of [0, 3] do not split into [0, -1]"
reshape(zeros([0, 3]), [0, -1]);
// counts not known at compile time are checked at run time
expectTypeOf(reshape(batch, [-1])).toEqualTypeOf<Tensor<[number], "float32">>();
expectTypeOf(broadcastTo(zeros([3, 1]), [2, 3, 4])).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(broadcastTo(zeros([3]), [3, 4], { mode: "explicit", axesMapping: [0] })).toEqualTypeOf<Tensor<[3, 4], "float32">>();
// @ts-expect-error -- "broadcastTo (numpy): axis 1 has 3 vs 4; ..."
broadcastTo(zeros([3]), [3, 4]);

// Read-out
expectTypeOf(m.toArray()).toEqualTypeOf<number[][]>();
expectTypeOf(tensor([true]).toArray()).toEqualTypeOf<boolean[]>();
expectTypeOf(m.item()).toEqualTypeOf<number>();
expectTypeOf(m.toTypedArray()).toEqualTypeOf<Float32Array>();
// A tensor of a known shape is a tensor of any shape
expectTypeOf(m).toMatchTypeOf<Tensor>();

// matmul: NumPy's rule, also inside shape-polymorphic code
expectTypeOf(matmul(zeros([2, 3]), zeros([3, 4]))).toEqualTypeOf<Tensor<[2, 4], "float32">>();
expectTypeOf(matmul(zeros([8, 1, 5, 6]), zeros([4, 6, 7]))).toEqualTypeOf<Tensor<[8, 4, 5, 7], "float32">>();
expectTypeOf(matmul(zeros([3]), zeros([3, 4]))).toEqualTypeOf<Tensor<[4], "float32">>();
expectTypeOf(matmul(zeros([3]), zeros([3]))).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(outer(zeros([2]), zeros([3]))).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf<MatMulShape<[8, 1, 128, 64], [4, 64, 32]>>().toEqualTypeOf<[8, 4, 128, 32]>();
expectTypeOf<ErrorMessage<MatMulShape<[2, 3], [4, 5]>>>().toEqualTypeOf<
  "matmul: inner sizes 3 vs 4 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3] by [4, 5]"
>();
expectTypeOf<ErrorMessage<MatMulShape<[2, 2, 3], [3, 3, 5]>>>().toEqualTypeOf<"matmul: batch axis 0 has 2 vs 3; cannot multiply [2, 2, 3] by [3, 3, 5]">();
// @ts-expect-error -- inner sizes 3 vs 4
matmul(zeros([2, 3]), zeros([4, 5]));
// dot writes its own name, as the runtime does
expectTypeOf<ErrorMessage<MatMulShape<[2, 2, 3], [3, 3, 5], "dot">>>().toEqualTypeOf<"dot: batch axis 0 has 2 vs 3; cannot multiply [2, 2, 3] by [3, 3, 5]">();
expectTypeOf<Parameters<typeof dot<Tensor<[2, 3], "float32">, Tensor<[4, 5], "float32">>>[1]>().toEqualTypeOf<
  "dot: inner sizes 3 vs 4 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3] by [4, 5]"
>();
function project<B extends number, I extends number, O extends number>(x: Tensor<[B, I], "float32">, w: Tensor<[I, O], "float32">) {
  return matmul(x, w); // no conditional types needed: Tensor<[B, O]>
}
expectTypeOf(project(zeros([32, 784]), zeros([784, 10]))).toEqualTypeOf<Tensor<[32, 10], "float32">>();

// Reductions: exact shapes for one axis, a list or all; keepDims; the dtype rule
const cube = zeros([2, 3, 4]);
expectTypeOf(sum(cube)).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(sum(cube, 1)).toEqualTypeOf<Tensor<[2, 4], "float32">>();
expectTypeOf(sum(cube, -1)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(mean(cube, [0, -1], { keepDims: true })).toEqualTypeOf<Tensor<[1, 3, 1], "float32">>();
expectTypeOf(max(cube, [])).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(argmax(cube, 2)).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(sum(tensor([true, false]))).toEqualTypeOf<Tensor<[], "int32">>();
expectTypeOf(mean(tensor(new Int32Array(4), [2, 2]), 0)).toEqualTypeOf<Tensor<[2], "float32">>();
expectTypeOf(std(cube, 0, { ddof: 1 })).toEqualTypeOf<Tensor<[3, 4], "float32">>();
expectTypeOf<ErrorMessage<ReducedOf<"sum", [2, 3, 4], 3, false>>>().toEqualTypeOf<"sum: axis 3 is out of range for a rank-3 tensor (use -3 to 2)">();
expectTypeOf<ErrorMessage<ReducedOf<"mean", [2, 3, 4], [0, 5], false>>>().toEqualTypeOf<
  "mean: axis[1] 5 is out of range for a rank-3 tensor (use -3 to 2)"
>();
// @ts-expect-error -- "sum: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
sum(cube, 3);
// an axis named twice, also as its negative twin, as the runtime refuses it
expectTypeOf<ErrorMessage<ReducedOf<"sum", [2, 3, 4], [1, -2], false>>>().toEqualTypeOf<"sum: axis [1, -2] names axis 1 twice">();
// @ts-expect-error -- "max: axis [0, 2, 0] names axis 0 twice"
max(cube, [0, 2, 0]);
expectTypeOf(sum(cube, [0, -1])).toEqualTypeOf<Tensor<[3], "float32">>();

// softmax and logSoftmax keep the shape, in floating point
expectTypeOf(softmax(cube)).toEqualTypeOf<Tensor<[2, 3, 4], "float32">>();
expectTypeOf(logSoftmax(tensor(new Int32Array(4), [2, 2]), 0)).toEqualTypeOf<Tensor<[2, 2], "float32">>();
// @ts-expect-error -- "softmax: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
softmax(cube, 3);

// concat and stack: sizes add up exactly; mismatches are compile errors with the runtime's text
expectTypeOf(concat([zeros([2, 3]), zeros([2, 5])], 1)).toEqualTypeOf<Tensor<[2, 8], "float32">>();
expectTypeOf(concat([zeros([999, 4]), zeros([1, 4])])).toEqualTypeOf<Tensor<[1000, 4], "float32">>();
expectTypeOf(stack([zeros([2, 3]), zeros([2, 3])], -1)).toEqualTypeOf<Tensor<[2, 3, 2], "float32">>();
expectTypeOf<ErrorMessage<ConcatShape<[[2, 3], [2, 4]], 0>>>().toEqualTypeOf<
  "concat: tensors[1] axis 1 has 4 vs 3 in tensors[0]; cannot join [2, 3] with [2, 4]"
>();
// @ts-expect-error -- "concat: tensors[1] axis 1 has 4 vs 3 in tensors[0]; ..."
concat([zeros([2, 3]), zeros([2, 4])]);

// Shape-polymorphic code: written once for any sizes, exact for callers
function dense<B extends number, I extends number, O extends number>(
  x: Tensor<[B, I], "float32">,
  w: Tensor<[I, O], "float32">,
  b: Tensor<[O], "float32">,
): Tensor<[B, O], "float32"> {
  return add(matmul(x, w), b);
}
expectTypeOf(dense(zeros([32, 784]), zeros([784, 10]), zeros([10]))).toEqualTypeOf<Tensor<[32, 10], "float32">>();
// sizes met twice must agree: O would be inferred as 10 | 11, and a union size
// is rejected as a parameter shape ("ConflictingSizes<10 | 11>")
// @ts-expect-error -- a bias of 11 for 10 outputs
dense(zeros([32, 784]), zeros([784, 10]), zeros([11]));
// @ts-expect-error -- a weight with 100 inputs for 784 features
dense(zeros([32, 784]), zeros([100, 10]), zeros([10]));
// @ts-expect-error -- a union size is never a tensor's real size
const conflicting: Tensor<[784, 10 | 11], "float32"> = zeros([784, 10]);
// widening to a dynamic shape still works: a Tensor<[2, 3]> is a Tensor<Shape>
expectTypeOf(zeros([2, 3])).toMatchTypeOf<Tensor<Shape, "float32">>();
expectTypeOf(zeros([2, 3])).toMatchTypeOf<Tensor<number[], "float32">>();
expectTypeOf(zeros([2, 3])).toMatchTypeOf<Tensor<[number, number], "float32">>();
expectTypeOf(zeros([dim("batch", 2), 3])).toMatchTypeOf<Tensor<[number, 3], "float32">>();
expectTypeOf([zeros([2]), zeros([3, 4])]).toMatchTypeOf<Tensor[]>();
function residual<S extends Shape>(x: Tensor<S, "float32">, y: Tensor<S, "float32">): Tensor<S, "float32"> {
  return x.add(y).mul(0.5);
}
expectTypeOf(residual(zeros([2, 3]), zeros([2, 3]))).toEqualTypeOf<Tensor<[2, 3], "float32">>();

// assertShape narrows; dim names a run-time size
declare const loaded: Tensor<number[], "float32">;
assertShape(loaded, [2, 3]);
expectTypeOf(loaded).toEqualTypeOf<Tensor<[2, 3], "float32">>();
const rows = dim("rows", 5);
expectTypeOf(zeros([rows, 3])).toEqualTypeOf<Tensor<[Dim<"rows">, 3], "float32">>();
// @ts-expect-error -- "add (numpy): axis 0 has rows vs cols; ..."
add(zeros([rows, 3]), zeros([dim("cols", 5), 3]));

// split (sizes add up), tile, pad, gather
const six = zeros([6, 4]);
expectTypeOf(split(six, [2, 4])).toEqualTypeOf<[Tensor<[2, 4], "float32">, Tensor<[4, 4], "float32">]>();
expectTypeOf(split(six, 3)).toEqualTypeOf<[Tensor<[2, 4], "float32">, Tensor<[2, 4], "float32">, Tensor<[2, 4], "float32">]>();
// @ts-expect-error -- "split: sizes [2, 3] add up to 5 but axis 0 has 6; cannot split [6, 4]"
split(six, [2, 3]);
expectTypeOf(tile(zeros([2, 3]), [2, 1])).toEqualTypeOf<Tensor<[4, 3], "float32">>();
expectTypeOf(pad(zeros([224, 224, 3]), [[2, 2], [2, 2], [0, 0]])).toEqualTypeOf<Tensor<[228, 228, 3], "float32">>();
expectTypeOf(gather(zeros([5, 3]), [0, 4])).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(gather(zeros([5, 3]), tensor(new Int32Array(4), [2, 2]), 1)).toEqualTypeOf<Tensor<[5, 2, 2], "float32">>();
// @ts-expect-error -- "gather: indices must have an integer dtype (int32 or uint8), got float32"
gather(zeros([5, 3]), zeros([2]));
// take: the flattened tensor, in the indices' shape; with an axis, gather
expectTypeOf(take(zeros([5, 3]), [0, 14, 7])).toEqualTypeOf<Tensor<[3], "float32">>();
expectTypeOf(take(zeros([5, 3], "int32"), tensor(new Int32Array(4), [2, 2]))).toEqualTypeOf<Tensor<[2, 2], "int32">>();
expectTypeOf(take(zeros([5, 3]), [0, 4], 0)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
// pad: the fill value as { value } (the README's form) or bare
expectTypeOf(pad(zeros([2, 3]), [[1, 1], [0, 0]], { value: 1 })).toEqualTypeOf<Tensor<[4, 3], "float32">>();
expectTypeOf(pad(zeros([2], "bool"), [[1, 0]], true)).toEqualTypeOf<Tensor<[3], "bool">>();
// argmax over a list of axes
expectTypeOf(argmax(zeros([2, 3, 4]), [1, 2])).toEqualTypeOf<Tensor<[2], "int32">>();

// a tensor of unknown rank among known ones leaves the check to the runtime
declare const unknownRank: Tensor<number[], "float32">;
expectTypeOf(concat([zeros([2, 3]), unknownRank])).toEqualTypeOf<Tensor<number[], "float32">>();
expectTypeOf(stack([zeros([2, 3]), unknownRank])).toEqualTypeOf<Tensor<number[], "float32">>();

// A layer norm over the last axis, written once for any leading axes
function layerNorm<Rest extends Shape, D extends number>(
  x: Tensor<[...Rest, D], "float32">,
  gamma: Tensor<[D], "float32">,
  beta: Tensor<[D], "float32">,
): Tensor<[...Rest, D], "float32"> {
  const mu = mean(x, -1, { keepDims: true });
  const sigma = sqrt(add(variance(x, -1, { keepDims: true }), 1e-5));
  return add(mul(div(sub(x, mu), sigma), gamma), beta);
}
expectTypeOf(layerNorm(zeros([8, 16, 64]), zeros([64]), zeros([64]))).toEqualTypeOf<Tensor<[8, 16, 64], "float32">>();

// Sizes that must agree across parameters: infer D from `x` only (NoInfer on
// the others), so a gamma of another size is an argument error rather than
// D widening to the union 64 | 32.
function scale<Rest extends Shape, D extends number>(
  x: Tensor<[...Rest, D], "float32">,
  gamma: Tensor<[NoInfer<D>], "float32">,
): Tensor<[...Rest, D], "float32"> {
  return mul(x, gamma);
}
expectTypeOf(scale(zeros([8, 16, 64]), zeros([64]))).toEqualTypeOf<Tensor<[8, 16, 64], "float32">>();
// @ts-expect-error -- gamma of the wrong size
scale(zeros([8, 16, 64]), zeros([32]));

// Attention over [Batch, Heads, Seq, Dim], written once for any sizes: a
// batched matmul with the same batch axes needs no conditional types.
function attention<B extends number, H extends number, S extends number, D extends number>(
  q: Tensor<[B, H, S, D], "float32">,
  k: Tensor<NoInfer<[B, H, S, D]>, "float32">,
  v: Tensor<NoInfer<[B, H, S, D]>, "float32">,
): Tensor<[B, H, S, D], "float32"> {
  const scores = matmul(q, transpose(k, [0, 1, 3, 2]));
  expectTypeOf(scores).toEqualTypeOf<Tensor<[B, H, S, S], "float32">>();
  return matmul(softmax(div(scores, Math.sqrt(q.shape[3]))), v);
}
expectTypeOf(attention(zeros([2, 4, 16, 32]), zeros([2, 4, 16, 32]), zeros([2, 4, 16, 32]))).toEqualTypeOf<Tensor<[2, 4, 16, 32], "float32">>();
// @ts-expect-error -- keys with another head size
attention(zeros([2, 4, 16, 32]), zeros([2, 4, 16, 64]), zeros([2, 4, 16, 32]));
// batched matmul with concrete shapes still broadcasts the batch axes and reports misfits
expectTypeOf(matmul(zeros([2, 3, 4]), zeros([4, 5]))).toEqualTypeOf<Tensor<[2, 3, 5], "float32">>();
expectTypeOf(matmul(zeros([2, 3, 4]), zeros([2, 4, 5]))).toEqualTypeOf<Tensor<[2, 3, 5], "float32">>();
// @ts-expect-error -- batch axes 2 vs 3
matmul(zeros([2, 3, 4]), zeros([3, 4, 5]));

// assertShape with a named run-time size
declare const batchOf784: Tensor<number[], "float32">;
assertShape(batchOf784, [dim("batch", batchOf784.shape[0] ?? 0), 784]);
expectTypeOf(batchOf784).toEqualTypeOf<Tensor<[Dim<"batch">, 784], "float32">>();

// flatten: a run of axes becomes their product; a bad axis is a compile error with the runtime's text
expectTypeOf(flatten(zeros([8, 3, 32, 32]), 1)).toEqualTypeOf<Tensor<[8, 3072], "float32">>();
expectTypeOf(flatten(zeros([2, 3, 4]))).toEqualTypeOf<Tensor<[24], "float32">>();
expectTypeOf(flatten(zeros([2, 3, 4]), 0, -2)).toEqualTypeOf<Tensor<[6, 4], "float32">>();
expectTypeOf(flatten(zeros([]))).toEqualTypeOf<Tensor<[1], "float32">>();
expectTypeOf(matmul(flatten(zeros([4, 28, 28]), 1), zeros([784, 10]))).toEqualTypeOf<Tensor<[4, 10], "float32">>();
declare const someAxis: number;
expectTypeOf(flatten(zeros([2, 3, 4]), someAxis)).toEqualTypeOf<Tensor<number[], "float32">>();
// @ts-expect-error -- "flatten: startAxis 3 is out of range for a rank-3 tensor (use -3 to 2)"
flatten(zeros([2, 3, 4]), 3);
// @ts-expect-error -- "flatten: startAxis 2 comes after endAxis 0 (axes 2 and 0 of a rank-3 tensor)"
flatten(zeros([2, 3, 4]), 2, 0);
expectTypeOf<ErrorMessage<Flattened<[2, 3, 4], 2, 0>>>().toEqualTypeOf<"flatten: startAxis 2 comes after endAxis 0 (axes 2 and 0 of a rank-3 tensor)">();
expectTypeOf<ErrorMessage<Flattened<[2, 3], 0, -3>>>().toEqualTypeOf<"flatten: endAxis -3 is out of range for a rank-2 tensor (use -2 to 1)">();

// a negative axis past the first is out of range too, as is any axis of a rank-0 tensor
// @ts-expect-error -- "sum: axis -3 is out of range for a rank-2 tensor (use -2 to 1)"
sum(zeros([2, 3]), -3);
// @ts-expect-error -- "mean: axis[1] -4 is out of range for a rank-3 tensor (use -3 to 2)"
mean(zeros([2, 3, 4]), [0, -4]);
// @ts-expect-error -- "softmax: x is a scalar; softmax needs an axis to normalise over"
softmax(tensor(5));
expectTypeOf<ErrorMessage<ReducedOf<"sum", [2, 3], -3, false>>>().toEqualTypeOf<"sum: axis -3 is out of range for a rank-2 tensor (use -2 to 1)">();
expectTypeOf<ErrorMessage<ReducedOf<"softmax", [], -1, false>>>().toEqualTypeOf<"softmax: axis -1 is out of range for a rank-0 tensor (it has no axes)">();

// Reductions inside generic code: positions are walked, sizes never tested, so a fixed-rank shape
// of type parameters reduces to an exact shape without keepDims too
function classify<B extends number, C extends number>(logits: Tensor<[B, C], "float32">) {
  return argmax(softmax(logits), -1);
}
expectTypeOf(classify(zeros([32, 10]))).toEqualTypeOf<Tensor<[32], "int32">>();
function columnTotals<B extends number, C extends number>(x: Tensor<[B, C], "float32">) {
  return sum(x, 0);
}
expectTypeOf(columnTotals(zeros([4, 7]))).toEqualTypeOf<Tensor<[7], "float32">>();
function rowMeans<B extends number, T extends number, D extends number>(x: Tensor<[B, T, D], "float32">) {
  return mean(x, [0, -1]);
}
expectTypeOf(rowMeans(zeros([2, 3, 4]))).toEqualTypeOf<Tensor<[3], "float32">>();

// The README's per-row statistic on a fixed-rank shape of type parameters ([B, D], not [...Rest, D])
function center<B extends number, D extends number>(x: Tensor<[B, D], "float32">) {
  return sub(x, mean(x, -1, { keepDims: true }));
}
expectTypeOf(center(zeros([8, 16]))).toEqualTypeOf<Tensor<[8, 16], "float32">>();
// and a misfit of the same pattern is still the runtime's message
// @ts-expect-error -- "sub (numpy): axis 0 has 2 vs 4; cannot broadcast [2, 3] with [4, 1]"
sub(zeros([2, 3]), zeros([4, 1]));
