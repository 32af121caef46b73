/**
 * Every broadcasting rule of docs/broadcasting.md, as conditional types over shape tuples:
 * §2 binary element-wise modes (`numpy`, `none`, `xla`, `pdpd`) and §3
 * broadcasting one shape to a target (`numpy`, `bidirectional`, `explicit`).
 *
 * This file holds the entry points, the argument checks and the dispatch to
 * the modes; each mode's rule is in types/broadcast/ (numpy.ts, none.ts,
 * xla.ts, pdpd.ts, to.ts, and in-dim.ts for the axis maps of xla and
 * explicit), each the twin of the file of the same name in src/shape/broadcast/.
 * Each rule gives the result shape, or a `ShapeTypeError` whose message is the
 * one `src/shape/broadcast.ts` throws for the same input. The checks run in
 * the same order as at run time: spec fields, sizes, then the mode's rule.
 *
 * Cost notes (see `npm run bench:types:broadcast`):
 * - per-axis work is done by homomorphic mapped types (one pass, no recursion);
 * - a conditional type re-instantiates every type parameter it mentions each
 *   time it is evaluated, so rules take only the shapes they need and return
 *   a small `Failure<Detail, Fix>`; only the entry points, evaluated once per
 *   use, know the op, the mode and the verb and write the whole message;
 * - failures are located, and fixes searched, only on the error path.
 */
import type { ShapeTypeError, WriteAxisMismatch, WriteInvalidSize, WriteShapeMessageShown, WriteStrayField } from "./errors.js";
import type { LastPairByRank, SmallRank } from "./internal/by-rank.js";
import type { AllSizesValid, FirstInvalidSize, InvalidSizeText, NotFound } from "./internal/sizes.js";
import type { Shape, ShapeMessage } from "./shape.js";
import type { BinaryModeFields, BroadcastSpec, BroadcastToSpec, ToModeFields } from "./spec.js";
import type { Failure } from "./broadcast/common.js";
import type { NoneRule } from "./broadcast/none.js";
import type { NumpyRule, NumpyZipped } from "./broadcast/numpy.js";
import type { PdpdRule } from "./broadcast/pdpd.js";
import type { ExplicitRule, ToNumpyRule } from "./broadcast/to.js";
import type { NoDims, XlaRule } from "./broadcast/xla.js";

// ===========================================================================
// Public entry points
// ===========================================================================

/**
 * The result shape of a binary element-wise op on operands of shapes `A` and
 * `B` under a broadcast spec (NumPy by default), or a `ShapeTypeError`.
 *
 * @example
 * BroadcastShapes<[2, 1, 5], [4, 1]>                                       //=> [2, 4, 5]
 * BroadcastShapes<[2, 3], [3], { mode: "xla"; broadcastDimensions: [1] }>  //=> [2, 3]
 * BroadcastShapes<[2, 3, 4, 5], [3, 1], { mode: "pdpd"; axis: 1 }>         //=> [2, 3, 4, 5]
 * ErrorMessage<BroadcastShapes<[3], [2]>>
 * //=> "broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]"
 */
export type BroadcastShapes<A extends Shape, B extends Shape, Spec extends BroadcastSpec = { mode: "numpy" }> =
  BroadcastShapesOf<"broadcastShapes", A, B, Spec>;

/**
 * The shape of one tensor broadcast to `Target` (OpenVINO Broadcast), or a `ShapeTypeError`.
 *
 * @example
 * BroadcastToShape<[3, 1], [2, 3, 4]>                                      //=> [2, 3, 4]
 * BroadcastToShape<[3, 1], [2, 1, 6], { mode: "bidirectional" }>           //=> [2, 3, 6]
 * BroadcastToShape<[3], [3, 4], { mode: "explicit"; axesMapping: [0] }>    //=> [3, 4]
 */
export type BroadcastToShape<Input extends Shape, Target extends Shape, Spec extends BroadcastToSpec = { mode: "numpy" }> =
  BroadcastToShapeOf<"broadcastToShape", Input, Target, Spec>;

/** `BroadcastShapes` for an op named `Op` (the name leads the message). */
export type BroadcastShapesOf<Op extends string, A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  // one union member at a time: `[2, 3] | [4, 3]` gives a union of results, not `[2 | 4, 3]`
  A extends unknown ? B extends unknown ? BroadcastOne<Op, A, B, Spec> : never : never;

type BroadcastOne<Op extends string, A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  // (an `any` shape, or a shape of unknown rank, is for `BroadcastChecked`)
  [Spec["mode"], keyof Spec] extends ["numpy", "mode"]
    ? 0 extends 1 & (A | B) ? BroadcastChecked<Op, A, B, Spec>
    : [A["length"], B["length"]] extends [SmallRank, SmallRank] ? NumpyOne<Op, A, B, Spec>
    : BroadcastChecked<Op, A, B, Spec>
    : BroadcastChecked<Op, A, B, Spec>;

/**
 * NumPy mode: a misfit of two literals first, found by structure (`LastPairByRank`), which is
 * decided beside a size that is a type parameter, where every test of `BroadcastChecked` stays
 * unresolved; then the checks in the runtime's order.
 */
type NumpyOne<Op extends string, A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  // (the zip read into `Zipped` first, then the test by the alias below: `LastPairByRank`
  // indexes its table by `Zipped["length"] & SmallRank`, and with the zip written in place the
  // compiler works out that intersection's constraint through every row of the zip's tables the
  // first time it reads this alias, about 3,500 instantiations once per program; a `Zipped`
  // constrained to an array has `number` for a length)
  NumpyZipped<A, B> extends infer Zipped extends readonly unknown[] ? NumpyFound<Op, A, B, Spec, Zipped> : never;

/** `NumpyOne` once the zip is read (an alias of its own, so that while it is unresolved it prints by this name, the zip among its arguments). */
type NumpyFound<Op extends string, A extends Shape, B extends Shape, Spec extends BroadcastSpec, Zipped extends readonly unknown[]> =
  LastPairByRank<Zipped> extends infer Found
    ? [Found] extends [never] ? BroadcastChecked<Op, A, B, Spec>
    : Found extends [infer Axis extends number, [infer X extends number, infer Y extends number]]
      // (two valid sizes: an invalid size is reported as such, after an `any` is read as `number`)
      ? 0 extends 1 & (X | Y) ? BroadcastChecked<Op, A, B, Spec>
      : [`${X | Y}` & InvalidSizeText] extends [never] ? Finish<Op, "numpy", A, B, "with", Failure<WriteAxisMismatch<Axis, X, Y>, undefined>>
      : BroadcastChecked<Op, A, B, Spec>
      : BroadcastChecked<Op, A, B, Spec>
    : never;

type BroadcastChecked<Op extends string, A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  // a shape of unknown rank (`number[]`) gives a result of unknown rank, checked at run time
  // (docs/broadcasting.md §4.3): answered before any test of a size, which a type parameter in
  // the other shape would leave unresolved (`[T, T]` with `number[]` is `number[]`). Asked as
  // `number[] extends A`, not of A's length: a shape with a rest (`[...Rest, D]`) has a length of
  // `number` too, and the compiler, relating an argument to a rule it cannot decide, evaluates it
  // with `any` for each type parameter, where a rest of `any` would read as a dynamic rank.
  [number[] extends A ? true : false, number[] extends B ? true : false] extends [false, false] ? BroadcastFixed<Op, A, B, Spec>
  : keyof Spec extends "mode" | BinaryModeFields[Spec["mode"]] ? number[]
  : StrayField<Op, Spec, BinaryModeFields>;

type BroadcastFixed<Op extends string, A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  // an `any` size would make every conditional take both branches: read it as `number`.
  // (Then BroadcastKnown, the rest below, not BroadcastOne again: on shapes still being
  // inferred, as in `f(broadcastShapes(a, b))`, the compiler expands that recursion about ten
  // levels deep, some 900,000 instantiations once per program. The rest is written out here
  // too, so the common case costs no extra alias.)
  0 extends 1 & (A[number] | B[number]) ? BroadcastKnown<Op, WithoutAny<A>, WithoutAny<B>, Spec>
  : keyof Spec extends "mode" | BinaryModeFields[Spec["mode"]]
    ? Finish<Op, Spec["mode"], A, B, "with", BinaryChecked<A, B, Spec>>
    : StrayField<Op, Spec, BinaryModeFields>;

type BroadcastKnown<Op extends string, A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  keyof Spec extends "mode" | BinaryModeFields[Spec["mode"]]
    ? Finish<Op, Spec["mode"], A, B, "with", BinaryChecked<A, B, Spec>>
    : StrayField<Op, Spec, BinaryModeFields>;

/** `BroadcastToShape` for an op named `Op`. */
export type BroadcastToShapeOf<Op extends string, Input extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  Input extends unknown ? Target extends unknown ? BroadcastToOne<Op, Input, Target, Spec> : never : never;

type BroadcastToOne<Op extends string, Input extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  // an input of unknown rank first (as in BroadcastChecked): the test of the target's sizes for
  // `any` below stays unresolved beside a type parameter
  number[] extends Input ? BroadcastToKnown<Op, number[], Target, Spec>
  // (as in BroadcastOne)
  : 0 extends 1 & (Input[number] | Target[number]) ? BroadcastToKnown<Op, WithoutAny<Input>, WithoutAny<Target>, Spec>
  : keyof Spec extends "mode" | ToModeFields[Spec["mode"]]
    ? Finish<Op, Spec["mode"], Input, Target, "to", ToChecked<Input, Target, Spec>>
    : StrayField<Op, Spec, ToModeFields>;

type BroadcastToKnown<Op extends string, Input extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  keyof Spec extends "mode" | ToModeFields[Spec["mode"]]
    ? Finish<Op, Spec["mode"], Input, Target, "to", ToChecked<Input, Target, Spec>>
    : StrayField<Op, Spec, ToModeFields>;


type Finish<Op extends string, Mode extends string, A extends Shape, B extends Shape, Verb extends "with" | "to", Result> =
  Result extends Shape ? Result // the common case first: no inference
  : Result extends Failure<infer Detail, infer Fix> ? ShapeTypeError<ShapeMessage<WriteShapeMessageShown<Op, Mode, Detail, "{1}", "{2}", Verb, Fix>, A, B>>
  : never;

// ===========================================================================
// Argument checks
// ===========================================================================

/** `any` sizes as `number`; an `any` shape as `number[]`. */
type WithoutAny<S extends Shape> =
  0 extends 1 & S ? number[]
  : number extends S["length"] ? number[]
  : { -readonly [Key in keyof S]: 0 extends 1 & S[Key] ? number : S[Key] };

type StrayField<Op extends string, Spec extends { readonly mode: string }, Fields> = ShapeTypeError<
  WriteStrayField<Op, Exclude<keyof Spec, "mode" | Fields[Spec["mode"] & keyof Fields]> & string, Spec["mode"]>
>;

/** The first size of `A`, then of `B`, that is a negative or fractional literal; `NotFound` if none. */
type SizeFailure<A extends Shape, B extends Shape, NameA extends string, NameB extends string> =
  FirstInvalidSize<A> extends [infer Axis, infer Size] ? Failure<WriteInvalidSize<Size, Axis, NameA>, undefined>
  : FirstInvalidSize<B> extends [infer Axis, infer Size] ? Failure<WriteInvalidSize<Size, Axis, NameB>, undefined>
  : NotFound; // the sizes that kept the fast check from passing are dynamic or symbolic

type BinaryChecked<A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  AllSizesValid<A, B> extends true ? BinaryRule<A, B, Spec>
  : SizeFailure<A, B, "a", "b"> extends infer Failed extends Failure<string, undefined> ? Failed
  : BinaryRule<A, B, Spec>;

type ToChecked<Input extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  AllSizesValid<Input, Target> extends true ? ToRule<Input, Target, Spec>
  : SizeFailure<Input, Target, "the input", "the target"> extends infer Failed extends Failure<string, undefined> ? Failed
  : ToRule<Input, Target, Spec>;

/** A spec field as given: the value, `Unknown` when the spec's type does not pin it, else `Absent`. */
type FieldOf<Spec, Field extends string, Absent, Unknown> =
  // a value that may be `undefined` does not pin the field
  Spec extends { readonly [Key in Field]: infer Value } ? (undefined extends Value ? (StrictNullChecks extends true ? Unknown : Value) : Value)
  : Field extends keyof Spec ? Unknown
  : Absent;

// ===========================================================================
// Mode dispatch
// ===========================================================================

/**
 * Is strictNullChecks on? Without it `undefined` extends every type, so `undefined extends Value`
 * says nothing (and `T | undefined` is `T`: no value type can say it may be `undefined`).
 * Not generic: evaluated once per program.
 */
type StrictNullChecks = undefined extends 0 ? false : true;

type BinaryRule<A extends Shape, B extends Shape, Spec extends BroadcastSpec> =
  number extends A["length"] ? number[]
  : number extends B["length"] ? number[]
  : Spec["mode"] extends "numpy" ? NumpyRule<A, B>
  : Spec["mode"] extends "xla" ? XlaRule<A, B, FieldOf<Spec, "broadcastDimensions", NoDims, number[]>>
  : Spec["mode"] extends "pdpd" ? PdpdRule<A, B, FieldOf<Spec, "axis", -1, number>>
  : Spec["mode"] extends "none" ? NoneRule<A, B>
  : number[]; // the mode is not known at compile time

type ToRule<Input extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  number extends Target["length"] ? number[]
  // an input of unknown rank: numpy and explicit broadcasting give the target itself when they
  // succeed, which the runtime checks; bidirectional gives a shape the input's sizes decide
  : number extends Input["length"] ? (Spec["mode"] extends "bidirectional" ? number[] : [...Target])
  : Spec["mode"] extends "numpy" ? ToNumpyRule<Input, Target>
  : Spec["mode"] extends "bidirectional" ? NumpyRule<Input, Target>
  : Spec["mode"] extends "explicit" ? ExplicitRule<Input, Target, FieldOf<Spec, "axesMapping", number[], number[]>>
  : number[];
