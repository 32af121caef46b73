/**
 * NumPy's matmul shape rule at the type level (twin of src/shape/matmul.ts):
 * `[..., M, K] x [..., K, N]` is `[..., M, N]`, batch axes broadcast, a 1-D
 * operand is a row (a) or a column (b) whose axis is dropped.
 *
 * @example
 * MatMulShape<[8, 1, 128, 64], [4, 64, 32]>  //=> [8, 4, 128, 32]
 * MatMulShape<[3], [3, 4]>                   //=> [4]
 * ErrorMessage<MatMulShape<[2, 3], [4, 5]>>
 * //=> "matmul: inner sizes 3 vs 4 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3] by [4, 5]"
 */
import type { BroadcastShapesOf } from "./broadcast.js";
import type { ShapeTypeError } from "./errors.js";
import type { Same } from "./internal/sizes.js";
import type { Shape, ShapeMessage, ShowDim } from "./shape.js";

/** Twin of `writeMatmulMessage` in src/shape/matmul.ts: `A` and `B` are shapes as messages show them. */
export type MatmulMessage<Op extends string, Detail extends string, A extends string, B extends string> =
  `${Op}: ${Detail}; cannot multiply ${A} by ${B}`;

/** Twin of `writeMatmulScalar` in src/shape/matmul.ts. */
export type MatmulScalarDetail<Op extends string, Operand extends "a" | "b"> = `${Operand} is a scalar (${Op} needs at least one axis on each side)`;

/** Twin of `writeMatmulInner` in src/shape/matmul.ts; sizes as messages show them. */
export type MatmulInnerDetail<KA extends string | number, KB extends string | number, Which extends "only" | "second-to-last"> =
  `inner sizes ${KA} vs ${KB} (the last axis of a, the ${Which} axis of b)`;

/**
 * `outer` of operands that are not both vectors: twin of `writeOuterRank` in
 * src/shape/matmul.ts. Its signature takes only 1-D tensors, so only the
 * runtime says it.
 */
export type OuterRankMessage<A extends string, B extends string> = `outer: a and b must be vectors; cannot take the outer product of ${A} and ${B}`;

// (the shapes filled in by `ShapeMessage`: beside a type parameter the message stays named by that
// alias, with the words and both shapes among its arguments, rather than a raw template)
type Write<Op extends string, Detail extends string, A extends Shape, B extends Shape> =
  ShapeTypeError<ShapeMessage<MatmulMessage<Op, Detail, "{1}", "{2}">, A, B>>;

/** `[batch axes, M (or none), K]` of a. */
type SplitA<A extends Shape> =
  A extends readonly [infer K extends number] ? [[], [], K]
  : A extends readonly [...infer Batch extends Shape, infer M extends number, infer K extends number] ? [Batch, [M], K]
  : never;

/** `[batch axes, K, N (or none)]` of b. */
type SplitB<B extends Shape> =
  B extends readonly [infer K extends number] ? [[], K, []]
  : B extends readonly [...infer Batch extends Shape, infer K extends number, infer N extends number] ? [Batch, K, [N]]
  : never;

/** `Op` names the function in messages: `matmul` (the default) or `dot`. */
export type MatMulShape<A extends Shape, B extends Shape, Op extends string = "matmul"> =
  number extends A["length"] | B["length"] ? number[]
  : A extends readonly [] ? Write<Op, MatmulScalarDetail<Op, "a">, A, B>
  : B extends readonly [] ? Write<Op, MatmulScalarDetail<Op, "b">, A, B>
  : MatMulSplit<Op, A, B, SplitA<A>, SplitB<B>>;

/**
 * The rule on the split operands. (Each tested on its own: a test of the tuple `[SplitA<A>,
 * SplitB<B>]` against a tuple pattern stays unresolved while a size is a type parameter, so a
 * definite misfit of the inner sizes would read as undecided.)
 */
type MatMulSplit<Op extends string, A extends Shape, B extends Shape, PartsA, PartsB> =
  PartsA extends [infer BatchA extends Shape, infer M extends Shape, infer KA]
    ? PartsB extends [infer BatchB extends Shape, infer KB, infer N extends Shape]
      ? Same<KA, KB> extends number
        ? BroadcastShapesOf<Op, BatchA, BatchB, { mode: "numpy" }> extends infer Batch
          ? Batch extends Shape ? [...Batch, ...M, ...N]
          : Batch extends ShapeTypeError<`${Op} (numpy): ${infer Detail}; cannot broadcast ${string}`> ? Write<Op, `batch ${Detail}`, A, B>
          : never
          : never
        : Write<Op, MatmulInnerDetail<ShowDim<KA>, ShowDim<KB>, B extends readonly [number] ? "only" : "second-to-last">, A, B>
      : never
    : never;
