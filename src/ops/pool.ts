/**
 * Pooling: `maxPool2d`, `avgPool2d` (x of rank 4, `"NHWC"` or `"NCHW"`) and
 * `maxPool1d`, `avgPool1d` (rank 3, `"NWC"` or `"NCW"`), with
 * `{ size, strides = size, padding = "valid", layout }`. The result keeps N and
 * C; its spatial sizes follow the window rule (src/shape/window.ts). Padding
 * cells are not elements: max ignores them, and avg divides by the number of
 * real elements in the window (as TensorFlow's "same" average pooling does), so
 * explicit padding must be smaller than the window on each side, that every
 * window holds an element (a RangeError otherwise). max keeps the dtype; avg is
 * float as `mean` is (float64 stays float64, every other dtype gives float32,
 * int32 rounded to float32 first).
 */
import { allocate, type DType, floatDType } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { pool2d, type PoolAxis } from "../kernels/pool.js";
import { contiguousStrides } from "../kernels/plan.js";
import { poolLayout } from "../shape/pool.js";
import { elementsOf, Tensor } from "../tensor.js";
import { assertTensor } from "./engine.js";
import type { PoolOpOf } from "./types.js";

function run(op: string, kind: "max" | "avg", spatial: 1 | 2, x: unknown, options: unknown): Tensor {
  assertTensor(op, "x", x);
  const { first, windows, shape } = poolLayout(op, spatial, x.shape, options);
  windows.forEach((w, j) => {
    if (w.before >= w.size || w.after >= w.size) {
      throw new RangeError(`${op}: padding must be smaller than the window on each side (every window must hold an element), got [${w.before}, ${w.after}] on axis ${first + j} for a window of ${w.size}`);
    }
  });
  const dtype: DType = kind === "max" ? x.dtype : floatDType(x.dtype);
  const size = shape.reduce((p, d) => p * d, 1);
  const out = allocate(op, dtype, size);
  const outStrides = contiguousStrides(shape);
  if (size > 0 && windows.some((w, j) => x.shape[first + j] === 0)) {
    throw new RangeError(`${op}: a window over an empty axis holds no element (shape [${x.shape.join(", ")}])`);
  }
  // the logical axes N, C and the spatial ones (a missing H is 1, window 1)
  const c = first === 1 ? x.shape.length - 1 : 1;
  const axisOf = (j: number, stridesOf: readonly number[], sizes: readonly number[]): PoolAxis => {
    const w = windows[j]!;
    return { input: sizes[first + j]!, stride: stridesOf[first + j]!, size: w.size, step: w.stride, before: w.before, out: w.out };
  };
  const unit: PoolAxis = { input: 1, stride: 0, size: 1, step: 1, before: 0, out: 1 };
  const h = spatial === 2 ? axisOf(0, x.strides, x.shape) : unit;
  const wAxis = axisOf(spatial - 1, x.strides, x.shape);
  const outH = spatial === 2 ? outStrides[first]! : 0;
  const outW = outStrides[first + spatial - 1]!;
  const round = x.dtype === "int32" && dtype === "float32" ? Math.fround : undefined;
  pool2d(
    kind,
    elementsOf(x),
    x.offset,
    [x.strides[0]!, x.strides[c]!, h.stride, wAxis.stride],
    x.shape[0]!,
    x.shape[c]!,
    h,
    wAxis,
    out,
    [outStrides[0]!, outStrides[c]!, outH, outW],
    round,
  );
  return new Tensor(out, shape, outStrides, 0, dtype);
}

/** The largest element of each 2-D window of an `"NHWC"` (default) or `"NCHW"` tensor. */
export const maxPool2d = /* @__PURE__ */ traced("maxPool2d", (x: unknown, options: unknown) => run("maxPool2d", "max", 2, x, options)) as PoolOpOf<"maxPool2d">;
/** The mean of the elements of each 2-D window (padding not counted). */
export const avgPool2d = /* @__PURE__ */ traced("avgPool2d", (x: unknown, options: unknown) => run("avgPool2d", "avg", 2, x, options)) as PoolOpOf<"avgPool2d">;
/** The largest element of each window of an `"NWC"` (default) or `"NCW"` tensor. */
export const maxPool1d = /* @__PURE__ */ traced("maxPool1d", (x: unknown, options: unknown) => run("maxPool1d", "max", 1, x, options)) as PoolOpOf<"maxPool1d">;
/** The mean of the elements of each window (padding not counted). */
export const avgPool1d = /* @__PURE__ */ traced("avgPool1d", (x: unknown, options: unknown) => run("avgPool1d", "avg", 1, x, options)) as PoolOpOf<"avgPool1d">;
