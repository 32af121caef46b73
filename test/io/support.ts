/** What the weights-file tests share, in Node and in the browser: how they compare what comes back. */
import { expect } from "vitest";
import type { Tensor } from "shapecast";
import type { ChainDesc } from "../fuzz/support/arbs.js";
import { buildChain } from "../fuzz/support/chain.js";
import { encodeBase64 } from "../../src/format/serialize.js";
import { thrown } from "../support/thrown.js";

/** Standard base64 of `bytes`, by the library's encoder (test/serialization checks it). */
export const base64 = (bytes: Uint8Array): string => encodeBase64(bytes);

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
