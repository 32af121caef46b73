/**
 * Fuzz: gradients of random programs over random parameter trees, against central finite
 * differences in float64. A program is a list of steps, each a differentiable op (element-wise
 * unary and binary ops with broadcasting and plain numbers on either side, reductions kept and
 * broadcast back, views there and back, matmul, softmax, logSoftmax, concat and slice, where,
 * pow, tidy scopes) over the parameters and constants captured by the program, so every value
 * keeps the program's shape and every rule is reached. The parameters are a tree (tensors,
 * arrays, records, nested) whose leaves are drawn from a few tensors, so the same tensor often
 * sits at two leaves, and the program also reaches those tensors through its closure: each
 * leaf's gradient must be the derivative with respect to that leaf alone, the others held; the
 * closure's tensor moves with the leaf when that leaf alone holds it, and is held when two leaves
 * do (docs/training.md). grad, valueAndGrad and vjp must agree.
 */
import fc from "fast-check";
import * as lib from "shapecast";
import { type Tensor } from "shapecast";
import { describe } from "vitest";
import { fail, show } from "./support/check.js";
import { fuzz } from "./support/run.js";

type Op = (...args: unknown[]) => Tensor;
const op = (name: string): Op => (lib as unknown as Record<string, Op>)[name]!;

/** A float64 tensor of `shape` whose values, from `seed`, lie in [lo, hi]. */
function valuesOf(shape: readonly number[], seed: number, lo = -1.5, hi = 1.5): Tensor {
  const size = shape.reduce((p, d) => p * d, 1);
  let s = seed >>> 0 || 1;
  const data = Array.from({ length: size }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return lo + ((s >>> 8) / 2 ** 24) * (hi - lo);
  });
  return lib.tensor(data, [...shape] as never, { dtype: "float64" }) as unknown as Tensor;
}

// ---------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------

/** An operand: a parameter leaf (its index in the tree's leaves), a captured constant, an earlier value, or a plain number. */
type Ref = { readonly leaf: number } | { readonly constant: number } | { readonly value: number } | { readonly number: number } | { readonly closure: number };

interface Step {
  readonly kind: string;
  readonly a: Ref;
  readonly b: Ref;
  readonly n: number;
  readonly tidy: boolean;
}

const UNARY = ["exp", "tanh", "sigmoid", "sin", "cos", "softplus", "neg", "square", "logSigmoid", "silu", "erf", "sqrt1", "log1"];
const BINARY = ["add", "sub", "mul", "div", "pow", "powNumber", "numberPow", "where"];
const SHAPING = ["transposeBack", "reshapeBack", "sumKept", "meanKept", "maxKept", "matmul", "softmax", "logSoftmax", "concatSlice", "expandSqueeze", "sliceBroadcast", "logSumExpKept", "stopGradient"];
const KINDS = [...UNARY, ...BINARY, ...SHAPING];

interface Program {
  readonly shape: readonly number[];
  /** The tensors the leaves are drawn from (each a seed), and the tree: which tensor each leaf holds. */
  readonly pool: readonly number[];
  readonly tree: TreeDesc;
  readonly constants: readonly number[];
  readonly steps: readonly Step[];
  readonly weights: number;
}

/** A tree of leaves: a leaf is an index into the pool (often the same index twice). */
type TreeDesc = number | { readonly array: readonly TreeDesc[] } | { readonly record: readonly (readonly [string, TreeDesc])[] };

const treeArb: fc.Arbitrary<TreeDesc> = fc.letrec<{ tree: TreeDesc }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: fc.nat(2), weight: 3 },
    { arbitrary: fc.array(tie("tree"), { minLength: 1, maxLength: 3 }).map((array) => ({ array })), weight: 1 },
    {
      arbitrary: fc.uniqueArray(fc.tuple(fc.constantFrom("w", "b", "gamma", "__proto__", "constructor", "0", "layer"), tie("tree")), { minLength: 1, maxLength: 3, selector: ([k]) => k }).map((record) => ({ record })),
      weight: 1,
    },
  ),
})).tree;

const programArb: fc.Arbitrary<Program> = fc
  .record({
    shape: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
    pool: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    tree: treeArb,
    constants: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
    count: fc.integer({ min: 1, max: 6 }),
    weights: fc.nat(),
    seeds: fc.array(fc.tuple(fc.constantFrom(...KINDS), fc.nat(), fc.nat(), fc.nat(), fc.boolean(), fc.double({ min: -2, max: 2, noNaN: true })), { minLength: 6, maxLength: 6 }),
  })
  .map(({ shape, pool, tree, constants, count, weights, seeds }) => {
    const steps: Step[] = seeds.slice(0, count).map(([kind, x, y, n, tidy, number], i) => {
      const pick = (k: number): Ref => {
        const choice = k % (i === 0 ? 4 : 6);
        if (choice === 0 || choice === 4) return { leaf: k % 8 };
        if (choice === 1) return { constant: k % 2 };
        if (choice === 2) return { number };
        // a tensor of the pool the function reaches through its closure, not through its argument: a constant
        if (choice === 3) return { closure: k % 3 };
        return { value: k % i };
      };
      return { kind, a: pick(x), b: pick(y), n, tidy };
    });
    return { shape, pool, tree, constants, steps, weights };
  });

/** A record's entries in the order its keys will list (integer-like keys first, ascending: JavaScript's order). */
function inKeyOrder(record: readonly (readonly [string, TreeDesc])[]): (readonly [string, TreeDesc])[] {
  const order = Object.keys(Object.fromEntries(record.map(([key]) => [key, 0])));
  return order.map((key) => record.find(([k]) => k === key)!);
}

/** The leaves' pool indices in the tree's order (arrays by index, records by their keys' order), as the library flattens it. */
function leavesOf(tree: TreeDesc): number[] {
  if (typeof tree === "number") return [tree];
  if ("array" in tree) return tree.array.flatMap(leavesOf);
  return inKeyOrder(tree.record).flatMap(([, t]) => leavesOf(t));
}

/** The tree built of `tensors` (one per leaf, in the order leavesOf gives). */
function buildTree(tree: TreeDesc, tensors: readonly Tensor[], at = { i: 0 }): unknown {
  if (typeof tree === "number") return tensors[at.i++];
  if ("array" in tree) return tree.array.map((t) => buildTree(t, tensors, at));
  const out: Record<string, unknown> = {};
  for (const [key, t] of inKeyOrder(tree.record)) Object.defineProperty(out, key, { value: buildTree(t, tensors, at), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The tensors of a tree, in its order (as the library flattens it). */
function flat(tree: unknown): Tensor[] {
  if (tree instanceof lib.Tensor) return [tree];
  if (Array.isArray(tree)) return tree.flatMap(flat);
  return Object.keys(tree as object).flatMap((key) => flat((tree as Record<string, unknown>)[key]));
}

/**
 * The program as a function of the tree (its leaves read in order) and the captured constants.
 * `frozen` (for finite differences) holds what each stopGradient gave at the unmoved parameters:
 * through it nothing moves.
 */
function programOf(p: Program, constants: readonly Tensor[], pool: readonly Tensor[], frozen?: { readonly record: boolean; readonly values: Map<number, number[]> }): (tree: unknown) => Tensor {
  const shape = p.shape;
  const last = shape.length - 1;
  const square = valuesOf([shape[last]!, shape[last]!], 77, -0.8, 0.8);
  const cond = lib.greater(valuesOf(shape, 99), 0) as unknown as Tensor;
  return (tree) => {
    const leaves = flat(tree);
    const values: Tensor[] = [];
    const read = (r: Ref): Tensor | number => {
      if ("leaf" in r) return leaves.length === 0 ? constants[0]! : leaves[r.leaf % leaves.length]!;
      if ("constant" in r) return constants[r.constant]!;
      if ("closure" in r) return pool[r.closure]!;
      if ("value" in r) return values[r.value] ?? constants[0]!;
      return r.number;
    };
    // a positive tensor of the shape, from anything (the safe base of pow, log, sqrt and div)
    const positive = (x: Tensor | number): Tensor => op("add")(op("sigmoid")(op("add")(x, constants[1]!)), 0.5);
    const tensorOf = (x: Tensor | number): Tensor => (typeof x === "number" ? op("add")(constants[0]!, x) : x);
    for (const step of p.steps) {
      const run = (): Tensor => {
        const b = read(step.b);
        // (two plain numbers would make a scalar: one of them is a tensor of the shape)
        const a = typeof b === "number" ? tensorOf(read(step.a)) : read(step.a);
        const t = tensorOf(a);
        switch (step.kind) {
          case "square":
            return op("mul")(t, t);
          case "sqrt1":
            return op("sqrt")(positive(t));
          case "log1":
            return op("log")(positive(t));
          case "div":
            return op("div")(a, positive(b));
          case "pow":
            return op("pow")(positive(a), op("tanh")(tensorOf(b)));
          case "powNumber":
            return op("pow")(positive(a), [-1.5, 0, 1, 2, 3][step.n % 5]!);
          case "numberPow":
            return op("pow")([0.5, 2, 3][step.n % 3]!, op("tanh")(t));
          case "where":
            return op("where")(cond, a, b);
          case "add":
          case "sub":
          case "mul":
            return op(step.kind)(a, b);
          case "transposeBack":
            return op("transpose")(op("exp")(op("transpose")(op("mul")(t, 0.5))));
          case "reshapeBack":
            return op("reshape")(op("tanh")(op("reshape")(t, [-1])), [...shape]);
          case "sumKept":
          case "meanKept":
          case "maxKept":
          case "logSumExpKept":
            return op("broadcastTo")(op(step.kind.slice(0, -4))(t, step.n % shape.length, { keepDims: true }), [...shape]);
          case "matmul":
            return op("matmul")(t, square);
          case "softmax":
          case "logSoftmax":
            return op(step.kind)(t, -1);
          case "concatSlice": {
            const axis = step.n % shape.length;
            const both = op("concat")([t, op("mul")(tensorOf(b), 2)], axis);
            return op("slice")(both, ...shape.map((d, i) => (i === axis ? { start: d } : null)));
          }
          case "expandSqueeze":
            return op("squeeze")(op("sin")(op("expandDims")(t, step.n % (shape.length + 1))), step.n % (shape.length + 1));
          case "sliceBroadcast": {
            const axis = step.n % shape.length;
            return op("broadcastTo")(op("slice")(t, ...shape.map((_, i) => (i === axis ? { start: 0, stop: 1 } : null))), [...shape]);
          }
          case "stopGradient": {
            const step = values.length;
            if (frozen !== undefined && !frozen.record) return op("add")(lib.tensor(frozen.values.get(step)!, [...shape] as never, { dtype: "float64" }), tensorOf(b));
            const stopped = op("stopGradient")(t);
            // (kept as numbers: a tensor made in a tidy scope would be disposed with it)
            frozen?.values.set(step, Array.from(stopped.toTypedArray() as Float64Array));
            return op("add")(stopped, tensorOf(b));
          }
          default:
            return op(step.kind)(t);
        }
      };
      values.push(step.tidy ? (lib.tidy(run) as Tensor) : run());
    }
    return values[values.length - 1]!;
  };
}

const code = (p: Program): string =>
  `shape ${show(p.shape)}, leaves from tensors ${show(p.pool)} as ${JSON.stringify(p.tree)}, constants ${show(p.constants)}\n` +
  p.steps.map((s, i) => `v${i} = ${s.tidy ? "tidy " : ""}${s.kind}(${show(s.a)}, ${show(s.b)}, n=${s.n})`).join("\n");

describe("fuzz: gradients", () => {
  fuzz("gradients/finite-differences", programArb, (p) => {
    const what = code(p);
    const pool = p.pool.map((seed) => valuesOf(p.shape, seed));
    const indices = leavesOf(p.tree);
    const constants = p.constants.map((seed) => valuesOf(p.shape, seed));
    const f = programOf(p, constants, pool);
    // what every stopGradient gives at the unmoved parameters, for the finite differences
    const stopped = new Map<number, number[]>();
    programOf(p, constants, pool, { record: true, values: stopped })(buildTree(p.tree, indices.map((k) => pool[k]!)));
    const w = valuesOf(p.shape, p.weights);
    const loss = (tree: unknown): Tensor => op("sum")(op("mul")(f(tree), w));
    const tree = buildTree(p.tree, indices.map((k) => pool[k]!));
    let grads: Tensor[];
    try {
      grads = flat(lib.grad(loss as never)(tree as never));
    } catch (error) {
      return fail(`${what}\n  grad threw ${(error as Error).message}`);
    }
    const value = lib.valueAndGrad(loss as never)(tree as never) as unknown as { value: Tensor; grads: unknown };
    const pulled = flat(lib.vjp(loss as never, tree as never).vjp(lib.tensor(1, { dtype: "float64" }) as never));
    const h = 1e-6;
    indices.forEach((k, leaf) => {
      const base = Array.from(pool[k]!.toTypedArray() as Float64Array);
      const got = Array.from(grads[leaf]!.toTypedArray() as Float64Array);
      const again = Array.from(flat(value.grads)[leaf]!.toTypedArray() as Float64Array);
      const viaVjp = Array.from(pulled[leaf]!.toTypedArray() as Float64Array);
      base.forEach((v, i) => {
        // this leaf alone moves: a tensor of its own at its place in the tree, the other leaves as they were
        const at = (delta: number): number => {
          const moved = base.slice();
          moved[i] = v + delta;
          const movedTensor = lib.tensor(moved, [...p.shape] as never, { dtype: "float64" }) as unknown as Tensor;
          const tensors = indices.map((j, position) => (position === leaf ? movedTensor : pool[j]!));
          // the closure's tensor moves too when this leaf alone holds it
          const alone = indices.filter((j) => j === k).length === 1;
          const closure = pool.map((t, j) => (alone && j === k ? movedTensor : t));
          return Number(op("sum")(op("mul")(programOf(p, constants, closure, { record: false, values: stopped })(buildTree(p.tree, tensors)), w)).item());
        };
        const fd = (at(h) - at(-h)) / (2 * h);
        const scale = Math.max(1, Math.abs(fd), Math.abs(got[i]!));
        if (!(Math.abs(got[i]! - fd) <= 1e-4 * scale)) fail(`${what}\n  leaf ${leaf} (tensor ${k}) element ${i}: grad gives ${got[i]}, finite differences ${fd}`);
        if (again[i] !== got[i] || !(Math.abs(viaVjp[i]! - got[i]!) <= 1e-12 * scale)) fail(`${what}\n  leaf ${leaf} element ${i}: grad ${got[i]}, valueAndGrad ${again[i]}, vjp ${viaVjp[i]}`);
      });
    });
  });
});
