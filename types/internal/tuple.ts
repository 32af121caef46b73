/**
 * Small tuple arithmetic for ranks and axes (numbers up to a few dozen).
 * Never used for sizes: those are compared as literals, never counted.
 * Not exported from the package.
 */

/** The indices of a tuple as a union: `Indices<[7, 8, 9]>` is `0 | 1 | 2`. No recursion. */
export type Indices<Tuple extends readonly unknown[]> = Exclude<Partial<Tuple>["length"], Tuple["length"]>;

/** A tuple of `Length` unknowns; tail-recursive, cached per length. */
export type Counter<Length extends number, Acc extends unknown[] = []> =
  Acc["length"] extends Length ? Acc : Counter<Length, [...Acc, unknown]>;

/** `Value + 1`, for small non-negative integers. */
export type Increment<Value extends number> =
  // pass the recursive result through `infer` so the compiler does not compare it structurally (TS2321)
  Counter<Value> extends infer Count extends unknown[] ? [...Count, unknown]["length"] & number : never;

/** The integers below `Value`: `Below<3>` is `0 | 1 | 2`. */
export type Below<Value extends number> = Indices<Counter<Value>>;

/** The same tuple with every element replaced: used as a length-only pattern in `infer`. */
export type Unknowns<Tuple extends readonly unknown[]> = { [Key in keyof Tuple]: unknown };

/** A tuple of 1s as long as `Tuple`: the padding of NumPy's right alignment. */
export type Ones<Tuple extends readonly unknown[]> = { [Key in keyof Tuple]: 1 };

/** `Left - Right` for `Right <= Left`, as a tuple length; `never` otherwise. */
export type Subtract<Left extends number, Right extends number> =
  Counter<Left> extends [...Counter<Right>, ...infer Rest] ? Rest["length"] : never;
