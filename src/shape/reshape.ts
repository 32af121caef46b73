/**
 * `reshape`'s shape rule at run time, the twin of types/reshape.ts: the
 * element counts must match, and one -1 is inferred by exact division. Each
 * writer is typed to return its type twin's message, so a change of wording
 * on one side is a compile error. src/ops/views.ts applies the result to a
 * buffer (a view when the layout allows it, else a copy).
 */
import type { ReshapeCountMessage, ReshapeInferMessage, ReshapeMinusOnesMessage } from "../../types/reshape.js";
import { ShapeError, showShape } from "../errors.js";
import { exactDiv } from "./size.js";
import { checkSize, describe, MAX_RANK } from "./validate.js";

/** Twin of `ReshapeMinusOnesMessage` in types/reshape.ts. */
export const writeReshapeMinusOnes = <Target extends string>(target: Target): ReshapeMinusOnesMessage<Target> =>
  `reshape: only one size may be -1, got ${target}`;

/** Twin of `ReshapeCountMessage` in types/reshape.ts. */
export const writeReshapeCount = <From extends string, Count extends number, Target extends string, Holds extends number>(
  from: From,
  count: Count,
  target: Target,
  holds: Holds,
): ReshapeCountMessage<From, Count, Target, Holds> => `reshape: ${from} has ${count} elements but ${target} holds ${holds}`;

/** Twin of `ReshapeInferMessage` in types/reshape.ts. */
export const writeReshapeInfer = <Count extends number, From extends string, Target extends string>(
  count: Count,
  from: From,
  target: Target,
): ReshapeInferMessage<Count, From, Target> => `reshape: cannot infer -1: ${count} elements of ${from} do not split into ${target}`;

/**
 * The shape `reshape` gives `from` (`size` elements) for the requested
 * `shape`: the same sizes, with a -1 replaced by what the other sizes leave.
 * The argument is checked here too: an array of non-negative integers and at
 * most one -1, within the limits.
 */
export function reshapedShape(from: readonly number[], size: number, shape: unknown): number[] {
  const op = "reshape";
  if (!Array.isArray(shape)) throw new TypeError(`${op}: shape must be an array of sizes, got ${describe(shape)}`);
  if (shape.length > MAX_RANK) throw new RangeError(`${op}: shape has ${shape.length} axes; a tensor has at most ${MAX_RANK}`);
  let inferred = -1;
  let known = 1;
  for (let axis = 0; axis < shape.length; axis++) {
    const dim: unknown = shape[axis];
    if (dim === -1) {
      if (inferred >= 0) throw new RangeError(writeReshapeMinusOnes(showShape(shape)));
      inferred = axis;
    } else if (typeof dim !== "number") {
      throw new TypeError(`${op}: shape[${axis}] must be a number, got ${describe(dim)}`);
    } else if (!Number.isSafeInteger(dim) || dim < 0) {
      throw new RangeError(`${op}: shape[${axis}] = ${describe(dim)} is not a valid size (sizes are non-negative integers, or one -1)`);
    } else {
      known *= dim;
    }
  }
  // the limits first: a product of huge sizes must not pass for a count (it may be NaN or Infinity)
  checkSize(op, shape.map((dim: number) => (dim === -1 ? 1 : dim)), "the result", shape as number[]);
  const target = [...(shape as number[])];
  if (inferred >= 0) {
    if (known === 0 || size % known !== 0) {
      throw new ShapeError(writeReshapeInfer(size, showShape(from), showShape(shape)), {
        code: "size",
        op,
        mode: "none",
        a: [...from],
        b: [...shape],
        axis: inferred,
      });
    }
    target[inferred] = exactDiv(size, known);
  } else if (known !== size) {
    throw new ShapeError(writeReshapeCount(showShape(from), size, showShape(shape), known), {
      code: "size",
      op,
      mode: "none",
      a: [...from],
      b: [...shape],
    });
  }
  checkSize(op, target);
  return target;
}
