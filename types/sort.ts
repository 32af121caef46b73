/**
 * Result shapes of sort and argsort: the input's shape, sorted along one axis
 * (the last by default, negative counting from the end). An axis out of range
 * (any axis of a rank-0 tensor) is an error with the runtime's message. The
 * runtime twin is src/shape/sort.ts.
 *
 * @example
 * SortedOf<"sort", [2, 3], -1>   //=> [2, 3]
 * ErrorMessage<SortedOf<"argsort", [], -1>>
 * //=> "argsort: axis -1 is out of range for a rank-0 tensor (it has no axes)"
 */
import type { AxisIndex, RangeMessage } from "./axis.js";
import type { ShapeTypeError } from "./errors.js";
import type { Shape } from "./shape.js";

export type SortedOf<Op extends string, S extends Shape, Axis> =
  // an `any` axis reads as left out (strictNullChecks off): the default, -1
  0 extends 1 & Axis ? SortedOf<Op, S, -1>
  : Axis extends undefined ? SortedOf<Op, S, -1>
  : number extends S["length"] ? number[]
  : Axis extends number
    // positions only, never sizes: decided for shapes of type parameters too
    ? [AxisIndex<S, Axis>] extends [never] ? ShapeTypeError<RangeMessage<Op, "axis", Axis, S["length"]>> : [...S]
  : never;
