/**
 * The tables of the TensorFlow.js migration: which tfjs imports it reads,
 * which ops and types it converts and to what, which other tfjs ops give a
 * tensor, and why a tfjs function or tensor method it leaves alone is left.
 */
import { catalog, opsOf } from "shapecast/catalog";

/** The TensorFlow.js packages whose imports are migrated. */
export const tfjsModule = /^@tensorflow\/tfjs(-core|-node|-node-gpu)?$/;

/** tfjs creators: the rank each makes, or undefined for `tf.tensor` (any rank). */
export const creators: ReadonlyMap<string, number | undefined> = new Map([
  ["tensor", undefined], ["scalar", 0], ["tensor1d", 1], ["tensor2d", 2], ["tensor3d", 3], ["tensor4d", 4],
]);

/**
 * Element-wise ops with the same name, arguments and broadcasting in both
 * libraries, functions and methods alike: every binary and unary op of
 * shapecast's catalog (src/ops/catalog.ts).
 */
export const binaryOps: ReadonlySet<string> = new Set(opsOf("binary"));
export const unaryOps: ReadonlySet<string> = new Set(opsOf("unary"));

/** tfjs ops that become a shapecast function of another name or argument list; as methods they become functions too. */
export const restructured: ReadonlySet<string> = new Set(["matMul", "sum", "mean", "reshape", "transpose", "slice"]);

/** tfjs functions shapecast has with the same name and arguments: `zeros(shape, dtype?)`, `softmax(x, axis?)`. */
export const sameSignature: ReadonlyMap<string, "shape" | "axis"> = new Map([["zeros", "shape"], ["ones", "shape"], ["softmax", "axis"], ["logSoftmax", "axis"]]);

/**
 * tfjs ops shapecast has in another form: `tf.clipByValue(x, lo, hi)` is
 * `clip(x, lo, hi)` and `tf.cast(x, "int32")` is `cast(x, "int32")`, as
 * functions and as methods (`x.clipByValue(lo, hi)` is `x.clip(lo, hi)`).
 * `args` counts the function's arguments, the tensor included.
 */
export const renamedOps: ReadonlyMap<string, { readonly to: string; readonly args: number }> = new Map([
  ["clipByValue", { to: "clip", args: 3 }],
  ["cast", { to: "cast", args: 2 }],
]);

/** Other tfjs functions and methods known to give a tensor: a value made by them is a tensor whose methods are checked. */
export const otherTensorOps: ReadonlySet<string> = new Set([
  "zeros", "ones", "fill", "zerosLike", "onesLike", "range", "linspace", "eye", "randomNormal", "randomUniform",
  "truncatedNormal", "variable", "concat", "stack", "expandDims", "squeeze", "slice", "gather", "tile", "pad",
  "softmax", "logSoftmax", "max", "min", "prod", "argMax", "argMin", "cast", "clone", "clipByValue", "where", "oneHot",
  "square", "rsqrt", "reciprocal", "elu", "leakyRelu", "flatten", "squaredDifference", "dot", "outerProduct", "norm",
]);

/** Names shapecast also exports (its op catalog), for a hint when a tfjs op of that name is left for a person to convert. */
export const shapecastAlso: ReadonlySet<string> = new Set(Object.keys(catalog));

/** tfjs ranked tensor types and the shapecast shape tuple each stands for. */
export const tensorTypes: ReadonlyMap<string, string> = new Map([
  ["Scalar", "[]"], ["Tensor1D", "[number]"], ["Tensor2D", "[number, number]"], ["Tensor3D", "[number, number, number]"],
  ["Tensor4D", "[number, number, number, number]"], ["Tensor5D", "[number, number, number, number, number]"],
  ["Tensor6D", "[number, number, number, number, number, number]"],
]);

/** Why a tfjs function is left alone, by name. */
export function unsupportedReason(name: string): string {
  if (["memory", "disposeVariables", "engine", "profile", "time"].includes(name)) {
    return `memory management: tf.${name} manages TensorFlow.js memory or engine state, and shapecast tensors are garbage-collected; remove the call by hand`;
  }
  if (name === "Variable") {
    return "training: tf.Variable is TensorFlow.js's variable class, and shapecast trains plain tensors (grad, valueAndGrad and the optimizers take and give a tree of them); convert by hand";
  }
  if (["grad", "grads", "valueAndGrad", "valueAndGrads"].includes(name)) {
    return `training: shapecast has grad and valueAndGrad, with its own arguments (one tree of parameters, a gradient of its type); convert tf.${name} by hand`;
  }
  if (["layers", "sequential", "model", "input", "loadLayersModel", "loadGraphModel", "train", "losses", "metrics", "callbacks", "regularizers", "initializers", "constraints", "variableGrads", "customGrad", "io", "data"].includes(name)) {
    return `models and layers: tf.${name} belongs to models, layers, training or I/O, which shapecast does not have; keep TensorFlow.js for this code`;
  }
  if (["setBackend", "getBackend", "ready", "env", "enableProdMode", "enableDebugMode", "registerBackend"].includes(name)) {
    return `backend setup: tf.${name} sets up a TensorFlow.js backend, and shapecast needs no setup; remove the call by hand`;
  }
  if (shapecastAlso.has(name)) return `op not converted: shapecast has ${name} too, with its own arguments; check them against shapecast's and convert tf.${name} by hand`;
  return `op not converted: tf.${name} has no shapecast counterpart this codemod knows; convert it by hand`;
}

/** Why a method of a tfjs tensor is left alone, by name. */
export function unsupportedMethodReason(name: string): string {
  if (name === "dataSync" || name === "data") return `read-out: .${name}() becomes a shapecast tensor's toTypedArray() (synchronous, a contiguous copy); convert by hand`;
  if (name === "array" || name === "arraySync") return `read-out: .${name}() becomes a shapecast tensor's toArray() (synchronous nested arrays); convert by hand`;
  if (name === "dispose") return "memory management: .dispose() frees a TensorFlow.js tensor, and shapecast tensors are garbage-collected; remove the call by hand";
  if (name === "print") return "read-out: .print() becomes console.log(String(x)) for a shapecast tensor; convert by hand";
  if (name === "as1D" || name === "as2D" || name === "as3D" || name === "as4D" || name === "asScalar") return `method not converted: .${name}() becomes reshape(x, [...sizes]); convert by hand`;
  return `method not converted: .${name}() is a TensorFlow.js tensor method this codemod does not convert; convert it by hand`;
}
