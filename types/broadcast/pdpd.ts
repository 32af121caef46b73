/**
 * Mode `pdpd` (OpenVINO PDPD): only b onto a, its trailing 1s dropped, aligned
 * at `axis`. docs/broadcasting.md §2.4; the twin of src/shape/broadcast/pdpd.ts.
 */
import type { WriteAxisMismatch, WritePdpdAxis, WritePdpdFix, WritePdpdRange, WritePdpdRank } from "../errors.js";
import type { BelowRank, RankDifference, RankSum, SmallRank, ZipOneWayAtByRank, ZipOneWayByRank } from "../internal/by-rank.js";
import type { FirstFailure, OneWay } from "../internal/sizes.js";
import type { Counter, Subtract, Unknowns } from "../internal/tuple.js";
import type { Shape } from "../shape.js";
import type { Failure, LongerThan } from "./common.js";

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

export type PdpdRule<A extends Shape, B extends Shape, Axis extends number> =
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
