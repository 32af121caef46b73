/**
 * Lowerings of `resize` and `upsample`: ONNX's Resize where ONNX Runtime
 * computes what shapecast computes at every size the graph can take, and the
 * taps of src/kernels/resize.ts written out (Gather of the cells each output
 * reads, blended by weights computed in the graph) elsewhere.
 *
 * Resize's attributes: `mode` "nearest" or "linear"; `coordinate_transformation_mode`
 * half_pixel, align_corners or asymmetric (shapecast's `"half-pixel"`, whose
 * output of 1 reads the input's center, is ONNX's half_pixel, not
 * pytorch_half_pixel); `nearest_mode` "floor" for `"asymmetric"` and
 * "round_prefer_ceil" for the others. `upsample` gives its scales (`scales`
 * input), `resize` its sizes (`sizes`, N and C read from x's shape, so they
 * may be symbolic).
 *
 * Where the taps are written instead:
 * - float64 (ONNX Runtime's Resize takes float32, int32, uint8 and int8):
 *   both modes, in doubles as shapecast computes them;
 * - nearest `resize` with `"half-pixel"` or `"asymmetric"` coordinates: ONNX
 *   Runtime computes the source coordinate in float32 from the ratio
 *   out / in, and where an output falls exactly on a cell boundary (14 to 2
 *   cells: output 1 at input 7) it can land just below it and pick the cell
 *   before; shapecast's cell is the exact one, computed from integers, and
 *   the graph computes it the same way (int64). An integer scale (`upsample`)
 *   and `"align-corners"` never fall short of a boundary in float32, so those
 *   stay Resize.
 *
 * Dtypes: nearest keeps every dtype (bool through uint8); bilinear runs in
 * float32 on everything but float64, int32 and uint8 converted first, as
 * shapecast does.
 */
import type { DType } from "../../dtype.js";
import { resizeLayout, type ResizeLayout, upsampleLayout } from "../../shape/resize.js";
import type { Tensor } from "../../tensor.js";
import { onnx } from "../proto.js";
import { int, string } from "../graph.js";
import type { LowerContext, Lowering } from "./context.js";

const { DataType } = onnx.TensorProto;

const ONNX_COORDINATES = { "half-pixel": "half_pixel", "align-corners": "align_corners", asymmetric: "asymmetric" } as const;

/** The dtype Resize runs in for x's dtype and the mode; undefined where the taps are written. */
function resizeDType(dtype: DType, mode: ResizeLayout["mode"]): DType | undefined {
  if (dtype === "float64") return undefined;
  if (mode === "bilinear") return "float32";
  return dtype === "bool" ? "uint8" : dtype;
}

/** A 1-D int64 value as a scalar (Range takes scalars). */
const scalarOf = (ctx: LowerContext, value: string): string => ctx.node1("Reshape", [value, ctx.int64s([])]);

/** The size of axis `axis` of `value`, as a 1-D int64 of one entry. */
const sizeAt = (ctx: LowerContext, value: string, axis: number): string => ctx.node1("Shape", [value], { start: int(axis), end: int(axis + 1) });

/**
 * The taps of one axis in the graph, from its input size `input` and output size `output`
 * (1-D int64 values of one entry), as src/kernels/resize.ts computes them: the cell of each
 * output (nearest), or the two cells and the second one's weight in doubles (bilinear).
 */
function axisTaps(ctx: LowerContext, layout: ResizeLayout, input: string, output: string): { lo: string; hi?: string; frac?: string } {
  const x = ctx.node1("Range", [scalarOf(ctx, ctx.int64s([0])), scalarOf(ctx, output), scalarOf(ctx, ctx.int64s([1]))]);
  const last = ctx.node1("Sub", [input, ctx.int64s([1])]);
  if (layout.mode === "nearest") {
    const twice = (v: string) => ctx.node1("Mul", [v, ctx.int64s([2])]);
    const [numerator, denominator] =
      layout.coordinates === "asymmetric" ? [ctx.node1("Mul", [x, input]), output]
      : layout.coordinates === "half-pixel" ? [ctx.node1("Mul", [ctx.node1("Add", [twice(x), ctx.int64s([1])]), input]), twice(output)]
      // (2x(in - 1) + out - 1) / (2(out - 1)), whose denominator is at least 1 (an output of 1 reads cell 0)
      : [
          ctx.node1("Add", [ctx.node1("Mul", [twice(x), last]), ctx.node1("Sub", [output, ctx.int64s([1])])]),
          ctx.node1("Max", [twice(ctx.node1("Sub", [output, ctx.int64s([1])])), ctx.int64s([1])]),
        ];
    return { lo: ctx.node1("Min", [ctx.node1("Div", [numerator, denominator]), last]) };
  }
  const double = (v: string) => ctx.node1("Cast", [v], { to: int(DataType.DOUBLE) });
  const [xf, outf, lastf] = [double(x), double(output), double(last)];
  const one = () => ctx.scalar(1, "float64");
  const twice = (v: string) => ctx.node1("Mul", [v, ctx.scalar(2, "float64")]);
  // (each in doubles, as the kernel: products of integers exact, one division)
  const point =
    layout.coordinates === "asymmetric" ? ctx.node1("Div", [ctx.node1("Mul", [xf, double(input)]), outf])
    : layout.coordinates === "half-pixel" ? ctx.node1("Div", [ctx.node1("Sub", [ctx.node1("Mul", [ctx.node1("Add", [twice(xf), one()]), double(input)]), outf]), twice(outf)])
    : ctx.node1("Div", [ctx.node1("Mul", [xf, lastf]), ctx.node1("Max", [ctx.node1("Sub", [outf, one()]), one()])]);
  const clamped = ctx.node1("Max", [ctx.node1("Min", [point, lastf]), ctx.scalar(0, "float64")]);
  const base = ctx.node1("Floor", [clamped]);
  const lo = ctx.node1("Cast", [base], { to: int(DataType.INT64) });
  return { lo, hi: ctx.node1("Min", [ctx.node1("Add", [lo, ctx.int64s([1])]), last]), frac: ctx.node1("Sub", [clamped, base]) };
}

/** The taps way: Gather of the cells each output reads along H, then W; bilinear blends them by the weights, W first. */
function taps(ctx: LowerContext, layout: ResizeLayout, xv: string, outputs: readonly [string, string]): string {
  const hAxis = layout.first;
  const wAxis = layout.first + 1;
  const h = axisTaps(ctx, layout, sizeAt(ctx, xv, hAxis), outputs[0]);
  const w = axisTaps(ctx, layout, sizeAt(ctx, xv, wAxis), outputs[1]);
  const gather = (v: string, indices: string, axis: number) => ctx.node1("Gather", [v, indices], { axis: int(axis) });
  if (layout.mode === "nearest") return gather(gather(xv, h.lo, hAxis), w.lo, wAxis);
  // the weights laid along their axes: H and W are followed by C in NHWC, H by W in NCHW
  const along = (frac: string, trailing: number) => ctx.node1("Reshape", [frac, ctx.int64s([-1, ...new Array<number>(trailing).fill(1)])]);
  const fy = along(h.frac!, 3 - hAxis);
  const fx = along(w.frac!, 3 - wAxis);
  const top = gather(xv, h.lo, hAxis);
  const bottom = gather(xv, h.hi!, hAxis);
  const blend = (a: string, b: string, f: string) => ctx.node1("Add", [a, ctx.node1("Mul", [ctx.node1("Sub", [b, a]), f])]);
  const upper = blend(gather(top, w.lo, wAxis), gather(top, w.hi!, wAxis), fx);
  const lower = blend(gather(bottom, w.lo, wAxis), gather(bottom, w.hi!, wAxis), fx);
  return blend(upper, lower, fy);
}

const resizeOf =
  (op: "resize" | "upsample"): Lowering =>
  (ctx, call) => {
    const [x, arg, options] = call.args as [Tensor, unknown, unknown];
    const out = call.outputs[0]!;
    const layout = (op === "resize" ? resizeLayout : upsampleLayout)(op, x.shape, arg, options);
    const { first, mode, coordinates } = layout;
    const xv = ctx.value(x);
    // the output sizes of H and W in the graph: fixed, or the input's times the scale
    const factors = op === "upsample" ? upsampleFactors(arg) : undefined;
    const outputs = [0, 1].map((j) => (factors === undefined ? ctx.int64s([layout.output[j]!]) : ctx.node1("Mul", [sizeAt(ctx, xv, first + j), ctx.int64s([factors[j]!])]))) as [string, string];
    const dtype = resizeDType(x.dtype, mode);
    const exact = mode === "bilinear" || op === "upsample" || coordinates === "align-corners";
    if (dtype === undefined || !exact) {
      ctx.bind(out, ctx.cast(taps(ctx, layout, xv, outputs), x.dtype, out.dtype));
      return;
    }
    const input = ctx.cast(xv, x.dtype, dtype);
    const attributes = {
      mode: string(mode === "nearest" ? "nearest" : "linear"),
      coordinate_transformation_mode: string(ONNX_COORDINATES[coordinates]),
      nearest_mode: string(coordinates === "asymmetric" ? "floor" : "round_prefer_ceil"),
    };
    let y: string;
    if (factors !== undefined) {
      const all = first === 2 ? [1, 1, factors[0]!, factors[1]!] : [1, factors[0]!, factors[1]!, 1];
      y = ctx.node1("Resize", [input, "", ctx.node1("Cast", [ctx.int64s(all)], { to: int(DataType.FLOAT) })], attributes);
    } else {
      const sizes = first === 2 ? [sizesOf(ctx, xv, 0, 2), ...outputs] : [sizesOf(ctx, xv, 0, 1), ...outputs, sizesOf(ctx, xv, 3, 4)];
      y = ctx.node1("Resize", [input, "", "", ctx.node1("Concat", sizes, { axis: int(0) })], attributes);
    }
    ctx.bind(out, ctx.cast(y, dtype, out.dtype));
  };

/** The sizes of axes `start` to `end` of `value`. */
const sizesOf = (ctx: LowerContext, value: string, start: number, end: number): string => ctx.node1("Shape", [value], { start: int(start), end: int(end) });

/** upsample's scale per spatial axis (checked by the forward op already). */
const upsampleFactors = (scale: unknown): [number, number] => (Array.isArray(scale) ? [scale[0] as number, scale[1] as number] : [scale as number, scale as number]);

export const resizeLowerings: Record<string, Lowering> = {
  resize: resizeOf("resize"),
  upsample: resizeOf("upsample"),
};
