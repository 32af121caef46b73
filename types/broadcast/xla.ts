/**
 * Mode `xla`: degenerate dims for equal ranks, `broadcastDimensions` for
 * differing ones, none for a scalar. docs/broadcasting.md §2.3; the twin of
 * src/shape/broadcast/xla.ts.
 */
import type { WriteDimsEqualRank, WriteDimsScalar } from "../errors.js";
import type { Shape } from "../shape.js";
import type { Failure, LongerThan } from "./common.js";
import type { InDim } from "./in-dim.js";
import type { NumpyRule } from "./numpy.js";

/**
 * broadcastDimensions left out. (Not `undefined`: with strictNullChecks off
 * `undefined` extends every type, `Shape` included, and would read as a list.)
 */
export type NoDims = "no broadcastDimensions";

/** `true` when `Dims` is absent, empty, or `[0, 1, ..., Rank - 1]`. */
type EmptyOrIdentity<Dims, Rank extends number> =
  Dims extends NoDims | readonly [] ? true
  : Dims extends Shape
    ? Dims["length"] extends Rank
      ? { [Key in keyof Dims]: `${Dims[Key] & number}` extends Key ? true : false }[number] extends true ? true : false
      : false
  : false;

// (`Dims & Shape` would not do: an intersection with a tuple no longer reads as that tuple)
type AsShape<Dims> = Dims extends Shape ? Dims : [];

export type XlaRule<A extends Shape, B extends Shape, Dims> =
  number extends AsShape<Dims>["length"] ? number[] // broadcastDimensions not known at compile time
  : A["length"] extends B["length"]
    ? EmptyOrIdentity<Dims, A["length"]> extends true ? NumpyRule<A, B>
    : Failure<WriteDimsEqualRank<AsShape<Dims>>, undefined>
  // a scalar broadcasts to anything and takes no broadcastDimensions
  : A extends readonly [] ? XlaScalar<Dims, B>
  : B extends readonly [] ? XlaScalar<Dims, A>
  : LongerThan<A, B> extends true
    ? InDim<"xla", B, A, true, Dims>
    : InDim<"xla", A, B, false, Dims>;

type XlaScalar<Dims, Other extends Shape> =
  Dims extends NoDims | readonly [] ? [...Other] : Failure<WriteDimsScalar<AsShape<Dims>>, undefined>;
