/**
 * What only strictNullChecks can tell: with it off (`strict: false`), `T | undefined`
 * is `T`, so a type cannot say that a value may be `undefined`. The compiler-options
 * matrix (`npm run test:matrix`) leaves this file out of its `strict: false` runs.
 */
import { expectTypeOf } from "expect-type";
import type { BroadcastShapes } from "shapecast";

// A spec field that may be `undefined` does not pin the field: the result is left to the runtime
expectTypeOf<BroadcastShapes<[2, 3], [3], { mode: "xla"; broadcastDimensions: [1] | undefined }>>().toEqualTypeOf<number[]>();
expectTypeOf<BroadcastShapes<[2, 3], [2], { mode: "pdpd"; axis: 1 | undefined }>>().toEqualTypeOf<[2, 3]>();
