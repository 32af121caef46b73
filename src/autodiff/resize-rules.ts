/**
 * The gradient rules of `resize` and `upsample`: the gradient of x is
 * `resizeBackward(g)`, the adjoint of the resize (src/kernels/resize.ts):
 * nearest adds each output's gradient to the cell it copied (so a cell read
 * by several outputs gets their sum), bilinear spreads it over the four cells
 * it blended, by their weights. `resizeBackward` is recorded as an op whose
 * own rule is the forward resize (its adjoint), so a gradient of a gradient
 * is exact. The geometry is the forward op's own (src/shape/resize.ts).
 */
import { allocate, type DType, floatDType, isFloat } from "../dtype.js";
import { contiguousStrides } from "../kernels/plan.js";
import { resizeBackward as scatter } from "../kernels/resize.js";
import * as library from "../ops/library.js";
import { geometryOf, logicalStrides } from "../ops/resize.js";
import { resizeLayout, upsampleLayout } from "../shape/resize.js";
import { elementsOf, Tensor } from "../tensor.js";
import type { GradientRule } from "./rules.js";
import { recorded } from "./tape.js";

type Op = (...args: unknown[]) => Tensor;
type ResizeName = "resize" | "upsample";

/** The gradient of x (of `shape`, `dtype`) of `op(x, arg, options)` whose result has gradient `g`. */
function resizeBackward(g: Tensor, op: ResizeName, shape: readonly number[], dtype: DType, arg: unknown, options: unknown): Tensor {
  const layout = (op === "resize" ? resizeLayout : upsampleLayout)(op, shape, arg, options);
  const outDType = isFloat(dtype) ? dtype : floatDType(g.dtype);
  const size = shape.reduce((p, d) => p * d, 1);
  const strides = contiguousStrides(shape);
  const out = new Tensor(allocate("resizeBackward", outDType, size), [...shape], strides, 0, outDType);
  if (size > 0 && g.size > 0) {
    scatter(
      layout.mode,
      geometryOf(layout, shape),
      layout.input,
      { data: elementsOf(g), offset: g.offset, strides: logicalStrides(layout, g.strides) },
      { data: elementsOf(out), offset: 0, strides: logicalStrides(layout, strides) },
    );
  }
  return recorded("resizeBackward", [g, op, [...shape], dtype, arg, options], out);
}

const rule =
  (op: ResizeName): GradientRule =>
  ({ args: [x, arg, options], g, needs }) =>
    needs(x) ? [[x, resizeBackward(g, op, x.shape, x.dtype, arg, options)]] : [];

export const resizeRules: Readonly<Record<string, GradientRule>> = {
  resize: rule("resize"),
  upsample: rule("upsample"),
  // the backward op's adjoint is the forward resize
  resizeBackward: ({ args: [g, op, , , arg, options], g: gg, needs }) =>
    needs(g) ? [[g, (library as unknown as Readonly<Record<string, Op>>)[op as ResizeName]!(gg, arg, options)]] : [],
};
