/**
 * Convolution and pooling exported to ONNX and run by ONNX Runtime: conv1d,
 * conv2d, depthwiseConv2d, conv2dTranspose, maxPool1d/2d and avgPool1d/2d in
 * both layouts, with strides, dilations, "valid", "same" and explicit
 * padding, groups, depthwise multipliers and outputPadding, in float32 (ONNX's
 * own Conv and pools) and float64 (taps and MatMul, as ONNX Runtime has no
 * float64 Conv). Inputs have a symbolic batch axis, run at two sizes
 * (test/onnx/harness.ts); some have symbolic spatial axes too, where "same"
 * padding depends on the size.
 */
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import { type DType, type Tensor } from "shapecast";
import { exportOnnx } from "shapecast/onnx";
import { checkOnnx, randomInput } from "./harness.js";

type Fn = (...args: never[]) => unknown;
type Op = (...args: unknown[]) => Tensor;
const ops = sc as unknown as Record<"conv1d" | "conv2d" | "depthwiseConv2d" | "conv2dTranspose" | "maxPool1d" | "maxPool2d" | "avgPool1d" | "avgPool2d", Op>;

let seed = 100;
/** A captured weight (an initializer in the graph). */
const weight = (shape: number[], dtype: DType = "float32"): Tensor => sc.randn(shape, { seed: seed++, dtype: dtype === "float64" ? "float64" : "float32" });

/** A convolution of x by a captured w, exported with x's spec. */
const convCase = (op: keyof typeof ops, x: { shape: (number | string)[]; dtype?: DType }, w: Tensor, options: object, extra: object = {}) =>
  checkOnnx(((input: Tensor) => ops[op](input, w, options)) as Fn, [x], { weights: { w }, ...extra });

const poolCase = (op: keyof typeof ops, x: { shape: (number | string)[]; dtype?: DType }, options: object, extra: object = {}) =>
  checkOnnx(((input: Tensor) => ops[op](input, options)) as Fn, [x], extra);

/** Random values for integer inputs too (the harness makes zeros by default). */
const randomAll = (_: number, shape: number[], dtype: DType): Tensor => randomInput(shape, dtype);

const floats = ["float32", "float64"] as const;

describe("conv2d", () => {
  for (const dtype of floats) {
    it(`${dtype}: NHWC, valid (the defaults)`, async () => {
      await convCase("conv2d", { shape: ["batch", 7, 6, 3], dtype }, weight([3, 3, 3, 4], dtype), {});
    });
    it(`${dtype}: NCHW, stride 2, same`, async () => {
      await convCase("conv2d", { shape: ["batch", 3, 7, 8], dtype }, weight([5, 3, 3, 3], dtype), { layout: "NCHW", strides: 2, padding: "same" });
    });
    it(`${dtype}: NHWC, dilation 2, explicit [before, after] pads, per-axis strides`, async () => {
      await convCase("conv2d", { shape: ["batch", 9, 8, 2], dtype }, weight([3, 2, 2, 3], dtype), { dilations: 2, strides: [1, 2], padding: [[1, 2], [0, 3]] });
    });
    it(`${dtype}: NCHW, groups 2, padding 1, dilations per axis`, async () => {
      await convCase("conv2d", { shape: ["batch", 4, 6, 7], dtype }, weight([6, 2, 3, 3], dtype), { layout: "NCHW", groups: 2, padding: 1, dilations: [2, 1] });
    });
    it(`${dtype}: NHWC, groups 3, same, stride 2, dilation 2`, async () => {
      await convCase("conv2d", { shape: ["batch", 8, 7, 6], dtype }, weight([3, 3, 2, 9], dtype), { groups: 3, padding: "same", strides: 2, dilations: 2 });
    });
  }
  it("the filter as a second input (NHWC and NCHW)", async () => {
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv2d(x, w, { padding: "same", strides: 2 })) as Fn, [{ shape: ["batch", 6, 5, 3] }, { shape: [3, 3, 3, 4] }]);
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv2d(x, w, { layout: "NCHW", groups: 2 })) as Fn, [{ shape: ["batch", 4, 5, 5], dtype: "float64" }, { shape: [6, 2, 2, 3], dtype: "float64" }]);
  });
  it("int32 and uint8 operands: an integer result wraps as shapecast's, a float32 one rounds int32 first", async () => {
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv2d(x, w, { padding: "same" })) as Fn, [{ shape: ["batch", 5, 4, 2], dtype: "int32" }, { shape: [2, 2, 2, 3], dtype: "int32" }], { make: randomAll });
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv2d(x, w, { layout: "NCHW", groups: 2 })) as Fn, [{ shape: ["batch", 2, 5, 4], dtype: "uint8" }, { shape: [4, 1, 2, 2], dtype: "uint8" }], {
      make: (_, shape, dtype) => randomInput(shape, "float32").mul(40).abs().cast(dtype),
    });
    await convCase("conv2d", { shape: ["batch", 5, 4, 2], dtype: "int32" }, weight([2, 2, 2, 3]), { strides: 2 }, { make: randomAll });
    // products past 2^31 wrap in int32 in both engines
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv1d(x, w, { layout: "NCW" })) as Fn, [{ shape: ["batch", 2, 6], dtype: "int32" }, { shape: [3, 2, 2], dtype: "int32" }], {
      make: (_, shape, dtype) => randomInput(shape, "float32").mul(2 ** 24).cast(dtype),
    });
  });
  it("symbolic spatial sizes with same padding: SAME_UPPER where ONNX Runtime pads as shapecast, pads computed in the graph elsewhere", async () => {
    const sizes = [{ batch: 2, h: 7, w: 6 }, { batch: 3, h: 8, w: 9 }];
    const traceSizes = { batch: [2, 3], h: [7, 8], w: [6, 9] } as const;
    // SAME_UPPER: stride 2 within a span of 3
    const plain = await convCase("conv2d", { shape: ["batch", "h", "w", 3] }, weight([3, 3, 3, 4]), { padding: "same", strides: 2 }, { sizes, traceSizes });
    expect(new TextDecoder().decode(plain)).toContain("SAME_UPPER");
    // dilation (which ONNX Runtime's SAME_UPPER refuses) and a stride beyond the span: a Pad node
    const dilated = await convCase("conv2d", { shape: ["batch", 3, "h", "w"] }, weight([4, 3, 2, 2]), { layout: "NCHW", padding: "same", strides: 2, dilations: 2 }, { sizes, traceSizes });
    expect(new TextDecoder().decode(dilated)).not.toContain("SAME_UPPER");
    // (a stride beyond the span: ONNX's SAME_UPPER total pad would be negative at h = 9, so the pads are computed)
    await convCase("conv2d", { shape: ["batch", "h", "w", 2] }, weight([1, 2, 2, 3]), { padding: "same", strides: 3 }, { sizes: [{ batch: 2, h: 7, w: 6 }, { batch: 3, h: 9, w: 8 }], traceSizes });
    await convCase("conv2d", { shape: ["batch", "h", "w", 2], dtype: "float64" }, weight([3, 3, 2, 3], "float64"), { padding: "same", strides: 2, dilations: [1, 2] }, { sizes, traceSizes });
  });
});

describe("conv1d", () => {
  for (const dtype of floats) {
    it(`${dtype}: NWC, valid`, async () => {
      await convCase("conv1d", { shape: ["batch", 9, 3], dtype }, weight([4, 3, 5], dtype), {});
    });
    it(`${dtype}: NCW, stride 2, same`, async () => {
      await convCase("conv1d", { shape: ["batch", 3, 10], dtype }, weight([4, 3, 3], dtype), { layout: "NCW", strides: 2, padding: "same" });
    });
    it(`${dtype}: NWC, dilation 2, explicit pads, groups 2`, async () => {
      await convCase("conv1d", { shape: ["batch", 11, 4], dtype }, weight([3, 2, 6], dtype), { dilations: 2, padding: [[2, 1]], groups: 2 });
    });
    it(`${dtype}: NCW, stride 3, dilation 2, same, symbolic length`, async () => {
      await convCase("conv1d", { shape: ["batch", 2, "len"], dtype }, weight([3, 2, 2], dtype), { layout: "NCW", strides: 3, dilations: 2, padding: "same" }, {
        sizes: [{ batch: 2, len: 10 }, { batch: 4, len: 8 }],
        traceSizes: { batch: [2, 4], len: [10, 8] },
      });
    });
  }
});

describe("depthwiseConv2d", () => {
  for (const dtype of floats) {
    it(`${dtype}: NHWC, multiplier 2, same`, async () => {
      await convCase("depthwiseConv2d", { shape: ["batch", 6, 7, 3], dtype }, weight([3, 3, 3, 2], dtype), { padding: "same" });
    });
    it(`${dtype}: NCHW, multiplier 3, stride 2, dilation 2, explicit pads`, async () => {
      await convCase("depthwiseConv2d", { shape: ["batch", 2, 9, 8], dtype }, weight([6, 1, 2, 3], dtype), { layout: "NCHW", strides: 2, dilations: 2, padding: [[1, 0], [2, 1]] });
    });
    it(`${dtype}: NHWC, multiplier 1, stride 2, valid`, async () => {
      await convCase("depthwiseConv2d", { shape: ["batch", 7, 7, 4], dtype }, weight([2, 2, 4, 1], dtype), { strides: 2 });
    });
  }
});

describe("conv2dTranspose", () => {
  for (const dtype of floats) {
    it(`${dtype}: NHWC, stride 2, same`, async () => {
      await convCase("conv2dTranspose", { shape: ["batch", 4, 5, 6], dtype }, weight([3, 3, 2, 6], dtype), { strides: 2, padding: "same" });
    });
    it(`${dtype}: NCHW, stride 2, padding 1, outputPadding 1`, async () => {
      await convCase("conv2dTranspose", { shape: ["batch", 3, 4, 4], dtype }, weight([3, 4, 3, 3], dtype), { layout: "NCHW", strides: 2, padding: 1, outputPadding: 1 });
    });
    it(`${dtype}: NHWC, groups 2, dilation 2, valid, per-axis strides and outputPadding`, async () => {
      await convCase("conv2dTranspose", { shape: ["batch", 3, 4, 4], dtype }, weight([2, 3, 3, 4], dtype), { groups: 2, dilations: 2, strides: [2, 3], outputPadding: [1, 2] });
    });
    it(`${dtype}: NCHW, groups 3, explicit pads wider than the kernel`, async () => {
      await convCase("conv2dTranspose", { shape: ["batch", 3, 5, 4], dtype }, weight([3, 2, 2, 2], dtype), { layout: "NCHW", groups: 3, strides: 3, padding: [[3, 1], [2, 4]] });
    });
    it(`${dtype}: a 1x1 kernel, stride 3, same and outputPadding (cells past the full transpose)`, async () => {
      await convCase("conv2dTranspose", { shape: ["batch", 3, 4, 2], dtype }, weight([1, 1, 3, 2], dtype), { strides: 3, padding: "same", outputPadding: 2 });
    });
    it(`${dtype}: symbolic spatial sizes, stride 2, same`, async () => {
      await convCase("conv2dTranspose", { shape: ["batch", 2, "h", "w"], dtype }, weight([2, 3, 4, 3], dtype), { layout: "NCHW", strides: 2, padding: "same" }, {
        sizes: [{ batch: 2, h: 3, w: 4 }, { batch: 3, h: 5, w: 2 }],
      });
    });
  }
  it("the filter as a second input", async () => {
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv2dTranspose(x, w, { strides: 2, padding: "same" })) as Fn, [{ shape: ["batch", 3, 3, 2] }, { shape: [3, 3, 4, 2] }]);
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv2dTranspose(x, w, { strides: 2, layout: "NCHW", groups: 2 })) as Fn, [{ shape: ["batch", 4, 3, 3], dtype: "float64" }, { shape: [4, 1, 2, 3], dtype: "float64" }]);
  });
  it("int32 operands", async () => {
    await checkOnnx(((x: Tensor, w: Tensor) => ops.conv2dTranspose(x, w, { strides: 2, padding: 1, outputPadding: 1 })) as Fn, [{ shape: ["batch", 3, 3, 2], dtype: "int32" }, { shape: [3, 3, 2, 2], dtype: "int32" }], { make: randomAll });
  });
});

describe("maxPool", () => {
  for (const dtype of floats) {
    it(`${dtype}: maxPool2d NHWC, size 2 (stride 2, valid)`, async () => {
      await poolCase("maxPool2d", { shape: ["batch", 6, 7, 3], dtype }, { size: 2 });
    });
    it(`${dtype}: maxPool2d NCHW, size 3, stride 2, same`, async () => {
      await poolCase("maxPool2d", { shape: ["batch", 2, 7, 8], dtype }, { size: 3, strides: 2, padding: "same", layout: "NCHW" });
    });
    it(`${dtype}: maxPool2d explicit pads, per-axis sizes and strides`, async () => {
      await poolCase("maxPool2d", { shape: ["batch", 7, 6, 2], dtype }, { size: [3, 2], strides: [2, 1], padding: [[1, 2], [0, 1]] });
    });
    it(`${dtype}: maxPool1d NWC and NCW`, async () => {
      await poolCase("maxPool1d", { shape: ["batch", 9, 3], dtype }, { size: 3, strides: 2, padding: "same" });
      await poolCase("maxPool1d", { shape: ["batch", 3, 9], dtype }, { size: 2, strides: 1, padding: 1, layout: "NCW" });
    });
  }
  it("int32, uint8 and bool keep their dtype", async () => {
    await poolCase("maxPool2d", { shape: ["batch", 4, 4, 2], dtype: "int32" }, { size: 2, padding: "same", strides: 1 }, { make: randomAll });
    await poolCase("maxPool1d", { shape: ["batch", 2, 7], dtype: "uint8" }, { size: 3, layout: "NCW", padding: "same" }, { make: randomAll });
    await poolCase("maxPool2d", { shape: ["batch", 4, 5, 2], dtype: "bool" }, { size: 2 }, { make: (_: number, shape: number[]) => randomInput(shape, "float32").greater(0.5) });
  });
  it("symbolic spatial sizes with same padding (SAME_UPPER, and a Pad of -inf where the stride passes the window)", async () => {
    const sizes = [{ batch: 2, h: 7, w: 6 }, { batch: 3, h: 8, w: 10 }];
    await poolCase("maxPool2d", { shape: ["batch", "h", "w", 2] }, { size: 3, strides: 2, padding: "same" }, { sizes });
    await poolCase("maxPool2d", { shape: ["batch", 2, "h", "w"], dtype: "float64" }, { size: 2, strides: 4, padding: "same", layout: "NCHW" }, { sizes });
  });
});

describe("avgPool", () => {
  for (const dtype of floats) {
    it(`${dtype}: avgPool2d NHWC, size 2 (valid)`, async () => {
      await poolCase("avgPool2d", { shape: ["batch", 6, 5, 3], dtype }, { size: 2 });
    });
    it(`${dtype}: avgPool2d NCHW, size 3, stride 2, same (padding not counted)`, async () => {
      await poolCase("avgPool2d", { shape: ["batch", 2, 7, 8], dtype }, { size: 3, strides: 2, padding: "same", layout: "NCHW" });
    });
    it(`${dtype}: avgPool2d explicit pads, per-axis sizes`, async () => {
      await poolCase("avgPool2d", { shape: ["batch", 7, 6, 2], dtype }, { size: [3, 2], strides: [1, 2], padding: [[2, 1], [1, 0]] });
    });
    it(`${dtype}: avgPool1d NWC and NCW`, async () => {
      await poolCase("avgPool1d", { shape: ["batch", 10, 3], dtype }, { size: 4, strides: 3, padding: "same" });
      await poolCase("avgPool1d", { shape: ["batch", 3, 8], dtype }, { size: 3, strides: 1, padding: 1, layout: "NCW" });
    });
    it(`${dtype}: symbolic spatial sizes with same padding`, async () => {
      const sizes = [{ batch: 2, h: 7, w: 6 }, { batch: 3, h: 8, w: 10 }];
      await poolCase("avgPool2d", { shape: ["batch", "h", "w", 2], dtype }, { size: 3, strides: 2, padding: "same" }, { sizes });
      await poolCase("avgPool2d", { shape: ["batch", 2, "h", "w"], dtype }, { size: 2, strides: 3, padding: "same", layout: "NCHW" }, { sizes });
    });
  }
  it("int32, uint8 and bool average in float32", async () => {
    await poolCase("avgPool2d", { shape: ["batch", 4, 4, 2], dtype: "int32" }, { size: 2, padding: "same", strides: 1 }, { make: randomAll });
    await poolCase("avgPool1d", { shape: ["batch", 2, 7], dtype: "uint8" }, { size: 3, layout: "NCW", padding: "same" }, { make: randomAll });
    await poolCase("avgPool1d", { shape: ["batch", 7, 2], dtype: "bool" }, { size: 2, strides: 1 }, { make: (_: number, shape: number[]) => randomInput(shape, "float32").greater(0) });
  });
});

describe("a small network", () => {
  it("conv, relu, max pool, transpose back, avg pool: channels-last end to end", async () => {
    const w1 = weight([3, 3, 2, 4]);
    const w2 = weight([2, 2, 3, 4]);
    const net = (x: Tensor): Tensor => {
      const h = ops.maxPool2d(sc.relu(ops.conv2d(x, w1, { padding: "same" })), { size: 2 });
      return ops.avgPool2d(ops.conv2dTranspose(h, w2, { strides: 2 }), { size: 3, strides: 1, padding: "same" });
    };
    await checkOnnx(net as Fn, [{ shape: ["batch", 8, 6, 2] }], { weights: { w1, w2 } });
  });
  it("at opset 21, float32 and float64", async () => {
    const w = weight([3, 3, 2, 4]);
    const w64 = weight([3, 3, 2, 4], "float64");
    const net = (k: Tensor) => (x: Tensor): Tensor => ops.avgPool2d(ops.maxPool2d(ops.conv2d(x, k, { padding: "same", strides: 2 }), { size: 2, strides: 1, padding: "same" }), { size: 2, padding: [[0, 1], [1, 0]] });
    await checkOnnx(net(w) as Fn, [{ shape: ["batch", 7, 6, 2] }], { weights: { w }, opset: 21 });
    await checkOnnx(net(w64) as Fn, [{ shape: ["batch", 7, 6, 2], dtype: "float64" }], { weights: { w: w64 }, opset: 21 });
  });
});

describe("what cannot be exported", () => {
  it("a depthwise convolution over a symbolic number of channels", () => {
    expect(() => exportOnnx(((x: Tensor, w: Tensor) => ops.depthwiseConv2d(x, w, {})) as never, [{ shape: [1, 5, 5, "c"] }, { shape: [3, 3, "c", 2] }] as never)).toThrow(/depthwiseConv2d's channels .* must be fixed/);
  });
});
