/**
 * Calls whose types once depended on the user's compiler options: with
 * `strict: false` (no strictNullChecks) `undefined` extends every type and a
 * `null` or `undefined` argument is inferred as `any`; with
 * `exactOptionalPropertyTypes` an option field may not be `undefined` unless
 * its type says so. `npm run test:matrix` checks this suite, like the others,
 * under every configuration (README, "Tests").
 */
import { expectTypeOf } from "expect-type";
import {
  add, broadcastShapes, cast, concat, mean, pad, random, slice, sqrt, stack, std, sum, tensor, zeros,
  type BroadcastShapes, type BroadcastToShape, type ErrorMessage, type Tensor,
} from "shapecast";

// A dynamic size next to a scalar or a literal size (without strictNullChecks these were
// rejected with a message ending in "; undefined")
declare const dynamic: Tensor<[number], "float32">;
expectTypeOf(add(dynamic, 2)).toEqualTypeOf<Tensor<[number], "float32">>();
expectTypeOf(add(2, dynamic)).toEqualTypeOf<Tensor<[number], "float32">>();
expectTypeOf(tensor([1, 2, 3]).mul(dynamic)).toEqualTypeOf<Tensor<[3], "float32">>();
expectTypeOf(broadcastShapes([2, 1], dynamic.shape)).toEqualTypeOf<[2, number]>();
expectTypeOf<BroadcastShapes<[number, 1], [4]>>().toEqualTypeOf<[number, 4]>();
expectTypeOf<BroadcastToShape<[number], [2, 3]>>().toEqualTypeOf<[2, 3]>();
// a message without a fix ends at the shapes
expectTypeOf<ErrorMessage<BroadcastShapes<[number, 3], [2]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 1 has 3 vs 2; cannot broadcast [?, 3] with [2]"
>();

// Spec fields are read off the spec (without strictNullChecks every field read as not pinned)
expectTypeOf<BroadcastShapes<[2, 3], [3], { mode: "xla"; broadcastDimensions: [1] }>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [2], { mode: "pdpd"; axis: 1 }>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): axis 1 has 3 vs 2; cannot broadcast [2, 3] with [2]; axis 0 fits"
>();

// Joins of shapes that agree (without strictNullChecks every join was a mismatch)
expectTypeOf(concat([zeros([2, 3]), zeros([2, 5])], -1)).toEqualTypeOf<Tensor<[2, 8], "float32">>();
expectTypeOf(stack([zeros([2]), zeros([2])])).toEqualTypeOf<Tensor<[2, 2], "float32">>();

// `null` and `undefined` for left-out arguments and fields
const x = zeros([2, 3, 4]);
const m = zeros([2, 3]);
const v = zeros([3]);
expectTypeOf(slice(x, null, undefined, { start: 1 })).toEqualTypeOf<Tensor<[2, 3, 3], "float32">>();
expectTypeOf(slice(x, { start: undefined, stop: 1, step: undefined })).toEqualTypeOf<Tensor<[1, 3, 4], "float32">>();
expectTypeOf(sum(x, undefined)).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(sum(x, undefined, { keepDims: true })).toEqualTypeOf<Tensor<[1, 1, 1], "float32">>();
expectTypeOf(mean(x, -1, { keepDims: undefined })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(mean(x, 1, undefined)).toEqualTypeOf<Tensor<[2, 4], "float32">>();
expectTypeOf(mean(x)).toEqualTypeOf<Tensor<[], "float32">>();
expectTypeOf(std(x, 0, { ddof: undefined })).toEqualTypeOf<Tensor<[3, 4], "float32">>();
expectTypeOf(add(m, v, undefined)).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(add(m, v, { out: undefined })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(add(m, tensor([1, 2]), { mode: "pdpd", axis: 0, out: undefined })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(add(m, v, { mode: "pdpd", axis: undefined })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(m.add(v, { out: undefined })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(sqrt(m, { out: undefined })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(cast(m, "int32", { out: undefined })).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(pad(m, [[1, 1], [0, 0]], { value: undefined })).toEqualTypeOf<Tensor<[4, 3], "float32">>();

// Options built from values that may be `undefined` (exactOptionalPropertyTypes rejected these)
declare const out: Tensor<[2, 3], "float32"> | undefined;
declare const seed: number | undefined;
declare const start: number | undefined;
declare const ddof: number | undefined;
declare const value: number | undefined;
expectTypeOf(add(m, v, { out })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(m.add(1, { out })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(sqrt(m, { out })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(random([2], { seed })).toEqualTypeOf<Tensor<[2], "float32">>();
expectTypeOf(std(x, 0, { ddof })).toEqualTypeOf<Tensor<[3, 4], "float32">>();
expectTypeOf(pad(m, [[1, 1], [0, 0]], { value })).toEqualTypeOf<Tensor<[4, 3], "float32">>();
// a start that may be left out gives a size known only at run time
expectTypeOf(slice(x, { start })).toEqualTypeOf<Tensor<[number, 3, 4], "float32">>();
