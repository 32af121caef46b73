/**
 * Every row of the tables in docs/broadcasting.md §2–3, with the result or
 * the exact message (the document's tables and this one hold the same rows).
 * The runtime tests (test/shape/broadcast.test.ts) and the compiler harness
 * (test/parity.test.ts) both run this table; test-d/ spells the same rows
 * as type assertions.
 */
import type { BroadcastSpec, BroadcastToSpec } from "../src/index.js";

export type SpecRow =
  | {
      readonly kind: "binary";
      readonly a: readonly number[];
      readonly b: readonly number[];
      readonly spec: BroadcastSpec;
      readonly expected: readonly number[] | { readonly error: string };
    }
  | {
      readonly kind: "to";
      readonly a: readonly number[];
      readonly b: readonly number[];
      readonly spec: BroadcastToSpec;
      readonly expected: readonly number[] | { readonly error: string };
    };

const numpy = { mode: "numpy" } as const;
const none = { mode: "none" } as const;
const xla = (broadcastDimensions?: readonly number[]): BroadcastSpec =>
  broadcastDimensions === undefined ? { mode: "xla" } : { mode: "xla", broadcastDimensions };
const pdpd = (axis?: number): BroadcastSpec => (axis === undefined ? { mode: "pdpd" } : { mode: "pdpd", axis });
const bin = (a: readonly number[], b: readonly number[], spec: BroadcastSpec, expected: SpecRow["expected"]): SpecRow => ({
  kind: "binary",
  a,
  b,
  spec,
  expected,
});
const to = (a: readonly number[], b: readonly number[], spec: BroadcastToSpec, expected: SpecRow["expected"]): SpecRow => ({
  kind: "to",
  a,
  b,
  spec,
  expected,
});
const err = (error: string) => ({ error });

export const specTable: readonly SpecRow[] = [
  // §2.1 none
  bin([2, 3], [2, 3], none, [2, 3]),
  bin([], [], none, []),
  bin([2, 3], [3], none, err(`broadcastShapes (none): rank 2 vs 1; cannot broadcast [2, 3] with [3]; mode "numpy" would broadcast them to [2, 3]`)),
  bin([2, 3], [], none, err(`broadcastShapes (none): rank 2 vs 0; cannot broadcast [2, 3] with []; mode "numpy" would broadcast them to [2, 3]`)),
  bin([2, 3], [2, 1], none, err(`broadcastShapes (none): axis 1 has 3 vs 1; cannot broadcast [2, 3] with [2, 1]; mode "numpy" would broadcast them to [2, 3]`)),
  bin([7, 2, 5], [7, 2, 6], none, err(`broadcastShapes (none): axis 2 has 5 vs 6; cannot broadcast [7, 2, 5] with [7, 2, 6]`)),

  // §2.2 numpy
  bin([], [], numpy, []),
  bin([2, 3], [1], numpy, [2, 3]),
  bin([3], [2, 3], numpy, [2, 3]),
  bin([2, 3, 5], [], numpy, [2, 3, 5]),
  bin([2, 1, 5], [1, 4, 5], numpy, [2, 4, 5]),
  bin([6, 5], [2, 1, 5], numpy, [2, 6, 5]),
  bin([2, 1, 5], [4, 1], numpy, [2, 4, 5]),
  bin([3, 2, 1, 4], [5, 4], numpy, [3, 2, 5, 4]),
  bin([1, 5, 3], [5, 2, 1, 3], numpy, [5, 2, 5, 3]),
  bin([3], [2], numpy, err("broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]")),
  bin([3, 1, 5], [4, 4, 5], numpy, err("broadcastShapes (numpy): axis 0 has 3 vs 4; cannot broadcast [3, 1, 5] with [4, 4, 5]")),
  bin([2, 1], [2, 3], numpy, [2, 3]),
  bin([1, 2, 5], [7, 2, 5], numpy, [7, 2, 5]),
  bin([7, 2, 5], [7, 1, 5], numpy, [7, 2, 5]),
  bin([7, 2, 5], [7, 2, 6], numpy, err("broadcastShapes (numpy): axis 2 has 5 vs 6; cannot broadcast [7, 2, 5] with [7, 2, 6]")),
  bin([2, 1], [1, 3], numpy, [2, 3]),
  bin([0], [1], numpy, [0]),
  bin([0], [3], numpy, err("broadcastShapes (numpy): axis 0 has 0 vs 3; cannot broadcast [0] with [3]")),

  // §2.3 xla
  bin([2, 3], [], xla(), [2, 3]),
  bin([2, 3], [3], xla([1]), [2, 3]),
  bin([2, 3], [3], xla(), err("broadcastShapes (xla): ranks 2 and 1 differ and no broadcastDimensions were given; cannot broadcast [2, 3] with [3]; valid broadcastDimensions: [1]")),
  bin([2, 3], [3], xla([0]), err("broadcastShapes (xla): axis 0 has 2 vs 3; cannot broadcast [2, 3] with [3]; valid broadcastDimensions: [1]")),
  bin([3, 3], [3], xla([1]), [3, 3]),
  bin([3, 3], [3], xla([0]), [3, 3]),
  bin([3, 3], [3], xla(), err("broadcastShapes (xla): ranks 2 and 1 differ and no broadcastDimensions were given; cannot broadcast [3, 3] with [3]; valid broadcastDimensions: [0] or [1]")),
  bin([2, 3, 4], [3, 4], xla([1, 2]), [2, 3, 4]),
  bin([2, 3, 4, 5], [4], xla([2]), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [1], xla([0]), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [4, 5], xla([2, 3]), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [3, 4], xla([1, 2]), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [2, 5], xla([0, 3]), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [4, 3], xla([2, 1]), err("broadcastShapes (xla): broadcastDimensions [2, 1] is not strictly increasing at entry 1; cannot broadcast [2, 3, 4, 5] with [4, 3]; no broadcastDimensions fit")),
  bin([4], [1, 2], xla([0]), [4, 2]),
  bin([1, 2], [4, 3, 1], xla([1, 2]), [4, 3, 2]),
  bin([2, 1], [2, 3], xla(), [2, 3]),
  bin([2, 1], [1, 3], xla(), [2, 3]),
  bin([7, 2, 5], [7, 2, 6], xla(), err("broadcastShapes (xla): axis 2 has 5 vs 6; cannot broadcast [7, 2, 5] with [7, 2, 6]")),
  bin([2, 3], [2, 3], xla([1, 0]), err("broadcastShapes (xla): broadcastDimensions [1, 0] must be empty or the identity for operands of equal rank; cannot broadcast [2, 3] with [2, 3]")),
  bin([2, 3], [], xla([0]), err("broadcastShapes (xla): broadcastDimensions [0] must be empty for a scalar operand; cannot broadcast [2, 3] with []")),
  bin([2, 3, 4], [3], xla([0, 1]), err("broadcastShapes (xla): broadcastDimensions [0, 1] has 2 entries but the lower rank is 1; cannot broadcast [2, 3, 4] with [3]; valid broadcastDimensions: [1]")),
  bin([2, 3, 4], [3], xla([3]), err("broadcastShapes (xla): broadcastDimensions[0] = 3 is not an axis of a rank-3 shape; cannot broadcast [2, 3, 4] with [3]; valid broadcastDimensions: [1]")),
  bin([2, 3, 4], [3, 4], xla([1, 1]), err("broadcastShapes (xla): broadcastDimensions [1, 1] is not strictly increasing at entry 1; cannot broadcast [2, 3, 4] with [3, 4]; valid broadcastDimensions: [1, 2]")),

  // §2.4 pdpd
  bin([2, 3, 4, 5], [3, 4], pdpd(1), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [3, 1], pdpd(1), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [4, 5], pdpd(-1), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [4, 5], pdpd(2), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [4, 5], pdpd(), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [1, 3], pdpd(0), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [], pdpd(-1), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [5], pdpd(-1), [2, 3, 4, 5]),
  bin([2, 3, 4, 5], [5], pdpd(3), [2, 3, 4, 5]),
  bin([8, 1, 6, 1], [7, 1, 5], pdpd(1), err("broadcastShapes (pdpd): axis 1 has 1 vs 7; cannot broadcast [8, 1, 6, 1] with [7, 1, 5]")),
  bin([2, 3], [2, 2, 3], pdpd(), err("broadcastShapes (pdpd): b has rank 3 > rank 2 of a (pdpd broadcasts only b onto a); cannot broadcast [2, 3] with [2, 2, 3]")),
  bin([2, 3, 4, 5], [4, 5], pdpd(-2), err("broadcastShapes (pdpd): axis -2 must be -1 or a non-negative integer; cannot broadcast [2, 3, 4, 5] with [4, 5]")),
  bin([2, 3, 4, 5], [4, 5], pdpd(3), err("broadcastShapes (pdpd): b (2 axes from axis 3) does not fit in a's rank 4; cannot broadcast [2, 3, 4, 5] with [4, 5]; axis 2 fits")),
  bin([2, 3, 4, 5], [4, 5], pdpd(1), err("broadcastShapes (pdpd): axis 1 has 3 vs 4; cannot broadcast [2, 3, 4, 5] with [4, 5]; axis 2 fits")),
  bin([3, 3, 3], [3], pdpd(5), err("broadcastShapes (pdpd): b (1 axis from axis 5) does not fit in a's rank 3; cannot broadcast [3, 3, 3] with [3]; axes 0, 1 or 2 fit")),

  // §3 broadcast to a target
  to([3, 1], [2, 3, 4], { mode: "numpy" }, [2, 3, 4]),
  to([3], [3, 4], { mode: "numpy" }, err(`broadcastToShape (numpy): axis 1 has 3 vs 4; cannot broadcast [3] to [3, 4]; mode "explicit" fits with axesMapping [0]`)),
  to([2, 3], [3], { mode: "numpy" }, err("broadcastToShape (numpy): rank 2 vs 1; cannot broadcast [2, 3] to [3]")),
  to([3], [1], { mode: "numpy" }, err("broadcastToShape (numpy): axis 0 has 3 vs 1; cannot broadcast [3] to [1]")),
  to([5], [1], { mode: "bidirectional" }, [5]),
  to([2, 3], [3], { mode: "bidirectional" }, [2, 3]),
  to([3, 1], [3, 4], { mode: "bidirectional" }, [3, 4]),
  to([3, 4], [], { mode: "bidirectional" }, [3, 4]),
  to([3, 1], [2, 1, 6], { mode: "bidirectional" }, [2, 3, 6]),
  to([3, 2], [2, 1, 6], { mode: "bidirectional" }, err("broadcastToShape (bidirectional): axis 2 has 2 vs 6; cannot broadcast [3, 2] to [2, 1, 6]")),
  to([3], [3, 4], { mode: "explicit", axesMapping: [0] }, [3, 4]),
  to([1, 4], [3, 4, 5], { mode: "explicit", axesMapping: [0, 1] }, [3, 4, 5]),
  to([3], [3, 4], { mode: "explicit", axesMapping: [1] }, err("broadcastToShape (explicit): axis 1 has 3 vs 4; cannot broadcast [3] to [3, 4]; valid axesMapping: [0]")),
  to([3, 4], [3, 4, 5], { mode: "explicit", axesMapping: [0] }, err("broadcastToShape (explicit): axesMapping [0] has 1 entry but the input's rank is 2; cannot broadcast [3, 4] to [3, 4, 5]; valid axesMapping: [0, 1]")),
  to([3, 4], [4, 3, 4], { mode: "explicit", axesMapping: [2, 1] }, err("broadcastToShape (explicit): axesMapping [2, 1] is not strictly increasing at entry 1; cannot broadcast [3, 4] to [4, 3, 4]; valid axesMapping: [1, 2]")),
];
