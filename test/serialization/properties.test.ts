/**
 * Properties of serialization over random tensors, with fast-check:
 *
 * - random view chains of the fuzz suite (transpose, permute, negative-step
 *   slices, broadcasts, reshapes, ...; rank 0 to 8, empty axes, every dtype,
 *   values with NaN, infinities, -0, subnormals and integer edges) survive
 *   the JSON form and a structured clone exactly, compared with the fuzz
 *   suite's model (plain index arithmetic, none of the library's code);
 * - random bit patterns of float32 and float64 (NaN payloads, subnormals,
 *   both zeros) come back bit for bit through a permuted, reversed view;
 * - the base64 decoder takes exactly the canonical encodings.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { permute, slice, Tensor } from "shapecast";
import { decodeBase64 } from "../../src/format/serialize.js";
import { chainArb, shapeArb } from "../fuzz/support/arbs.js";
import { buildChain } from "../fuzz/support/chain.js";
import { flatIndex, indices, sizeOf } from "../fuzz/support/model.js";

/** The elements of `t` row-major as stored (bool as 0/1), read through `get`'s index arithmetic. */
const storedValues = (t: Tensor): number[] => [...indices(t.shape)].map((index) => Number(t.get(...index)));

/** Equal element by element with NaN equal to NaN and -0 apart from 0. */
const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe("serialization properties", () => {
  it("a random view of every dtype comes back from its JSON text with its shape, dtype and exact values", () => {
    fc.assert(
      fc.property(chainArb({ maxSteps: 5 }), (desc) => {
        const { t, m } = buildChain(desc, false);
        const text = JSON.stringify(t);
        const back = Tensor.fromJSON(text);
        expect(back.shape).toEqual(m.shape);
        expect(back.dtype).toBe(m.dtype);
        const got = Array.from(back.data as ArrayLike<number>);
        expect(same(got, m.values), `${JSON.stringify(got)} vs ${JSON.stringify(m.values)}`).toBe(true);
        expect(back.isContiguous).toBe(true);
        // one tensor, one text
        expect(JSON.stringify(back)).toBe(text);
        // and the parsed object reads the same as the text
        expect(same(Array.from(Tensor.fromJSON(JSON.parse(text)).data as ArrayLike<number>), m.values)).toBe(true);
      }),
      { seed: 20261201, numRuns: 600 },
    );
  });

  it("a random view's structured clone is rebuilt as the same view over the cloned array, values exact", () => {
    fc.assert(
      fc.property(chainArb({ maxSteps: 5 }), fc.boolean(), (desc, transfer) => {
        const { t, m } = buildChain(desc, false);
        const layout = [t.shape, t.strides, t.offset, t.dtype];
        const buffer = t.data.buffer as ArrayBuffer;
        const bytes = buffer.byteLength;
        const clone = structuredClone(t, { transfer: transfer ? [buffer] : [] });
        expect(buffer.byteLength).toBe(transfer ? 0 : bytes);
        const back = Tensor.from(clone, { shape: m.shape, dtype: m.dtype });
        expect([back.shape, back.strides, back.offset, back.dtype]).toEqual(layout);
        expect(back.data).toBe(clone.data);
        expect(back.data.buffer.byteLength).toBe(bytes);
        expect(same(storedValues(back), m.values)).toBe(true);
      }),
      { seed: 20261202, numRuns: 400 },
    );
  });

  /** A 32-bit word, often one with a meaning: NaN payloads (quiet and signalling, both signs), infinities, zeros, subnormals. */
  const wordArb = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 0xffffffff }), weight: 4 },
    {
      arbitrary: fc.constantFrom(0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7f800001, 0x7fc00000, 0xffc00001, 0x7fbfffff, 0x00000001, 0x807fffff, 0x7ff00000, 0xfff80000, 0x000fffff),
      weight: 3,
    },
    { arbitrary: fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 0x7fffff })).map(([sign, payload]) => ((sign ? 0xff800000 : 0x7f800000) | payload) >>> 0), weight: 2 },
    { arbitrary: fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 0x7fffff })).map(([sign, mantissa]) => ((sign ? 0x80000000 : 0) | mantissa) >>> 0), weight: 2 },
  );

  it("random float32 and float64 bit patterns come back bit for bit, through a permuted and reversed view", () => {
    const caseArb = fc
      .record({ shape: shapeArb(1, 4, 64), dtype: fc.constantFrom("float32" as const, "float64" as const), seed: fc.nat() })
      .chain(({ shape, dtype, seed }) => {
        const words = sizeOf(shape) * (dtype === "float64" ? 2 : 1);
        return fc.record({
          shape: fc.constant(shape),
          dtype: fc.constant(dtype),
          words: fc.array(wordArb, { minLength: words, maxLength: words }),
          perm: fc.shuffledSubarray([...shape.keys()], { minLength: shape.length, maxLength: shape.length }),
          reverse: fc.constant(seed % shape.length),
        });
      });
    fc.assert(
      fc.property(caseArb, ({ shape, dtype, words, perm, reverse }) => {
        const raw = new Uint32Array(words);
        const data = dtype === "float32" ? new Float32Array(raw.buffer) : new Float64Array(raw.buffer);
        const base = Tensor.from({ data, shape, dtype } as never) as Tensor;
        const specs = shape.map((_, axis) => (axis === reverse ? { step: -1 } : null));
        const view = permute(slice(base, ...specs), perm);
        const back = Tensor.fromJSON(JSON.stringify(view));
        // the reference: for each index of the view, the base element it reads
        const width = dtype === "float64" ? 2 : 1;
        const want: number[] = [];
        for (const index of indices(view.shape)) {
          const at = new Array<number>(shape.length);
          perm.forEach((axis, k) => (at[axis] = index[k]!));
          at[reverse] = shape[reverse]! - 1 - at[reverse]!;
          const element = flatIndex(shape, at);
          for (let w = 0; w < width; w++) want.push(raw[element * width + w]!);
        }
        expect(Array.from(new Uint32Array(back.data.buffer, back.data.byteOffset, back.data.byteLength / 4))).toEqual(want);
      }),
      { seed: 20261203, numRuns: 500 },
    );
  });

  it("the decoder takes exactly the canonical base64 strings, and reads them as Node does", () => {
    const charArb = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", "=", "=", "-", "_", " ", "\n", "é");
    const textArb = fc.oneof(
      fc.array(charArb, { maxLength: 24 }).map((chars) => chars.join("")),
      fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString("base64")),
      // a canonical text with one character changed
      fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat(), charArb).map(([bytes, at, char]) => {
        const text = Buffer.from(bytes).toString("base64");
        const i = at % text.length;
        return text.slice(0, i) + char + text.slice(i + 1);
      }),
    );
    fc.assert(
      fc.property(textArb, (text) => {
        const canonical = /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0 && Buffer.from(text, "base64").toString("base64") === text;
        let decoded: Uint8Array | RangeError;
        try {
          decoded = decodeBase64("t", "text", text);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          decoded = error as RangeError;
        }
        expect(decoded instanceof Uint8Array, JSON.stringify(text)).toBe(canonical);
        if (decoded instanceof Uint8Array) expect([...decoded]).toEqual([...Buffer.from(text, "base64")]);
      }),
      { seed: 20261204, numRuns: 2000 },
    );
  });
});
