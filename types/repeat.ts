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
import type { IsKnownSize, SumOf } from "./internal/arithmetic.js";
import type { Counter } from "./internal/tuple.js";
import type { Shape, ShowShape } from "./shape.js";
import type { MergedSize, Times } from "./size.js";

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
type ListProblem<R extends readonly number[], Seen extends unknown[] = []> =
  R extends readonly [infer First extends number, ...infer Rest extends readonly number[]]
    ? BadCount<First> extends true ? RepeatCountMessage<`repeats[${Seen["length"]}]`, First> : ListProblem<Rest, [...Seen, unknown]>
    : never;

/** The message of a count that is not a non-negative integer, or never. */
export type RepeatCountProblem<R> =
  [R] extends [number] ? (BadCount<R> extends true ? RepeatCountMessage<"repeats", R> : never)
  : R extends readonly number[] ? ListProblem<R>
  : never;

/**
 * What an axis of `Size` becomes: a count decided by the count alone (0, `Size` itself for 1,
 * `Times<Size, R>` otherwise, so a type parameter names its computation), a list of one count
 * as that count, a longer list its sum.
 */
type RepeatedSize<Size extends number, R> =
  [R] extends [number] ? (number extends R ? number : [R] extends [0] ? 0 : [R] extends [1] ? Size : Times<Size, R>)
  : R extends readonly [infer Only extends number] ? RepeatedSize<Size, Only>
  : R extends readonly number[] ? (number extends R["length"] ? number : SumOf<R>)
  : number;

/** A list of counts of another length than an axis of `Size` (a literal: other sizes are the runtime's to check), or never. */
type LengthProblem<R extends readonly number[], Size extends number, Where extends string, S extends Shape> =
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
  [RepeatCountProblem<R>] extends [never] ? (R extends readonly number[] ? ListLengthProblem<S, R, Axis> : never) : RepeatCountProblem<R>;

/** A list of counts as long as neither the axis (or x flattened) nor 1, or never. */
type ListLengthProblem<S extends Shape, R extends readonly number[], Axis> =
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
 * The size of x flattened and repeated: a shape of one axis by position, as `RepeatedSize`; a
 * count otherwise multiplied into the product of the sizes (one product, the count among them).
 */
type FlatRepeated<S extends Shape, R> =
  S extends readonly [infer Only extends number] ? RepeatedSize<Only, R>
  : [R] extends [number] ? (number extends R ? number : [R] extends [0] ? 0 : [R] extends [1] ? MergedSize<S> : MergedSize<[...S, R]>)
  : R extends readonly [infer Only extends number] ? FlatRepeated<S, Only>
  // (a list: its sum, the product of the sizes left uncomputed)
  : R extends readonly number[] ? (number extends R["length"] ? number : SumOf<R>)
  : number;
