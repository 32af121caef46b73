/**
 * Convolution: `conv1d`, `conv2d`, `depthwiseConv2d`, `conv2dTranspose`
 * against a reference written from the definitions (every output element a
 * sum over its window, read through `at`; a transpose scattered from each
 * input element) on random views of every dtype, both layouts, strides,
 * paddings, dilations and groups; their misfits and bad arguments.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { broadcastTo, clone, conv1d, conv2d, conv2dTranspose, depthwiseConv2d, ShapeError, transpose, zeros, type DType, type Tensor } from "shapecast";
import { promote } from "../fuzz/support/dtypes.js";
import { at, DTYPES, multiIndices, viewOf } from "../support/random-view.js";
import { FLOAT32_OVERFLOW, float32SumTolerance, gamma, unitRoundoff } from "../support/rounding.js";

type Conv = (x: Tensor, w: Tensor, options?: unknown) => Tensor;
const ops = { conv1d, conv2d, depthwiseConv2d, conv2dTranspose } as unknown as Record<string, Conv>;
type OpName = "conv1d" | "conv2d" | "depthwiseConv2d" | "conv2dTranspose";
type Padding = "valid" | "same" | number | [number, number][];

interface Spec {
  readonly op: OpName;
  readonly spatial: 1 | 2;
  readonly channelsFirst: boolean;
  readonly n: number;
  readonly inputs: number[];
  readonly kernel: number[];
  readonly strides: number[];
  readonly dilations: number[];
  readonly padding: Padding;
  readonly groups: number;
  /** x's channels per group, and filters per group (the depthwise multiplier M). */
  readonly cg: number;
  readonly fg: number;
  /** A transpose's cells added after each spatial axis (none when absent). */
  readonly outputPadding?: readonly number[];
}

/** The result dtype: the two promoted, bool arithmetic in int32 (README's rule for matmul). */
const resultDType = (a: DType, b: DType): DType => {
  const d = promote(a, b);
  return d === "bool" ? "int32" : d;
};

/** Padding before and after each spatial axis of a forward convolution, from the definition ("same": TensorFlow's split). */
function forwardPads(s: Spec): [number, number][] {
  return s.inputs.map((input, j) => {
    const span = s.dilations[j]! * (s.kernel[j]! - 1) + 1;
    if (s.padding === "valid") return [0, 0];
    if (typeof s.padding === "number") return [s.padding, s.padding];
    if (Array.isArray(s.padding)) return s.padding[j]!;
    const out = Math.ceil(input / s.strides[j]!);
    const total = Math.max((out - 1) * s.strides[j]! + span - input, 0);
    return [Math.floor(total / 2), total - Math.floor(total / 2)];
  });
}

/** The shapes of x and w for a spec, in its layout. */
function shapes(s: Spec): { x: number[]; w: number[] } {
  const c = s.cg * s.groups;
  const x = s.channelsFirst ? [s.n, c, ...s.inputs] : [s.n, ...s.inputs, c];
  const f = s.fg * s.groups;
  if (s.op === "depthwiseConv2d") return { x, w: s.channelsFirst ? [f, 1, ...s.kernel] : [...s.kernel, c, s.fg] };
  if (s.op === "conv2dTranspose") return { x, w: s.channelsFirst ? [c, s.fg, ...s.kernel] : [...s.kernel, s.fg, c] };
  return { x, w: s.channelsFirst ? [f, s.cg, ...s.kernel] : [...s.kernel, s.cg, f] };
}

/** x's element at (n, channel, spatial...), whatever the layout. */
const xAt = (s: Spec, x: Tensor, n: number, c: number, p: readonly number[]) => at(x, s.channelsFirst ? [n, c, ...p] : [n, ...p, c]);

/**
 * The weight joining input channel `ci` of group `g` (index within the group)
 * to output channel `f` (index within the group), at tap `k`.
 */
function wAt(s: Spec, w: Tensor, g: number, ci: number, f: number, k: readonly number[]): number {
  const c = g * s.cg + ci;
  const out = g * s.fg + f;
  if (s.op === "depthwiseConv2d") return s.channelsFirst ? at(w, [out, 0, ...k]) : at(w, [...k, c, f]);
  if (s.op === "conv2dTranspose") return s.channelsFirst ? at(w, [c, f, ...k]) : at(w, [...k, f, c]);
  return s.channelsFirst ? at(w, [out, ci, ...k]) : at(w, [...k, ci, out]);
}

/** Every multi-index of the kernel (or of a 1-D one). */
const taps = (kernel: readonly number[]) => Array.from(multiIndices(kernel));

/**
 * The reference: sums in doubles of each output element's products, with the
 * sum of their magnitudes (for the comparison), or exact int32 sums.
 */
function reference(s: Spec, x: Tensor, w: Tensor): { shape: number[]; dtype: DType; values: number[]; scales: number[]; terms: number[] } {
  const dtype = resultDType(x.dtype, w.dtype);
  const integer = dtype === "int32" || dtype === "uint8";
  const read = (v: number, from: DType) => (from === "int32" && dtype === "float32" ? Math.fround(v) : v);
  const f = s.fg * s.groups;
  if (s.op === "conv2dTranspose") {
    // scattered: input i of each axis adds x * w at i * stride + k * dilation - before
    const pads = s.inputs.map((input, j): [number, number] => {
      const span = s.dilations[j]! * (s.kernel[j]! - 1) + 1;
      if (s.padding === "same") {
        const total = Math.max(span - s.strides[j]!, 0);
        return [Math.floor(total / 2), total - Math.floor(total / 2)];
      }
      if (s.padding === "valid") return [0, 0];
      if (typeof s.padding === "number") return [s.padding, s.padding];
      return s.padding[j]!;
    });
    const extra = (j: number) => s.outputPadding?.[j] ?? 0;
    const outs = s.inputs.map((input, j) =>
      input === 0 ? 0
      : s.padding === "same" ? input * s.strides[j]! + extra(j)
      : (input - 1) * s.strides[j]! + s.dilations[j]! * (s.kernel[j]! - 1) + 1 - pads[j]![0] - pads[j]![1] + extra(j),
    );
    const logical = [s.n, f, ...outs];
    const sums = new Float64Array(logical.reduce((a, b) => a * b, 1));
    const scales = new Float64Array(sums.length);
    const terms = new Float64Array(sums.length);
    const flat = (n: number, c: number, o: readonly number[]) => o.reduce((acc, v, j) => acc * outs[j]! + v, n * f + c);
    for (let n = 0; n < s.n; n++) {
      for (let g = 0; g < s.groups; g++) {
        for (let ci = 0; ci < s.cg; ci++) {
          for (const i of multiIndices(s.inputs)) {
            const xv = read(xAt(s, x, n, g * s.cg + ci, i), x.dtype);
            for (const k of taps(s.kernel)) {
              const o = i.map((v, j) => v * s.strides[j]! + k[j]! * s.dilations[j]! - pads[j]![0]);
              if (o.some((v, j) => v < 0 || v >= outs[j]!)) continue;
              for (let fi = 0; fi < s.fg; fi++) {
                const at = flat(n, g * s.fg + fi, o);
                const wv = read(wAt(s, w, g, ci, fi, k), w.dtype);
                if (integer) sums[at] = (sums[at]! + Math.imul(xv, wv)) | 0;
                else {
                  sums[at] = sums[at]! + xv * wv;
                  scales[at] = scales[at]! + finiteMagnitude(xv * wv);
                  terms[at] = terms[at]! + 1;
                }
              }
            }
          }
        }
      }
    }
    return finish(s, dtype, outs, (n, c, o) => [sums[flat(n, c, o)]!, scales[flat(n, c, o)]!, terms[flat(n, c, o)]!]);
  }
  const pads = forwardPads(s);
  const outs = s.inputs.map((input, j) => Math.floor((input + pads[j]![0] + pads[j]![1] - s.dilations[j]! * (s.kernel[j]! - 1) - 1) / s.strides[j]!) + 1);
  return finish(s, dtype, outs, (n, c, o) => {
    const g = Math.floor(c / s.fg);
    const fi = c % s.fg;
    let sum = 0;
    let scale = 0;
    let terms = 0;
    for (const k of taps(s.kernel)) {
      const p = o.map((v, j) => v * s.strides[j]! + k[j]! * s.dilations[j]! - pads[j]![0]);
      const inside = p.every((v, j) => v >= 0 && v < s.inputs[j]!);
      for (let ci = 0; ci < s.cg; ci++) {
        const wv = read(wAt(s, w, g, ci, fi, k), w.dtype);
        // padding is a zero that multiplies its weight
        const xv = inside ? read(xAt(s, x, n, g * s.cg + ci, p), x.dtype) : 0;
        if (integer) sum = (sum + Math.imul(xv, wv)) | 0;
        else {
          sum += xv * wv;
          scale += finiteMagnitude(xv * wv);
          terms++;
        }
      }
    }
    return [sum, scale, terms];
  });
}

/** The result's shape and row-major values from `value(n, channel, spatial)`. */
function finish(s: Spec, dtype: DType, outs: number[], value: (n: number, c: number, o: number[]) => [number, number, number]) {
  const f = s.fg * s.groups;
  const shape = s.channelsFirst ? [s.n, f, ...outs] : [s.n, ...outs, f];
  const values: number[] = [];
  const scales: number[] = [];
  const terms: number[] = [];
  for (const index of multiIndices(shape)) {
    const [n, c, o] = s.channelsFirst ? [index[0]!, index[1]!, index.slice(2)] : [index[0]!, index[index.length - 1]!, index.slice(1, -1)];
    const [v, scale, count] = value(n, c, o);
    values.push(dtype === "uint8" ? v & 255 : v);
    scales.push(scale);
    terms.push(count);
  }
  return { shape, dtype, values, scales, terms };
}


/** A term's share of the sum's magnitude: its absolute value, none for an infinite or NaN term (whose sum is not finite either). */
const finiteMagnitude = (term: number): number => (Number.isFinite(term) ? Math.abs(term) : 0);

/**
 * Equal as integers; as floats, the same non-finite value or within rounding
 * of the sum's magnitude (of its finite terms): for float32, summed in
 * float32, the bound of test/support/rounding.ts for `terms` products adding
 * up to `scale` in magnitude.
 */
function close(got: number, want: number, scale: number, terms: number, dtype: DType): boolean {
  if (dtype === "int32" || dtype === "uint8") return got === want;
  // finite float32 terms reaching float32's largest value may overflow, in a product or a partial sum, into
  // Infinity or NaN (Infinity - Infinity) whatever the exact sum; a finite result is still within the bound
  if (dtype === "float32" && scale * (1 + gamma(terms, unitRoundoff("float32"))) >= FLOAT32_OVERFLOW) {
    return !Number.isFinite(got) || Math.abs(got - want) <= float32SumTolerance(terms, scale);
  }
  const expected = dtype === "float32" ? Math.fround(want) : want;
  if (Number.isNaN(expected) || Number.isNaN(got)) return Number.isNaN(expected) && Number.isNaN(got);
  if (!Number.isFinite(expected) || !Number.isFinite(got)) return got === expected;
  if (dtype === "float32") return Math.abs(got - want) <= float32SumTolerance(terms, scale);
  return Math.abs(got - want) <= 2 ** -50 * Math.max(scale, Math.abs(want)) + (got === 0 && want === 0 ? 0 : Number.MIN_VALUE);
}

/** Finite values for the transposes, whose holes multiply their weights (0 * Infinity) where the scattered reference has no term. */
const finite = fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(-0, 0.5, -2.5, 255, 65536)), { minLength: 1, maxLength: 64 });

const specArb: fc.Arbitrary<{ spec: Spec; options: Record<string, unknown>; x: Tensor; w: Tensor }> = fc
  .record({
    op: fc.constantFrom<OpName>("conv1d", "conv2d", "conv2d", "depthwiseConv2d", "conv2dTranspose"),
    channelsFirst: fc.boolean(),
    n: fc.integer({ min: 0, max: 2 }),
    inputs: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 2 }),
    kernel: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 2 }),
    strides: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 2 }),
    dilations: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 2, maxLength: 2 }),
    paddingKind: fc.constantFrom("valid", "same", "number", "pairs", "default"),
    paddingRolls: fc.array(fc.nat(3), { minLength: 4, maxLength: 4 }),
    groups: fc.integer({ min: 1, max: 3 }),
    cg: fc.integer({ min: 0, max: 3 }),
    fg: fc.integer({ min: 1, max: 3 }),
    perAxis: fc.boolean(),
    layoutGiven: fc.boolean(),
    outputRolls: fc.option(fc.array(fc.nat(2), { minLength: 2, maxLength: 2 }), { nil: undefined }),
  })
  .map((r) => {
    const spatial: 1 | 2 = r.op === "conv1d" ? 1 : 2;
    const cut = (list: number[]) => (r.perAxis ? list.slice(0, spatial) : list.slice(0, spatial).map(() => list[0]!));
    const padding: Padding =
      r.paddingKind === "number" ? r.paddingRolls[0]!
      : r.paddingKind === "pairs" ? Array.from({ length: spatial }, (_, j) => [r.paddingRolls[2 * j]!, r.paddingRolls[2 * j + 1]!] as [number, number])
      : r.paddingKind === "default" ? "valid"
      : (r.paddingKind as "valid" | "same");
    // depthwise: one channel per group, as many groups as channels
    const depthwise = r.op === "depthwiseConv2d";
    const spec: Spec = {
      op: r.op,
      spatial,
      channelsFirst: r.channelsFirst,
      n: r.n,
      inputs: r.inputs.slice(0, spatial),
      kernel: r.kernel.slice(0, spatial),
      strides: cut(r.strides),
      dilations: cut(r.dilations),
      padding,
      groups: depthwise ? Math.max(r.cg, 1) : r.groups,
      cg: depthwise ? 1 : r.cg,
      fg: r.fg,
    };
    // a transpose's outputPadding: each less than its axis's stride or dilation, one number for all axes unless perAxis
    const limits = spec.strides.map((stride, j) => Math.max(stride, spec.dilations[j]!));
    const outputPadding =
      r.op !== "conv2dTranspose" || r.outputRolls === undefined ? undefined
      : r.perAxis ? limits.map((limit, j) => r.outputRolls![j]! % limit)
      : limits.map(() => r.outputRolls![0]! % Math.min(...limits));
    const options: Record<string, unknown> = {};
    if (outputPadding !== undefined) options.outputPadding = r.perAxis ? outputPadding : outputPadding[0];
    if (r.strides.some((v) => v !== 1) || r.perAxis) options.strides = r.perAxis ? spec.strides : spec.strides[0];
    if (r.dilations.some((v) => v !== 1) || r.perAxis) options.dilations = r.perAxis ? spec.dilations : spec.dilations[0];
    if (r.paddingKind !== "default") options.padding = padding;
    if (!depthwise && (r.groups > 1 || r.perAxis)) options.groups = r.groups;
    if (r.layoutGiven || r.channelsFirst) options.layout = spatial === 2 ? (r.channelsFirst ? "NCHW" : "NHWC") : r.channelsFirst ? "NCW" : "NWC";
    return { spec: outputPadding === undefined ? spec : { ...spec, outputPadding }, options };
  })
  .filter(({ spec }) => {
    // shapes that fit (the misfits are tested below)
    if (spec.op === "conv2dTranspose") {
      if (spec.padding === "same") return true;
      const pads = Array.isArray(spec.padding) ? spec.padding : spec.inputs.map(() => (spec.padding === "valid" ? [0, 0] : [spec.padding, spec.padding]) as [number, number]);
      return spec.inputs.every((input, j) => input === 0 || (input - 1) * spec.strides[j]! + spec.dilations[j]! * (spec.kernel[j]! - 1) + 1 - pads[j]![0] - pads[j]![1] > 0);
    }
    const pads = forwardPads(spec);
    return spec.inputs.every((input, j) => input + pads[j]![0] + pads[j]![1] >= spec.dilations[j]! * (spec.kernel[j]! - 1) + 1);
  })
  .chain(({ spec, options }) => {
    const { x, w } = shapes(spec);
    const values = spec.op === "conv2dTranspose" ? finite : undefined;
    return fc.tuple(fc.constantFrom(...DTYPES), fc.constantFrom(...DTYPES)).chain(([dx, dw]) =>
      fc.record({ spec: fc.constant(spec), options: fc.constant(options), x: viewOf(x, dx, values), w: viewOf(w, dw, values) }),
    );
  });

describe("convolution", () => {
  it("gives the reference's values on random views, dtypes, layouts, strides, paddings, dilations and groups", () => {
    fc.assert(
      fc.property(specArb, ({ spec, options, x, w }) => {
        const result = ops[spec.op]!(x, w, options);
        const expected = reference(spec, x, w);
        expect(result.shape).toEqual(expected.shape);
        expect(result.dtype).toBe(expected.dtype);
        let i = 0;
        for (const index of multiIndices(result.shape)) {
          const got = at(result, index);
          if (!close(got, expected.values[i]!, expected.scales[i]!, expected.terms[i]!, expected.dtype)) expect([index, got]).toEqual([index, expected.values[i]]);
          i++;
        }
      }),
      { numRuns: 500 },
    );
  });

  it("runs larger products through the packed kernel's blocks (several panels of output positions and of filters)", () => {
    fc.assert(
      fc.property(
        fc.record({ layout: fc.constantFrom("NHWC", "NCHW"), h: fc.integer({ min: 9, max: 23 }), c: fc.integer({ min: 1, max: 9 }), f: fc.integer({ min: 1, max: 11 }), k: fc.integer({ min: 1, max: 4 }) }),
        ({ layout, h, c, f, k }) => {
          const spec: Spec = { op: "conv2d", spatial: 2, channelsFirst: layout === "NCHW", n: 2, inputs: [h, h + 3], kernel: [k, k], strides: [1, 1], dilations: [1, 1], padding: "same", groups: 1, cg: c, fg: f };
          const { x: xs, w: ws } = shapes(spec);
          const fill = (shape: number[], seed: number) => {
            const t = zeros(shape, "float64");
            const data = t.data as Float64Array;
            for (let i = 0; i < data.length; i++) data[i] = Math.sin(seed + i * 0.7);
            return t as Tensor;
          };
          const x = fill(xs, 1);
          const w = fill(ws, 2);
          const result = ops.conv2d!(x, w, { padding: "same", layout });
          const expected = reference(spec, x, w);
          const got = Array.from(multiIndices(result.shape), (i) => at(result, i));
          got.forEach((v, i) => {
            if (!close(v, expected.values[i]!, expected.scales[i]!, expected.terms[i]!, "float64")) expect([i, v]).toEqual([i, expected.values[i]]);
          });
        },
      ),
      { numRuns: 20 },
    );
  });

  it("reads views: a transposed x and a broadcast w give their contiguous copies' result", () => {
    const nchw = zeros([2, 3, 6, 5]);
    const data = nchw.data as Float32Array;
    for (let i = 0; i < data.length; i++) data[i] = (i % 7) - 3;
    // x as NHWC, through a permutation of an NCHW-laid buffer; w broadcast along its channels (stride 0)
    const x = transpose(nchw, [0, 2, 3, 1]);
    const row = zeros([3, 3, 1, 4]);
    (row.data as Float32Array).set(Array.from({ length: 36 }, (_, i) => (i % 5) - 2));
    const w = broadcastTo(row, [3, 3, 3, 4]);
    expect(x.isContiguous).toBe(false);
    expect(w.strides[2]).toBe(0);
    const copied = conv2d(clone(x), clone(w), { padding: "same" });
    expect(Array.from(conv2d(x, w, { padding: "same" }).data)).toEqual(Array.from(copied.data));
    expect(Array.from(depthwiseConv2d(x, clone(w)).data)).toEqual(Array.from(depthwiseConv2d(clone(x), clone(w)).data));
  });

  it("gives a ShapeError with the compiler's message (the same calls as in test-d) for channel, group, rank and window misfits", () => {
    const cases: [OpName, number[], number[], unknown, string][] = [
      ["conv2d", [8, 28, 28, 6], [3, 3, 4, 8], undefined, "conv2d: x has 6 channels but w has 4 on axis 2 (6 expected); x [8, 28, 28, 6], w [3, 3, 4, 8]"],
      ["conv2d", [8, 28, 28, 6], [3, 3, 3, 8], { groups: 4 }, "conv2d: x has 6 channels, not divisible by groups 4 (shape [8, 28, 28, 6])"],
      ["conv2d", [8, 28, 28, 6], [3, 3, 3, 7], { groups: 2 }, "conv2d: w has 7 filters, not divisible by groups 2 (shape [3, 3, 3, 7])"],
      ["conv2d", [8, 6, 28, 28], [8, 2, 3, 3], { groups: 2, layout: "NCHW" }, "conv2d: x has 6 channels but w has 2 on axis 1 (3 expected); x [8, 6, 28, 28], w [8, 2, 3, 3]"],
      ["conv2d", [28, 28, 1], [3, 3, 1, 8], undefined, "conv2d: x must have rank 4 (NHWC), got shape [28, 28, 1]"],
      ["conv2d", [1, 28, 28, 1], [3, 3, 8], undefined, "conv2d: w must have rank 4 (KH, KW, C / groups, F), got shape [3, 3, 8]"],
      ["conv2d", [1, 4, 9, 1], [5, 5, 1, 1], undefined, "conv2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])"],
      ["conv2d", [1, 9, 9, 1], [3, 3, 1, 1], { dilations: [1, 5] }, "conv2d: the window spans 11 but axis 2 is 9 with its padding (shape [1, 9, 9, 1])"],
      ["conv1d", [2, 3, 10], [4, 2, 3], { layout: "NCW" }, "conv1d: x has 3 channels but w has 2 on axis 1 (3 expected); x [2, 3, 10], w [4, 2, 3]"],
      ["conv1d", [2, 10, 3], [3, 3], undefined, "conv1d: w must have rank 3 (K, C / groups, F), got shape [3, 3]"],
      ["depthwiseConv2d", [1, 8, 8, 3], [3, 3, 4, 2], undefined, "depthwiseConv2d: x has 3 channels but w has 4 on axis 2 (3 expected); x [1, 8, 8, 3], w [3, 3, 4, 2]"],
      ["depthwiseConv2d", [1, 3, 8, 8], [7, 1, 3, 3], { layout: "NCHW" }, "depthwiseConv2d: w has 7 filters, not divisible by groups 3 (shape [7, 1, 3, 3])"],
      ["depthwiseConv2d", [1, 3, 8, 8], [6, 3, 3, 3], { layout: "NCHW" }, "depthwiseConv2d: x has 3 channels but w has 3 on axis 1 (1 expected); x [1, 3, 8, 8], w [6, 3, 3, 3]"],
      ["conv2dTranspose", [1, 7, 7, 8], [3, 3, 4, 6], undefined, "conv2dTranspose: x has 8 channels but w has 6 on axis 3 (8 expected); x [1, 7, 7, 8], w [3, 3, 4, 6]"],
      ["conv2dTranspose", [1, 8, 7, 7], [8, 4, 3, 3], { groups: 3, layout: "NCHW" }, "conv2dTranspose: x has 8 channels, not divisible by groups 3 (shape [1, 8, 7, 7])"],
      ["conv2dTranspose", [1, 1, 1, 2], [2, 2, 1, 2], { padding: [[1, 1], [0, 0]] }, "conv2dTranspose: padding 2 on axis 1 leaves no output of the 2 a full transpose gives (shape [1, 1, 1, 2])"],
    ];
    for (const [op, xs, ws, options, message] of cases) {
      const call = () => ops[op]!(zeros(xs), zeros(ws), options);
      expect(call).toThrow(ShapeError);
      expect(call).toThrow(message);
    }
  });

  it("names the argument that is wrong", () => {
    const x = zeros([1, 5, 5, 2]);
    const w = zeros([3, 3, 2, 4]);
    const call = (options: unknown, first: unknown = x, second: unknown = w) => () => conv2d(first as Tensor<[1, 5, 5, 2]>, second as never, options as never);
    expect(call({ strides: 0 })).toThrow(new RangeError("conv2d: strides must be an integer from 1 to 2147483647, got 0"));
    expect(call({ strides: [1, 2, 3] })).toThrow(new RangeError("conv2d: strides must be a number or 2 numbers (one per spatial axis), got 3"));
    expect(call({ dilations: [1, -1] })).toThrow(new RangeError("conv2d: dilations[1] must be an integer from 1 to 2147483647, got -1"));
    expect(call({ strides: "2" })).toThrow(TypeError);
    expect(call({ padding: "full" })).toThrow(new TypeError('conv2d: padding must be "valid", "same", a number or [[before, after], ...], got "full"'));
    expect(call({ padding: -1 })).toThrow(new RangeError("conv2d: padding must be an integer from 0 to 2147483647, got -1"));
    expect(call({ groups: 0 })).toThrow(new RangeError("conv2d: groups must be an integer from 1 to 2147483647, got 0"));
    expect(call({ groups: 1.5 })).toThrow(RangeError);
    expect(call({ layout: "NCW" })).toThrow(new TypeError('conv2d: layout must be "NHWC" or "NCHW", got "NCW"'));
    expect(call({ stride: 1 })).toThrow(new TypeError('conv2d: options field "stride" is not known (strides, padding, dilations, groups, layout)'));
    expect(call(5)).toThrow(new TypeError('conv2d: options must be an object such as { strides: 1, padding: "same" }, got number 5'));
    expect(call(undefined, [1, 2])).toThrow(TypeError);
    expect(call(undefined, [1, 2])).toThrow("conv2d: x");
    expect(call(undefined, x, "w")).toThrow(TypeError);
    expect(call(undefined, x, "w")).toThrow("conv2d: w");
    expect(call(undefined, x, zeros([0, 3, 2, 4]))).toThrow(new RangeError("conv2d: w's kernel sizes must be at least 1, got shape [0, 3, 2, 4]"));
    expect(() => depthwiseConv2d(zeros([1, 5, 5, 2]), zeros([3, 3, 2, 1]), { groups: 2 } as never)).toThrow(
      new TypeError('depthwiseConv2d: options field "groups" is not known (strides, padding, dilations, layout)'),
    );
    expect(call({ outputPadding: 1 })).toThrow(new TypeError('conv2d: options field "outputPadding" is not known (strides, padding, dilations, groups, layout)'));
  });

  it("checks a transpose's outputPadding: each a count below its axis's stride or dilation, as PyTorch and ONNX", () => {
    const x = zeros([1, 4, 4, 8]);
    const w = zeros([3, 3, 4, 8]);
    const call = (options: unknown) => () => conv2dTranspose(x, w, options as never);
    expect(call({ strides: 2, outputPadding: 2 })).toThrow(new RangeError("conv2dTranspose: outputPadding 2 on axis 1 must be less than its stride (2) or its dilation (1)"));
    expect(call({ strides: [2, 1], outputPadding: [1, 1] })).toThrow(new RangeError("conv2dTranspose: outputPadding 1 on axis 2 must be less than its stride (1) or its dilation (1)"));
    expect(call({ dilations: [1, 3], outputPadding: [0, 3] })).toThrow(new RangeError("conv2dTranspose: outputPadding 3 on axis 2 must be less than its stride (1) or its dilation (3)"));
    expect(call({ outputPadding: -1 })).toThrow(new RangeError("conv2dTranspose: outputPadding must be an integer from 0 to 2147483647, got -1"));
    expect(call({ outputPadding: [1] })).toThrow(new RangeError("conv2dTranspose: outputPadding must be a number or 2 numbers (one per spatial axis), got 1"));
    expect(call({ outputPadding: "1" })).toThrow(TypeError);
    expect(call({ strides: [2, 1], dilations: [1, 2], outputPadding: [1, 1] })).not.toThrow();
  });

  it("with outputPadding gives back the size a strided conv2d came from, which two input sizes share", () => {
    // 7 and 8 both give 4 under a stride-2 3x3 conv2d with padding 1; the transpose gives 7, and 8 with outputPadding 1
    for (const size of [7, 8]) {
      const forward = conv2d(zeros([1, size, size, 3]), zeros([3, 3, 3, 5]), { strides: 2, padding: 1 });
      expect(forward.shape).toEqual([1, 4, 4, 5]);
      const back = conv2dTranspose(forward, zeros([3, 3, 3, 5]), { strides: 2, padding: 1, outputPadding: size - 7 });
      expect(back.shape).toEqual([1, size, size, 3]);
    }
  });
});
