/**
 * Shapes of joining tensors: `concat` along an existing axis (the sizes on
 * it add up, exactly, by decimal arithmetic) and `stack` along a new one.
 * Mismatches are errors with the runtime's messages, which src/shape/join.ts
 * (the runtime twin) writes with the message types below.
 *
 * @example
 * ConcatShape<[[2, 3], [2, 5]], 1>   //=> [2, 8]
 * StackShape<[[2, 3], [2, 3]], 0>    //=> [2, 2, 3]
 */
import type { ShapeTypeError } from "./errors.js";
import type { AxisIndex, RangeMessage } from "./axis.js";
import type { NotFound, Same } from "./internal/sizes.js";
import type { Counter } from "./internal/tuple.js";
import type { Plus } from "./size.js";
import type { Shape, ShapeMessage, ShowDim } from "./shape.js";


/** The first axis other than `Axis` where two shapes differ, as `[axis, x, y]`; `NotFound` if none. */
type Mismatch<A extends Shape, B extends Shape, Axis extends number, Index extends unknown[] = []> =
  A extends readonly [infer X, ...infer RestA extends Shape]
    ? B extends readonly [infer Y, ...infer RestB extends Shape]
      ? Index["length"] extends Axis ? Mismatch<RestA, RestB, Axis, [...Index, unknown]>
      // identical sizes first, wrapped: the compiler decides `{ size: B } extends { size: B }` for a
      // type parameter `B`, but never a conditional type on `B` alone (docs/generic-code.md)
      : { size: X } extends { size: Y } ? Mismatch<RestA, RestB, Axis, [...Index, unknown]>
      : Same<X, Y> extends number ? Mismatch<RestA, RestB, Axis, [...Index, unknown]>
      : [Index["length"], X, Y]
      : NotFound
    : NotFound;

/**
 * `S` with `any` on axis `Axis` (-1: none), which fits every size: a shape that joins `S` is one
 * that `Pattern<S, Axis>` is assignable to. One test of the whole (`[Match] extends [Next]`,
 * each size of `S` against the other's, as `Mismatch` tests them first) passes most calls, and
 * `Mismatch` walks only the rest (a `number` against a literal, a mismatch).
 */
type Pattern<S extends Shape, Axis extends number> = { -readonly [K in keyof S]: K extends `${Axis}` ? any : S[K] };

/** Twin of `writeJoinEmpty` in src/shape/join.ts. */
export type JoinEmptyMessage<Op extends string> = `${Op}: tensors must hold at least one tensor`;

/** Twin of `writeJoin` in src/shape/join.ts: `First` and `Other` are shapes as messages show them. */
export type JoinMessage<Op extends string, Detail extends string, First extends string, Other extends string> =
  `${Op}: ${Detail}; cannot join ${First} with ${Other}`;

/** Twin of `writeJoinRank` in src/shape/join.ts. */
export type JoinRankDetail<Index extends number, Rank extends number, FirstRank extends number> =
  `tensors[${Index}] has rank ${Rank} vs ${FirstRank} of tensors[0]`;

/** Twin of `writeJoinSize` in src/shape/join.ts; sizes as messages show them (`3`, `batch`, `?`). */
export type JoinSizeDetail<Index extends number, Axis extends number, Size extends string | number, FirstSize extends string | number> =
  `tensors[${Index}] axis ${Axis} has ${Size} vs ${FirstSize} in tensors[0]`;

/** Twin of `writeStackRange` in src/shape/join.ts. */
export type StackRangeMessage<Axis extends number, Rank extends number> = `stack: axis ${Axis} is out of range for a rank-${Rank} result`;

/** `JoinMessage` with the two shapes filled in by `ShapeMessage` (named while a shape holds a type parameter). */
type JoinError<Op extends string, Detail extends string, First extends Shape, Other extends Shape> =
  ShapeTypeError<ShapeMessage<JoinMessage<Op, Detail, "{1}", "{2}">, First, Other>>;

type ConcatRest<Shapes extends readonly Shape[], Axis extends number, First extends Shape, Total extends number, Index extends unknown[], Match = Pattern<First, Axis>> =
  Shapes extends readonly [infer Next extends Shape, ...infer Rest extends readonly Shape[]]
    ? number extends Next["length"] ? number[] // a tensor of unknown rank: the runtime checks
    : Next["length"] extends First["length"]
      ? [Match] extends [Next] ? ConcatRest<Rest, Axis, First, Plus<Total, Next[Axis] & number>, [...Index, unknown], Match>
      : Mismatch<First, Next, Axis> extends [infer At, infer X, infer Y]
        ? JoinError<"concat", JoinSizeDetail<Index["length"], At & number, ShowDim<Y>, ShowDim<X>>, First, Next>
        : ConcatRest<Rest, Axis, First, Plus<Total, Next[Axis] & number>, [...Index, unknown], Match>
      : JoinError<"concat", JoinRankDetail<Index["length"], Next["length"], First["length"]>, First, Next>
    : { -readonly [Key in keyof First]: Key extends `${Axis}` ? Total : First[Key] };

export type ConcatShape<Shapes extends readonly Shape[], Axis extends number> =
  number extends Shapes["length"] ? number[]
  : Shapes extends readonly [infer First extends Shape, ...infer Rest extends readonly Shape[]]
    ? number extends First["length"] ? number[]
    : AxisIndex<First, Axis> extends infer At extends number
      ? [At] extends [never]
        ? ShapeTypeError<RangeMessage<"concat", "axis", Axis, First["length"]>>
        : ConcatRest<Rest, At, First, First[At] & number, [unknown]>
      : never
    : ShapeTypeError<JoinEmptyMessage<"concat">>;

type StackRest<Shapes extends readonly Shape[], First extends Shape, Index extends unknown[], Match = Pattern<First, -1>> =
  Shapes extends readonly [infer Next extends Shape, ...infer Rest extends readonly Shape[]]
    ? number extends Next["length"] ? number[] // a tensor of unknown rank: the runtime checks
    : Next["length"] extends First["length"]
      ? [Match] extends [Next] ? StackRest<Rest, First, [...Index, unknown], Match>
      : Mismatch<First, Next, -1> extends [infer At, infer X, infer Y]
        ? JoinError<"stack", JoinSizeDetail<Index["length"], At & number, ShowDim<Y>, ShowDim<X>>, First, Next>
        : StackRest<Rest, First, [...Index, unknown], Match>
      : JoinError<"stack", JoinRankDetail<Index["length"], Next["length"], First["length"]>, First, Next>
    : true;

export type StackShape<Shapes extends readonly Shape[], Axis extends number> =
  number extends Shapes["length"] ? number[]
  : Shapes extends readonly [infer First extends Shape, ...infer Rest extends readonly Shape[]]
    ? number extends First["length"] ? number[]
    : StackRest<Rest, First, [unknown]> extends infer Checked
      ? Checked extends number[] ? number[]
      : Checked extends true
        // (a new axis: in range of the result, one more than the inputs')
        ? AxisIndex<[...First, 1], Axis> extends infer At extends number
          ? [At] extends [never] ? ShapeTypeError<StackRangeMessage<Axis, [...First, unknown]["length"]>>
          : First extends readonly [...Counter<At>, ...infer Tail extends Shape]
            ? First extends readonly [...infer Head extends Shape, ...Counter<Tail["length"]>] ? [...Head, Shapes["length"], ...Tail] : number[]
            : ShapeTypeError<StackRangeMessage<Axis, [...First, unknown]["length"]>>
          : never
        : Checked
      : never
    : ShapeTypeError<JoinEmptyMessage<"stack">>;
