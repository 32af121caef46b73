/**
 * The shape rule of `layerNorm` and `rmsNorm` at run time, the twin of types/norm.ts: the axis
 * (-1 when left out) starts the normalised axes, which run to the end; each parameter (gamma,
 * beta) must have exactly their shape, else a ShapeError. The writer is typed to return its
 * type twin's message.
 */
import type { BatchNormLayout, BatchNormParamMessage, BatchNormRankMessage, NormParamMessage } from "../../types/norm.js";
import { ShapeError, showShape } from "../errors.js";
import { normalizeAxis } from "./axis.js";

/** Twin of `NormParamMessage` in types/norm.ts; shapes as `showShape` prints them. */
export const writeNormParam = <Op extends string, Name extends string, Given extends string, Wanted extends string, At extends number, Shown extends string>(
  op: Op,
  name: Name,
  given: Given,
  wanted: Wanted,
  at: At,
  shown: Shown,
): NormParamMessage<Op, Name, Given, Wanted, At, Shown> => `${op}: ${name} has shape ${given} but must have shape ${wanted}, that of x's axes from ${at} on (x has shape ${shown})`;

/**
 * The first normalised axis, in [0, rank), with the number of slices (`outer`) and the elements
 * of each (`inner`), after checking every parameter's shape against the normalised axes.
 */
export function normLayout(
  op: string,
  shape: readonly number[],
  axis: unknown,
  params: readonly (readonly [name: string, shape: readonly number[]])[],
): { at: number; outer: number; inner: number } {
  const at = normalizeAxis(op, "axis", axis ?? -1, shape.length);
  const wanted = shape.slice(at);
  for (const [name, given] of params) {
    const bad = given.length !== wanted.length ? -1 : wanted.findIndex((d, k) => given[k] !== d);
    if (given.length !== wanted.length || bad >= 0) {
      const position = bad >= 0 ? bad : undefined;
      throw new ShapeError(writeNormParam(op, name, showShape(given), showShape(wanted), at, showShape(shape)), {
        code: given.length !== wanted.length ? "rank" : "mismatch",
        op,
        mode: "none",
        a: [...shape],
        b: [...given],
        axis: position === undefined ? undefined : at + position,
        sizes: position === undefined ? undefined : [wanted[position]!, given[position]!],
      });
    }
  }
  return { at, outer: shape.slice(0, at).reduce((p, d) => p * d, 1), inner: wanted.reduce((p, d) => p * d, 1) };
}

/** Twin of `BatchNormParamMessage` in types/norm.ts. */
export const writeBatchNormParam = <Name extends string, Given extends string, C extends string, At extends number, Layout extends string, Shown extends string>(
  name: Name,
  given: Given,
  channels: C,
  at: At,
  layout: Layout,
  shown: Shown,
): BatchNormParamMessage<Name, Given, C, At, Layout, Shown> =>
  `batchNorm: ${name} has shape ${given} but must have shape [${channels}], the size of x's channel axis ${at} (layout ${layout}, x has shape ${shown})`;

/** Twin of `BatchNormRankMessage` in types/norm.ts. */
export const writeBatchNormRank = <Layout extends BatchNormLayout, Rank extends number, Shown extends string>(
  layout: Layout,
  rank: Rank,
  shown: Shown,
): BatchNormRankMessage<Layout, Rank, Shown> =>
  `batchNorm: layout ${layout} needs x of rank ${(layout === "NCHW" ? 2 : 1) as Layout extends "NCHW" ? 2 : 1} or more, got rank ${rank} (shape ${shown})`;

/** The channel axis and its size for a layout, after checking each per-channel parameter is `[C]`. */
export function batchNormLayout(shape: readonly number[], layout: BatchNormLayout, params: readonly (readonly [name: string, shape: readonly number[]])[]): { at: number; channels: number } {
  const at = layout === "NCHW" ? 1 : shape.length - 1;
  if (at < 0 || at >= shape.length) {
    throw new ShapeError(writeBatchNormRank(layout, shape.length, showShape(shape)), { code: "rank", op: "batchNorm", mode: "none", a: [...shape], b: [] });
  }
  const channels = shape[at]!;
  for (const [name, given] of params) {
    if (given.length !== 1 || given[0] !== channels) {
      throw new ShapeError(writeBatchNormParam(name, showShape(given), String(channels), at, layout, showShape(shape)), {
        code: given.length !== 1 ? "rank" : "mismatch",
        op: "batchNorm",
        mode: "none",
        a: [...shape],
        b: [...given],
        axis: given.length === 1 ? at : undefined,
        sizes: given.length === 1 ? [channels, given[0]!] : undefined,
      });
    }
  }
  return { at, channels };
}
