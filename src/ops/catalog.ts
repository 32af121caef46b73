/**
 * The op catalog: every function shapecast exports, once, with its family.
 * What follows from it:
 *
 * - the `Tensor` methods: src/ops/methods.ts installs one per `method` entry,
 *   and src/tensor.ts declares each with its type from `TensorMethods` below
 *   (it fails to compile while one is missing);
 * - the command line's op tables: the ops `shapecast check` recognises in a
 *   message (cli/commands/check.ts), and those the TensorFlow.js codemod
 *   converts by name or knows shapecast also has (cli/transforms/from-tfjs.ts);
 * - the package's exports: src/index.ts lists them for the reader (and for
 *   static ESM exports); test/catalog.test.ts fails when the two differ, and
 *   when a method or its dtype rule drifts from this list.
 *
 * Adding an op: write it in its module under src/ops/, add its line here, and
 * export it from src/index.ts (the test names what is missing); a method also
 * needs its `declare` line in src/tensor.ts (the compiler asks for it).
 */
import type { AlphaMethod, BinaryMethod, CastMethod, ClipMethod, DTypeRule, GeluMethod, UnaryMethod, UnaryRule } from "./types.js";

/**
 * What an op is. `method` ops are also `Tensor` methods, with their dtype
 * rule: `binary` (`x.add(y)`), `unary` (`x.exp()`), or `clip`, `cast` and
 * `activation` (`x.gelu({ approximate })`, `x.leakyRelu(alpha)`), whose
 * arguments are their own.
 */
export type OpEntry =
  | { readonly family: "create" | "reduce" | "scan" | "sort" | "pool" | "softmax" | "join" | "shaping" | "matmul" | "views" | "where" | "assert" | "broadcast" | "norm" | "einsum" }
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
  zerosLike: { family: "create" },
  onesLike: { family: "create" },
  fullLike: { family: "create" },
  clone: { family: "create" },

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
  sum: { family: "reduce" },
  prod: { family: "reduce" },
  mean: { family: "reduce" },
  max: { family: "reduce" },
  min: { family: "reduce" },
  argmax: { family: "reduce" },
  argmin: { family: "reduce" },
  variance: { family: "reduce" },
  std: { family: "reduce" },
  logSumExp: { family: "reduce" },
  any: { family: "reduce" },
  all: { family: "reduce" },
  softmax: { family: "softmax" },
  logSoftmax: { family: "softmax" },

  // Normalisations
  layerNorm: { family: "norm" },
  rmsNorm: { family: "norm" },
  batchNorm: { family: "norm" },

  // Cumulative sums and products
  cumsum: { family: "scan" },
  cumprod: { family: "scan" },

  // Sorting
  sort: { family: "sort" },
  argsort: { family: "sort" },
  topk: { family: "sort" },

  // Pooling
  maxPool2d: { family: "pool" },
  avgPool2d: { family: "pool" },
  maxPool1d: { family: "pool" },
  avgPool1d: { family: "pool" },

  // Joins, splits and copies
  concat: { family: "join" },
  stack: { family: "join" },
  split: { family: "shaping" },
  tile: { family: "shaping" },
  pad: { family: "shaping" },
  gather: { family: "shaping" },
  take: { family: "shaping" },

  // Encodings
  oneHot: { family: "shaping" },

  // Products
  matmul: { family: "matmul" },
  dot: { family: "matmul" },
  outer: { family: "matmul" },
  einsum: { family: "einsum" },

  // Views
  broadcastTo: { family: "views" },
  expandDims: { family: "views" },
  flatten: { family: "views" },
  permute: { family: "views" },
  reshape: { family: "views" },
  slice: { family: "views" },
  squeeze: { family: "views" },
  transpose: { family: "views" },

  // Shapes known at run time
  assertShape: { family: "assert" },
  dim: { family: "assert" },
} as const satisfies Record<string, OpEntry>;

type Catalog = typeof catalog;

export type OpName = keyof Catalog;

/** The names of the ops of one family, e.g. `OpsOf<"binary">`. */
export type OpsOf<Family extends OpEntry["family"]> = { [K in OpName]: Catalog[K]["family"] extends Family ? K : never }[OpName];

/** The names of one family at run time, in catalog order. */
export const opsOf = <Family extends OpEntry["family"]>(family: Family): OpsOf<Family>[] =>
  (Object.keys(catalog) as OpName[]).filter((name): name is OpsOf<Family> => catalog[name].family === family);

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
};
