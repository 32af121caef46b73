/**
 * types/axis.ts: one axis rule for every op, at any rank (the per-rank tables
 * stop at 8; joins and splits on rank 9 and above used to give wrong sizes).
 */
import { expectTypeOf } from "expect-type";
import type { ConcatShape, ErrorMessage, GatheredShape, Reduced, SplitShapes, StackShape } from "shapecast";

type Rank9 = [1, 2, 3, 4, 5, 6, 7, 8, 9];
type Rank32 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32];

expectTypeOf<ConcatShape<[Rank9, Rank9], -1>>().toEqualTypeOf<[1, 2, 3, 4, 5, 6, 7, 8, 18]>();
expectTypeOf<SplitShapes<Rank9, [4, 5], -1>>().toEqualTypeOf<[[1, 2, 3, 4, 5, 6, 7, 8, 4], [1, 2, 3, 4, 5, 6, 7, 8, 5]]>();
expectTypeOf<StackShape<[[...Rank9, 10], [...Rank9, 10]], -1>>().toEqualTypeOf<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 2]>();
expectTypeOf<GatheredShape<Rank9, [2], -2>>().toEqualTypeOf<[1, 2, 3, 4, 5, 6, 7, 2, 9]>();
expectTypeOf<Reduced<Rank9, -9>>().toEqualTypeOf<[2, 3, 4, 5, 6, 7, 8, 9]>();
expectTypeOf<ConcatShape<[Rank32, Rank32], -32>>().toEqualTypeOf<
  [2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]
>();
expectTypeOf<StackShape<[Rank32, Rank32], -33>>().toEqualTypeOf<
  [2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]
>();

// out of range: the runtime's messages, at any rank; a rank-0 tensor has no axes
expectTypeOf<ErrorMessage<ConcatShape<[Rank9, Rank9], 9>>>().toEqualTypeOf<"concat: axis 9 is out of range for a rank-9 tensor (use -9 to 8)">();
expectTypeOf<ErrorMessage<SplitShapes<Rank9, 2, -10>>>().toEqualTypeOf<"split: axis -10 is out of range for a rank-9 tensor (use -9 to 8)">();
expectTypeOf<ErrorMessage<StackShape<[Rank9, Rank9], 11>>>().toEqualTypeOf<"stack: axis 11 is out of range for a rank-10 result">();
expectTypeOf<ErrorMessage<Reduced<[], 0>>>().toEqualTypeOf<"reduce: axis 0 is out of range for a rank-0 tensor (it has no axes)">();
