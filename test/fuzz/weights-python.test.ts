/**
 * Fuzz against the Python writers: a corpus of 160 random records (names of Object.prototype's
 * members, characters whose UTF-8 and UTF-16 orders differ, random bits as elements, every
 * dtype, empty and rank-0 tensors) that the safetensors package and np.save wrote
 * (test/fixtures/weights/corpus.json, made by scripts/weights-fixtures.py). For every record,
 * saveSafetensors and toNpy write exactly the Python bytes and the readers read them back as
 * exactly the record; and for records drawn at random, built in a random order, the bytes are
 * the same. Node only: it reads the corpus from disk.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { fromNpy, loadSafetensors, saveSafetensors, Tensor, toNpy } from "shapecast";
import { describe, expect, it } from "vitest";
import { byteDifference, bytesOf } from "./support/bytes.js";
import { expectNoError, fail, show } from "./support/check.js";
import { type DType, storageName } from "./support/dtypes.js";
import { fuzz } from "./support/run.js";

interface CorpusCase {
  readonly tensors: readonly { readonly name: string; readonly shape: number[]; readonly dtype: DType; readonly bytes: string }[];
  readonly metadata: Record<string, string> | null;
  readonly safetensors: string;
  readonly npy: Record<string, string>;
}

const corpus = JSON.parse(readFileSync(join(import.meta.dirname, "..", "fixtures", "weights", "corpus.json"), "utf8")) as { readonly cases: readonly CorpusCase[] };
const decode = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const TYPED: Record<string, new (buffer: ArrayBuffer) => ArrayBufferView> = { Float32Array, Float64Array, Int32Array, Uint8Array };

/** Checks corpus case `index`, its record's names inserted in the order `order` gives. */
function checkCase(index: number, order: readonly number[]): void {
  const c = corpus.cases[index]!;
  const tensors = order.map((k) => c.tensors[k]!);
  const what = `corpus case ${index} (test/fixtures/weights/corpus.json), names inserted as ${show(tensors.map((t) => t.name))}: ${show(tensors.map((t) => `${t.dtype} ${show(t.shape)}`))}`;
  const record: Record<string, Tensor> = {};
  for (const t of tensors) {
    const bytes = decode(t.bytes);
    const data = new TYPED[storageName(t.dtype)]!(bytes.slice().buffer as ArrayBuffer);
    Object.defineProperty(record, t.name, { value: Tensor.from({ data, shape: t.shape, dtype: t.dtype } as never), enumerable: true });
  }
  const python = decode(c.safetensors);
  const ours = expectNoError(() => saveSafetensors(record, c.metadata === null ? {} : { metadata: c.metadata }), `${what}\nsaveSafetensors(record)`);
  const written = byteDifference(ours, python);
  if (written !== undefined) fail(`${what}\nsaveSafetensors differs from the package's file: ${written}\n  ours:   ${new TextDecoder().decode(ours.subarray(8, 200))}\n  theirs: ${new TextDecoder().decode(python.subarray(8, 200))}`);
  const loaded = expectNoError(() => loadSafetensors(python), `${what}\nloadSafetensors(the package's file)`);
  for (const t of tensors) {
    const got = loaded[t.name];
    if (got === undefined || !Object.hasOwn(loaded, t.name)) fail(`${what}\nloadSafetensors lost ${show(t.name)}`);
    const read = byteDifference(bytesOf(got!), decode(t.bytes));
    if (read !== undefined || show(got!.shape) !== show(t.shape) || got!.dtype !== t.dtype) fail(`${what}\nloadSafetensors read ${show(t.name)} as ${got!.dtype} ${show(got!.shape)}: ${read}`);
    const saved = decode(c.npy[t.name]!);
    const npy = byteDifference(toNpy(record[t.name]!), saved);
    if (npy !== undefined) fail(`${what}\ntoNpy(${show(t.name)}) differs from np.save's file: ${npy}`);
    const back = expectNoError(() => fromNpy(saved), `${what}\nfromNpy(np.save's ${show(t.name)})`);
    const again = byteDifference(bytesOf(back), decode(t.bytes));
    if (again !== undefined) fail(`${what}\nfromNpy read np.save's ${show(t.name)}: ${again}`);
  }
}

describe("fuzz: weights files against the Python writers", () => {
  it("writes and reads every record of the corpus as the Python writers did", () => {
    expect(corpus.cases.length).toBe(160);
    corpus.cases.forEach((c, index) => checkCase(index, c.tensors.map((_, k) => k)));
  });

  // the bytes written must not depend on the order the record was built in
  fuzz(
    "weights/python-order",
    fc.nat({ max: corpus.cases.length - 1 }).chain((index) => fc.tuple(fc.constant(index), fc.shuffledSubarray(corpus.cases[index]!.tensors.map((_, k) => k), { minLength: corpus.cases[index]!.tensors.length }))),
    ([index, order]) => checkCase(index, order),
  );
});
