/**
 * `reshape`'s rule at the type level: the element counts must match (exact
 * products of literal sizes, e.g. 224 x 224 x 3), and one `-1` is inferred
 * by exact division. Failures carry the runtime's messages. Counts that are
 * not known at compile time (`number` or symbolic sizes) are checked at run time.
 *
 * @example
 * Reshape<[224, 224, 3], [-1, 3]>      //=> [50176, 3]
 * Reshape<[2, 3, 4], [6, -1]>          //=> [6, 4]
 * ErrorMessage<Reshape<[2, 3, 4], [5, 5]>>
 * //=> "reshape: [2, 3, 4] has 24 elements but [5, 5] holds 25"
 */
import type { ShapeTypeError } from "./errors.js";
import type { Product, Quotient } from "./internal/arithmetic.js";
import type { ExactDiv, MergedSize } from "./size.js";
import type { Identical } from "./internal/sizes.js";
import type { TableNumber } from "./internal/tables.js";
import type { Shape, ShapeMessage, ShowShape } from "./shape.js";

/** Two -1 sizes: twin of `writeReshapeMinusOnes` in src/shape/reshape.ts. */
export type ReshapeMinusOnesMessage<Target extends string> = `reshape: only one size may be -1, got ${Target}`;

/** Element counts that differ: twin of `writeReshapeCount` in src/shape/reshape.ts. */
export type ReshapeCountMessage<From extends string, Count extends number, Target extends string, Holds extends number> =
  `reshape: ${From} has ${Count} elements but ${Target} holds ${Holds}`;

/** A -1 that no whole size fills: twin of `writeReshapeInfer` in src/shape/reshape.ts. */
export type ReshapeInferMessage<Count extends number, From extends string, Target extends string> =
  `reshape: cannot infer -1: ${Count} elements of ${From} do not split into ${Target}`;

/** The target's sizes other than -1. */
type Known<Target extends Shape, Acc extends number[] = []> =
  Target extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? First extends -1 ? Known<Rest, Acc> : Known<Rest, [...Acc, First]>
    : Acc;

/** How many -1 entries: 0, 1 or "many". (A pattern with two rest elements cannot be inferred, so this walks.) */
type CountMinusOnes<Target extends Shape, Count extends 0 | 1 = 0> =
  Target extends readonly [infer First, ...infer Rest extends Shape]
    ? First extends -1 ? (Count extends 1 ? "many" : CountMinusOnes<Rest, 1>) : CountMinusOnes<Rest, Count>
    : Count;

type Replace<Target extends Shape, Value extends number> = { -readonly [Key in keyof Target]: Target[Key] extends -1 ? Value : Target[Key] };

/** A literal size (not `number`, not a symbolic `Dim`): only those can be matched by value. */
type IsLiteral<Size> = Size extends number ? (`${Size}` extends `${bigint}` ? true : false) : false;

/** `Target` around its -1: `[before, after]`. */
type AroundMinusOne<Target extends Shape, Before extends number[] = []> =
  Target extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? First extends -1 ? [Before, [...Rest]] : AroundMinusOne<Rest, [...Before, First]>
    : never;

/** `From` without the leading sizes `Prefix` (1s on either side consume no elements), or never. */
type DropPrefix<From extends readonly number[], Prefix extends readonly number[]> =
  Prefix extends readonly [infer P extends number, ...infer PrefixRest extends number[]]
    ? P extends 1 ? DropPrefix<From, PrefixRest>
    : P extends 0 ? never // a 0 beside the -1 leaves it undetermined: the general path reports it
    : From extends readonly [infer F extends number, ...infer FromRest extends number[]]
      ? F extends 1 ? DropPrefix<FromRest, Prefix>
      : [IsLiteral<P>, IsLiteral<F>] extends [true, true] ? (F extends P ? DropPrefix<FromRest, PrefixRest> : never) : never
      : never
    : [...From];

/** `From` without the trailing sizes `Suffix`, or never. */
type DropSuffix<From extends readonly number[], Suffix extends readonly number[]> =
  Suffix extends readonly [...infer SuffixRest extends number[], infer S extends number]
    ? S extends 1 ? DropSuffix<From, SuffixRest>
    : S extends 0 ? never
    : From extends readonly [...infer FromRest extends number[], infer F extends number]
      ? F extends 1 ? DropSuffix<FromRest, Suffix>
      : [IsLiteral<S>, IsLiteral<F>] extends [true, true] ? (F extends S ? DropSuffix<FromRest, SuffixRest> : never) : never
      : never
    : [...From];

/**
 * The -1 without division, when the sizes around it are `From`'s leading and
 * trailing sizes (`[16, 24, 24, 96]` to `[16, 24, -1]`): the product of the
 * sizes in between. Most reshapes that merge or split axes are of this kind,
 * and a product is far cheaper than a long division at the type level.
 */
type MiddleProduct<From extends Shape, Target extends Shape> =
  AroundMinusOne<Target> extends [infer Before extends number[], infer After extends number[]]
    ? DropSuffix<DropPrefix<From, Before>, After> extends infer Middle extends number[]
      ? [Middle] extends [never] ? never : MergedSize<Middle>
      : never
    : never;

export type Reshape<From extends Shape, Target extends Shape> =
  number extends Target["length"] ? number[]
  : CountMinusOnes<Target> extends "many" ? ShapeTypeError<ReshapeMinusOnesMessage<ShowShape<Target>>>
  : CountMinusOnes<Target> extends 1
    ? MiddleProduct<From, Target> extends infer Size extends number
      ? [Size] extends [never] ? ReshapeByDivision<From, Target>
      : number extends Size ? ReshapeByDivision<From, Target> // unknown sizes in between: the general path decides
      : Replace<Target, Size>
      : never
  : [Product<From>, Product<Target>] extends [infer Count extends number, infer Holds extends number]
    ? number extends Count | Holds ? [...Target]
    : Count extends Holds ? [...Target]
    : ShapeTypeError<ReshapeCountMessage<ShowShape<From>, Count, ShowShape<Target>, Holds>>
    : never;

/** The -1 by exact division of the element counts. */
type ReshapeByDivision<From extends Shape, Target extends Shape> =
  [Product<From>, Product<Known<Target>>] extends [infer Count extends number, infer Rest extends number]
    ? number extends Count | Rest ? Replace<Target, number> // not known at compile time
    : [Quotient<Count, Rest>] extends [never]
      ? ShapeTypeError<ReshapeInferMessage<Count, ShowShape<From>, ShowShape<Target>>>
      : Replace<Target, Quotient<Count, Rest>>
    : never;

/**
 * `reshape`'s signature rule, for concrete shapes and for shape-polymorphic
 * code alike. On concrete shapes it is `Reshape` (a middle that fits means the
 * whole fits, and anything else is handed to `Reshape`). The sizes `From` and `Target` share at
 * the front and at the back (the same type parameter, or the same literal) are
 * kept in place, and only the sizes between them are regrouped by the rule
 * above (`[B, T, 512]` to `[B, T, 8, 64]`). Shared sizes are found by identity,
 * which the compiler decides for type parameters; when the middles do not fit,
 * the whole rule answers (the runtime's message on concrete shapes, unresolved
 * on type parameters). A target with -1 gets the whole rule too: the runtime
 * cannot infer -1 when a kept size is 0 (`[0, 3]` to `[0, -1]`), and whether
 * `B` is 0 is a question the compiler leaves unresolved.
 *
 * @example
 * Regrouped<[B, T, 512], [B, T, 8, 64]>   //=> [B, T, 8, 64]
 * Regrouped<[B, 8, 64, T], [B, 512, T]>   //=> [B, 512, T]
 */
export type Regrouped<From extends Shape, Target extends Shape> = RegroupedBy<From, Target, "checked">;

/**
 * reshape's rule as a call takes it, `[shape, misfit]`: the shape with the kept sizes beside a -1
 * untested, so a kept type parameter gives `[B, 256]` for `[B, 16, 4, 4]` to `[b, -1]`, and a
 * middle holding type parameters their `MergedSize`; and apart from it the error the checked rule
 * gives there, `never` when it gives none, unresolved while a kept size is a type parameter
 * (whether `B` is 0 is for the run time to say, as whether a window fits it). One alias, so the
 * call's argument and its result read the same instantiation.
 */
export type RegroupedParts<From extends Shape, Target extends Shape> =
  RunTimeFree<Target> extends false ? [Reshape<From, Target>, never] : RegroupedBy<From, Target, "parts">;

/**
 * Whether the target holds no size known only at run time (`number`), for the parts a call takes
 * (`RegroupedParts`, `LastSplitParts`): their walks keep sizes that are the same type, and two
 * `number`s are the same type but not the same size, so such a target takes the whole rule, no
 * size kept (`[number, 6]` to `[n, -1]` is `[number, number]`, not `[number, 6]`; the checked
 * `Regrouped` keeps nothing beside a -1 unless it is a known positive size). Decided both ways:
 * the target related, as a whole, to itself with each such size struck out (`NumberFree`); a
 * `number` fails its brand, and a size that is a type parameter relates to its entry, whose test
 * of its text the relation takes as failing (as `KeptTarget`'s in src/ops/types.ts), so `[B, 2,
 * -1]` holds none. (A bare type parameter in the check: wrapped in an object, the test would be
 * resolved to `true` where the alias is declared.)
 */
type RunTimeFree<Target extends Shape> = Target extends NumberFree<Target> ? true : false;
/** The target with each size known only at run time struck out (a brand no size has); a literal's text is its digits, and a named size (`Dim<"batch">`) stays. */
type NumberFree<Target extends Shape> = { readonly [K in keyof Target]: `${number}` extends `${Target[K]}` ? RunTimeSize : Target[K] };
type RunTimeSize = number & { readonly "reshape: a size known only at run time": true };

/** `Regrouped` (`"checked"`) or `RegroupedParts` (`"parts"`). */
type RegroupedBy<From extends Shape, Target extends Shape, Mode extends "checked" | "parts"> =
  // (the -1 first: the pair's relation with a -1 in the target is one the compiler leaves
  // unresolved, `[B, H, W, C]` against `[B, H, W, ExactDiv<C, W>]`)
  Mode extends "parts"
    ? (MinusOneBeforeLast<From, Target> extends infer Parts extends [Shape, unknown] ? Parts : PairMerged<From, Target> extends true ? [[...Target], never] : RegroupedWalk<From, Target, Mode>)
  : PairMerged<From, Target> extends true ? [...Target]
  : RegroupedWalk<From, Target, Mode>;

/**
 * A -1 just before the last size, the sizes around it kept: `[B, H, W, C]` to `[b, -1, c]` (as
 * `x.reshape(B, -1, C)` flattens the positions of a channels-last map) is `[B, MergedSize<[H, W]>,
 * C]`, for `"parts"` with the kept sizes' misfit apart (`KeptMisfit`), as `MergedMiddle` gives
 * it. The walk of shared sizes cannot reach this -1, since `H` against `-1` is a test the compiler
 * leaves unresolved; so the target is related, as a whole and both ways, to `From`'s sizes in
 * front, a -1 and `From`'s last size (`SameShape`), which is decided where they are the same.
 * `false` when the target does not end in two sizes or `From` is shorter than its front.
 */
type MinusOneBeforeLast<From extends Shape, Target extends Shape> =
  // (whether the target holds a -1 asked first, of the whole target, decided both ways: the
  // relation below would leave `T` against -1 unresolved. Asked of one size, `[M]` with `M`
  // inferred, the test would be made once where this alias is declared, and taken as free)
  MinusOneFree<Target> extends true ? false
  : Target extends readonly [...infer TargetFront extends Shape, unknown, unknown]
    ? From extends readonly [...infer FromRest extends Shape, infer Last extends number]
      ? PrefixOf<FromRest, TargetFront> extends [infer Front extends Shape, infer Middle extends Shape]
        ? SameShape<[...Target], [...Front, -1, Last]> extends true ? [[...Front, MergedSize<Middle>, Last], KeptMisfit<From, Target, Front, [Last]>] : false
        : false
      : false
    : false;

/** The walk of the sizes `From` and `Target` share at the front and at the back, and the rule on what is between. */
type RegroupedWalk<From extends Shape, Target extends Shape, Mode extends "checked" | "parts"> =
  SharedFront<From, Target> extends [infer Front extends Shape, infer FromRest extends Shape, infer TargetRest extends Shape]
    // a -1 right after the shared front (`[24, -1]`): no size of `From` is -1, so nothing is shared at the back
    ? TargetRest extends [-1] ? MergedMiddle<From, Target, Front, FromRest, [], Mode>
    : SharedBack<FromRest, TargetRest> extends [infer FromMiddle extends Shape, infer TargetMiddle extends Shape, infer Back extends Shape]
      ? TargetMiddle extends [-1] ? MergedMiddle<From, Target, Front, FromMiddle, Back, Mode>
      // no -1 (asked of the middle, whose sizes are literals: asked of `B`, it stays unresolved): a
      // -1 fails at run time when a kept size is 0, which cannot be asked of a type parameter
      : CountMinusOnes<TargetMiddle> extends 0
        ? Alone<Mode, Reshape<FromMiddle, TargetMiddle> extends infer Middle extends Shape ? [...Front, ...Middle, ...Back] : Reshape<From, Target>>
        // (a -1 among the regrouped sizes, `[B, T, 768]` to `[b, t, 12, -1]`: the middle's rule
        // places it, and for `"parts"` the kept sizes are asked apart, as in `MergedMiddle`)
        : Mode extends "parts"
          ? Reshape<FromMiddle, TargetMiddle> extends infer Middle extends Shape
            ? [[...Front, ...Middle, ...Back], KeptMisfit<From, Target, Front, Back>]
            : [Reshape<From, Target>, never]
          : Reshape<From, Target>
      : never
    : never;

/**
 * A last axis split in two before a trailing -1, the sizes in front of it kept: `From` is
 * `[...Front, D]` and the target `[...Front, K, -1]`, given by `Lead`, the target's sizes before
 * its -1, which the call infers (src/ops/types.ts, `LeadOf`: no conditional type can ask whether
 * a size that is a type parameter is -1, so a target ending in one is never tested for it).
 * `[Front, D, K]`; `false` when the shapes do not have that form; unresolved when the fronts
 * differ in a type parameter (`[B, T]` and `[B, S]`).
 */
type LastSplit<From extends Shape, Lead extends Shape> =
  Lead extends readonly [...infer LeadFront extends Shape, infer K extends number]
    ? From extends readonly [...infer Front extends Shape, infer D extends number]
      ? Identical<[...Front], [...LeadFront]> extends true ? [Front, D, K] : false
      : false
    : false;

/**
 * reshape's rule as a call takes it (`RegroupedParts`), with a last axis split before a
 * trailing -1 (`LastSplit`) read first: `[B, T, D]` to `[b, t, h, -1]` is `[B, T, H, ExactDiv<D,
 * H>]` and `[b, t, 12, -1]` is `[B, T, 12, ExactDiv<D, 12>]` (64 when `D` is 768), a split no
 * walk of the shared sizes reaches, since `D` against `12` or `H` is a pair it cannot decide.
 * And a merge into the trailing -1 of the sizes after `Lead`: `[B, H, ExactDiv<D, H>]` to `[b,
 * -1]` is `[B, D]` (`MergedSize`), `[B, H, W]` to `[b, -1]` is `[B, MergedSize<[H, W]>]`. Apart
 * from the shape, the misfit (`LastSplitMisfit`, `KeptMisfit`).
 */
export type LastSplitParts<From extends Shape, Target extends Shape, Lead extends Shape> =
  RunTimeFree<Target> extends false ? [Reshape<From, Target>, never]
  : LastSplit<From, Lead> extends [infer Front extends Shape, infer D extends number, infer K extends number]
    ? [[...Front, K, ExactDiv<D, K>], LastSplitMisfit<From, Target, Front, D, K>]
    // (the other way: `From` is `Lead` and more sizes, which the -1 merges; found by the length
    // of `Lead`, so that no size is compared with the -1, which for `H` stays unresolved)
    : PrefixOf<From, Lead> extends [infer Front extends Shape, infer Rest extends Shape]
      ? Identical<[...Front], [...Lead]> extends true
        ? [[...Front, Rest extends readonly [infer Only extends number] ? Only : MergedSize<Rest>], KeptMisfit<From, Target, Front, []>]
        : RegroupedParts<From, Target>
      : RegroupedParts<From, Target>;

/** `From`'s first sizes, as many as `Lead` holds, and the rest: `[front, rest]`, `false` when `From` is shorter. */
type PrefixOf<From extends Shape, Lead extends Shape, Front extends number[] = []> =
  Front["length"] extends Lead["length"] ? [Front, [...From]]
  : From extends readonly [infer F extends number, ...infer Rest extends Shape] ? PrefixOf<Rest, Lead, [...Front, F]> : false;

/**
 * A split's misfit, `never` when it fits: a `K` that does not divide `D`, in the runtime's words
 * with both shapes filled in (`ShapeMessage`, so that beside a type parameter the misfit is
 * still reported as one, its element count written as `MergedSize<[B, T, 768]>`); a kept size
 * that is 0, where the runtime cannot infer the -1, as the rule reports it. Unresolved while `D`
 * or `K`, or a kept size, is a type parameter: the run time checks it, as a window's fit.
 */
type LastSplitMisfit<From extends Shape, Target extends Shape, Front extends Shape, D extends number, K extends number> =
  [ErrorOf<Reshape<[D], [K, -1]>>] extends [never]
    ? KeptMisfit<From, Target, Front, []>
    : ShapeTypeError<ShapeMessage<ReshapeInferMessage<MergedSize<From>, "{1}", "{2}">, From, Target>>;

/** A result of the rule with nothing apart: itself, or `[it, never]` for `"parts"`. */
type Alone<Mode extends "checked" | "parts", Result> = Mode extends "parts" ? [Result, never] : Result;

/**
 * A -1 in place of the middle (`[24, 48, 16]` to `[24, -1]`) is the middle's product when
 * the kept sizes are known and not 0 (a kept 0 leaves the -1 undetermined) and the middle's
 * sizes are known: one product, none of the whole rule's walks. Anything else (`number`, a
 * `Dim`, a size past the tables) takes the whole rule. For `"parts"` the shape is the merge
 * untested, the checked answer's error apart (`RegroupedParts`).
 */
type MergedMiddle<From extends Shape, Target extends Shape, Front extends Shape, FromMiddle extends Shape, Back extends Shape, Mode extends "checked" | "parts"> =
  Mode extends "parts" ? [[...Front, MergedSize<FromMiddle>, ...Back], KeptMisfit<From, Target, Front, Back>]
  : [FromMiddle[number]] extends [TableNumber]
    ? [Front[number] | Back[number]] extends [PositiveTableNumber] ? [...Front, Product<FromMiddle>, ...Back] : Reshape<From, Target>
    : Reshape<From, Target>;

/**
 * For `"parts"`, beside a -1: the whole rule's error when a kept size is not a known positive
 * size (a kept 0 leaves the -1 undetermined), `never` otherwise; unresolved while a kept size is
 * a type parameter. A kept literal 0 is the runtime's message beside type parameters too (`[0, 4,
 * 5, C]` to `[0, -1, c]`): the first test, wrapped, is decided where a kept size is 0, and its
 * element count is 0 whatever the others are. (Each size is asked first whether it is exactly 0,
 * `ExactZeros`: 0 would fit `number`, or a union of sizes.)
 */
type KeptMisfit<From extends Shape, Target extends Shape, Front extends Shape, Back extends Shape> =
  [[0]] extends [[ExactZeros<[...Front, ...Back]>[number]]] ? ShapeTypeError<ShapeMessage<ReshapeInferMessage<0, "{1}", "{2}">, From, Target>>
  : [Front[number] | Back[number]] extends [PositiveTableNumber] ? never : ErrorOf<Reshape<From, Target>>;
/** Each size that is exactly 0 kept, any other struck out (a size that may be 0, `number` or `0 | 2`, is not exactly 0). */
type ExactZeros<S extends Shape> = { readonly [K in keyof S]: [S[K]] extends [0] ? 0 : NotZero };
type NotZero = number & { readonly "reshape: a size that is not exactly 0": true };

/** The error among a rule's answers, `never` for a shape. */
type ErrorOf<Answer> = Answer extends ShapeTypeError<string> ? Answer : never;
type PositiveTableNumber = Exclude<TableNumber, 0>;

/**
 * The last two axes merged into one, or the last split in two, every size written out: the heads
 * of attention merged back, `[B, T, H, ExactDiv<D, H>]` to `[b, t, d]` (as
 * `y.transpose(1, 2).contiguous().view(B, T, C)`), and a flattened map unflattened, `[B, C,
 * MergedSize<[H, W]>]` to `[b, c, h, w]`. No walk of the shared sizes reaches these, since `H`
 * against `D` is a pair it cannot decide. The longer shape is related, as a whole and both ways
 * (`SameShape`), to the shorter one with its last size written as the merge (`ExactDiv<D, H>` after `H` for a merge,
 * `MergedSize<[H, W]>` for a split): one relation, which the compiler decides where they are the
 * same types. On literals it is the product (`[B, 12, 64]` to `[b, 768]` passes here too, and a
 * misfit fails it and takes the rule below). `false` when the ranks do not differ by one, or the
 * target holds a -1 (no size to merge: `ExactDiv<-1, 12>` is `number`); unresolved where a
 * type parameter stands against a different size, as the walks leave it. A pair merged before the
 * last axis (`[B, MergedSize<[H, W]>, C]` to `[b, h, w, c]`) is not read here: relating a union of
 * every pair's merge cost about 2,700 more instantiations a generic call, where this one relation
 * costs fewer than the walks it spares (1,269 against 1,442 for the heads' merge; 627.4 against
 * 642.6 a call on literal shapes, bench/types/op-cost.ts).
 */
type PairMerged<From extends Shape, Target extends Shape> =
  // (a -1 anywhere in the target is asked of the whole target, the bare parameter: asked of sizes
  // written around inferred ones, `[Last]`, the test is made once where the alias is declared and
  // taken as free, and `[2, number]` to `[2, -1, 3]` came out `[2, -1, 3]`)
  MinusOneFree<Target> extends false ? false
  : From extends readonly [...infer Front extends Shape, infer P extends number, unknown]
    ? Target extends readonly [...infer TargetFront extends Shape, infer Last extends number]
      ? Front["length"] extends TargetFront["length"]
        ? SameShape<[...From], [...TargetFront, P, ExactDiv<Last, P>]>
        : SplitMerged<From, Target>
      : false
    : SplitMerged<From, Target>;

/** `PairMerged` of a target one size longer, its last two sizes read as `MergedSize`. */
type SplitMerged<From extends Shape, Target extends Shape> =
  Target extends readonly [...infer TargetFront extends Shape, infer P extends number, infer Q extends number]
    ? From extends readonly [...infer Front extends Shape, unknown]
      ? Front["length"] extends TargetFront["length"] ? SameShape<[...From], [...TargetFront, MergedSize<[P, Q]>]> : false
      : false
    : false;

/**
 * Whether two shapes are the same types, each related to the other (`Identical`; one way, `64`
 * would fit `ExactDiv<700, 12>`, which is `number`). The second is read by `infer` first: written inside the
 * object it is related through, it would be worked out again for the relation from its sizes'
 * rules, where `MergedSize<[H, ExactDiv<D, H>]>` reads back as `D & number`, which `D` is not
 * taken to fit; inferred, it is the shape as it is.
 */
type SameShape<S extends Shape, Written extends Shape> = [Written] extends [infer Other] ? Identical<S, Other> : never;

/**
 * Whether `S` holds no -1: `S` related to itself with each -1 struck out (`never`), decided both
 * ways (a type parameter stays, its text's test taken as failing in the relation, as for
 * `RunTimeFree`; the check is the bare parameter, or the test would be resolved where the alias
 * is declared).
 */
type MinusOneFree<S extends Shape> = S extends NoMinusOne<S> ? true : false;
type NoMinusOne<S extends Shape> = { readonly [K in keyof S]: `${S[K]}` extends "-1" ? never : S[K] };

/** The leading sizes both shapes share, and what is left of each: `[front, fromRest, targetRest]`. */
type SharedFront<From extends Shape, Target extends Shape, Front extends number[] = []> =
  From extends readonly [infer F extends number, ...infer FromRest extends Shape]
    ? Target extends readonly [infer T extends number, ...infer TargetRest extends Shape]
      ? Identical<F, T> extends true ? SharedFront<FromRest, TargetRest, [...Front, F]> : [Front, [...From], [...Target]]
      : [Front, [...From], [...Target]]
    : [Front, [...From], [...Target]];

/** The trailing sizes both shapes share, after what is left of each: `[fromMiddle, targetMiddle, back]`. */
type SharedBack<From extends Shape, Target extends Shape, Back extends number[] = []> =
  From extends readonly [...infer FromRest extends Shape, infer F extends number]
    ? Target extends readonly [...infer TargetRest extends Shape, infer T extends number]
      ? Identical<F, T> extends true ? SharedBack<FromRest, TargetRest, [F, ...Back]> : [[...From], [...Target], Back]
      : [[...From], [...Target], Back]
    : [[...From], [...Target], Back];
