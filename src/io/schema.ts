/**
 * The schema a weights file is loaded with (`loadSafetensors`, `fromNpz`): the tensors it must
 * hold, by name, each a shape (expecting float32) or `{ shape, dtype }` (`{ shape }` takes any
 * dtype). It types the result at compile time and is checked at run time.
 */
import { checkDType, type DType } from "../dtype.js";
import { checkShape, describe, ownFields } from "../shape/validate.js";
import type { Tensor } from "../tensor.js";
import type { Shape } from "../../types/index.js";
import type { Expectation } from "./bytes.js";

/**
 * One entry of a schema: a shape, which expects float32 (as F32, F16 and BF16 load, and
 * what models are trained in), or `{ shape, dtype }`; `{ shape }` alone accepts any dtype.
 */
export type SchemaEntry = Shape | { readonly shape: Shape; readonly dtype?: DType | undefined };
/** The tensors a file must hold, by name: `{ "fc1.weight": [128, 784], "emb": { shape: [1000, 64], dtype: "float64" } }`. */
export type WeightsSchema = { readonly [name: string]: SchemaEntry };

/** The tensor type a schema entry gives. */
export type SchemaTensor<E> =
  E extends readonly number[] ? Tensor<[...E], "float32">
  : E extends { readonly shape: infer S extends Shape; readonly dtype: infer D extends DType } ? Tensor<[...S], D>
  : E extends { readonly shape: infer S extends Shape } ? Tensor<[...S], DType>
  : never;

/** The record a schema gives: its names, each typed by its entry. */
export type SchemaTensors<S extends WeightsSchema> = { -readonly [K in keyof S]: SchemaTensor<S[K]> };

/** The schema's entries as `{ shape, dtype }` by name, checked (a `TypeError` naming the entry). */
export function checkSchema(op: string, schema: unknown): Map<string, Expectation> {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new TypeError(`${op}: schema must be a record of shapes by tensor name, such as { "fc1.weight": [128, 784] }, got ${describe(schema)}`);
  }
  const entries = new Map<string, Expectation>();
  for (const [name, entry] of Object.entries(ownFields(schema))) {
    const where = `schema["${name}"]`;
    if (Array.isArray(entry)) {
      checkShape(op, where, entry);
      entries.set(name, { shape: entry, dtype: "float32" });
      continue;
    }
    if (typeof entry !== "object" || entry === null) {
      throw new TypeError(`${op}: ${where} must be a shape such as [128, 784] or { shape, dtype }, got ${describe(entry)}`);
    }
    // its own fields: a dtype inherited from Object.prototype is no part of the entry
    const fields = ownFields(entry);
    for (const key of Object.keys(fields)) {
      if (key !== "shape" && key !== "dtype") throw new TypeError(`${op}: ${where} field "${key}" is not known (the fields are shape and dtype)`);
    }
    const { shape, dtype } = fields;
    checkShape(op, `${where}.shape`, shape);
    entries.set(name, { shape, dtype: dtype === undefined ? undefined : checkDType(op, `${where}.dtype`, dtype) });
  }
  return entries;
}

/**
 * A record of values by name that holds every name as data: no prototype, so `"__proto__"`,
 * `"constructor"` or `"toString"` is a name like any other, never lost, shadowed or made the
 * record's prototype. What the readers of weights files give.
 */
export const namedRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** `"a", "b", "c"`, or the first eight and how many more. */
export function showNames(names: readonly string[], none: string): string {
  if (names.length === 0) return none;
  const shown = names.slice(0, 8).map((name) => `"${name}"`).join(", ");
  return names.length <= 8 ? shown : `${shown} and ${names.length - 8} more`;
}
