/**
 * Pooling: `maxPool2d`, `avgPool2d`, `maxPool1d`, `avgPool1d` against a plain
 * reference (every window's real cells read one by one through `at`) on random
 * views of every dtype, window sizes, strides, paddings and layouts; their
 * misfits and bad arguments.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { avgPool1d, avgPool2d, maxPool1d, maxPool2d, ShapeError, tensor, zeros, type DType, type Tensor } from "shapecast";
import { at, DTYPES, multiIndices, viewOf } from "../support/random-view.js";

type Pool = (x: Tensor, options: unknown) => Tensor;
const ops: Record<string, Pool> = { maxPool2d, avgPool2d, maxPool1d, avgPool1d } as unknown as Record<string, Pool>;

type Padding = "valid" | "same" | number | [number, number][];

/** Padding before and after each spatial axis, straight from the definition. */
function pads(padding: Padding, inputs: number[], sizes: number[], strides: number[]): [number, number][] {
  return inputs.map((input, j) => {
    if (padding === "valid") return [0, 0];
    if (typeof padding === "number") return [padding, padding];
    if (Array.isArray(padding)) return padding[j]!;
    const out = Math.ceil(input / strides[j]!);
    const total = Math.max((out - 1) * strides[j]! + sizes[j]! - input, 0);
    return [Math.floor(total / 2), total - Math.floor(total / 2)];
  });
}

/** The reference: for every output position, the window's real cells, max or mean of them. */
function reference(x: Tensor, kind: "max" | "avg", spatial: number, channelsFirst: boolean, sizes: number[], strides: number[], padding: Padding) {
  const first = channelsFirst ? 2 : 1;
  const inputs = sizes.map((_, j) => x.shape[first + j]!);
  const around = pads(padding, inputs, sizes, strides);
  const outs = inputs.map((input, j) => Math.floor((input + around[j]![0] + around[j]![1] - sizes[j]!) / strides[j]!) + 1);
  const shape = [...x.shape];
  outs.forEach((o, j) => (shape[first + j] = o));
  const values: number[] = [];
  const float = kind === "avg" && x.dtype !== "float64";
  for (const index of multiIndices(shape)) {
    // the real cells of the window: each spatial coordinate o * stride - before + k inside the input
    let cells: number[][] = [index];
    for (let j = 0; j < spatial; j++) {
      const next: number[][] = [];
      for (const cell of cells) {
        for (let k = 0; k < sizes[j]!; k++) {
          const i = index[first + j]! * strides[j]! - around[j]![0] + k;
          if (i >= 0 && i < inputs[j]!) next.push(cell.map((v, a) => (a === first + j ? i : v)));
        }
      }
      cells = next;
    }
    const read = cells.map((cell) => (x.dtype === "int32" && float ? Math.fround(at(x, cell)) : at(x, cell)));
    if (kind === "max") values.push(read.some(Number.isNaN) ? Number.NaN : read.reduce((m, v) => (v > m ? v : m), -Infinity));
    else {
      const mean = read.reduce((s, v) => s + v, 0) / read.length;
      values.push(float ? Math.fround(mean) : mean);
    }
  }
  return { shape, values };
}

const same = (a: number, b: number) => (Number.isNaN(a) ? Number.isNaN(b) : a === b);

const caseArb = fc
  .record({
    spatial: fc.constantFrom(1, 2),
    kind: fc.constantFrom("max" as const, "avg" as const),
    channelsFirst: fc.boolean(),
    n: fc.integer({ min: 0, max: 2 }),
    c: fc.integer({ min: 1, max: 3 }),
    inputs: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 2 }),
    sizes: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 2 }),
    strides: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 2 }),
    paddingKind: fc.constantFrom("valid", "same", "number", "pairs", "default"),
    paddingRolls: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    stridesGiven: fc.constantFrom("default", "number", "list"),
    sizeAsNumber: fc.boolean(),
    layoutGiven: fc.boolean(),
    dtype: fc.constantFrom(...DTYPES),
  })
  .map((c) => {
    const spatial = c.spatial;
    const sizes = c.sizeAsNumber ? c.sizes.slice(0, spatial).map(() => c.sizes[0]!) : c.sizes.slice(0, spatial);
    const strides = c.stridesGiven === "default" ? sizes : c.stridesGiven === "number" ? sizes.map(() => c.strides[0]!) : c.strides.slice(0, spatial);
    const smallest = Math.min(...sizes);
    const padding: Padding =
      c.paddingKind === "number" ? c.paddingRolls[0]! % smallest
      : c.paddingKind === "pairs" ? sizes.map((s, j) => [c.paddingRolls[2 * j]! % s, c.paddingRolls[2 * j + 1]! % s] as [number, number])
      : c.paddingKind === "default" ? "valid"
      : (c.paddingKind as "valid" | "same");
    const inputs = c.inputs.slice(0, spatial);
    const shape = c.channelsFirst ? [c.n, c.c, ...inputs] : [c.n, ...inputs, c.c];
    const layout = spatial === 2 ? (c.channelsFirst ? "NCHW" : "NHWC") : c.channelsFirst ? "NCW" : "NWC";
    const options: Record<string, unknown> = { size: c.sizeAsNumber ? sizes[0] : sizes };
    if (c.stridesGiven !== "default") options.strides = c.stridesGiven === "number" ? strides[0] : strides;
    if (c.paddingKind !== "default") options.padding = padding;
    if (c.layoutGiven || c.channelsFirst) options.layout = layout;
    const op = `${c.kind}Pool${spatial}d`;
    return { ...c, sizes, strides, padding, shape, options, op };
  })
  .filter(({ padding, shape, sizes, strides, channelsFirst }) => {
    // windows that fit their padded axis (the misfits are tested below)
    const first = channelsFirst ? 2 : 1;
    const around = pads(padding, sizes.map((_, j) => shape[first + j]!), sizes, strides);
    return sizes.every((s, j) => shape[first + j]! + around[j]![0] + around[j]![1] >= s);
  })
  .chain((c) => fc.record({ c: fc.constant(c), x: viewOf(c.shape, c.dtype as DType) }));

describe("pooling", () => {
  it("gives the reference's values on random views, windows, strides, paddings, layouts and dtypes", () => {
    fc.assert(
      fc.property(caseArb, ({ c, x }) => {
        const result = ops[c.op]!(x, c.options);
        const expected = reference(x, c.kind, c.spatial, c.channelsFirst, c.sizes, c.strides, c.padding);
        expect(result.shape).toEqual(expected.shape);
        expect(result.dtype).toBe(c.kind === "max" ? x.dtype : x.dtype === "float64" ? "float64" : "float32");
        const got = Array.from(multiIndices(result.shape), (i) => at(result, i));
        got.forEach((v, i) => {
          if (!same(v, expected.values[i]!)) expect([i, v]).toEqual([i, expected.values[i]]);
        });
      }),
      { numRuns: 400 },
    );
  });

  it("pools a known image: 2x2 max and average", () => {
    const x = zeros([1, 4, 4, 1]);
    const data = x.data as Float32Array;
    for (let i = 0; i < 16; i++) data[i] = i;
    expect(Array.from(maxPool2d(x, { size: 2 }).data)).toEqual([5, 7, 13, 15]);
    expect(Array.from(avgPool2d(x, { size: 2 }).data)).toEqual([2.5, 4.5, 10.5, 12.5]);
    // "same" on 4 with a window of 3, stride 2: one cell of padding after, not counted
    expect(Array.from(avgPool2d(x, { size: 3, strides: 2, padding: "same" }).data)).toEqual([5, 6.5, 11, 12.5]);
  });

  it("takes a window size alone as { size } (strides the size, the default layout), through every op", () => {
    const outcome = (f: () => { shape: readonly number[]; data: ArrayLike<number> }) => {
      try {
        const t = f();
        return { shape: t.shape, values: Array.from(t.data) };
      } catch (e) {
        return { error: String(e) };
      }
    };
    let pooled = 0;
    let refused = 0;
    for (const op of ["maxPool1d", "avgPool1d", "maxPool2d", "avgPool2d"]) {
      for (const size of [1, 2, 3]) {
        for (const width of [1, 2, 5, 6]) {
          const shape = op.endsWith("2d") ? [2, width, 7 - width, 3] : [2, width, 3];
          const x = tensor(Array.from({ length: shape.reduce((p, d) => p * d, 1) }, (_, i) => (i * 37) % 11), shape as never);
          const alone = outcome(() => ops[op]!(x, size));
          expect(alone).toEqual(outcome(() => ops[op]!(x, { size })));
          if ("shape" in alone) pooled++;
          else refused++;
        }
      }
    }
    // (both roads taken: windows that fit, and windows larger than their axis, refused alike)
    expect([pooled > 20, refused > 10]).toEqual([true, true]);
    const x = zeros([1, 4, 4, 1]);
    expect(() => maxPool2d(x, 0 as never)).toThrow(new RangeError("maxPool2d: size must be an integer from 1 to 2147483647, got 0"));
    expect(() => maxPool2d(x, 2.5 as never)).toThrow(RangeError);
    expect(() => ops.maxPool2d!(zeros([1, 4, 9, 1]), 5)).toThrow("maxPool2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])");
    expect(() => maxPool2d(x, "2" as never)).toThrow(new TypeError('maxPool2d: options must be an object such as { size: 2 }, got "2"'));
  });

  it("gives a ShapeError with the compiler's message (the same calls as in test-d) for a window larger than its padded axis or a wrong rank", () => {
    expect(() => ops.maxPool2d!(zeros([1, 4, 9, 1]), { size: 5 })).toThrow(ShapeError);
    expect(() => ops.maxPool2d!(zeros([1, 4, 9, 1]), { size: 5 })).toThrow("maxPool2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])");
    expect(() => ops.avgPool1d!(zeros([1, 2, 1]), { size: 4, padding: [[1, 1]], layout: "NCW" })).toThrow("avgPool1d: the window spans 4 but axis 2 is 3 with its padding (shape [1, 2, 1])");
    expect(() => ops.maxPool2d!(zeros([28, 28, 3]), { size: 2 })).toThrow(ShapeError);
    expect(() => ops.maxPool2d!(zeros([28, 28, 3]), { size: 2 })).toThrow("maxPool2d: x must have rank 4 (NHWC), got shape [28, 28, 3]");
  });

  it("names the argument that is wrong", () => {
    const x = zeros([1, 4, 4, 1]);
    const call = (options: unknown) => () => maxPool2d(x, options as never);
    expect(call({ size: 0 })).toThrow(new RangeError("maxPool2d: size must be an integer from 1 to 2147483647, got 0"));
    expect(call({ size: [2, -1] })).toThrow(RangeError);
    expect(call({ size: [2, -1] })).toThrow("size[1]");
    expect(call({ size: 2, strides: 0 })).toThrow(RangeError);
    expect(call({ size: 2, strides: 0 })).toThrow("strides");
    expect(call({ size: 2.5 })).toThrow(RangeError);
    expect(call({ size: "2" })).toThrow(TypeError);
    expect(call({ size: [2, 2, 2] })).toThrow("size must be a number or 2 numbers");
    expect(call({ size: 2, padding: "full" })).toThrow(TypeError);
    expect(call({ size: 2, padding: "full" })).toThrow("padding");
    expect(call({ size: 2, padding: -1 })).toThrow(RangeError);
    expect(call({ size: 2, padding: [[0, 0]] })).toThrow("padding must have 2");
    expect(call({ size: 2, padding: 2 })).toThrow("padding must be smaller than the window");
    expect(call({ size: 2, layout: "NWC" })).toThrow(new TypeError('maxPool2d: layout must be "NHWC" or "NCHW", got "NWC"'));
    expect(call({ size: 2, stride: 1 })).toThrow(new TypeError('maxPool2d: options field "stride" is not known (size, strides, padding, layout)'));
    expect(call({})).toThrow(TypeError);
    expect(call(undefined)).toThrow(TypeError);
    // an empty spatial axis: "same" gives no windows, valid a window larger than the axis
    expect(maxPool1d(zeros([2, 0, 3]), { size: 2, padding: "same" }).shape).toEqual([2, 0, 3]);
    expect(() => ops.maxPool1d!(zeros([2, 0, 3]), { size: 1 })).toThrow(ShapeError);
    expect(() => ops.avgPool1d!([1, 2, 3] as never, { size: 1 })).toThrow(TypeError);
  });
});
