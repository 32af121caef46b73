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
import type { Shape, ShowShape } from "./shape.js";

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
