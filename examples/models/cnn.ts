/**
 * The convolutional network of examples/09-cnn-digits.ts as a module: conv2d
 * 3x3 "same" (1 -> 8 channels) plus a bias, batchNorm, relu, maxPool2d 2x2,
 * and a dense layer to the 10 classes, for any batch size; and its weights,
 * trained in NumPy by scripts/digits-cnn.py (examples/data/digits-cnn.json).
 * The example runs it; the ONNX tests and benchmark export it.
 */
import { readFileSync } from "node:fs";
import { batchNorm, conv2d, matmul, maxPool2d, Tensor } from "shapecast";

export interface CnnWeights {
  conv: { w: Tensor<[3, 3, 1, 8], "float32">; b: Tensor<[8], "float32"> };
  norm: {
    mean: Tensor<[8], "float32">;
    variance: Tensor<[8], "float32">;
    gamma: Tensor<[8], "float32">;
    beta: Tensor<[8], "float32">;
    epsilon: number;
  };
  dense: { w: Tensor<[288, 10], "float32">; b: Tensor<[10], "float32"> };
}

/** The logits of a batch of images, for any batch size. Images of another size are a compile error at the call. */
export function classify<B extends number>(images: Tensor<[B, 12, 12, 1], "float32">, weights: CnnWeights): Tensor<[B, 10], "float32"> {
  const { conv, norm, dense } = weights;
  const features: Tensor<[B, 12, 12, 8], "float32"> = conv2d(images, conv.w, { padding: "same" }).add(conv.b);
  const normalized: Tensor<[B, 12, 12, 8], "float32"> = batchNorm(features, norm.mean, norm.variance, norm.gamma, norm.beta, {
    epsilon: norm.epsilon,
  }).relu();
  const pooled: Tensor<[B, 6, 6, 8], "float32"> = maxPool2d(normalized, { size: 2 });
  const flat: Tensor<[B, 288], "float32"> = pooled.reshape([images.shape[0], 288]);
  return matmul(flat, dense.w).add(dense.b);
}

/** The file scripts/digits-cnn.py wrote, as parsed JSON (its fields are checked by Tensor.fromJSON as they are read). */
export const digitsFile = (): any => JSON.parse(readFileSync(new URL("../data/digits-cnn.json", import.meta.url), "utf8"));

/** The trained weights; each tensor's shape and dtype checked as it is read. */
export function cnnWeights(file = digitsFile()): CnnWeights {
  return {
    conv: {
      w: Tensor.fromJSON(file.conv.w, { shape: [3, 3, 1, 8], dtype: "float32" }),
      b: Tensor.fromJSON(file.conv.b, { shape: [8], dtype: "float32" }),
    },
    norm: {
      mean: Tensor.fromJSON(file.norm.mean, { shape: [8], dtype: "float32" }),
      variance: Tensor.fromJSON(file.norm.variance, { shape: [8], dtype: "float32" }),
      gamma: Tensor.fromJSON(file.norm.gamma, { shape: [8], dtype: "float32" }),
      beta: Tensor.fromJSON(file.norm.beta, { shape: [8], dtype: "float32" }),
      epsilon: Number(file.norm.epsilon),
    },
    dense: {
      w: Tensor.fromJSON(file.dense.w, { shape: [288, 10], dtype: "float32" }),
      b: Tensor.fromJSON(file.dense.b, { shape: [10], dtype: "float32" }),
    },
  };
}
