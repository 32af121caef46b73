/**
 * Reverse-mode autodiff: `grad`, `valueAndGrad`, `vjp` and `stopGradient`.
 *
 * Taking a gradient opens a tape (a `Recorder`, src/autodiff/tape.ts) that
 * follows the parameters: every op called on a followed tensor is noted with
 * its arguments and result, and the result is followed in turn. The tape is
 * then walked backwards from the output, each op's rule (src/autodiff/rules.ts)
 * turning the gradient of its result into gradients of its inputs. The rules
 * are written with the library's own ops, so a backward pass run while an
 * outer tape is open is itself recorded there: `grad(grad(f))` works.
 */
import { isFloat } from "../dtype.js";
import { ShapeError, showShape } from "../errors.js";
import { cast, add } from "../ops/elementwise.js";
import { clone, zerosLike, onesLike } from "../ops/create.js";
import { assertAttached, storageOf, Tensor } from "../tensor.js";
import { slice } from "../ops/views.js";
import { describe } from "../shape/validate.js";
import { argumentObjects, type Recorder, recorded, recorders } from "./tape.js";
import { constantOps, type GradientRule, gradientRules } from "./rules.js";
import { type Flat, flatten, outputsOf } from "./tree.js";


interface Node {
  readonly op: string;
  readonly args: readonly unknown[];
  readonly result: unknown;
  readonly outputs: readonly Tensor[];
  readonly rule: GradientRule | undefined;
}

class Tape implements Recorder {
  /** The tensors that depend on the parameters. */
  readonly followed = new Set<Tensor>();
  readonly nodes: Node[] = [];
  /** The node that made each followed tensor (the last one, should an op hand back a tensor it got). */
  readonly producer = new Map<Tensor, Node>();
  /** Every argument and result of the nodes: what the backward pass reads. */
  readonly held = new Set<object>();

  constructor(readonly op: string) {}

  holds(t: object): boolean {
    return this.held.has(t);
  }

  follows(value: unknown): value is Tensor {
    return value instanceof Tensor && this.followed.has(value);
  }

  private depends(args: readonly unknown[]): boolean {
    for (const arg of args) {
      if (arg instanceof Tensor) {
        if (this.followed.has(arg)) return true;
      } else if (Array.isArray(arg)) {
        for (const item of arg) if (item instanceof Tensor && this.followed.has(item)) return true;
      }
    }
    return false;
  }

  record(op: string, args: readonly unknown[], result: unknown): void {
    if (!this.depends(args) || constantOps.has(op)) return;
    const outputs = outputsOf(result).filter((t) => isFloat(t.dtype));
    if (outputs.length === 0) return; // integer and bool results carry no gradient
    const options = args[args.length - 1];
    if (options !== null && typeof options === "object" && !Array.isArray(options) && !(options instanceof Tensor) && "out" in options && (options as { out?: unknown }).out !== undefined) {
      throw new TypeError(`${op}: out is not allowed while ${this.op} records the ops on its parameters (the gradient needs the values out would overwrite); drop out inside the function`);
    }
    const node: Node = { op, args, result, outputs, rule: gradientRules[op] };
    this.nodes.push(node);
    for (const held of argumentObjects(args)) this.held.add(held);
    for (const t of outputsOf(result)) this.held.add(t);
    for (const t of outputs) {
      this.followed.add(t);
      this.producer.set(t, node);
    }
  }

  /** The gradients of `inputs` of `seed` through `recompute` (a rule given by a formula), on a tape of its own. */
  private through(inputs: readonly Tensor[], recompute: () => Tensor, seed: Tensor): (Tensor | undefined)[] {
    const inner = new Tape(this.op);
    for (const t of inputs) inner.followed.add(t);
    recorders.push(inner);
    let out: Tensor;
    try {
      out = recompute();
    } finally {
      recorders.splice(recorders.lastIndexOf(inner), 1);
    }
    if (!inner.follows(out)) return inputs.map(() => undefined);
    const grads = inner.backward(new Map([[out, seed]]));
    return inputs.map((t) => grads.get(t));
  }

  /**
   * A `TypeError` naming the gradient function when a tensor node `index` read or made was
   * disposed since (by the function's own `dispose()`, or a `tidy` scope that ended after the
   * gradient was taken, around `vjp`): the backward pass would read it.
   */
  private checkKept(node: Node, index: number): void {
    for (const value of [...argumentObjects(node.args), ...node.outputs]) {
      if (value instanceof Tensor && value.isDisposed) {
        throw new TypeError(
          `${this.op}: a tensor the gradient needs was disposed (${node.outputs.includes(value) ? "the result" : "an argument"} of ${node.op}, the function's op ${index + 1}); the backward pass reads it. Do not dispose() tensors inside the function (a tidy there keeps what the gradient needs by itself)${this.op === "vjp" ? ", and call vjp's function before a tidy around vjp() ends" : ""}`,
        );
      }
    }
  }

  /** The gradients of the followed tensors, from `seeds` (a gradient per output) back to the start. */
  backward(seeds: ReadonlyMap<Tensor, Tensor>): Map<Tensor, Tensor> {
    const grads = new Map(seeds);
    for (let i = this.nodes.length - 1; i >= 0; i--) {
      const node = this.nodes[i]!;
      let any = false;
      const gs = node.outputs.map((t) => {
        const g = this.producer.get(t) === node ? grads.get(t) : undefined;
        if (g !== undefined) any = true;
        return g;
      });
      if (!any) continue;
      this.checkKept(node, i);
      if (node.rule === undefined) {
        throw new TypeError(`${this.op}: ${node.op} has no gradient yet, and the result depends on it through a parameter (see docs/training.md for the ops that have one); apply stopGradient to its input if no gradient should flow there`);
      }
      const out = node.outputs[0]!;
      const g = gs[0] ?? zerosLike(out);
      const pairs = node.rule({ args: node.args, result: node.result, out, outputs: node.outputs, g, grads: gs, needs: (x): x is Tensor => this.follows(x), through: (inputs, recompute, seed) => this.through(inputs, recompute, seed) });
      for (const [input, partial] of pairs) {
        if (!this.followed.has(input)) continue;
        if (partial.shape.length !== input.shape.length || partial.shape.some((d, axis) => d !== input.shape[axis])) {
          throw new Error(`${this.op}: the gradient rule of ${node.op} gave shape ${showShape(partial.shape)} for an input of shape ${showShape(input.shape)} (a bug in shapecast: please report it)`);
        }
        const fitted = partial.dtype === input.dtype ? partial : cast(partial, input.dtype);
        const before = grads.get(input);
        grads.set(input, before === undefined ? fitted : add(before, fitted));
      }
      // an intermediate's gradient is not needed once its op is done
      for (const t of node.outputs) if (!seeds.has(t)) grads.delete(t);
    }
    return grads;
  }
}

/** The parameters as the tape follows them: a tensor of its own per leaf, and the tensor each stands for. */
interface Taped extends Flat {
  /** Per leaf: the tensor it was given when no other leaf holds that tensor, else undefined. */
  readonly sole: readonly (Tensor | undefined)[];
}

/**
 * Opens a tape following the tree's tensors, runs `body` on the tree the function is given, and
 * closes the tape whatever happens. Each leaf is given as a tensor of its own over the same
 * elements, so that every leaf is a parameter of its own, the same tensor at two leaves
 * included (each gets the gradient of its own uses, as JAX gives it). A tensor held by one leaf
 * only is followed as that leaf's too, so a function that reaches its parameters through a
 * closure (as TensorFlow.js's `minimize` is written) gets their gradients; a tensor held by two
 * leaves is no single parameter, and reached any other way it is a constant.
 */
function taping<R>(op: string, params: unknown, body: (given: unknown) => R): { tape: Tape; result: R; flat: Taped } {
  const flat = flatten(op, "params", params);
  flat.leaves.forEach((leaf, i) => {
    if (!isFloat(leaf.dtype)) {
      throw new TypeError(`${op}: ${flat.paths[i]} has dtype ${leaf.dtype}; only float32 and float64 tensors have gradients (cast it, or pass it as another argument)`);
    }
  });
  // (a whole slice: a new tensor of the same view, recorded, so that a gradient taken around this
  // one, grad(grad(f)), still follows its parameters through it)
  const own = flat.leaves.map((leaf, i) => {
    assertAttached(op, flat.paths[i]!, leaf);
    return slice(leaf);
  });
  const holders = new Map<Tensor, number>();
  for (const leaf of flat.leaves) holders.set(leaf, (holders.get(leaf) ?? 0) + 1);
  const sole = flat.leaves.map((leaf) => (holders.get(leaf) === 1 ? leaf : undefined));
  const given = flat.rebuild(own);
  const tape = new Tape(op);
  for (const leaf of own) tape.followed.add(leaf);
  for (const leaf of sole) if (leaf !== undefined) tape.followed.add(leaf);
  recorders.push(tape);
  try {
    return { tape, result: body(given), flat: { ...flat, leaves: own, sole } };
  } finally {
    recorders.splice(recorders.lastIndexOf(tape), 1);
  }
}

/** The loss checked: a float tensor of shape []. */
function checkScalar(op: string, value: unknown): asserts value is Tensor {
  if (!(value instanceof Tensor)) throw new TypeError(`${op}: the function must return a Tensor of shape [], got ${describe(value)}`);
  if (value.shape.length !== 0) {
    throw new ShapeError(
      `${op}: the function must return a scalar (shape []), got shape ${showShape(value.shape)}; reduce it first, e.g. mean(loss), or use vjp for a gradient of a non-scalar output`,
      { code: "rank", op, mode: "none", a: [...value.shape], b: [] },
    );
  }
  if (!isFloat(value.dtype)) throw new TypeError(`${op}: the function must return a float32 or float64 tensor, got ${value.dtype}`);
}

/** The gradient of each leaf, zeros for a leaf the output does not depend on; never a broadcast view. */
function leafGrads(flat: Taped, grads: ReadonlyMap<Tensor, Tensor>): Tensor[] {
  return flat.leaves.map((leaf, i) => {
    const given = grads.get(leaf);
    // what reached the tensor itself (through a closure) counts for the one leaf that holds it
    const around = flat.sole[i] === undefined ? undefined : grads.get(flat.sole[i]!);
    const g = given === undefined ? around : around === undefined ? given : add(given, around);
    if (g === undefined) return zerosLike(leaf);
    return g.strides.some((stride, axis) => stride === 0 && g.shape[axis] !== 1) ? clone(g) : g;
  });
}

function valueAndGradOf(op: string, f: (...args: unknown[]) => unknown, params: unknown, rest: readonly unknown[]): { value: Tensor; grads: unknown } {
  if (typeof f !== "function") throw new TypeError(`${op}: f must be a function, got ${describe(f)}`);
  const { tape, result, flat } = taping(op, params, (given) => f(given, ...rest));
  checkScalar(op, result);
  const grads = tape.follows(result) ? tape.backward(new Map([[result, onesLike(result)]])) : new Map<Tensor, Tensor>();
  return { value: result, grads: flat.rebuild(leafGrads(flat, grads)) };
}

export type { GradOf, ParamTree, ScalarLoss, ValueAndGrad, Vjp } from "../../types/autodiff.js";
import type { ParamTree, ScalarLoss, ValueAndGrad, Vjp } from "../../types/autodiff.js";

/**
 * The gradient of `f` with respect to its first argument: `grad(f)(params, ...rest)`
 * has exactly the type of `params` (a tensor, or an array or record of them,
 * nested as you like). `f` must return a float tensor of shape `[]`.
 *
 * @example
 * const loss = (w: Tensor<[3, 2]>, x: Tensor<[4, 3]>) => mean(matmul(x, w).square());
 * const dw = grad(loss)(w, x);   // Tensor<[3, 2]>
 */
export function grad<P extends ParamTree<P>, A extends unknown[]>(f: (params: P, ...rest: A) => ScalarLoss): (params: P, ...rest: A) => P {
  if (typeof f !== "function") throw new TypeError(`grad: f must be a function, got ${describe(f)}`);
  return (params: P, ...rest: A) => valueAndGradOf("grad", f as (...args: unknown[]) => unknown, params, rest).grads as P;
}

/** `f`'s value and its gradient in one pass: `{ value, grads }`, grads typed as the parameters. */
export function valueAndGrad<P extends ParamTree<P>, A extends unknown[], L extends ScalarLoss>(
  f: (params: P, ...rest: A) => L,
): (params: P, ...rest: A) => ValueAndGrad<P, L> {
  if (typeof f !== "function") throw new TypeError(`valueAndGrad: f must be a function, got ${describe(f)}`);
  return (params: P, ...rest: A) => valueAndGradOf("valueAndGrad", f as (...args: unknown[]) => unknown, params, rest) as unknown as ValueAndGrad<P, L>;
}

/**
 * Vector-Jacobian products for an `f` of any output: `vjp(f, primals)` runs `f`
 * once and gives `{ value, vjp }`, where `vjp(cotangent)` (a tree of the
 * output's shapes) gives the cotangent pulled back to the primals, typed as them.
 * `vjp` may be called more than once.
 */
export function vjp<P extends ParamTree<P>, R>(f: (primals: P) => R, primals: P): Vjp<P, R> {
  const op = "vjp";
  if (typeof f !== "function") throw new TypeError(`${op}: f must be a function, got ${describe(f)}`);
  const { tape, result, flat } = taping(op, primals, (given) => f(given as P));
  const outputs = flatten(op, "the result", result);
  const pull = (cotangent: R): P => {
    const given = flatten(op, "cotangent", cotangent);
    if (given.leaves.length !== outputs.leaves.length) {
      throw new TypeError(`${op}: the cotangent has ${given.leaves.length} tensors but f returned ${outputs.leaves.length}; give one per output, in the output's form`);
    }
    const seeds = new Map<Tensor, Tensor>();
    outputs.leaves.forEach((out, i) => {
      const c = given.leaves[i]!;
      if (c.shape.length !== out.shape.length || c.shape.some((d, axis) => d !== out.shape[axis])) {
        throw new ShapeError(`${op}: ${given.paths[i]} has shape ${showShape(c.shape)} but ${outputs.paths[i]} has shape ${showShape(out.shape)}; a cotangent has its output's shape`, {
          code: "mismatch",
          op,
          mode: "none",
          a: [...c.shape],
          b: [...out.shape],
        });
      }
      if (!tape.follows(out)) return;
      const seed = c.dtype === out.dtype ? c : cast(c, out.dtype);
      const before = seeds.get(out);
      seeds.set(out, before === undefined ? seed : add(before, seed));
    });
    const grads = seeds.size === 0 ? new Map<Tensor, Tensor>() : tape.backward(seeds);
    return flat.rebuild(leafGrads(flat, grads)) as P;
  };
  return { value: result, vjp: pull } as Vjp<P, R>;
}

/** `x` as a constant: the same values (a view, no copy), through which no gradient flows. */
export function stopGradient<X extends Tensor>(x: X): X {
  if (!(x instanceof Tensor)) throw new TypeError(`stopGradient: x must be a Tensor, got ${describe(x)}`);
  // recorded: a gradient tape takes it as a constant (rules.ts constantOps), an export as the identity
  return recorded("stopGradient", [x], new Tensor(storageOf(x), x.shape, x.strides, x.offset, x.dtype)) as X;
}
