/**
 * Rank-indexed forms of the per-axis zips, for shapes of rank 0 to 8.
 *
 * A homomorphic mapped type over a tuple costs the compiler about 9
 * instantiations per element plus its set-up; reading elements by constant
 * index from a table keyed by rank costs about half as much, and these zips run
 * in every broadcast of a program. Shapes of higher rank use the mapped forms
 * in ../broadcast.ts. Each row `R` lists the rule applied to elements 0..R-1.
 * Not exported from the package.
 */
import type { Shape } from "../shape.js";
import type { OneWay, Same, TwoWay } from "./sizes.js";

/** The ranks these tables cover. */
export type SmallRank = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** `OnesOf[N]`: a tuple of N 1s, the padding of NumPy's right alignment. */
export type OnesOf = [[], [1], [1, 1], [1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 1]];

/** `RankDifference[R][L]`: `R - L` for `L <= R <= 8`, `never` otherwise. */
export type RankDifference = [
  [0, never, never, never, never, never, never, never, never],
  [1, 0, never, never, never, never, never, never, never],
  [2, 1, 0, never, never, never, never, never, never],
  [3, 2, 1, 0, never, never, never, never, never],
  [4, 3, 2, 1, 0, never, never, never, never],
  [5, 4, 3, 2, 1, 0, never, never, never],
  [6, 5, 4, 3, 2, 1, 0, never, never],
  [7, 6, 5, 4, 3, 2, 1, 0, never],
  [8, 7, 6, 5, 4, 3, 2, 1, 0],
];

/** `RankSum[S][L]`: `S + L` for both at most 8. */
export type RankSum = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8],
  [1, 2, 3, 4, 5, 6, 7, 8, 9],
  [2, 3, 4, 5, 6, 7, 8, 9, 10],
  [3, 4, 5, 6, 7, 8, 9, 10, 11],
  [4, 5, 6, 7, 8, 9, 10, 11, 12],
  [5, 6, 7, 8, 9, 10, 11, 12, 13],
  [6, 7, 8, 9, 10, 11, 12, 13, 14],
  [7, 8, 9, 10, 11, 12, 13, 14, 15],
  [8, 9, 10, 11, 12, 13, 14, 15, 16],
];

/** `BelowRank[R]`: the ranks below `R`, as a union (`never` for 0). */
export type BelowRank = [never, 0, 0 | 1, 0 | 1 | 2, 0 | 1 | 2 | 3, 0 | 1 | 2 | 3 | 4, 0 | 1 | 2 | 3 | 4 | 5, 0 | 1 | 2 | 3 | 4 | 5 | 6, 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7];

/** `S` left-padded with 1s to rank `Rank` (both at most 8, `Rank >= S["length"]`). */
export type PadToRank<S extends Shape, Rank extends SmallRank> = [...OnesOf[RankDifference[Rank][S["length"] & SmallRank] & SmallRank], ...S];

/** Per axis the two-way (NumPy, XLA degenerate) result size or the failing pair; equal ranks. */
export type ZipTwoWayByRank<A extends Shape, B extends Shape> = {
  0: [];
  1: [TwoWay<A[0], B[0]>];
  2: [TwoWay<A[0], B[0]>, TwoWay<A[1], B[1]>];
  3: [TwoWay<A[0], B[0]>, TwoWay<A[1], B[1]>, TwoWay<A[2], B[2]>];
  4: [TwoWay<A[0], B[0]>, TwoWay<A[1], B[1]>, TwoWay<A[2], B[2]>, TwoWay<A[3], B[3]>];
  5: [TwoWay<A[0], B[0]>, TwoWay<A[1], B[1]>, TwoWay<A[2], B[2]>, TwoWay<A[3], B[3]>, TwoWay<A[4], B[4]>];
  6: [TwoWay<A[0], B[0]>, TwoWay<A[1], B[1]>, TwoWay<A[2], B[2]>, TwoWay<A[3], B[3]>, TwoWay<A[4], B[4]>, TwoWay<A[5], B[5]>];
  7: [TwoWay<A[0], B[0]>, TwoWay<A[1], B[1]>, TwoWay<A[2], B[2]>, TwoWay<A[3], B[3]>, TwoWay<A[4], B[4]>, TwoWay<A[5], B[5]>, TwoWay<A[6], B[6]>];
  8: [TwoWay<A[0], B[0]>, TwoWay<A[1], B[1]>, TwoWay<A[2], B[2]>, TwoWay<A[3], B[3]>, TwoWay<A[4], B[4]>, TwoWay<A[5], B[5]>, TwoWay<A[6], B[6]>, TwoWay<A[7], B[7]>];
}[A["length"] & SmallRank];

/** Per axis the `none` result size or the failing pair; equal ranks. */
export type ZipSameByRank<A extends Shape, B extends Shape> = {
  0: [];
  1: [Same<A[0], B[0]>];
  2: [Same<A[0], B[0]>, Same<A[1], B[1]>];
  3: [Same<A[0], B[0]>, Same<A[1], B[1]>, Same<A[2], B[2]>];
  4: [Same<A[0], B[0]>, Same<A[1], B[1]>, Same<A[2], B[2]>, Same<A[3], B[3]>];
  5: [Same<A[0], B[0]>, Same<A[1], B[1]>, Same<A[2], B[2]>, Same<A[3], B[3]>, Same<A[4], B[4]>];
  6: [Same<A[0], B[0]>, Same<A[1], B[1]>, Same<A[2], B[2]>, Same<A[3], B[3]>, Same<A[4], B[4]>, Same<A[5], B[5]>];
  7: [Same<A[0], B[0]>, Same<A[1], B[1]>, Same<A[2], B[2]>, Same<A[3], B[3]>, Same<A[4], B[4]>, Same<A[5], B[5]>, Same<A[6], B[6]>];
  8: [Same<A[0], B[0]>, Same<A[1], B[1]>, Same<A[2], B[2]>, Same<A[3], B[3]>, Same<A[4], B[4]>, Same<A[5], B[5]>, Same<A[6], B[6]>, Same<A[7], B[7]>];
}[A["length"] & SmallRank];

/** Per axis the one-way (input onto target) result size or the failing pair; `Target` at least as long. */
export type ZipOneWayByRank<Input extends Shape, Target extends Shape> = {
  0: [];
  1: [OneWay<Input[0], Target[0]>];
  2: [OneWay<Input[0], Target[0]>, OneWay<Input[1], Target[1]>];
  3: [OneWay<Input[0], Target[0]>, OneWay<Input[1], Target[1]>, OneWay<Input[2], Target[2]>];
  4: [OneWay<Input[0], Target[0]>, OneWay<Input[1], Target[1]>, OneWay<Input[2], Target[2]>, OneWay<Input[3], Target[3]>];
  5: [OneWay<Input[0], Target[0]>, OneWay<Input[1], Target[1]>, OneWay<Input[2], Target[2]>, OneWay<Input[3], Target[3]>, OneWay<Input[4], Target[4]>];
  6: [OneWay<Input[0], Target[0]>, OneWay<Input[1], Target[1]>, OneWay<Input[2], Target[2]>, OneWay<Input[3], Target[3]>, OneWay<Input[4], Target[4]>, OneWay<Input[5], Target[5]>];
  7: [OneWay<Input[0], Target[0]>, OneWay<Input[1], Target[1]>, OneWay<Input[2], Target[2]>, OneWay<Input[3], Target[3]>, OneWay<Input[4], Target[4]>, OneWay<Input[5], Target[5]>, OneWay<Input[6], Target[6]>];
  8: [OneWay<Input[0], Target[0]>, OneWay<Input[1], Target[1]>, OneWay<Input[2], Target[2]>, OneWay<Input[3], Target[3]>, OneWay<Input[4], Target[4]>, OneWay<Input[5], Target[5]>, OneWay<Input[6], Target[6]>, OneWay<Input[7], Target[7]>];
}[Input["length"] & SmallRank];

/** Does every mapped low size fit and leave the high size as it is? `Dims` are valid axes of `High`. */
export type UnchangedByRank<Low extends Shape, High extends Shape, Dims extends Shape> = {
  0: true;
  1: Unchanged<Low[0], High[Dims[0] & number]>;
  2: Unchanged<Low[0], High[Dims[0] & number]> | Unchanged<Low[1], High[Dims[1] & number]>;
  3: Unchanged<Low[0], High[Dims[0] & number]> | Unchanged<Low[1], High[Dims[1] & number]> | Unchanged<Low[2], High[Dims[2] & number]>;
  4: Unchanged<Low[0], High[Dims[0] & number]> | Unchanged<Low[1], High[Dims[1] & number]> | Unchanged<Low[2], High[Dims[2] & number]> | Unchanged<Low[3], High[Dims[3] & number]>;
  5: Unchanged<Low[0], High[Dims[0] & number]> | Unchanged<Low[1], High[Dims[1] & number]> | Unchanged<Low[2], High[Dims[2] & number]> | Unchanged<Low[3], High[Dims[3] & number]> | Unchanged<Low[4], High[Dims[4] & number]>;
  6: Unchanged<Low[0], High[Dims[0] & number]> | Unchanged<Low[1], High[Dims[1] & number]> | Unchanged<Low[2], High[Dims[2] & number]> | Unchanged<Low[3], High[Dims[3] & number]> | Unchanged<Low[4], High[Dims[4] & number]> | Unchanged<Low[5], High[Dims[5] & number]>;
  7: Unchanged<Low[0], High[Dims[0] & number]> | Unchanged<Low[1], High[Dims[1] & number]> | Unchanged<Low[2], High[Dims[2] & number]> | Unchanged<Low[3], High[Dims[3] & number]> | Unchanged<Low[4], High[Dims[4] & number]> | Unchanged<Low[5], High[Dims[5] & number]> | Unchanged<Low[6], High[Dims[6] & number]>;
  8: Unchanged<Low[0], High[Dims[0] & number]> | Unchanged<Low[1], High[Dims[1] & number]> | Unchanged<Low[2], High[Dims[2] & number]> | Unchanged<Low[3], High[Dims[3] & number]> | Unchanged<Low[4], High[Dims[4] & number]> | Unchanged<Low[5], High[Dims[5] & number]> | Unchanged<Low[6], High[Dims[6] & number]> | Unchanged<Low[7], High[Dims[7] & number]>;
}[Dims["length"] & SmallRank];


/** Does the low size fit and leave the high size as it is (equal sizes, or a low 1)? */
export type Unchanged<LowSize, HighSize> =
  LowSize extends HighSize ? (HighSize extends LowSize ? true : LowSize extends 1 ? true : false)
  : LowSize extends 1 ? true
  : false;

/** pdpd: per axis of `Trimmed` (b), the one-way fit onto `A`'s axis `Start + i`; `A` long enough. */
export type ZipOneWayAtByRank<Trimmed extends Shape, A extends Shape, Start extends SmallRank> = {
  0: [];
  1: [OneWay<Trimmed[0], A[RankSum[Start][0]]>];
  2: [OneWay<Trimmed[0], A[RankSum[Start][0]]>, OneWay<Trimmed[1], A[RankSum[Start][1]]>];
  3: [OneWay<Trimmed[0], A[RankSum[Start][0]]>, OneWay<Trimmed[1], A[RankSum[Start][1]]>, OneWay<Trimmed[2], A[RankSum[Start][2]]>];
  4: [OneWay<Trimmed[0], A[RankSum[Start][0]]>, OneWay<Trimmed[1], A[RankSum[Start][1]]>, OneWay<Trimmed[2], A[RankSum[Start][2]]>, OneWay<Trimmed[3], A[RankSum[Start][3]]>];
  5: [OneWay<Trimmed[0], A[RankSum[Start][0]]>, OneWay<Trimmed[1], A[RankSum[Start][1]]>, OneWay<Trimmed[2], A[RankSum[Start][2]]>, OneWay<Trimmed[3], A[RankSum[Start][3]]>, OneWay<Trimmed[4], A[RankSum[Start][4]]>];
  6: [OneWay<Trimmed[0], A[RankSum[Start][0]]>, OneWay<Trimmed[1], A[RankSum[Start][1]]>, OneWay<Trimmed[2], A[RankSum[Start][2]]>, OneWay<Trimmed[3], A[RankSum[Start][3]]>, OneWay<Trimmed[4], A[RankSum[Start][4]]>, OneWay<Trimmed[5], A[RankSum[Start][5]]>];
  7: [OneWay<Trimmed[0], A[RankSum[Start][0]]>, OneWay<Trimmed[1], A[RankSum[Start][1]]>, OneWay<Trimmed[2], A[RankSum[Start][2]]>, OneWay<Trimmed[3], A[RankSum[Start][3]]>, OneWay<Trimmed[4], A[RankSum[Start][4]]>, OneWay<Trimmed[5], A[RankSum[Start][5]]>, OneWay<Trimmed[6], A[RankSum[Start][6]]>];
  8: [OneWay<Trimmed[0], A[RankSum[Start][0]]>, OneWay<Trimmed[1], A[RankSum[Start][1]]>, OneWay<Trimmed[2], A[RankSum[Start][2]]>, OneWay<Trimmed[3], A[RankSum[Start][3]]>, OneWay<Trimmed[4], A[RankSum[Start][4]]>, OneWay<Trimmed[5], A[RankSum[Start][5]]>, OneWay<Trimmed[6], A[RankSum[Start][6]]>, OneWay<Trimmed[7], A[RankSum[Start][7]]>];
}[Trimmed["length"] & SmallRank];

/**
 * The last (rightmost) element of `Zipped` that is not a size, with its index:
 * constant-index checks from the end, for zips of rank up to 8. `never` when all fit.
 */
export type LastFailureByRank<Zipped extends readonly unknown[]> = {
  0: never;
  1: Zipped[0] extends number ? never : [0, Zipped[0]];
  2: Zipped[1] extends number ? Zipped[0] extends number ? never : [0, Zipped[0]] : [1, Zipped[1]];
  3: Zipped[2] extends number ? Zipped[1] extends number ? Zipped[0] extends number ? never : [0, Zipped[0]] : [1, Zipped[1]] : [2, Zipped[2]];
  4: Zipped[3] extends number ? Zipped[2] extends number ? Zipped[1] extends number ? Zipped[0] extends number ? never : [0, Zipped[0]] : [1, Zipped[1]] : [2, Zipped[2]] : [3, Zipped[3]];
  5: Zipped[4] extends number ? Zipped[3] extends number ? Zipped[2] extends number ? Zipped[1] extends number ? Zipped[0] extends number ? never : [0, Zipped[0]] : [1, Zipped[1]] : [2, Zipped[2]] : [3, Zipped[3]] : [4, Zipped[4]];
  6: Zipped[5] extends number ? Zipped[4] extends number ? Zipped[3] extends number ? Zipped[2] extends number ? Zipped[1] extends number ? Zipped[0] extends number ? never : [0, Zipped[0]] : [1, Zipped[1]] : [2, Zipped[2]] : [3, Zipped[3]] : [4, Zipped[4]] : [5, Zipped[5]];
  7: Zipped[6] extends number ? Zipped[5] extends number ? Zipped[4] extends number ? Zipped[3] extends number ? Zipped[2] extends number ? Zipped[1] extends number ? Zipped[0] extends number ? never : [0, Zipped[0]] : [1, Zipped[1]] : [2, Zipped[2]] : [3, Zipped[3]] : [4, Zipped[4]] : [5, Zipped[5]] : [6, Zipped[6]];
  8: Zipped[7] extends number ? Zipped[6] extends number ? Zipped[5] extends number ? Zipped[4] extends number ? Zipped[3] extends number ? Zipped[2] extends number ? Zipped[1] extends number ? Zipped[0] extends number ? never : [0, Zipped[0]] : [1, Zipped[1]] : [2, Zipped[2]] : [3, Zipped[3]] : [4, Zipped[4]] : [5, Zipped[5]] : [6, Zipped[6]] : [7, Zipped[7]];
}[Zipped["length"] & SmallRank];

/** The first (leftmost) element of `Zipped` that is not a size, with its index; rank up to 8. */
export type FirstFailureByRank<Zipped extends readonly unknown[]> = {
  0: never;
  1: Zipped[0] extends number ? never : [0, Zipped[0]];
  2: Zipped[0] extends number ? Zipped[1] extends number ? never : [1, Zipped[1]] : [0, Zipped[0]];
  3: Zipped[0] extends number ? Zipped[1] extends number ? Zipped[2] extends number ? never : [2, Zipped[2]] : [1, Zipped[1]] : [0, Zipped[0]];
  4: Zipped[0] extends number ? Zipped[1] extends number ? Zipped[2] extends number ? Zipped[3] extends number ? never : [3, Zipped[3]] : [2, Zipped[2]] : [1, Zipped[1]] : [0, Zipped[0]];
  5: Zipped[0] extends number ? Zipped[1] extends number ? Zipped[2] extends number ? Zipped[3] extends number ? Zipped[4] extends number ? never : [4, Zipped[4]] : [3, Zipped[3]] : [2, Zipped[2]] : [1, Zipped[1]] : [0, Zipped[0]];
  6: Zipped[0] extends number ? Zipped[1] extends number ? Zipped[2] extends number ? Zipped[3] extends number ? Zipped[4] extends number ? Zipped[5] extends number ? never : [5, Zipped[5]] : [4, Zipped[4]] : [3, Zipped[3]] : [2, Zipped[2]] : [1, Zipped[1]] : [0, Zipped[0]];
  7: Zipped[0] extends number ? Zipped[1] extends number ? Zipped[2] extends number ? Zipped[3] extends number ? Zipped[4] extends number ? Zipped[5] extends number ? Zipped[6] extends number ? never : [6, Zipped[6]] : [5, Zipped[5]] : [4, Zipped[4]] : [3, Zipped[3]] : [2, Zipped[2]] : [1, Zipped[1]] : [0, Zipped[0]];
  8: Zipped[0] extends number ? Zipped[1] extends number ? Zipped[2] extends number ? Zipped[3] extends number ? Zipped[4] extends number ? Zipped[5] extends number ? Zipped[6] extends number ? Zipped[7] extends number ? never : [7, Zipped[7]] : [6, Zipped[6]] : [5, Zipped[5]] : [4, Zipped[4]] : [3, Zipped[3]] : [2, Zipped[2]] : [1, Zipped[1]] : [0, Zipped[0]];
}[Zipped["length"] & SmallRank];

/** A pair of sizes that do not fit, as the per-axis rules give it (types/internal/sizes.ts). */
type Q<X, Y> = readonly [X, Y];

/**
 * The last (rightmost) element of `Zipped` that is a pair of sizes that do not fit, with its
 * index; `never` when there is none; rank up to 8. One test of the whole tuple against a union
 * of patterns, one per axis, each with the pair at its axis and `unknown` at every other: so it
 * is decided where one axis is two literals that do not fit even when another axis is a type
 * parameter or an expression of one (which a test of that axis itself leaves unresolved), and
 * each axis's pair is read by its own `infer` (`unknown` where the axis holds no pair).
 */
export type LastPairByRank<Zipped extends readonly unknown[]> = {
  0: never;
  1: Zipped extends readonly [Q<infer X0, infer Y0>]
    ? ([0, [X0, Y0]])
    : never;
  2: Zipped extends readonly [Q<infer X0, infer Y0>, unknown] | readonly [unknown, Q<infer X1, infer Y1>]
    ? (unknown extends X1 ? [0, [X0, Y0]] : [1, [X1, Y1]])
    : never;
  3: Zipped extends readonly [Q<infer X0, infer Y0>, unknown, unknown] | readonly [unknown, Q<infer X1, infer Y1>, unknown] | readonly [unknown, unknown, Q<infer X2, infer Y2>]
    ? (unknown extends X2 ? unknown extends X1 ? [0, [X0, Y0]] : [1, [X1, Y1]] : [2, [X2, Y2]])
    : never;
  4: Zipped extends readonly [Q<infer X0, infer Y0>, unknown, unknown, unknown] | readonly [unknown, Q<infer X1, infer Y1>, unknown, unknown] | readonly [unknown, unknown, Q<infer X2, infer Y2>, unknown] | readonly [unknown, unknown, unknown, Q<infer X3, infer Y3>]
    ? (unknown extends X3 ? unknown extends X2 ? unknown extends X1 ? [0, [X0, Y0]] : [1, [X1, Y1]] : [2, [X2, Y2]] : [3, [X3, Y3]])
    : never;
  5: Zipped extends readonly [Q<infer X0, infer Y0>, unknown, unknown, unknown, unknown] | readonly [unknown, Q<infer X1, infer Y1>, unknown, unknown, unknown] | readonly [unknown, unknown, Q<infer X2, infer Y2>, unknown, unknown] | readonly [unknown, unknown, unknown, Q<infer X3, infer Y3>, unknown] | readonly [unknown, unknown, unknown, unknown, Q<infer X4, infer Y4>]
    ? (unknown extends X4 ? unknown extends X3 ? unknown extends X2 ? unknown extends X1 ? [0, [X0, Y0]] : [1, [X1, Y1]] : [2, [X2, Y2]] : [3, [X3, Y3]] : [4, [X4, Y4]])
    : never;
  6: Zipped extends readonly [Q<infer X0, infer Y0>, unknown, unknown, unknown, unknown, unknown] | readonly [unknown, Q<infer X1, infer Y1>, unknown, unknown, unknown, unknown] | readonly [unknown, unknown, Q<infer X2, infer Y2>, unknown, unknown, unknown] | readonly [unknown, unknown, unknown, Q<infer X3, infer Y3>, unknown, unknown] | readonly [unknown, unknown, unknown, unknown, Q<infer X4, infer Y4>, unknown] | readonly [unknown, unknown, unknown, unknown, unknown, Q<infer X5, infer Y5>]
    ? (unknown extends X5 ? unknown extends X4 ? unknown extends X3 ? unknown extends X2 ? unknown extends X1 ? [0, [X0, Y0]] : [1, [X1, Y1]] : [2, [X2, Y2]] : [3, [X3, Y3]] : [4, [X4, Y4]] : [5, [X5, Y5]])
    : never;
  7: Zipped extends readonly [Q<infer X0, infer Y0>, unknown, unknown, unknown, unknown, unknown, unknown] | readonly [unknown, Q<infer X1, infer Y1>, unknown, unknown, unknown, unknown, unknown] | readonly [unknown, unknown, Q<infer X2, infer Y2>, unknown, unknown, unknown, unknown] | readonly [unknown, unknown, unknown, Q<infer X3, infer Y3>, unknown, unknown, unknown] | readonly [unknown, unknown, unknown, unknown, Q<infer X4, infer Y4>, unknown, unknown] | readonly [unknown, unknown, unknown, unknown, unknown, Q<infer X5, infer Y5>, unknown] | readonly [unknown, unknown, unknown, unknown, unknown, unknown, Q<infer X6, infer Y6>]
    ? (unknown extends X6 ? unknown extends X5 ? unknown extends X4 ? unknown extends X3 ? unknown extends X2 ? unknown extends X1 ? [0, [X0, Y0]] : [1, [X1, Y1]] : [2, [X2, Y2]] : [3, [X3, Y3]] : [4, [X4, Y4]] : [5, [X5, Y5]] : [6, [X6, Y6]])
    : never;
  8: Zipped extends readonly [Q<infer X0, infer Y0>, unknown, unknown, unknown, unknown, unknown, unknown, unknown] | readonly [unknown, Q<infer X1, infer Y1>, unknown, unknown, unknown, unknown, unknown, unknown] | readonly [unknown, unknown, Q<infer X2, infer Y2>, unknown, unknown, unknown, unknown, unknown] | readonly [unknown, unknown, unknown, Q<infer X3, infer Y3>, unknown, unknown, unknown, unknown] | readonly [unknown, unknown, unknown, unknown, Q<infer X4, infer Y4>, unknown, unknown, unknown] | readonly [unknown, unknown, unknown, unknown, unknown, Q<infer X5, infer Y5>, unknown, unknown] | readonly [unknown, unknown, unknown, unknown, unknown, unknown, Q<infer X6, infer Y6>, unknown] | readonly [unknown, unknown, unknown, unknown, unknown, unknown, unknown, Q<infer X7, infer Y7>]
    ? (unknown extends X7 ? unknown extends X6 ? unknown extends X5 ? unknown extends X4 ? unknown extends X3 ? unknown extends X2 ? unknown extends X1 ? [0, [X0, Y0]] : [1, [X1, Y1]] : [2, [X2, Y2]] : [3, [X3, Y3]] : [4, [X4, Y4]] : [5, [X5, Y5]] : [6, [X6, Y6]] : [7, [X7, Y7]])
    : never;
}[Zipped["length"] & SmallRank];

/**
 * Fix search, small ranks: per axis of `Low`, the union of `High`'s axes (as
 * numbers) where its size fits under `Rule`; keyed by both ranks.
 */
export type CompatibleAxesByRank<Rule, Low extends Shape, High extends Shape> = {
  0: [];
  1: [CompatibleRow<Rule, Low[0], High>];
  2: [CompatibleRow<Rule, Low[0], High>, CompatibleRow<Rule, Low[1], High>];
  3: [CompatibleRow<Rule, Low[0], High>, CompatibleRow<Rule, Low[1], High>, CompatibleRow<Rule, Low[2], High>];
  4: [CompatibleRow<Rule, Low[0], High>, CompatibleRow<Rule, Low[1], High>, CompatibleRow<Rule, Low[2], High>, CompatibleRow<Rule, Low[3], High>];
  5: [CompatibleRow<Rule, Low[0], High>, CompatibleRow<Rule, Low[1], High>, CompatibleRow<Rule, Low[2], High>, CompatibleRow<Rule, Low[3], High>, CompatibleRow<Rule, Low[4], High>];
  6: [CompatibleRow<Rule, Low[0], High>, CompatibleRow<Rule, Low[1], High>, CompatibleRow<Rule, Low[2], High>, CompatibleRow<Rule, Low[3], High>, CompatibleRow<Rule, Low[4], High>, CompatibleRow<Rule, Low[5], High>];
  7: [CompatibleRow<Rule, Low[0], High>, CompatibleRow<Rule, Low[1], High>, CompatibleRow<Rule, Low[2], High>, CompatibleRow<Rule, Low[3], High>, CompatibleRow<Rule, Low[4], High>, CompatibleRow<Rule, Low[5], High>, CompatibleRow<Rule, Low[6], High>];
  8: [CompatibleRow<Rule, Low[0], High>, CompatibleRow<Rule, Low[1], High>, CompatibleRow<Rule, Low[2], High>, CompatibleRow<Rule, Low[3], High>, CompatibleRow<Rule, Low[4], High>, CompatibleRow<Rule, Low[5], High>, CompatibleRow<Rule, Low[6], High>, CompatibleRow<Rule, Low[7], High>];
}[Low["length"] & SmallRank];

type CompatibleRow<Rule, LowSize, High extends Shape> = {
  0: never;
  1: FitsAxis<Rule, LowSize, High[0], 0>;
  2: FitsAxis<Rule, LowSize, High[0], 0> | FitsAxis<Rule, LowSize, High[1], 1>;
  3: FitsAxis<Rule, LowSize, High[0], 0> | FitsAxis<Rule, LowSize, High[1], 1> | FitsAxis<Rule, LowSize, High[2], 2>;
  4: FitsAxis<Rule, LowSize, High[0], 0> | FitsAxis<Rule, LowSize, High[1], 1> | FitsAxis<Rule, LowSize, High[2], 2> | FitsAxis<Rule, LowSize, High[3], 3>;
  5: FitsAxis<Rule, LowSize, High[0], 0> | FitsAxis<Rule, LowSize, High[1], 1> | FitsAxis<Rule, LowSize, High[2], 2> | FitsAxis<Rule, LowSize, High[3], 3> | FitsAxis<Rule, LowSize, High[4], 4>;
  6: FitsAxis<Rule, LowSize, High[0], 0> | FitsAxis<Rule, LowSize, High[1], 1> | FitsAxis<Rule, LowSize, High[2], 2> | FitsAxis<Rule, LowSize, High[3], 3> | FitsAxis<Rule, LowSize, High[4], 4> | FitsAxis<Rule, LowSize, High[5], 5>;
  7: FitsAxis<Rule, LowSize, High[0], 0> | FitsAxis<Rule, LowSize, High[1], 1> | FitsAxis<Rule, LowSize, High[2], 2> | FitsAxis<Rule, LowSize, High[3], 3> | FitsAxis<Rule, LowSize, High[4], 4> | FitsAxis<Rule, LowSize, High[5], 5> | FitsAxis<Rule, LowSize, High[6], 6>;
  8: FitsAxis<Rule, LowSize, High[0], 0> | FitsAxis<Rule, LowSize, High[1], 1> | FitsAxis<Rule, LowSize, High[2], 2> | FitsAxis<Rule, LowSize, High[3], 3> | FitsAxis<Rule, LowSize, High[4], 4> | FitsAxis<Rule, LowSize, High[5], 5> | FitsAxis<Rule, LowSize, High[6], 6> | FitsAxis<Rule, LowSize, High[7], 7>;
}[High["length"] & SmallRank];

/** `Axis` when the sizes fit under the rule (`two-way`: either side may be 1; `one-way`: the low one), else `never`. */
export type FitsAxis<Rule, LowSize, HighSize, Axis> =
  LowSize extends HighSize ? Axis
  : LowSize extends 1 ? Axis
  : HighSize extends 1 ? (Rule extends "two-way" ? Axis : never)
  : number extends LowSize ? Axis
  : number extends HighSize ? Axis
  : never;

/** Does every entry of the candidate map lie among its axis's compatible axes? Keyed by the candidate's length. */
export type CandidateFitsByRank<Candidate extends readonly number[], Compatible extends readonly unknown[]> = {
  0: true;
  1: Candidate[0] extends Compatible[0] ? true : false;
  2: Candidate[0] extends Compatible[0] ? Candidate[1] extends Compatible[1] ? true : false : false;
  3: Candidate[0] extends Compatible[0] ? Candidate[1] extends Compatible[1] ? Candidate[2] extends Compatible[2] ? true : false : false : false;
  4: Candidate[0] extends Compatible[0] ? Candidate[1] extends Compatible[1] ? Candidate[2] extends Compatible[2] ? Candidate[3] extends Compatible[3] ? true : false : false : false : false;
  5: Candidate[0] extends Compatible[0] ? Candidate[1] extends Compatible[1] ? Candidate[2] extends Compatible[2] ? Candidate[3] extends Compatible[3] ? Candidate[4] extends Compatible[4] ? true : false : false : false : false : false;
  6: Candidate[0] extends Compatible[0] ? Candidate[1] extends Compatible[1] ? Candidate[2] extends Compatible[2] ? Candidate[3] extends Compatible[3] ? Candidate[4] extends Compatible[4] ? Candidate[5] extends Compatible[5] ? true : false : false : false : false : false : false;
  7: Candidate[0] extends Compatible[0] ? Candidate[1] extends Compatible[1] ? Candidate[2] extends Compatible[2] ? Candidate[3] extends Compatible[3] ? Candidate[4] extends Compatible[4] ? Candidate[5] extends Compatible[5] ? Candidate[6] extends Compatible[6] ? true : false : false : false : false : false : false : false;
  8: Candidate[0] extends Compatible[0] ? Candidate[1] extends Compatible[1] ? Candidate[2] extends Compatible[2] ? Candidate[3] extends Compatible[3] ? Candidate[4] extends Compatible[4] ? Candidate[5] extends Compatible[5] ? Candidate[6] extends Compatible[6] ? Candidate[7] extends Compatible[7] ? true : false : false : false : false : false : false : false : false;
}[Candidate["length"] & SmallRank];

/** `Successor[N]` is `N + 1`, for walking lists of up to 70 entries (the most increasing axis tuples of a rank-8 shape) by index. */
export type Successor = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71,
];

/** In-dim sizes for valid `Dims` (at most 8): per entry the rule's size, or `["size", a's size, b's size]`. */
export type InDimSizesByRank<Rule, Low extends Shape, High extends Shape, Dims extends Shape, AIsHigh> = {
  0: [];
  1: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>];
  2: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>, InDimSize<Rule, Low[1], High[Dims[1] & number], AIsHigh>];
  3: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>, InDimSize<Rule, Low[1], High[Dims[1] & number], AIsHigh>, InDimSize<Rule, Low[2], High[Dims[2] & number], AIsHigh>];
  4: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>, InDimSize<Rule, Low[1], High[Dims[1] & number], AIsHigh>, InDimSize<Rule, Low[2], High[Dims[2] & number], AIsHigh>, InDimSize<Rule, Low[3], High[Dims[3] & number], AIsHigh>];
  5: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>, InDimSize<Rule, Low[1], High[Dims[1] & number], AIsHigh>, InDimSize<Rule, Low[2], High[Dims[2] & number], AIsHigh>, InDimSize<Rule, Low[3], High[Dims[3] & number], AIsHigh>, InDimSize<Rule, Low[4], High[Dims[4] & number], AIsHigh>];
  6: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>, InDimSize<Rule, Low[1], High[Dims[1] & number], AIsHigh>, InDimSize<Rule, Low[2], High[Dims[2] & number], AIsHigh>, InDimSize<Rule, Low[3], High[Dims[3] & number], AIsHigh>, InDimSize<Rule, Low[4], High[Dims[4] & number], AIsHigh>, InDimSize<Rule, Low[5], High[Dims[5] & number], AIsHigh>];
  7: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>, InDimSize<Rule, Low[1], High[Dims[1] & number], AIsHigh>, InDimSize<Rule, Low[2], High[Dims[2] & number], AIsHigh>, InDimSize<Rule, Low[3], High[Dims[3] & number], AIsHigh>, InDimSize<Rule, Low[4], High[Dims[4] & number], AIsHigh>, InDimSize<Rule, Low[5], High[Dims[5] & number], AIsHigh>, InDimSize<Rule, Low[6], High[Dims[6] & number], AIsHigh>];
  8: [InDimSize<Rule, Low[0], High[Dims[0] & number], AIsHigh>, InDimSize<Rule, Low[1], High[Dims[1] & number], AIsHigh>, InDimSize<Rule, Low[2], High[Dims[2] & number], AIsHigh>, InDimSize<Rule, Low[3], High[Dims[3] & number], AIsHigh>, InDimSize<Rule, Low[4], High[Dims[4] & number], AIsHigh>, InDimSize<Rule, Low[5], High[Dims[5] & number], AIsHigh>, InDimSize<Rule, Low[6], High[Dims[6] & number], AIsHigh>, InDimSize<Rule, Low[7], High[Dims[7] & number], AIsHigh>];
}[Dims["length"] & SmallRank];

/** One in-dim entry: the result size under the rule, or the pair that does not fit, in operand order. */
export type InDimSize<Rule, LowSize, HighSize, AIsHigh> =
  (Rule extends "two-way" ? TwoWay<LowSize, HighSize> : OneWay<LowSize, HighSize>) extends infer Size
    ? Size extends number ? Size
    : AIsHigh extends true ? ["size", HighSize, LowSize] : ["size", LowSize, HighSize]
    : never;
