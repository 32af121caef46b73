/**
 * The result shape of `einsum(subscripts, ...operands)` at the type level
 * (twin of src/shape/einsum.ts): each operand's subscripts name its axes by
 * letters, a letter names one size wherever it appears (an operand naming it
 * twice takes its diagonal), `...` stands for axes that broadcast by NumPy's
 * rule, and the output is the letters after `->`, or without `->` the "..."
 * axes then the letters seen exactly once, in ASCII order (upper case first).
 *
 * The subscripts are read once, character by character, alongside the
 * operands' shapes: `->` and `,` are split off by template-literal inference,
 * then each operand's letters bind its sizes in one tail-recursive walk (from
 * the front before its `...`, from the back after it).
 *
 * @example
 * EinsumShape<"bij,bjk->bik", [[8, 2, 3], [8, 3, 4]]>   //=> [8, 2, 4]
 * EinsumShape<"ij,jk", [[2, 3], [3, 4]]>                //=> [2, 4]
 * EinsumShape<"...ij->...ji", [[5, 6, 2, 3]]>           //=> [5, 6, 3, 2]
 * ErrorMessage<EinsumShape<"ij,jk->ik", [[2, 3], [4, 5]]>>
 * //=> 'einsum: letter j has size 3 in operand 0 and 4 in operand 1 (subscripts "ij,jk->ik")'
 */
import type { BroadcastShapesOf } from "./broadcast.js";
import type { ShapeTypeError } from "./errors.js";
import type { Shape, ShowDim, ShowShape } from "./shape.js";

// ---------------------------------------------------------------------------
// Messages: twins of the writers in src/shape/einsum.ts
// ---------------------------------------------------------------------------

/** Twin of `writeEinsumCount`: the subscripts name another number of operands than were given. */
export type EinsumCountMessage<S extends string, Named extends number, Given extends number> =
  `einsum: the subscripts "${S}" name ${Named} ${Named extends 1 ? "operand" : "operands"} but ${Given} ${Given extends 1 ? "was" : "were"} given`;

/** Twin of `writeEinsumRank`: an operand's rank is not the number of axes its subscripts name (`AtLeast` with a "..."). */
export type EinsumRankMessage<Operand extends number, Rank extends number, Sub extends string, AtLeast extends "" | "at least ", Named extends number> =
  `einsum: operand ${Operand} has rank ${Rank} but its subscripts "${Sub}" name ${AtLeast}${Named} ${Named extends 1 ? "axis" : "axes"}`;

/** Twin of `writeEinsumLetter`: one letter, two sizes; sizes as messages show them. */
export type EinsumLetterMessage<S extends string, Letter extends string, X extends string, First extends number, Y extends string, Operand extends number> =
  `einsum: letter ${Letter} has size ${X} in operand ${First} and ${Y} in operand ${Operand} (subscripts "${S}")`;

/** Twin of `writeEinsumCharacter`. */
export type EinsumCharacterMessage<S extends string, Char extends string> =
  `einsum: bad character "${Char}" in the subscripts "${S}" (letters a-z and A-Z, "..." at most once per operand, "," between operands, "->" before the output)`;

/** Twin of `writeEinsumMissing`: an output letter no operand names. */
export type EinsumMissingMessage<S extends string, Letter extends string> = `einsum: output letter ${Letter} is in no operand (subscripts "${S}")`;

/** Twin of `writeEinsumRepeated`. */
export type EinsumRepeatedMessage<S extends string, Letter extends string> = `einsum: output letter ${Letter} appears more than once (subscripts "${S}")`;

/** Twin of `writeEinsumEllipsis`: the operands' "..." axes are not empty and the explicit output has no "...". */
export type EinsumEllipsisMessage<S extends string, Shown extends string> =
  `einsum: the "..." axes ${Shown} are missing from the output; write "..." in it (subscripts "${S}")`;

/** Twin of `writeEinsumBroadcast`: an operand's "..." axes do not broadcast with those of the operands before it. */
export type EinsumBroadcastMessage<S extends string, Operand extends number, Detail extends string> =
  `einsum: the "..." axes of operand ${Operand} do not broadcast with those before it: ${Detail} (subscripts "${S}")`;

// ---------------------------------------------------------------------------
// The rule
// ---------------------------------------------------------------------------

type Letter =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m" | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
  | "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" | "J" | "K" | "L" | "M" | "N" | "O" | "P" | "Q" | "R" | "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z";

/** The letters in ASCII order: the implicit output's order. */
type Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * What the walk carries: the letters bound so far (`Sizes[L]` is `[size, operand]`),
 * the letters in the order first met, those met more than once, and the "..." axes so far.
 */
interface State {
  readonly sizes: object;
  readonly order: readonly string[];
  readonly many: string;
  // (`unknown[]`, not `Shape`: a test `X extends number` on a type parameter stays undecided,
  // and the walk tests its state against this interface at every step)
  readonly ellipsis: readonly unknown[];
}

type Fail<Message extends string> = ShapeTypeError<Message>;

export type EinsumShape<S extends string, Shapes extends readonly Shape[]> =
  string extends S ? number[]
  : number extends Shapes[number]["length"] ? number[]
  : S extends `${infer In}->${infer Out}` ? Start<S, SplitOperands<In, []>, Out, true, Shapes>
  : Start<S, SplitOperands<S, []>, "", false, Shapes>;

type SplitOperands<In extends string, Acc extends string[]> =
  In extends `${infer Head},${infer Rest}` ? SplitOperands<Rest, [...Acc, Head]> : [...Acc, In];

type Start<S extends string, Subs extends string[], Out extends string, Explicit extends boolean, Shapes extends readonly Shape[]> =
  Subs["length"] extends Shapes["length"]
    ? Operands<S, Subs, Shapes, { sizes: {}; order: []; many: never; ellipsis: [] }, [], Out, Explicit>
    : Fail<EinsumCountMessage<S, Subs["length"], Shapes["length"]>>;

/** Each operand in turn; `Index` counts those done. */
type Operands<S extends string, Subs extends string[], Shapes extends readonly Shape[], St extends State, Index extends 0[], Out extends string, Explicit extends boolean> =
  Subs extends [infer Sub extends string, ...infer RestSubs extends string[]]
    ? Shapes extends readonly [infer Sh extends Shape, ...infer RestShapes extends Shape[]]
      ? Operand<S, Sub, Sh, St, Index["length"]> extends infer Next
        ? Next extends State ? Operands<S, RestSubs, RestShapes, Next, [...Index, 0], Out, Explicit>
        : Next
      : never
    : never
  : Explicit extends true ? Output<S, Out, St>
  : Implicit<St>;

/** One operand: its letters before a "..." bind the first sizes, those after it the last; the sizes between are its "..." axes. */
type Operand<S extends string, Sub extends string, Sh extends Shape, St extends State, I extends number> =
  Sub extends `${infer Pre}...${infer Post}`
    ? Front<S, Sub, Pre, Sh, St, I, Sh["length"], "at least "> extends infer Next
      ? Next extends [infer St1 extends State, infer Mid extends Shape]
        ? Chars<S, Post, []> extends infer PostChars
          ? PostChars extends string[] ? Back<S, Sub, PostChars, Mid, St1, I, Sh["length"]>
          : PostChars
        : never
      : Next
    : never
  : Front<S, Sub, Sub, Sh, St, I, Sh["length"], ""> extends infer Next
    ? Next extends [infer St1 extends State, infer Rest extends Shape]
      ? Rest extends readonly [] ? St1 : RankFail<S, Sub, Sh["length"], I, "">
      : Next
    : never;

/** The letters of `Str` bind the first sizes of `Sh`: the state and the sizes left, or the failure. */
type Front<S extends string, Sub extends string, Str extends string, Sh extends Shape, St extends State, I extends number, Rank extends number, AtLeast extends "" | "at least "> =
  Str extends `${infer C}${infer Rest}`
    ? C extends Letter
      ? Sh extends readonly [infer Size extends number, ...infer Tail extends Shape]
        ? Bind<S, C, Size, St, I> extends infer Next
          ? Next extends State ? Front<S, Sub, Rest, Tail, Next, I, Rank, AtLeast> : Next
          : never
        : RankFail<S, Sub, Rank, I, AtLeast>
      : Fail<EinsumCharacterMessage<S, C>>
    : [St, Sh];

/** The letters after a "..." (checked by `Chars`) bind the last sizes of `Sh`, from the back; the sizes left are the "..." axes. */
type Back<S extends string, Sub extends string, Post extends string[], Sh extends Shape, St extends State, I extends number, Rank extends number> =
  Post extends [...infer Init extends string[], infer C extends string]
    ? Sh extends readonly [...infer Head extends Shape, infer Size extends number]
      ? Bind<S, C, Size, St, I> extends infer Next
        ? Next extends State ? Back<S, Sub, Init, Head, Next, I, Rank> : Next
        : never
      : RankFail<S, Sub, Rank, I, "at least ">
    : WithEllipsis<S, St, Sh, I>;

/** The characters of `Str`, each a letter, or the failure naming the first that is not. */
type Chars<S extends string, Str extends string, Acc extends string[]> =
  Str extends `${infer C}${infer Rest}` ? (C extends Letter ? Chars<S, Rest, [...Acc, C]> : Fail<EinsumCharacterMessage<S, C>>) : Acc;

/** The operand's rank vs the number of characters of its subscripts but "." (counted only on failure). */
type RankFail<S extends string, Sub extends string, Rank extends number, I extends number, AtLeast extends "" | "at least "> =
  Fail<EinsumRankMessage<I, Rank, Sub, AtLeast, Count<Sub, []>>>;

type Count<Str extends string, Acc extends 0[]> =
  Str extends `${infer C}${infer Rest}` ? Count<Rest, C extends "." ? Acc : [...Acc, 0]> : Acc["length"];

/**
 * Letter `C` of operand `I` has size `Size`: the state with it bound, or the failure when it is
 * bound to another size. Equal sizes are compared wrapped (`{ v: X } extends { v: Y }`), which the
 * compiler decides for one type parameter on both sides; `number` takes the other size, as
 * NumPy-style rules do elsewhere (a dynamic size is checked at run time).
 */
type Bind<S extends string, C extends string, Size extends number, St extends State, I extends number> =
  C extends keyof St["sizes"]
    ? St["sizes"][C] extends [infer Old extends number, infer First extends number]
      ? { v: Old } extends { v: Size }
        ? { v: Size } extends { v: Old } ? Again<St, C>
        : number extends Size ? Again<St, C>
        : number extends Old ? Rebound<St, C, Size, First>
        : Fail<EinsumLetterMessage<S, C, ShowDim<Old>, First, ShowDim<Size>, I>>
      : number extends Old ? Rebound<St, C, Size, First>
      : number extends Size ? Again<St, C>
      : Fail<EinsumLetterMessage<S, C, ShowDim<Old>, First, ShowDim<Size>, I>>
      : never
    : { sizes: St["sizes"] & { [K in C]: [Size, I] }; order: [...St["order"], C]; many: St["many"]; ellipsis: St["ellipsis"] };

/** A letter met again with the size it has. */
type Again<St extends State, C extends string> = { sizes: St["sizes"]; order: St["order"]; many: St["many"] | C; ellipsis: St["ellipsis"] };

/** A letter bound to `number` met with a better-known size: it takes that size. */
type Rebound<St extends State, C extends string, Size extends number, First extends number> =
  { sizes: { [K in keyof St["sizes"]]: K extends C ? [Size, First] : St["sizes"][K] }; order: St["order"]; many: St["many"] | C; ellipsis: St["ellipsis"] };

/** The operand's "..." axes broadcast with those before (wrapped identity first: one type-parameter shape on both sides). */
type WithEllipsis<S extends string, St extends State, Mid extends Shape, I extends number> =
  Mid extends readonly [] ? St
  : St["ellipsis"] extends readonly [] ? Ellipsis<St, Mid>
  : { v: Mid } extends { v: St["ellipsis"] } ? ({ v: St["ellipsis"] } extends { v: Mid } ? St : Broadcast<S, St, Mid, I>)
  : Broadcast<S, St, Mid, I>;

type Broadcast<S extends string, St extends State, Mid extends Shape, I extends number> =
  BroadcastShapesOf<"einsum", St["ellipsis"] & Shape, Mid, { mode: "numpy" }> extends infer Result
    ? Result extends Shape ? Ellipsis<St, Result>
    : Result extends ShapeTypeError<`einsum (numpy): ${infer Detail}; cannot broadcast ${string}`> ? Fail<EinsumBroadcastMessage<S, I, Detail>>
    : never
    : never;

type Ellipsis<St extends State, E extends Shape> = { sizes: St["sizes"]; order: St["order"]; many: St["many"]; ellipsis: E };

/** The explicit output: its letters before a "...", the "..." axes, its letters after. */
type Output<S extends string, Out extends string, St extends State> =
  Out extends `${infer Pre}...${infer Post}`
    ? OutputLetters<S, Pre, St, [], never> extends infer Head
      ? Head extends [infer HeadShape extends readonly unknown[], infer Seen extends string]
        ? OutputLetters<S, Post, St, [...HeadShape, ...St["ellipsis"]], Seen> extends infer All
          ? All extends [infer Result extends readonly unknown[], string] ? Result : All
          : never
        : Head
      : never
    : St["ellipsis"] extends readonly [] ? (OutputLetters<S, Out, St, [], never> extends infer All ? (All extends [infer Result extends readonly unknown[], string] ? Result : All) : never)
    : Fail<EinsumEllipsisMessage<S, ShowShape<St["ellipsis"] & Shape>>>;

type OutputLetters<S extends string, Str extends string, St extends State, Acc extends readonly unknown[], Seen extends string> =
  Str extends `${infer C}${infer Rest}`
    ? C extends Letter
      ? C extends Seen ? Fail<EinsumRepeatedMessage<S, C>>
      : C extends keyof St["sizes"] ? OutputLetters<S, Rest, St, [...Acc, SizeOf<St, C>], Seen | C>
      : Fail<EinsumMissingMessage<S, C>>
    : Fail<EinsumCharacterMessage<S, C>>
  : [Acc, Seen];

type SizeOf<St extends State, C extends string> = St["sizes"][C & keyof St["sizes"]] extends [infer Size extends number, number] ? Size : never;

/** The implicit output: the "..." axes, then the letters met once in ASCII order (an insertion sort of the few there are). */
type Implicit<St extends State> = Sorted<St, St["order"], []> extends infer Letters extends string[] ? [...St["ellipsis"], ...Sizes<St, Letters, []>] : never;

type Sorted<St extends State, Order extends readonly string[], Acc extends string[]> =
  Order extends readonly [infer C extends string, ...infer Rest extends string[]]
    ? C extends St["many"] ? Sorted<St, Rest, Acc> : Sorted<St, Rest, Insert<C, Acc, []>>
    : Acc;

/** `C` into the sorted `Acc`, before the first letter that comes after it. */
type Insert<C extends string, Acc extends string[], Before extends string[]> =
  Acc extends [infer Head extends string, ...infer Rest extends string[]]
    ? Alphabet extends `${string}${C}${string}${Head}${string}` ? [...Before, C, ...Acc] : Insert<C, Rest, [...Before, Head]>
    : [...Before, C];

type Sizes<St extends State, Letters extends string[], Acc extends readonly unknown[]> =
  Letters extends [infer C extends string, ...infer Rest extends string[]] ? Sizes<St, Rest, [...Acc, SizeOf<St, C>]> : Acc;
