/**
 * The element-wise ops as methods of Tensor (`x.add(y)` is `add(x, y)`): one
 * for every `method` entry of the op catalog (src/ops/catalog.ts), which
 * src/tensor.ts declares from the same entries.
 *
 * src/tensor.ts calls `installMethods` right after the class, so every
 * program that makes a tensor has them, bundled or not: no module of the
 * package has an import-time effect of its own (`"sideEffects": false`), and
 * a bundler that drops unused modules never drops the methods. Each method
 * looks its op up when called, not when installed, so the import cycle
 * tensor -> methods -> elementwise -> tensor is safe in any load order.
 */
import type { DType } from "../dtype.js";
// the ops alone (not src/index.ts, whose weights-file functions a bundle then need not carry)
import * as everything from "./library.js";
import { generatedMethods, opsOf } from "./catalog.js";
import * as ops from "./elementwise.js";
import type { UnaryOptions } from "./types.js";

type Op = (...args: unknown[]) => unknown;

/** Puts the catalog's methods on `prototype` (Tensor's). */
export function installMethods(prototype: object): void {
  const target = prototype as Record<string, unknown>;
  const lookup = ops as unknown as Record<string, Op>;
  for (const name of opsOf("binary")) {
    target[name] = function (this: unknown, other: unknown, options?: unknown) {
      return lookup[name]!(this, other, options);
    };
  }
  for (const name of opsOf("unary")) {
    target[name] = function (this: unknown, options?: unknown) {
      return lookup[name]!(this, options);
    };
  }
  target["clip"] = function (this: unknown, min: number, max: number, options?: UnaryOptions) {
    return lookup["clip"]!(this, min, max, options);
  };
  target["cast"] = function (this: unknown, dtype: DType, options?: UnaryOptions) {
    return lookup["cast"]!(this, dtype, options);
  };
  // the activations with arguments of their own, and every other op whose first argument is a
  // tensor: x.leakyRelu(0.2) is leakyRelu(x, 0.2), x.sum(-1) is sum(x, -1)
  const library = everything as unknown as Record<string, Op>;
  for (const name of [...opsOf("activation"), ...generatedMethods]) {
    target[name] = function (this: unknown, ...args: unknown[]) {
      return library[name]!(this, ...args);
    };
  }
}
