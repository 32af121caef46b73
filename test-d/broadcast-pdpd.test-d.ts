/** docs/broadcasting.md §2.4 (mode `pdpd`, OpenVINO PDPD): only b onto a, aligned at axis. */
import { expectTypeOf } from "expect-type";
import { broadcastShapes, type BroadcastShapes, type ErrorMessage } from "shapecast";

// (asked as `[Axis] extends [undefined]`: with strictNullChecks off `undefined` extends `number`)
type Pdpd<Axis extends number | undefined = undefined> = [Axis] extends [undefined] ? { mode: "pdpd" } : { mode: "pdpd"; axis: Axis };

expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [3, 4], Pdpd<1>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [3, 1], Pdpd<1>>>().toEqualTypeOf<[2, 3, 4, 5]>(); // trailing 1s ignored
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [4, 5], Pdpd<-1>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [4, 5], Pdpd<2>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [4, 5], Pdpd>>().toEqualTypeOf<[2, 3, 4, 5]>(); // axis defaults to -1
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [1, 3], Pdpd<0>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [], Pdpd<-1>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [5], Pdpd<-1>>>().toEqualTypeOf<[2, 3, 4, 5]>();
expectTypeOf<BroadcastShapes<[2, 3, 4, 5], [5], Pdpd<3>>>().toEqualTypeOf<[2, 3, 4, 5]>();

expectTypeOf<ErrorMessage<BroadcastShapes<[8, 1, 6, 1], [7, 1, 5], Pdpd<1>>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): axis 1 has 1 vs 7; cannot broadcast [8, 1, 6, 1] with [7, 1, 5]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [2, 2, 3], Pdpd>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): b has rank 3 > rank 2 of a (pdpd broadcasts only b onto a); cannot broadcast [2, 3] with [2, 2, 3]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4, 5], [4, 5], Pdpd<-2>>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): axis -2 must be -1 or a non-negative integer; cannot broadcast [2, 3, 4, 5] with [4, 5]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4, 5], [4, 5], Pdpd<1.5>>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): axis 1.5 must be -1 or a non-negative integer; cannot broadcast [2, 3, 4, 5] with [4, 5]"
>();
// the fix names the axes at which b would fit
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4, 5], [4, 5], Pdpd<3>>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): b (2 axes from axis 3) does not fit in a's rank 4; cannot broadcast [2, 3, 4, 5] with [4, 5]; axis 2 fits"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3, 4, 5], [4, 5], Pdpd<1>>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): axis 1 has 3 vs 4; cannot broadcast [2, 3, 4, 5] with [4, 5]; axis 2 fits"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[3, 3, 3], [3], Pdpd<5>>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): b (1 axis from axis 5) does not fit in a's rank 3; cannot broadcast [3, 3, 3] with [3]; axes 0, 1 or 2 fit"
>();
// a huge axis costs nothing: it is compared with the rank before anything counts to it
expectTypeOf<ErrorMessage<BroadcastShapes<[2, 3], [3], Pdpd<100000>>>>().toEqualTypeOf<
  "broadcastShapes (pdpd): b (1 axis from axis 100000) does not fit in a's rank 2; cannot broadcast [2, 3] with [3]; axis 1 fits"
>();

expectTypeOf(broadcastShapes([2, 3, 4, 5], [3, 4], { mode: "pdpd", axis: 1 })).toEqualTypeOf<[2, 3, 4, 5]>();
// @ts-expect-error -- only b onto a
broadcastShapes([8, 1, 6, 1], [7, 1, 5], { mode: "pdpd", axis: 1 });
// An axis not known at compile time: pdpd's result is a's shape whenever it succeeds
declare const axis: number;
expectTypeOf(broadcastShapes([2, 3, 4, 5], [3, 4], { mode: "pdpd", axis })).toEqualTypeOf<[2, 3, 4, 5]>();
