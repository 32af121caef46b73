/**
 * The normalisations exported to ONNX and run by ONNX Runtime: layerNorm,
 * rmsNorm and batchNorm with every option (the first normalised axis,
 * epsilon, batchNorm's layout), parameters given as inputs or captured as
 * weights, in every dtype, at opsets 17, 18 and 21. Each case runs at two
 * batch sizes (test/onnx/harness.ts).
 */
import { describe, it } from "vitest";
import { batchNorm, type DType, layerNorm, randn, rmsNorm, type Tensor } from "shapecast";
import { checkOnnx, randomInput } from "./harness.js";

type Fn = (...args: never[]) => unknown;
const fn = (f: (...args: Tensor[]) => unknown): Fn => f as Fn;

/** Random inputs for every dtype: small integers (0 to 5) for int32, uint8 and bool, normal floats otherwise. */
const anyDType = (_: number, shape: number[], dtype: DType): Tensor => randomInput(shape, dtype);

/** Normal floats around 300, spread 1: a slice's mean is large against its spread. */
const offset = (_: number, shape: number[], dtype: DType): Tensor => randomInput(shape, dtype).add(300).cast(dtype);

/** Normal floats times 1e-3 for x (argument 0): a slice's spread near the default epsilon, so that epsilon counts. */
const small = (index: number, shape: number[], dtype: DType): Tensor | undefined => (index === 0 ? randomInput(shape, dtype).mul(1e-3).cast(dtype) : undefined);

/** batchNorm's inputs: x normal, the variance (argument 2) positive, the rest normal. */
const batchInputs = (index: number, shape: number[], dtype: DType): Tensor => {
  const t = randomInput(shape, dtype);
  return index === 2 ? t.abs().add(0.25).cast(dtype) : t;
};

describe("layerNorm", () => {
  it("over the last axis (default), gamma and beta as inputs", async () => {
    await checkOnnx(fn((x, g, b) => layerNorm(x, g, b)), [{ shape: ["batch", 8] }, { shape: [8] }, { shape: [8] }]);
  });

  it("from axis -2 and from axis 1, gamma and beta captured as weights, epsilon given", async () => {
    const gamma = randn([3, 4], { seed: 21 });
    const beta = randn([3, 4], { seed: 22 });
    await checkOnnx(fn((x) => layerNorm(x, gamma, beta, { axis: -2 })), [{ shape: ["batch", 3, 4] }], { weights: { gamma, beta } });
    await checkOnnx(fn((x) => layerNorm(x, gamma, beta, { axis: 1, epsilon: 0.5 })), [{ shape: ["batch", 3, 4] }]);
  });

  it("over symbolic axes: axis 0 of [batch, 3], gamma and beta of shape [batch, 3]", async () => {
    await checkOnnx(fn((x, g, b) => layerNorm(x, g, b, { axis: 0 })), [{ shape: ["batch", 3] }, { shape: ["batch", 3] }, { shape: ["batch", 3] }]);
  });

  it("the default epsilon (1e-5), against slices of spread 1e-3", async () => {
    await checkOnnx(fn((x, g, b) => layerNorm(x, g, b)), [{ shape: ["batch", 8] }, { shape: [8] }, { shape: [8] }], { make: small });
  });

  it("slices whose mean is large against their spread, in float32", async () => {
    await checkOnnx(fn((x, g, b) => layerNorm(x, g, b)), [{ shape: ["batch", 16] }, { shape: [16] }, { shape: [16] }], { make: (i, shape, dtype) => (i === 0 ? offset(i, shape, dtype) : undefined) });
  });

  for (const [dx, dp] of [["float64", "float64"], ["float32", "float64"], ["int32", "float32"], ["uint8", "int32"], ["bool", "float32"]] as [DType, DType][]) {
    it(`x ${dx}, gamma and beta ${dp}`, async () => {
      await checkOnnx(fn((x, g, b) => layerNorm(x, g, b, { epsilon: 1e-3 })), [{ shape: ["batch", 6], dtype: dx }, { shape: [6], dtype: dp }, { shape: [6], dtype: dp }], { make: anyDType });
    });
  }

  it("at opsets 18 and 21", async () => {
    for (const opset of [18, 21]) {
      await checkOnnx(fn((x, g, b) => layerNorm(x, g, b, { axis: -2 })), [{ shape: ["batch", 2, 5] }, { shape: [2, 5] }, { shape: [2, 5] }], { opset });
    }
  });
});

describe("rmsNorm", () => {
  it("over the last axis (default), gamma as an input", async () => {
    await checkOnnx(fn((x, g) => rmsNorm(x, g)), [{ shape: ["batch", 8] }, { shape: [8] }]);
  });

  it("the default epsilon (1e-6), against values of size 1e-3", async () => {
    await checkOnnx(fn((x, g) => rmsNorm(x, g)), [{ shape: ["batch", 8] }, { shape: [8] }], { make: small });
  });

  it("from axis -2 with epsilon, gamma captured", async () => {
    const gamma = randn([3, 4], { seed: 23 });
    await checkOnnx(fn((x) => rmsNorm(x, gamma, { axis: -2, epsilon: 0.25 })), [{ shape: ["batch", 3, 4] }], { weights: { gamma } });
  });

  it("over every axis, a symbolic one among them", async () => {
    await checkOnnx(fn((x, g) => rmsNorm(x, g, { axis: 0 })), [{ shape: ["batch", 3] }, { shape: ["batch", 3] }]);
  });

  it("at opset 18 (ReduceMean's axes an input) and 21", async () => {
    for (const opset of [18, 21]) {
      await checkOnnx(fn((x, g) => rmsNorm(x, g, { axis: 1 })), [{ shape: ["batch", 3, 4] }, { shape: [3, 4] }], { opset });
      await checkOnnx(fn((x, g) => rmsNorm(x, g)), [{ shape: ["batch", 5] }, { shape: [5] }], { opset });
    }
  });

  it("large values, in float32", async () => {
    await checkOnnx(fn((x, g) => rmsNorm(x, g)), [{ shape: ["batch", 32] }, { shape: [32] }], { make: (i, shape, dtype) => (i === 0 ? offset(i, shape, dtype) : undefined) });
  });

  for (const [dx, dp] of [["float64", "float64"], ["float32", "float64"], ["int32", "float32"], ["uint8", "uint8"], ["bool", "float32"]] as [DType, DType][]) {
    it(`x ${dx}, gamma ${dp}`, async () => {
      await checkOnnx(fn((x, g) => rmsNorm(x, g, { epsilon: 1e-3 })), [{ shape: ["batch", 6], dtype: dx }, { shape: [6], dtype: dp }], { make: anyDType });
    });
  }
});

describe("batchNorm", () => {
  const params = (c: number | string, dtype: DType = "float32") => Array.from({ length: 4 }, () => ({ shape: [c], dtype }));

  it("NHWC (the default): channels last, [batch, 4, 4, 3]", async () => {
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b)), [{ shape: ["batch", 4, 4, 3] }, ...params(3)], { make: batchInputs });
  });

  it("the default epsilon (1e-3), against variances near it", async () => {
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b)), [{ shape: ["batch", 3] }, ...params(3)], {
      make: (i, shape, dtype) => (i === 2 ? randomInput(shape, dtype).abs().mul(1e-3).cast(dtype) : randomInput(shape, dtype)),
    });
  });

  it("NCHW: channels at axis 1, [batch, 3, 4, 4] and [batch, 3, 5]", async () => {
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b, { layout: "NCHW" })), [{ shape: ["batch", 3, 4, 4] }, ...params(3)], { make: batchInputs });
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b, { layout: "NCHW", epsilon: 0.1 })), [{ shape: ["batch", 3, 5] }, ...params(3)], { make: batchInputs });
  });

  it("NCHW of rank 2 (the channel axis is the last) and NHWC of rank 1 (a symbolic channel count)", async () => {
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b, { layout: "NCHW" })), [{ shape: ["batch", 3] }, ...params(3)], { make: batchInputs });
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b)), [{ shape: ["batch"] }, ...params("batch")], { make: batchInputs });
  });

  it("a symbolic channel count, in both layouts", async () => {
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b, { layout: "NCHW" })), [{ shape: [2, "batch", 3, 2] }, ...params("batch")], { make: batchInputs });
    await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b, { epsilon: 1e-5 })), [{ shape: [2, 3, "batch"] }, ...params("batch")], { make: batchInputs });
  });

  it("the statistics and parameters captured as weights, epsilon given", async () => {
    const mean = randn([3], { seed: 31 });
    const variance = randn([3], { seed: 32 }).abs().add(0.5);
    const gamma = randn([3], { seed: 33 });
    const beta = randn([3], { seed: 34 });
    await checkOnnx(fn((x) => batchNorm(x, mean, variance, gamma, beta, { layout: "NCHW", epsilon: 1e-2 })), [{ shape: ["batch", 3, 2, 2] }], { weights: { mean, variance, gamma, beta } });
  });

  for (const [dx, dp] of [["float64", "float64"], ["float32", "float64"], ["int32", "float32"], ["uint8", "int32"], ["bool", "float32"]] as [DType, DType][]) {
    it(`x ${dx}, parameters ${dp}`, async () => {
      await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b, { layout: "NCHW" })), [{ shape: ["batch", 3, 2], dtype: dx }, ...params(3, dp)], {
        make: (i, shape, dtype) => (i === 2 ? randomInput(shape, dtype).add(1).cast(dtype) : anyDType(i, shape, dtype)),
      });
    });
  }

  it("at opsets 18 and 21", async () => {
    for (const opset of [18, 21]) {
      await checkOnnx(fn((x, m, v, g, b) => batchNorm(x, m, v, g, b, { layout: "NCHW" })), [{ shape: ["batch", 3, 4] }, ...params(3)], { make: batchInputs, opset });
    }
  });
});
