/**
 * The reductions of src/kernels/reduce.ts: the WebAssembly SIMD folds
 * (src/kernels/wasm/reduce.wat) against the JavaScript folds and against a
 * naive reference written here from the definition (element k of a block, in
 * row-major order over the reduced axes, into lane k % 8 of eight float64 sums;
 * lanes combined as ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7));
 * Math.max / Math.min; the first best index, or the first NaN). Random
 * shapes, reduced axes and input layouts (row-major, broadcast, any strides,
 * reversed), values with NaN, the infinities, -0 and subnormals: every result
 * is the same bits three ways.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Blocks, type Fold, simdTotals, softmaxSimd, totalsOf } from "../../src/kernels/reduce.js";
import { residentStorage, setSimdEnabled, simdAvailable } from "../../src/kernels/wasm/arena.js";
import { argmax, logSoftmax, max, mean, min, softmax, sum, tensor, transpose, variance } from "../../src/index.js";
import { float32Ulps } from "../support/ulps.js";
import { inputArb, multiIndices, position, shapeArb } from "./layouts.js";

type Floats = Float32Array | Float64Array;
const ARRAYS = { float32: Float32Array, float64: Float64Array } as const;

const valueArb = (dtype: keyof typeof ARRAYS): fc.Arbitrary<number> =>
  fc.oneof(
    { arbitrary: dtype === "float32" ? fc.float({ noNaN: true, min: -1e6, max: 1e6 }) : fc.double({ noNaN: true, min: -1e6, max: 1e6 }), weight: 8 },
    { arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0, 1e-45, 3.4e38, -3.4e38), weight: 1 },
  );

/** Shapes with long rows and columns (every remainder of the 8- and 16-element turns) beside the short ones. */
const shapesArb = fc.oneof(
  shapeArb(),
  fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 70 })).map(([rows, columns]) => [rows, columns]),
  fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })).map(([rows, columns]) => [rows, columns]),
  fc.integer({ min: 1, max: 300 }).map((n) => [n]),
);

function residentArray(dtype: keyof typeof ARRAYS, length: number, values: readonly number[]): Floats {
  const room = Math.max(length, 4096 / ARRAYS[dtype].BYTES_PER_ELEMENT);
  const storage = residentStorage(dtype, room, true);
  if (storage === undefined) throw new Error("no resident storage");
  const array = storage.array as Floats;
  for (let i = 0; i < room; i++) array[i] = values[i % values.length]!;
  return array;
}

/** The reference: every output's block gathered in row-major order, then folded as defined. */
function reference(fold: Fold, shape: readonly number[], reduced: readonly number[], data: ArrayLike<number>, layout: { offset: number; strides: number[] }, means?: Float64Array): number[] {
  const kept = shape.map((_, a) => a).filter((a) => !reduced.includes(a));
  const blocks = new Map<string, number[]>();
  const order: string[] = [];
  for (const index of multiIndices(kept.map((a) => shape[a]!))) order.push(index.join(","));
  for (const key of order) blocks.set(key, []);
  // each block's elements in row-major order over the reduced axes
  for (const outer of multiIndices(kept.map((a) => shape[a]!))) {
    const values = blocks.get(outer.join(","))!;
    for (const inner of multiIndices(reduced.map((a) => shape[a]!))) {
      const index = shape.map(() => 0);
      kept.forEach((a, i) => (index[a] = outer[i]!));
      reduced.forEach((a, i) => (index[a] = inner[i]!));
      values.push(data[position(layout, index)]!);
    }
  }
  return order.map((key, k) => {
    const values = blocks.get(key)!;
    if (fold === "max") return values.reduce((m, v) => Math.max(m, v), -Infinity);
    if (fold === "min") return values.reduce((m, v) => Math.min(m, v), Infinity);
    if (fold === "argmax" || fold === "argmin") {
      let at = 0;
      for (let i = 1; i < values.length; i++) {
        const best = values[at]!;
        if (Number.isNaN(best)) break;
        const v = values[i]!;
        if (Number.isNaN(v) || (fold === "argmax" ? v > best : v < best)) at = i;
      }
      return at;
    }
    const lanes = [0, 0, 0, 0, 0, 0, 0, 0];
    values.forEach((v, i) => (lanes[i % 8] = lanes[i % 8]! + (fold === "square" ? (v - means![k]!) * (v - means![k]!) : v)));
    return lanes[0]! + lanes[4]! + (lanes[2]! + lanes[6]!) + (lanes[1]! + lanes[5]! + (lanes[3]! + lanes[7]!));
  });
}

const same = (x: number, y: number): boolean => Object.is(x, y) || (Number.isNaN(x) && Number.isNaN(y));

describe.runIf(simdAvailable())("WebAssembly SIMD reductions", () => {
  for (const dtype of ["float32", "float64"] as const) {
    for (const fold of ["sum", "square", "max", "min", "argmax", "argmin"] as const) {
      it(`${fold} in ${dtype}: the JavaScript fold's and the definition's bits, for any layout`, () => {
        let simdRuns = 0;
        let cases = 0;
        fc.assert(
          fc.property(
            shapesArb.filter((shape) => shape.length > 0 && shape.every((d) => d > 0)).chain((shape) =>
              fc.tuple(fc.constant(shape), inputArb(shape), fc.subarray([...shape.keys()], { minLength: 1 }), fc.array(valueArb(dtype), { minLength: 1, maxLength: 97 })),
            ),
            ([shape, layout, reduced, values]) => {
              const sorted = [...reduced].sort((a, b) => a - b);
              const kept = shape.map((_, a) => a).filter((a) => !sorted.includes(a));
              const resident = residentArray(dtype, layout.length, values);
              const ordinary = ARRAYS[dtype].from(resident);
              const blocks = (data: Floats): Blocks => ({
                data,
                offset: layout.offset,
                outerDims: kept.map((a) => shape[a]!),
                outerStrides: kept.map((a) => layout.strides[a]!),
                innerDims: sorted.map((a) => shape[a]!),
                innerStrides: sorted.map((a) => layout.strides[a]!),
              });
              const means = fold === "square" ? Float64Array.from(reference("sum", shape, sorted, ordinary, layout), (s) => s / sorted.reduce((p, a) => p * shape[a]!, 1)) : undefined;
              const expected = reference(fold, shape, sorted, ordinary, layout, means);
              const js = totalsOf(fold, blocks(ordinary), means);
              const simd = simdTotals(fold, blocks(resident), means);
              cases++;
              if (simd !== undefined) simdRuns++;
              const got = totalsOf(fold, blocks(resident), means);
              for (let k = 0; k < expected.length; k++) {
                if (!same(js[k]!, expected[k]!) || !same(got[k]!, expected[k]!)) {
                  expect({ k, js: js[k], simd: got[k] }).toEqual({ k, js: expected[k], simd: expected[k] });
                }
              }
            },
          ),
          { seed: 23, numRuns: 300 },
        );
        // the layouts the module reads came up often enough for this to test it
        expect(simdRuns).toBeGreaterThan(cases / 4);
      });
    }
  }

  it("reads contiguous blocks as runs and strided ones as columns; other layouts go to JavaScript", () => {
    const data = residentArray("float32", 64 * 32, [1, 2, 3]);
    const rows: Blocks = { data, offset: 0, outerDims: [64], outerStrides: [32], innerDims: [32], innerStrides: [1] };
    const columns: Blocks = { data, offset: 0, outerDims: [32], outerStrides: [1], innerDims: [64], innerStrides: [32] };
    const neither: Blocks = { data, offset: 0, outerDims: [16], outerStrides: [2], innerDims: [64], innerStrides: [32] };
    expect(simdTotals("sum", rows, undefined)).toBeDefined();
    expect(simdTotals("sum", columns, undefined)).toBeDefined();
    expect(simdTotals("max", columns, undefined)).toBeDefined();
    expect(simdTotals("argmax", columns, undefined)).toBeUndefined();
    expect(simdTotals("sum", neither, undefined)).toBeUndefined();
    expect(simdTotals("sum", { ...rows, data: Float32Array.from(data) }, undefined)).toBeUndefined();
  });

  it("give the public reductions the same values with the engine on and off", () => {
    const values = Array.from({ length: 300 * 70 }, (_, i) => Math.sin(i) * 1000 + (i % 97 === 0 ? 1e7 : 0));
    for (const dtype of ["float32", "float64"] as const) {
      const x = tensor(values, [300, 70], { dtype });
      const results = (): number[][] => [sum(x), sum(x, 0), sum(x, -1), mean(x, 1), variance(x, 0), variance(transpose(x), 0), max(x, 0), min(x), argmax(x, -1), argmax(transpose(x), -1)].map((t) => Array.from(t.toTypedArray()));
      const on = results();
      setSimdEnabled(false);
      try {
        expect(on).toEqual(results());
      } finally {
        setSimdEnabled(true);
      }
    }
  });
});

describe.runIf(simdAvailable())("WebAssembly SIMD softmax", () => {
  for (const log of [false, true]) {
    it(`${log ? "logSoftmax" : "softmax"} is within one float32 ulp of the JavaScript, for any row`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 300 }),
          fc.array(valueArb("float32"), { minLength: 1, maxLength: 97 }),
          fc.double({ min: 1e-3, max: 200, noNaN: true }),
          (n, values, scale) => {
            const row = Float32Array.from({ length: n }, (_, i) => values[i % values.length]! / scale + (i % 7));
            const x = residentArray("float32", n, Array.from(row));
            const out = residentArray("float32", n, [7]);
            expect(softmaxSimd(x, 0, n, out, 0, log)).toBe(true);
            setSimdEnabled(false);
            let expected: Float32Array;
            try {
              expected = (log ? logSoftmax : softmax)(tensor(row, [n])).toTypedArray() as Float32Array;
            } finally {
              setSimdEnabled(true);
            }
            for (let i = 0; i < n; i++) {
              if (float32Ulps(out[i]!, expected[i]!) > 1) expect({ i, simd: out[i] }).toEqual({ i, simd: expected[i] });
            }
            // and nothing past the row
            if (out.length > n) expect(out[n]).toBe(7);
          },
        ),
        { seed: 29, numRuns: 400 },
      );
    });
  }

  it("runs for float32 rows in the engine's memory, the public softmax among them", () => {
    const values = Array.from({ length: 64 * 50 }, (_, i) => Math.cos(i) * 20);
    const x = tensor(values, [64, 50]);
    const on = softmax(x).toTypedArray();
    setSimdEnabled(false);
    const off = softmax(x).toTypedArray();
    setSimdEnabled(true);
    expect(Array.from(on, (v, i) => float32Ulps(v, off[i]!)).every((d) => d <= 1)).toBe(true);
    // rows outside the memory go through its scratch block, to the same values
    const row = Float32Array.from({ length: 50 }, (_, i) => Math.cos(i) * 20);
    const elsewhere = new Float32Array(60).fill(7);
    expect(softmaxSimd(row, 0, 50, elsewhere, 10)).toBe(true);
    expect(Array.from(elsewhere.subarray(10))).toEqual(Array.from(on.subarray(0, 50)));
    expect(Array.from(elsewhere.subarray(0, 10))).toEqual(new Array(10).fill(7));
  });
});

describe("reductions' folds where SIMD is not used", () => {
  it("sum in eight lanes: the order the definition gives, not one accumulator", () => {
    // 1e16 in lane 0 swallows a 1 added to it; in another lane the 1s survive until the lanes combine
    const x = new Float64Array([1e16, 1, 1, 1, 1, 1, 1, 1, -1e16, 1]);
    const blocks: Blocks = { data: x, offset: 0, outerDims: [], outerStrides: [], innerDims: [10], innerStrides: [1] };
    const lanes = [1e16 + -1e16, 1 + 1, 1, 1, 1, 1, 1, 1];
    expect(totalsOf("sum", blocks)[0]).toBe(lanes[0]! + lanes[4]! + (lanes[2]! + lanes[6]!) + (lanes[1]! + lanes[5]! + (lanes[3]! + lanes[7]!)));
    expect(totalsOf("sum", blocks)[0]).toBe(8);
  });

  it("max and min as Math.max and Math.min: NaN wins, +0 above -0", () => {
    const one = (values: number[], fold: Fold): number =>
      totalsOf(fold, { data: Float64Array.from(values), offset: 0, outerDims: [], outerStrides: [], innerDims: [values.length], innerStrides: [1] })[0]!;
    expect(Object.is(one([-0, 0], "max"), 0)).toBe(true);
    expect(Object.is(one([0, -0], "min"), -0)).toBe(true);
    expect(one([1, Number.NaN, 3], "max")).toBeNaN();
    expect(one([-0, 0, -1], "argmax")).toBe(0);
    expect(one([3, Number.NaN, 9, Number.NaN], "argmin")).toBe(1);
  });
});
