/** docs/broadcasting.md §2.3 (mode `xla`): explicit broadcastDimensions, degenerate dimensions, their composition. */
import { expectTypeOf } from "expect-type";
import { broadcastShapes, type BroadcastShapes, type ErrorMessage } from "shapecast";

// (asked as `[Dims] extends [undefined]`: with strictNullChecks off `undefined` extends every array type)
type Xla<Dims extends readonly number[] | undefined = undefined> = [Dims] extends [undefined]
  ? { mode: "xla" }
  : { mode: "xla"; broadcastDimensions: Dims };

// A scalar broadcasts to anything, with no dims
expectTypeOf<BroadcastShapes<[2, 3], [], Xla>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[], [2, 3], Xla<[]>>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[], [], Xla>>().toEqualTypeOf<[]>();
// Different ranks: broadcastDimensions maps the lower rank's axes
expectTypeOf<BroadcastShapes<[2, 3], [3], Xla<[1]>>>().toEqualTypeOf<[2, 3]>(); // each row gets the vector
expectTypeOf<BroadcastShapes<[3, 3], [3], Xla<[1]>>>().toEqualTypeOf<[3, 3]>();
expectTypeOf<BroadcastShapes<[3, 3], [3], Xla<[0]>>>().toEqualTypeOf<[3, 3]>(); // row i is all v[i]
expectTypeOf<BroadcastShapes<[2, 3, 4], [3, 4], Xla<[1, 2]>>>().toEqualTypeOf<[2, 3, 4]>();
expectTypeOf<BroadcastShapes<[3], [2, 3], Xla<[1]>>>().toEqualTypeOf<[2, 3]>(); // the lower rank may be a
// M x N x P x Q with [T]: valid when T equals axis k's size or is 1
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [4], Xla<[2]>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [1], Xla<[3]>>>().toEqualTypeOf<[2, 3, 4, 5]>();
// M x N x P x Q with [T, V]: dims [2, 3], [1, 2], [0, 3]
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [4, 5], Xla<[2, 3]>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [3, 4], Xla<[1, 2]>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [2, 5], Xla<[0, 3]>>>().toEqualTypeOf<[2, 3, 4, 5]>();
// Composition: in-dim, then degenerate
expectTypeOf<BroadcastShapes<[4], [1, 2], Xla<[0]>>>().toEqualTypeOf<[4, 2]>();
expectTypeOf<BroadcastShapes<[1, 2], [4, 3, 1], Xla<[1, 2]>>>().toEqualTypeOf<[4, 3, 2]>();
// Equal ranks: degenerate dims, dims absent, empty or the identity
expectTypeOf<BroadcastShapes<[2, 1], [2, 3], Xla>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[2, 1], [1, 3], Xla>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[2, 1], [1, 3], Xla<[]>>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[2, 1], [1, 3], Xla<[0, 1]>>>().toEqualTypeOf<[2, 3]>();

// Errors, each with the valid broadcastDimensions as the fix
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [3], Xla>>>().toEqualTypeOf<
  "broadcastShapes (xla): ranks 2 and 1 differ and no broadcastDimensions were given; cannot broadcast [2, 3] with [3]; valid broadcastDimensions: [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[3, 3], [3], Xla>>>().toEqualTypeOf<
  "broadcastShapes (xla): ranks 2 and 1 differ and no broadcastDimensions were given; cannot broadcast [3, 3] with [3]; valid broadcastDimensions: [0] or [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [3], Xla<[0]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): axis 0 has 2 vs 3; cannot broadcast [2, 3] with [3]; valid broadcastDimensions: [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[3], [2, 3], Xla<[0]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): axis 0 has 3 vs 2; cannot broadcast [3] with [2, 3]; valid broadcastDimensions: [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4, 5], [4, 3], Xla<[2, 1]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions [2, 1] is not strictly increasing at entry 1; cannot broadcast [2, 3, 4, 5] with [4, 3]; no broadcastDimensions fit"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4], [3, 4], Xla<[1, 1]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions [1, 1] is not strictly increasing at entry 1; cannot broadcast [2, 3, 4] with [3, 4]; valid broadcastDimensions: [1, 2]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4], [3], Xla<[3]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions[0] = 3 is not an axis of a rank-3 shape; cannot broadcast [2, 3, 4] with [3]; valid broadcastDimensions: [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4], [3], Xla<[-1]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions[0] = -1 is not an axis of a rank-3 shape; cannot broadcast [2, 3, 4] with [3]; valid broadcastDimensions: [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4], [3], Xla<[0.5]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions[0] = 0.5 is not an axis of a rank-3 shape; cannot broadcast [2, 3, 4] with [3]; valid broadcastDimensions: [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4], [3], Xla<[0, 1]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions [0, 1] has 2 entries but the lower rank is 1; cannot broadcast [2, 3, 4] with [3]; valid broadcastDimensions: [1]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [2, 3], Xla<[1, 0]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions [1, 0] must be empty or the identity for operands of equal rank; cannot broadcast [2, 3] with [2, 3]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [], Xla<[0]>>>>().toEqualTypeOf<
  "broadcastShapes (xla): broadcastDimensions [0] must be empty for a scalar operand; cannot broadcast [2, 3] with []"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[7, 2, 5], [7, 2, 6], Xla>>>().toEqualTypeOf<
  "broadcastShapes (xla): axis 2 has 5 vs 6; cannot broadcast [7, 2, 5] with [7, 2, 6]"
>();
// at most six fixes, then "..."
expectTypeOf<ErrorMessage<BroadcastShapes<[1, 1, 1, 1, 1], [1, 1], Xla>>>().toEqualTypeOf<
  "broadcastShapes (xla): ranks 5 and 2 differ and no broadcastDimensions were given; cannot broadcast [1, 1, 1, 1, 1] with [1, 1]; valid broadcastDimensions: [0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], ..."
>();

// At a call: the spec object is inferred as literally as the shapes
expectTypeOf(broadcastShapes([2, 3], [3], { mode: "xla", broadcastDimensions: [1] })).toEqualTypeOf<[2, 3]>();
// @ts-expect-error -- XLA needs broadcastDimensions when ranks differ
broadcastShapes([2, 3], [3], { mode: "xla" });
// A spec whose dims are not known at compile time: the runtime checks, the result has unknown rank
declare const someDims: readonly number[];
expectTypeOf(broadcastShapes([2, 3], [3], { mode: "xla", broadcastDimensions: someDims })).toEqualTypeOf<number[]>();
