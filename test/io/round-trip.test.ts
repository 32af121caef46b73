/**
 * The weights files' writers and readers on random records of views of every dtype (fast-check,
 * the fuzz suite's view chains and model): each comes back with its shape, dtype and exact
 * values. Needs no file, so it runs in the browser suite as well (the UTF-8 codecs, DataView
 * and fflate of the engine at hand); the files NumPy and the safetensors package wrote are
 * read in npy.test.ts, safetensors.test.ts and npz.test.ts (Node).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arange, einsum, expandDims, fromNpy, loadSafetensors, readSafetensorsHeader, reshape, saveSafetensors, slice, Tensor, tensor, toNpy } from "shapecast";
import { fromNpz, toNpz } from "shapecast/npz";
import { chainArb } from "../fuzz/support/arbs.js";
import { buildChain } from "../fuzz/support/chain.js";
import { expectRecordRoundTrip, same } from "./support.js";

describe("the weights files round trip", () => {
  it(".npy: a random view of every dtype comes back with its shape, dtype and exact values", () => {
    fc.assert(
      fc.property(chainArb({ maxSteps: 4 }), (desc) => {
        const { t, m } = buildChain(desc, false);
        const back = fromNpy(toNpy(t));
        expect(back.shape).toEqual(m.shape);
        expect(back.dtype).toBe(m.dtype);
        expect(same(back.data as ArrayLike<number>, m.values), `${Array.from(back.data as ArrayLike<number>)} vs ${m.values}`).toBe(true);
      }),
      { seed: 20261124, numRuns: 300 },
    );
  });

  it(".safetensors: random records of views of every dtype come back exactly, with the metadata", () => {
    fc.assert(
      fc.property(fc.array(chainArb({ maxSteps: 3 }), { minLength: 0, maxLength: 4 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }), (descs, metadata) => {
        const bytes = expectRecordRoundTrip(descs, (record) => saveSafetensors(record, { metadata }), loadSafetensors);
        const header = readSafetensorsHeader(bytes);
        expect(header.metadata ?? {}).toEqual(Object.keys(metadata).length === 0 ? {} : metadata);
        expect(header.dataStart % 8).toBe(0);
        // each tensor's data is aligned to its element width
        for (const entry of header.tensors.values()) expect((header.dataStart + entry.offsets[0]) % { F64: 8, F32: 4, I32: 4, U8: 1, BOOL: 1 }[entry.stored]!).toBe(0);
      }),
      { seed: 20261125, numRuns: 200 },
    );
  });

  it(".npz: random records of views of every dtype come back exactly, stored or deflated", () => {
    fc.assert(
      fc.property(fc.array(chainArb({ maxSteps: 3 }), { maxLength: 3 }), fc.boolean(), (descs, compress) => {
        expectRecordRoundTrip(descs, (record) => toNpz(record, { compress }), fromNpz);
      }),
      { seed: 20261126, numRuns: 150 },
    );
  });
});

describe("a size-1 axis's stride is never added to a position", () => {
  // slice keeps the stride of an axis it leaves with one element; step * stride (here past 2^53)
  // only says where a second element would be
  const huge = slice(reshape(arange(45), [3, 5, 3]), null, { step: 2 ** 52 }, { step: -1 });
  // and a clone may carry any integer stride there
  const forged = Tensor.from({ data: Float32Array.from({ length: 12 }, (_, i) => i), shape: [2, 1, 3], strides: [6, 2 ** 53 - 1, 2], offset: 1, dtype: "float32" });
  const writers: [string, (t: Tensor) => Tensor][] = [
    ["JSON", (t) => Tensor.fromJSON(JSON.stringify(t))],
    ["a structured clone", (t) => Tensor.from(structuredClone(t))],
    ["toNpy", (t) => fromNpy(toNpy(t))],
    ["saveSafetensors", (t) => loadSafetensors(saveSafetensors({ t }))["t"]!],
    ["toNpz", (t) => fromNpz(toNpz({ t }))["t"]!],
    ["einsum", (t) => expandDims(einsum("abc->ac", t), 1)],
    ["toTypedArray", (t) => tensor(Array.from(t.toTypedArray() as Float32Array), { dtype: t.dtype }).reshape(t.shape)],
  ];

  it("slice gives such an axis its own stride, not step times stride", () => {
    expect(huge.shape).toEqual([3, 1, 3]);
    expect(huge.strides).toEqual([15, 3, -1]);
    expect(slice(arange(5), { start: 4, step: -(2 ** 52) }).strides).toEqual([1]);
  });

  it.each(writers)("%s gives the view's own elements", (_, through) => {
    expect(through(huge).toArray()).toEqual(huge.toArray());
    expect(huge.toArray()).toEqual([[[2, 1, 0]], [[17, 16, 15]], [[32, 31, 30]]]);
    expect(through(forged).toArray()).toEqual([[[1, 3, 5]], [[7, 9, 11]]]);
  });
});
