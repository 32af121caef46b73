/**
 * The op catalog: every function shapecast exports, once, with its family.
 * What follows from it:
 *
 * - the `Tensor` methods: src/ops/methods.ts installs one per `method` entry,
 *   and src/tensor.ts declares each with its type from `TensorMethods` below
 *   (it fails to compile while one is missing). The element-wise ones have
 *   types written in src/ops/types.ts; every other one (each op whose first
 *   argument is a tensor) has its function's own signatures with the tensor
 *   as `this`, which `npm run build:methods` writes to src/ops/method-types.ts;
 * - the command line's op tables: the ops `shapecast check` recognises in a
 *   message (cli/commands/check.ts), and those the TensorFlow.js codemod
 *   converts by name or knows shapecast also has (cli/transforms/from-tfjs/ops.ts);
 * - the package's exports: src/index.ts lists them for the reader (and for
 *   static ESM exports); test/catalog.test.ts fails when the two differ, and
 *   when a method or its dtype rule drifts from this list.
 *
 * Adding an op: write it in its module under src/ops/, add its line here, and
 * export it from src/index.ts (the test names what is missing); a method also
 * needs `npm run build:methods` (when it is not element-wise) and its
 * `declare` line in src/tensor.ts (the compiler asks for it).
 */
import type { GeneratedMethods } from "./method-types.js";
import type { AlphaMethod, BinaryMethod, CastMethod, ClipMethod, DTypeRule, GeluMethod, UnaryMethod, UnaryRule } from "./types.js";

/**
 * What an op is. `method` ops are also `Tensor` methods, with their dtype
 * rule: `binary` (`x.add(y)`), `unary` (`x.exp()`), or `clip`, `cast` and
 * `activation` (`x.gelu({ approximate })`, `x.leakyRelu(alpha)`), whose
 * arguments are their own.
 */
export type OpEntry =
  | {
      readonly family: "create" | "reduce" | "scan" | "sort" | "pool" | "conv" | "softmax" | "join" | "shaping" | "matmul" | "views" | "where" | "assert" | "broadcast" | "norm" | "einsum" | "io" | "autodiff" | "loss" | "optim" | "memory" | "bundle";
      readonly method?: true;
    }
  | { readonly family: "binary"; readonly method: DTypeRule }
  | { readonly family: "unary"; readonly method: UnaryRule }
  | { readonly family: "clip" | "cast"; readonly method: true }
  | { readonly family: "activation"; readonly method: true };

export const catalog = {
  // Shapes (the broadcast rules as functions)
  broadcastShapes: { family: "broadcast" },
  broadcastToShape: { family: "broadcast" },
  showShape: { family: "broadcast" },

  // Creation
  tensor: { family: "create" },
  zeros: { family: "create" },
  ones: { family: "create" },
  full: { family: "create" },
  arange: { family: "create" },
  linspace: { family: "create" },
  eye: { family: "create" },
  random: { family: "create" },
  randn: { family: "create" },

  // Creation in the shape of another tensor
  zerosLike: { family: "create", method: true },
  onesLike: { family: "create", method: true },
  fullLike: { family: "create", method: true },
  clone: { family: "create", method: true },

  // Element-wise, binary
  add: { family: "binary", method: "arithmetic" },
  sub: { family: "binary", method: "arithmetic" },
  mul: { family: "binary", method: "arithmetic" },
  div: { family: "binary", method: "division" },
  pow: { family: "binary", method: "arithmetic" },
  mod: { family: "binary", method: "arithmetic" },
  maximum: { family: "binary", method: "arithmetic" },
  minimum: { family: "binary", method: "arithmetic" },
  equal: { family: "binary", method: "bool" },
  notEqual: { family: "binary", method: "bool" },
  less: { family: "binary", method: "bool" },
  lessEqual: { family: "binary", method: "bool" },
  greater: { family: "binary", method: "bool" },
  greaterEqual: { family: "binary", method: "bool" },
  logicalAnd: { family: "binary", method: "bool" },
  logicalOr: { family: "binary", method: "bool" },
  logicalXor: { family: "binary", method: "bool" },
  where: { family: "where" },

  // Element-wise, unary
  neg: { family: "unary", method: "signed" },
  abs: { family: "unary", method: "same" },
  sign: { family: "unary", method: "signed" },
  sqrt: { family: "unary", method: "float" },
  exp: { family: "unary", method: "float" },
  log: { family: "unary", method: "float" },
  sin: { family: "unary", method: "float" },
  cos: { family: "unary", method: "float" },
  tanh: { family: "unary", method: "float" },
  sigmoid: { family: "unary", method: "float" },
  relu: { family: "unary", method: "same" },
  floor: { family: "unary", method: "same" },
  ceil: { family: "unary", method: "same" },
  round: { family: "unary", method: "same" },
  clip: { family: "clip", method: true },
  cast: { family: "cast", method: true },

  // Element-wise, activations and tests of values
  gelu: { family: "activation", method: true },
  silu: { family: "unary", method: "float" },
  softplus: { family: "unary", method: "float" },
  leakyRelu: { family: "activation", method: true },
  elu: { family: "activation", method: true },
  erf: { family: "unary", method: "float" },
  logSigmoid: { family: "unary", method: "float" },
  isNaN: { family: "unary", method: "bool" },
  isFinite: { family: "unary", method: "bool" },

  // Reductions
  sum: { family: "reduce", method: true },
  prod: { family: "reduce", method: true },
  mean: { family: "reduce", method: true },
  max: { family: "reduce", method: true },
  min: { family: "reduce", method: true },
  argmax: { family: "reduce", method: true },
  argmin: { family: "reduce", method: true },
  variance: { family: "reduce", method: true },
  std: { family: "reduce", method: true },
  logSumExp: { family: "reduce", method: true },
  any: { family: "reduce", method: true },
  all: { family: "reduce", method: true },
  softmax: { family: "softmax", method: true },
  logSoftmax: { family: "softmax", method: true },

  // Normalisations
  layerNorm: { family: "norm", method: true },
  rmsNorm: { family: "norm", method: true },
  batchNorm: { family: "norm", method: true },

  // Cumulative sums and products
  cumsum: { family: "scan", method: true },
  cumprod: { family: "scan", method: true },

  // Sorting
  sort: { family: "sort", method: true },
  argsort: { family: "sort", method: true },
  topk: { family: "sort", method: true },

  // Pooling
  maxPool2d: { family: "pool", method: true },
  avgPool2d: { family: "pool", method: true },
  maxPool1d: { family: "pool", method: true },
  avgPool1d: { family: "pool", method: true },

  // Resizing images
  resize: { family: "pool", method: true },
  upsample: { family: "pool", method: true },

  // Convolution
  conv1d: { family: "conv", method: true },
  conv2d: { family: "conv", method: true },
  depthwiseConv2d: { family: "conv", method: true },
  conv2dTranspose: { family: "conv", method: true },

  // Joins, splits and copies
  concat: { family: "join" },
  stack: { family: "join" },
  split: { family: "shaping", method: true },
  tile: { family: "shaping", method: true },
  pad: { family: "shaping", method: true },
  gather: { family: "shaping", method: true },
  take: { family: "shaping", method: true },

  // Encodings
  oneHot: { family: "shaping", method: true },

  // Triangles of matrices (causal masks)
  tril: { family: "shaping", method: true },
  triu: { family: "shaping", method: true },

  // Repeating each element along an axis (np.repeat, repeat_interleave)
  repeat: { family: "shaping", method: true },

  // Products
  matmul: { family: "matmul", method: true },
  dot: { family: "matmul", method: true },
  outer: { family: "matmul", method: true },
  einsum: { family: "einsum" },

  // Weights files (src/io/): bytes of .safetensors and .npy files in and out (.npz is the
  // shapecast/npz entry's, apart from the package's, since it needs fflate)
  loadSafetensors: { family: "io" },
  saveSafetensors: { family: "io" },
  readSafetensorsHeader: { family: "io" },
  fromNpy: { family: "io" },
  toNpy: { family: "io" },

  // Training (src/autodiff/, src/train/): gradients, losses and optimizers
  grad: { family: "autodiff" },
  valueAndGrad: { family: "autodiff" },
  vjp: { family: "autodiff" },
  stopGradient: { family: "autodiff" },
  softmaxCrossEntropy: { family: "loss" },
  meanSquaredError: { family: "loss" },
  binaryCrossEntropy: { family: "loss" },
  sgd: { family: "optim" },
  adam: { family: "optim" },

  // Freeing tensors before the collector does (src/lifetime.ts; x.dispose() is a Tensor method)
  tidy: { family: "memory" },

  // What a bundle keeps when asked: the WebAssembly SIMD engine (src/kernels/wasm/engine.ts), every
  // Tensor method (src/ops/all-methods.ts)
  enableSimd: { family: "bundle" },
  enableMethods: { family: "bundle" },

  // Views
  broadcastTo: { family: "views", method: true },
  expandDims: { family: "views", method: true },
  flatten: { family: "views", method: true },
  permute: { family: "views", method: true },
  reshape: { family: "views", method: true },
  slice: { family: "views", method: true },
  squeeze: { family: "views", method: true },
  transpose: { family: "views", method: true },

  // Shapes known at run time
  assertShape: { family: "assert", method: true },
  dim: { family: "assert" },
} as const satisfies Record<string, OpEntry>;

type Catalog = typeof catalog;

export type OpName = keyof Catalog;

/** The names of the ops of one family, e.g. `OpsOf<"binary">`. */
export type OpsOf<Family extends OpEntry["family"]> = { [K in OpName]: Catalog[K]["family"] extends Family ? K : never }[OpName];

/** The names of one family at run time, in catalog order. */
export const opsOf = <Family extends OpEntry["family"]>(family: Family): OpsOf<Family>[] =>
  (Object.keys(catalog) as OpName[]).filter((name): name is OpsOf<Family> => catalog[name].family === family);

/** The families whose methods have types written by hand (src/ops/types.ts). */
const writtenMethods: readonly OpEntry["family"][] = ["binary", "unary", "clip", "cast", "activation"];

/**
 * The other methods, in catalog order: every op whose first argument is a
 * tensor, its method's type made from the op's own by scripts/method-types.ts
 * (src/ops/method-types.ts).
 */
export const generatedMethods: readonly OpName[] = (Object.keys(catalog) as OpName[]).filter(
  (name) => "method" in catalog[name] && !writtenMethods.includes(catalog[name].family),
);

type MethodRule<K extends OpName> = Catalog[K] extends { readonly method: infer Rule } ? Rule : never;

/** The `Tensor` methods the catalog names, as src/tensor.ts declares them. */
export type TensorMethods = { [K in OpsOf<"binary">]: BinaryMethod<K, MethodRule<K> & DTypeRule> } & {
  [K in OpsOf<"unary">]: UnaryMethod<MethodRule<K> & UnaryRule>;
} & {
  /** Every element limited to `[min, max]`; see `clip`. */
  clip: ClipMethod;
  /** A copy in another dtype; see `cast`. */
  cast: CastMethod;
} & {
  /** GELU, exact or `{ approximate: "tanh" }`; see `gelu`. */
  gelu: GeluMethod;
  /** `x` where positive, `alpha * x` elsewhere (alpha 0.01 by default); see `leakyRelu`. */
  leakyRelu: AlphaMethod;
  /** `x` where positive, `alpha * (exp(x) - 1)` elsewhere (alpha 1 by default); see `elu`. */
  elu: AlphaMethod;
} & GeneratedMethods;
