/**
 * The inputs each function of the TensorFlow.js corpus is run on: for every
 * file, the exported functions and their arguments. A tensor argument is
 * described by its shape, dtype and the kind of values it needs (indices in
 * range, positive sizes, boxes with their corners in order); the harness
 * makes it with a seeded generator, as a TensorFlow.js tensor for the
 * original and as a shapecast tensor for the converted code.
 */

/** A tensor to generate. */
export interface TensorArg {
  readonly tensor: readonly number[];
  readonly dtype?: "float32" | "int32" | "bool";
  /** normal (default): standard normal; unit: [0, 1); positive: [0.5, 2); index: integers in [0, max); boxes: rows (y1, x1, y2, x2) with y1 < y2, x1 < x2 */
  readonly values?: "normal" | "unit" | "positive" | "index" | "boxes";
  readonly max?: number;
}

/** An argument: a tensor to generate, a Float32Array of that many values in [0, 255), the result of another export of the file, or a plain value. */
export type Arg = TensorArg | { readonly float32Array: number } | { readonly from: string; readonly args: readonly Arg[] } | number | boolean | readonly unknown[];

export interface Case {
  readonly fn: string;
  readonly args: readonly Arg[];
  /** The outputs are random numbers (the two libraries draw different ones): only their shapes and dtypes are compared, and their values must be finite. */
  readonly random?: boolean;
}

export const corpus: Readonly<Record<string, readonly Case[]>> = {
  "pose-decode.ts": [
    { fn: "argmaxPerKeypoint", args: [{ tensor: [9, 9, 17] }] },
    { fn: "decodePositions", args: [{ tensor: [9, 9, 17] }, { tensor: [9, 9, 34] }] },
    { fn: "keypointScores", args: [{ tensor: [9, 9, 17] }] },
  ],
  "pose-scores.cjs": [
    { fn: "poseScore", args: [{ tensor: [3, 17], values: "unit" }, 0.5] },
    { fn: "maskKeypoints", args: [{ tensor: [3, 17, 2] }, { tensor: [3, 17], values: "unit" }, 0.3] },
  ],
  "face-anchors.ts": [
    { fn: "decodeBounds", args: [{ tensor: [12, 4] }, { tensor: [12, 2], values: "unit" }, { tensor: [2], values: "positive" }] },
    { fn: "scoresOf", args: [{ tensor: [12, 1] }] },
  ],
  "face-boxes.js": [
    { fn: "centersToCorners", args: [{ tensor: [6, 4], values: "positive" }] },
    { fn: "scaleBoxes", args: [{ tensor: [6, 4], values: "unit" }, 2, 3] },
    { fn: "clipBoxes", args: [{ tensor: [6, 4] }] },
  ],
  "hand-landmarks.ts": [
    { fn: "rotationMatrix", args: [0.7] },
    { fn: "transformLandmarks", args: [{ tensor: [21, 2] }, 0.7, { tensor: [2] }, { tensor: [2] }] },
    { fn: "landmarksBox", args: [{ tensor: [21, 2] }] },
  ],
  "mnist-data.ts": [
    { fn: "imagesToBatch", args: [{ float32Array: 3 * 28 * 28 }, 3] },
    { fn: "labelsToOneHot", args: [[3, 1, 4, 1, 5, 9, 2, 6]] },
    { fn: "nextBatch", args: [{ tensor: [8, 28, 28, 1], values: "unit" }, { tensor: [8, 10], values: "unit" }, 2, 4] },
  ],
  "mnist-train.cjs": [
    { fn: "predict", args: [{ from: "createModel", args: [12, 3] }, { tensor: [5, 12] }] },
    { fn: "loss", args: [{ tensor: [5, 3] }, { tensor: [5, 3], values: "unit" }] },
    { fn: "trainStep", args: [{ from: "createModel", args: [12, 3] }, { tensor: [5, 12] }, { tensor: [5, 3], values: "unit" }, 0.1] },
    { fn: "fit", args: [{ from: "createModel", args: [12, 3] }, { tensor: [5, 12] }, { tensor: [5, 3], values: "unit" }, 0.1, 4] },
  ],
  "iris-data.ts": [
    { fn: "toFeatures", args: [[[5.1, 3.5, 1.4, 0.2], [6.2, 2.9, 4.3, 1.3], [7.7, 3.0, 6.1, 2.3]]] },
    { fn: "standardize", args: [{ tensor: [10, 4] }, { tensor: [4] }, { tensor: [4], values: "positive" }] },
    { fn: "statistics", args: [{ tensor: [10, 4] }] },
    { fn: "speciesOf", args: [{ tensor: [10, 3] }] },
  ],
  "attention.ts": [
    { fn: "scaledDotProductAttention", args: [{ tensor: [2, 5, 8] }, { tensor: [2, 5, 8] }, { tensor: [2, 5, 8] }] },
    { fn: "scaledDotProductAttention", args: [{ tensor: [2, 5, 8] }, { tensor: [2, 5, 8] }, { tensor: [2, 5, 8] }, { from: "causalMask", args: [5] }] },
    { fn: "splitHeads", args: [{ tensor: [2, 5, 8] }, 2] },
    { fn: "causalMask", args: [4] },
  ],
  "layer-norm.js": [
    { fn: "layerNorm", args: [{ tensor: [3, 4, 8] }, { tensor: [8] }, { tensor: [8] }] },
    { fn: "rmsNorm", args: [{ tensor: [3, 8] }, { tensor: [8] }] },
  ],
  "positional.ts": [
    { fn: "positionalEncoding", args: [6, 8] },
    { fn: "addPositions", args: [{ tensor: [2, 6, 8] }] },
  ],
  "boxes-iou.ts": [{ fn: "pairwiseIou", args: [{ tensor: [5, 4], values: "boxes" }, { tensor: [3, 4], values: "boxes" }] }],
  "augment.cjs": [
    { fn: "flipHorizontal", args: [{ tensor: [2, 4, 5, 3], values: "unit" }] },
    { fn: "adjustBrightness", args: [{ tensor: [2, 4, 5, 3], values: "unit" }, 0.3] },
    { fn: "normalizeChannels", args: [{ tensor: [2, 4, 5, 3], values: "unit" }, [0.485, 0.456, 0.406], [0.229, 0.224, 0.225]] },
    { fn: "toGrayscale", args: [{ tensor: [2, 4, 5, 3], values: "unit" }] },
  ],
  "classify-utils.ts": [
    { fn: "softmaxWithTemperature", args: [{ tensor: [4, 6] }, 2] },
    { fn: "topClasses", args: [{ tensor: [4, 6], values: "unit" }, 3] },
    { fn: "predictions", args: [{ tensor: [4, 6] }] },
    { fn: "slices", args: [{ tensor: [4, 6] }, 1] },
    { fn: "slices", args: [{ tensor: [4, 6] }, -2] },
    { fn: "entropy", args: [{ tensor: [4, 6], values: "unit" }] },
  ],
  "metrics.js": [
    { fn: "accuracy", args: [{ tensor: [8, 4] }, { tensor: [8, 4] }] },
    { fn: "confusionMatrix", args: [{ tensor: [8, 4] }, { tensor: [8, 4] }, 4] },
    { fn: "meanAbsoluteError", args: [{ tensor: [8, 4] }, { tensor: [8, 4] }] },
  ],
  "detector-head.ts": [
    { fn: "dense", args: [{ tensor: [5, 6] }, { tensor: [6, 4] }, { tensor: [4] }] },
    { fn: "initializedKernel", args: [6, 4], random: true },
    { fn: "decodeOne", args: [{ tensor: [3, 2] }, [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], 1] },
    { fn: "decodeEvery", args: [{ tensor: [3, 2] }, [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]]] },
  ],
  "embeddings.ts": [
    { fn: "lookup", args: [{ tensor: [20, 6] }, { tensor: [2, 5], dtype: "int32", values: "index", max: 20 }] },
    { fn: "meanPool", args: [{ tensor: [2, 5, 6] }, { tensor: [2, 5], values: "unit" }] },
    { fn: "l2Normalize", args: [{ tensor: [3, 6] }] },
    { fn: "cosineSimilarity", args: [{ tensor: [3, 6] }, { tensor: [4, 6] }] },
  ],
};
