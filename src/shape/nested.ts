/**
 * The shape of nested array data at run time, the twin of types/nested.ts:
 * what `tensor()` reads off `[[1, 2, 3], [4, 5, 6]]`, with every element
 * checked (not ragged, numbers or booleans only). Each writer is typed to
 * return its type twin's message, so a change of wording on one side is a
 * compile error.
 */
import type { NestedLeafMessage, NestedMixedMessage, RaggedMessage } from "../../types/nested.js";
import { checkSize, describe, MAX_RANK } from "./validate.js";

/** Twin of `NestedLeafMessage` in types/nested.ts. */
export const writeNestedLeaf = <Path extends string, Got extends string>(path: Path, got: Got): NestedLeafMessage<Path, Got> =>
  `tensor: data${path} must be a number or a boolean, got ${got}`;

/** Twin of `RaggedMessage` in types/nested.ts. */
export const writeRagged = <Path extends string, Found extends string, First extends string, Length extends number>(
  path: Path,
  found: Found,
  first: First,
  length: Length,
): RaggedMessage<Path, Found, First, Length> =>
  `tensor: ragged data: data${path} ${found} but data${first} has ${length} (every row of an axis must have the same length)`;

/** Twin of `NestedMixedMessage` in types/nested.ts. */
export const writeNestedMixed = <Path extends string, Kind extends string, Earlier extends string>(
  path: Path,
  kind: Kind,
  earlier: Earlier,
): NestedMixedMessage<Path, Kind, Earlier> => `tensor: data${path} is a ${kind}, but earlier elements are ${earlier}s`;

/**
 * The shape of a nested array literal, read off its first elements, checked
 * against the limits before any element is visited; then every element is
 * checked: not ragged, numbers or booleans only.
 */
export function nestedShape(data: unknown): { shape: number[]; leaf: "number" | "boolean" | "empty" } {
  const shape: number[] = [];
  let level: unknown = data;
  while (Array.isArray(level)) {
    if (shape.length === MAX_RANK) {
      throw new RangeError(`tensor: data is nested more than ${MAX_RANK} deep; a tensor has at most ${MAX_RANK} axes`);
    }
    shape.push(level.length);
    if (level.length === 0) break;
    level = level[0];
  }
  checkSize("tensor", shape, "data");
  let leaf: "number" | "boolean" | "empty" = "empty";
  // the indices leading to the element being visited; a path string is only built for a message
  const at: number[] = [];
  const path = (): string => at.map((i) => `[${i}]`).join("");
  const visit = (value: unknown, axis: number): void => {
    if (axis === shape.length) {
      if (typeof value !== "number" && typeof value !== "boolean") {
        throw new TypeError(writeNestedLeaf(path(), describe(value)));
      }
      const kind = typeof value === "number" ? "number" : "boolean";
      if (leaf !== "empty" && leaf !== kind) throw new TypeError(writeNestedMixed(path(), kind, leaf));
      leaf = kind;
      return;
    }
    if (!Array.isArray(value) || value.length !== shape[axis]) {
      const found = Array.isArray(value) ? `has ${value.length} elements` : `is ${describe(value)}`;
      const first = path().replace(/\[\d+\]$/, "[0]");
      throw new TypeError(writeRagged(path(), found, first, shape[axis]!));
    }
    at.push(0);
    for (let i = 0; i < value.length; i++) {
      at[axis] = i;
      visit(value[i], axis + 1);
    }
    at.pop();
  };
  visit(data, 0);
  return { shape, leaf };
}
