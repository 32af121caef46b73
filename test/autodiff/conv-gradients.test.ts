/**
 * The gradients of convolution and pooling against central finite differences
 * in float64, on random small shapes and every option the ops take: both
 * layouts, strides, dilations, every form of padding, groups, depthwise
 * multipliers, operands read through strided views (200 cases per family);
 * then gradients of gradients, float32, int32 operands and ties.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cast, grad, mul, permute, sum, tensor, type Tensor } from "../../src/index.js";
import * as lib from "../../src/index.js";
import { checkGradient, values } from "./check.js";

const RUNS = { numRuns: 200 };
type Loose = (...args: unknown[]) => Tensor;
const op = (name: string): Loose => (lib as unknown as Record<string, Loose>)[name]!;
const seedArb = fc.integer({ min: 1, max: 2 ** 30 });
const pair = (max: number): fc.Arbitrary<number[]> => fc.array(fc.integer({ min: 1, max }), { minLength: 2, maxLength: 2 });
type Padding = "valid" | "same" | number | [number, number][];
const pairsArb = fc.array(fc.tuple(fc.nat(2), fc.nat(2)), { minLength: 2, maxLength: 2 });
const paddingArb: fc.Arbitrary<Padding> = fc.oneof(fc.constant<Padding>("valid"), fc.constant<Padding>("same"), fc.nat(2), pairsArb);
/** The pairs of the first `count` axes (a padding of another form as it is). */
const firstPairs = (padding: Padding, count: number): Padding => (typeof padding === "object" ? padding.slice(0, count) : padding);

/** The reverse of an order: stored as `reversed(shape)`, read back through a permuted (strided) view. */
const reversedAxes = (rank: number): number[] => Array.from({ length: rank }, (_, i) => rank - 1 - i);

/** `shape`'s tensor, given to the check as stored (when `viewed`) in the reverse axis order, with the function that reads it back as a strided view. */
function operand(shape: number[], seed: number, viewed: boolean): { stored: Tensor; read: (t: Tensor) => Tensor } {
  if (!viewed) return { stored: values(shape, seed), read: (t) => t };
  const order = reversedAxes(shape.length);
  return { stored: values(order.map((axis) => shape[axis]!), seed), read: (t) => permute(t as never, order as never) as Tensor };
}

/** A convolution call: the op, x's and w's shapes, the options. */
interface ConvCase {
  op: "conv1d" | "conv2d" | "depthwiseConv2d";
  x: number[];
  w: number[];
  options: Record<string, unknown>;
}

const convCaseArb: fc.Arbitrary<ConvCase> = fc
  .record({
    op: fc.constantFrom<ConvCase["op"]>("conv1d", "conv2d", "depthwiseConv2d"),
    channelsFirst: fc.boolean(),
    batch: fc.integer({ min: 1, max: 2 }),
    spatial: pair(6),
    kernel: pair(3),
    strides: pair(2),
    dilations: pair(2),
    perAxis: fc.boolean(),
    padding: paddingArb,
    channels: fc.integer({ min: 1, max: 3 }),
    groupPick: fc.nat(3),
    perGroup: fc.integer({ min: 1, max: 2 }),
  })
  .map(({ op, channelsFirst, batch, spatial, kernel, strides, dilations, perAxis, padding, channels, groupPick, perGroup }) => {
    const count = op === "conv1d" ? 1 : 2;
    // one number for every axis, or one per axis
    const stride = (j: number): number => (perAxis ? strides[j]! : strides[0]!);
    const dilation = (j: number): number => (perAxis ? dilations[j]! : dilations[0]!);
    const pads = firstPairs(padding, count);
    const padOf = (j: number): [number, number] => (typeof pads === "number" ? [pads, pads] : Array.isArray(pads) ? pads[j]! : [0, 0]);
    // each axis large enough for the window (with its padding)
    const sizes = Array.from({ length: count }, (_, j) => {
      const span = dilation(j) * (kernel[j]! - 1) + 1;
      const [before, after] = padOf(j);
      return pads === "same" ? spatial[j]! : Math.max(spatial[j]!, span - before - after, 1);
    });
    const ks = kernel.slice(0, count);
    const divisors = [1, 2, 3].filter((d) => channels % d === 0);
    const groups = op === "depthwiseConv2d" ? 1 : divisors[groupPick % divisors.length]!;
    const filters = groups * perGroup;
    const x = channelsFirst ? [batch, channels, ...sizes] : [batch, ...sizes, channels];
    const w =
      op === "depthwiseConv2d" ? (channelsFirst ? [channels * perGroup, 1, ...ks] : [...ks, channels, perGroup])
      : channelsFirst ? [filters, channels / groups, ...ks]
      : [...ks, channels / groups, filters];
    const options: Record<string, unknown> = {
      strides: perAxis ? strides.slice(0, count) : strides[0],
      dilations: perAxis ? dilations.slice(0, count) : dilations[0],
      padding: pads,
    };
    if (op !== "depthwiseConv2d" && (groups > 1 || groupPick === 0)) options["groups"] = groups;
    if (channelsFirst) options["layout"] = count === 1 ? "NCW" : "NCHW";
    else if (groupPick === 1) options["layout"] = count === 1 ? "NWC" : "NHWC";
    return { op, x, w, options };
  });

/** A pooling call: the op, x's shape, the options. */
interface PoolCase {
  op: "maxPool2d" | "avgPool2d" | "maxPool1d" | "avgPool1d";
  x: number[];
  options: Record<string, unknown>;
}

const poolCaseArb: fc.Arbitrary<PoolCase> = fc
  .record({
    op: fc.constantFrom<PoolCase["op"]>("maxPool2d", "avgPool2d", "maxPool1d", "avgPool1d"),
    channelsFirst: fc.boolean(),
    batch: fc.integer({ min: 1, max: 2 }),
    spatial: pair(6),
    size: pair(3),
    strides: fc.option(pair(2), { nil: undefined }),
    perAxis: fc.boolean(),
    padding: paddingArb,
    channels: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ op, channelsFirst, batch, spatial, size, strides, perAxis, padding, channels }) => {
    const count = op.endsWith("1d") ? 1 : 2;
    const sizeOf = (j: number): number => (perAxis ? size[j]! : size[0]!);
    // padding smaller than the window on each side, as pooling requires
    const pads: Padding =
      typeof padding === "number" ? Math.min(padding, Math.min(...Array.from({ length: count }, (_, j) => sizeOf(j))) - 1)
      : typeof padding === "object" ? padding.slice(0, count).map(([before, after], j): [number, number] => [Math.min(before, sizeOf(j) - 1), Math.min(after, sizeOf(j) - 1)])
      : padding;
    const padOf = (j: number): [number, number] => (typeof pads === "number" ? [pads, pads] : Array.isArray(pads) ? pads[j]! : [0, 0]);
    const sizes = Array.from({ length: count }, (_, j) => {
      const [before, after] = padOf(j);
      return pads === "same" ? spatial[j]! : Math.max(spatial[j]!, sizeOf(j) - before - after, 1);
    });
    const x = channelsFirst ? [batch, channels, ...sizes] : [batch, ...sizes, channels];
    const options: Record<string, unknown> = { size: perAxis ? size.slice(0, count) : size[0], padding: pads };
    if (strides !== undefined) options["strides"] = perAxis ? strides.slice(0, count) : strides[0];
    if (channelsFirst) options["layout"] = count === 1 ? "NCW" : "NCHW";
    return { op, x, options };
  });

describe("convolution and pooling gradients agree with finite differences", () => {
  it("conv1d, conv2d and depthwiseConv2d: layouts, strides, dilations, padding, groups, multipliers, strided operands", () => {
    fc.assert(
      fc.property(convCaseArb, fc.boolean(), fc.boolean(), seedArb, (c, xViewed, wViewed, seed) => {
        const x = operand(c.x, seed, xViewed);
        const w = operand(c.w, seed + 1, wViewed);
        checkGradient(`${c.op} ${JSON.stringify(c)} views ${xViewed} ${wViewed}`, ([a, b]) => op(c.op)(x.read(a!), w.read(b!), c.options), [x.stored, w.stored]);
      }),
      RUNS,
    );
  });

  it("maxPool2d, avgPool2d, maxPool1d and avgPool1d: layouts, sizes, strides, padding, strided inputs", () => {
    fc.assert(
      fc.property(poolCaseArb, fc.boolean(), seedArb, (c, viewed, seed) => {
        // (values are all different: a max has no tie for finite differences to straddle)
        const x = operand(c.x, seed, viewed);
        checkGradient(`${c.op} ${JSON.stringify(c)} view ${viewed}`, ([a]) => op(c.op)(x.read(a!), c.options), [x.stored]);
      }),
      RUNS,
    );
  });

  it("gradients of gradients through convolutions (the backward ops have rules of their own)", () => {
    fc.assert(
      fc.property(convCaseArb, seedArb, (c, seed) => {
        const conv = op(c.op);
        checkGradient(
          `second order ${c.op} ${JSON.stringify(c)}`,
          ([x, w]) => {
            // d/dx and d/dw of sum(conv(x, w)^2): conv's backward ops, with both operands followed
            const dx = grad((v: Tensor) => sum(mul(conv(v, w, c.options), conv(v, w, c.options)) as never) as never)(x! as never) as Tensor;
            const dw = grad((u: Tensor) => sum(mul(conv(x, u, c.options), conv(x, u, c.options)) as never) as never)(w! as never) as Tensor;
            return lib.add(sum(mul(dx, dx) as never), sum(mul(dw, values(dw.shape, seed + 2)) as never)) as Tensor;
          },
          [values(c.x, seed), values(c.w, seed + 1)],
        );
      }),
      { numRuns: 40 },
    );
  });

  it("gradients of gradients through pooling", () => {
    fc.assert(
      fc.property(poolCaseArb, seedArb, (c, seed) => {
        const pool = op(c.op);
        checkGradient(
          `second order ${c.op} ${JSON.stringify(c)}`,
          ([x]) => {
            const dx = grad((v: Tensor) => sum(mul(pool(v, c.options), pool(v, c.options)) as never) as never)(x! as never) as Tensor;
            return mul(dx, dx) as Tensor;
          },
          [values(c.x, seed)],
        );
      }),
      { numRuns: 40 },
    );
  });
});

describe("convolution and pooling gradients: dtypes and ties", () => {
  const lossOf = (f: (t: Tensor[]) => Tensor, weights: Tensor) => (ts: Tensor[]) => sum(mul(f(ts), weights) as never) as never;

  it("float32 operands get float32 gradients, close to float64's", () => {
    const cases: [string, (ts: Tensor[]) => Tensor, number[][]][] = [
      ["conv2d NCHW groups 2", ([x, w]) => op("conv2d")(x, w, { layout: "NCHW", groups: 2, strides: 2, padding: "same" }), [[2, 4, 7, 6], [6, 2, 3, 3]]],
      ["depthwiseConv2d", ([x, w]) => op("depthwiseConv2d")(x, w, { padding: [[1, 0], [2, 1]], dilations: 2 }), [[1, 6, 6, 3], [2, 3, 3, 2]]],
      ["conv1d", ([x, w]) => op("conv1d")(x, w, { padding: 1 }), [[2, 9, 3], [3, 3, 4]]],
      ["maxPool2d", ([x]) => op("maxPool2d")(x, { size: 3, strides: 2, padding: "same" }), [[2, 7, 7, 3]]],
      ["avgPool1d", ([x]) => op("avgPool1d")(x, { size: 3, strides: 1, padding: "same", layout: "NCW" }), [[2, 3, 7]]],
    ];
    cases.forEach(([label, f, shapes], i) => {
      const inputs = shapes.map((shape, j) => values(shape, 100 * i + j));
      const out = f(inputs);
      const weights = values(out.shape, 3);
      const exact = grad(lossOf(f, weights))(inputs as never) as unknown as Tensor[];
      const single = grad(lossOf(f, cast(weights, "float32") as Tensor))(inputs.map((t) => cast(t, "float32") as Tensor) as never) as unknown as Tensor[];
      single.forEach((g, j) => {
        expect(g.dtype, label).toBe("float32");
        expect(g.shape, label).toEqual(shapes[j]);
        const a = g.toTypedArray();
        const b = exact[j]!.toTypedArray();
        for (let k = 0; k < a.length; k++) expect(Math.abs(a[k]! - b[k]!), `${label} [${k}]`).toBeLessThan(1e-4 * (1 + Math.abs(b[k]!)));
      });
    });
  });

  it("an int32 x of a float32 convolution counts as rounded to float32, as the forward op does", () => {
    const big = [16777217, -3, 2, 16777219, 5, 7, -16777217, 1, 0];
    const x = tensor(big, [1, 3, 3, 1], { dtype: "int32" }) as unknown as Tensor;
    const w = tensor([0.5, -1, 2, 0.25], [2, 2, 1, 1], { dtype: "float32" }) as unknown as Tensor;
    const loss = (k: Tensor, input: Tensor) => sum(op("conv2d")(input, k, { padding: "same" }) as never) as never;
    const fromInt = grad(loss)(w as never, x as never) as unknown as Tensor;
    const fromFloat = grad(loss)(w as never, cast(x, "float32") as never) as unknown as Tensor;
    expect(fromInt.dtype).toBe("float32");
    expect(Array.from(fromInt.toTypedArray())).toEqual(Array.from(fromFloat.toTypedArray()));
  });

  it("max pooling sends a tied window's gradient to its first largest element, as the forward pass picks it", () => {
    // windows of 2 x 2: [3, 1 / 3, 3] and [0, 1 / 2, 2], row-major
    const x = tensor([3, 1, 0, 1, 3, 3, 2, 2], [1, 2, 4, 1], { dtype: "float64" }) as unknown as Tensor;
    const g = grad((t: Tensor) => sum(op("maxPool2d")(t, { size: 2 }) as never) as never)(x as never) as unknown as Tensor;
    expect(Array.from(g.toTypedArray())).toEqual([1, 0, 0, 0, 0, 0, 1, 0]);
    const avg = grad((t: Tensor) => sum(op("avgPool2d")(t, { size: 2, strides: 1, padding: [[0, 1], [0, 0]] }) as never) as never)(x as never) as unknown as Tensor;
    // each element over the windows covering it: rows 0 and 1, columns by overlap (windows of 4, the last row of windows only 2)
    expect(Array.from(avg.toTypedArray())).toEqual([0.25, 0.5, 0.5, 0.25, 0.75, 1.5, 1.5, 0.75]);
  });
});
