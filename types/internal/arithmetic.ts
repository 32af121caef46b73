/**
 * Exact decimal arithmetic on number literals, for element counts: products
 * of real sizes (224 x 224 x 3 = 150528) are far beyond what tuple lengths
 * can count (TS2799 above ~10k). Numbers are split into digit tuples, least
 * significant first, and combined with 10 x 10 lookup tables; every recursion
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

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Digits = Digit[];

/** `AddTable[a][b]`: `[carry, digit]` of `a + b`. */
type AddTable = [
  [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9]],
  [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9], [1, 0]],
  [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9], [1, 0], [1, 1]],
  [[0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9], [1, 0], [1, 1], [1, 2]],
  [[0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9], [1, 0], [1, 1], [1, 2], [1, 3]],
  [[0, 5], [0, 6], [0, 7], [0, 8], [0, 9], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4]],
  [[0, 6], [0, 7], [0, 8], [0, 9], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5]],
  [[0, 7], [0, 8], [0, 9], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6]],
  [[0, 8], [0, 9], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7]],
  [[0, 9], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [1, 7], [1, 8]],
];

/** `MulTable[a][b]`: `[carry, digit]` of `a * b`. */
type MulTable = [
  [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
  [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9]],
  [[0, 0], [0, 2], [0, 4], [0, 6], [0, 8], [1, 0], [1, 2], [1, 4], [1, 6], [1, 8]],
  [[0, 0], [0, 3], [0, 6], [0, 9], [1, 2], [1, 5], [1, 8], [2, 1], [2, 4], [2, 7]],
  [[0, 0], [0, 4], [0, 8], [1, 2], [1, 6], [2, 0], [2, 4], [2, 8], [3, 2], [3, 6]],
  [[0, 0], [0, 5], [1, 0], [1, 5], [2, 0], [2, 5], [3, 0], [3, 5], [4, 0], [4, 5]],
  [[0, 0], [0, 6], [1, 2], [1, 8], [2, 4], [3, 0], [3, 6], [4, 2], [4, 8], [5, 4]],
  [[0, 0], [0, 7], [1, 4], [2, 1], [2, 8], [3, 5], [4, 2], [4, 9], [5, 6], [6, 3]],
  [[0, 0], [0, 8], [1, 6], [2, 4], [3, 2], [4, 0], [4, 8], [5, 6], [6, 4], [7, 2]],
  [[0, 0], [0, 9], [1, 8], [2, 7], [3, 6], [4, 5], [5, 4], [6, 3], [7, 2], [8, 1]],
];

/** The digits of a non-negative integer literal, least significant first; `never` for anything else. */
type ToDigits<Value extends number> =
  number extends Value ? never : `${Value}` extends `${bigint}` ? (`${Value}` extends `-${string}` ? never : Split<`${Value}`, []>) : never;
type Split<Text extends string, Acc extends Digits> =
  Text extends `${infer First extends Digit}${infer Rest}` ? Split<Rest, [First, ...Acc]> : Acc;

/** Back to a number literal (leading zeros dropped); `number` when the text is not an exact double. */
type FromDigits<Value extends Digits, Text extends string = ""> =
  Value extends [infer First extends Digit, ...infer Rest extends Digits] ? FromDigits<Rest, `${First}${Text}`> : ToNumber<TrimZeros<Text>>;
type TrimZeros<Text extends string> = Text extends `0${infer Rest}` ? (Rest extends "" ? "0" : TrimZeros<Rest>) : Text extends "" ? "0" : Text;
type ToNumber<Text extends string> = Text extends `${infer Value extends number}` ? (`${Value}` extends Text ? Value : number) : number;

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

/** `a + b + carry` for one digit place: `[carry, digit]`. */
type AddDigit<A extends Digit, B extends Digit, Carry extends 0 | 1> =
  AddTable[A][B] extends [infer C1 extends 0 | 1, infer D1 extends Digit]
    ? AddTable[D1][Carry] extends [infer C2 extends 0 | 1, infer D2 extends Digit]
      ? [AddTable[C1][C2][1], D2]
      : never
    : never;

type AddDigits<A extends Digits, B extends Digits, Carry extends 0 | 1 = 0, Acc extends Digits = []> =
  A extends [infer X extends Digit, ...infer RestA extends Digits]
    ? B extends [infer Y extends Digit, ...infer RestB extends Digits]
      ? AddDigit<X, Y, Carry> extends [infer C extends 0 | 1, infer D extends Digit] ? AddDigits<RestA, RestB, C, [...Acc, D]> : never
      : AddDigit<X, 0, Carry> extends [infer C extends 0 | 1, infer D extends Digit] ? AddDigits<RestA, [], C, [...Acc, D]> : never
    : B extends [infer Y extends Digit, ...infer RestB extends Digits]
      ? AddDigit<0, Y, Carry> extends [infer C extends 0 | 1, infer D extends Digit] ? AddDigits<[], RestB, C, [...Acc, D]> : never
      : Carry extends 1 ? [...Acc, 1] : Acc;

/** Digits times one digit. */
type MulDigit<A extends Digits, D extends Digit, Carry extends Digit = 0, Acc extends Digits = []> =
  A extends [infer X extends Digit, ...infer Rest extends Digits]
    ? MulTable[X][D] extends [infer High extends Digit, infer Low extends Digit]
      ? AddDigit<Low, Carry, 0> extends [infer C extends 0 | 1, infer Out extends Digit]
        ? MulDigit<Rest, D, AddTable[High][C][1], [...Acc, Out]>
        : never
      : never
    : Carry extends 0 ? Acc : [...Acc, Carry];

/** Schoolbook multiplication, one digit of B at a time, shifted by its place. */
type MulDigits<A extends Digits, B extends Digits, Shift extends 0[] = [], Acc extends Digits = [0]> =
  B extends [infer D extends Digit, ...infer Rest extends Digits]
    ? MulDigits<A, Rest, [...Shift, 0], AddDigits<Acc, [...Shift, ...MulDigit<A, D>]>>
    : Acc;

/** `A + B` for non-negative integer literals; `number` when either is not one. */
export type Add<A extends number, B extends number> =
  [B] extends [0] ? A
  : [A] extends [0] ? B
  : Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? FromDigits<AddDigits<X, Y>> : number;

/** `A * B` for non-negative integer literals. */
export type Multiply<A extends number, B extends number> =
  [B] extends [1] ? A
  : [A] extends [1] ? B
  : [A] extends [0] ? 0
  : [B] extends [0] ? 0
  : Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? FromDigits<MulDigits<X, Y>> : number;

/** The product of all sizes: exact for integer literals, `number` when any size is not one. */
export type Product<S extends readonly number[], Acc extends Digits = [1]> =
  number extends S["length"] ? number
  : S extends readonly [infer First extends number, ...infer Rest extends readonly number[]]
    ? [ToDigits<First>] extends [never] ? number : Product<Rest, MulDigits<Acc, ToDigits<First>>>
    : FromDigits<Acc>;

/**
 * The product of sizes as the size of one merged axis: `Product`, except that one
 * unknown size (`number`, `Dim<"name">`) among 1s is itself, so a `Dim` passes
 * through a reshape or flatten that merges it with nothing but 1s.
 */
export type MergedSize<S extends readonly number[]> = WithoutOnes<S> extends readonly [infer Only extends number] ? Only : Product<S>;
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
type DigitLess<X extends Digit, Y extends Digit> = X extends Y ? false : AddTable[X][SubtractDigitTable[Y][X]] extends [0, Y] ? true : false;
/** `SubtractDigitTable[a][b]`: `(a - b) mod 10`. */
type SubtractDigitTable = [
  [0, 9, 8, 7, 6, 5, 4, 3, 2, 1],
  [1, 0, 9, 8, 7, 6, 5, 4, 3, 2],
  [2, 1, 0, 9, 8, 7, 6, 5, 4, 3],
  [3, 2, 1, 0, 9, 8, 7, 6, 5, 4],
  [4, 3, 2, 1, 0, 9, 8, 7, 6, 5],
  [5, 4, 3, 2, 1, 0, 9, 8, 7, 6],
  [6, 5, 4, 3, 2, 1, 0, 9, 8, 7],
  [7, 6, 5, 4, 3, 2, 1, 0, 9, 8],
  [8, 7, 6, 5, 4, 3, 2, 1, 0, 9],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];

/** `A - B` for `A >= B`, digits least significant first. */
type SubDigits<A extends Digits, B extends Digits, Borrow extends 0 | 1 = 0, Acc extends Digits = []> =
  A extends [infer X extends Digit, ...infer RestA extends Digits]
    ? (B extends [infer Y extends Digit, ...infer RestB extends Digits] ? [Y, RestB] : [0, []]) extends [infer Y extends Digit, infer RestB extends Digits]
      ? AddDigit<Y, Borrow, 0> extends [infer Carry extends 0 | 1, infer Take extends Digit]
        // subtract Y + borrow (as a carry-and-digit) from X
        ? Carry extends 1 // Y was 9 and borrow 1: subtract 10, i.e. keep X and borrow 1
          ? SubDigits<RestA, RestB, 1, [...Acc, X]>
          : SubDigits<RestA, RestB, DigitLess<X, Take> extends true ? 1 : 0, [...Acc, SubtractDigitTable[X][Take]]>
        : never
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
  : QuotientDigit<SubDigits<Current, Divisor>, Divisor, AddTable[Q][1][1]>;

/** `A / B` when `B` divides `A` exactly (non-negative integer literals); `never` when it does not; `number` when unknown. */
export type Quotient<A extends number, B extends number> =
  [B] extends [1] ? A
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
  : Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? (Compare<X, Y> extends "gt" ? FromDigits<SubDigits<X, Y>> : 0) : number;

/** `min(A, B)` for non-negative integer literals; `number` otherwise. */
export type Min<A extends number, B extends number> =
  Known<A, B> extends [infer X extends Digits, infer Y extends Digits] ? (Compare<X, Y> extends "gt" ? B : A) : number;

/** `ceil(A / B)` for a non-negative integer literal `A` and a positive one `B`; `A` when `B` is 1; `number` otherwise. */
export type CeilQuotient<A extends number, B extends number> =
  [B] extends [1] ? A
  // (halving the sizes most programs use, by table: the long division costs hundreds of instantiations)
  : [B] extends [2] ? ([A] extends [SmallDividend] ? HalvesUp[A] : CeilQuotientDigits<A, B>)
  : CeilQuotientDigits<A, B>;

/** `ceil(A / B)` by long division. */
type CeilQuotientDigits<A extends number, B extends number> =
  Known<A, B> extends [infer X extends Digits, infer Y extends Digits]
    ? DropHighZeros<Y> extends [0] ? number
    : LongDivide<Reverse<X>, Y> extends [infer Q extends Digits, infer R extends Digits]
      ? DropHighZeros<R> extends [0] ? FromDigits<Reverse<Q>> : FromDigits<AddDigits<Reverse<Q>, [1]>>
      : number
    : number;

/** The dividends `CeilQuotient` halves by table: 0 to 512. */
type SmallDividend = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23 | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31 | 32 | 33 | 34 | 35 | 36 | 37 | 38 | 39 | 40 | 41 | 42 | 43 | 44 | 45 | 46 | 47 | 48 | 49 | 50 | 51 | 52 | 53 | 54 | 55 | 56 | 57 | 58 | 59 | 60 | 61 | 62 | 63 | 64 | 65 | 66 | 67 | 68 | 69 | 70 | 71 | 72 | 73 | 74 | 75 | 76 | 77 | 78 | 79 | 80 | 81 | 82 | 83 | 84 | 85 | 86 | 87 | 88 | 89 | 90 | 91 | 92 | 93 | 94 | 95 | 96 | 97 | 98 | 99 | 100 | 101 | 102 | 103 | 104 | 105 | 106 | 107 | 108 | 109 | 110 | 111 | 112 | 113 | 114 | 115 | 116 | 117 | 118 | 119 | 120 | 121 | 122 | 123 | 124 | 125 | 126 | 127 | 128 | 129 | 130 | 131 | 132 | 133 | 134 | 135 | 136 | 137 | 138 | 139 | 140 | 141 | 142 | 143 | 144 | 145 | 146 | 147 | 148 | 149 | 150 | 151 | 152 | 153 | 154 | 155 | 156 | 157 | 158 | 159 | 160 | 161 | 162 | 163 | 164 | 165 | 166 | 167 | 168 | 169 | 170 | 171 | 172 | 173 | 174 | 175 | 176 | 177 | 178 | 179 | 180 | 181 | 182 | 183 | 184 | 185 | 186 | 187 | 188 | 189 | 190 | 191 | 192 | 193 | 194 | 195 | 196 | 197 | 198 | 199 | 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 209 | 210 | 211 | 212 | 213 | 214 | 215 | 216 | 217 | 218 | 219 | 220 | 221 | 222 | 223 | 224 | 225 | 226 | 227 | 228 | 229 | 230 | 231 | 232 | 233 | 234 | 235 | 236 | 237 | 238 | 239 | 240 | 241 | 242 | 243 | 244 | 245 | 246 | 247 | 248 | 249 | 250 | 251 | 252 | 253 | 254 | 255 | 256 | 257 | 258 | 259 | 260 | 261 | 262 | 263 | 264 | 265 | 266 | 267 | 268 | 269 | 270 | 271 | 272 | 273 | 274 | 275 | 276 | 277 | 278 | 279 | 280 | 281 | 282 | 283 | 284 | 285 | 286 | 287 | 288 | 289 | 290 | 291 | 292 | 293 | 294 | 295 | 296 | 297 | 298 | 299 | 300 | 301 | 302 | 303 | 304 | 305 | 306 | 307 | 308 | 309 | 310 | 311 | 312 | 313 | 314 | 315 | 316 | 317 | 318 | 319 | 320 | 321 | 322 | 323 | 324 | 325 | 326 | 327 | 328 | 329 | 330 | 331 | 332 | 333 | 334 | 335 | 336 | 337 | 338 | 339 | 340 | 341 | 342 | 343 | 344 | 345 | 346 | 347 | 348 | 349 | 350 | 351 | 352 | 353 | 354 | 355 | 356 | 357 | 358 | 359 | 360 | 361 | 362 | 363 | 364 | 365 | 366 | 367 | 368 | 369 | 370 | 371 | 372 | 373 | 374 | 375 | 376 | 377 | 378 | 379 | 380 | 381 | 382 | 383 | 384 | 385 | 386 | 387 | 388 | 389 | 390 | 391 | 392 | 393 | 394 | 395 | 396 | 397 | 398 | 399 | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417 | 418 | 419 | 420 | 421 | 422 | 423 | 424 | 425 | 426 | 427 | 428 | 429 | 430 | 431 | 432 | 433 | 434 | 435 | 436 | 437 | 438 | 439 | 440 | 441 | 442 | 443 | 444 | 445 | 446 | 447 | 448 | 449 | 450 | 451 | 452 | 453 | 454 | 455 | 456 | 457 | 458 | 459 | 460 | 461 | 462 | 463 | 464 | 465 | 466 | 467 | 468 | 469 | 470 | 471 | 472 | 473 | 474 | 475 | 476 | 477 | 478 | 479 | 480 | 481 | 482 | 483 | 484 | 485 | 486 | 487 | 488 | 489 | 490 | 491 | 492 | 493 | 494 | 495 | 496 | 497 | 498 | 499 | 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 509 | 510 | 511 | 512;
/** `ceil(n / 2)` for n from 0 to 512. */
type HalvesUp = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 31, 32, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37, 38, 38, 39, 39, 40, 40, 41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47, 47, 48, 48, 49, 49, 50, 50, 51, 51, 52, 52, 53, 53, 54, 54, 55, 55, 56, 56, 57, 57, 58, 58, 59, 59, 60, 60, 61, 61, 62, 62, 63, 63, 64, 64, 65, 65, 66, 66, 67, 67, 68, 68, 69, 69, 70, 70, 71, 71, 72, 72, 73, 73, 74, 74, 75, 75, 76, 76, 77, 77, 78, 78, 79, 79, 80, 80, 81, 81, 82, 82, 83, 83, 84, 84, 85, 85, 86, 86, 87, 87, 88, 88, 89, 89, 90, 90, 91, 91, 92, 92, 93, 93, 94, 94, 95, 95, 96, 96, 97, 97, 98, 98, 99, 99, 100, 100, 101, 101, 102, 102, 103, 103, 104, 104, 105, 105, 106, 106, 107, 107, 108, 108, 109, 109, 110, 110, 111, 111, 112, 112, 113, 113, 114, 114, 115, 115, 116, 116, 117, 117, 118, 118, 119, 119, 120, 120, 121, 121, 122, 122, 123, 123, 124, 124, 125, 125, 126, 126, 127, 127, 128, 128, 129, 129, 130, 130, 131, 131, 132, 132, 133, 133, 134, 134, 135, 135, 136, 136, 137, 137, 138, 138, 139, 139, 140, 140, 141, 141, 142, 142, 143, 143, 144, 144, 145, 145, 146, 146, 147, 147, 148, 148, 149, 149, 150, 150, 151, 151, 152, 152, 153, 153, 154, 154, 155, 155, 156, 156, 157, 157, 158, 158, 159, 159, 160, 160, 161, 161, 162, 162, 163, 163, 164, 164, 165, 165, 166, 166, 167, 167, 168, 168, 169, 169, 170, 170, 171, 171, 172, 172, 173, 173, 174, 174, 175, 175, 176, 176, 177, 177, 178, 178, 179, 179, 180, 180, 181, 181, 182, 182, 183, 183, 184, 184, 185, 185, 186, 186, 187, 187, 188, 188, 189, 189, 190, 190, 191, 191, 192, 192, 193, 193, 194, 194, 195, 195, 196, 196, 197, 197, 198, 198, 199, 199, 200, 200, 201, 201, 202, 202, 203, 203, 204, 204, 205, 205, 206, 206, 207, 207, 208, 208, 209, 209, 210, 210, 211, 211, 212, 212, 213, 213, 214, 214, 215, 215, 216, 216, 217, 217, 218, 218, 219, 219, 220, 220, 221, 221, 222, 222, 223, 223, 224, 224, 225, 225, 226, 226, 227, 227, 228, 228, 229, 229, 230, 230, 231, 231, 232, 232, 233, 233, 234, 234, 235, 235, 236, 236, 237, 237, 238, 238, 239, 239, 240, 240, 241, 241, 242, 242, 243, 243, 244, 244, 245, 245, 246, 246, 247, 247, 248, 248, 249, 249, 250, 250, 251, 251, 252, 252, 253, 253, 254, 254, 255, 255, 256, 256];
