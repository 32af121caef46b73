/**
 * `shapecast/onnx`: typed functions as ONNX models, and run by ONNX Runtime.
 *
 * - `exportOnnx(fn, inputs, options)`: the bytes of an ONNX model of `fn`.
 * - `onnxSession(fn, inputs, options)`: a runner backed by ONNX Runtime
 *   (`onnxruntime-node`, or `onnxruntime-web` given as `options.runtime`).
 * - `importOnnxWeights(bytes, schema?)`: a model's initializers as a typed record.
 *
 * Needs `onnx-proto` (and `onnxruntime-node` for `onnxSession` on Node),
 * optional peer dependencies of shapecast. See docs/onnx.md.
 */
export { exportOnnx, OPSETS } from "./export.js";
export type { OnnxExportOptions } from "./export.js";
export { onnxSession } from "./session.js";
export type { OnnxRuntime, OnnxSessionOptions, OnnxSessionRunner, OrtSession, OrtTensor } from "./session.js";
export type { OnnxInput, OnnxInputSpec, OnnxInputTensor, OnnxInputTensors, OnnxOutputs, OnnxRunner, OnnxSize, OnnxSpecShape, OnnxSpecSize } from "../../types/onnx.js";
export { importOnnxWeights } from "./weights.js";
