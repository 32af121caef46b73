/**
 * Where ops report what they computed, for reverse-mode autodiff
 * (src/autodiff/grad.ts). Every differentiable op ends with
 * `recorded(name, args, result)`: while no gradient is being taken (no
 * recorder is active) that is one length check; inside `grad`, `valueAndGrad`
 * or `vjp`, each active recorder (one per nesting level, so `grad(grad(f))`
 * works) notes the call when one of its inputs is one it follows.
 *
 * This module is small on purpose: every op imports it, and the gradient
 * rules (src/autodiff/rules.ts) are loaded only by a program that takes gradients.
 */
import { defineOp } from "../ops/methods.js";

/** A level of gradient taking (or a trace for export): it decides whether a call concerns it. */
export interface Recorder {
  record(op: string, args: readonly unknown[], result: unknown): void;
  /**
   * Does this level still need `t` (an argument or result of a call it noted, which its backward
   * pass or lowering will read)? A `tidy` scope that ends while the level is open leaves such a
   * tensor to the enclosing scope instead of disposing it.
   */
  holds(t: object): boolean;
}

/** Is `t` needed by an open level of gradient taking or tracing? (Read by `tidy`.) */
export const heldByRecorders = (t: object): boolean => recorders.some((recorder) => recorder.holds(t));

/** Every object among an op's arguments that may be a tensor: given directly, in an array, or in an options record. */
export function argumentObjects(args: readonly unknown[]): object[] {
  const found: object[] = [];
  const add = (value: unknown): void => {
    if (value !== null && typeof value === "object") found.push(value);
  };
  for (const arg of args) {
    add(arg);
    if (Array.isArray(arg)) arg.forEach(add);
    else if (arg !== null && typeof arg === "object" && Object.getPrototypeOf(arg) === Object.prototype) Object.values(arg).forEach(add);
  }
  return found;
}

/** The active levels, innermost last. */
export const recorders: Recorder[] = [];

/** Reports an op's call to the active recorders and returns its result. */
export function recorded<T>(op: string, args: readonly unknown[], result: T): T {
  for (let level = 0; level < recorders.length; level++) recorders[level]!.record(op, args, result);
  return result;
}

/**
 * An op function that reports each call: `traced("add", (a, b, options) => ...)`,
 * recorded as the op of that name for its Tensor method (src/ops/methods.ts).
 * For ops written as arrow functions; ops with overloads call `recorded` at their
 * end. Definitions annotate the call `@__PURE__`: a bundler then drops an op the
 * program never uses, and its method's record with it.
 */
export function traced<F extends (...args: never[]) => unknown>(op: string, run: F): F {
  return defineOp(op, ((...args: never[]) => {
    const result = run(...args);
    if (recorders.length !== 0) recorded(op, args, result);
    return result;
  }) as F);
}
