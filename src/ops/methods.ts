/**
 * Tensor's methods: `x.add(y)` is `add(x, y)`, `x.sum(-1)` is `sum(x, -1)`, one
 * for every `method` entry of the op catalog (src/ops/catalog.ts, whose names
 * ./method-names.ts lists; src/tensor.ts declares each with its type).
 *
 * A method calls the op of its name as the program defined it: each op is
 * recorded here by `defineOp` when its module defines it (`traced` does it for
 * the ops written as arrow functions, each definition marked pure; a module of
 * overloaded functions records them in one statement). A program loaded as it is
 * (Node, a test runner) defines every op, so every method works. A bundler
 * leaves out the ops a program never calls (`"sideEffects": false`), and with
 * them their definitions: `add` and `tensor` bundle without the other hundred ops.
 * A method whose op was left out throws a TypeError that names `enableMethods()`
 * (./all-methods.ts), which keeps every op in a bundle.
 *
 * No import of an op module here, and none from src/tensor.ts: the methods look
 * their op up when called, so the modules load in any order.
 */
import { METHOD_NAMES } from "./method-names.js";

type Op = (...args: unknown[]) => unknown;

/** Every op the program defined, by name. @internal */
export const definedOps: Record<string, Op | undefined> = Object.create(null);

/** Records `run` as the op `name`, for its method to call, and returns it. */
export function defineOp<F>(name: string, run: F): F {
  definedOps[name] = run as Op;
  return run;
}

/** Records each op of `ops` under its own name (a module of overloaded functions, at its end). */
export function defineOps(ops: Record<string, unknown>): void {
  for (const name in ops) definedOps[name] = ops[name] as Op;
}

/** The TypeError of a method whose op the program does not hold. */
const missing = (name: string): TypeError =>
  new TypeError(
    `x.${name}(): ${name} is not in this program: a bundler left it out, as it leaves out every op the program does not call. Call enableMethods() once at start-up (import { enableMethods } from "shapecast") to keep every method, or call ${name}(x, ...) as a function`,
  );

/** Puts a method on `prototype` (Tensor's) for each name of METHOD_NAMES. */
export function installMethods(prototype: object): void {
  const target = prototype as Record<string, unknown>;
  for (const name of METHOD_NAMES.split(" ")) {
    target[name] = function (this: unknown, ...args: unknown[]) {
      const run = definedOps[name];
      if (run === undefined) throw missing(name);
      return run(this, ...args);
    };
  }
}
