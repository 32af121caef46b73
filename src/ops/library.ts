/**
 * Every op module, as one namespace for the gradient rules (src/autodiff/) to call ops by name,
 * and for enableMethods (./all-methods.ts) to keep every op in a bundle. Not the package's entry
 * (src/index.ts): the weights files (src/io/) are not ops.
 */
export * from "./assert.js";
export * from "./conv.js";
export * from "./create.js";
export * from "./einsum.js";
export * from "./elementwise.js";
export * from "./join.js";
export * from "./matmul.js";
export * from "./norm.js";
export * from "./one-hot.js";
export * from "./triangle.js";
export * from "./repeat.js";
export * from "./pool.js";
export * from "./resize.js";
export * from "./reduce.js";
export * from "./scan.js";
export * from "./shaping.js";
export * from "./softmax.js";
export * from "./sort.js";
export * from "./topk.js";
export * from "./views.js";
