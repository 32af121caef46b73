/**
 * The shape of `slice(x, ...specs)` at the type level, and the messages of its
 * runtime twin, src/shape/slice.ts, whose writers are typed to return them.
 * An index drops its axis, `null` (or no spec) keeps it, a `{ start, stop,
 * step }` gives the size it selects: exact for literal values, else `number`.
 *
 * @example
 * Sliced<[4, 5, 6], [1, null]>         //=> [5, 6]
 * Sliced<[10], [{ start: 1, step: 3 }]> //=> [3]
 * SliceIndexMessage<5, 0, 3>
 * //=> "slice: index 5 on axis 0 is out of range for its size 3 (use -3 to 2)"
 * SliceProblem<[3, 5], [0, { step: 0 }]>  //=> never (an index comes first: checked at run time)
 * SliceProblem<[3, 5], [null, { step: 0 }]>
 * //=> [1, "slice: step on axis 1 must be a non-zero integer, got number 0"]
 */
import type { Add, Monus } from "./internal/arithmetic.js";
import type { AtMost, CeilDiv, Minus } from "./size.js";
import type { Unknowns } from "./internal/tuple.js";
import type { LastAxis } from "./axis.js";
import type { Shape, ShowShape } from "./shape.js";

/** More specs than axes: twin of `writeSliceAxes` in src/shape/slice.ts. */
export type SliceAxesMessage<Count extends number, Rank extends number, Shown extends string> =
  `slice: ${Count} axes given for a rank-${Rank} tensor of shape ${Shown}`;

/** The valid range of an index on an axis of size `Size`, as messages write it. */
export type IndexRange<Size extends number> = Size extends 0 ? "the axis is empty" : `use -${Size} to ${LastAxis<Size> & number}`;

/** An index out of range: twin of `writeSliceIndex` in src/shape/slice.ts. */
export type SliceIndexMessage<Index extends number, Axis extends number, Size extends number> =
  `slice: index ${Index} on axis ${Axis} is out of range for its size ${Size} (${IndexRange<Size>})`;

/** A step of 0: twin of `writeSliceStep` in src/shape/slice.ts. */
export type SliceStepMessage<Axis extends number> = `slice: step on axis ${Axis} must be a non-zero integer, got number 0`;

/** A field of a slice spec, `undefined` when the spec does not set it. */
type SpecField<Spec, Key extends string> = Key extends keyof Spec ? Spec[Key] : undefined;

/**
 * The size `{ start, stop, step }` takes from an axis of size `Dim`, as the runtime computes
 * it: the bounds placed (negative counts from the end, clamped), then `ceil((stop - start) /
 * step)` or 0. Exact for literal values; `number` when the size or a value is known only at run
 * time. The formula is chosen by the bounds alone and written with the sizes of types/size.ts,
 * so an axis whose size is a type parameter gives the expression a user would write:
 * `{ start: 1 }` of `T` is `Minus<T, 1>`, `{ stop: -1 }` is `Minus<T, 1>` too (the two halves of
 * a next-token loss fit each other), `{ stop: 8 }` is `AtMost<T, 8>`. A bound that is itself a
 * type parameter leaves the whole size unresolved, printed by this name (its one test reads the
 * bounds' text).
 */
export type SliceSize<Dim extends number, Spec> =
  `${FieldText<Spec, "start">}|${FieldText<Spec, "stop">}|${FieldText<Spec, "step">}` extends `${string}|${string}|${string}`
    ? SizeOfBounds<Dim, Bound<SpecField<Spec, "start">>, Bound<SpecField<Spec, "stop">>, Bound<SpecField<Spec, "step">>>
    : number;

/** A field's text: `undefined` when it is left out, `any` for `any`. */
type FieldText<Spec, Key extends string> = SpecField<Spec, Key> extends infer Value ? (0 extends 1 & Value ? "any" : `${Value & (number | undefined)}`) : never;

/** A bound as the formulas read it: `"none"` (left out), `["+", n]`, `["-", n]` (from the end), or `number` (known at run time only). */
type Bound<Value> =
  0 extends 1 & Value ? "none"
  : [Value] extends [undefined] ? "none"
  // (a number that may be `undefined` is not known either, asked through `Exclude`: with
  // strictNullChecks off `undefined extends Value` holds for every Value)
  : [Value] extends [Exclude<Value, undefined>]
    ? Value extends number
      ? number extends Value ? number
      : `${Value}` extends `-${infer Magnitude extends number}` ? ["-", Magnitude] : ["+", Value]
      : number
    : number;

/** The size of a slice of `Dim` with its bounds read (`Bound`), by formula (`Forward`, `Backward`), `ceil` of it over a step above 1. */
type SizeOfBounds<Dim extends number, Start, Stop, Step> =
  // (decided on the bounds alone, never on a size a formula gives, which may be a type parameter's)
  [Start | Stop | Step] extends [Exclude<Start | Stop | Step, number>]
    ? Step extends "none" | ["+", infer S extends number]
      ? ([Step] extends ["none"] ? 1 : S) extends infer S extends number
        ? [S] extends [0] ? number
        : [S] extends [1] ? Forward<Dim, Start, Stop> : CeilDiv<Forward<Dim, Start, Stop>, S>
        : never
      : Step extends ["-", infer S extends number]
        ? [S] extends [1] ? Backward<Dim, Start, Stop> : CeilDiv<Backward<Dim, Start, Stop>, S>
      : number
    : number;

/**
 * A positive step's `stop - start`, each bound placed on the axis and the difference clamped at
 * 0: a start `s` takes `s` off (`Minus`), a stop `k` is `min(Dim, k)` (`AtMost`), a stop `-k`
 * takes `k` off the end; a start `-j` from the end is `Dim - j`, clamped.
 */
type Forward<Dim extends number, Start, Stop> =
  Start extends "none" | ["+", infer Begin extends number]
    ? ([Start] extends ["none"] ? 0 : Begin) extends infer From extends number
      ? Stop extends "none" ? Less<Dim, From>
      : Stop extends ["-", infer K extends number] ? (Add<From, K> extends infer Both extends number ? Less<Dim, Both> : never)
      : Stop extends ["+", infer K extends number] ? Less<AtMost<Dim, K>, From>
      : never
      : never
    : Start extends ["-", infer J extends number]
      ? Stop extends "none" ? AtMost<Dim, J>
      : Stop extends ["-", infer K extends number] ? Less<AtMost<Dim, J>, K>
      : Stop extends ["+", infer K extends number] ? Minus<AtMost<Dim, K>, Less<Dim, J>>
      : never
    : never;

/**
 * A negative step's `start - stop`, with each bound placed one past its cell (so that the
 * left-out stop, before the first cell, is 0 and the left-out start is `Dim`): a bound `n` is
 * `min(Dim, n + 1)`, a bound `-n` is `Dim - (n - 1)`, clamped.
 */
type Backward<Dim extends number, Start, Stop> =
  Stop extends "none" ? BackPlaced<Dim, Start, Dim>
  : [Start, Stop] extends ["none", ["+", infer N extends number]] ? (Add<N, 1> extends infer Past extends number ? Less<Dim, Past> : never)
  : Minus<BackPlaced<Dim, Start, Dim>, BackPlaced<Dim, Stop, 0>>;
type BackPlaced<Dim extends number, Bound, Default extends number> =
  Bound extends ["+", infer N extends number] ? (Add<N, 1> extends infer Past extends number ? AtMost<Dim, Past> : never)
  : Bound extends ["-", infer N extends number] ? Less<Dim, Monus<N, 1>>
  : Default;

/** `Size - N`, clamped at 0 (`Minus`); `Size` itself for 0. */
type Less<Size extends number, N extends number> = [N] extends [0] ? Size : Minus<Size, N>;

/**
 * The shape of `slice(x, ...specs)`: an index drops its axis, `null` (or no
 * spec) keeps it, a `{ start, stop, step }` gives the size it selects (exact
 * for literal values, else `number`).
 */
export type Sliced<S extends Shape, Specs extends readonly unknown[], Acc extends number[] = []> =
  number extends S["length"] ? number[]
  : S extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? Specs extends readonly [infer Spec, ...infer More]
      // `null` before `number`: with strictNullChecks off `null` extends `number`. An `any`
      // reads as `null` too: with strictNullChecks off that is what a `null` argument infers as
      ? 0 extends 1 & Spec ? Sliced<Rest, More, [...Acc, First]>
      : Spec extends null | undefined ? Sliced<Rest, More, [...Acc, First]>
      : Spec extends number ? Sliced<Rest, More, Acc>
      : Sliced<Rest, More, [...Acc, SliceSize<First, Spec>]>
      : [...Acc, ...S]
    : Acc;

/**
 * What the runtime rejects in `slice(x, ...Specs)` on `S` that the compiler can tell from the
 * specs alone: `[position, message]` of the first, or never. More specs than axes is checked
 * first, as at run time; then a step of 0, up to the first index spec (the runtime checks an
 * index against its axis first, and whether `B` is a valid index for an axis of size `B`... is
 * not a question the compiler decides, so an index's range is left to the runtime, where a
 * check would make every slice of a shape holding type parameters undecided).
 */
export type SliceProblem<S extends Shape, Specs extends readonly unknown[]> =
  number extends S["length"] | Specs["length"] ? never
  // (more specs than axes: one spec per axis, and at least one after them)
  : Specs extends readonly [...Unknowns<S>, unknown, ...unknown[]] ? [S["length"], SliceAxesMessage<Specs["length"], S["length"], ShowShape<S>>]
  : ZeroStep<Specs, []>;

type ZeroStep<Specs extends readonly unknown[], Index extends unknown[]> =
  Specs extends readonly [infer Spec, ...infer More]
    ? 0 extends 1 & Spec ? ZeroStep<More, [...Index, unknown]>
    : Spec extends null | undefined ? ZeroStep<More, [...Index, unknown]>
    : Spec extends number ? never
    // (through `& number`: a left-out step is `undefined`, which with strictNullChecks off
    // extends 0; `never`, what is left of it, is asked first)
    : SpecField<Spec, "step"> & number extends infer Step
      ? [Step] extends [never] ? ZeroStep<More, [...Index, unknown]>
      : `${Step & number}` extends "0" ? [Index["length"], SliceStepMessage<Index["length"]>]
      : ZeroStep<More, [...Index, unknown]>
      : never
    : never;
