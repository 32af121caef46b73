/**
 * What the broadcast rules share: the `Failure` a rule gives instead of a
 * shape, the rank comparison, and the per-axis check with its fix. The twin
 * of src/shape/broadcast/common.ts.
 */
import type { WriteAxisMismatch } from "../errors.js";
import type { BelowRank, LastPairByRank, SmallRank } from "../internal/by-rank.js";
import type { LastFailure } from "../internal/sizes.js";
import type { Unknowns } from "../internal/tuple.js";
import type { Shape } from "../shape.js";
import type { NumpyFix } from "./none.js";
import type { ExplicitFix } from "./to.js";

/**
 * What a rule gives when the shapes do not fit: what failed first, and the fix
 * (`undefined` when there is none). The entry points turn it into the message.
 */
export interface Failure<Detail extends string, Fix extends string | undefined> {
  readonly detail: Detail;
  readonly fix: Fix;
}

/** Is `A` of higher rank than `B`? A table lookup for small ranks. */
export type LongerThan<A extends Shape, B extends Shape> =
  A["length"] extends SmallRank ? (B["length"] extends BelowRank[A["length"]] ? true : false)
  : A extends readonly [...Unknowns<B>, unknown, ...unknown[]] ? true
  : false;

/** Which fix an axis misfit offers; computed only on the error path. */
type FixKind = "no fix" | "numpy" | "explicit";
type FixFor<Kind extends FixKind, A extends Shape, B extends Shape> =
  Kind extends "numpy" ? NumpyFix<A, B> : Kind extends "explicit" ? ExplicitFix<A, B> : undefined;

/**
 * A zipped shape when every axis fits; otherwise the failure at the first
 * offending axis, which is the rightmost one: NumPy compares trailing axes first.
 * Up to rank 8 the misfit is looked for first, by one test of the whole zip
 * (`LastPairByRank`), so two literals that do not fit are reported as that misfit
 * even beside an axis that is a type parameter, whose own test the compiler leaves
 * unresolved.
 */
export type AxesChecked<Zipped, Fix extends FixKind, A extends Shape, B extends Shape> =
  Zipped extends readonly unknown[]
    ? Zipped["length"] extends SmallRank
      ? (LastPairByRank<Zipped> extends infer Found
        ? [Found] extends [never] ? Zipped
        : Found extends [infer Axis, [infer X, infer Y]] ? Failure<WriteAxisMismatch<Axis, X, Y>, FixFor<Fix, A, B>> : never
        : never)
    : Zipped[number] extends number ? Zipped
    : LastFailure<Zipped> extends [infer Axis, [infer X, infer Y]] ? Failure<WriteAxisMismatch<Axis, X, Y>, FixFor<Fix, A, B>>
    : never
  : never;
