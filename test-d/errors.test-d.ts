/**
 * Bad input at the type level: invalid sizes and stray spec fields give the
 * runtime's messages; wrong kinds are ordinary compile errors.
 */
import { expectTypeOf } from "expect-type";
import {
  broadcastShapes,
  broadcastToShape,
  type BroadcastShapes,
  type BroadcastToShape,
  type ErrorMessage,
  type IsShapeError,
  ShapeError,
  type ShapeTypeError,
} from "shapecast";

// A negative or fractional literal size is an error, with the RangeError's text
expectTypeOf<ErrorMessage<BroadcastShapes<[2, -1], [3]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): size -1 at axis 1 of a is not a non-negative integer; cannot broadcast [2, -1] with [3]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2], [1.5]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): size 1.5 at axis 0 of b is not a non-negative integer; cannot broadcast [2] with [1.5]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2], [2], { mode: "none" }>>>().toEqualTypeOf<never>(); // not an error
expectTypeOf<ErrorMessage<BroadcastToShape<[3], [-2, 3], { mode: "bidirectional" }>>>().toEqualTypeOf<
  "broadcastToShape (bidirectional): size -2 at axis 0 of the target is not a non-negative integer; cannot broadcast [3] to [-2, 3]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[1e21], [1]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): size 1e+21 at axis 0 of a is not a non-negative integer; cannot broadcast [1e+21] with [1]"
>();
// @ts-expect-error -- size -1 at axis 0 of a
broadcastShapes([-1], [1]);

// A stray spec field: the TypeError's text at the type level, an excess-property error at a call
expectTypeOf<ErrorMessage<BroadcastShapes<[2], [2], { mode: "numpy"; axis: 1 }>>>().toEqualTypeOf<
  `broadcastShapes: spec field "axis" is not allowed with mode "numpy"`
>();
expectTypeOf<ErrorMessage<BroadcastToShape<[2], [2], { mode: "bidirectional"; axesMapping: [0] }>>>().toEqualTypeOf<
  `broadcastToShape: spec field "axesMapping" is not allowed with mode "bidirectional"`
>();
// @ts-expect-error -- 'axis' does not exist in type '{ readonly mode: "numpy"; }'
broadcastShapes([2], [2], { mode: "numpy", axis: 1 });
// @ts-expect-error -- an unknown mode
broadcastShapes([2], [2], { mode: "numpyy" });
// @ts-expect-error -- a broadcast-to mode in a binary spec
broadcastShapes([2], [2], { mode: "bidirectional" });
// @ts-expect-error -- a shape must be an array of numbers
broadcastShapes("2, 3", [3]);
// @ts-expect-error -- sizes are numbers
broadcastToShape([2, "3"], [2, 3]);

// The error type and the error class
expectTypeOf<IsShapeError<BroadcastShapes<[3], [2]>>>().toEqualTypeOf<true>();
expectTypeOf<IsShapeError<BroadcastShapes<[3], [3]>>>().toEqualTypeOf<false>();
expectTypeOf<BroadcastShapes<[3], [2]>>().toMatchTypeOf<ShapeTypeError<string>>();
expectTypeOf<ShapeError>().toMatchTypeOf<Error>();
expectTypeOf<ShapeError["axis"]>().toEqualTypeOf<number | undefined>();
expectTypeOf<ShapeError["sizes"]>().toEqualTypeOf<readonly [number, number] | undefined>();
expectTypeOf<ShapeError["a"]>().toEqualTypeOf<readonly number[]>();

// The types-only entry carries the same algebra
import type { BroadcastShapes as BroadcastShapesFromTypes, ErrorMessage as ErrorMessageFromTypes } from "shapecast/types";
expectTypeOf<BroadcastShapesFromTypes<[2, 1], [3]>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<ErrorMessageFromTypes<BroadcastShapesFromTypes<[3], [2]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]"
>();
