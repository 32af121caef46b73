/** The weights-file fixtures NumPy and the safetensors package wrote (test/fixtures/weights), read with fs (Node only). */
import { readFileSync } from "node:fs";
import { join } from "node:path";

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
  /** The bytes np.save writes before the elements (base64), for shapes of every rank up to 64 and sizes up to 2^31 - 1. */
  readonly npyHeaders: readonly { readonly shape: number[]; readonly descr: string; readonly header: string }[];
};

/** A fixture file's bytes. */
export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(folder, name)));
