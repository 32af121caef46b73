/**
 * `enableMethods`: every Tensor method in a program, bundled or not. It names
 * every op module (./library.ts), so a bundler keeps every op, and records each
 * method's op (./methods.ts) in case the bundler dropped the definitions' records
 * with the ops the program did not call.
 */
import * as library from "./library.js";
import { definedOps } from "./methods.js";
import { METHOD_NAMES } from "./method-names.js";

/**
 * Keeps every `Tensor` method in a bundle: a bundler leaves out the ops a
 * program does not call, and with them their methods (`x.mul(2)` then throws,
 * naming this function). A program bundled for the browser that uses methods
 * calls it once at start-up; the bundle then holds every op. In Node, or
 * without a bundler, every method is there already and this does nothing new.
 *
 * @example
 * import { enableMethods, tensor } from "shapecast";
 * enableMethods();
 * tensor([1, 2]).add(1).mul(2).toArray(); //=> [4, 6]
 */
export function enableMethods(): void {
  const ops = library as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of METHOD_NAMES.split(" ")) definedOps[name] = ops[name];
}
