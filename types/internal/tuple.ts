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

/** `[0, 1, ..., Length - 1]`. */
export type Iota<Length extends number, Acc extends number[] = []> =
  Acc["length"] extends Length ? Acc : Iota<Length, [...Acc, Acc["length"]]>;

/** Every strictly increasing tuple of the given axes (their subsets, in order), as a union. */
type AxisSubsets<Axes extends readonly number[]> =
  Axes extends readonly [infer First extends number, ...infer Rest extends number[]]
    ? AxisSubsets<Rest> | PrependEach<First, AxisSubsets<Rest>>
    : readonly [];
type PrependEach<First extends number, Tails> = Tails extends readonly number[] ? readonly [First, ...Tails] : never;

/**
 * Every strictly increasing tuple of axes of a rank-`Rank` shape, for ranks up
 * to 8 (256 tuples); `never` above. Computed once per rank and cached by the
 * compiler, so checking broadcast dimensions against it is one assignability test.
 */
export type IncreasingAxes<Rank extends number> =
  Rank extends 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 ? AxisSubsets<Iota<Rank>> : never;

/**
 * Every strictly increasing tuple of `Length` entries taken from `Axes`, in
 * lexicographic order: `Combinations<[0, 1, 2], [unknown, unknown]>` is
 * `[[0, 1], [0, 2], [1, 2]]`. Used for ranks up to 8 (at most 70 entries),
 * computed once per rank and length.
 */
export type Combinations<Axes extends readonly number[], Length extends readonly unknown[]> =
  Length extends readonly [unknown, ...infer Shorter]
    ? Axes extends readonly [infer First extends number, ...infer Rest extends number[]]
      ? Combinations<Rest, Shorter> extends infer WithFirst extends number[][]
        ? Combinations<Rest, Length> extends infer WithoutFirst extends number[][]
          ? [...PrependAll<First, WithFirst>, ...WithoutFirst]
          : never
        : never
      : []
    : [[]];
type PrependAll<First extends number, Lists extends number[][]> = { [Key in keyof Lists]: [First, ...Lists[Key]] };

