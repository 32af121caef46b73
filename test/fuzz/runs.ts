/**
 * Cases per fuzz property in the short run (`npm test`: 64,800 cases in all,
 * about 26 s on the project's 2-core machine when every property passes; a
 * failing property stops at its first counterexample). The long run
 * (`npm run test:fuzz`, FUZZ_RUNS=300000) shares its total out in these
 * proportions. Every property must be listed.
 */
const BINARY = ["add", "sub", "mul", "div", "pow", "mod", "maximum", "minimum", "equal", "notEqual", "less", "lessEqual", "greater", "greaterEqual", "logicalAnd", "logicalOr", "logicalXor"];
const UNARY = ["neg", "abs", "sign", "sqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "round"];
const REDUCE = ["sum", "prod", "mean", "max", "min", "argmax", "argmin", "variance", "std", "logSumExp"];

export const SHORT_RUNS: Record<string, number> = {
  "views/chain": 1200,
  "views/write-through": 800,
  "views/print-empty": 400,
  ...Object.fromEntries(BINARY.flatMap((op) => [[`binary/${op}/int`, 400], [`binary/${op}/float`, 400]])),
  ...Object.fromEntries(UNARY.map((op) => [`unary/${op}`, 400])),
  clip: 600,
  cast: 600,
  where: 800,
  ...Object.fromEntries(REDUCE.map((op) => [`reduce/${op}`, 600])),
  softmax: 600,
  logSoftmax: 600,
  concat: 800,
  stack: 800,
  split: 800,
  tile: 600,
  pad: 800,
  gather: 800,
  take: 800,
  matmul: 1200,
  dot: 400,
  outer: 600,
  "out/overlap": 6000,
  "errors/elementwise": 1600,
  "errors/reductions": 1200,
  "errors/views": 2000,
  "errors/shaping": 1600,
  "errors/products": 600,
  "errors/read-outs": 600,
  "errors/creation": 1600,
  create: 1600,
  "weights/round-trip": 300,
  "weights/safetensors-mutated": 1200,
  "weights/npy-mutated": 1200,
  "weights/npz-mutated": 400,
  "weights/truncated": 600,
  "weights/python-order": 400,
  "serialization/round-trip": 800,
  "serialization/json-forged": 1600,
  "serialization/clone-forged": 2000,
  "serialization/polluted": 400,
  "gradients/finite-differences": 250,
  "onnx/run": 150,
  "onnx/read-outs-refused": 300,
};
