/**
 * NumPy broadcasting (also broadcast-to's `bidirectional` mode): right-align,
 * pad with 1s, per axis equal or 1. docs/broadcasting.md §2.2; the twin of
 * src/shape/broadcast/numpy.ts.
 */
import type { BelowRank, PadToRank, SmallRank, ZipTwoWayByRank } from "../internal/by-rank.js";
import type { TwoWay } from "../internal/sizes.js";
import type { Ones, Unknowns } from "../internal/tuple.js";
import type { Shape } from "../shape.js";
import type { AxesChecked } from "./common.js";

// Mapped over the longer, unpadded shape and indexing the padded one: a mapped
// type over a spread tuple (`[...Ones<Head>, ...A]`) maps each part on its
// own, restarting the keys at 0, which would misalign the axes.
type ZipTwoWay<A extends Shape, B extends Shape> = { -readonly [Key in keyof A]: TwoWay<A[Key], B[Key & keyof B]> };
type ZipTwoWayOnB<A extends Shape, B extends Shape> = { -readonly [Key in keyof B]: TwoWay<A[Key & keyof A], B[Key]> };

/** Both shapes right-aligned and zipped: per axis the result size or the failing pair. */
export type NumpyZipped<A extends Shape, B extends Shape> =
  [A["length"], B["length"]] extends [SmallRank, SmallRank]
    ? A["length"] extends B["length"] ? ZipTwoWayByRank<A, B>
    : B["length"] extends BelowRank[A["length"]] ? ZipTwoWayByRank<A, PadToRank<B, A["length"] & SmallRank>>
    : ZipTwoWayByRank<PadToRank<A, B["length"] & SmallRank>, B>
  : NumpyZippedMapped<A, B>;

type NumpyZippedMapped<A extends Shape, B extends Shape> =
  A["length"] extends B["length"] ? ZipTwoWay<A, B>
  // `Unknowns<B>` matches B's length only, so `Head` is the part of A that B lacks
  : A extends readonly [...infer Head, ...Unknowns<B>] ? ZipTwoWay<A, [...Ones<Head>, ...B]>
  : B extends readonly [...infer Head, ...Unknowns<A>] ? ZipTwoWayOnB<[...Ones<Head>, ...A], B>
  : never;

export type NumpyRule<A extends Shape, B extends Shape> = AxesChecked<NumpyZipped<A, B>, "no fix", A, B>;
