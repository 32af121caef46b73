/** Every codemod transform, by name, in the order `shapecast codemod --list` shows them. */
import type { Transform } from "./transform.js";
import { annotate } from "./annotate.js";
import { explicitBroadcast } from "./explicit-broadcast.js";
import { fromTfjs } from "./from-tfjs/index.js";

export const transforms: readonly Transform[] = [explicitBroadcast, annotate, fromTfjs];
