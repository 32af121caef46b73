/** docs/broadcasting.md §2.1 (mode `none`, OpenVINO NONE): identical shapes only, scalars included. */
import { expectTypeOf } from "expect-type";
import { broadcastShapes, type BroadcastShapes, type ErrorMessage } from "shapecast";

type None = { mode: "none" };

expectTypeOf<BroadcastShapes<[2, 3], [2, 3], None>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<[], [], None>>().toEqualTypeOf<[]>();
expectTypeOf<BroadcastShapes<[0, 4], [0, 4], None>>().toEqualTypeOf<[0, 4]>();

// No implicit broadcasting, not even of a scalar or a 1; the fix says what numpy mode would give
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [3], None>>>().toEqualTypeOf<
  `broadcastShapes (none): rank 2 vs 1; cannot broadcast [2, 3] with [3]; mode "numpy" would broadcast them to [2, 3]`
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [], None>>>().toEqualTypeOf<
  `broadcastShapes (none): rank 2 vs 0; cannot broadcast [2, 3] with []; mode "numpy" would broadcast them to [2, 3]`
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [2, 1], None>>>().toEqualTypeOf<
  `broadcastShapes (none): axis 1 has 3 vs 1; cannot broadcast [2, 3] with [2, 1]; mode "numpy" would broadcast them to [2, 3]`
>();
// ... and no fix when numpy mode fails too
expectTypeOf<ErrorMessage<BroadcastShapes<[7, 2, 5], [7, 2, 6], None>>>().toEqualTypeOf<
  "broadcastShapes (none): axis 2 has 5 vs 6; cannot broadcast [7, 2, 5] with [7, 2, 6]"
>();

expectTypeOf(broadcastShapes([4, 5], [4, 5], { mode: "none" })).toEqualTypeOf<[4, 5]>();
// @ts-expect-error -- rank 2 vs 1
broadcastShapes([2, 3], [3], { mode: "none" });
