/**
 * The shape of a nested array literal, read off its type: what `tensor()`
 * infers from `[[1, 2, 3], [4, 5, 6]]`. A ragged literal has no shape: its
 * type-level result is an error with the same message the runtime throws
 * (src/shape/nested.ts, the runtime twin, writes it with the message types here).
 *
 * @example
 * NestedShape<[[1, 2, 3], [4, 5, 6]]>   //=> [2, 3]
 * NestedShape<7>                        //=> []
 * NestedShape<number[][]>               //=> [number, number]
 * ErrorMessage<NestedShape<[[1, 2], [3]]>>
 * //=> "tensor: ragged data: data[1] has 1 elements but data[0] has 2 (every row of an axis must have the same length)"
 */
import type { ShapeTypeError } from "./errors.js";

/** Numbers or booleans nested in arrays, as `tensor()` takes them. */
export type NestedData = number | boolean | readonly NestedData[];

/**
 * Shape of the first element at every level (tail-recursive). Stops at depth
 * 32 with an unknown rank: the element type of a generic `NestedData` nests
 * without end, and the compiler evaluates it when checking declarations.
 */
type FirstPath<Data, Acc extends number[]> =
  Acc["length"] extends 32 ? number[]
  : Data extends readonly unknown[] ? (Data["length"] extends 0 ? [...Acc, 0] : FirstPath<Data[0], [...Acc, Data["length"]]>)
  : Acc;

/**
 * `true` when every element at every level agrees with the first path, else
 * the message for the first place that does not (the runtime's text).
 * `Path` is the index path so far, as the message spells it.
 */
type CheckRegular<Data, Shape extends readonly number[], Path extends string> =
  Shape extends readonly [infer Length extends number, ...infer Rest extends number[]]
    ? Data extends readonly unknown[]
      ? number extends Data["length"] ? true // a dynamic array: checked at run time
      : [Data["length"]] extends [Length]
        ? CheckElements<Data, Rest, Path, []>
        : Ragged<Path, `has ${Data["length"]} elements`, Length>
      : Ragged<Path, `is ${Describe<Data>}`, Length>
    : Data extends number | boolean ? true
    : NestedLeafMessage<Path, Describe<Data>>;

/** An element that is neither a number nor a boolean: twin of `writeNestedLeaf` in src/shape/nested.ts. */
export type NestedLeafMessage<Path extends string, Got extends string> = `tensor: data${Path} must be a number or a boolean, got ${Got}`;

/**
 * A row whose length differs from the first row's (`First`, the same path
 * with its last index 0): twin of `writeRagged` in src/shape/nested.ts.
 */
export type RaggedMessage<Path extends string, Found extends string, First extends string, Length extends number> =
  `tensor: ragged data: data${Path} ${Found} but data${First} has ${Length} (every row of an axis must have the same length)`;

/**
 * Numbers after booleans or the other way round: twin of `writeNestedMixed` in
 * src/shape/nested.ts. The type rule does not compare the kinds of elements,
 * so only the runtime says it.
 */
export type NestedMixedMessage<Path extends string, Kind extends string, Earlier extends string> =
  `tensor: data${Path} is a ${Kind}, but earlier elements are ${Earlier}s`;

type Ragged<Path extends string, Found extends string, Length extends number> = RaggedMessage<Path, Found, ZeroLast<Path>, Length>;

/** How the runtime describes a value in a message. */
type Describe<Value> =
  Value extends readonly unknown[] ? "an array"
  : Value extends number ? `number ${Value}`
  : Value extends boolean ? `boolean ${Value}`
  : Value extends string ? `"${Value}"`
  : "an object";

type CheckElements<Data extends readonly unknown[], Rest extends number[], Path extends string, Index extends unknown[]> =
  Index["length"] extends Data["length"] ? true
  : CheckRegular<Data[Index["length"]], Rest, `${Path}[${Index["length"]}]`> extends infer Result
    ? Result extends true ? CheckElements<Data, Rest, Path, [...Index, unknown]> : Result
    : never;

/** `"[1][2]"` with its last index made `[0]`: the row the ragged one is compared with. */
type ZeroLast<Path extends string> =
  Path extends `[${infer Index}]${infer Rest}` ? (Rest extends "" ? "[0]" : `[${Index}]${ZeroLast<Rest>}`) : Path;

export type NestedShape<Data> =
  FirstPath<Data, []> extends infer Shape extends number[]
    ? CheckRegular<Data, Shape, ""> extends infer Result
      ? Result extends true ? Shape : ShapeTypeError<Result & string>
      : never
    : never;

/** The dtype `tensor()` gives nested data without a dtype option: bool for booleans, else float32. */
export type NestedDType<Data, Depth extends unknown[] = []> =
  Depth["length"] extends 32 ? "float32" // see FirstPath
  : Data extends readonly unknown[] ? NestedDType<Data[number], [...Depth, unknown]>
  : Data extends boolean ? "bool"
  : "float32";
