/** What the weights-file tests share: the fixtures NumPy and the safetensors package wrote, and how they compare. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { Tensor } from "shapecast";
import type { ChainDesc } from "../fuzz/support/arbs.js";
import { buildChain } from "../fuzz/support/chain.js";
import { thrown } from "../support/thrown.js";

const folder = join(import.meta.dirname, "..", "fixtures", "weights");

/** What a fixture array must load as: its shape, dtype and little-endian element bytes (base64). */
export interface Expected {
  readonly shape: number[];
  readonly dtype: string;
  readonly bytes: string;
}

/** test/fixtures/weights/manifest.json, written with the fixtures by scripts/weights-fixtures.py. */
export const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")) as {
  readonly npy: Record<string, Expected>;
  readonly npz: Record<string, Record<string, Expected>>;
  readonly safetensors: Record<string, { readonly metadata: Record<string, string> | null; readonly tensors: Record<string, Expected> }>;
};

/** A fixture file's bytes. */
export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(folder, name)));

export const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");

/** Equal element by element with NaN equal to NaN and -0 apart from 0. */
export const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

/** Every proper prefix of `bytes` makes `load` throw a RangeError or TypeError from `op`. */
export function expectEveryCutRefused(op: string, load: (bytes: Uint8Array) => unknown, bytes: Uint8Array): void {
  for (let length = 0; length < bytes.length; length++) {
    const error = thrown(() => load(bytes.subarray(0, length)));
    expect(error instanceof RangeError || error instanceof TypeError, `${length}: ${error.message}`).toBe(true);
    expect(error.message.startsWith(`${op}: `), error.message).toBe(true);
  }
}

/**
 * Builds the random view chains `descs` as a record (`layer.0`, `layer.1`, ...), writes it with
 * `write`, reads it back with `read`, and expects every tensor back with the model's shape,
 * dtype and exact values; returns the written bytes.
 */
export function expectRecordRoundTrip(descs: readonly ChainDesc[], write: (record: Record<string, Tensor>) => Uint8Array, read: (bytes: Uint8Array) => Record<string, Tensor>): Uint8Array {
  const built = descs.map((desc, i) => buildChain(desc, false, `t${i}`));
  const record: Record<string, Tensor> = Object.fromEntries(built.map(({ t }, i) => [`layer.${i}`, t]));
  const bytes = write(record);
  const back = read(bytes);
  expect(Object.keys(back).sort()).toEqual(Object.keys(record).sort());
  built.forEach(({ m }, i) => {
    const t = back[`layer.${i}`]!;
    expect([t.shape, t.dtype]).toEqual([m.shape, m.dtype]);
    expect(same(t.data as ArrayLike<number>, m.values)).toBe(true);
  });
  return bytes;
}
