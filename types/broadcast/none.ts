/**
 * Mode `none` (OpenVINO NONE): identical shapes only; a misfit names what
 * NumPy mode would give. docs/broadcasting.md §2.1; the twin of
 * src/shape/broadcast/none.ts.
 */
import type { WriteNumpyFix, WriteRankMismatch } from "../errors.js";
import type { SmallRank, ZipSameByRank } from "../internal/by-rank.js";
import type { Same } from "../internal/sizes.js";
import type { Shape } from "../shape.js";
import type { AxesChecked, Failure } from "./common.js";
import type { NumpyZipped } from "./numpy.js";

type ZipSame<A extends Shape, B extends Shape> = { -readonly [Key in keyof A]: Same<A[Key], B[Key & keyof B]> };

/** What NumPy mode would give, as a fix for mode none. */
export type NumpyFix<A extends Shape, B extends Shape> =
  NumpyZipped<A, B> extends infer Zipped extends readonly unknown[]
    ? Zipped extends Shape ? WriteNumpyFix<Zipped> : undefined
    : undefined;

export type NoneRule<A extends Shape, B extends Shape> =
  A["length"] extends B["length"]
    ? AxesChecked<A["length"] extends SmallRank ? ZipSameByRank<A, B> : ZipSame<A, B>, "numpy", A, B>
  : Failure<WriteRankMismatch<A["length"], B["length"]>, NumpyFix<A, B>>;
