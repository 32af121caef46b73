/**
 * docs/broadcasting.md §4: sizes and ranks the compiler cannot know. `number` is a dynamic
 * size (checked at run time), `Dim<"name">` a symbolic one (equal only to
 * itself), `number[]` a dynamic rank.
 */
import { expectTypeOf } from "expect-type";
import {
  broadcastShapes, broadcastToShape, concat, flatten, pad, reshape, split, squeeze, tile, zeros,
  type BroadcastShapes, type BroadcastToShape, type ConcatShape, type Dim, type ErrorMessage, type LastSplitParts, type PaddedShape, type RegroupedParts, type SplitShapes, type Tensor, type TiledShape,
} from "shapecast";

// number vs 1 gives number; number vs a literal n gives n; number vs number gives number
expectTypeOf<BroadcastShapes<[number], [1]>>().toEqualTypeOf<[number]>();
expectTypeOf<BroadcastShapes<[number], [7]>>().toEqualTypeOf<[7]>();
expectTypeOf<BroadcastShapes<[7], [number]>>().toEqualTypeOf<[7]>();
expectTypeOf<BroadcastShapes<[number], [number]>>().toEqualTypeOf<[number]>();
expectTypeOf<BroadcastShapes<[number, 3], [5, 1, 3]>>().toEqualTypeOf<[5, number, 3]>();
// in every mode
expectTypeOf<BroadcastShapes<[number, 3], [3, number], { mode: "none" }>>().toEqualTypeOf<[3, 3]>();
expectTypeOf<BroadcastShapes<[number, 3], [3], { mode: "xla"; broadcastDimensions: [1] }>>().toEqualTypeOf<[number, 3]>();
expectTypeOf<BroadcastShapes<[2, 1], [number], { mode: "xla"; broadcastDimensions: [1] }>>().toEqualTypeOf<[2, number]>();
expectTypeOf<BroadcastShapes<[2, number, 4], [3, 4], { mode: "pdpd"; axis: 1 }>>().toEqualTypeOf<[2, number, 4]>();
expectTypeOf<BroadcastToShape<[5], [number]>>().toEqualTypeOf<[5]>();
expectTypeOf<BroadcastToShape<[number], [5]>>().toEqualTypeOf<[5]>();
expectTypeOf<BroadcastToShape<[3], [number, number], { mode: "explicit"; axesMapping: [1] }>>().toEqualTypeOf<[number, 3]>();

// A dynamic rank makes the result's rank dynamic: the runtime checks
expectTypeOf<BroadcastShapes<number[], [3]>>().toEqualTypeOf<number[]>();
expectTypeOf<BroadcastShapes<[2, 3], readonly number[], { mode: "xla" }>>().toEqualTypeOf<number[]>();
expectTypeOf<BroadcastToShape<[3], number[]>>().toEqualTypeOf<number[]>();
declare const fromFile: number[];
expectTypeOf(broadcastShapes(fromFile, [3])).toEqualTypeOf<number[]>();
expectTypeOf(broadcastToShape([3], fromFile, { mode: "bidirectional" })).toEqualTypeOf<number[]>();

// Symbolic sizes: equal only to themselves, broadcastable with 1
type Batch = Dim<"batch">;
type Seq = Dim<"seq">;
expectTypeOf<BroadcastShapes<[Batch, 3], [1, 3]>>().toEqualTypeOf<[Batch, 3]>();
expectTypeOf<BroadcastShapes<[Batch, 1, 4], [Batch, 7, 1]>>().toEqualTypeOf<[Batch, 7, 4]>();
// a dynamic size with a symbolic one is dynamic: the symbolic size may be 1 at run time, and the
// result then the dynamic size (with batch = 1 and 5 rows, [batch, 3] with [number, 1] is [5, 3])
expectTypeOf<BroadcastShapes<[Batch, 3], [number, 1]>>().toEqualTypeOf<[number, 3]>();
expectTypeOf<BroadcastShapes<[number], [Batch]>>().toEqualTypeOf<[number]>();
expectTypeOf<BroadcastToShape<[Batch], [number]>>().toEqualTypeOf<[number]>();
expectTypeOf<BroadcastToShape<[number], [Batch]>>().toEqualTypeOf<[Batch]>();
expectTypeOf<ErrorMessage<BroadcastShapes<[Batch, 3], [Seq, 3]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 0 has batch vs seq; cannot broadcast [batch, 3] with [seq, 3]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[Batch], [3]>>>().toEqualTypeOf<
  "broadcastShapes (numpy): axis 0 has batch vs 3; cannot broadcast [batch] with [3]"
>();
expectTypeOf<ErrorMessage<BroadcastShapes<[Batch, 3], [Seq], { mode: "xla"; broadcastDimensions: [0] }>>>().toEqualTypeOf<
  "broadcastShapes (xla): axis 0 has batch vs seq; cannot broadcast [batch, 3] with [seq]; no broadcastDimensions fit"
>();
declare const batch: Batch;
expectTypeOf(broadcastShapes([batch, 3], [1, 3])).toEqualTypeOf<[Batch, 3]>();

// `any` sizes count as dynamic; an `any` shape as a dynamic rank; unions of shapes distribute
expectTypeOf<BroadcastShapes<[2, any], [3]>>().toEqualTypeOf<[2, 3]>();
expectTypeOf<BroadcastShapes<any, [3]>>().toEqualTypeOf<number[]>();
expectTypeOf<BroadcastShapes<[2, 3] | [4, 3], [3]>>().toEqualTypeOf<[2, 3] | [4, 3]>();
// readonly shapes (what `as const` gives) work, and results are mutable tuples
expectTypeOf<BroadcastShapes<readonly [2, 3], readonly [3]>>().toEqualTypeOf<[2, 3]>();
// a spec whose mode is not known at compile time gives a dynamic rank
declare const spec: import("shapecast").BroadcastSpec;
expectTypeOf(broadcastShapes([2, 3], [3], spec)).toEqualTypeOf<number[]>();

// Shape arithmetic on unknown sizes gives `number`, never `never` (which every size accepts), and a
// `Dim` that passes through unchanged stays itself
expectTypeOf<ConcatShape<[[number, 6], [2, 6]], 0>>().toEqualTypeOf<[number, 6]>();
expectTypeOf<ConcatShape<[[Batch, 6], [Batch, 2]], 1>>().toEqualTypeOf<[Batch, 8]>();
expectTypeOf<PaddedShape<[Batch, 3], [[0, 0], [1, 1]]>>().toEqualTypeOf<[Batch, 5]>();
expectTypeOf<PaddedShape<[Batch, 3], [[1, 0], [0, 0]]>>().toEqualTypeOf<[number, 3]>();
expectTypeOf<TiledShape<[number, Batch], [2, 1]>>().toEqualTypeOf<[number, Batch]>();
expectTypeOf<SplitShapes<[Batch, 4], [1, 2], 0>>().toEqualTypeOf<[[1, 4], [2, 4]]>();
expectTypeOf<SplitShapes<[number, 4], 2, 0>>().toEqualTypeOf<[[number, 4], [number, 4]]>();
expectTypeOf<SplitShapes<[6, 4], [2, number], 0>>().toEqualTypeOf<[[2, 4], [number, 4]]>();
declare const rows: Tensor<[number, 6], "float32">;
expectTypeOf(concat([rows, zeros([2, 6])])).toEqualTypeOf<Tensor<[number, 6], "float32">>();
// @ts-expect-error -- [number, 6] is not [4, 6]: an unknown sum is not any size
const fixed: Tensor<[4, 6], "float32"> = concat([rows, zeros([2, 6])]);
expectTypeOf(pad(zeros([dimOf("rows"), 3]), [[0, 0], [2, 2]])).toEqualTypeOf<Tensor<[Dim<"rows">, 7], "float32">>();
expectTypeOf(tile(rows, [1, 2])).toEqualTypeOf<Tensor<[number, 12], "float32">>();
expectTypeOf(split(zeros([dimOf("rows"), 4]), [1, 2])).toEqualTypeOf<[Tensor<[1, 4], "float32">, Tensor<[2, 4], "float32">]>();
declare function dimOf<const Name extends string>(name: Name): Dim<Name>;
void fixed;

// A Dim merged with nothing but 1s passes through reshape and flatten; one section of an unknown axis is
// the whole axis; squeeze() of a Dim or number axis (which may be 1) leaves the rank unknown
declare const byRow: Tensor<[Dim<"rows">, 1], "float32">;
expectTypeOf(reshape(byRow, [-1])).toEqualTypeOf<Tensor<[Dim<"rows">], "float32">>();
expectTypeOf(reshape(byRow, [-1, 1])).toEqualTypeOf<Tensor<[Dim<"rows">, 1], "float32">>();
expectTypeOf(flatten(byRow)).toEqualTypeOf<Tensor<[Dim<"rows">], "float32">>();
// two sizes declared `number`, on the tensor and in the target, are not the same size: beside a -1
// nothing is kept from them (a batch regrouped into groups), while the same named size is
declare const loaded: Tensor<[number, 784], "float32">;
declare const groups: number;
expectTypeOf(reshape(loaded, [groups, -1, 784])).toEqualTypeOf<Tensor<[number, number, 784], "float32">>();
expectTypeOf(reshape(loaded, [groups, -1])).toEqualTypeOf<Tensor<[number, number], "float32">>();
expectTypeOf(reshape(loaded, [groups, 28, -1])).toEqualTypeOf<Tensor<[number, 28, number], "float32">>();
expectTypeOf(reshape(loaded, [-1, 28, 28])).toEqualTypeOf<Tensor<[number, 28, 28], "float32">>();
expectTypeOf(reshape(zeros([dimOf("rows"), 6]), [dimOf("rows"), 2, -1])).toEqualTypeOf<Tensor<[Dim<"rows">, 2, 3], "float32">>();
// the parts a call takes, as the rule exports them, the same way
expectTypeOf<RegroupedParts<[number, 6], readonly [number, -1]>>().toEqualTypeOf<[[number, number], never]>();
expectTypeOf<LastSplitParts<[number, 6], readonly [number, 2, -1], readonly [number, 2]>>().toEqualTypeOf<[[number, 2, number], never]>();
expectTypeOf(split(byRow, 1)).toEqualTypeOf<[Tensor<[Dim<"rows">, 1], "float32">]>();
expectTypeOf(squeeze(byRow)).toEqualTypeOf<Tensor<number[], "float32">>();
expectTypeOf(squeeze(byRow, 0)).toEqualTypeOf<Tensor<[1], "float32">>(); // checked at run time
