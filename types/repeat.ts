/**
 * The result shape of `repeat(x, repeats, axis?)`, NumPy's `np.repeat`: each
 * element along the axis repeated `repeats` times in a row (`[a, b]` by 2 is
 * `[a, a, b, b]`), so the axis grows to `size * repeats`; `repeats` may also
 * be a list with one count per element of the axis (the axis becomes their
 * sum), or a list of one count, which stands for every element. Without an
 * axis x is flattened first (the result is 1-D); a scalar is read as `[1]`,
 * as NumPy reads it. Twin: src/shape/repeat.ts.
 *
 * Generic code: the rule finds the axis by position and never tests its size,
 * so `[B, T, D]` by 2 on axis 1 is `[B, Times<T, 2>, D]` (types/size.ts); a
 * count of 1 keeps `T`, a count of 0 gives 0. A list of counts must be as long
 * as the axis, which the compiler checks on a literal size only: on a type
 * parameter the call is undecided (`RepeatChecked` in src/ops/types.ts).
 *
 * @example
 * RepeatedShape<[2, 3], 2, 1>          //=> [2, 6]
 * RepeatedShape<[2, 3], [1, 0, 2], -1> //=> [2, 3]
 * RepeatedShape<[2, 3], 2, undefined>  //=> [12]
 * ErrorMessage<RepeatedShape<[2, 3], -1, 0>>
 * //=> "repeat: repeats must be a non-negative integer, got number -1"
 */
import type { AxisIndex, RangeMessage } from "./axis.js";
import type { ShapeTypeError } from "./errors.js";
import type { IsKnownSize } from "./internal/arithmetic.js";
import type { Counter } from "./internal/tuple.js";
import type { Shape, ShowShape } from "./shape.js";
import type { MergedSize, Plus, Times } from "./size.js";

/** A count that is not a non-negative integer (`Name` is `repeats` or `repeats[i]`): twin of `writeRepeatCount` in src/shape/repeat.ts. */
export type RepeatCountMessage<Name extends string, Value extends number> = `repeat: ${Name} must be a non-negative integer, got number ${Value}`;

/**
 * A list of counts of another length than the axis (`Where` is `axis 1` or `the flattened tensor`):
 * twin of `writeRepeatLength` in src/shape/repeat.ts.
 */
export type RepeatLengthMessage<Count extends number, Where extends string, Size extends number, Shown extends string> =
  `repeat: repeats has ${Count} entries for ${Where} of size ${Size} (one per element, or one for all); cannot repeat ${Shown}`;

/** Is the literal `K` negative or fractional? (`number` is the runtime's to check.) */
type BadCount<K extends number> = number extends K ? false : `${K}` extends `-${string}` | `${string}.${string}` | `${string}e-${string}` ? true : false;

/** The message of the first count of a list that is not a non-negative integer, or never. */
type ListProblem<R extends readonly unknown[], Seen extends unknown[] = []> =
  R extends readonly [infer First, ...infer Rest]
    ? BadCount<First & number> extends true ? RepeatCountMessage<`repeats[${Seen["length"]}]`, First & number> : ListProblem<Rest, [...Seen, unknown]>
    : never;

/** The message of a count that is not a non-negative integer, or never. */
export type RepeatCountProblem<R> =
  [R] extends [number] ? (BadCount<R> extends true ? RepeatCountMessage<"repeats", R> : never)
  // (a list by its structure: `readonly number[]` is undecided for a list of type parameters)
  : R extends readonly unknown[] ? ListProblem<R>
  : never;

/**
 * What an axis of `Size` becomes: a count decided by the count alone (0, `Size` itself for 1,
 * `Times<Size, R>` otherwise, so a type parameter names its computation), a list of one count
 * as that count, a longer list its sum. A count that is a type parameter leaves this alias
 * unresolved, named: `RepeatedSize<T, R>` (`Times<T, 3>` once `R` is 3).
 */
export type RepeatedSize<Size extends number, R> =
  [R] extends [number] ? (number extends R ? number : [R] extends [0] ? 0 : [R] extends [1] ? Size : Times<Size, R>)
  : R extends readonly [infer Only] ? RepeatedSize<Size, Only>
  : R extends readonly unknown[] ? (number extends R["length"] ? number : CountsSum<R>)
  : number;

/**
 * The sum of a list of counts: literals added, a list holding type parameters as `Plus` of its
 * counts (`[S, U]` is `Plus<S, U>`, as concat adds its axes). The list is read by its structure,
 * so type parameters are never tested.
 */
type CountsSum<R extends readonly unknown[]> = R extends readonly [infer First, ...infer Rest] ? CountsFold<Rest, First & number> : 0;
type CountsFold<R extends readonly unknown[], Total extends number> =
  R extends readonly [infer Next, ...infer Rest] ? CountsFold<Rest, Plus<Total, Next & number>> : Total;

/** A list of counts of another length than an axis of `Size` (a literal: other sizes are the runtime's to check), or never. */
type LengthProblem<R extends readonly unknown[], Size extends number, Where extends string, S extends Shape> =
  number extends R["length"] ? never
  : R["length"] extends 1 ? never
  : IsKnownSize<Size> extends false ? never
  : R["length"] extends Size ? never
  : RepeatLengthMessage<R["length"], Where, Size, ShowShape<S>>;

/**
 * Is the axis left out (x flattened)? Asked of `undefined` wrapped, never as `Axis extends number`:
 * with strictNullChecks off `undefined` extends `number` (and an `undefined` given is `any`).
 */
type NoAxis<Axis> = 0 extends 1 & Axis ? true : [Axis] extends [undefined] ? true : false;

/** A shape of the same rank whose sizes are all unknown. */
type Unknowns<S extends Shape> = { -readonly [Key in keyof S]: number };

/** The shape as the rule reads it along an axis: a scalar is `[1]`. */
type AsAxes<S extends Shape> = S extends readonly [] ? [1] : S;

/** The size of x flattened: a shape of one axis is that size (by position, so a type parameter stays itself). */
type FlatSize<S extends Shape> = S extends readonly [infer Only extends number] ? Only : MergedSize<S>;

/** The message of the axis: out of range for the shape (a scalar has one axis, as `[1]`), or never. */
export type RepeatAxisProblem<S extends Shape, Axis> =
  NoAxis<Axis> extends true ? never
  : Axis extends number
    ? number extends S["length"] | Axis ? never
    : [AxisIndex<AsAxes<S>, Axis>] extends [never] ? RangeMessage<"repeat", "axis", Axis, AsAxes<S>["length"]>
    : never
    : never;

/**
 * The message of `repeats` given x's shape and the axis (`undefined`: flattened): a count that is
 * not a non-negative integer, or a list as long as neither the axis nor 1; never when they fit or
 * the axis is out of range (that is the axis's message, `RepeatAxisProblem`).
 */
export type RepeatProblem<S extends Shape, R, Axis> =
  [RepeatCountProblem<R>] extends [never] ? RepeatListLengthProblem<S, R, Axis> : RepeatCountProblem<R>;

/** A list of counts as long as neither the axis (or x flattened) nor 1, or never (a count has no length to misfit). */
export type RepeatListLengthProblem<S extends Shape, R, Axis> = R extends readonly unknown[] ? ListLengthProblem<S, R, Axis> : never;

/** A list of counts as long as neither the axis (or x flattened) nor 1, or never. */
type ListLengthProblem<S extends Shape, R extends readonly unknown[], Axis> =
  number extends S["length"] ? never
  : NoAxis<Axis> extends true ? LengthProblem<R, FlatSize<S>, "the flattened tensor", S>
  : Axis extends number
    ? number extends Axis ? never
    : AxisIndex<AsAxes<S>, Axis> extends infer At extends number
      ? [At] extends [never] ? never : LengthProblem<R, AsAxes<S>[At], `axis ${At}`, S>
      : never
    : never;

/** The result shape of `repeat(x, R, Axis)` (`Axis` undefined: flattened), or the error of the first problem. */
export type RepeatedShape<S extends Shape, R, Axis> =
  [RepeatProblem<S, R, Axis> | RepeatAxisProblem<S, Axis>] extends [never] ? RepeatFits<S, R, Axis>
  : ShapeTypeError<[RepeatProblem<S, R, Axis>] extends [never] ? RepeatAxisProblem<S, Axis> : RepeatProblem<S, R, Axis>>;

type RepeatFits<S extends Shape, R, Axis> =
  NoAxis<Axis> extends true ? (number extends S["length"] ? [number] : [FlatRepeated<S, R>])
  : Axis extends number
    ? number extends S["length"] ? number[]
    // an axis known only at run time: any axis may grow
    : number extends Axis ? Unknowns<AsAxes<S>>
    : AxisIndex<AsAxes<S>, Axis> extends infer At extends number
      ? AsAxes<S> extends readonly [...Counter<At>, infer Size extends number, ...infer Tail extends Shape]
        ? AsAxes<S> extends readonly [...infer Head extends Shape, unknown, ...Counter<Tail["length"]>] ? [...Head, RepeatedSize<Size, R>, ...Tail] : number[]
        : number[]
      : number[]
    : number[];

/**
 * The size of x flattened and repeated: a count multiplied into the product of the sizes (one
 * product, the count among them; a shape of one axis as `RepeatedSize`), a list its sum. Decided
 * on the count first, so a count that is a type parameter leaves this alias unresolved, named:
 * `FlatRepeated<[B, T], R>`.
 */
export type FlatRepeated<S extends Shape, R> =
  [R] extends [number]
    ? (number extends R ? number : [R] extends [0] ? 0 : S extends readonly [infer Only extends number] ? RepeatedSize<Only, R> : [R] extends [1] ? MergedSize<S> : MergedSize<[...S, R]>)
  : R extends readonly [infer Only] ? FlatRepeated<S, Only>
  // (a list: its sum, the product of the sizes left uncomputed)
  : R extends readonly unknown[] ? (number extends R["length"] ? number : CountsSum<R>)
  : number;

/**
 * The result shape `repeat` returns: the axis's error decided first (it is read off the shape and
 * the axis alone), then the shape with the axis repeated, `number[]` for an error. The count's
 * errors are the argument's (`RepeatProblem`), and not tested here, so a count that is a type
 * parameter gives a shape, `[B, RepeatedSize<T, R>, D]`, whose count the run time checks.
 */
export type RepeatResult<S extends Shape, R, Axis> =
  [RepeatAxisProblem<S, Axis>] extends [never] ? RepeatFits<S, R, Axis> : number[];
