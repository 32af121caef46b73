/**
 * Result shapes of split, tile, pad and gather, exact at compile time for
 * literal sizes (decimal arithmetic); errors carry the messages of the runtime
 * twin, src/shape/shaping.ts, whose writers are typed to return the message types here.
 *
 * @example
 * SplitShapes<[6, 4], [2, 4], 0>    //=> [[2, 4], [4, 4]]
 * SplitShapes<[6, 4], 3, 0>         //=> [[2, 4], [2, 4], [2, 4]]
 * TiledShape<[2, 3], [2, 1]>        //=> [4, 3]
 * PaddedShape<[2, 3], [[1, 1], [0, 2]]>  //=> [4, 5]
 * GatheredShape<[5, 3], [2, 2], 0>  //=> [2, 2, 3]
 */
import type { ShapeTypeError } from "./errors.js";
import type { Add, IsKnownSize, Quotient, SumOf } from "./internal/arithmetic.js";
import type { AxisIndex, RangeMessage } from "./axis.js";
import type { SmallRank } from "./internal/by-rank.js";
import type { Counter } from "./internal/tuple.js";
import type { FloorDiv, Plus, Times } from "./size.js";
import type { Shape, ShapeMessage, ShowShape } from "./shape.js";


/** Sizes that do not add up to the axis: twin of `writeSplitSizes` in src/shape/shaping.ts. */
export type SplitSizesMessage<List extends string, Total extends number, Axis extends number, Size extends number, Shown extends string> =
  `split: sizes ${List} add up to ${Total} but axis ${Axis} has ${Size}; cannot split ${Shown}`;

/** Sections that do not divide the axis: twin of `writeSplitSections` in src/shape/shaping.ts. */
export type SplitSectionsMessage<Sections extends number, Axis extends number, Size extends number, Shown extends string> =
  `split: ${Sections} sections do not divide axis ${Axis} of size ${Size}; cannot split ${Shown}`;

/** One pair of widths per axis: twin of `writePadWidths` in src/shape/shaping.ts. */
export type PadWidthsMessage<Count extends number, Rank extends number, Shown extends string> =
  `pad: widths has ${Count} entries for a rank-${Rank} tensor ${Shown}`;

/**
 * An index of gather or take out of range (`Where` is `axis 1` or `the
 * flattened tensor`): twin of `writeIndexRange` in src/shape/shaping.ts. Index
 * values are checked at run time only.
 */
export type IndexRangeMessage<Op extends string, Index extends number, Value extends number, Where extends string, Size extends number> =
  `${Op}: indices[${Index}] = ${Value} is out of range for ${Where} of size ${Size}`;

type Replace<S extends Shape, Axis extends number, Size extends number> = { -readonly [Key in keyof S]: Key extends `${Axis}` ? Size : S[Key] };

type RepeatShape<S extends Shape, Count extends number, Acc extends Shape[] = []> =
  Acc["length"] extends Count ? Acc : RepeatShape<S, Count, [...Acc, S]>;

/** The shapes of the parts of `split(x, sizes | sections, axis)`, or the error of a misfit (`SplitMisfit`). */
export type SplitShapes<S extends Shape, Parts, Axis extends number> =
  [SplitMisfit<S, Parts, Axis>] extends [never] ? SplitParts<S, Parts, Axis> : SplitMisfit<S, Parts, Axis>;

/**
 * The shapes of the parts, with no test of the split axis's size: a list of sizes gives each
 * part its size, `n` sections each `FloorDiv<size, n>` (exact where they divide it, which
 * `SplitMisfit` checks), one section the whole axis. So the parts read as a user would write
 * them also where the axis's size is a type parameter (`[B, 1]` and `[B, 2]` of `[B, T]`;
 * `[B, FloorDiv<T, 2>]` twice), where whether they fit stays undecided (`SplitMisfit`).
 */
export type SplitParts<S extends Shape, Parts, Axis extends number> =
  number extends S["length"] ? Shape[]
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? Shape[]
    // (a list by its structure: `readonly number[]` stays unresolved for sizes that are type parameters)
    : Parts extends readonly unknown[] ? { -readonly [Key in keyof Parts]: Replace<S, At, Parts[Key] & number> }
    : Parts extends number
      ? number extends Parts ? Shape[]
      : Parts extends SmallRank | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 ? RepeatShape<Replace<S, At, Parts extends 1 ? S[At] & number : FloorDiv<S[At] & number, Parts>>, Parts>
      : Shape[]
    : Shape[]
    : never;

/**
 * What the compiler can tell is wrong with a split: an axis out of range, sizes that do not add
 * up to a literal axis, sections that do not divide it; `never` when the parts fit or the axis's
 * size is known only at run time (`number`, `Dim<"name">`), and unresolved while it is a type
 * parameter: the call is then undecided, with the way out in its message (src/ops/types.ts,
 * `SplitChecked`).
 */
export type SplitMisfit<S extends Shape, Parts, Axis extends number> =
  number extends S["length"] ? never
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? ShapeTypeError<RangeMessage<"split", "axis", Axis, S["length"]>>
    : Parts extends readonly number[]
      ? number extends SumOf<Parts> ? never
      : IsKnownSize<S[At]> extends false ? never
      : SumOf<Parts> extends S[At] ? never
      : ShapeTypeError<ShapeMessage<SplitSizesMessage<ShowShape<Parts>, SumOf<Parts>, At, S[At] & number, "{1}">, S>>
    : Parts extends number
      ? number extends Parts ? never
      : IsKnownSize<S[At]> extends false ? never
      : [Quotient<S[At] & number, Parts>] extends [never] ? ShapeTypeError<ShapeMessage<SplitSectionsMessage<Parts, At, S[At] & number, "{1}">, S>>
      : never
    : never
    : never;

/** `tile(x, reps)`: NumPy's rule, the shorter of shape and reps padded with 1s on the left. */
export type TiledShape<S extends Shape, Reps extends readonly number[]> =
  number extends S["length"] | Reps["length"] ? number[]
  : Pad1<S, Reps["length"]> extends infer P extends Shape
    ? Pad1<Reps, S["length"]> extends infer R extends readonly number[]
      ? { -readonly [Key in keyof P]: TiledSize<P[Key] & number, R[Key & keyof R] & number> }
      : never
    : never;

/**
 * An axis of size `Size` tiled `Rep` times, decided on the repetition first: 1 keeps the size (a
 * type parameter's too), another literal gives `Times<T, 2>` (the number on a literal size), and
 * a repetition that is a type parameter leaves this alias unresolved, named: `TiledSize<T, R>`.
 */
export type TiledSize<Size extends number, Rep extends number> = [Rep] extends [1] ? Size : Times<Size, Rep>;

/**
 * An axis of size `Size` padded by `Before` and `After`, the two widths added first: no padding
 * keeps the size (a type parameter's too), another gives `Plus<T, 2>`; widths that are type
 * parameters leave this alias unresolved, named: `PaddedSize<T, P, P>`.
 */
export type PaddedSize<Size extends number, Before extends number, After extends number> =
  Add<Before, After> extends infer Total extends number ? ([Total] extends [0] ? Size : Plus<Size, Total>) : never;

type Pad1<S extends readonly number[], Rank extends number> =
  S extends readonly [...Counter<Rank>, ...unknown[]] ? [...S] : Pad1<[1, ...S], Rank>;

/** `pad(x, widths)`: each axis grows by its `[before, after]`. */
export type PaddedShape<S extends Shape, Widths extends readonly (readonly [number, number])[]> =
  number extends S["length"] ? number[]
  : Widths["length"] extends S["length"]
    ? { -readonly [Key in keyof S]: PaddedSize<S[Key] & number, Widths[Key & keyof Widths][0] & number, Widths[Key & keyof Widths][1] & number> }
    : ShapeTypeError<PadWidthsMessage<Widths["length"], S["length"], ShowShape<S>>>;

/** `gather(x, indices, axis)`: the axis is replaced by the indices' shape. */
export type GatheredShape<S extends Shape, Indices extends Shape, Axis extends number> =
  number extends S["length"] | Indices["length"] ? number[]
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? ShapeTypeError<RangeMessage<"gather", "axis", Axis, S["length"]>>
    : S extends readonly [...Counter<At>, unknown, ...infer Tail extends Shape]
      // (the patterns are lengths only: a pattern holding S's own sizes infers a computed size to
      // itself, which measures how its alias varies, see types/views.ts)
      ? S extends readonly [...infer Head extends Shape, unknown, ...Counter<Tail["length"]>] ? [...Head, ...Indices, ...Tail] : number[]
      : ShapeTypeError<RangeMessage<"gather", "axis", Axis, S["length"]>>
    : never;
