/**
 * The shape rule of `layerNorm` and `rmsNorm` at run time, the twin of types/norm.ts: the axis
 * (-1 when left out) starts the normalised axes, which run to the end; each parameter (gamma,
 * beta) must have exactly their shape, else a ShapeError. The writer is typed to return its
 * type twin's message.
 */
import type { NormParamMessage } from "../../types/norm.js";
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
