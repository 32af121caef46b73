/**
 * Exact decimal arithmetic on number literals, for element counts: products
 * of real sizes (224 x 224 x 3 = 150528) are far beyond what tuple lengths
 * can count (TS2799 above ~10k). Numbers are split into digit tuples, least
 * significant first, and combined with digit lookup tables (./tables.ts); every recursion
 * is tail-recursive. Results are exact while they are exact doubles (up to
 * 2^53); beyond that, or for an input that is not a non-negative integer
 * literal (`number`, `Dim<"name">`), the result is `number`, never `never`,
 * except where an operand leaves the other unchanged (`Add<X, 0>` and
 * `Multiply<X, 1>` are `X`, so a `Dim<"name">` passes through).
 * Not exported from the package.
 *
 * @example
 * Multiply<224, 672>        //=> 150528
 * Product<[224, 224, 3]>    //=> 150528
 * Quotient<150528, 672>     //=> 224
 * Quotient<10, 3>           //=> never (not divisible)
 */

import type { DigitDifference, DigitDivision, DigitFactors, DigitProduct, DigitSum, Digits4, DigitsOf, Group, HalvesUp, PaddedGroup, Predecessor, Successor, TableNumber } from "./tables.js";

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/**
 * Four digits, as `Digits4` holds them. (`AddFour` and `MonusFour` take this, not
 * `Digits4[number]`: checking `Digits4[A]` against a union of 1,024 tuples cost the
 * compiler 0.3 to 0.7 s each time it checked these declarations.)
 */
type FourDigits = readonly [Digit, Digit, Digit, Digit];
type Digits = Digit[];

/**
 * The digits of a non-negative integer literal, least significant first; `never` for anything else.
 * Operands of the tables are looked up (`DigitsOf`), the rest split from their text.
 */
type ToDigits<Value extends number> = [Value] extends [TableNumber] ? DigitsOf[Value] : DigitsOfText<Value>;
type DigitsOfText<Value extends number> =
  number extends Value ? never : `${Value}` extends `${bigint}` ? (`${Value}` extends `-${string}` ? never : Split<`${Value}`, []>) : never;
type Split<Text extends string, Acc extends Digits> =
  Text extends `${infer First extends Digit}${infer Rest}` ? Split<Rest, [First, ...Acc]> : Acc;

/**
 * Back to a number literal (leading zeros dropped); `number` when the text is not an exact double.
 * Three digits at a time by table (`Group`, `PaddedGroup`): up to three digits need no text.
 */
type FromDigits<Value extends Digits> =
  Value extends [infer A extends Digit, infer B extends Digit, infer C extends Digit, ...infer Rest extends Digits]
    ? Rest extends [] ? Group[C][B][A] : ToNumber<TrimZeros<`${HighText<Rest>}${PaddedGroup[C][B][A]}`>>
    : Value extends [infer A extends Digit, infer B extends Digit] ? Group[0][B][A]
    : Value extends [infer A extends Digit] ? A
    : 0;
/** The text of the digits above the lowest three (the most significant group unpadded). */
type HighText<Value extends Digits> =
  Value extends [infer A extends Digit, infer B extends Digit, infer C extends Digit, ...infer Rest extends Digits]
    ? Rest extends [] ? `${Group[C][B][A]}` : `${HighText<Rest>}${PaddedGroup[C][B][A]}`
    : Value extends [infer A extends Digit, infer B extends Digit] ? `${Group[0][B][A]}`
    : Value extends [infer A extends Digit] ? `${A}`
    : "";
type TrimZeros<Text extends string> = Text extends `0${infer Rest}` ? (Rest extends "" ? "0" : TrimZeros<Rest>) : Text extends "" ? "0" : Text;
/** A number read back from its text; `number` when the text is not an exact double. */
export type ToNumber<Text extends string> = Text extends `${infer Value extends number}` ? (`${Value}` extends Text ? Value : number) : number;

/**
 * The digits of two non-negative integer literals, or `false` when either is
 * not one. (Not `never`: a conditional on `never` that is not a type parameter
 * takes its true branch, and unknown sizes would come out `never`; nor
 * `undefined`, which without strictNullChecks extends every tuple.)
 */
type Known<A extends number, B extends number> =
  ToDigits<A> extends infer X extends Digits
    ? [X] extends [never] ? false
    : ToDigits<B> extends infer Y extends Digits ? ([Y] extends [never] ? false : [X, Y]) : false
    : false;

/** Is `N` a non-negative integer literal (a size whose value is known)? */
export type IsKnownSize<N> = N extends number ? ([ToDigits<N>] extends [never] ? false : true) : false;

/** Digit lists added; once the shorter one ends without a carry, the rest of the longer is copied. */
type AddDigits<A extends Digits, B extends Digits, Carry extends 0 | 1 = 0, Acc extends Digits = []> =
  A extends [infer X extends Digit, ...infer RestA extends Digits]
    ? B extends [infer Y extends Digit, ...infer RestB extends Digits]
      ? DigitSum[X][Y][Carry] extends [infer C extends 0 | 1, infer D extends Digit] ? AddDigits<RestA, RestB, C, [...Acc, D]> : never
      : Carry extends 0 ? [...Acc, ...A]
      : DigitSum[X][0][1] extends [infer C extends 0 | 1, infer D extends Digit] ? AddDigits<RestA, [], C, [...Acc, D]> : never
    : B extends [] ? (Carry extends 1 ? [...Acc, 1] : Acc)
    : AddDigits<B, [], Carry, Acc>;

/**
 * Schoolbook multiplication, one digit of B at a time. Each row adds `A * D` to what is
 * left of the rows before in one walk (`MulAdd`); the lowest digit of each row is final.
 */
type MulDigits<A extends Digits, B extends Digits> =
  B extends [infer D extends Digit, ...infer Rest extends Digits] ? MulRows<A, Rest, [], D extends 1 ? A : MulAdd<A, D, []>> : [0];
/** The rows after the first: `Out` holds the final digits, `Acc` the running sum above them. */
type MulRows<A extends Digits, B extends Digits, Out extends Digits, Acc extends Digits> =
  B extends [infer D extends Digit, ...infer Rest extends Digits]
    ? Acc extends [infer Low extends Digit, ...infer High extends Digits]
      ? MulRows<A, Rest, [...Out, Low], D extends 0 ? High : D extends 1 ? AddDigits<A, High> : MulAdd<A, D, High>>
      : MulRows<A, Rest, [...Out, 0], D extends 0 ? [] : MulAdd<A, D, []>> // rows of 0s left nothing above
    : [...Out, ...Acc];
/**
 * `A * D + Acc` (Acc no longer than A), a digit at a time: `x * d + carry` by one lookup,
 * plus Acc's digit by another. The new carry is at most 9 (`x * d + carry + y` <= 99).
 */
type MulAdd<A extends Digits, D extends Digit, Acc extends Digits, Carry extends Digit = 0, Out extends Digits = []> =
  A extends [infer X extends Digit, ...infer RestA extends Digits]
    ? DigitProduct[X][D][Carry] extends [infer High extends Digit, infer Low extends Digit]
      ? Acc extends [infer Y extends Digit, ...infer RestAcc extends Digits]
        ? DigitSum[Low][Y][0] extends [infer C extends 0 | 1, infer S extends Digit]
          ? MulAdd<RestA, D, RestAcc, C extends 0 ? High : NextDigit[High], [...Out, S]>
          : never
        : MulAdd<RestA, D, [], High, [...Out, Low]>
      : never
    : Carry extends 0 ? Out : [...Out, Carry];
/** `d + 1` for the carry, which never passes 9 here. */
type NextDigit = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];

// --- small operands by table ------------------------------------------------
// Most arithmetic in shapes adds or takes a small number (a padding, a window's
// span, an axis index) to or from a size below a thousand or so, and multiplies
// sizes with a 1 among them. Sums and differences of two operands of the tables
// (./tables.ts, 0 to 1023) are written out over their four digits, a lookup per
// digit and no recursion (about 80 instantiations; up to 4 is added or taken by
// single steps, about 12 each), where each step of the recursive digit arithmetic
// below costs 20 to 35.
// Everything else takes the digits.

/** `A + B` for non-negative integer literals; `number` when either is not one. */
export type Add<A extends number, B extends number> =
  [B] extends [0] ? A
  : [A] extends [0] ? B
  // (distributive over a union, each member added on its own: `A` and `B` are checked bare)
  : A extends TableNumber
    ? B extends TableNumber
      // (`& number`: the compiler cannot see that a recursion ends in a number, and `7 & number` is 7)
      ? B extends Steps ? AddSteps<A, B> & number : A extends Steps ? AddSteps<B, A> & number : AddFour<Digits4[A], Digits4[B]>
      : AddByDigits<A, B>
  : AddByDigits<A, B>;

/**
 * The sum of a list of sizes, `number` when one is not a literal (split's parts, repeat's counts).
 * (The running total is read through `infer ... extends number`: passed straight on as
 * `SumOf<Rest, Add<Total, First>>`, the compiler proves the sum is a number by walking its every
 * branch each time it checks this declaration, 1.2 s.)
 */
export type SumOf<Sizes extends readonly number[], Total extends number = 0> =
  Sizes extends readonly [infer First extends number, ...infer Rest extends readonly number[]]
    ? (Add<Total, First> extends infer Next extends number ? SumOf<Rest, Next> : never)
    : Total;

/** Up to this many, one `Successor` or `Predecessor` lookup a step is cheaper than the four digits. */
type Steps = 1 | 2 | 3 | 4;
/** `A + B` one step at a time (`B` one of `Steps`). */
type AddSteps<A extends number, B extends number, Count extends 0[] = []> =
  Count["length"] extends B ? A : AddSteps<Successor[A], B, [...Count, 0]>;
/** `max(A - B, 0)` one step at a time (`B` one of `Steps`). */
type MonusSteps<A extends number, B extends number, Count extends 0[] = []> =
  Count["length"] extends B ? A : MonusSteps<Predecessor[A], B, [...Count, 0]>;

/** Two operands of the tables added over their four digits (least significant first), one `DigitSum` lookup each. */
type AddFour<A extends FourDigits, B extends FourDigits> =
  DigitSum[A[0]][B[0]][0] extends [infer C0 extends 0 | 1, infer D0 extends Digit]
    ? DigitSum[A[1]][B[1]][C0] extends [infer C1 extends 0 | 1, infer D1 extends Digit]
      ? DigitSum[A[2]][B[2]][C1] extends [infer C2 extends 0 | 1, infer D2 extends Digit]
        ? DigitSum[A[3]][B[3]][C2] extends [infer C3 extends 0 | 1, infer D3 extends Digit]
          ? [C3, D3] extends [0, 0] ? Group[D2][D1][D0]
          : `${C3 extends 1 ? `1${D3}` : D3}${PaddedGroup[D2][D1][D0]}` extends `${infer Sum extends number}` ? Sum : never
          : never
        : never
      : never
    : never;

type AddByDigits<A extends number, B extends number> =
  Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? FromDigits<AddDigits<X, Y>> : number;

/** `A * B` for non-negative integer literals. */
export type Multiply<A extends number, B extends number> =
  [B] extends [1] ? A
  : [A] extends [1] ? B
  : [A] extends [0] ? 0
  : [B] extends [0] ? 0
  : Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? FromDigits<MulDigits<X, Y>> : number;

/**
 * The product of all sizes: exact for integer literals, `number` when any size is not one.
 * 1s are passed over, and a single size other than 1 is its own product (no digits).
 */
export type Product<S extends readonly number[]> =
  number extends S["length"] ? number : ProductOf<S, never>;
type ProductOf<S extends readonly number[], Acc extends Digits> =
  S extends readonly [infer First extends number, ...infer Rest extends readonly number[]]
    ? [First] extends [1] ? ProductOf<Rest, Acc>
    : [ToDigits<First>] extends [never] ? number
    : [Acc] extends [never]
      ? (Rest extends readonly [] ? First : ProductOf<Rest, ToDigits<First>>)
      : ProductOf<Rest, MulDigits<Acc, ToDigits<First>>>
    : [Acc] extends [never] ? 1 : FromDigits<Acc>;

/**
 * The product of sizes as the size of one merged axis: `Product`, except that one
 * unknown size (`number`, `Dim<"name">`) among 1s is itself, so a `Dim` passes
 * through a reshape or flatten that merges it with nothing but 1s.
 */
export type MergedProduct<S extends readonly number[]> =
  // Read through the sizes' text first, as the computed sizes of types/size.ts are: a size the
  // compiler does not know by value (a type parameter, `FloorDiv<H, 16>`) leaves this first test
  // unresolved, so the merge of `[FloorDiv<H, 16>, FloorDiv<W, 16>]` stays
  // `MergedSize<[FloorDiv<H, 16>, FloorDiv<W, 16>]>` (types/size.ts), equal only to itself, and when the compiler
  // relates it to `number` the arithmetic below sees the text's constraint, `string`, not the
  // expressions (given these, the digit tables related them to every literal: 30,000
  // instantiations for one flatten). Sizes known by value, or at run time only, are read back.
  SizeTexts<S> extends `${infer Text}` ? MergedKnown<S, ParsedSizes<Text>> : never;
/** The sizes' texts, comma-separated. */
export type SizeTexts<S extends readonly number[]> =
  S extends readonly [infer First extends number, ...infer Rest extends readonly number[]] ? (Rest extends readonly [] ? `${First}` : `${First},${SizeTexts<Rest>}`) : "";
/** Comma-separated sizes read back as integer literals, `false` if one is not a literal (`${number}`). */
export type ParsedSizes<Text extends string, Acc extends number[] = []> =
  Text extends "" ? Acc
  : Text extends `${infer Head},${infer Tail}` ? (Head extends `${bigint}` ? ParsedSizes<Tail, [...Acc, ToNumber<Head>]> : false)
  : Text extends `${bigint}` ? [...Acc, ToNumber<Text>] : false;
/** The product of sizes read back as literals; a size known only at run time among 1s passes through. */
export type MergedKnown<S extends readonly number[], Parsed> =
  Parsed extends readonly number[] ? Product<Parsed>
  : WithoutOnes<S> extends readonly [infer Only extends number] ? Only : number;
type WithoutOnes<S extends readonly number[], Acc extends number[] = []> =
  S extends readonly [infer First extends number, ...infer Rest extends readonly number[]]
    ? WithoutOnes<Rest, [First] extends [1] ? Acc : [...Acc, First]>
    : Acc;

// --- comparison, subtraction and division (for reshape's -1) -------------

/** Compares two digit tuples of equal meaning: "lt", "eq" or "gt". Both least significant first. */
type Compare<A extends Digits, B extends Digits> =
  DropHighZeros<A> extends infer X extends Digits
    ? DropHighZeros<B> extends infer Y extends Digits
      ? X["length"] extends Y["length"] ? CompareFromTop<Reverse<X>, Reverse<Y>> : LongerOf<X, Y> extends "a" ? "gt" : "lt"
      : never
    : never;
/** A digit tuple (least significant first) without its high zeros; zero is `[0]`. (Not an axis: types/axis.ts's `Normalize` is.) */
type DropHighZeros<A extends Digits> = A extends [...infer Rest extends Digits, 0] ? (Rest extends [] ? [0] : DropHighZeros<Rest>) : A;
type Reverse<A extends Digits, Acc extends Digits = []> = A extends [infer First extends Digit, ...infer Rest extends Digits] ? Reverse<Rest, [First, ...Acc]> : Acc;
type LongerOf<A extends Digits, B extends Digits> = A extends [Digit, ...infer RestA extends Digits] ? (B extends [Digit, ...infer RestB extends Digits] ? LongerOf<RestA, RestB> : "a") : "b";
type CompareFromTop<A extends Digits, B extends Digits> =
  A extends [infer X extends Digit, ...infer RestA extends Digits]
    ? B extends [infer Y extends Digit, ...infer RestB extends Digits]
      ? X extends Y ? CompareFromTop<RestA, RestB> : DigitLess<X, Y> extends true ? "lt" : "gt"
      : "eq"
    : "eq";
/** `X < Y` for two digits: `X - Y` borrows. */
type DigitLess<X extends Digit, Y extends Digit> = DigitDifference[X][Y][0][0] extends 1 ? true : false;

/** `A - B` for `A >= B`, digits least significant first. */
type SubDigits<A extends Digits, B extends Digits, Borrow extends 0 | 1 = 0, Acc extends Digits = []> =
  A extends [infer X extends Digit, ...infer RestA extends Digits]
    ? (B extends [infer Y extends Digit, ...infer RestB extends Digits] ? [Y, RestB] : [0, []]) extends [infer Y extends Digit, infer RestB extends Digits]
      ? DigitDifference[X][Y][Borrow] extends [infer Out extends 0 | 1, infer D extends Digit] ? SubDigits<RestA, RestB, Out, [...Acc, D]> : never
      : never
    : Acc;

/** Long division, most significant digit first: `[quotient digits (most significant first), remainder]`. */
type LongDivide<Top extends Digits, Divisor extends Digits, Quotient extends Digits = [], Remainder extends Digits = [0]> =
  Top extends [infer Next extends Digit, ...infer Rest extends Digits]
    ? DropHighZeros<[Next, ...Remainder]> extends infer Current extends Digits
      ? QuotientDigit<Current, Divisor, 0> extends [infer Q extends Digit, infer Left extends Digits]
        ? LongDivide<Rest, Divisor, [...Quotient, Q], Left>
        : never
      : never
    : [Quotient, Remainder];

/** The largest digit q with q x Divisor <= Current, and what is left. */
type QuotientDigit<Current extends Digits, Divisor extends Digits, Q extends Digit> =
  Compare<Current, Divisor> extends "lt" ? [Q, Current]
  : Q extends 9 ? [9, Current]
  : QuotientDigit<SubDigits<Current, Divisor>, Divisor, DigitSum[Q][1][0][1]>;

/** Divisors `DivideByDigit` takes: one digit, 2 and up (strides, window sizes, groups). */
type DigitDivisor = 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/**
 * `[floor(A / B), A mod B]` by long division over the decimal text of `A`, one table lookup
 * per digit (`DigitDivision`); `false` when `A` is not a non-negative integer literal (not
 * `never`: see `Known`).
 */
type DivideByDigit<A extends number, B extends DigitDivisor> =
  number extends A ? false
  : `${A}` extends `-${string}` ? false
  : `${A}` extends `${bigint}` ? DivideText<`${A}`, B, 0, "">
  : false;
type DivideText<Text extends string, B extends DigitDivisor, R extends number, Q extends string> =
  Text extends `${infer D extends Digit}${infer Rest}`
    ? DigitDivision[B][R][D] extends [infer Next extends Digit, infer Left extends number] ? DivideText<Rest, B, Left, `${Q}${Next}`> : never
    : [ToNumber<TrimZeros<Q>>, R];

/** `A / B` when `B` divides `A` exactly (non-negative integer literals); `never` when it does not; `number` when unknown. */
export type Quotient<A extends number, B extends number> =
  [B] extends [1] ? A
  : [B] extends [DigitDivisor]
    ? DivideByDigit<A, B> extends [infer Q extends number, infer R] ? ([R] extends [0] ? Q : never) : number
  : [B] extends [keyof DigitFactors] ? ExactByFactors<A, DigitFactors[B]>
  : Known<A, B> extends [infer X extends Digits, infer Y extends Digits]
    ? DropHighZeros<Y> extends [0] ? never
    : LongDivide<Reverse<X>, Y> extends [infer Q extends Digits, infer R extends Digits]
      ? DropHighZeros<R> extends [0] ? FromDigits<Reverse<Q>> : never
      : never
    : number;

// --- clamped subtraction, minimum and ceiling division (for slice sizes) ---

/** `max(A - B, 0)` for non-negative integer literals; `A` when `B` is 0; `number` otherwise. */
export type Monus<A extends number, B extends number> =
  [B] extends [0] ? A
  : A extends TableNumber
    ? B extends TableNumber ? (B extends Steps ? MonusSteps<A, B> & number : MonusFour<Digits4[A], Digits4[B]>) : MonusByDigits<A, B>
  : MonusByDigits<A, B>;

/** `max(A - B, 0)` of two operands of the tables, as `AddFour`: a `DigitDifference` lookup per digit, 0 when the last borrows. */
type MonusFour<A extends FourDigits, B extends FourDigits> =
  DigitDifference[A[0]][B[0]][0] extends [infer B0 extends 0 | 1, infer D0 extends Digit]
    ? DigitDifference[A[1]][B[1]][B0] extends [infer B1 extends 0 | 1, infer D1 extends Digit]
      ? DigitDifference[A[2]][B[2]][B1] extends [infer B2 extends 0 | 1, infer D2 extends Digit]
        ? DigitDifference[A[3]][B[3]][B2] extends [infer B3 extends 0 | 1, infer D3 extends Digit]
          ? B3 extends 1 ? 0
          : D3 extends 0 ? Group[D2][D1][D0]
          : `${D3}${PaddedGroup[D2][D1][D0]}` extends `${infer Difference extends number}` ? Difference : never
          : never
        : never
      : never
    : never;

type MonusByDigits<A extends number, B extends number> =
  Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? (Compare<X, Y> extends "gt" ? FromDigits<SubDigits<X, Y>> : 0) : number;

/** `min(A, B)` for non-negative integer literals; `number` otherwise. */
export type Min<A extends number, B extends number> =
  Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? (Compare<X, Y> extends "gt" ? B : A) : number;

/** `floor(A / B)` for a non-negative integer literal `A` and a positive one `B`; `A` when `B` is 1; `number` otherwise. */
export type FloorQuotient<A extends number, B extends number> =
  [B] extends [1] ? A
  // (one digit: a lookup per digit of A's text; more, the long division)
  : [B] extends [DigitDivisor] ? (DivideByDigit<A, B> extends [infer Q extends number, unknown] ? Q : number)
  : [B] extends [keyof DigitFactors] ? FloorByFactors<A, DigitFactors[B]>
  : Known<A, B> extends [infer X extends Digits, infer Y extends Digits]
    ? DropHighZeros<Y> extends [0] ? number
    : LongDivide<Reverse<X>, Y> extends [infer Q extends Digits, Digits] ? FromDigits<Reverse<Q>> : number
    : number;

/** `ceil(A / B)` for a non-negative integer literal `A` and a positive one `B`; `A` when `B` is 1; `number` otherwise. */
export type CeilQuotient<A extends number, B extends number> =
  [B] extends [1] ? A
  // (halving the sizes most programs use, by table: the long division costs hundreds of instantiations)
  : [B] extends [2] ? ([A] extends [TableNumber] ? HalvesUp[A] : CeilQuotientByDigit<A, 2>)
  : [B] extends [DigitDivisor] ? CeilQuotientByDigit<A, B>
  : [B] extends [keyof DigitFactors] ? CeilByFactors<A, DigitFactors[B]>
  : CeilQuotientDigits<A, B>;

/**
 * Division by a divisor of one-digit factors (`DigitFactors`, ./tables.ts), one factor at a
 * time: `floor(floor(a / x) / y)` is `floor(a / (x * y))`, and so for ceil, and a division is
 * exact when each step is. Each step a lookup per digit of A (`DivideByDigit`); the long
 * division of `LongDivide` costs hundreds of instantiations a digit (a 16 by 16 patch grid of
 * a 224 image, `FloorDiv<224, 14>`, took some 2,500).
 */
type FloorByFactors<A extends number, Factors> =
  Factors extends readonly [infer F extends DigitDivisor, ...infer Rest] ? (DivideByDigit<A, F> extends [infer Q extends number, unknown] ? FloorByFactors<Q, Rest> : number) : A;
type CeilByFactors<A extends number, Factors> =
  Factors extends readonly [infer F extends DigitDivisor, ...infer Rest] ? (CeilQuotientByDigit<A, F> extends infer Q extends number ? CeilByFactors<Q, Rest> : number) : A;
type ExactByFactors<A extends number, Factors> =
  Factors extends readonly [infer F extends DigitDivisor, ...infer Rest]
    ? (DivideByDigit<A, F> extends [infer Q extends number, infer R] ? ([R] extends [0] ? ExactByFactors<Q, Rest> : never) : number)
    : A;

/** `ceil(A / B)` for a one-digit divisor. */
type CeilQuotientByDigit<A extends number, B extends DigitDivisor> =
  DivideByDigit<A, B> extends [infer Q extends number, infer R] ? ([R] extends [0] ? Q : Add<Q, 1>) : number;

/** `ceil(A / B)` by long division. */
type CeilQuotientDigits<A extends number, B extends number> =
  Known<A, B> extends [infer X extends Digits, infer Y extends Digits]
    ? DropHighZeros<Y> extends [0] ? number
    : LongDivide<Reverse<X>, Y> extends [infer Q extends Digits, infer R extends Digits]
      ? DropHighZeros<R> extends [0] ? FromDigits<Reverse<Q>> : FromDigits<AddDigits<Reverse<Q>, [1]>>
      : number
    : number;

