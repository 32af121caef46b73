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
 * // in `function f<H extends number>(...)`: CeilDiv<H, 2> stays CeilDiv<H, 2>
 */
import type { Add, CeilQuotient, FloorQuotient, IsKnownSize, Monus, Multiply, ToNumber } from "./internal/arithmetic.js";

/**
 * The size of axes merged into one (`flatten`, `reshape` of a middle): their product, or, while
 * a size is a type parameter or an expression of one, the merge itself, `MergedSize<[FloorDiv<H,
 * 16>, FloorDiv<W, 16>]>` (types/internal/arithmetic.ts).
 */
export type { MergedSize } from "./internal/arithmetic.js";

/** `ceil(A / B)` for a positive `B`: a stride-B window with `"same"` padding over A cells. */
export type CeilDiv<A extends number, B extends number> =
  A extends unknown ? (`${A}` extends `${infer Text extends bigint}` ? (ToNumber<`${Text}`> extends infer K extends number ? (IsKnownSize<K> extends true ? CeilQuotient<K, B> : number) : never) : number) : never;

/** `A * B`: a stride-B transposed window with `"same"` padding over A cells. */
export type Times<A extends number, B extends number> =
  A extends unknown ? (`${A}` extends `${infer Text extends bigint}` ? (ToNumber<`${Text}`> extends infer K extends number ? (IsKnownSize<K> extends true ? Multiply<K, B> : number) : never) : number) : never;

/**
 * `A + B`: a window whose padding exceeds its span, `concat` of two sizes. Either operand may be
 * unknown by value (`Plus<T, 1>`, `Plus<B, C>`), so its one test reads both: it stays
 * unresolved, named `Plus<...>`, while either is a type parameter or an expression of one.
 */
export type Plus<A extends number, B extends number> =
  `${A}|${B}` extends `${infer TextA extends bigint}|${infer TextB extends bigint}`
    ? ([A] extends [never] ? never : [B] extends [never] ? never
      // (`Add` gives `number` itself unless both are size literals)
      : Add<ToNumber<`${TextA}`>, ToNumber<`${TextB}`>>)
    : number;

/**
 * `A - B`, or 0 when `B` is as large (the clamped difference): a `"valid"` window of span
 * `B + 1` at stride 1, whose output is 0 exactly when the window is larger than its axis,
 * which the rule that built it reports when it sees the literal.
 */
export type Minus<A extends number, B extends number> =
  A extends unknown ? (`${A}` extends `${infer Text extends bigint}` ? (ToNumber<`${Text}`> extends infer K extends number ? (IsKnownSize<K> extends true ? Monus<K, B> : number) : never) : number) : never;

/** `floor(A / B)` for a positive `B`: a window's steps at stride B. */
export type FloorDiv<A extends number, B extends number> =
  A extends unknown ? (`${A}` extends `${infer Text extends bigint}` ? (ToNumber<`${Text}`> extends infer K extends number ? (IsKnownSize<K> extends true ? FloorQuotient<K, B> : number) : never) : number) : never;

/*
 * Each alias above but `Plus` is the same conditional type, written out so that each is named
 * by its own alias: the operation on `A` and `B` once `A` is a literal, `number` when it is a
 * size known only at run time, unresolved while it is a type parameter or an expression of
 * one; `never` stays `never` (the test on `A` is distributive). `B` is a literal. `Plus` reads
 * both operands in its one test, since either may be unknown, and keeps `never` by a test of its own.
 *
 * Exported from the package, so that an annotation can name a size a rule computed
 * (`Tensor<[N, 16, Minus<H, 2>, Minus<W, 2>]>`).
 *
 * `A` reaches the arithmetic only through its text read as a `bigint`: for an `A` the
 * compiler does not know, that reading gives `bigint` itself, never `A`. So when the
 * compiler relates an unresolved expression to `number` (which it does through the
 * branches of the conditional type, with `A` in place), the arithmetic sees no literal
 * and gives `number` at once; given `A` itself, the digit tables of
 * types/internal/arithmetic.ts would relate an expression to a thousand literals, which
 * takes seconds for `FloorDiv<Plus<H, 4>, 2>` and does not end for deeper ones.
 */
