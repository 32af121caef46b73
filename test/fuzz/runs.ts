/**
 * Cases per fuzz property in the short run (`npm test`). The long run
 * (`npm run test:fuzz`, FUZZ_RUNS=300000) shares its total out in these
 * proportions. Every property must be listed.
 */
const BINARY = ["add", "sub", "mul", "div", "pow", "mod", "maximum", "minimum", "equal", "notEqual", "less", "lessEqual", "greater", "greaterEqual", "logicalAnd", "logicalOr", "logicalXor"];
const UNARY = ["neg", "abs", "sign", "sqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "round"];

export const SHORT_RUNS: Record<string, number> = {
  "views/chain": 300,
  "views/write-through": 200,
  "views/print-empty": 100,
  ...Object.fromEntries(BINARY.flatMap((op) => [[`binary/${op}/int`, 100], [`binary/${op}/float`, 100]])),
  ...Object.fromEntries(UNARY.map((op) => [`unary/${op}`, 100])),
  clip: 150,
  cast: 150,
  where: 200,
  ...Object.fromEntries(["sum", "prod", "mean", "max", "min", "argmax", "argmin", "variance", "std", "logSumExp"].map((op) => [`reduce/${op}`, 150])),
  softmax: 150,
  logSoftmax: 150,
  concat: 200,
  stack: 200,
  split: 200,
  tile: 150,
  pad: 200,
  gather: 200,
  take: 200,
  matmul: 300,
  dot: 100,
  outer: 150,
  "out/overlap": 1500,
  "errors/elementwise": 400,
  "errors/reductions": 300,
  "errors/views": 500,
  "errors/shaping": 400,
  "errors/products": 150,
  "errors/read-outs": 150,
  "errors/creation": 400,
};
