/**
 * Cumulative sums and products along one axis, or over the tensor flattened
 * in row-major order when no axis is given (NumPy's `axis=None`). Options:
 * `exclusive` (each element leaves itself out: the first is 0 or 1) and
 * `reverse` (from the end of the axis). The dtype follows `sum`: integers and
 * bools accumulate in int32, wrapping at each step, floats in doubles (each
 * stored element rounded once, so the last of a float32 cumsum is `sum`'s).
 * The first accumulated element is the input's own, as NumPy's accumulate
 * starts (a cumsum of `[-0]` is `[-0]`; exclusive, the element after the
 * leading 0 or 1 is the first input element as it is).
 */
import { allocate, type DType, isInteger } from "../dtype.js";
import { traced } from "../autodiff/tape.js";
import { contiguousStrides } from "../kernels/plan.js";
import { scanLayout } from "../shape/scan.js";
import { checkOptionFields, describe } from "../shape/validate.js";
import { copyElements, Tensor, viewOf } from "../tensor.js";
import { assertTensor, type View } from "./engine.js";
import type { ScanOp, ScanOptions } from "./types.js";

const OPTIONS = ["exclusive", "reverse"] as const;

function scanOptions(op: string, options: unknown): Required<{ [K in keyof ScanOptions]: boolean }> {
  const fields = checkOptionFields(op, options, OPTIONS, "{ exclusive: true, reverse: true }") as ScanOptions;
  const read = (name: (typeof OPTIONS)[number]): boolean => {
    const value = fields[name] ?? false;
    if (typeof value !== "boolean") throw new TypeError(`${op}: ${name} must be a boolean, got ${describe(value)}`);
    return value;
  };
  return { exclusive: read("exclusive"), reverse: read("reverse") };
}

/** The dtype a cumulative op gives: `sum`'s (bool and uint8 accumulate in int32). */
const scanDType = (d: DType): DType => (d === "bool" || d === "uint8" ? "int32" : d);

function scan(op: string, x: unknown, axis: unknown, options: unknown, product: boolean): Tensor {
  assertTensor(op, "x", x);
  const { exclusive, reverse } = scanOptions(op, options);
  const layout = scanLayout(op, x.shape, axis);
  const dtype = scanDType(x.dtype);
  // no axis: the elements in row-major order, one contiguous run
  const source: View = layout.axis === undefined ? { data: copyElements(op, x), shape: layout.shape, strides: [1], offset: 0 } : viewOf(x);
  const at = layout.axis ?? 0;
  const shape = layout.shape;
  const rank = shape.length;
  const outStrides = contiguousStrides(shape);
  const size = shape.reduce((p, d) => p * d, 1);
  const out = allocate(op, dtype, size);
  const length = shape[at]!;
  if (size === 0) return new Tensor(out, shape, outStrides, 0, dtype);
  const integer = isInteger(dtype);
  const identity = product ? 1 : 0;
  const combine = product ? (integer ? Math.imul : (a: number, b: number) => a * b) : integer ? (a: number, b: number) => (a + b) | 0 : (a: number, b: number) => a + b;
  const inStep = (reverse ? -1 : 1) * source.strides[at]!;
  const outStep = (reverse ? -1 : 1) * outStrides[at]!;
  // every position of the other axes, as an odometer
  const others = [...Array(rank).keys()].filter((a) => a !== at);
  const index = others.map(() => 0);
  const slices = size / length;
  for (let s = 0; s < slices; s++) {
    let inStart = source.offset + (reverse ? (length - 1) * source.strides[at]! : 0);
    let outStart = reverse ? (length - 1) * outStrides[at]! : 0;
    for (let k = 0; k < others.length; k++) {
      inStart += index[k]! * source.strides[others[k]!]!;
      outStart += index[k]! * outStrides[others[k]!]!;
    }
    // the first accumulated element is taken as it is (so a -0 stays -0), as NumPy's accumulate
    let q = outStart;
    let first = 0;
    if (exclusive) {
      out[q] = identity;
      q += outStep;
      first = 1;
    }
    if (length > first) {
      let p = inStart;
      let acc = source.data[p]!;
      out[q] = acc;
      for (let i = first + 1; i < length; i++) {
        p += inStep;
        q += outStep;
        acc = combine(acc, source.data[p]!);
        out[q] = acc;
      }
    }
    for (let k = others.length - 1; k >= 0; k--) {
      if (++index[k]! < shape[others[k]!]!) break;
      index[k] = 0;
    }
  }
  return new Tensor(out, shape, outStrides, 0, dtype);
}

/** Cumulative sums along `axis` (the flattened tensor when omitted); `{ exclusive, reverse }`. */
export const cumsum = /* @__PURE__ */ traced("cumsum", (x: unknown, axis?: unknown, options?: unknown) => scan("cumsum", x, axis, options, false)) as ScanOp<"cumsum">;

/** Cumulative products along `axis` (the flattened tensor when omitted); `{ exclusive, reverse }`. */
export const cumprod = /* @__PURE__ */ traced("cumprod", (x: unknown, axis?: unknown, options?: unknown) => scan("cumprod", x, axis, options, true)) as ScanOp<"cumprod">;
