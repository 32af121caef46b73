/**
 * Typing data-dependent shapes: `assertShape` checks a tensor's shape at run
 * time and narrows its type to the literal one; `dim` names a size known
 * only at run time, so it broadcasts only with itself (or 1) at compile time.
 */
import type { Dim, DType, Shape } from "../../types/index.js";
import { ShapeError, showShape } from "../errors.js";
import { checkShape, describe } from "../shape/validate.js";
import type { Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import { defineOps } from "./methods.js";

/**
 * Throws a `ShapeError` unless `t` has exactly `shape`; afterwards the
 * compiler knows `t` as `Tensor<shape, dtype>`.
 *
 * @example
 * const t: Tensor<number[]> = load();
 * assertShape(t, [2, 3]);
 * t; // Tensor<[2, 3], "float32">
 */
export function assertShape<D extends DType, const S extends Shape>(t: Tensor<Shape, D>, shape: S): asserts t is Tensor<[...S], D> {
  const op = "assertShape";
  assertTensor(op, "t", t);
  checkShape(op, "shape", shape);
  const fail = (detail: string, axis?: number): never => {
    throw new ShapeError(`${op}: ${detail}; expected ${showShape(shape)}, got ${showShape(t.shape)}`, {
      code: axis === undefined ? "rank" : "mismatch",
      op,
      mode: "none",
      a: [...t.shape],
      b: [...shape],
      axis,
      sizes: axis === undefined ? undefined : [t.shape[axis]!, shape[axis]!],
    });
  };
  if (t.shape.length !== shape.length) fail(`rank ${t.shape.length} vs ${shape.length}`);
  for (let axis = 0; axis < shape.length; axis++) {
    if (t.shape[axis] !== shape[axis]) fail(`axis ${axis} has ${t.shape[axis]} vs ${shape[axis]}`, axis);
  }
}

/**
 * A size known only at run time, named at compile time: `dim("batch", n)`
 * is `n` typed as `Dim<"batch">`, equal only to itself (or 1) when shapes
 * are checked.
 */
export function dim<const Name extends string>(name: Name, size: number): Dim<Name> {
  if (typeof name !== "string" || name.length === 0) throw new TypeError(`dim: name must be a non-empty string, got ${describe(name)}`);
  if (typeof size !== "number") throw new TypeError(`dim: size of "${name}" must be a non-negative integer, got ${describe(size)}`);
  if (!(Number.isSafeInteger(size) && size >= 0)) throw new RangeError(`dim: size of "${name}" must be a non-negative integer, got ${describe(size)}`);
  return size as Dim<Name>;
}

// Tensor's method calls it (src/ops/methods.ts): an assertion function, recorded with the module
defineOps({ assertShape });
