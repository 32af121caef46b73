/**
 * The result shape of `einsum(subscripts, ...operands)` at the type level
 * (twin of src/shape/einsum.ts): each operand's subscripts name its axes by
 * letters, a letter names one size wherever it appears (an operand naming it
 * twice takes its diagonal), `...` stands for axes that broadcast by NumPy's
 * rule, and the output is the letters after `->`, or without `->` the "..."
 * axes then the letters seen exactly once, in ASCII order (upper case first).
 *
 * Subscripts of plain letters are planned once per string (`Plan`: which
 * positions must agree, where each output size comes from), so a call with
 * subscripts seen before only reads its sizes off (`Quick`). Anything else,
 * and every misfit, is walked alongside the operands' shapes: `->` and `,`
 * are split off by template-literal inference; an operand without `...` of
 * rank up to 6 is read by one template match (`ByRank`), any other by a
 * tail-recursive walk (from the front before its `...`, from the back after
 * it), each letter binding its size in turn; then the output is walked.
 * Misfits are checked in the same order as at run time, so both give the
 * same message.
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

type Fail<Message extends string> = ShapeTypeError<Message>;

/**
 * The result shape, or the failure. The walk below carries `Sizes`, the letters bound so far as
 * an object (`Sizes[L]` is L's size), and `Ell`, the "..." axes so far (a list of `unknown`, not
 * a `Shape`: a test `X extends number` on a type parameter stays undecided).
 */
export type EinsumShape<S extends string, Shapes extends readonly Shape[]> =
  string extends S ? number[]
  : number extends Shapes[number]["length"] ? number[]
  : Quick<Plan<S>, Shapes> extends infer Result
    ? [Result] extends [never]
      ? S extends `${infer In}->${infer Out}` ? Start<S, In, SplitOperands<In, []>, Out, true, Shapes>
      : Start<S, S, SplitOperands<S, []>, "", false, Shapes>
    : Result
    : never;

// --- the common case, planned once per subscripts string -------------------

/**
 * What the subscripts alone say when every operand and the output are plain letters and each
 * output letter is bound once (most calls): where each operand's sizes end when all are laid
 * end to end, the positions there that name one letter again (`left[k]` names what `right[k]`
 * names), and the position where each output letter is first named; `never` for anything else
 * (the steps below say `false`: a `never` would pass the `extends [infer ...]` tests). It
 * depends on the string only, so the compiler works it out once per subscripts string and
 * every call with that string reuses it.
 *
 * @example
 * Plan<"bij,bjk->bik">   //=> { ends: [3, 6]; left: [0, 2]; right: [3, 4]; out: [0, 1, 5] }
 */
interface PlanOf<Ends extends number[], Left extends number[], Right extends number[], Out extends number[]> {
  ends: Ends;
  left: Left;
  right: Right;
  out: Out;
}
type AnyPlan = PlanOf<number[], number[], number[], number[]>;

type Plan<S extends string> =
  S extends `${infer In}->${infer Out}`
    ? Scan<`${In},`, "|", [], [], [], []> extends [infer Seen extends string, infer Left extends number[], infer Right extends number[], infer Ends extends number[]]
      ? OutputAt<Out, Seen, [], "|"> extends infer Output extends number[] ? PlanOf<Ends, Left, Right, Output> : never
      : never
    : Scan<`${S},`, "|", [], [], [], []> extends [infer Seen extends string, infer Left extends number[], infer Right extends number[], infer Ends extends number[]]
      ? Once<S, never, []> extends infer Letters extends string[] ? PlanOf<Ends, Left, Right, { [K in keyof Letters]: FirstAt<Seen, Letters[K]> }> : never
      : never;

/**
 * One pass over the operands' subscripts (each followed by a ","). `Seen` lists each letter
 * with the position it was first named at (`"|b0|i1|j2|"`), read back by one template match;
 * `Taken` counts the positions.
 */
type Scan<Str extends string, Seen extends string, Left extends number[], Right extends number[], Ends extends number[], Taken extends 0[]> =
  Str extends `${infer C}${infer Rest}`
    ? C extends Letter
      ? Seen extends `${string}|${C}${infer At extends number}|${string}`
        ? Scan<Rest, Seen, [...Left, At], [...Right, Taken["length"]], Ends, [...Taken, 0]>
        : Scan<Rest, `${Seen}${C}${Taken["length"]}|`, Left, Right, Ends, [...Taken, 0]>
      : C extends "," ? Scan<Rest, Seen, Left, Right, [...Ends, Taken["length"]], Taken>
      : false
    : [Seen, Left, Right, Ends];

type FirstAt<Seen extends string, C extends string> = Seen extends `${string}|${C}${infer At extends number}|${string}` ? At : never;

/** The output letters' positions; `false` at a letter not bound, repeated (`Used` lists those read), or not a letter. */
type OutputAt<Out extends string, Seen extends string, Acc extends number[], Used extends string> =
  Out extends `${infer C}${infer Rest}`
    ? Used extends `${string}|${C}|${string}` ? false
    : C extends Letter ? (Seen extends `${string}|${C}${infer At extends number}|${string}` ? OutputAt<Rest, Seen, [...Acc, At], `${Used}${C}|`> : false)
    : false
    : Acc;

/**
 * The planned einsum on these shapes: their sizes end to end (when their ranks are the plan's),
 * and when the sizes at `left` are those at `right` (wrapped, both ways: one test the compiler
 * decides on type parameters too), the sizes at `out`. `never` otherwise (a misfit, a
 * `number` meeting a literal, another rank or count): the walk below decides and words it.
 */
type Quick<P, Shapes extends readonly Shape[]> =
  P extends AnyPlan
    ? EndToEnd<Shapes, P["ends"]> extends infer Sizes extends readonly unknown[]
      ? [Sizes] extends [never] ? never
      // (the sizes inferred first: written into the test, two instantiations of `Picked` would be
      // related by the variance of its parameters, and the compiler would decide the test true once
      // for all, on the declaration)
      : [Picked<Sizes, P["left"]>, Picked<Sizes, P["right"]>] extends [infer Left, infer Right]
        ? { v: Left; w: Right } extends { v: Right; w: Left } ? Picked<Sizes, P["out"]> : never
        : never
      : never
    : never;

/** All sizes of `Shapes` in one list, when each shape ends where the plan's `Ends` say; one and two operands without a walk. */
type EndToEnd<Shapes extends readonly Shape[], Ends extends number[]> =
  Shapes extends readonly [infer A extends Shape, infer B extends Shape] ? ([A["length"], [...A, ...B]["length"]] extends Ends ? [...A, ...B] : never)
  : Shapes extends readonly [infer A extends Shape] ? ([A["length"]] extends Ends ? [...A] : never)
  : Joined<Shapes, [], []> extends [infer Sizes, infer Found] ? ([Found] extends [Ends] ? Sizes : never) : never;
type Joined<Shapes extends readonly Shape[], Acc extends unknown[], Ends extends number[]> =
  Shapes extends readonly [infer First extends Shape, ...infer Rest extends readonly Shape[]]
    ? Joined<Rest, [...Acc, ...First], [...Ends, [...Acc, ...First]["length"]]>
    : [Acc, Ends];

type Picked<Sizes extends readonly unknown[], At extends number[]> = { [K in keyof At]: Sizes[At[K]] };

// --- any subscripts, walked with the shapes ----------------------------------

type SplitOperands<In extends string, Acc extends string[]> =
  In extends `${infer Head},${infer Rest}` ? SplitOperands<Rest, [...Acc, Head]> : [...Acc, In];

type Start<S extends string, In extends string, Subs extends string[], Out extends string, Explicit extends boolean, Shapes extends readonly Shape[]> =
  Subs["length"] extends Shapes["length"] ? Operands<S, In, Subs, Subs, Shapes, {}, [], [], Out, Explicit>
  : Fail<EinsumCountMessage<S, Subs["length"], Shapes["length"]>>;

/** Each operand in turn (`Index` counts those done); then the output. `All` is every operand's subscripts, for messages. */
type Operands<
  S extends string, In extends string, All extends string[], Subs extends string[], Shapes extends readonly Shape[],
  Sizes, Ell extends readonly unknown[], Index extends 0[], Out extends string, Explicit extends boolean,
> =
  Subs extends [infer Sub extends string, ...infer RestSubs extends string[]]
    ? Shapes extends readonly [infer Sh extends Shape, ...infer RestShapes extends Shape[]]
      ? Sub extends `${infer Pre}...${infer Post}`
        ? Ellipsis<S, All, Sub, Pre, Post, Sh, Sizes, Ell, Index["length"]> extends infer Next
          ? (Next extends [infer NextSizes, infer NextEll extends readonly unknown[]] ? Operands<S, In, All, RestSubs, RestShapes, NextSizes, NextEll, [...Index, 0], Out, Explicit> : Next)
          : never
        : ByRank<S, All, Sub, Sh, Sizes, Index["length"]> extends infer NextSizes
          ? (NextSizes extends ShapeTypeError<string> ? NextSizes : Operands<S, In, All, RestSubs, RestShapes, NextSizes, Ell, [...Index, 0], Out, Explicit>)
          : never
      : never
    : Explicit extends true ? Output<S, Out, Sizes, Ell>
    : [...Ell, ...Implicit<In, Sizes>];

/**
 * An operand without "...": when its subscripts are as many letters as its rank (up to 8), one
 * template match reads them all and the letters bind in order; anything else (a bad character,
 * another count, a higher rank) goes through `Front`, which says what is wrong.
 */
type ByRank<S extends string, All extends string[], Sub extends string, Sh extends Shape, Sizes, I extends number> = {
  0: Sub extends "" ? Sizes : Walk<S, All, Sub, Sh, Sizes, I>;
  1: Sub extends Letter ? Bind<S, All, Sizes, Sub, Sh[0], I> : Walk<S, All, Sub, Sh, Sizes, I>;
  2: Sub extends `${infer A}${infer B}` ? ([A | B] extends [Letter] ? Bind<S, All, Bind<S, All, Sizes, A, Sh[0], I>, B, Sh[1], I> : Walk<S, All, Sub, Sh, Sizes, I>) : never;
  3: Sub extends `${infer A}${infer B}${infer C}`
    ? [A | B | C] extends [Letter] ? Bind<S, All, Bind<S, All, Bind<S, All, Sizes, A, Sh[0], I>, B, Sh[1], I>, C, Sh[2], I> : Walk<S, All, Sub, Sh, Sizes, I>
    : never;
  4: Sub extends `${infer A}${infer B}${infer C}${infer D}`
    ? [A | B | C | D] extends [Letter]
      ? Bind<S, All, Bind<S, All, Bind<S, All, Bind<S, All, Sizes, A, Sh[0], I>, B, Sh[1], I>, C, Sh[2], I>, D, Sh[3], I>
      : Walk<S, All, Sub, Sh, Sizes, I>
    : never;
  5: Sub extends `${infer A}${infer B}${infer C}${infer D}${infer E}`
    ? [A | B | C | D | E] extends [Letter]
      ? Bind<S, All, Bind<S, All, Bind<S, All, Bind<S, All, Bind<S, All, Sizes, A, Sh[0], I>, B, Sh[1], I>, C, Sh[2], I>, D, Sh[3], I>, E, Sh[4], I>
      : Walk<S, All, Sub, Sh, Sizes, I>
    : never;
  6: Sub extends `${infer A}${infer B}${infer C}${infer D}${infer E}${infer F}`
    ? [A | B | C | D | E | F] extends [Letter]
      ? Bind<S, All, Bind<S, All, Bind<S, All, Bind<S, All, Bind<S, All, Bind<S, All, Sizes, A, Sh[0], I>, B, Sh[1], I>, C, Sh[2], I>, D, Sh[3], I>, E, Sh[4], I>, F, Sh[5], I>
      : Walk<S, All, Sub, Sh, Sizes, I>
    : never;
}[Sh["length"] & (0 | 1 | 2 | 3 | 4 | 5 | 6)] extends infer Result
  ? [Result] extends [never] ? Walk<S, All, Sub, Sh, Sizes, I> : Result
  : never;

/** `Front` over a whole operand without "...": the sizes bound, or the failure. */
type Walk<S extends string, All extends string[], Sub extends string, Sh extends Shape, Sizes, I extends number> =
  Front<S, All, Sub, Sub, Sh, Sizes, I, Sh["length"], ""> extends infer Next
    ? Next extends [infer NextSizes, infer Rest extends Shape] ? (Rest extends readonly [] ? NextSizes : RankFail<Sub, Sh["length"], I, "">)
    : Next
    : never;

/** An operand with "...": the letters before it bind the first sizes, those after it the last, and the sizes between are its "..." axes. */
type Ellipsis<S extends string, All extends string[], Sub extends string, Pre extends string, Post extends string, Sh extends Shape, Sizes, Ell extends readonly unknown[], I extends number> =
  Front<S, All, Sub, Pre, Sh, Sizes, I, Sh["length"], "at least "> extends infer Next
    ? Next extends [infer NextSizes, infer Mid extends Shape]
      ? Chars<S, Post, []> extends infer PostChars
        ? PostChars extends string[] ? Back<S, All, Sub, PostChars, Mid, NextSizes, Ell, I, Sh["length"]>
        : PostChars
        : never
      : Next
    : never;

/** The letters of `Str` bind the first sizes of `Sh`: `[sizes, the sizes left]`, or the failure. */
type Front<S extends string, All extends string[], Sub extends string, Str extends string, Sh extends Shape, Sizes, I extends number, Rank extends number, AtLeast extends "" | "at least "> =
  Str extends `${infer C}${infer Rest}`
    ? C extends Letter
      ? Sh extends readonly [infer Size extends number, ...infer Tail extends Shape]
        ? Bind<S, All, Sizes, C, Size, I> extends infer Next
          ? Next extends ShapeTypeError<string> ? Next : Front<S, All, Sub, Rest, Tail, Next, I, Rank, AtLeast>
          : never
        : RankFail<Sub, Rank, I, AtLeast>
      : Fail<EinsumCharacterMessage<S, C>>
    : [Sizes, Sh];

/** The letters after a "..." (checked by `Chars`) bind the last sizes of `Sh`, from the back; the sizes left are the "..." axes. */
type Back<S extends string, All extends string[], Sub extends string, Post extends string[], Sh extends Shape, Sizes, Ell extends readonly unknown[], I extends number, Rank extends number> =
  Post extends [...infer Init extends string[], infer C extends string]
    ? Sh extends readonly [...infer Head extends Shape, infer Size extends number]
      ? Bind<S, All, Sizes, C, Size, I> extends infer Next
        ? Next extends ShapeTypeError<string> ? Next : Back<S, All, Sub, Init, Head, Next, Ell, I, Rank>
        : never
      : RankFail<Sub, Rank, I, "at least ">
    : WithEllipsis<S, Sizes, Ell, Sh, I>;

/** The characters of `Str`, each a letter, or the failure naming the first that is not. */
type Chars<S extends string, Str extends string, Acc extends string[]> =
  Str extends `${infer C}${infer Rest}` ? (C extends Letter ? Chars<S, Rest, [...Acc, C]> : Fail<EinsumCharacterMessage<S, C>>) : Acc;

/** The operand's rank vs the number of characters of its subscripts but "." (counted only on failure). */
type RankFail<Sub extends string, Rank extends number, I extends number, AtLeast extends "" | "at least "> =
  Fail<EinsumRankMessage<I, Rank, Sub, AtLeast, Count<Sub, []>>>;

type Count<Str extends string, Acc extends 0[]> =
  Str extends `${infer C}${infer Rest}` ? Count<Rest, C extends "." ? Acc : [...Acc, 0]> : Acc["length"];

/**
 * Letter `C` of operand `I` has size `Size`: `Sizes` with it bound, or the failure when it is
 * bound to another size (a failure passes through). Equal sizes are compared wrapped
 * (`{ v: X } extends { v: Y }`), which the compiler decides for one type parameter on both
 * sides; `number` takes the other size, as the broadcast rules do (checked at run time).
 */
type Bind<S extends string, All extends string[], Sizes, C extends string, Size, I extends number> =
  Sizes extends ShapeTypeError<string> ? Sizes
  : C extends keyof Sizes ? Again<S, All, Sizes, C, Sizes[C], Size, I>
  : Sizes & { [K in C]: Size };

/**
 * Letter `C`, bound to `Old`, met with `Size`. (The bound size comes in as an argument, read
 * once, and both directions are one test: the cheapest forms measured that the compiler still
 * decides on a type parameter.)
 */
type Again<S extends string, All extends string[], Sizes, C extends string, Old, Size, I extends number> =
  { v: Old; w: Size } extends { v: Size; w: Old } ? Sizes
  : number extends Size ? Sizes
  : number extends Old ? Rebound<Sizes, C, Size>
  : LetterFail<S, All, C, Old, Size, I>;

/** A letter bound to `number` met with a better-known size: it takes that size. */
type Rebound<Sizes, C extends string, Size> = { [K in keyof Sizes]: K extends C ? Size : Sizes[K] };

/** The failure of letter `C`, with the operand that bound it first (found only on failure). */
type LetterFail<S extends string, All extends string[], C extends string, Old, Size, I extends number> =
  Fail<EinsumLetterMessage<S, C, ShowDim<Old>, FirstWith<All, C, []>, ShowDim<Size>, I>>;

type FirstWith<All extends string[], C extends string, Index extends 0[]> =
  All extends [infer Sub extends string, ...infer Rest extends string[]] ? (Sub extends `${string}${C}${string}` ? Index["length"] : FirstWith<Rest, C, [...Index, 0]>) : never;

/** The operand's "..." axes broadcast with those before (wrapped identity first: one type-parameter shape on both sides): `[sizes, axes]`. */
type WithEllipsis<S extends string, Sizes, Ell extends readonly unknown[], Mid extends Shape, I extends number> =
  Mid extends readonly [] ? [Sizes, Ell]
  : Ell extends readonly [] ? [Sizes, Mid]
  : { v: Mid } extends { v: Ell } ? ({ v: Ell } extends { v: Mid } ? [Sizes, Ell] : Broadcast<S, Sizes, Ell, Mid, I>)
  : Broadcast<S, Sizes, Ell, Mid, I>;

// (`Ell` read back as a `Shape` through `infer`: an intersection `Ell & Shape` makes the rule give a union)
type Broadcast<S extends string, Sizes, Ell extends readonly unknown[], Mid extends Shape, I extends number> =
  (Ell extends infer E extends Shape ? BroadcastShapesOf<"einsum", E, Mid, { mode: "numpy" }> : never) extends infer Result
    ? Result extends Shape ? [Sizes, Result]
    : Result extends ShapeTypeError<`einsum (numpy): ${infer Detail}; cannot broadcast ${string}`> ? Fail<EinsumBroadcastMessage<S, I, Detail>>
    : never
    : never;

/** The explicit output: its letters before a "...", the "..." axes, its letters after. */
type Output<S extends string, Out extends string, Sizes, Ell extends readonly unknown[]> =
  Out extends `${infer Pre}...${infer Post}`
    ? OutputLetters<S, Pre, Sizes, [], never, false> extends infer Head
      ? Head extends [infer HeadShape extends readonly unknown[], infer Seen extends string] ? OutputLetters<S, Post, Sizes, [...HeadShape, ...Ell], Seen, true>
      : Head
      : never
    : Ell extends readonly [] ? (FewLetters<Out, Sizes, keyof Sizes> extends infer Few ? ([Few] extends [never] ? OutputLetters<S, Out, Sizes, [], never, true> : Few) : never)
    : Fail<EinsumEllipsisMessage<S, Ell extends infer E extends Shape ? ShowShape<E> : never>>;

/**
 * An output of one to four letters, each bound and none repeated, in one match (most outputs):
 * their sizes, or never, and `OutputLetters` walks it and finds what is wrong.
 */
type FewLetters<Out extends string, Sizes, Bound extends keyof Sizes> =
  Out extends `${infer A}${infer B}${infer C}${infer D}`
    ? D extends "" ? ([A | B | C] extends [Bound] ? ([A] extends [B | C] ? never : [B] extends [C] ? never : [Sizes[A & Bound], Sizes[B & Bound], Sizes[C & Bound]]) : never)
    : [A | B | C | D] extends [Bound]
      ? [A] extends [B | C | D] ? never : [B] extends [C | D] ? never : [C] extends [D] ? never
      : [Sizes[A & Bound], Sizes[B & Bound], Sizes[C & Bound], Sizes[D & Bound]]
    : never
  : Out extends `${infer A}${infer B}`
    ? B extends "" ? ([A] extends [Bound] ? [Sizes[A & Bound]] : never)
    : [A | B] extends [Bound] ? ([A] extends [B] ? never : [Sizes[A & Bound], Sizes[B & Bound]]) : never
  : never;

/** The sizes of the output letters in `Str` after `Acc`: the shape when `Last`, else `[shape, letters seen]`. */
type OutputLetters<S extends string, Str extends string, Sizes, Acc extends readonly unknown[], Seen extends string, Last extends boolean> =
  Str extends `${infer C}${infer Rest}`
    // (a bound letter first: the common case in one test)
    ? C extends keyof Sizes
      ? C extends Seen ? Fail<EinsumRepeatedMessage<S, C>> : OutputLetters<S, Rest, Sizes, [...Acc, Sizes[C]], Seen | C, Last>
    : C extends Letter ? Fail<EinsumMissingMessage<S, C>>
    : Fail<EinsumCharacterMessage<S, C>>
  : Last extends true ? Acc
  : [Acc, Seen];

/** The implicit output's letters: those met exactly once in `In`, in ASCII order (an insertion sort of the few there are), as sizes. */
type Implicit<In extends string, Sizes> = Once<In, never, []> extends infer Letters extends string[] ? SizesOf<Letters, Sizes> : never;

type SizesOf<Letters extends string[], Sizes> = { [K in keyof Letters]: Sizes[Letters[K] & keyof Sizes] };

type Once<In extends string, Seen extends string, Acc extends string[]> =
  In extends `${infer C}${infer Rest}`
    ? C extends Seen ? Once<Rest, Seen, Acc>
    : Rest extends `${string}${C}${string}` ? Once<Rest, Seen | C, Acc>
    : C extends Letter ? Once<Rest, Seen, Insert<C, Acc, []>>
    : Once<Rest, Seen, Acc>
  : Acc;

/** `C` into the sorted `Acc`, before the first letter that comes after it. */
type Insert<C extends string, Acc extends string[], Before extends string[]> =
  Acc extends [infer Head extends string, ...infer Rest extends string[]]
    ? Alphabet extends `${string}${C}${string}${Head}${string}` ? [...Before, C, ...Acc] : Insert<C, Rest, [...Before, Head]>
    : [...Before, C];
