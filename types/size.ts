/**
 * Sizes computed from other sizes (twin: src/shape/size.ts). On literal sizes
 * each is the number (`CeilDiv<28, 2>` is 14); on a size the compiler does not
 * know by value, a type parameter `H` or a size computed from one, it stays
 * the expression itself: `CeilDiv<H, 2>` is what a hover shows, it equals only
 * itself (two tensors whose sizes were computed the same way from the same
 * parameters fit each other), and it becomes the number once `H` is concrete,
 * when the generic function is called. On a size known only at run time
 * (`number`, `Dim<"name">`) it is `number`.
 *
 * Each is one conditional type whose own test is on the operand, so the
 * compiler leaves it unresolved, and names it by its alias, exactly while the
 * operand is a type parameter (docs/generic-code.md, "Sizes computed from type
 * parameters"). The rules that build them decide the trivial cases first
 * (`H + 0` is `H`, a stride of 1 divides nothing), so a size that is not
 * computed stays the parameter itself.
 *
 * @example
 * CeilDiv<28, 2>   //=> 14
 * Times<7, 2>      //=> 14
 * Minus<28, 2>     //=> 26
 * FloorDiv<27, 2>  //=> 13
 * ExactDiv<768, 12> //=> 64
 * // in `function f<H extends number>(...)`: CeilDiv<H, 2> stays CeilDiv<H, 2>
 */
import type { Add, CeilQuotient, FloorQuotient, IsKnownSize, MergedKnown, MergedProduct, Min, Monus, Multiply, ParsedSizes, Quotient, SizeTexts, ToNumber } from "./internal/arithmetic.js";

/**
 * The size of axes merged into one (`flatten`, `reshape` of a middle): their product, or, while
 * a size is a type parameter or an expression of one, the merge itself, `MergedSize<[FloorDiv<H,
 * 16>, FloorDiv<W, 16>]>` (`MergedProduct`, types/internal/arithmetic.ts). An axis split by
 * `ExactDiv` merged back after its divisor is the size that was split:
 * `MergedSize<[H, ExactDiv<D, H>]>` is `D`, so the heads of attention merge back to the model's
 * width. The pattern is this alias's own test, so on sizes that are type parameters (`[H, W]`)
 * it stays unresolved, named `MergedSize<[H, W]>`, as the product's test does.
 */
export type MergedSize<S extends readonly number[]> =
  // One test, this alias's own: the sizes are an axis split by `ExactDiv` after its divisor (the
  // same literal, or the same type parameter, read twice as `By`), or literals (their product,
  // below, by the same path as any decided merge); otherwise it stays unresolved, so an
  // unresolved merge prints by this name (a decided test followed by an unresolved one would
  // print the second's body). A merge of literals beyond `LiteralTexts` fails the test and is
  // computed below alike.
  { sizes: S; text: SizeTexts<S> } extends
    | { sizes: readonly [infer By extends number, ExactDiv<infer Split, infer By extends number>]; text: string }
    | { sizes: S; text: LiteralTexts }
    // (decided here: a split, or literals, which no `ExactDiv` matches)
    ? [S] extends [readonly [infer By extends number, ExactDiv<infer Split, infer By extends number>]] ? Split & number : MergedProduct<S>
    : SizeTexts<S> extends `${infer Text}` ? MergedKnown<S, ParsedSizes<Text>> : never;
/** The text of up to 8 sizes that are all literals (a size the compiler does not know by value fails it, unresolved). */
type LiteralTexts =
  | `${bigint}`
  | `${bigint},${bigint}`
  | `${bigint},${bigint},${bigint}`
  | `${bigint},${bigint},${bigint},${bigint}`
  | `${bigint},${bigint},${bigint},${bigint},${bigint}`
  | `${bigint},${bigint},${bigint},${bigint},${bigint},${bigint}`
  | `${bigint},${bigint},${bigint},${bigint},${bigint},${bigint},${bigint}`
  | `${bigint},${bigint},${bigint},${bigint},${bigint},${bigint},${bigint},${bigint}`;

/**
 * `R`, or `never` for an operand that is `never` (a test of its own, named: a message relating
 * two different sizes shows the branch of each with its operands unknown, `UnlessNever<H,
 * number>`, not the test written out).
 */
type UnlessNever<A, R> = [A] extends [never] ? never : R;

/**
 * `ceil(A / B)` for a positive `B`: a stride-B window with `"same"` padding over A cells. Of
 * `Times<H, B>` it is `H` (`Requotient`, below).
 */
export type CeilDiv<A extends number, B extends number> =
  [[A]] extends [[TimesPattern<infer X, infer Operand extends number, B>]] ? Operand
  : `${A}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    ? NoInfer<UnlessNever<A, IsKnownSize<ToNumber<`${TextA}`>> extends true ? CeilQuotient<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>> : number>>
    : number;

/**
 * `A * B`: a stride-B transposed window with `"same"` padding over A cells, `upsample` by B.
 * Divided again by `B` (`FloorDiv`, `CeilDiv`; not yet `ExactDiv`) it is `A`: a pool of an
 * upsampled map has the map's size.
 */
export type Times<A, B extends number> =
  `${A & number}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    ? NoInfer<UnlessNever<A, IsKnownSize<ToNumber<`${TextA}`>> extends true ? Multiply<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>> : number>>
    // (`A` is left unconstrained, and anything but a size gives `never`, so that the quotients'
    // pattern, `Times<infer X, B>`, matches no size where it infers nothing, as for `ExactDiv`)
    : [A] extends [number] ? number : never;

/**
 * `A + B`: a window whose padding exceeds its span, `concat` of two sizes. Either operand may be
 * unknown by value (`Plus<T, 1>`, `Plus<B, C>`), so its one test reads both: it stays
 * unresolved, named `Plus<...>`, while either is a type parameter or an expression of one.
 */
export type Plus<A extends number, B extends number> =
  `${A}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    // (`Add` gives `number` itself unless both are size literals)
    ? NoInfer<UnlessNever<A, UnlessNever<B, Add<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>>>>>
    : number;

/**
 * `A - B`, or 0 when `B` is as large (the clamped difference): a `"valid"` window of span
 * `B + 1` at stride 1, whose output is 0 exactly when the window is larger than its axis,
 * which the rule that built it reports when it sees the literal.
 */
export type Minus<A extends number, B extends number> =
  `${A}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    ? NoInfer<UnlessNever<A, IsKnownSize<ToNumber<`${TextA}`>> extends true ? Monus<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>> : number>>
    : number;

/** `min(A, B)`: what a slice's stop `B` (or a start `-B` from the end) leaves of an axis of size `A`. */
export type AtMost<A extends number, B extends number> =
  `${A}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    ? NoInfer<UnlessNever<A, UnlessNever<B, Min<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>>>>>
    : number;

/**
 * `A + B`, or 0 when `A` is 0: the output of a transposed window, `A` input cells spread by the
 * stride and grown by what the span adds beyond it (an empty axis stays empty).
 */
export type Grown<A extends number, B extends number> =
  `${A}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    // (one text at a time, so a union of sizes gives the union of the results)
    ? NoInfer<UnlessNever<A, UnlessNever<B, TextA extends 0n ? 0 : Add<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>>>>>
    : number;

/** `floor(A / B)` for a positive `B`: a window's steps at stride B. Of `Times<H, B>` it is `H` (`Requotient`, below). */
export type FloorDiv<A extends number, B extends number> =
  [[A]] extends [[TimesPattern<infer X, infer Operand extends number, B>]] ? Operand
  : `${A}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    ? NoInfer<UnlessNever<A, IsKnownSize<ToNumber<`${TextA}`>> extends true ? FloorQuotient<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>> : number>>
    : number;

/**
 * `A / B` where `B` divides `A`: what a -1 stands for when a last axis is split in two
 * (`reshape` of `[B, T, D]` to `[b, t, h, -1]` is `[B, T, H, ExactDiv<D, H>]`, the heads of
 * attention). On literals the quotient, `number` when `B` does not divide `A` (the reshape rule
 * that builds it reports that misfit), and for a size known only at run time; a size by
 * itself is 1 (0 by 0 too: the reshape that splits 0 by 0 is refused by its own rule). Merged back
 * with its divisor it is `A` again (`MergedSize<[H, ExactDiv<D, H>]>` is `D`).
 */
export type ExactDiv<A, B extends number> =
  // (a size divided by itself is 1, `[B, D]` to `[b, d, -1]`: decided on the pair wrapped, so that
  // `D` by `D` is 1 and `D` by `H` stays unresolved, named, as the arithmetic's test leaves it)
  { a: A; b: B } extends { a: B; b: A } ? 1
  : `${A & number}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    ? NoInfer<UnlessNever<A, UnlessNever<B, IsKnownSize<ToNumber<`${TextA}`>> extends true ? ExactQuotient<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>> : number>>>
    // (`A` is left unconstrained, and anything but a size gives `never`, so that `MergedSize`'s
    // pattern, which reads `A` by `infer`, matches no size where it infers nothing)
    : [A] extends [number] ? number : never;

/**
 * The pattern the quotients read their operand with (see Requotient, below): one alias, so that
 * it costs one instantiation a test where its intersection written out cost three.
 */
type TimesPattern<X, Operand extends number, B extends number> = Times<X, B> & Times<Operand, B>;

/** The quotient of two literals, `number` when it is not a whole number (or the divisor is 0). */
type ExactQuotient<A extends number, B extends number> = Quotient<A, B> extends infer Q extends number ? ([Q] extends [never] ? number : Q) : number;

/*
 * Requotient: `FloorDiv` and `CeilDiv` first read their operand as a product by their own
 * divisor, `[[A]] extends [[Times<infer X, B> & Times<infer Operand extends number, B>]]`
 * (written `TimesPattern`), and
 * give its operand: `FloorDiv<Times<H, 2>, 2>` is `H`, so a pool at stride 2 of a map upsampled by
 * 2 has the map's sizes. That test is decided where the arithmetic's is not, as `MergedSize`'s
 * is: the tuple is no generic type, so the compiler relates it at once, and `Times<H, 2>` is
 * identical to the pattern with `H` inferred (through the alias's arguments). Any other operand
 * leaves it unresolved or false:
 * - `X` is unconstrained, so where nothing is inferred (a literal, `number`, `Plus<H, W>`) it is
 *   `unknown`, whose `Times` is `never`: the pattern is `never` and only `never` passes it.
 *   `Operand` is the same inference constrained to a size, the result's type (with `Operand`
 *   alone, the `number` inferred for nothing would let a literal and `Plus<H, W>` pass);
 * - `H` itself, `Plus<H, 2>`, `Times<H, 3>` by 2: unresolved, so the alias is named by itself
 *   (`FloorDiv<H, 2>`), as before;
 * - literals: false, then the arithmetic;
 * - `never` passes it too, and gives `number` (`Operand` inferred from nothing), where the
 *   arithmetic gave `never`. Keeping `never` takes a second inference of `Operand`, naked in the
 *   pattern, which for a literal computes its product: 60 instantiations a pool, measured.
 * Its cost, measured (bench/types): 8 instantiations per `maxPool2d` call on literal shapes, and
 * 25 per op call in test-d/zoo/models.ts, generic in every size, where each quotient of a type
 * parameter is related through it (354 to 377 instantiations per op, against the zoo's 500).
 *
 * Each alias above is the same conditional type, written out so that each is named by its own
 * alias: one test reads the text of both operands, so it stays unresolved, named, while either
 * is a type parameter or an expression of one; on literals it is the operation (a union of
 * literals gives the union of the results), `number` when an operand is a size known only at
 * run time, and `never` stays `never` (its own test).
 *
 * Exported from the package, so that an annotation can name a size a rule computed
 * (`Tensor<[N, 16, Minus<H, 2>, Minus<W, 2>]>`).
 *
 * The operands reach the arithmetic only through their text read as `bigint`s: for an operand
 * the compiler does not know, that reading gives `bigint` itself, never the operand. So:
 * - when the compiler relates an unresolved expression to `number` (which it does through the
 *   branches of the conditional type, with `A` in place), the arithmetic sees no literal and
 *   gives `number` at once; given `A` itself, the digit tables of types/internal/arithmetic.ts
 *   would relate an expression to a thousand literals, which takes seconds for
 *   `FloorDiv<Plus<H, 4>, 2>` and does not end for deeper ones;
 * - when it measures how an alias varies with its operands (once per program, the first time
 *   one `Times<...>` is related or inferred to another), it compares the two branches with
 *   the texts read alike on both sides, so they are identical at once: 500 instantiations.
 *   With `B` passed to the arithmetic as it is, that measure walked the arithmetic with marker
 *   types: 47,000 instantiations for `Times`, 147,000 and 0.3 s (TypeScript 7) for `Minus`.
 *
 * The branch is `NoInfer`: when a generic function takes a computed size
 * (`skip: Tensor<[N, 16, Times<H, 2>, Times<W, 2>]>`), the compiler otherwise infers its type
 * parameters into the branches as well, and so into the arithmetic, for nothing (no operand can
 * be read back from a product): 7,000 instantiations and 30 ms for one call. `NoInfer` of a
 * literal is the literal, so a concrete size prints as the number.
 */
