/**
 * The gradient rule of every differentiable op: given the gradient `g` of an
 * op's result, the gradients of its tensor inputs. Rules are written with the
 * library's own ops, so they are recorded in turn when an outer gradient is
 * being taken (`grad(grad(f))`).
 *
 * Broadcasting: an input read through a broadcast (any mode) gets the sum of
 * `g` over the axes it was repeated on. `reduceTo` does it from where the
 * input's axes land in the result (`aAxes`/`bAxes` of the broadcast layout,
 * src/shape/broadcast.ts): right-aligned for numpy, `broadcastDimensions`
 * for xla, around `axis` for pdpd, the axes mapping for `broadcastTo`.
 *
 * Ops listed in `constantOps` give no gradient (comparisons, rounding, sorting
 * indices, tests of values): their results are constants. An op with neither
 * a rule nor a place in `constantOps` is an error when a gradient reaches it.
 */
import { copyStrided } from "../ops/join.js";
import * as library from "../ops/library.js";
import { resolveBroadcastLayout, resolveBroadcastToLayout } from "../shape/broadcast.js";
import { reduceLayout } from "../shape/reduce.js";
import { repeatLayout } from "../shape/repeat.js";
import { gatherLayout, padLayout, resolveIndices, tileLayout } from "../shape/shaping.js";
import { normalizeAxis } from "../shape/axis.js";
import { copyElements, elementsOf, Tensor, viewOf } from "../tensor.js";
import { convRules } from "./conv-rules.js";
import { einsumRules } from "./einsum-rules.js";
import { resizeRules } from "./resize-rules.js";
import { recorded } from "./tape.js";

/** What a rule is given. */
export interface Step {
  /** The op's arguments, as it was called. */
  readonly args: readonly unknown[];
  /** Its (first) float result. */
  readonly out: Tensor;
  /** What the op returned, as it returned it (topk's `{ values, indices }`). */
  readonly result: unknown;
  /** All its float results (split, topk). */
  readonly outputs: readonly Tensor[];
  /** The gradient of `out` (zeros when only another output has one). */
  readonly g: Tensor;
  /** The gradient of each output, undefined where none reached it. */
  readonly grads: readonly (Tensor | undefined)[];
  /** Does the gradient need this input? (Rules skip the work for constants.) */
  needs(x: unknown): x is Tensor;
  /**
   * The gradients of `inputs` of `g` through `recompute`, a function of them
   * written with other ops: for the ops whose rule is their formula (norms).
   */
  through(inputs: readonly Tensor[], recompute: () => Tensor, g: Tensor): (Tensor | undefined)[];
}

/** Input and its gradient, one pair per input the gradient reaches. */
export type Pairs = (readonly [Tensor, Tensor])[];
export type GradientRule = (step: Step) => Pairs;

type Op = (...args: unknown[]) => Tensor;
interface Ops {
  readonly [name: string]: Op;
}
/** The ops, as rules call them: shapes known only at run time. */
const L = library as unknown as Ops;
const op = (name: string): Op => L[name]!;
const add = op("add");
const sub = op("sub");
const mul = op("mul");
const div = op("div");
const neg = op("neg");
const where = op("where");
const sum = op("sum");
const reshape = op("reshape");
const permute = op("permute");
const broadcastTo = op("broadcastTo");
const matmul = op("matmul");
const slice = op("slice");
const concat = op("concat");
const exp = op("exp");
const zeros = op("zeros");

/** The ops whose results are constants: no gradient flows through them. */
export const constantOps: ReadonlySet<string> = new Set([
  "equal", "notEqual", "less", "lessEqual", "greater", "greaterEqual", "logicalAnd", "logicalOr", "logicalXor",
  "sign", "floor", "ceil", "round", "isNaN", "isFinite", "argmax", "argmin", "argsort", "any", "all", "oneHot",
  "zerosLike", "onesLike", "fullLike", "stopGradient",
]);

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** Is each mapped axis after the one before? (Then a reshape keeps the order.) */
const increasing = (axes: readonly number[]): boolean => {
  let last = -1;
  for (const target of axes) {
    if (target < 0) continue;
    if (target < last) return false;
    last = target;
  }
  return true;
};

/**
 * `x` laid out on the result's axes: its axis i on `axes[i]` (-1: dropped, a
 * size-1 axis), size 1 on the others, so NumPy broadcasting against a tensor
 * of the result's shape reads it as the op's mode did.
 */
function aligned(x: unknown, axes: readonly number[], rank: number): unknown {
  if (!(x instanceof Tensor)) return x;
  let source: Tensor = x;
  let sourceAxes = axes;
  if (!increasing(axes)) {
    const order = range(x.shape.length).sort((i, j) => axes[i]! - axes[j]!);
    source = permute(x, order);
    sourceAxes = order.map((i) => axes[i]!);
  }
  const shape = new Array<number>(rank).fill(1);
  sourceAxes.forEach((target, i) => {
    if (target >= 0) shape[target] = source.shape[i]!;
  });
  return shape.length === x.shape.length && shape.every((d, i) => d === x.shape[i]) ? x : reshape(source, shape);
}

/**
 * `g` (of the result's shape) summed down to an input of `shape` whose axes
 * landed on `axes`: over every result axis the input has no axis on, and over
 * those it had size 1 on.
 */
export function reduceTo(g: Tensor, shape: readonly number[], axes: readonly number[]): Tensor {
  const rank = g.shape.length;
  const kept = new Set<number>();
  axes.forEach((target, i) => {
    if (target >= 0 && shape[i] === g.shape[target]) kept.add(target);
  });
  const summed = range(rank).filter((axis) => !kept.has(axis) && g.shape[axis] !== 1);
  let r = summed.length === 0 ? g : sum(g, summed, { keepDims: true });
  if (!increasing(axes)) {
    const mapped = range(shape.length).filter((i) => axes[i]! >= 0).map((i) => axes[i]!);
    const rest = range(rank).filter((axis) => !mapped.includes(axis));
    r = permute(r, [...mapped, ...rest]);
  }
  return r.shape.length === shape.length && r.shape.every((d, i) => d === shape[i]) ? r : reshape(r, shape);
}

/** Right-aligned axes of a rank-`rank` operand in a rank-`resultRank` result (NumPy). */
const rightAligned = (rank: number, resultRank: number): number[] => range(rank).map((axis) => axis + resultRank - rank);

const shapeOf = (x: unknown): readonly number[] => (x instanceof Tensor ? x.shape : []);

/** The broadcast spec of a binary op's options (out is refused while recording). */
const specOf = (options: unknown): unknown => (options !== null && typeof options === "object" && "mode" in options ? options : undefined);

/**
 * A binary element-wise rule from the gradients of the aligned operands
 * (`A`, `B`: laid out on the result's axes, so NumPy broadcasting reads them
 * as the op did); each is then summed back down to its operand.
 */
const binaryRule =
  (name: string, da: ((g: Tensor, A: unknown, B: unknown, out: Tensor) => Tensor) | undefined, db: ((g: Tensor, A: unknown, B: unknown, out: Tensor) => Tensor) | undefined): GradientRule =>
  ({ args: [a, b, options], g, out, needs }) => {
    const layout = resolveBroadcastLayout(name, shapeOf(a), shapeOf(b), specOf(options));
    const rank = layout.shape.length;
    const A = aligned(a, layout.aAxes, rank);
    const B = aligned(b, layout.bAxes, rank);
    const pairs: Pairs = [];
    if (da !== undefined && needs(a)) pairs.push([a, reduceTo(da(g, A, B, out), a.shape, layout.aAxes)]);
    if (db !== undefined && needs(b)) pairs.push([b, reduceTo(db(g, A, B, out), b.shape, layout.bAxes)]);
    return pairs;
  };

/** A unary rule: the gradient of `x` from `g`, `x` and the result. */
const unaryRule =
  (dx: (g: Tensor, x: Tensor, out: Tensor, args: readonly unknown[]) => Tensor): GradientRule =>
  ({ args, g, out, needs }) => {
    const x = args[0];
    return needs(x) ? [[x, dx(g, x, out, args)]] : [];
  };

/** The reduced axes of `x` and `g` laid out with them kept (size 1), so it broadcasts against `x`. */
function kept(name: string, x: Tensor, g: Tensor, axis: unknown, options: unknown): { g: Tensor; axes: number[]; count: number } {
  const keepDims = options !== null && typeof options === "object" && (options as { keepDims?: unknown }).keepDims === true;
  const layout = reduceLayout(name, x.shape, axis, true);
  const count = layout.axes.reduce((p, a) => p * x.shape[a]!, 1);
  return { g: keepDims ? g : reshape(g, layout.shape), axes: layout.axes, count };
}

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** The scatter-add of `g` into zeros of `shape` at `specs`' slice: slice's gradient, whose own gradient is the slice. */
function sliceBackward(g: Tensor, shape: readonly number[], specs: readonly unknown[]): Tensor {
  const out = zeros(shape, g.dtype);
  const view = slice(out, ...specs);
  copyStrided(view.shape, { data: elementsOf(out) as Float64Array, offset: view.offset, strides: view.strides }, viewOf(g));
  return recorded("sliceBackward", [g, shape, specs], out);
}

/** gather's gradient: `g` added into zeros of `shape` at the gathered indices along `at`. */
function gatherBackward(g: Tensor, indices: unknown, at: number, shape: readonly number[]): Tensor {
  const values = indices instanceof Tensor ? (copyElements("gather", indices) as ArrayLike<number>) : (indices as number[]);
  const picked = resolveIndices("gather", values, shape[at]!, `axis ${at}`);
  const outer = shape.slice(0, at).reduce((p, d) => p * d, 1);
  const inner = shape.slice(at + 1).reduce((p, d) => p * d, 1);
  const size = shape[at]!;
  const out = zeros(shape, g.dtype);
  const data = elementsOf(out) as Float64Array;
  const source = g.toTypedArray() as Float64Array; // row-major: [outer, picked.length, inner]
  for (let o = 0; o < outer; o++) {
    for (let j = 0; j < picked.length; j++) {
      const from = (o * picked.length + j) * inner;
      const to = (o * size + picked[j]!) * inner;
      for (let i = 0; i < inner; i++) data[to + i] = data[to + i]! + source[from + i]!;
    }
  }
  return recorded("gatherBackward", [g, indices, at, shape], out);
}

/** The extents of `shape` before, along and after axis `at`: a tensor as [outer, length, inner], row-major. */
const around = (shape: readonly number[], at: number): [number, number, number] => [
  shape.slice(0, at).reduce((p, d) => p * d, 1),
  shape[at]!,
  shape.slice(at + 1).reduce((p, d) => p * d, 1),
];

/**
 * `g` added into zeros of `shape` along axis `at` at `indices` (of g's shape, each a position on
 * that axis): the gradient of picking elements along an axis (sort, topk). Its own gradient is
 * the pick, `gatherAlong`.
 */
function scatterAlong(g: Tensor, indices: Tensor, at: number, shape: readonly number[]): Tensor {
  const [outer, picked, inner] = around(g.shape, at);
  const length = shape[at]!;
  const out = zeros(shape, g.dtype);
  const data = elementsOf(out) as Float64Array;
  const source = copyElements("scatterAlong", g) as Float64Array;
  const index = copyElements("scatterAlong", indices) as Int32Array;
  for (let o = 0; o < outer; o++) {
    for (let j = 0; j < picked; j++) {
      for (let i = 0; i < inner; i++) {
        const from = (o * picked + j) * inner + i;
        const to = (o * length + index[from]!) * inner + i;
        data[to] = data[to]! + source[from]!;
      }
    }
  }
  return recorded("scatterAlong", [g, indices, at, shape], out);
}

/** The elements of `t` at `indices` along axis `at` (the result has the indices' shape): scatterAlong's gradient. */
function gatherAlong(t: Tensor, indices: Tensor, at: number): Tensor {
  const [outer, picked, inner] = around(indices.shape, at);
  const length = t.shape[at]!;
  const out = zeros(indices.shape, t.dtype);
  const data = elementsOf(out) as Float64Array;
  const source = copyElements("gatherAlong", t) as Float64Array;
  const index = copyElements("gatherAlong", indices) as Int32Array;
  for (let o = 0; o < outer; o++) {
    for (let j = 0; j < picked; j++) {
      for (let i = 0; i < inner; i++) {
        const to = (o * picked + j) * inner + i;
        data[to] = source[(o * length + index[to]!) * inner + i]!;
      }
    }
  }
  return recorded("gatherAlong", [t, indices, at], out);
}

/** A cumulative sum of `g` the other way along the axis: the gradient of a cumulative sum (its own too). */
function scanBack(name: string, g: Tensor, x: Tensor, axis: unknown, options: unknown): Tensor {
  const o = options as { exclusive?: boolean; reverse?: boolean } | undefined;
  const flat = axis === undefined || axis === null;
  const along = flat ? 0 : normalizeAxis(name, "axis", axis, x.shape.length);
  const back = op("cumsum")(g, along, { exclusive: o?.exclusive === true, reverse: o?.reverse !== true });
  return flat ? reshape(back, x.shape) : back;
}

/**
 * Each element's product of the other elements over `axes` (prod's gradient): the product of
 * those before it times that of those after it (exclusive cumulative products over the axes laid
 * end to end), so no element is divided by, and an element that is 0 gets the product of the
 * others, as the derivative is.
 */
function othersProduct(x: Tensor, axes: readonly number[]): Tensor {
  const rest = range(x.shape.length).filter((axis) => !axes.includes(axis));
  const order = [...rest, ...axes];
  const moved = permute(x, order);
  const lined = reshape(moved, [...rest.map((axis) => x.shape[axis]!), axes.reduce((p, axis) => p * x.shape[axis]!, 1)]);
  const cumprod = op("cumprod");
  const others = reshape(mul(cumprod(lined, -1, { exclusive: true }), cumprod(lined, -1, { exclusive: true, reverse: true })), moved.shape);
  return permute(others, inversePermutation(order));
}

/** The order that undoes `permute(x, order)`. */
function inversePermutation(order: readonly number[]): number[] {
  const inverse = new Array<number>(order.length);
  order.forEach((axis, i) => (inverse[axis] = i));
  return inverse;
}

/**
 * max's (min's) gradient: `g` shared equally by the elements equal to the extreme `out` of their
 * block, as JAX and TensorFlow share it. (Each tied element getting all of `g` would count it as
 * often as there are ties: max(broadcastTo(m, [3])) would have the gradient 3 with respect to m.)
 */
function shareAmongTies(name: "max" | "min", x: Tensor, g: Tensor, out: Tensor, axis: unknown, options: unknown): Tensor {
  const k = kept(name, x, g, axis, options);
  const extreme = kept(name, x, out, axis, options).g;
  const at = op("equal")(x, extreme);
  const ties = sum(op("cast")(at, g.dtype), k.axes, { keepDims: true });
  return where(at, div(k.g, ties), 0);
}

/** Swaps the last two axes. */
const swapLast = (x: Tensor): Tensor => {
  const rank = x.shape.length;
  return permute(x, [...range(rank - 2), rank - 1, rank - 2]);
};

/** matmul's (and dot's) rule: batch axes broadcast as NumPy's, 1-D operands as a row or a column. */
const matmulRule: GradientRule = ({ args: [a, b], g, needs }) => {
  const x = a as Tensor;
  const y = b as Tensor;
  const A = x.shape.length === 1 ? reshape(x, [1, x.shape[0]!]) : x;
  const B = y.shape.length === 1 ? reshape(y, [y.shape[0]!, 1]) : y;
  const batch = g.shape.slice(0, g.shape.length - (x.shape.length === 1 ? 0 : 1) - (y.shape.length === 1 ? 0 : 1));
  const G = reshape(g, [...batch, A.shape[A.shape.length - 2]!, B.shape[B.shape.length - 1]!]);
  const pairs: Pairs = [];
  if (needs(x)) pairs.push([x, reshape(reduceTo(matmul(G, swapLast(B)), A.shape, rightAligned(A.shape.length, G.shape.length)), x.shape)]);
  if (needs(y)) pairs.push([y, reshape(reduceTo(matmul(swapLast(A), G), B.shape, rightAligned(B.shape.length, G.shape.length)), y.shape)]);
  return pairs;
};

/** A reshaping view's rule: the gradient reshaped back. */
const reshapeRule: GradientRule = ({ args: [x], g, needs }) => (needs(x) ? [[x, reshape(g, x.shape)]] : []);

/** The mean over `axes`, kept, for the composite rules. */
const meanKept = (x: unknown, axes: readonly number[]): Tensor => op("mean")(x, axes, { keepDims: true });

/** The axes from `axis` (default -1) to the end, as layerNorm and rmsNorm normalise over. */
const trailing = (name: string, rank: number, options: unknown): number[] => {
  const axis = (options as { axis?: unknown } | undefined)?.axis ?? -1;
  const at = normalizeAxis(name, "axis", axis, rank);
  return range(rank).slice(at);
};

/** Every input that is a tensor the gradient needs, and its gradient through `recompute`. */
const composite =
  (recompute: (args: readonly unknown[]) => Tensor): GradientRule =>
  ({ args, g, needs, through }) => {
    const inputs = args.filter((arg): arg is Tensor => needs(arg));
    const grads = through(inputs, () => recompute(args), g);
    return inputs.flatMap((input, i) => (grads[i] === undefined ? [] : [[input, grads[i]!] as const]));
  };

export const gradientRules: Readonly<Record<string, GradientRule>> = {
  // convolution and pooling (src/autodiff/conv-rules.ts)
  ...convRules,
  ...einsumRules,
  // resize and upsample (src/autodiff/resize-rules.ts)
  ...resizeRules,

  // element-wise, binary (every broadcast mode)
  add: binaryRule("add", (g) => g, (g) => g),
  sub: binaryRule("sub", (g) => g, (g) => neg(g)),
  mul: binaryRule("mul", (g, _A, B) => mul(g, B), (g, A) => mul(g, A)),
  div: binaryRule("div", (g, _A, B) => div(g, B), (g, _A, B, out) => neg(div(mul(g, out), B))),
  pow: binaryRule(
    "pow",
    // d/dx x^y = y x^(y - 1), and 0 where y = 0 (x^0 is 1 everywhere; y x^-1 would be NaN at x = 0)
    (g, A, B) =>
      B instanceof Tensor ? mul(g, where(op("equal")(B, 0), 0, mul(B, op("pow")(A, sub(B, 1)))))
      : Number(B) === 0 ? mul(g, 0)
      : mul(g, mul(B, op("pow")(A, sub(B, 1)))),
    // d/dy x^y = x^y log x, taken as 0 where x <= 0 (as JAX takes 0^y's); x may be a plain number
    (g, A, _B, out) => mul(g, mul(out, A instanceof Tensor ? where(op("greater")(A, 0), op("log")(A), 0) : Number(A) > 0 ? Math.log(Number(A)) : 0)),
  ),
  mod: binaryRule("mod", (g) => g, (g, A, B) => neg(mul(g, op("floor")(div(A, B))))),
  maximum: binaryRule("maximum", (g, A, B) => where(op("greaterEqual")(A, B), g, 0), (g, A, B) => where(op("greaterEqual")(A, B), 0, g)),
  minimum: binaryRule("minimum", (g, A, B) => where(op("lessEqual")(A, B), g, 0), (g, A, B) => where(op("lessEqual")(A, B), 0, g)),
  where: ({ args: [cond, a, b], g, needs }) => {
    const rank = g.shape.length;
    const pairs: Pairs = [];
    if (needs(a)) pairs.push([a, reduceTo(where(cond, g, 0), a.shape, rightAligned(a.shape.length, rank))]);
    if (needs(b)) pairs.push([b, reduceTo(where(cond, 0, g), b.shape, rightAligned(b.shape.length, rank))]);
    return pairs;
  },

  // element-wise, unary
  neg: unaryRule((g) => neg(g)),
  abs: unaryRule((g, x) => mul(g, op("sign")(x))),
  sqrt: unaryRule((g, _x, out) => div(g, mul(out, 2))),
  exp: unaryRule((g, _x, out) => mul(g, out)),
  log: unaryRule((g, x) => div(g, x)),
  sin: unaryRule((g, x) => mul(g, op("cos")(x))),
  cos: unaryRule((g, x) => neg(mul(g, op("sin")(x)))),
  tanh: unaryRule((g, _x, out) => mul(g, sub(1, mul(out, out)))),
  sigmoid: unaryRule((g, _x, out) => mul(g, mul(out, sub(1, out)))),
  relu: unaryRule((g, x) => where(op("greater")(x, 0), g, 0)),
  clip: unaryRule((g, x, _out, [, min, max]) => where(op("logicalAnd")(op("greaterEqual")(x, min), op("lessEqual")(x, max)), g, 0)),
  cast: unaryRule((g) => g),
  clone: unaryRule((g) => g),
  silu: unaryRule((g, x) => {
    const s = op("sigmoid")(x);
    return mul(g, mul(s, add(1, mul(x, sub(1, s)))));
  }),
  softplus: unaryRule((g, x) => mul(g, op("sigmoid")(x))),
  logSigmoid: unaryRule((g, x) => mul(g, op("sigmoid")(neg(x)))),
  erf: unaryRule((g, x) => mul(g, mul(exp(neg(mul(x, x))), 2 / Math.sqrt(Math.PI)))),
  gelu: unaryRule((g, x, _out, [, options]) => {
    if ((options as { approximate?: unknown } | undefined)?.approximate === "tanh") {
      const x2 = mul(x, x);
      const t = op("tanh")(mul(add(x, mul(mul(x2, x), 0.044715)), SQRT_2_OVER_PI));
      const slope = mul(add(1, mul(x2, 3 * 0.044715)), SQRT_2_OVER_PI);
      return mul(g, add(mul(add(t, 1), 0.5), mul(mul(mul(x, 0.5), sub(1, mul(t, t))), slope)));
    }
    const cdf = mul(add(op("erf")(mul(x, Math.SQRT1_2)), 1), 0.5);
    const pdf = mul(exp(mul(mul(x, x), -0.5)), INV_SQRT_2PI);
    return mul(g, add(cdf, mul(x, pdf)));
  }),
  leakyRelu: unaryRule((g, x, _out, [, alpha]) => where(op("less")(x, 0), mul(g, alpha ?? 0.01), g)),
  elu: unaryRule((g, x, out, [, alpha]) => where(op("greater")(x, 0), g, mul(g, add(out, alpha ?? 1)))),

  // reductions
  sum: ({ args: [x, axis, options], g, needs }) => (needs(x) ? [[x, broadcastTo(kept("sum", x, g, axis, options).g, x.shape)]] : []),
  mean: ({ args: [x, axis, options], g, needs }) => {
    if (!needs(x)) return [];
    const k = kept("mean", x, g, axis, options);
    return [[x, broadcastTo(div(k.g, k.count), x.shape)]];
  },
  max: ({ args: [x, axis, options], g, out, needs }) => (needs(x) ? [[x, shareAmongTies("max", x, g, out, axis, options)]] : []),
  min: ({ args: [x, axis, options], g, out, needs }) => (needs(x) ? [[x, shareAmongTies("min", x, g, out, axis, options)]] : []),
  prod: ({ args: [x, axis, options], g, needs }) => {
    if (!needs(x)) return [];
    const k = kept("prod", x, g, axis, options);
    return [[x, mul(k.g, othersProduct(x, k.axes))]];
  },
  logSumExp: ({ args: [x, axis, options], g, out, needs }) => {
    if (!needs(x)) return [];
    const k = kept("logSumExp", x, g, axis, options);
    const total = kept("logSumExp", x, out, axis, options).g;
    return [[x, mul(k.g, exp(sub(x, total)))]];
  },
  variance: composite(([x, axis, options]) => spread(x as Tensor, axis, options, false)),
  std: composite(([x, axis, options]) => spread(x as Tensor, axis, options, true)),
  softmax: ({ args: [x, axis], g, out, needs }) => {
    if (!needs(x)) return [];
    const along = axis ?? -1;
    return [[x, mul(out, sub(g, sum(mul(g, out), along, { keepDims: true })))]];
  },
  logSoftmax: ({ args: [x, axis], g, out, needs }) => {
    if (!needs(x)) return [];
    const along = axis ?? -1;
    return [[x, sub(g, mul(exp(out), sum(g, along, { keepDims: true })))]];
  },

  // products
  matmul: matmulRule,
  dot: matmulRule,
  outer: ({ args: [a, b], g, needs }) => {
    const pairs: Pairs = [];
    if (needs(a)) pairs.push([a, matmul(g, b)]);
    if (needs(b)) pairs.push([b, matmul(swapLast(g), a)]);
    return pairs;
  },

  // views
  reshape: reshapeRule,
  expandDims: reshapeRule,
  squeeze: reshapeRule,
  permute: ({ args: [x, order], g, needs }) => (needs(x) ? [[x, permute(g, inversePermutation(order as number[]))]] : []),
  broadcastTo: ({ args: [x, target, spec], g, needs }) => {
    if (!needs(x)) return [];
    const { axes } = resolveBroadcastToLayout("broadcastTo", x.shape, target, spec);
    return [[x, reduceTo(g, x.shape, axes)]];
  },
  slice: ({ args: [x, ...specs], g, needs }) => (needs(x) ? [[x, sliceBackward(g, x.shape, specs)]] : []),
  sliceBackward: ({ args: [g, , specs], g: gg, needs }) => (needs(g) ? [[g, slice(gg, ...(specs as unknown[]))]] : []),

  // cumulative sums and products (the gradient of a product divides by the element: not finite where it is 0)
  cumsum: ({ args: [x, axis, options], g, needs }) => (needs(x) ? [[x, scanBack("cumsum", g, x, axis, options)]] : []),
  cumprod: ({ args: [x, axis, options], g, out, needs }) => {
    if (!needs(x)) return [];
    const back = scanBack("cumprod", mul(g, out), x, axis, options);
    return [[x, div(back, x)]];
  },

  // sorting: each element's gradient goes back to where it came from
  sort: ({ args: [x, options], g, needs }) => {
    if (!needs(x)) return [];
    const at = normalizeAxis("sort", "axis", (options as { axis?: unknown } | undefined)?.axis ?? -1, x.shape.length);
    return [[x, scatterAlong(g, op("argsort")(x, options), at, x.shape)]];
  },
  topk: ({ args: [x, , options], g, result, needs }) => {
    if (!needs(x)) return [];
    const at = normalizeAxis("topk", "axis", (options as { axis?: unknown } | undefined)?.axis ?? -1, x.shape.length);
    // the indices: the op's other result, an int32 tensor (not among the float outputs)
    return [[x, scatterAlong(g, (result as { indices: Tensor }).indices, at, x.shape)]];
  },
  scatterAlong: ({ args: [g, indices, at], g: gg, needs }) => (needs(g) ? [[g, gatherAlong(gg, indices as Tensor, at as number)]] : []),
  gatherAlong: ({ args: [t, indices, at], g: gg, needs }) => (needs(t) ? [[t, scatterAlong(gg, indices as Tensor, at as number, t.shape)]] : []),

  // joins, splits and copies
  concat: ({ args: [tensors, axis = 0], g, needs }) => {
    const list = tensors as Tensor[];
    const at = normalizeAxis("concat", "axis", axis, g.shape.length);
    let start = 0;
    const pairs: Pairs = [];
    for (const t of list) {
      const stop = start + t.shape[at]!;
      if (needs(t)) pairs.push([t, slice(g, ...new Array<null>(at).fill(null), { start, stop })]);
      start = stop;
    }
    return pairs;
  },
  stack: ({ args: [tensors, axis = 0], g, needs }) => {
    const at = normalizeAxis("stack", "axis", axis, g.shape.length);
    return (tensors as Tensor[]).flatMap((t, i) => (needs(t) ? [[t, slice(g, ...new Array<null>(at).fill(null), i)] as const] : []));
  },
  split: ({ args: [x, , axis = 0], outputs, grads, needs }) => {
    if (!needs(x)) return [];
    const at = normalizeAxis("split", "axis", axis, x.shape.length);
    return [[x, concat(outputs.map((part, i) => grads[i] ?? zeros(part.shape, part.dtype)), at)]];
  },
  pad: ({ args: [x, widths], g, needs }) => {
    if (!needs(x)) return [];
    const { pairs } = padLayout(x.shape, widths);
    return [[x, slice(g, ...pairs.map(([before], axis) => ({ start: before, stop: before + x.shape[axis]! })))]];
  },
  tile: ({ args: [x, reps], g, needs }) => {
    if (!needs(x)) return [];
    const { dims, counts } = tileLayout(x.shape, reps);
    const split = reshape(g, dims.flatMap((dim, axis) => [counts[axis]!, dim]));
    return [[x, reshape(sum(split, range(dims.length).map((axis) => 2 * axis)), x.shape)]];
  },
  // the elements each triangle keeps pass their gradient, the zeroed ones none: the same triangle of g
  tril: ({ args: [x, k], g, needs }) => (needs(x) ? [[x, op("tril")(g, k)]] : []),
  triu: ({ args: [x, k], g, needs }) => (needs(x) ? [[x, op("triu")(g, k)]] : []),
  // every copy of an element took its value: the element's gradient is the sum of g over its copies
  repeat: ({ args: [x, repeats, axis], g, needs }) => {
    if (!needs(x)) return [];
    const { dims, at, counts } = repeatLayout(x.shape, repeats, axis);
    if (typeof counts === "number") {
      // the copies of each element side by side on an axis of their own, summed over it
      const copies = reshape(g, [...dims.slice(0, at + 1), counts, ...dims.slice(at + 1)]);
      return [[x, reshape(sum(copies, at + 1), x.shape)]];
    }
    // one count per element: the gradient of gathering each element's index that many times
    const indices = counts.flatMap((count, i) => new Array<number>(count).fill(i));
    return [[x, reshape(gatherBackward(g, indices, at, dims), x.shape)]];
  },
  gather: ({ args: [x, indices, axis = 0], g, needs }) => {
    if (!needs(x)) return [];
    const at = gatherLayout("gather", x.shape, shapeOf(indices), axis).at;
    return [[x, gatherBackward(g, indices, at, x.shape)]];
  },
  take: ({ args: [x, indices, axis], g, needs }) => {
    if (!needs(x)) return [];
    if (axis !== undefined) return [[x, gatherBackward(g, indices, gatherLayout("take", x.shape, shapeOf(indices), axis).at, x.shape)]];
    return [[x, reshape(gatherBackward(g, indices, 0, [x.size]), x.shape)]];
  },
  gatherBackward: ({ args: [g, indices, at], g: gg, needs }) => (needs(g) ? [[g, op("gather")(gg, indices, at)]] : []),

  // losses: the fused cross entropy of src/train/losses.ts
  softmaxCrossEntropy: ({ args: [logits, labels, how], g, needs }) => {
    const x = logits as Tensor;
    const classes = x.shape[x.shape.length - 1]!;
    const rows = classes === 0 ? 0 : x.size / classes;
    // the gradient of each row's loss, as a tensor of the logits' rank (a size-1 classes axis)
    const perRow = how === "none" ? reshape(g, [...x.shape.slice(0, -1), 1]) : how === "sum" ? g : div(g, rows);
    const indices = labels instanceof Tensor && (labels.dtype === "int32" || labels.dtype === "uint8");
    const target = indices ? op("oneHot")(labels, classes, { dtype: x.dtype }) : (labels as Tensor);
    const pairs: Pairs = [];
    if (needs(x)) {
      const p = op("softmax")(x, -1);
      // d/dx_k of sum_j t_j (lse - x_j) = (sum_j t_j) p_k - t_k (sum_j t_j is 1 for one-hot rows)
      const weighted = indices ? p : mul(p, sum(target, -1, { keepDims: true }));
      pairs.push([x, mul(sub(weighted, target), perRow)]);
    }
    if (!indices && needs(labels)) pairs.push([labels, mul(neg(op("logSoftmax")(x, -1)), perRow)]);
    return pairs;
  },

  // normalisations, through their formulas
  layerNorm: composite(([x, gamma, beta, options]) => {
    const t = x as Tensor;
    const axes = trailing("layerNorm", t.shape.length, options);
    const epsilon = (options as { epsilon?: number } | undefined)?.epsilon ?? 1e-5;
    const centred = sub(t, meanKept(t, axes));
    const scale = op("sqrt")(add(meanKept(mul(centred, centred), axes), epsilon));
    return add(mul(div(centred, scale), gamma), beta);
  }),
  rmsNorm: composite(([x, gamma, options]) => {
    const t = x as Tensor;
    const axes = trailing("rmsNorm", t.shape.length, options);
    const epsilon = (options as { epsilon?: number } | undefined)?.epsilon ?? 1e-6;
    return mul(div(t, op("sqrt")(add(meanKept(mul(t, t), axes), epsilon))), gamma);
  }),
  batchNorm: composite(([x, mean, variance, gamma, beta, options]) => {
    const t = x as Tensor;
    const o = options as { epsilon?: number; layout?: string } | undefined;
    const epsilon = o?.epsilon ?? 1e-3;
    // NCHW: the [C] vectors on axis 1 (NumPy broadcasting puts them on the last axis)
    const place = (v: unknown): unknown => (o?.layout === "NCHW" ? reshape(v, [(v as Tensor).shape[0]!, ...new Array<number>(t.shape.length - 2).fill(1)]) : v);
    return add(mul(div(sub(t, place(mean)), op("sqrt")(add(place(variance), epsilon))), place(gamma)), place(beta));
  }),
};

/** variance and std through their formulas (their rules). */
function spread(x: Tensor, axis: unknown, options: unknown, root: boolean): Tensor {
  const o = options as { keepDims?: boolean; ddof?: number } | undefined;
  const { axes } = reduceLayout(root ? "std" : "variance", x.shape, axis, true);
  const count = axes.reduce((p, a) => p * x.shape[a]!, 1);
  const centred = sub(x, meanKept(x, axes));
  const v = div(sum(mul(centred, centred), axes, { keepDims: o?.keepDims === true }), Math.max(count - (o?.ddof ?? 0), 0));
  return root ? op("sqrt")(v) : v;
}
