/** docs/broadcasting.md §3: broadcasting one shape to a target, modes numpy, bidirectional and explicit. */
import { expectTypeOf } from "expect-type";
import { broadcastToShape, type BroadcastToShape, type ErrorMessage } from "shapecast";

// numpy (default): one way, like np.broadcast_to; the result is the target
expectTypeOf<BroadcastToShape<[3, 1], [2, 3, 4]>>().toEqualTypeOf<[2, 3, 4]>();
expectTypeOf<BroadcastToShape<[], [2, 3]>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastToShape<[1], [0]>>().toEqualTypeOf<[0]>();
expectTypeOf<ErrorMessage<BroadcastToShape<[3], [3, 4]>>>().toEqualTypeOf<
  `broadcastToShape (numpy): axis 1 has 3 vs 4; cannot broadcast [3] to [3, 4]; mode "explicit" fits with axesMapping [0]`
>();
expectTypeOf<ErrorMessage<BroadcastToShape<[3], [1]>>>().toEqualTypeOf<
  "broadcastToShape (numpy): axis 0 has 3 vs 1; cannot broadcast [3] to [1]"
>();
expectTypeOf<ErrorMessage<BroadcastToShape<[2, 3], [3]>>>().toEqualTypeOf<
  "broadcastToShape (numpy): rank 2 vs 1; cannot broadcast [2, 3] to [3]"
>();

// bidirectional: the shape of input * ones(target)
type Bi = { mode: "bidirectional" };
expectTypeOf<BroadcastToShape<[5], [1], Bi>>().toEqualTypeOf<[5]>();
expectTypeOf<BroadcastToShape<[2, 3], [3], Bi>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastToShape<[3, 1], [3, 4], Bi>>().toEqualTypeOf<[3, 4]>();
expectTypeOf<BroadcastToShape<[3, 4], [], Bi>>().toEqualTypeOf<[3, 4]>();
expectTypeOf<BroadcastToShape<[3, 1], [2, 1, 6], Bi>>().toEqualTypeOf<[2, 3, 6]>();
expectTypeOf<ErrorMessage<BroadcastToShape<[3, 2], [2, 1, 6], Bi>>>().toEqualTypeOf<
  "broadcastToShape (bidirectional): axis 2 has 2 vs 6; cannot broadcast [3, 2] to [2, 1, 6]"
>();

// explicit: axesMapping[i] is the target axis of input axis i
type Explicit<Mapping extends readonly number[]> = { mode: "explicit"; axesMapping: Mapping };
expectTypeOf<BroadcastToShape<[3], [3, 4], Explicit<[0]>>>().toEqualTypeOf<[3, 4]>();
expectTypeOf<BroadcastToShape<[1, 4], [3, 4, 5], Explicit<[0, 1]>>>().toEqualTypeOf<[3, 4, 5]>();
expectTypeOf<BroadcastToShape<[], [3, 4], Explicit<[]>>>().toEqualTypeOf<[3, 4]>();
expectTypeOf<ErrorMessage<BroadcastToShape<[3], [3, 4], Explicit<[1]>>>>().toEqualTypeOf<
  "broadcastToShape (explicit): axis 1 has 3 vs 4; cannot broadcast [3] to [3, 4]; valid axesMapping: [0]"
>();
expectTypeOf<ErrorMessage<BroadcastToShape<[3, 4], [3, 4, 5], Explicit<[0]>>>>().toEqualTypeOf<
  "broadcastToShape (explicit): axesMapping [0] has 1 entry but the input's rank is 2; cannot broadcast [3, 4] to [3, 4, 5]; valid axesMapping: [0, 1]"
>();
expectTypeOf<ErrorMessage<BroadcastToShape<[3, 4], [4, 3, 4], Explicit<[2, 1]>>>>().toEqualTypeOf<
  "broadcastToShape (explicit): axesMapping [2, 1] is not strictly increasing at entry 1; cannot broadcast [3, 4] to [4, 3, 4]; valid axesMapping: [1, 2]"
>();

expectTypeOf(broadcastToShape([3, 1], [2, 1, 6], { mode: "bidirectional" })).toEqualTypeOf<[2, 3, 6]>();
expectTypeOf(broadcastToShape([3], [3, 4], { mode: "explicit", axesMapping: [0] })).toEqualTypeOf<[3, 4]>();
// @ts-expect-error -- one way only: 3 cannot become 4
broadcastToShape([3], [3, 4]);
// @ts-expect-error -- explicit mode needs axesMapping
broadcastToShape([3], [3, 4], { mode: "explicit" });
