/**
 * Optimizers: `sgd` (with momentum and Nesterov momentum) and `adam` (AdamW
 * when `weightDecay` is set). Functional, as the gradients are: `init(params)`
 * gives a state typed from the parameters, and `step(params, grads, state)`
 * gives new parameters and a new state of the same types; nothing is changed
 * in place. Each update is one loop over each tensor's elements, in the
 * parameter's dtype.
 */
import { ShapeError, showShape } from "../errors.js";
import { allocate, type DType, type StorageOf } from "../dtype.js";
import { contiguousStrides } from "../kernels/plan.js";
import { checkFinite, checkOptionFields } from "../shape/validate.js";
import { elementsOf, rowMajorElements, Tensor } from "../tensor.js";
import { flatten } from "../autodiff/tree.js";
import type { ParamTree } from "../../types/autodiff.js";

/** SGD's state: the step count and, with momentum, a velocity per parameter. */
export interface SgdState<P> {
  readonly step: number;
  readonly velocity: P | undefined;
}

/** Adam's state: the step count and the moving averages of the gradients and of their squares. */
export interface AdamState<P> {
  readonly step: number;
  readonly m: P;
  readonly v: P;
}

/** An optimizer over parameter trees, with state `State<P>` for parameters `P`. */
export interface Sgd {
  init<P extends ParamTree<P>>(params: P): SgdState<P>;
  step<P extends ParamTree<P>>(params: P, grads: P, state: SgdState<P>): { readonly params: P; readonly state: SgdState<P> };
}
export interface Adam {
  init<P extends ParamTree<P>>(params: P): AdamState<P>;
  step<P extends ParamTree<P>>(params: P, grads: P, state: AdamState<P>): { readonly params: P; readonly state: AdamState<P> };
}

export interface SgdOptions {
  /** The learning rate. */
  readonly lr: number;
  /** Momentum (0, the default, is plain SGD): `v = momentum * v + g`. */
  readonly momentum?: number | undefined;
  /** Nesterov momentum: the step is `g + momentum * v` (needs momentum > 0). */
  readonly nesterov?: boolean | undefined;
}

export interface AdamOptions {
  readonly lr: number;
  /** Default 0.9. */
  readonly beta1?: number | undefined;
  /** Default 0.999. */
  readonly beta2?: number | undefined;
  /** Default 1e-8 (added to the root of the second moment, as PyTorch and TensorFlow.js). */
  readonly epsilon?: number | undefined;
  /** Decoupled weight decay (AdamW): each step also subtracts `lr * weightDecay * param`. Default 0. */
  readonly weightDecay?: number | undefined;
}

type FloatData = StorageOf["float32"] | StorageOf["float64"];

/** A float tensor's elements in row-major order (its own buffer when contiguous). */
const elements = (op: string, t: Tensor): FloatData => rowMajorElements(op, t) as FloatData;

const fresh = (op: string, like: Tensor): Tensor => new Tensor(allocate(op, like.dtype, like.size), [...like.shape], contiguousStrides(like.shape), 0, like.dtype as DType);

/** A number option: finite, within [min, max) or [min, max]. */
function rate(op: string, name: string, value: unknown, fallback: number | undefined, min: number, max = Infinity, maxIncluded = true): number {
  if (value === undefined) {
    if (fallback === undefined) throw new TypeError(`${op}: ${name} is required, e.g. ${op}({ ${name}: 0.01 })`);
    return fallback;
  }
  checkFinite(op, name, value);
  if (value < min || value > max || (!maxIncluded && value === max)) {
    throw new RangeError(`${op}: ${name} must be in [${min}, ${max}${maxIncluded ? "]" : ")"}, got ${value}`);
  }
  return value;
}

/** The parameters, gradients and state tensors, flattened and checked against each other by path. */
function leaves(op: string, params: unknown, grads: unknown, states: readonly [string, unknown][]): { params: ReturnType<typeof flatten>; grads: Tensor[]; states: Tensor[][] } {
  const p = flatten(op, "params", params);
  p.leaves.forEach((t, i) => {
    if (t.dtype !== "float32" && t.dtype !== "float64") throw new TypeError(`${op}: ${p.paths[i]} has dtype ${t.dtype}; only float32 and float64 parameters are trained`);
  });
  const matched = (name: string, tree: unknown): Tensor[] => {
    const flat = flatten(op, name, tree);
    if (flat.leaves.length !== p.leaves.length) {
      throw new TypeError(`${op}: ${name} has ${flat.leaves.length} tensors but params has ${p.leaves.length}; it must have the parameters' form`);
    }
    flat.leaves.forEach((t, i) => {
      const q = p.leaves[i]!;
      if (t.shape.length !== q.shape.length || t.shape.some((d, axis) => d !== q.shape[axis])) {
        throw new ShapeError(`${op}: ${flat.paths[i]} has shape ${showShape(t.shape)} but ${p.paths[i]} has shape ${showShape(q.shape)}`, { code: "mismatch", op, mode: "none", a: [...q.shape], b: [...t.shape] });
      }
    });
    return flat.leaves;
  };
  return { params: p, grads: matched("grads", grads), states: states.map(([name, tree]) => matched(name, tree)) };
}

function checkState(op: string, state: unknown, fields: readonly string[]): Record<string, unknown> {
  if (state === null || typeof state !== "object") throw new TypeError(`${op}: state must be what init(params) or the last step gave`);
  for (const field of ["step", ...fields]) {
    if (!(field in state)) throw new TypeError(`${op}: state has no ${field}; pass what init(params) or the last step gave`);
  }
  const step = (state as { step: unknown }).step;
  if (typeof step !== "number" || !Number.isInteger(step) || step < 0) throw new TypeError(`${op}: state.step must be a count of steps, got ${String(step)}`);
  return state as Record<string, unknown>;
}

/**
 * Stochastic gradient descent: `p -= lr * g`; with momentum, `v = momentum * v + g`
 * and `p -= lr * v` (Nesterov: `p -= lr * (g + momentum * v)`), as PyTorch's SGD.
 *
 * @example
 * const opt = sgd({ lr: 0.1, momentum: 0.9 });
 * let state = opt.init(params);
 * ({ params, state } = opt.step(params, grads, state));
 */
export function sgd(options: SgdOptions): Sgd {
  const op = "sgd";
  const given = checkOptionFields(op, options, ["lr", "momentum", "nesterov"], "{ lr: 0.01, momentum: 0.9 }");
  if (options === undefined) throw new TypeError(`${op}: options are required, e.g. sgd({ lr: 0.01 })`);
  const lr = rate(op, "lr", given["lr"], undefined, 0);
  const momentum = rate(op, "momentum", given["momentum"], 0, 0);
  const nesterov = given["nesterov"] ?? false;
  if (typeof nesterov !== "boolean") throw new TypeError(`${op}: nesterov must be a boolean, got ${String(nesterov)}`);
  if (nesterov && momentum === 0) throw new RangeError(`${op}: nesterov needs a momentum above 0, e.g. sgd({ lr, momentum: 0.9, nesterov: true })`);
  return {
    init(params) {
      const flat = leaves(`${op}.init`, params, params, []).params;
      return { step: 0, velocity: momentum === 0 ? undefined : (flat.rebuild(flat.leaves.map((p) => fresh(`${op}.init`, p))) as typeof params) };
    },
    step(params, grads, state) {
      const name = `${op}.step`;
      const checked = checkState(name, state, ["velocity"]);
      const velocityTree = checked["velocity"];
      if (momentum !== 0 && velocityTree === undefined) throw new TypeError(`${name}: state.velocity is missing; the state must come from this optimizer's init`);
      const flat = leaves(name, params, grads, momentum === 0 ? [] : [["state.velocity", velocityTree]]);
      const newParams: Tensor[] = [];
      const newVelocity: Tensor[] = [];
      flat.params.leaves.forEach((p, i) => {
        const next = fresh(name, p);
        const out = elementsOf(next) as FloatData;
        const x = elements(name, p);
        const g = elements(name, flat.grads[i]!);
        if (momentum === 0) {
          for (let j = 0; j < out.length; j++) out[j] = x[j]! - lr * g[j]!;
        } else {
          const v = fresh(name, p);
          const vOut = elementsOf(v) as FloatData;
          const vIn = elements(name, flat.states[0]![i]!);
          for (let j = 0; j < out.length; j++) {
            const velocity = momentum * vIn[j]! + g[j]!;
            vOut[j] = velocity;
            out[j] = x[j]! - lr * (nesterov ? g[j]! + momentum * velocity : velocity);
          }
          newVelocity.push(v);
        }
        newParams.push(next);
      });
      return {
        params: flat.params.rebuild(newParams) as typeof params,
        state: { step: state.step + 1, velocity: momentum === 0 ? undefined : (flat.params.rebuild(newVelocity) as typeof params) },
      };
    },
  };
}

/**
 * Adam (Kingma and Ba), with bias correction; with `weightDecay`, AdamW's
 * decoupled decay (`p -= lr * weightDecay * p` as well), as PyTorch's AdamW.
 */
export function adam(options: AdamOptions): Adam {
  const op = "adam";
  if (options === undefined) throw new TypeError(`${op}: options are required, e.g. adam({ lr: 0.001 })`);
  const given = checkOptionFields(op, options, ["lr", "beta1", "beta2", "epsilon", "weightDecay"], "{ lr: 0.001, beta1: 0.9, beta2: 0.999, epsilon: 1e-8 }");
  const lr = rate(op, "lr", given["lr"], undefined, 0);
  const beta1 = rate(op, "beta1", given["beta1"], 0.9, 0, 1, false);
  const beta2 = rate(op, "beta2", given["beta2"], 0.999, 0, 1, false);
  const epsilon = rate(op, "epsilon", given["epsilon"], 1e-8, 0);
  const weightDecay = rate(op, "weightDecay", given["weightDecay"], 0, 0);
  return {
    init(params) {
      const flat = leaves(`${op}.init`, params, params, []).params;
      return { step: 0, m: flat.rebuild(flat.leaves.map((p) => fresh(`${op}.init`, p))) as typeof params, v: flat.rebuild(flat.leaves.map((p) => fresh(`${op}.init`, p))) as typeof params };
    },
    step(params, grads, state) {
      const name = `${op}.step`;
      const checked = checkState(name, state, ["m", "v"]);
      const flat = leaves(name, params, grads, [["state.m", checked["m"]], ["state.v", checked["v"]]]);
      const t = state.step + 1;
      const correction1 = 1 - beta1 ** t;
      const correction2 = 1 - beta2 ** t;
      const decay = 1 - lr * weightDecay;
      const newParams: Tensor[] = [];
      const newM: Tensor[] = [];
      const newV: Tensor[] = [];
      flat.params.leaves.forEach((p, i) => {
        const [next, m, v] = [fresh(name, p), fresh(name, p), fresh(name, p)];
        const out = elementsOf(next) as FloatData;
        const mOut = elementsOf(m) as FloatData;
        const vOut = elementsOf(v) as FloatData;
        const x = elements(name, p);
        const g = elements(name, flat.grads[i]!);
        const mIn = elements(name, flat.states[0]![i]!);
        const vIn = elements(name, flat.states[1]![i]!);
        for (let j = 0; j < out.length; j++) {
          const gj = g[j]!;
          const mj = beta1 * mIn[j]! + (1 - beta1) * gj;
          const vj = beta2 * vIn[j]! + (1 - beta2) * gj * gj;
          mOut[j] = mj;
          vOut[j] = vj;
          out[j] = x[j]! * decay - (lr * (mj / correction1)) / (Math.sqrt(vj / correction2) + epsilon);
        }
        newParams.push(next);
        newM.push(m);
        newV.push(v);
      });
      return {
        params: flat.params.rebuild(newParams) as typeof params,
        state: { step: t, m: flat.params.rebuild(newM) as typeof params, v: flat.params.rebuild(newV) as typeof params },
      };
    },
  };
}
