/**
 * In-dim broadcasting, shared by xla's `broadcastDimensions` and broadcast-to's
 * `axesMapping`: each axis of the lower-rank shape is placed on a named axis
 * of the other, and a misfit lists the maps that would fit. The twin of
 * src/shape/broadcast/in-dim.ts.
 */
import type { WriteAxisMismatch, WriteDimsFix, WriteDimsLength, WriteDimsOrder, WriteDimsRange, WriteMissingDims } from "../errors.js";
import type {
  CandidateFitsByRank,
  CompatibleAxesByRank,
  InDimSize,
  InDimSizesByRank,
  OnesOf,
  SmallRank,
  Successor,
  UnchangedByRank,
} from "../internal/by-rank.js";
import type { FirstFailure, FirstMatch, FitsOneWay, FitsTwoWay } from "../internal/sizes.js";
import type { Below, Combinations, Counter, IncreasingAxes, Increment, Indices, Iota } from "../internal/tuple.js";
import type { Shape } from "../shape.js";
import type { Failure } from "./common.js";

type InDimKind = "xla" | "explicit";
type Rule = "two-way" | "one-way";
/** Per kind: the spec field, whose rank it must match, and the size rule. */
interface InDimKinds {
  xla: { field: "broadcastDimensions"; whose: "the lower"; rule: "two-way" };
  explicit: { field: "axesMapping"; whose: "the input's"; rule: "one-way" };
}
type FieldName<Kind extends InDimKind> = InDimKinds[Kind]["field"];
type RuleOf<Kind extends InDimKind> = InDimKinds[Kind]["rule"];

/** Per entry of `Dims`: the result size on axis `Dims[i]`, or why the entry fails. */
type InDimEntries<RuleName extends Rule, Low extends Shape, High extends Shape, Dims extends Shape, Previous extends Shape, AIsHigh> = {
  -readonly [Key in keyof Dims]: `${Dims[Key]}` extends keyof High // an axis of High? (also rejects -1 and 1.5)
    // `Previous` is Dims shifted right by one, `never` first: `never extends` anything holds
    ? Previous[Key & keyof Previous] extends Below<Dims[Key]>
      ? InDimSize<RuleName, Low[Key & keyof Low], High[Dims[Key] & keyof High], AIsHigh>
      : ["order"]
    : ["range"];
};

/** High's shape with the sizes of the mapped axes replaced by their broadcast sizes. */
type InDimResult<High extends Shape, Dims extends Shape, Sizes> = InDimPlace<
  High,
  // (numeric indices: a key-remapped mapped type over a tuple would walk all its methods too)
  { [Index in Indices<Dims> as `${Dims[Index & keyof Dims] & number}`]: Sizes[Index & keyof Sizes] }
>;
type InDimPlace<High extends Shape, ByAxis> = {
  -readonly [Key in keyof High]: Key extends keyof ByAxis ? ByAxis[Key] : High[Key];
};

export type InDim<Kind extends InDimKind, Low extends Shape, High extends Shape, AIsHigh extends boolean, Dims> =
  Dims extends Shape
    ? Dims["length"] extends Low["length"]
      // fast path: valid axes and no size to change, so the result is High itself
      ? Dims extends IncreasingAxes<High["length"]>
        ? UnchangedByRank<Low, High, Dims> extends true // (Dims has at most 8 entries here)
          ? [...High]
          // valid axes: only the sizes can fail
          : InDimChecked<Kind, Low, High, Dims, InDimSizesByRank<RuleOf<Kind>, Low, High, Dims, AIsHigh>, false>
        : InDimChecked<Kind, Low, High, Dims, InDimEntries<RuleOf<Kind>, Low, High, Dims, [never, ...Dims], AIsHigh>, true>
      : Failure<WriteDimsLength<FieldName<Kind>, Dims, InDimKinds[Kind]["whose"], Low["length"]>, DimsFix<Kind, Low, High>>
    // only xla leaves the dims out; the ranks read in operand order
    : Failure<
        AIsHigh extends true ? WriteMissingDims<High["length"], Low["length"]> : WriteMissingDims<Low["length"], High["length"]>,
        DimsFix<Kind, Low, High>
      >;

/** `MayBeMalformed`: the entries may hold range or order failures, not only sizes. */
type InDimChecked<Kind extends InDimKind, Low extends Shape, High extends Shape, Dims extends Shape, Entries, MayBeMalformed extends boolean> =
  Entries extends readonly unknown[]
    ? Entries[number] extends number ? InDimResult<High, Dims, Entries>
    // a malformed entry anywhere is reported before any size that does not fit
    : (MayBeMalformed extends true
        ? FirstMatch<Entries, ["range"] | ["order"]> extends [infer Index, infer Why] ? [Index, Why] : FirstFailure<Entries>
        : FirstFailure<Entries>) extends [
        infer Index,
        infer Why,
      ]
      ? Failure<InDimDetail<FieldName<Kind>, Index, Dims, High, Why>, DimsFix<Kind, Low, High>>
      : never
  : never;

type InDimDetail<Field extends string, Index, Dims extends Shape, High extends Shape, Why> =
  Why extends ["range"] ? WriteDimsRange<Field, Index, Dims[Index & keyof Dims], High["length"]>
  : Why extends ["order"] ? WriteDimsOrder<Field, Dims, Index>
  : Why extends ["size", infer X, infer Y] ? WriteAxisMismatch<Dims[Index & keyof Dims], X, Y>
  : never;

type DimsFix<Kind extends InDimKind, Low extends Shape, High extends Shape> =
  ValidAxisMaps<RuleOf<Kind>, Low, High> extends infer Maps extends readonly Shape[] ? WriteDimsFix<FieldName<Kind>, Maps> : never;

// ===========================================================================
// The fix list: strictly increasing maps of Low's axes onto High's axes under
// which all sizes fit, in lexicographic order, at most 7 (one past the cap
// of 6 shown). Mirrors `validAxisMaps` in src/shape/broadcast/in-dim.ts.
// ===========================================================================

export type ValidAxisMaps<RuleName extends Rule, Low extends Shape, High extends Shape> =
  High["length"] extends SmallRank
    ? FilterMaps<Combinations<Iota<High["length"]>, OnesOf[Low["length"] & SmallRank]>, CompatibleAxesByRank<RuleName, Low, High>, 0, []>
    : FeasibleTable<RuleName, Low, High, [[true, ...{ [Key in keyof High]: true }]]> extends infer Table extends boolean[][]
      ? SearchMaps<RuleName, Low, High, Table, [], 0, []>
      : never;

// Small ranks: every increasing tuple of axes is listed in order (cached per
// rank and length); a candidate is kept when each of its axes is compatible.

/** The first 7 candidates whose every axis fits; walked by index (no tuple is re-inferred per step). */
type FilterMaps<Candidates extends readonly number[][], Compatible extends readonly unknown[], Index extends number, Found extends number[][]> =
  Found["length"] extends 7 ? Found
  : Index extends Candidates["length"] ? Found
  : FilterMaps<
      Candidates,
      Compatible,
      Successor[Index],
      CandidateFitsByRank<Candidates[Index], Compatible> extends true ? [...Found, Candidates[Index]] : Found
    >;

// Large ranks: a depth-first search over a feasibility table.

type Fits<RuleName extends Rule, LowSize, HighSize> =
  RuleName extends "two-way" ? FitsTwoWay<LowSize, HighSize> : FitsOneWay<LowSize, HighSize>;

/**
 * Feasibility table: `Table[i][j]` is true when Low's axes i.. can still be
 * placed on High's axes j... Built from the last row up; each row right to left.
 */
type FeasibleTable<RuleName extends Rule, Low extends Shape, High extends Shape, Rows extends boolean[][]> =
  Low extends readonly [...infer Init extends Shape, infer LowSize]
    ? FeasibleRow<RuleName, LowSize, High, Rows[0], [false]> extends infer Row extends boolean[]
      ? FeasibleTable<RuleName, Init, High, [Row, ...Rows]>
      : never
    : Rows;

type FeasibleRow<RuleName extends Rule, LowSize, High extends Shape, Next extends readonly boolean[], Row extends boolean[]> =
  High extends readonly [...infer HighInit extends Shape, infer HighSize]
    ? Next extends readonly [...infer NextInit extends boolean[], infer NextLast]
      ? FeasibleRow<RuleName, LowSize, HighInit, NextInit, [
          Fits<RuleName, LowSize, HighSize> extends true ? (NextLast extends true ? true : Row[0]) : Row[0],
          ...Row,
        ]>
      : never
    : Row;

/** The smallest axis t >= From where Low's axis i fits and the rest can follow; -1 if none. */
type NextAxis<RuleName extends Rule, LowSize, High extends Shape, NextRow extends readonly boolean[], From extends unknown[]> =
  From["length"] extends High["length"] ? -1
  : Fits<RuleName, LowSize, High[From["length"]]> extends true
    ? NextRow[[...From, unknown]["length"]] extends true ? From["length"] : NextAxis<RuleName, LowSize, High, NextRow, [...From, unknown]>
  : NextAxis<RuleName, LowSize, High, NextRow, [...From, unknown]>;

/** Depth-first search with an explicit stack; the table keeps it out of dead ends. */
type SearchMaps<
  RuleName extends Rule,
  Low extends Shape,
  High extends Shape,
  Table extends readonly (readonly boolean[])[],
  Stack extends number[],
  From extends number,
  Found extends number[][],
> =
  Found["length"] extends 7 ? Found
  : Stack["length"] extends Low["length"]
    ? BacktrackMaps<RuleName, Low, High, Table, Stack, [...Found, Stack]>
    : NextAxis<RuleName, Low[Stack["length"]], High, Table[Increment<Stack["length"]> & keyof Table], Counter<From>> extends infer Axis extends number
      ? Axis extends -1 ? BacktrackMaps<RuleName, Low, High, Table, Stack, Found>
      : SearchMaps<RuleName, Low, High, Table, [...Stack, Axis], Increment<Axis>, Found>
    : never;

type BacktrackMaps<
  RuleName extends Rule,
  Low extends Shape,
  High extends Shape,
  Table extends readonly (readonly boolean[])[],
  Stack extends number[],
  Found extends number[][],
> =
  Stack extends [...infer Rest extends number[], infer Last extends number]
    ? SearchMaps<RuleName, Low, High, Table, Rest, Increment<Last>, Found>
    : Found;
