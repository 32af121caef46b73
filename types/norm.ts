/**
 * The shape rule of the normalisations over trailing axes, `layerNorm(x, gamma, beta, { axis })`
 * and `rmsNorm(x, gamma, { axis })`: the result keeps x's shape; gamma (and beta) must have exactly
 * the shape of x's axes from `axis` (-1 by default: the last axis) to the end. A literal misfit is
 * an error with the runtime's message (twin: src/shape/norm.ts); sizes the compiler does not know
 * (`number`, a rank known only at run time) are the runtime's to check.
 *
 * @example
 * NormParamShape<"layerNorm", "gamma", [2, 3, 4], [3, 4], -2>   //=> [2, 3, 4]
 * ErrorMessage<NormParamShape<"layerNorm", "gamma", [2, 3], [4], -1>>
 * //=> "layerNorm: gamma has shape [4] but must have shape [3], that of x's axes from 1 on (x has shape [2, 3])"
 */
import type { AxisIndex } from "./axis.js";
import type { ShapeTypeError } from "./errors.js";
import type { Shape, ShapeMessage, ShowDim, ShowShape } from "./shape.js";

/** A parameter whose shape is not x's trailing axes: twin of `writeNormParam` in src/shape/norm.ts. */
export type NormParamMessage<Op extends string, Name extends string, Given extends string, Wanted extends string, At extends number, Shown extends string> =
  `${Op}: ${Name} has shape ${Given} but must have shape ${Wanted}, that of x's axes from ${At} on (x has shape ${Shown})`;

/** S without its first N axes. */
export type DropAxes<S extends Shape, N extends number, Count extends unknown[] = []> =
  Count["length"] extends N ? S : S extends readonly [unknown, ...infer Rest extends Shape] ? DropAxes<Rest, N, [...Count, unknown]> : S;

/** Do two shapes fit size by size? A `number` size (or rank) fits anything here: the runtime checks it. */
type SameSizes<A extends Shape, B extends Shape> =
  number extends A["length"] | B["length"] ? true
  : A["length"] extends B["length"] ? EachFits<A, B>
  : false;
type EachFits<A extends Shape, B extends Shape> =
  A extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? B extends readonly [infer Other extends number, ...infer Others extends Shape]
      ? number extends First | Other ? EachFits<Rest, Others>
      : [First] extends [Other] ? ([Other] extends [First] ? EachFits<Rest, Others> : false)
      : false
    : true
  : true;

/**
 * x's shape when a parameter of shape G fits the axes from `Axis` on, else the message. An axis
 * out of range is not this rule's to report (the options' check says it), so it gives S.
 */
export type NormParamShape<Op extends string, Name extends string, S extends Shape, G extends Shape, Axis extends number> =
  number extends S["length"] ? S
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? S
    : SameSizes<DropAxes<S, At>, G> extends true ? S
    // (asked of the sizes so that a misfit on shapes of type parameters, ranks that differ, stays
    // undecided, printed by name, rather than a message of unresolved shapes)
    : `${S[number] | G[number]}` extends `${bigint}` ? ShapeTypeError<NormParamMessage<Op, Name, ShowShape<G>, ShowShape<DropAxes<S, At>>, At, ShowShape<S>>>
    : ShapeTypeError<NormParamMessage<Op, Name, ShowShape<G>, ShowShape<DropAxes<S, At>>, At, ShowShape<S>>>
  : never;

/** The channel axis of a batchNorm layout: channels last (NHWC, the default) or axis 1 (NCHW). */
export type BatchNormLayout = "NHWC" | "NCHW";

/** A per-channel vector that is not `[C]`: twin of `writeBatchNormParam` in src/shape/norm.ts. */
export type BatchNormParamMessage<Name extends string, Given extends string, C extends string, At extends number, Layout extends string, Shown extends string> =
  `batchNorm: ${Name} has shape ${Given} but must have shape [${C}], the size of x's channel axis ${At} (layout ${Layout}, x has shape ${Shown})`;

/** x without a channel axis: twin of `writeBatchNormRank` in src/shape/norm.ts. */
export type BatchNormRankMessage<Layout extends string, Rank extends number, Shown extends string> =
  `batchNorm: layout ${Layout} needs x of rank ${Layout extends "NCHW" ? 2 : 1} or more, got rank ${Rank} (shape ${Shown})`;

/** The channel axis's index in S for a layout (S of a known rank). */
export type ChannelAxis<S extends Shape, Layout extends BatchNormLayout> = Layout extends "NCHW" ? 1 : S extends readonly [...infer Init, number] ? Init["length"] : never;

/**
 * x's shape when a per-channel parameter of shape P is `[C]`, C the channel axis's size, else the
 * message. A rank too small for the layout is x's to report, so it gives S here.
 */
export type BatchNormParamShape<Name extends string, S extends Shape, P extends Shape, Layout extends BatchNormLayout> =
  number extends S["length"] ? S
  : [BatchNormRankProblem<S, Layout>] extends [never]
    ? ChannelAxis<S, Layout> extends infer At extends number
      ? SameSizes<[S[At]], P> extends true ? S
      // (x's shape filled in by `ShapeMessage`: beside a type parameter the message prints by that
      // alias's name, and a channel misfit of two literals is still decided)
      : ShapeTypeError<ShapeMessage<BatchNormParamMessage<Name, ShowShape<P>, ShowDim<S[At]>, At, Layout, "{1}">, S>>
    : never
  : S;

/** x's rank message for the layout, or never. */
export type BatchNormRankProblem<S extends Shape, Layout extends BatchNormLayout> =
  number extends S["length"] ? never
  : S["length"] extends (Layout extends "NCHW" ? 0 | 1 : 0) ? BatchNormRankMessage<Layout, S["length"], ShowShape<S>>
  : never;
