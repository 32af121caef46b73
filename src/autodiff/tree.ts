/**
 * Parameter trees: a tensor, an array (or tuple) of trees, or a plain object
 * (record) of trees, as `grad`, `vjp` and the optimizers take them. A tree is
 * flattened to its tensors in a fixed order (arrays by index, records by
 * their own keys in insertion order) and rebuilt in the same shape.
 */
import { Tensor } from "../tensor.js";
import { describe } from "../shape/validate.js";

export interface Flat {
  /** The tensors, in order. */
  readonly leaves: Tensor[];
  /** Where each tensor sits, for messages: `params.layers[0].weight`. */
  readonly paths: string[];
  /** The same tree with other leaves (one per tensor, in order). */
  rebuild(leaves: readonly unknown[]): unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The tensors an op returned: one, an array of them (split), or a record of them (topk). */
export function outputsOf(result: unknown): Tensor[] {
  if (result instanceof Tensor) return [result];
  if (Array.isArray(result)) return result.filter((t): t is Tensor => t instanceof Tensor);
  if (result !== null && typeof result === "object") return Object.values(result).filter((t): t is Tensor => t instanceof Tensor);
  return [];
}

/** Flattens `tree`; anything other than a tensor, array or plain object is a TypeError naming its path. */
export function flatten(op: string, root: string, tree: unknown): Flat {
  const leaves: Tensor[] = [];
  const paths: string[] = [];
  const seen = new Set<unknown>();
  const build = (node: unknown, path: string): ((next: readonly unknown[]) => unknown) => {
    if (node instanceof Tensor) {
      const index = leaves.length;
      leaves.push(node);
      paths.push(path);
      return (next) => next[index];
    }
    if (seen.has(node)) throw new TypeError(`${op}: ${path} holds itself (a cycle); a parameter tree must be a tree`);
    if (Array.isArray(node)) {
      seen.add(node);
      const parts = node.map((child, i) => build(child, `${path}[${i}]`));
      seen.delete(node);
      return (next) => parts.map((part) => part(next));
    }
    if (isRecord(node)) {
      seen.add(node);
      const keys = Object.keys(node);
      const parts = keys.map((key) => build(node[key], /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`));
      seen.delete(node);
      return (next) => Object.fromEntries(keys.map((key, i) => [key, parts[i]!(next)]));
    }
    throw new TypeError(`${op}: ${path} must be a Tensor, an array or a plain object of tensors, got ${describe(node)}`);
  };
  const rebuild = build(tree, root);
  return { leaves, paths, rebuild };
}
