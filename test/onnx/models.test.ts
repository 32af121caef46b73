/**
 * The models of the examples (examples/models/) exported and run by ONNX
 * Runtime: the MLP, the convolutional network (with its trained weights) and
 * the transformer block, each at two batch sizes (the transformer also at two
 * token counts), equal to shapecast's own outputs to 1e-5 relative.
 */
import { describe, expect, it } from "vitest";
import { type Tensor } from "shapecast";
import { importOnnxWeights } from "shapecast/onnx";
import { classify, cnnWeights, digitsFile } from "../../examples/models/cnn.js";
import { mlp, mlpWeights } from "../../examples/models/mlp.js";
import { blockWeights, D, encoderBlock } from "../../examples/models/transformer.js";
import { checkOnnx } from "./harness.js";

describe("the examples' models in ONNX Runtime", () => {
  it("the MLP, 784 -> 128 -> 10, at batch 2 and 33", async () => {
    const weights = mlpWeights();
    const model = await checkOnnx(((x: Tensor<[number, 784], "float32">) => mlp(x, weights)) as never, [{ shape: ["batch", 784] }], {
      weights,
      sizes: [{ batch: 2 }, { batch: 33 }],
    });
    expect(importOnnxWeights(model, { w1: [784, 128], b2: [10] }).w1.toArray()).toEqual(weights.w1.toArray());
  });

  it("the convolutional network with its trained weights, at batch 1 and 20 (the example's test images)", async () => {
    const file = digitsFile();
    const weights = cnnWeights(file);
    const images = (await import("shapecast")).Tensor.fromJSON(file.test.images, { shape: [20, 12, 12, 1], dtype: "float32" });
    await checkOnnx(((x: Tensor<[number, 12, 12, 1], "float32">) => classify(x, weights)) as never, [{ shape: ["batch", 12, 12, 1] }], {
      sizes: [{ batch: 1 }, { batch: 20 }],
      make: (_, shape) => (shape[0] === 20 ? images : undefined),
    });
  });

  it("the transformer block, at batch 2 and 5 with 6 and 11 tokens", async () => {
    const weights = blockWeights();
    await checkOnnx(((x: Tensor<[number, number, typeof D], "float32">) => encoderBlock(x, weights)) as never, [{ shape: ["batch", "tokens", D] }], {
      weights,
      sizes: [{ batch: 2, tokens: 6 }, { batch: 5, tokens: 11 }],
    });
  });
});
