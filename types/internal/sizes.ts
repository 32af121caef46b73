import type { Dim } from "../shape.js";
import type { FirstFailureByRank, LastFailureByRank, SmallRank } from "./by-rank.js";

/**
 * Per-axis size rules, for the three kinds of size (literal, `Dim<"name">`, `number`).
 * Each gives the result size, or the pair `[X, Y]` of sizes that do not fit, so
 * a whole zipped shape can be tested with `Zipped[number] extends number`.
 *
 * Checks are written with the cheapest case first (equal sizes) because these
 * run once per axis of every broadcast in a program.
 */

/**
 * Two-way (degenerate-dimension) rule of NumPy and XLA: equal, or one side is 1.
 * `number` (dynamic) against a literal size gives the literal (docs/broadcasting.md §4.1);
 * a symbolic size fits only itself or 1 (§4.2). `number` against a symbolic size gives
 * `number`: the symbolic size may be 1 at run time, and then the result is the other size.
 */
export type TwoWay<X, Y> =
  // (identity first, wrapped: decided for a type parameter against itself, where a test of the
  // bare parameter is not; a literal misfit beside one is found by `LastPairByRank`, which
  // tests the whole zipped shape at once)
  { size: X } extends { size: Y } ? ({ size: Y } extends { size: X } ? X : TwoWaySlow<X, Y>) : TwoWaySlow<X, Y>;
type TwoWaySlow<X, Y> =
  X extends 1 ? Y
  : Y extends 1 ? X
  : number extends X ? (Y extends Dim<string> ? number : Y)
  : number extends Y ? (X extends Dim<string> ? number : X)
  : [X, Y];

/**
 * One-way rule (`Input` onto `Target`): equal, or the input is 1.
 * A dynamic target takes the input's size when that is a literal (a symbolic input
 * may be 1 at run time, and then the result is the target's size: `number`).
 */
export type OneWay<Input, Target> =
  // (identity first, wrapped, as in TwoWay)
  { size: Input } extends { size: Target } ? ({ size: Target } extends { size: Input } ? Target : OneWaySlow<Input, Target>) : OneWaySlow<Input, Target>;
type OneWaySlow<Input, Target> =
  Input extends 1 ? Target
  : number extends Target ? (Input extends Dim<string> ? number : Input)
  : number extends Input ? Target
  : [Input, Target];

/** Identity rule of mode `none`: equal sizes; a dynamic size is checked at run time. */
export type Same<X, Y> = X extends Y ? (Y extends X ? X : SameSlow<X, Y>) : SameSlow<X, Y>;
type SameSlow<X, Y> = number extends X ? Y : number extends Y ? X : [X, Y];

/**
 * Identical sizes: the same type parameter, or the same literal (wrapped, so a parameter is
 * compared as itself, which the compiler decides; a test of the bare parameter it never does).
 * Not `Same`, which merges `number` with a size.
 */
export type Identical<X, Y> = { size: X } extends { size: Y } ? ({ size: Y } extends { size: X } ? true : false) : false;

/** Does the pair fit under the rule? (`true`/`false`), for searches over axes. */
export type FitsTwoWay<X, Y> = TwoWay<X, Y> extends number ? true : false;
export type FitsOneWay<Input, Target> = OneWay<Input, Target> extends number ? true : false;

/** The last (rightmost) element of `Zipped` that is a failing pair, with its index. */
export type LastFailure<Zipped extends readonly unknown[]> =
  Zipped["length"] extends SmallRank ? LastFailureByRank<Zipped> : LastFailureScan<Zipped>;

type LastFailureScan<Zipped extends readonly unknown[]> =
  Zipped extends readonly [...infer Init, infer Last]
    ? Last extends number ? LastFailureScan<Init> : [Init["length"], Last]
    : never;

/** The first (leftmost) element of `Zipped` that is not a size, with its index. */
export type FirstFailure<Zipped extends readonly unknown[]> =
  Zipped["length"] extends SmallRank ? FirstFailureByRank<Zipped> : FirstFailureScan<Zipped, []>;

type FirstFailureScan<Zipped extends readonly unknown[], Seen extends unknown[]> =
  Zipped extends readonly [infer First, ...infer Rest]
    ? First extends number ? FirstFailureScan<Rest, [...Seen, First]> : [Seen["length"], First]
    : never;

/**
 * "Not found" for the searches below and their callers. Not `undefined`: with
 * strictNullChecks off `undefined` extends every type, so a caller's
 * `Found extends [infer Index, infer Value]` would match it.
 */
export type NotFound = false;

/** The first (leftmost) element of `Zipped` that extends `Pattern`, with its index; `NotFound` if none. */
export type FirstMatch<Zipped extends readonly unknown[], Pattern, Seen extends unknown[] = []> =
  Zipped extends readonly [infer First, ...infer Rest]
    ? First extends Pattern ? [Seen["length"], First] : FirstMatch<Rest, Pattern, [...Seen, First]>
    : NotFound;

/** Literal sizes the runtime rejects: negative, fractional, or written with an exponent. */
export type InvalidSizeText = `-${string}` | `${string}.${string}` | `${string}e${string}`;

/** The fast path: are all literal sizes of both shapes non-negative integers? One template, no per-axis work. */
export type AllSizesValid<A extends readonly number[], B extends readonly number[]> =
  [`${A[number] | B[number]}` & InvalidSizeText] extends [never] ? true : false;

/**
 * The first size of `S` that is a negative or non-integer literal, as `[axis, size]`;
 * `NotFound` when all sizes are valid. Dynamic and symbolic sizes are checked at run time.
 */
export type FirstInvalidSize<S extends readonly number[]> =
  // fast path: one template over the union of all sizes, no per-axis work
  [`${S[number]}` & InvalidSizeText] extends [never] ? NotFound : FirstInvalidSizeScan<S, []>;

type FirstInvalidSizeScan<S, Seen extends unknown[]> =
  S extends readonly [infer Size extends number, ...infer Rest]
    ? number extends Size ? FirstInvalidSizeScan<Rest, [...Seen, Size]>
    : Size extends Dim<string> ? FirstInvalidSizeScan<Rest, [...Seen, Size]>
    : [`${Size}` & InvalidSizeText] extends [never] ? FirstInvalidSizeScan<Rest, [...Seen, Size]>
    : [Seen["length"], Size]
    : NotFound;
