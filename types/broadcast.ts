/**
 * Every broadcasting rule of docs/broadcasting.md, as conditional types over shape tuples:
 * §2 binary element-wise modes (`numpy`, `none`, `xla`, `pdpd`) and §3
 * broadcasting one shape to a target (`numpy`, `bidirectional`, `explicit`).
 *
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
import type {
  ShapeTypeError,
  WriteAxisMismatch,
  WriteDimsEqualRank,
  WriteDimsFix,
  WriteDimsLength,
  WriteDimsOrder,
  WriteDimsRange,
  WriteDimsScalar,
  WriteExplicitFix,
  WriteInvalidSize,
  WriteMissingDims,
  WriteNumpyFix,
  WritePdpdAxis,
  WritePdpdFix,
  WritePdpdRange,
  WritePdpdRank,
  WriteRankMismatch,
  WriteShapeMessage,
  WriteStrayField,
} from "./errors.js";
import type {
  AllSizesValid,
  FirstFailure,
  FirstInvalidSize,
  FirstMatch,
  FitsOneWay,
  FitsTwoWay,
  LastFailure,
  NotFound,
  OneWay,
  Same,
  TwoWay,
} from "./internal/sizes.js";
import type {
  Below,
  Combinations,
  Counter,
  Increment,
  IncreasingAxes,
  Indices,
  Iota,
  Ones,
  Subtract,
  Unknowns,
} from "./internal/tuple.js";
import type {
  BelowRank,
  CandidateFitsByRank,
  CompatibleAxesByRank,
  OnesOf,
  PadToRank,
  RankDifference,
  RankSum,
  SmallRank,
  Successor,
  InDimSize,
  InDimSizesByRank,
  UnchangedByRank,
  ZipOneWayAtByRank,
  ZipOneWayByRank,
  ZipSameByRank,
  ZipTwoWayByRank,
} from "./internal/by-rank.js";
import type { Shape } from "./shape.js";
import type { BinaryModeFields, BroadcastSpec, BroadcastToSpec, ToModeFields } from "./spec.js";

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
  // (as in BroadcastOne)
  0 extends 1 & (Input[number] | Target[number]) ? BroadcastToKnown<Op, WithoutAny<Input>, WithoutAny<Target>, Spec>
  : keyof Spec extends "mode" | ToModeFields[Spec["mode"]]
    ? Finish<Op, Spec["mode"], Input, Target, "to", ToChecked<Input, Target, Spec>>
    : StrayField<Op, Spec, ToModeFields>;

type BroadcastToKnown<Op extends string, Input extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  keyof Spec extends "mode" | ToModeFields[Spec["mode"]]
    ? Finish<Op, Spec["mode"], Input, Target, "to", ToChecked<Input, Target, Spec>>
    : StrayField<Op, Spec, ToModeFields>;

/**
 * What a rule gives when the shapes do not fit: what failed first, and the fix
 * (`undefined` when there is none). The entry points turn it into the message.
 */
interface Failure<Detail extends string, Fix extends string | undefined> {
  readonly detail: Detail;
  readonly fix: Fix;
}

type Finish<Op extends string, Mode extends string, A extends Shape, B extends Shape, Verb extends "with" | "to", Result> =
  Result extends Shape ? Result // the common case first: no inference
  : Result extends Failure<infer Detail, infer Fix> ? ShapeTypeError<WriteShapeMessage<Op, Mode, Detail, A, B, Verb, Fix>>
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
  number extends Input["length"] ? number[]
  : number extends Target["length"] ? number[]
  : Spec["mode"] extends "numpy" ? ToNumpyRule<Input, Target>
  : Spec["mode"] extends "bidirectional" ? NumpyRule<Input, Target>
  : Spec["mode"] extends "explicit" ? ExplicitRule<Input, Target, FieldOf<Spec, "axesMapping", number[], number[]>>
  : number[];

/** Is `A` of higher rank than `B`? A table lookup for small ranks. */
type LongerThan<A extends Shape, B extends Shape> =
  A["length"] extends SmallRank ? (B["length"] extends BelowRank[A["length"]] ? true : false)
  : A extends readonly [...Unknowns<B>, unknown, ...unknown[]] ? true
  : false;

// ===========================================================================
// numpy (and bidirectional): right-align, pad with 1s, equal or 1 per axis
// ===========================================================================

// Mapped over the longer, unpadded shape and indexing the padded one: a mapped
// type over a spread tuple (`[...Ones<Head>, ...A]`) maps each part on its
// own, restarting the keys at 0, which would misalign the axes.
type ZipTwoWay<A extends Shape, B extends Shape> = { -readonly [Key in keyof A]: TwoWay<A[Key], B[Key & keyof B]> };
type ZipTwoWayOnB<A extends Shape, B extends Shape> = { -readonly [Key in keyof B]: TwoWay<A[Key & keyof A], B[Key]> };

/** Both shapes right-aligned and zipped: per axis the result size or the failing pair. */
type NumpyZipped<A extends Shape, B extends Shape> =
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

type NumpyRule<A extends Shape, B extends Shape> = AxesChecked<NumpyZipped<A, B>, "no fix", A, B>;

/** Which fix an axis misfit offers; computed only on the error path. */
type FixKind = "no fix" | "numpy" | "explicit";
type FixFor<Kind extends FixKind, A extends Shape, B extends Shape> =
  Kind extends "numpy" ? NumpyFix<A, B> : Kind extends "explicit" ? ExplicitFix<A, B> : undefined;

/**
 * A zipped shape when every axis fits; otherwise the failure at the first
 * offending axis, which is the rightmost one: NumPy compares trailing axes first.
 */
type AxesChecked<Zipped, Fix extends FixKind, A extends Shape, B extends Shape> =
  Zipped extends readonly unknown[]
    ? Zipped[number] extends number ? Zipped
    : LastFailure<Zipped> extends [infer Axis, [infer X, infer Y]] ? Failure<WriteAxisMismatch<Axis, X, Y>, FixFor<Fix, A, B>>
    : never
  : never;

// ===========================================================================
// none: identical shapes
// ===========================================================================

type ZipSame<A extends Shape, B extends Shape> = { -readonly [Key in keyof A]: Same<A[Key], B[Key & keyof B]> };

/** What NumPy mode would give, as a fix for mode none. */
type NumpyFix<A extends Shape, B extends Shape> =
  NumpyZipped<A, B> extends infer Zipped extends readonly unknown[]
    ? Zipped extends Shape ? WriteNumpyFix<Zipped> : undefined
    : undefined;

type NoneRule<A extends Shape, B extends Shape> =
  A["length"] extends B["length"]
    ? AxesChecked<A["length"] extends SmallRank ? ZipSameByRank<A, B> : ZipSame<A, B>, "numpy", A, B>
  : Failure<WriteRankMismatch<A["length"], B["length"]>, NumpyFix<A, B>>;

// ===========================================================================
// xla: degenerate dims for equal ranks; broadcastDimensions otherwise
// ===========================================================================

/**
 * broadcastDimensions left out. (Not `undefined`: with strictNullChecks off
 * `undefined` extends every type, `Shape` included, and would read as a list.)
 */
type NoDims = "no broadcastDimensions";

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

type XlaRule<A extends Shape, B extends Shape, Dims> =
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

// ===========================================================================
// In-dim broadcast (xla with broadcastDimensions, explicit axesMapping)
// ===========================================================================

type InDimKind = "xla" | "explicit";
type Rule = "two-way" | "one-way";
/** Per kind: the spec field, whose rank it must match, and the size rule. */
interface InDimKinds {
  xla: { field: "broadcastDimensions"; whose: "the lower"; rule: "two-way" };
  explicit: { field: "axesMapping"; whose: "the input's"; rule: "one-way" };
}
type FieldName<Kind extends InDimKind> = InDimKinds[Kind]["field"];
type RuleOf<Kind extends InDimKind> = InDimKinds[Kind]["rule"];

/** Per entry of `Dims`: the result size on axis `Dims[i]`, or why the entry fails. */
type InDimEntries<RuleName extends Rule, Low extends Shape, High extends Shape, Dims extends Shape, Previous extends Shape, AIsHigh> = {
  -readonly [Key in keyof Dims]: `${Dims[Key]}` extends keyof High // an axis of High? (also rejects -1 and 1.5)
    // `Previous` is Dims shifted right by one, `never` first: `never extends` anything holds
    ? Previous[Key & keyof Previous] extends Below<Dims[Key]>
      ? InDimSize<RuleName, Low[Key & keyof Low], High[Dims[Key] & keyof High], AIsHigh>
      : ["order"]
    : ["range"];
};

/** High's shape with the sizes of the mapped axes replaced by their broadcast sizes. */
type InDimResult<High extends Shape, Dims extends Shape, Sizes> = InDimPlace<
  High,
  // (numeric indices: a key-remapped mapped type over a tuple would walk all its methods too)
  { [Index in Indices<Dims> as `${Dims[Index & keyof Dims] & number}`]: Sizes[Index & keyof Sizes] }
>;
type InDimPlace<High extends Shape, ByAxis> = {
  -readonly [Key in keyof High]: Key extends keyof ByAxis ? ByAxis[Key] : High[Key];
};

type InDim<Kind extends InDimKind, Low extends Shape, High extends Shape, AIsHigh extends boolean, Dims> =
  Dims extends Shape
    ? Dims["length"] extends Low["length"]
      // fast path: valid axes and no size to change, so the result is High itself
      ? Dims extends IncreasingAxes<High["length"]>
        ? UnchangedByRank<Low, High, Dims> extends true // (Dims has at most 8 entries here)
          ? [...High]
          // valid axes: only the sizes can fail
          : InDimChecked<Kind, Low, High, Dims, InDimSizesByRank<RuleOf<Kind>, Low, High, Dims, AIsHigh>, false>
        : InDimChecked<Kind, Low, High, Dims, InDimEntries<RuleOf<Kind>, Low, High, Dims, [never, ...Dims], AIsHigh>, true>
      : Failure<WriteDimsLength<FieldName<Kind>, Dims, InDimKinds[Kind]["whose"], Low["length"]>, DimsFix<Kind, Low, High>>
    // only xla leaves the dims out; the ranks read in operand order
    : Failure<
        AIsHigh extends true ? WriteMissingDims<High["length"], Low["length"]> : WriteMissingDims<Low["length"], High["length"]>,
        DimsFix<Kind, Low, High>
      >;

/** `MayBeMalformed`: the entries may hold range or order failures, not only sizes. */
type InDimChecked<Kind extends InDimKind, Low extends Shape, High extends Shape, Dims extends Shape, Entries, MayBeMalformed extends boolean> =
  Entries extends readonly unknown[]
    ? Entries[number] extends number ? InDimResult<High, Dims, Entries>
    // a malformed entry anywhere is reported before any size that does not fit
    : (MayBeMalformed extends true
        ? FirstMatch<Entries, ["range"] | ["order"]> extends [infer Index, infer Why] ? [Index, Why] : FirstFailure<Entries>
        : FirstFailure<Entries>) extends [
        infer Index,
        infer Why,
      ]
      ? Failure<InDimDetail<FieldName<Kind>, Index, Dims, High, Why>, DimsFix<Kind, Low, High>>
      : never
  : never;

type InDimDetail<Field extends string, Index, Dims extends Shape, High extends Shape, Why> =
  Why extends ["range"] ? WriteDimsRange<Field, Index, Dims[Index & keyof Dims], High["length"]>
  : Why extends ["order"] ? WriteDimsOrder<Field, Dims, Index>
  : Why extends ["size", infer X, infer Y] ? WriteAxisMismatch<Dims[Index & keyof Dims], X, Y>
  : never;

type DimsFix<Kind extends InDimKind, Low extends Shape, High extends Shape> =
  ValidAxisMaps<RuleOf<Kind>, Low, High> extends infer Maps extends readonly Shape[] ? WriteDimsFix<FieldName<Kind>, Maps> : never;

// ===========================================================================
// The fix list: strictly increasing maps of Low's axes onto High's axes under
// which all sizes fit, in lexicographic order, at most 7 (one past the cap
// of 6 shown). Mirrors `validAxisMaps` in src/shape/broadcast.ts.
// ===========================================================================

type ValidAxisMaps<RuleName extends Rule, Low extends Shape, High extends Shape> =
  High["length"] extends SmallRank
    ? FilterMaps<Combinations<Iota<High["length"]>, OnesOf[Low["length"] & SmallRank]>, CompatibleAxesByRank<RuleName, Low, High>, 0, []>
    : FeasibleTable<RuleName, Low, High, [[true, ...{ [Key in keyof High]: true }]]> extends infer Table extends boolean[][]
      ? SearchMaps<RuleName, Low, High, Table, [], 0, []>
      : never;

// Small ranks: every increasing tuple of axes is listed in order (cached per
// rank and length); a candidate is kept when each of its axes is compatible.

/** The first 7 candidates whose every axis fits; walked by index (no tuple is re-inferred per step). */
type FilterMaps<Candidates extends readonly number[][], Compatible extends readonly unknown[], Index extends number, Found extends number[][]> =
  Found["length"] extends 7 ? Found
  : Index extends Candidates["length"] ? Found
  : FilterMaps<
      Candidates,
      Compatible,
      Successor[Index],
      CandidateFitsByRank<Candidates[Index], Compatible> extends true ? [...Found, Candidates[Index]] : Found
    >;

// Large ranks: a depth-first search over a feasibility table.

type Fits<RuleName extends Rule, LowSize, HighSize> =
  RuleName extends "two-way" ? FitsTwoWay<LowSize, HighSize> : FitsOneWay<LowSize, HighSize>;

/**
 * Feasibility table: `Table[i][j]` is true when Low's axes i.. can still be
 * placed on High's axes j... Built from the last row up; each row right to left.
 */
type FeasibleTable<RuleName extends Rule, Low extends Shape, High extends Shape, Rows extends boolean[][]> =
  Low extends readonly [...infer Init extends Shape, infer LowSize]
    ? FeasibleRow<RuleName, LowSize, High, Rows[0], [false]> extends infer Row extends boolean[]
      ? FeasibleTable<RuleName, Init, High, [Row, ...Rows]>
      : never
    : Rows;

type FeasibleRow<RuleName extends Rule, LowSize, High extends Shape, Next extends readonly boolean[], Row extends boolean[]> =
  High extends readonly [...infer HighInit extends Shape, infer HighSize]
    ? Next extends readonly [...infer NextInit extends boolean[], infer NextLast]
      ? FeasibleRow<RuleName, LowSize, HighInit, NextInit, [
          Fits<RuleName, LowSize, HighSize> extends true ? (NextLast extends true ? true : Row[0]) : Row[0],
          ...Row,
        ]>
      : never
    : Row;

/** The smallest axis t >= From where Low's axis i fits and the rest can follow; -1 if none. */
type NextAxis<RuleName extends Rule, LowSize, High extends Shape, NextRow extends readonly boolean[], From extends unknown[]> =
  From["length"] extends High["length"] ? -1
  : Fits<RuleName, LowSize, High[From["length"]]> extends true
    ? NextRow[[...From, unknown]["length"]] extends true ? From["length"] : NextAxis<RuleName, LowSize, High, NextRow, [...From, unknown]>
  : NextAxis<RuleName, LowSize, High, NextRow, [...From, unknown]>;

/** Depth-first search with an explicit stack; the table keeps it out of dead ends. */
type SearchMaps<
  RuleName extends Rule,
  Low extends Shape,
  High extends Shape,
  Table extends readonly (readonly boolean[])[],
  Stack extends number[],
  From extends number,
  Found extends number[][],
> =
  Found["length"] extends 7 ? Found
  : Stack["length"] extends Low["length"]
    ? BacktrackMaps<RuleName, Low, High, Table, Stack, [...Found, Stack]>
    : NextAxis<RuleName, Low[Stack["length"]], High, Table[Increment<Stack["length"]> & keyof Table], Counter<From>> extends infer Axis extends number
      ? Axis extends -1 ? BacktrackMaps<RuleName, Low, High, Table, Stack, Found>
      : SearchMaps<RuleName, Low, High, Table, [...Stack, Axis], Increment<Axis>, Found>
    : never;

type BacktrackMaps<
  RuleName extends Rule,
  Low extends Shape,
  High extends Shape,
  Table extends readonly (readonly boolean[])[],
  Stack extends number[],
  Found extends number[][],
> =
  Stack extends [...infer Rest extends number[], infer Last extends number]
    ? SearchMaps<RuleName, Low, High, Table, Rest, Increment<Last>, Found>
    : Found;

// ===========================================================================
// pdpd: only b onto a, aligned at axis
// ===========================================================================

/** b without its trailing 1s; the last size is looked at first, as it is rarely a 1. */
type TrimTrailingOnes<S extends Shape> =
  S["length"] extends SmallRank ? (S[RankDifference[S["length"]][1] & number] extends 1 ? TrimOnes<S> : S) : TrimOnes<S>;
type TrimOnes<S extends Shape> = S extends readonly [...infer Init extends Shape, 1] ? TrimOnes<Init> : S;

/** `A - B` for ranks `B <= A`. */
type RankMinus<A extends number, B extends number> =
  [A, B] extends [SmallRank, SmallRank] ? RankDifference[A & SmallRank][B & SmallRank] : Subtract<A, B>;

/** Is the axis -1 or a non-negative integer literal? */
type PdpdAxisValid<Axis extends number> =
  Axis extends -1 ? true : [`${Axis}` & (`-${string}` | `${string}.${string}` | `${string}e${string}`)] extends [never] ? true : false;

type PdpdRule<A extends Shape, B extends Shape, Axis extends number> =
  LongerThan<B, A> extends false // only b onto a
    ? number extends Axis ? [...A] // axis not known at compile time: the result is a's shape anyway
    : PdpdAxisValid<Axis> extends true
      ? PdpdAt<A, Axis extends -1 ? RankMinus<A["length"], B["length"]> : Axis, TrimTrailingOnes<B>>
      : Failure<WritePdpdAxis<Axis>, undefined>
    : Failure<WritePdpdRank<A["length"], B["length"]>, undefined>;

type ZipPdpd<Trimmed extends Shape, Window extends Shape> =
  Trimmed["length"] extends SmallRank ? ZipOneWayByRank<Trimmed, Window>
  : { -readonly [Key in keyof Trimmed]: OneWay<Trimmed[Key], Window[Key & keyof Window]> };

type PdpdAt<A extends Shape, Start extends number, Trimmed extends Shape> =
  [A["length"], Start] extends [SmallRank, SmallRank]
    // small ranks: does b end within a? then zip b with a's axes from Start by table
    ? RankSum[Start & SmallRank][Trimmed["length"] & SmallRank] extends BelowRank[A["length"] & SmallRank] | A["length"]
      ? PdpdChecked<A, Start, Trimmed, ZipOneWayAtByRank<Trimmed, A, Start & SmallRank>>
      : PdpdRangeFailure<A, Start, Trimmed>
  // Start in 0..rank(a)? (checked before counting to it, so a huge axis costs nothing)
  : `${Start}` extends keyof [...A, unknown] ? PdpdWindow<A, Start, Trimmed>
  : PdpdRangeFailure<A, Start, Trimmed>;

type PdpdWindow<A extends Shape, Start extends number, Trimmed extends Shape> =
  A extends readonly [...Counter<Start>, ...infer Window extends Shape] // a's axes from Start on
    ? Window extends readonly [...Unknowns<Trimmed>, ...unknown[]]
      ? PdpdChecked<A, Start, Trimmed, ZipPdpd<Trimmed, Window>>
      : PdpdRangeFailure<A, Start, Trimmed>
    : PdpdRangeFailure<A, Start, Trimmed>;

type PdpdRangeFailure<A extends Shape, Start extends number, Trimmed extends Shape> =
  Failure<WritePdpdRange<Start, Trimmed["length"], A["length"]>, PdpdFix<A, Trimmed>>;

type PdpdChecked<A extends Shape, Start extends number, Trimmed extends Shape, Zipped> =
  Zipped extends readonly unknown[]
    ? Zipped[number] extends number ? [...A]
    : FirstFailure<Zipped> extends [infer Index extends number, [infer Y, infer X]] // OneWay pairs read (b, a)
      ? Failure<WriteAxisMismatch<[...Counter<Start>, ...Counter<Index>]["length"], X, Y>, PdpdFix<A, Trimmed>>
      : never
  : never;

/** The axes at which b would fit, at most 7; `undefined` (no fix) when none does. */
type PdpdFix<A extends Shape, Trimmed extends Shape> =
  (A["length"] extends SmallRank ? PdpdFitAxesByRank<A, Trimmed, 0, []> : PdpdFitAxes<A, Trimmed, [], []>) extends infer Axes extends number[]
    ? Axes["length"] extends 0 ? undefined : WritePdpdFix<Axes>
    : never;

// Small ranks: each window is zipped by table from its start; stops when b would pass a's end.
type PdpdFitAxesByRank<A extends Shape, Trimmed extends Shape, At extends SmallRank, Found extends number[]> =
  Found["length"] extends 7 ? Found
  : RankSum[At][Trimmed["length"] & SmallRank] extends BelowRank[A["length"] & SmallRank] | A["length"]
    ? PdpdFitAxesNext<A, Trimmed, At, ZipOneWayAtByRank<Trimmed, A, At>[number] extends number ? [...Found, At] : Found>
    : Found;
type PdpdFitAxesNext<A extends Shape, Trimmed extends Shape, At extends SmallRank, Found extends number[]> =
  RankSum[At][1] extends infer Next extends SmallRank ? PdpdFitAxesByRank<A, Trimmed, Next, Found> : Found;

type PdpdFitAxes<Window extends Shape, Trimmed extends Shape, At extends unknown[], Found extends number[]> =
  Found["length"] extends 7 ? Found
  : Window extends readonly [...Unknowns<Trimmed>, ...unknown[]]
    ? PdpdFitNext<Window, Trimmed, At, ZipPdpd<Trimmed, Window>[number] extends number ? [...Found, At["length"]] : Found>
    : Found;

type PdpdFitNext<Window extends Shape, Trimmed extends Shape, At extends unknown[], Found extends number[]> =
  Window extends readonly [unknown, ...infer Rest extends Shape] ? PdpdFitAxes<Rest, Trimmed, [...At, unknown], Found> : Found;

// ===========================================================================
// Broadcast to a target: numpy (unidirectional) and explicit
// ===========================================================================

type ZipOneWay<Input extends Shape, Target extends Shape> = {
  -readonly [Key in keyof Target]: OneWay<Input[Key & keyof Input], Target[Key]>;
};

type ToNumpyRule<Input extends Shape, Target extends Shape> =
  [Input["length"], Target["length"]] extends [SmallRank, SmallRank]
    ? LongerThan<Input, Target> extends false
      ? AxesChecked<ZipOneWayByRank<PadToRank<Input, Target["length"] & SmallRank>, Target>, "explicit", Input, Target>
      : Failure<WriteRankMismatch<Input["length"], Target["length"]>, undefined>
  : Target extends readonly [...infer Head, ...Unknowns<Input>]
    ? AxesChecked<ZipOneWay<[...Ones<Head>, ...Input], Target>, "explicit", Input, Target>
    : Failure<WriteRankMismatch<Input["length"], Target["length"]>, undefined>;

type ExplicitFix<Input extends Shape, Target extends Shape> =
  ValidAxisMaps<"one-way", Input, Target> extends infer Maps extends number[][]
    ? Maps["length"] extends 0 ? undefined : WriteExplicitFix<Maps>
    : never;

type ExplicitRule<Input extends Shape, Target extends Shape, Mapping extends Shape> =
  number extends Mapping["length"] ? number[] : InDim<"explicit", Input, Target, false, Mapping>;
