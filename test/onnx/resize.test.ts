/**
 * resize and upsample exported to ONNX and run by ONNX Runtime: both modes,
 * every coordinate mapping, both layouts, every dtype (Resize where ONNX
 * Runtime computes shapecast's values, the taps written out for float64 and
 * for nearest resizes whose outputs may fall on cell boundaries), at symbolic
 * batch, channel and spatial sizes (test/onnx/harness.ts runs each at two).
 */
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import type { DType, Tensor } from "shapecast";
import { exportOnnx } from "shapecast/onnx";
import { checkOnnx, randomInput } from "./harness.js";

type Fn = (...args: never[]) => unknown;
type Op = (...args: unknown[]) => Tensor;
const resize = sc.resize as unknown as Op;
const upsample = sc.upsample as unknown as Op;

const MODES = ["nearest", "bilinear"] as const;
const COORDINATES = ["half-pixel", "align-corners", "asymmetric"] as const;

/** Random values for integer and bool inputs too (the harness makes zeros for them). */
const randomAll = (_: number, shape: number[], dtype: DType): Tensor => (dtype === "bool" ? randomInput(shape, "float32").greater(0.3) : randomInput(shape, dtype));

/** The ONNX ops of `fn`'s export on `inputs`. */
const opTypes = (fn: Fn, inputs: readonly { shape: (number | string)[]; dtype?: DType }[]): string[] => {
  const bytes = exportOnnx(fn as never, inputs as never);
  return ["Resize", "Gather"].filter((name) => new TextDecoder().decode(bytes).includes(name));
};

describe("resize and upsample", () => {
  for (const mode of MODES) {
    for (const coordinates of COORDINATES) {
      it(`${mode}, ${coordinates}: upsample and resize, NHWC and NCHW, symbolic sizes`, async () => {
        const options = { mode, coordinates };
        await checkOnnx(((x: Tensor) => upsample(x, 2, options)) as Fn, [{ shape: ["batch", "h", "w", 3] }]);
        await checkOnnx(((x: Tensor) => upsample(x, [3, 2], { ...options, layout: "NCHW" })) as Fn, [{ shape: ["batch", "c", "h", "w"] }]);
        await checkOnnx(((x: Tensor) => resize(x, [7, 3], options)) as Fn, [{ shape: ["batch", "h", "w", "c"] }], { sizes: [{ batch: 2, h: 14, w: 6, c: 2 }, { batch: 1, h: 5, w: 9, c: 3 }] });
        await checkOnnx(((x: Tensor) => resize(x, [2, 11], { ...options, layout: "NCHW" })) as Fn, [{ shape: ["batch", 2, 14, 4] }]);
        await checkOnnx(((x: Tensor) => resize(x, [1, 1], options)) as Fn, [{ shape: ["batch", 3, 4, 2], dtype: "float64" }]);
      });
    }
  }

  it("every dtype: nearest keeps it, bilinear gives float32 (float64 stays)", async () => {
    for (const dtype of ["float32", "float64", "int32", "uint8", "bool"] as const) {
      for (const mode of MODES) {
        await checkOnnx(((x: Tensor) => [upsample(x, 2, { mode }), resize(x, [5, 3], { mode, layout: "NCHW" })]) as Fn, [{ shape: ["batch", 2, 4, 3], dtype }], { make: randomAll });
      }
    }
  });

  it("writes Resize where ONNX Runtime computes shapecast's values, the taps elsewhere", () => {
    expect(opTypes((x: Tensor) => upsample(x, 2, { mode: "nearest" }), [{ shape: ["batch", 4, 4, 3] }])).toEqual(["Resize"]);
    expect(opTypes((x: Tensor) => resize(x, [5, 5]), [{ shape: ["batch", 4, 4, 3] }])).toEqual(["Resize"]);
    expect(opTypes((x: Tensor) => resize(x, [5, 5], { mode: "nearest", coordinates: "align-corners" }), [{ shape: ["batch", 4, 4, 3] }])).toEqual(["Resize"]);
    expect(opTypes((x: Tensor) => resize(x, [2, 5], { mode: "nearest" }), [{ shape: ["batch", 14, 4, 3] }])).toEqual(["Gather"]);
    expect(opTypes((x: Tensor) => upsample(x, 2), [{ shape: ["batch", 4, 4, 3], dtype: "float64" }])).toEqual(["Gather"]);
  });

  it("an upsample feeding a convolution, as a U-Net's decoder step", async () => {
    const w = sc.randn([1, 1, 3, 2], { seed: 3 });
    await checkOnnx(((x: Tensor) => sc.conv2d(upsample(x, 2) as never, w as never) as unknown) as Fn, [{ shape: ["batch", "h", "w", 3] }], { weights: { w } });
  });
});
