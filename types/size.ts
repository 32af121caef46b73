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
 * parameters").
 *
 * @example
 * CeilDiv<28, 2>   //=> 14
 * Times<7, 2>      //=> 14
 * // in `function f<H extends number>(...)`: CeilDiv<H, 2> stays CeilDiv<H, 2>
 */
import type { CeilQuotient, IsKnownSize, Multiply } from "./internal/arithmetic.js";

/** `ceil(A / B)` for a positive `B`: a stride-B window with `"same"` padding over A cells. */
export type CeilDiv<A extends number, B extends number> = IsKnownSize<A> extends true ? CeilQuotient<A, B> : number;

/** `A * B`: a stride-B transposed window with `"same"` padding over A cells. */
export type Times<A extends number, B extends number> = IsKnownSize<A> extends true ? Multiply<A, B> : number;
