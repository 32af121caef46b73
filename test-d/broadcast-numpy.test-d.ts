/**
 * docs/broadcasting.md §2.2 (numpy, the default) at the type level, row by row.
 * `expectTypeOf` (expect-type) asserts exact types under every compiler that
 * checks this folder (tsd's 5.9, TypeScript 6 and 7); tsd's `expectType`
 * adds its own identity check.
 */
import { expectTypeOf } from "expect-type";
import { expectType } from "tsd";
import { broadcastShapes, type BroadcastShapes, type ErrorMessage } from "shapecast";

// Rows that fit
expectTypeOf<BroadcastShapes<[], []>>().toEqualTypeOf<[]>();
expectTypeOf<BroadcastShapes<[2, 3], [1]>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[3], [2, 3]>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[2, 3, 5], []>>().toEqualTypeOf<[2, 3, 5]>();
expectTypeOf<BroadcastShapes<[2, 1, 5], [1, 4, 5]>>().toEqualTypeOf<[2, 4, 5]>();
expectTypeOf<BroadcastShapes<[6, 5], [2, 1, 5]>>().toEqualTypeOf<[2, 6, 5]>();
expectTypeOf<BroadcastShapes<[2, 1, 5], [4, 1]>>().toEqualTypeOf<[2, 4, 5]>();
expectTypeOf<BroadcastShapes<[3, 2, 1, 4], [5, 4]>>().toEqualTypeOf<[3, 2, 5, 4]>();
expectTypeOf<BroadcastShapes<[1, 5, 3], [5, 2, 1, 3]>>().toEqualTypeOf<[5, 2, 5, 3]>();
expectTypeOf<BroadcastShapes<[2, 1], [2, 3]>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[1, 2, 5], [7, 2, 5]>>().toEqualTypeOf<[7, 2, 5]>();
expectTypeOf<BroadcastShapes<[7, 2, 5], [7, 1, 5]>>().toEqualTypeOf<[7, 2, 5]>();
expectTypeOf<BroadcastShapes<[2, 1], [1, 3]>>().toEqualTypeOf<[2, 3]>(); // outer operation
expectTypeOf<BroadcastShapes<[0], [1]>>().toEqualTypeOf<[0]>(); // 0 vs 1 gives 0
expectTypeOf<BroadcastShapes<[2, 3], [3], { mode: "numpy" }>>().toEqualTypeOf<[2, 3]>(); // the explicit default

// Rows that fail, with the exact message
expectTypeOf<ErrorMessage<BroadcastShapes<[3], [2]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[3, 1, 5], [4, 4, 5]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 0 has 3 vs 4; cannot broadcast [3, 1, 5] with [4, 4, 5]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[7, 2, 5], [7, 2, 6]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 2 has 5 vs 6; cannot broadcast [7, 2, 5] with [7, 2, 6]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[0], [3]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 0 has 0 vs 3; cannot broadcast [0] with [3]"
>();
// NumPy compares trailing axes first: the first offending axis is the rightmost one
expectTypeOf<ErrorMessage<BroadcastShapes<[3, 4], [2, 5]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 1 has 4 vs 5; cannot broadcast [3, 4] with [2, 5]"
>();

// The runtime function carries the same types: literal shapes in, a literal shape out
expectType<[2, 4, 5]>(broadcastShapes([2, 1, 5], [4, 1]));
expectTypeOf(broadcastShapes([2, 1, 5], [4, 1])).toEqualTypeOf<[2, 4, 5]>();
expectTypeOf(broadcastShapes([], [])).toEqualTypeOf<[]>();

// A misfit is a compile error at the offending argument, whose type is the message
// (tsd's `expectError` is not used: TypeScript 6 and 7 check these files too, and
// for them it is an ordinary call; `@ts-expect-error` means the same to all three.)
// @ts-expect-error -- TS2345: Argument of type 'number[]' is not assignable to parameter of type '"broadcastShapes (numpy): axis 1 has 3 vs 4; ..."'
broadcastShapes([2, 3], [4]);
declare const misfit: Parameters<typeof broadcastShapes<[2, 3], [4]>>[1];
expectTypeOf(misfit).toEqualTypeOf<"broadcastShapes (numpy): axis 1 has 3 vs 4; cannot broadcast [2, 3] with [4]">();
// ... and the call still returns a shape of unknown rank, so one mistake gives one error
expectTypeOf<ReturnType<typeof broadcastShapes<[2, 3], [4]>>>().toEqualTypeOf<number[]>();
