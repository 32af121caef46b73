/**
 * shapecast: tensors whose shapes are checked by the TypeScript compiler.
 * This is the one public entry: the runtime functions and, as types, the
 * whole type-level shape algebra.
 */

// Shape algebra, run time
export { broadcastShapes, broadcastToShape } from "./shape/broadcast.js";
export { ShapeError, showShape } from "./errors.js";
export type { ShapeErrorCode, ShapeErrorDetails } from "./errors.js";

// Tensors (with their methods, x.add(y) and the others: src/ops/methods.ts; a bundle keeps every
// method when the program calls enableMethods())
export { Tensor } from "./tensor.js";
export { enableMethods } from "./ops/all-methods.js";
export type { AnyTensor, ElementOf, NestedArray, Transposed } from "./tensor.js";
// Freeing tensors before the collector does (x.dispose() is a method)
export { tidy } from "./lifetime.js";
// The WebAssembly SIMD engine: on once this entry is loaded as it is; a bundle keeps it only by calling enableSimd()
export { enableSimd } from "./kernels/wasm/engine.js";
import "./kernels/wasm/on-by-default.js";

// Serialization (toJSON, Tensor.fromJSON, Tensor.from): the forms they read and write
export type { TensorExpectation, TensorJSON, TensorLike } from "./format/serialize.js";

// Weights files: .safetensors (Hugging Face's format) and NumPy's .npy
export { loadSafetensors, readSafetensorsHeader, saveSafetensors } from "./io/safetensors.js";
export type { SafetensorsEntry, SafetensorsHeader } from "./io/safetensors.js";
export type { SchemaEntry, SchemaTensor, SchemaTensors, WeightsSchema } from "./io/schema.js";
export { fromNpy, toNpy } from "./io/npy.js";

// Training: reverse-mode autodiff, losses and optimizers
export { grad, stopGradient, valueAndGrad, vjp } from "./autodiff/grad.js";
export type { GradOf, ParamTree, ScalarLoss, ValueAndGrad, Vjp } from "./autodiff/grad.js";
export { binaryCrossEntropy, meanSquaredError, softmaxCrossEntropy } from "./train/losses.js";
export type { LossOptions, Reduction } from "./train/losses.js";
export { adam, sgd } from "./train/optimizers.js";
export type { Adam, AdamOptions, AdamState, Sgd, SgdOptions, SgdState } from "./train/optimizers.js";

export { arange, eye, full, linspace, ones, random, randn, tensor, zeros } from "./ops/create.js";
export { clone, fullLike, onesLike, zerosLike } from "./ops/create.js";
export type { ArangeLength, CreateOptions, RandomOptions, RangeLength, RangeTo } from "./ops/create.js";

// Reductions
export { argmax, argmin, logSumExp, max, mean, min, prod, std, sum, variance } from "./ops/reduce.js";
export type { ReduceOptions, VarianceOptions } from "./ops/reduce.js";
export { all, any } from "./ops/reduce.js";

export { logSoftmax, softmax } from "./ops/softmax.js";

// Cumulative sums and products
export { cumprod, cumsum } from "./ops/scan.js";
export type { ScanOp, ScanOptions } from "./ops/types.js";

// Sorting
export { argsort, sort } from "./ops/sort.js";
export type { SortOp, SortOptions, TopKChecked, TopKOp } from "./ops/types.js";
export { topk } from "./ops/topk.js";
export { batchNorm, layerNorm, rmsNorm } from "./ops/norm.js";

// Pooling
export { avgPool1d, avgPool2d, maxPool1d, maxPool2d } from "./ops/pool.js";
export type { PoolChecked, PoolOpOf } from "./ops/types.js";

// Resizing images
export { resize, upsample } from "./ops/resize.js";
export type { ResizeArgChecked, ResizeDType, ResizeOp, ResizeOptionsChecked, UpsampleOp } from "./ops/types.js";

// Convolution
export { conv1d, conv2d, conv2dTranspose, depthwiseConv2d } from "./ops/conv.js";
export type { ConvChecked, ConvOpOf } from "./ops/types.js";

// Joins, splits and copies
export { concat, stack } from "./ops/join.js";
export { gather, pad, split, take, tile } from "./ops/shaping.js";

// Encodings
export { oneHot } from "./ops/one-hot.js";
export { tril, triu } from "./ops/triangle.js";
export { repeat } from "./ops/repeat.js";
export type { RepeatChecked, RepeatOp } from "./ops/types.js";
export type { OneHotChecked, OneHotOp, OneHotOptions } from "./ops/types.js";

// Products
export { dot, matmul, outer } from "./ops/matmul.js";
export { einsum } from "./ops/einsum.js";
export type { EinsumChecked, EinsumOp } from "./ops/types.js";

// Shapes known at run time
export { assertShape, dim } from "./ops/assert.js";

// Views (no copy)
export { broadcastTo, expandDims, flatten, permute, reshape, slice, squeeze, transpose } from "./ops/views.js";
export type { SliceSpec } from "./ops/views.js";

// Element-wise operations
export {
  abs, add, cast, ceil, clip, cos, div, equal, exp, floor, greater, greaterEqual, less, lessEqual, log,
  logicalAnd, logicalOr, logicalXor, maximum, minimum, mod, mul, neg, notEqual, pow, relu, round, sigmoid,
  sign, sin, sqrt, sub, tanh, where,
} from "./ops/elementwise.js";
// Element-wise activations and tests of values
export { elu, erf, gelu, isFinite, isNaN, leakyRelu, logSigmoid, silu, softplus } from "./ops/elementwise.js";
export type { AlphaMethod, AlphaOp, GeluMethod, GeluOp, GeluOptions } from "./ops/types.js";
export type {
  BinaryMethod, BinaryOp, BinaryResult, CheckedOperand, DTypeRule, ElementwiseOptions, AxisOp, ConcatOp, GatherOp, MatmulOp, PadOp, PadOptions, SplitOp, TakeOp, TileOp, Operand, OperandDType, ReduceOp, ReduceRule, ShapeOf, StackOp,
  UnaryMethod, UnaryOp, UnaryOptions, UnaryRule, WhereOp,
} from "./ops/types.js";

// Shape algebra, compile time
export type * from "../types/index.js";
