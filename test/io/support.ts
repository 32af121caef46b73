/** What the weights-file tests share: the fixtures NumPy and the safetensors package wrote, and how they compare. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
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
