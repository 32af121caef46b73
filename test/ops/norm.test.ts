/**
 * layerNorm and rmsNorm against a naive reference written here (plain loops over multi-indices,
 * read through each view's strides), on random shapes, axes, layouts and dtypes; then the edges
 * (epsilon on constant slices, size-1 and empty axes, NaN) and the argument errors.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchNorm, layerNorm, rmsNorm, ShapeError, tensor, type Tensor, transpose, zeros } from "shapecast";
import { at, DTYPES, multiIndices, shapeArb, viewOf } from "../support/random-view.js";

/** The result of each slice from `axis` on: gamma * (v - center) / sqrt(spread + epsilon) + beta. */
function reference(kind: "layer" | "rms", x: Tensor, gamma: Tensor, beta: Tensor | undefined, axis: number, epsilon: number): number[] {
  const first = axis < 0 ? axis + x.shape.length : axis;
  const outerShape = x.shape.slice(0, first);
  const innerShape = x.shape.slice(first);
  const inner = [...multiIndices(innerShape)];
  const result = new Map<string, number>();
  for (const o of multiIndices(outerShape)) {
    const values = inner.map((i) => at(x, [...o, ...i]));
    let mean = 0;
    if (kind === "layer") {
      for (const v of values) mean += v;
      mean /= values.length;
    }
    let spread = 0;
    for (const v of values) spread += (v - mean) * (v - mean);
    spread /= values.length;
    inner.forEach((i, k) => {
      const scaled = ((values[k]! - mean) / Math.sqrt(spread + epsilon)) * at(gamma, i);
      result.set([...o, ...i].join(), beta === undefined ? scaled : scaled + at(beta, i));
    });
  }
  return [...multiIndices(x.shape)].map((index) => result.get(index.join()) ?? Number.NaN);
}

/** The result's elements, row-major, read through its strides. */
const read = (t: Tensor): number[] => [...multiIndices(t.shape)].map((index) => at(t, index));

function expectClose(got: number[], want: number[], dtype: string): void {
  expect(got.length).toBe(want.length);
  const tolerance = dtype === "float64" ? 1e-12 : 2e-6;
  got.forEach((g, k) => {
    const w = dtype === "float64" ? want[k]! : Math.fround(want[k]!);
    if (!Number.isFinite(w) || !Number.isFinite(g)) expect([k, g]).toEqual([k, w]);
    else expect(Math.abs(g - w), `element ${k}: ${g} vs ${w}`).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(w)));
  });
}

/** x of rank 1 to 4, an axis in range (negative or not), and parameters of the trailing shape, each its own layout and dtype. */
const caseArb = shapeArb(1, 4).chain((shape) =>
  fc.record({
    x: fc.constantFrom(...DTYPES).chain((d) => viewOf(shape, d)),
    axis: fc.integer({ min: 0, max: shape.length - 1 }).chain((a) => fc.constantFrom(a, a - shape.length)),
    epsilon: fc.constantFrom(1e-5, 0.5, 0),
  }).chain(({ x, axis, epsilon }) => {
    const tail = shape.slice(axis < 0 ? axis + shape.length : axis);
    const small = fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -1.5)), { minLength: 1, maxLength: 8 });
    const param = fc.constantFrom(...DTYPES).chain((d) => viewOf(tail, d, small));
    return fc.record({ x: fc.constant(x), axis: fc.constant(axis), epsilon: fc.constant(epsilon), gamma: param, beta: param });
  }),
);

describe("layerNorm", () => {
  it("matches the naive reference on random shapes, axes, layouts and dtypes; x's shape, float dtype", () => {
    fc.assert(
      fc.property(caseArb, ({ x, axis, epsilon, gamma, beta }) => {
        const y = layerNorm(x, gamma, beta, { axis, epsilon });
        expect(y.shape).toEqual(x.shape);
        expect(y.dtype).toBe(x.dtype === "float64" ? "float64" : "float32");
        expectClose(read(y), reference("layer", x, gamma, beta, axis, epsilon), y.dtype);
      }),
      { seed: 51, numRuns: 300 },
    );
  });

  it("normalises the last axis by default with epsilon 1e-5, and epsilon changes the scale", () => {
    const x = tensor([[1, 3], [5, 5]], { dtype: "float64" });
    const g = tensor([1, 1]);
    const b = tensor([0, 10]);
    const unit = 1 / Math.sqrt(1 + 1e-5); // (-1 / sqrt(1 + 1e-5) is -unit exactly)
    expect(layerNorm(x, g, b).toArray()).toEqual([[-unit, unit + 10], [0, 10]]);
    // variance 1 plus epsilon 3: halved; a constant row gives beta whatever epsilon is
    expect(layerNorm(x, g, b, { epsilon: 3 }).toArray()).toEqual([[-0.5, 10.5], [0, 10]]);
    // without epsilon a constant row divides 0 by 0
    expect(layerNorm(x, g, b, { epsilon: 0 }).toArray()).toEqual([[-1, 11], [Number.NaN, Number.NaN]]);
  });

  it("gives beta over a size-1 axis, keeps empty shapes, and lets NaN spoil only its own slice", () => {
    expect(layerNorm(tensor([[7], [-2]]), tensor([5]), tensor([0.5])).toArray()).toEqual([[0.5], [0.5]]);
    expect(layerNorm(zeros([0, 3]), zeros([3]), zeros([3])).shape).toEqual([0, 3]);
    expect(layerNorm(zeros([2, 0]), zeros([0]), zeros([0])).shape).toEqual([2, 0]);
    const y = layerNorm(tensor([[1, Number.NaN, 2], [1, 2, 3]]), tensor([1, 1, 1]), tensor([0, 0, 0]));
    expect(y.toArray()[0]).toEqual([Number.NaN, Number.NaN, Number.NaN]);
    expect(y.toArray()[1]!.every((v) => Number.isFinite(v))).toBe(true);
  });

  it("reads views: a transposed x normalises its own rows", () => {
    const x = transpose(tensor([[1, 4], [2, 5], [3, 6]], { dtype: "float64" })); // [[1, 2, 3], [4, 5, 6]]
    const s = Math.sqrt(2 / 3 + 1e-5);
    expect(layerNorm(x, tensor([1, 1, 1]), tensor([0, 0, 0])).toArray()).toEqual([[-1 / s, 0, 1 / s], [-1 / s, 0, 1 / s]]);
  });

  it("refuses parameters of another shape with a ShapeError in the compiler's words", () => {
    const x = zeros([2, 3, 4]);
    expect(() => layerNorm(x, zeros([3]) as never, zeros([4]))).toThrow(ShapeError);
    expect(() => layerNorm(x, zeros([3]) as never, zeros([4]))).toThrow(
      "layerNorm: gamma has shape [3] but must have shape [4], that of x's axes from 2 on (x has shape [2, 3, 4])",
    );
    let error: unknown;
    try {
      layerNorm(x, zeros([3, 4]), zeros([3, 5]) as never, { axis: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ShapeError);
    expect((error as ShapeError).message).toBe("layerNorm: beta has shape [3, 5] but must have shape [3, 4], that of x's axes from 1 on (x has shape [2, 3, 4])");
    expect((error as ShapeError).axis).toBe(2);
    expect((error as ShapeError).sizes).toEqual([4, 5]);
    expect(() => layerNorm(x, zeros([1, 4]) as never, zeros([4]))).toThrow(ShapeError);
  });

  it("refuses a bad axis, epsilon, option or non-tensor by name", () => {
    const x = zeros([2, 3]);
    const g = zeros([3]);
    expect(() => layerNorm(x, g, g, { axis: 2 } as never)).toThrow(new RangeError("layerNorm: axis 2 is out of range for a rank-2 tensor (use -2 to 1)"));
    expect(() => (layerNorm as (...args: unknown[]) => unknown)(zeros([]), zeros([]), zeros([]))).toThrow(RangeError);
    expect(() => layerNorm(x, g, g, { epsilon: -1 })).toThrow(new RangeError("layerNorm: epsilon must not be negative, got -1"));
    expect(() => layerNorm(x, g, g, { epsilon: Number.NaN })).toThrow(RangeError);
    expect(() => layerNorm(x, g, g, { epsilon: "1" } as never)).toThrow(new TypeError('layerNorm: epsilon must be a finite number, got "1"'));
    expect(() => layerNorm(x, g, g, { eps: 1 } as never)).toThrow(new TypeError('layerNorm: options field "eps" is not known (axis, epsilon)'));
    expect(() => layerNorm(x, [0, 0, 0] as never, g)).toThrow(new TypeError("layerNorm: gamma must be a Tensor, got an array"));
    expect(() => layerNorm(x, g, undefined as never)).toThrow("layerNorm: beta must be a Tensor");
    expect(() => layerNorm(null as never, g, g)).toThrow("layerNorm: x must be a Tensor");
  });
});

describe("rmsNorm", () => {
  it("matches the naive reference on random shapes, axes, layouts and dtypes; x's shape, float dtype", () => {
    fc.assert(
      fc.property(caseArb, ({ x, axis, epsilon, gamma }) => {
        const y = rmsNorm(x, gamma, { axis, epsilon });
        expect(y.shape).toEqual(x.shape);
        expect(y.dtype).toBe(x.dtype === "float64" ? "float64" : "float32");
        expectClose(read(y), reference("rms", x, gamma, undefined, axis, epsilon), y.dtype);
      }),
      { seed: 52, numRuns: 300 },
    );
  });

  it("divides by the root mean square plus epsilon 1e-6 by default, not centring", () => {
    const x = tensor([[3, 4], [0, 0]], { dtype: "float64" });
    const rms = Math.sqrt(12.5 + 1e-6);
    expect(rmsNorm(x, tensor([1, 2])).toArray()).toEqual([[3 / rms, 8 / rms], [0, 0]]);
    expect(rmsNorm(x, tensor([1, 1]), { epsilon: 3.5 }).toArray()).toEqual([[0.75, 1], [0, 0]]);
    expect(rmsNorm(x, tensor([1, 1]), { epsilon: 0 }).toArray()[1]).toEqual([Number.NaN, Number.NaN]);
    // NaN spoils its slice; an infinite element leaves the finite ones of its slice at 0
    expect(rmsNorm(tensor([[Number.NaN, 1], [1, 1]]), tensor([1, 1])).toArray()).toEqual([[Number.NaN, Number.NaN], [1, 1].map(() => Math.fround(1 / Math.sqrt(1 + 1e-6)))]);
    expect(rmsNorm(tensor([[Infinity, 1]]), tensor([1, 1])).toArray()).toEqual([[Number.NaN, 0]]);
  });

  it("refuses a gamma of another shape, and bad arguments, by name", () => {
    expect(() => rmsNorm(zeros([2, 3]), zeros([2]) as never)).toThrow(
      "rmsNorm: gamma has shape [2] but must have shape [3], that of x's axes from 1 on (x has shape [2, 3])",
    );
    expect(() => rmsNorm(zeros([2, 3]), zeros([2, 3]), { axis: -3 } as never)).toThrow(RangeError);
    expect(() => rmsNorm(zeros([2, 3]), zeros([3]), 1e-6 as never)).toThrow(TypeError);
  });
});

describe("batchNorm", () => {
  const vector = (n: number) =>
    fc.constantFrom(...DTYPES).chain((d) => viewOf([n], d, fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, 2.25)), { minLength: 1, maxLength: 8 })));
  const batchArb = fc.constantFrom("NHWC" as const, "NCHW" as const).chain((layout) =>
    shapeArb(layout === "NCHW" ? 2 : 1, 4).chain((shape) => {
      const c = shape[layout === "NCHW" ? 1 : shape.length - 1]!;
      return fc.record({
        layout: fc.constant(layout),
        x: fc.constantFrom(...DTYPES).chain((d) => viewOf(shape, d)),
        mean: vector(c),
        variance: vector(c),
        gamma: vector(c),
        beta: vector(c),
        epsilon: fc.option(fc.constantFrom(1e-5, 0.5, 0), { nil: undefined }),
      });
    }),
  );

  it("matches the naive reference per channel on random shapes, layouts, views and dtypes", () => {
    fc.assert(
      fc.property(batchArb, ({ layout, x, mean, variance, gamma, beta, epsilon }) => {
        const y = batchNorm(x, mean, variance, gamma, beta, { layout, epsilon });
        expect(y.shape).toEqual(x.shape);
        expect(y.dtype).toBe(x.dtype === "float64" ? "float64" : "float32");
        const axis = layout === "NCHW" ? 1 : x.shape.length - 1;
        const want = [...multiIndices(x.shape)].map((index) => {
          const c = [index[axis]!];
          return ((at(x, index) - at(mean, c)) / Math.sqrt(at(variance, c) + (epsilon ?? 1e-3))) * at(gamma, c) + at(beta, c);
        });
        expectClose(read(y), want, y.dtype);
      }),
      { seed: 53, numRuns: 300 },
    );
  });

  it("takes channels last by default with epsilon 1e-3, or axis 1 with NCHW", () => {
    const x = tensor([[[1, 2], [3, 4]]], { dtype: "float64" }); // [1, 2, 2]
    const m = tensor([1, 2]);
    const v = tensor([3, 0.999]);
    const one = tensor([1, 1]);
    const none = tensor([0, 0]);
    expect(batchNorm(x, m, v, one, none).toArray()).toEqual([[[0, 0], [2 / Math.sqrt(3.001), 2 / Math.sqrt(Math.fround(0.999) + 1e-3)]]]);
    expect(batchNorm(x, m, v, one, none, { layout: "NCHW", epsilon: 1 }).toArray()).toEqual([[[0, 0.5], [1 / Math.sqrt(Math.fround(0.999) + 1), 2 / Math.sqrt(Math.fround(0.999) + 1)]]]);
    // epsilon 0 and variance 0: the mean itself gives NaN (0 / 0), others infinities
    expect(batchNorm(tensor([[1, 2]]), tensor([1, 1]), tensor([0, 0]), one, none, { epsilon: 0 }).toArray()).toEqual([[Number.NaN, Infinity]]);
    expect(batchNorm(zeros([0, 3]), zeros([3]), zeros([3]), zeros([3]), zeros([3])).shape).toEqual([0, 3]);
    expect(batchNorm(tensor([[Number.NaN, 1]]), none, tensor([1, 1]), one, none).toArray()[0]![1]).toBeCloseTo(1 / Math.sqrt(1.001), 6);
  });

  it("refuses vectors that are not [C], a rank without the channel axis, and bad options, by name", () => {
    const x = zeros([2, 3, 4]);
    const c4 = zeros([4]);
    expect(() => batchNorm(x, c4, c4, zeros([3]) as never, c4)).toThrow(
      "batchNorm: gamma has shape [3] but must have shape [4], the size of x's channel axis 2 (layout NHWC, x has shape [2, 3, 4])",
    );
    expect(() => batchNorm(x, c4 as never, c4 as never, c4 as never, c4 as never, { layout: "NCHW" })).toThrow(
      new ShapeError("batchNorm: mean has shape [4] but must have shape [3], the size of x's channel axis 1 (layout NCHW, x has shape [2, 3, 4])", { code: "mismatch", op: "batchNorm", mode: "none", a: [], b: [] }).message,
    );
    expect(() => batchNorm(x, c4, zeros([1, 4]) as never, c4, c4)).toThrow(ShapeError);
    expect(() => (batchNorm as (...args: unknown[]) => unknown)(zeros([3]), zeros([3]), zeros([3]), zeros([3]), zeros([3]), { layout: "NCHW" })).toThrow(
      "batchNorm: layout NCHW needs x of rank 2 or more, got rank 1 (shape [3])",
    );
    expect(() => batchNorm(x, c4, c4, c4, c4, { layout: "NWC" } as never)).toThrow(new TypeError('batchNorm: layout must be "NHWC" or "NCHW", got "NWC"'));
    expect(() => batchNorm(x, c4, c4, c4, c4, { epsilon: -1 })).toThrow(RangeError);
    expect(() => batchNorm(x, c4, c4, c4, c4, { axis: 1 } as never)).toThrow(TypeError);
    expect(() => batchNorm(x, c4, c4, c4, 0 as never)).toThrow("batchNorm: beta must be a Tensor");
  });
});
