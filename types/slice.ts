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
import type { Add, CeilQuotient, Min, Monus } from "./internal/arithmetic.js";
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
 * Where a start or stop lands on an axis of size `Dim`, as the runtime places
 * it: a negative value counts from the end, then the result is clamped to
 * [0, Dim] for a positive step, or to [-1, Dim - 1] for a negative one, which
 * `Shift` 1 moves up by one so the digit arithmetic stays non-negative.
 * never when the value is not an integer literal.
 */
type SliceBound<Value, Dim extends number, Default extends number, Shift extends 0 | 1> =
  // an `any` field reads as left out, as a spec of `any` does in Sliced
  0 extends 1 & Value ? Default
  : [Value] extends [undefined] ? Default
  // a number that may be `undefined` is not known either (asked through `Exclude`: with
  // strictNullChecks off `undefined extends Value` holds for every Value)
  : [Value] extends [Exclude<Value, undefined>]
    ? Value extends number
      ? number extends Value ? never
      // (the sums read through `infer ... extends number`: passed straight to `Monus` and `Min`, the
      // compiler proves each is a number by walking its every branch whenever it checks these
      // declarations, about 2 s)
      : `${Value}` extends `-${infer Magnitude extends number}`
        ? (Add<Dim, Shift> extends infer Shifted extends number ? Monus<Shifted, Magnitude> : never)
        : (Add<Value, Shift> extends infer Shifted extends number ? Min<Shifted, Dim> : never)
      : never
  : never;

/** `ceil((To - From) / Step)` or 0, for bounds placed by SliceBound (`number` when one is not a literal). */
type Span<From extends number, To extends number, Step extends number> =
  [From] extends [never] ? number : [To] extends [never] ? number : CeilQuotient<Monus<To, From>, Step>;

/**
 * The size `{ start, stop, step }` takes from an axis of size `Dim`, as the
 * runtime computes it: the bounds placed (negative counts from the end,
 * clamped), then `ceil((stop - start) / step)` or 0. Exact for literal values;
 * `number` when the size or a value is known only at run time.
 */
type SliceLength<Dim extends number, Spec> =
  number extends Dim ? number
  : (SpecField<Spec, "step"> extends infer Step ? (0 extends 1 & Step ? 1 : Step extends undefined ? 1 : Step) : never) extends infer Step extends number
    ? number extends Step ? number
    : `${Step}` extends "0" ? number
    : `${Step}` extends `-${infer Back extends number}`
      ? Span<SliceBound<SpecField<Spec, "stop">, Dim, 0, 1>, SliceBound<SpecField<Spec, "start">, Dim, Dim, 1>, Back>
    : Span<SliceBound<SpecField<Spec, "start">, Dim, 0, 0>, SliceBound<SpecField<Spec, "stop">, Dim, Dim, 0>, Step>
    : number;

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
      : Sliced<Rest, More, [...Acc, SliceLength<First, Spec>]>
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
