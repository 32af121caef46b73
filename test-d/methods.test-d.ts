/** Methods for every op whose first argument is a tensor: the same result types as the functions, generic code and misfits included. */
import { expectTypeOf } from "expect-type";
import {
  argmax, batchNorm, cumsum, flatten, gather, layerNorm, matmul, maxPool2d, mean, oneHot, pad, permute, reshape, slice, softmax, split, sum,
  topk, transpose, zeros, zerosLike, type Tensor,
} from "shapecast";

const x = zeros([2, 3, 4]);
expectTypeOf(x.sum(-1)).toEqualTypeOf(sum(x, -1));
expectTypeOf(x.sum(-1)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(x.mean([0, 2], { keepDims: true })).toEqualTypeOf(mean(x, [0, 2], { keepDims: true }));
expectTypeOf(x.argmax(1)).toEqualTypeOf<Tensor<[2, 4], "int32">>();
expectTypeOf(x.argmax(1)).toEqualTypeOf(argmax(x, 1));
expectTypeOf(x.reshape([6, -1])).toEqualTypeOf(reshape(x, [6, -1]));
expectTypeOf(x.reshape([6, -1])).toEqualTypeOf<Tensor<[6, 4], "float32">>();
expectTypeOf(x.transpose()).toEqualTypeOf(transpose(x));
expectTypeOf(x.permute([2, 0, 1])).toEqualTypeOf(permute(x, [2, 0, 1]));
expectTypeOf(x.flatten(1)).toEqualTypeOf(flatten(x, 1));
expectTypeOf(x.slice(0, { start: 1 })).toEqualTypeOf(slice(x, 0, { start: 1 }));
expectTypeOf(x.matmul(zeros([4, 5]))).toEqualTypeOf(matmul(x, zeros([4, 5])));
expectTypeOf(x.matmul(zeros([4, 5]))).toEqualTypeOf<Tensor<[2, 3, 5], "float32">>();
expectTypeOf(x.softmax()).toEqualTypeOf(softmax(x));
expectTypeOf(x.cumsum(1)).toEqualTypeOf(cumsum(x, 1));
expectTypeOf(x.topk(2)).toEqualTypeOf(topk(x, 2));
expectTypeOf(x.split([1, 2], 1)).toEqualTypeOf(split(x, [1, 2], 1));
expectTypeOf(x.pad([[0, 0], [1, 1], [0, 0]])).toEqualTypeOf(pad(x, [[0, 0], [1, 1], [0, 0]]));
expectTypeOf(x.gather([0, 0, 1], 2)).toEqualTypeOf(gather(x, [0, 0, 1], 2));
expectTypeOf(x.layerNorm(zeros([4]), zeros([4]))).toEqualTypeOf(layerNorm(x, zeros([4]), zeros([4])));
expectTypeOf(x.zerosLike({ dtype: "int32" })).toEqualTypeOf(zerosLike(x, { dtype: "int32" }));
const image = zeros([8, 28, 28, 3]);
expectTypeOf(image.maxPool2d({ size: 2 })).toEqualTypeOf(maxPool2d(image, { size: 2 }));
expectTypeOf(image.maxPool2d({ size: 2 })).toEqualTypeOf<Tensor<[8, 14, 14, 3], "float32">>();
const c = zeros([3]);
expectTypeOf(image.batchNorm(c, c, c, c)).toEqualTypeOf(batchNorm(image, c, c, c, c));
const labels = zeros([5], "int32");
expectTypeOf(labels.oneHot(10)).toEqualTypeOf(oneHot(labels, 10));
// chains read left to right
expectTypeOf(x.reshape([6, 4]).matmul(zeros([4, 2])).sum(0)).toEqualTypeOf<Tensor<[2], "float32">>();

// generic code: a layer written once over its sizes
function head<B extends number, T extends number, D extends number>(h: Tensor<[B, T, D], "float32">, w: Tensor<[D, 10], "float32">) {
  return h.matmul(w).mean(-1, { keepDims: true });
}
expectTypeOf(head(zeros([2, 5, 16]), zeros([16, 10]))).toEqualTypeOf<Tensor<[2, 5, 1], "float32">>();

// misfits: the function's message
// @ts-expect-error -- "sum: axis 3 is out of range for a rank-3 tensor (use -3 to 2)"
x.sum(3);
// @ts-expect-error -- "reshape: [2, 3, 4] has 24 elements but [5, 5] holds 25"
x.reshape([5, 5]);
// @ts-expect-error -- "matmul: inner sizes 4 vs 5 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3, 4] by [5, 2]"
x.matmul(zeros([5, 2]));
// @ts-expect-error -- "maxPool2d: x must have rank 4 (NHWC), got shape [2, 3, 4]"
x.maxPool2d({ size: 2 });

// assertShape narrows the tensor it is called on
declare const loaded: Tensor<number[], "float32">;
loaded.assertShape([2, 3]);
expectTypeOf(loaded).toEqualTypeOf<Tensor<[2, 3], "float32">>();
