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
import type { Add, IsKnownSize, Multiply, Quotient, SumOf } from "./internal/arithmetic.js";
import type { AxisIndex, RangeMessage } from "./axis.js";
import type { SmallRank } from "./internal/by-rank.js";
import type { Counter } from "./internal/tuple.js";
import type { Plus, Times } from "./size.js";
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

/** The shapes of the parts of `split(x, sizes | sections, axis)`. */
export type SplitShapes<S extends Shape, Parts, Axis extends number> =
  number extends S["length"] ? Shape[]
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? ShapeTypeError<RangeMessage<"split", "axis", Axis, S["length"]>>
    : Parts extends readonly number[]
        // an axis of unknown size (`number`, `Dim<"name">`) or parts of unknown size: the runtime checks the sum
        ? IsKnownSize<S[At]> extends false ? { -readonly [Key in keyof Parts]: Replace<S, At, Parts[Key] & number> }
        : number extends SumOf<Parts> ? { -readonly [Key in keyof Parts]: Replace<S, At, Parts[Key] & number> }
        : SumOf<Parts> extends S[At] ? { -readonly [Key in keyof Parts]: Replace<S, At, Parts[Key] & number> }
        : ShapeTypeError<ShapeMessage<SplitSizesMessage<ShowShape<Parts>, SumOf<Parts>, At, S[At] & number, "{1}">, S>>
      : Parts extends number
        ? number extends Parts ? Shape[]
        // sections of an axis of unknown size: each part's size is unknown too (the runtime checks they
        // divide it), except for one section, the whole axis (a `Dim` passes through)
        : IsKnownSize<S[At]> extends false
          ? (Parts extends SmallRank | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 ? RepeatShape<Replace<S, At, Parts extends 1 ? S[At] & number : number>, Parts> : Shape[])
        : [Quotient<S[At] & number, Parts>] extends [never]
          ? ShapeTypeError<ShapeMessage<SplitSectionsMessage<Parts, At, S[At] & number, "{1}">, S>>
          : number extends Quotient<S[At] & number, Parts> ? Shape[]
          : Parts extends SmallRank | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 ? RepeatShape<Replace<S, At, Quotient<S[At] & number, Parts>>, Parts> : Shape[]
        : Shape[]
    : never;

/** `tile(x, reps)`: NumPy's rule, the shorter of shape and reps padded with 1s on the left. */
export type TiledShape<S extends Shape, Reps extends readonly number[]> =
  number extends S["length"] | Reps["length"] ? number[]
  : Pad1<S, Reps["length"]> extends infer P extends Shape
    ? Pad1<Reps, S["length"]> extends infer R extends readonly number[]
      // (decided on the repetition first: 1 keeps the size, a type parameter's too, and any other
      // gives `Times<T, 2>`, the number on a literal size)
      ? { -readonly [Key in keyof P]: [R[Key & keyof R]] extends [1] ? P[Key] : Times<P[Key] & number, R[Key & keyof R] & number> }
      : never
    : never;

type Pad1<S extends readonly number[], Rank extends number> =
  S extends readonly [...Counter<Rank>, ...unknown[]] ? [...S] : Pad1<[1, ...S], Rank>;

/** `pad(x, widths)`: each axis grows by its `[before, after]`. */
export type PaddedShape<S extends Shape, Widths extends readonly (readonly [number, number])[]> =
  number extends S["length"] ? number[]
  : Widths["length"] extends S["length"]
    // (the two widths added first, then to the size: no padding keeps it, a type parameter's too,
    // and any other gives `Plus<T, 2>`, the number on a literal size)
    ? { -readonly [Key in keyof S]: Add<Widths[Key & keyof Widths][0] & number, Widths[Key & keyof Widths][1] & number> extends infer Total extends number
        ? ([Total] extends [0] ? S[Key] : Plus<S[Key] & number, Total>)
        : never }
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
