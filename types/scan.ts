/**
 * Result shapes of the cumulative ops (cumsum, cumprod): along one axis the
 * shape is kept; with no axis the tensor is scanned flattened in row-major
 * order, as NumPy's `axis=None`, and the result is 1-D (a rank-0 tensor gives
 * `[1]`). An axis out of range is an error with the runtime's message. The
 * runtime twin is src/shape/scan.ts.
 *
 * @example
 * ScannedOf<"cumsum", [2, 3], -1>          //=> [2, 3]
 * ScannedOf<"cumsum", [2, 3], undefined>   //=> [6]
 * ErrorMessage<ScannedOf<"cumsum", [2, 3], 2>>
 * //=> "cumsum: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"
 */
import type { AxisIndex, RangeMessage } from "./axis.js";
import type { ShapeTypeError } from "./errors.js";
import type { Shape } from "./shape.js";
import type { Flattened } from "./views.js";

export type ScannedOf<Op extends string, S extends Shape, Axis> =
  // an `any` axis reads as left out: with strictNullChecks off that is what an `undefined`
  // argument infers as
  0 extends 1 & Axis ? ScannedOf<Op, S, undefined>
  : Axis extends undefined | null ? (number extends S["length"] ? [number] : Flattened<S, 0, -1>)
  : number extends S["length"] ? number[]
  : Axis extends number
    // positions only, never sizes: decided for shapes of type parameters too
    ? [AxisIndex<S, Axis>] extends [never] ? ShapeTypeError<RangeMessage<Op, "axis", Axis, S["length"]>> : [...S]
  : never;
