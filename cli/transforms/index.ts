/** Every codemod transform, by name, in the order `shapecast codemod --list` shows them. */
import type { Transform } from "./transform.js";

export const transforms: readonly Transform[] = [];
