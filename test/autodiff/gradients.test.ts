/**
 * Every differentiable op's gradient against central finite differences in
 * float64, on random shapes and every broadcast mode: 200 cases per family.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as lib from "../../src/index.js";
import { resolveBroadcastLayout } from "../../src/shape/broadcast.js";
import type { Tensor } from "../../src/tensor.js";
import { checkGradient, generator, values, type Values } from "./check.js";

const RUNS = { numRuns: 200 };
type Loose = (...args: unknown[]) => Tensor;
const op = (name: string): Loose => (lib as unknown as Record<string, Loose>)[name]!;

const dim = fc.integer({ min: 1, max: 3 });
const shapeArb = (min: number, max: number): fc.Arbitrary<number[]> => fc.array(dim, { minLength: min, maxLength: max });
const seedArb = fc.integer({ min: 1, max: 2 ** 30 });

/** Two shapes that broadcast under NumPy's rule: suffixes of one shape, some sizes set to 1. */
const numpyPairArb = fc
  .record({ shape: shapeArb(0, 4), aRank: fc.nat(4), bRank: fc.nat(4), aOnes: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), bOnes: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) })
  .map(({ shape, aRank, bRank, aOnes, bOnes }) => {
    const cut = (rank: number, ones: boolean[]): number[] => shape.slice(shape.length - Math.min(rank, shape.length)).map((d, i) => (ones[i] ? 1 : d));
    return { a: cut(aRank, aOnes), b: cut(bRank, bOnes) };
  });

/** A binary op call in one of the modes other than numpy, with shapes that fit it. */
const modeCaseArb = fc.oneof(
  // xla: the lower-rank operand's axes land on increasing axes of the higher one, degenerate (1) allowed
  fc
    .record({ high: shapeArb(1, 4), picks: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), ones: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), highFirst: fc.boolean() })
    .map(({ high, picks, ones, highFirst }) => {
      const dims = high.map((_, axis) => axis).filter((axis) => picks[axis]);
      const low = dims.map((axis, i) => (ones[i] ? 1 : high[axis]!));
      const spec = { mode: "xla", broadcastDimensions: dims };
      return low.length === high.length || low.length === 0
        ? { a: high, b: high, spec: { mode: "xla" } }
        : highFirst
          ? { a: high, b: low, spec }
          : { a: low, b: high, spec };
    }),
  // pdpd: b a run of a's axes from `axis`, some of its sizes 1
  fc
    .record({ a: shapeArb(1, 4), start: fc.nat(3), length: fc.nat(4), ones: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), trailingOne: fc.boolean() })
    .map(({ a, start, length, ones, trailingOne }) => {
      const from = Math.min(start, a.length);
      const b = a.slice(from, from + length).map((d, i) => (ones[i] ? 1 : d));
      const withOne = trailingOne && b.length > 0 && from + b.length < a.length ? [...b, 1] : b;
      return { a, b: withOne, spec: { mode: "pdpd", axis: from } };
    }),
  // none: equal shapes
  shapeArb(0, 3).map((shape) => ({ a: shape, b: shape, spec: { mode: "none" } })),
);

const BINARY: readonly { name: string; a: Values; b: Values }[] = [
  { name: "add", a: "any", b: "any" },
  { name: "sub", a: "any", b: "any" },
  { name: "mul", a: "any", b: "any" },
  { name: "div", a: "any", b: "any" },
  { name: "pow", a: "positive", b: "any" },
  { name: "maximum", a: "any", b: "any" },
  { name: "minimum", a: "any", b: "any" },
  { name: "mod", a: "positive", b: "positive" },
];

/**
 * Whether `mod`'s quotient stays clear of the integers, where `mod` jumps by the divisor: a
 * central difference across a jump measures the jump (`d/da` of 1 against `-12573` from
 * differences for `mod(1.3, 1.3 - 1e-7)`), not the derivative either side of it, so such draws
 * are discarded (`fc.pre`) rather than compared.
 */
function clearOfJumps(name: string, x: unknown, y: unknown, spec?: unknown): boolean {
  if (name !== "mod") return true;
  const quotient = (spec === undefined ? op("div")(x, y) : op("div")(x, y, spec)).toTypedArray() as Float64Array;
  return quotient.every((q) => Math.abs(q - Math.round(q)) > 1e-4);
}

describe("gradients agree with finite differences", () => {
  it("element-wise binary ops under NumPy broadcasting, and where", () => {
    fc.assert(
      fc.property(numpyPairArb, fc.nat(BINARY.length), seedArb, ({ a, b }, which, seed) => {
        if (which === BINARY.length) {
          const next = generator(seed);
          const cond = lib.tensor(Array.from({ length: b.reduce((p, d) => p * d, 1) }, () => next() < 0.5), b as never) as unknown as Tensor;
          checkGradient(`where ${JSON.stringify([a, b])}`, ([x, y]) => op("where")(cond, x, y), [values(a, seed), values(b, seed + 1)]);
          return;
        }
        const { name, a: ka, b: kb } = BINARY[which]!;
        const [x0, y0] = [values(a, seed, ka), values(b, seed + 1, kb)];
        fc.pre(clearOfJumps(name, x0, y0));
        checkGradient(`${name} ${JSON.stringify([a, b])}`, ([x, y]) => op(name)(x, y), [x0, y0]);
      }),
      RUNS,
    );
  });

  it("element-wise binary ops with a plain number on either side", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }), fc.nat(BINARY.length - 1), seedArb, fc.boolean(), fc.double({ min: 0.3, max: 2.5, noNaN: true }), (shape, which, seed, left, c) => {
        const { name, a: ka, b: kb } = BINARY[which]!;
        // the number takes the side's sign rule (pow's base, mod's operands positive); the tensor the other's
        const constant = (left ? ka : kb) === "any" && seed % 2 === 0 ? -c : c;
        const x = values(shape, seed, left ? kb : ka);
        fc.pre(left ? clearOfJumps(name, constant, x) : clearOfJumps(name, x, constant));
        checkGradient(`${left ? `${name}(${constant}, x)` : `${name}(x, ${constant})`} ${JSON.stringify(shape)}`, ([t]) => (left ? op(name)(constant, t) : op(name)(t, constant)), [x]);
      }),
      RUNS,
    );
  });

  it("pow at the edges: 0^y, x^0 at x = 0, a base of 1 or less, as JAX takes them", () => {
    const f64 = (data: number[]) => lib.tensor(data, { dtype: "float64" }) as unknown as Tensor;
    const g = (f: (t: Tensor) => Tensor, at: number[]) => Array.from((lib.grad((t: Tensor) => lib.sum(f(t)) as never)(f64(at) as never) as unknown as Tensor).toTypedArray() as Float64Array);
    expect(g((y) => op("pow")(0, y), [1, 2])).toEqual([0, 0]); // d/dy 0^y = 0 for y > 0
    expect(g((y) => op("pow")(2, y), [1, 3])).toEqual([2 * Math.log(2), 8 * Math.log(2)]);
    expect(g((y) => op("pow")(true, y), [1])).toEqual([0]); // a bool base is 1
    expect(g((x) => op("pow")(x, 0), [0, 3])).toEqual([0, 0]); // x^0 is 1 everywhere
    expect(g((x) => op("pow")(x, f64([0, 2])), [0, 0])).toEqual([0, 0]);
    expect(g((x) => op("pow")(x, 3), [0, 2])).toEqual([0, 12]);
  });

  it("element-wise binary ops in the xla, pdpd and none modes", () => {
    fc.assert(
      fc.property(modeCaseArb, fc.nat(BINARY.length - 1), seedArb, ({ a, b, spec }, which, seed) => {
        resolveBroadcastLayout("check", a, b, spec); // the case is one the mode accepts
        const { name, a: ka, b: kb } = BINARY[which]!;
        const [x0, y0] = [values(a, seed, ka), values(b, seed + 1, kb)];
        fc.pre(clearOfJumps(name, x0, y0, spec));
        checkGradient(`${name} ${JSON.stringify([a, b, spec])}`, ([x, y]) => op(name)(x, y, spec), [x0, y0]);
      }),
      RUNS,
    );
  });

  it("broadcastTo in its numpy, bidirectional and explicit modes", () => {
    const caseArb = fc.oneof(
      numpyPairArb.map(({ a, b }) => ({ input: a, target: lib.broadcastShapes(a, b) as number[], spec: undefined as unknown })),
      numpyPairArb.map(({ a, b }) => ({ input: a, target: b, spec: { mode: "bidirectional" } as unknown })),
      fc.record({ target: shapeArb(1, 4), picks: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), ones: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) }).map(({ target, picks, ones }) => {
        const axes = target.map((_, axis) => axis).filter((axis) => picks[axis]);
        return { input: axes.map((axis, i) => (ones[i] ? 1 : target[axis]!)), target, spec: { mode: "explicit", axesMapping: axes } as unknown };
      }),
    );
    fc.assert(
      fc.property(caseArb, seedArb, ({ input, target, spec }, seed) => {
        checkGradient(`broadcastTo ${JSON.stringify([input, target, spec])}`, ([x]) => op("broadcastTo")(x, target, spec), [values(input, seed)]);
      }),
      RUNS,
    );
  });

  it("element-wise unary ops and activations", () => {
    const UNARY: readonly [string, Values, unknown[]][] = [
      ["neg", "any", []], ["abs", "any", []], ["sqrt", "positive", []], ["exp", "any", []], ["log", "positive", []],
      ["sin", "any", []], ["cos", "any", []], ["tanh", "any", []], ["sigmoid", "any", []], ["relu", "any", []],
      ["silu", "any", []], ["softplus", "any", []], ["logSigmoid", "any", []], ["erf", "any", []], ["gelu", "any", []],
      ["gelu", "any", [{ approximate: "tanh" }]], ["leakyRelu", "any", [0.2]], ["elu", "any", [0.7]], ["clip", "any", [-0.5, 0.5]],
      ["cast", "any", ["float64"]], ["clone", "any", []],
    ];
    fc.assert(
      fc.property(shapeArb(0, 3), fc.nat(UNARY.length - 1), seedArb, (shape, which, seed) => {
        const [name, kind, extra] = UNARY[which]!;
        checkGradient(`${name} ${JSON.stringify(shape)}`, ([x]) => op(name)(x, ...extra), [values(shape, seed, kind)]);
      }),
      RUNS,
    );
  });

  it("reductions, softmax and logSoftmax over random axes", () => {
    const REDUCE: readonly [string, Values][] = [
      ["sum", "any"], ["mean", "any"], ["max", "any"], ["min", "any"], ["prod", "any"], ["logSumExp", "any"], ["variance", "any"], ["std", "any"],
    ];
    fc.assert(
      fc.property(shapeArb(1, 3), fc.nat(REDUCE.length + 1), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), fc.boolean(), seedArb, (shape, which, picks, keepDims, seed) => {
        const axes = shape.map((_, axis) => axis).filter((axis) => picks[axis]);
        const x = values(shape, seed);
        if (which >= REDUCE.length) {
          const name = which === REDUCE.length ? "softmax" : "logSoftmax";
          const axis = axes[0] ?? -1;
          checkGradient(`${name} ${JSON.stringify(shape)} axis ${axis}`, ([t]) => op(name)(t, axis), [x]);
          return;
        }
        const [name] = REDUCE[which]!;
        const axis = axes.length === 0 ? undefined : axes.length === 1 && keepDims ? axes[0] : axes.map((a) => a - shape.length);
        const options = name === "variance" || name === "std" ? { keepDims, ddof: seed % 2 } : { keepDims };
        // (std's gradient at a spread of 0, a single element, is sqrt's at 0: not finite)
        const reduced = shape.filter((_, i) => axis === undefined || axes.includes(i)).reduce((p, d) => p * d, 1);
        if ((name === "variance" || name === "std") && reduced <= options.ddof! + (name === "std" ? 1 : 0)) return;
        checkGradient(`${name} ${JSON.stringify(shape)} axis ${JSON.stringify(axis)} ${JSON.stringify(options)}`, ([t]) => op(name)(t, axis, options), [x]);
      }),
      RUNS,
    );
  });

  it("matmul with batch broadcasting and 1-D operands, dot and outer", () => {
    const caseArb = fc.record({ m: dim, k: dim, n: dim, batch: numpyPairArb, aVector: fc.boolean(), bVector: fc.boolean(), kind: fc.nat(5) });
    fc.assert(
      fc.property(caseArb, seedArb, ({ m, k, n, batch, aVector, bVector, kind }, seed) => {
        if (kind === 5) {
          checkGradient(`outer ${m} ${n}`, ([x, y]) => op("outer")(x, y), [values([m], seed), values([n], seed + 1)]);
          return;
        }
        const a = aVector ? [k] : [...batch.a, m, k];
        const b = bVector ? [k] : [...batch.b, k, n];
        const name = kind === 4 ? "dot" : "matmul";
        checkGradient(`${name} ${JSON.stringify([a, b])}`, ([x, y]) => op(name)(x, y), [values(a, seed), values(b, seed + 1)]);
      }),
      RUNS,
    );
  });

  it("views: reshape, flatten, permute, transpose, expandDims, squeeze, slice", () => {
    fc.assert(
      fc.property(shapeArb(1, 4), fc.nat(6), seedArb, (shape, which, seed) => {
        const next = generator(seed);
        const pick = (n: number): number => Math.floor(next() * n);
        const x = values(shape, seed);
        const rank = shape.length;
        let f: (t: Tensor) => Tensor;
        let label: string;
        switch (which) {
          case 0: {
            const target = [...shape].reverse();
            target[pick(rank)] = -1;
            f = (t) => op("reshape")(t, target);
            label = `reshape to ${JSON.stringify(target)}`;
            break;
          }
          case 1: {
            const start = pick(rank);
            f = (t) => op("flatten")(op("transpose")(t), start);
            label = `flatten of the transpose from ${start}`;
            break;
          }
          case 2: {
            const order = shape.map((_, axis) => axis).sort(() => next() - 0.5);
            f = (t) => op("permute")(t, order);
            label = `permute ${JSON.stringify(order)}`;
            break;
          }
          case 3: {
            const at = pick(rank + 1);
            const across = new Array<number>(rank + 1).fill(1);
            across[at] = 2;
            f = (t) => op("mul")(op("expandDims")(t, at), values(across, seed + 2));
            label = `expandDims ${at}, broadcast`;
            break;
          }
          case 4: {
            const withOnes = shape.flatMap((d) => (next() < 0.5 ? [d, 1] : [d]));
            f = (t) => op("squeeze")(op("reshape")(t, withOnes));
            label = `squeeze of ${JSON.stringify(withOnes)}`;
            break;
          }
          default: {
            const specs = shape.map((d) => {
              const r = next();
              if (r < 0.25) return pick(d);
              if (r < 0.5) return null;
              const step = next() < 0.5 ? 1 : next() < 0.5 ? 2 : -1;
              const start = pick(d);
              return step > 0 ? { start, stop: start + 1 + pick(d - start), step } : { start: d - 1 - start, step };
            });
            f = (t) => op("slice")(op("slice")(t, ...specs), ...new Array<null>(0));
            label = `slice ${JSON.stringify(specs)}`;
          }
        }
        checkGradient(`${label} of ${JSON.stringify(shape)}`, ([t]) => f(t!), [x]);
      }),
      RUNS,
    );
  });

  it("joins, splits and copies: concat, stack, split, pad, tile, gather, take", () => {
    fc.assert(
      fc.property(shapeArb(1, 3), fc.nat(6), seedArb, (shape, which, seed) => {
        const next = generator(seed);
        const pick = (n: number): number => Math.floor(next() * n);
        const rank = shape.length;
        const axis = pick(rank);
        const x = values(shape, seed);
        const other = [...shape];
        other[axis] = 1 + pick(3);
        const y = values(other, seed + 1);
        const indices = Array.from({ length: 1 + pick(4) }, () => pick(shape[axis]!) - (next() < 0.3 ? shape[axis]! : 0));
        const widths = shape.map(() => [pick(2), pick(2)]);
        const reps = Array.from({ length: 1 + pick(rank + 1) }, () => 1 + pick(2));
        const cases: [string, (ts: Tensor[]) => Tensor, Tensor[]][] = [
          [`concat axis ${axis}`, ([a, b]) => op("concat")([a, b, a], axis - rank), [x, y]],
          [`stack axis ${axis}`, ([a, b]) => op("stack")([a, b], axis), [x, values(shape, seed + 2)]],
          [`split axis ${axis}`, ([a]) => { const parts = op("split")(a, [1, shape[axis]! - 1], axis) as unknown as Tensor[]; return op("mul")(parts[0], 3); }, [x]],
          [`pad`, ([a]) => op("pad")(a, widths, 0.5), [x]],
          [`tile`, ([a]) => op("tile")(a, reps), [x]],
          [`gather ${JSON.stringify(indices)} axis ${axis}`, ([a]) => op("gather")(a, indices, axis), [x]],
          [`take ${JSON.stringify(indices)}`, ([a]) => op("take")(a, lib.tensor(indices.map((i) => Math.abs(i) % x.size), { dtype: "int32" })), [x]],
        ];
        const [label, f, inputs] = cases[which]!;
        if (which === 2 && shape[axis]! < 2) return;
        checkGradient(`${label} of ${JSON.stringify(shape)}`, f, inputs);
      }),
      RUNS,
    );
  });

  it("tril and triu: the kept triangle of the gradient, at any diagonal", () => {
    fc.assert(
      fc.property(shapeArb(2, 4), fc.integer({ min: -4, max: 4 }), fc.boolean(), seedArb, (shape, k, upper, seed) => {
        const name = upper ? "triu" : "tril";
        // (times a second input, so the gradient reaching the triangle is not all ones)
        const y = values(shape, seed + 1);
        checkGradient(`${name} ${JSON.stringify(shape)} k ${k}`, ([t]) => op("mul")(op(name)(t, k), y), [values(shape, seed)]);
      }),
      RUNS,
    );
  });

  it("resize and upsample: nearest sums the gradient of the outputs that copied a pixel, bilinear spreads it by the weights; and a second order", () => {
    const caseArb = fc.record({
      spatial: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
      channels: fc.integer({ min: 1, max: 2 }),
      channelsFirst: fc.boolean(),
      up: fc.boolean(),
      mode: fc.constantFrom("nearest", "bilinear"),
      coordinates: fc.constantFrom("half-pixel", "align-corners", "asymmetric"),
    });
    fc.assert(
      fc.property(caseArb, seedArb, ({ spatial: [h, w, a, b], channels, channelsFirst, up, mode, coordinates }, seed) => {
        const shape = channelsFirst ? [2, channels, h!, w!] : [2, h!, w!, channels];
        const options = { mode, coordinates, layout: channelsFirst ? "NCHW" : "NHWC" };
        const resized = (t: Tensor) => (up ? op("upsample")(t, [1 + (a! % 3), 1 + (b! % 3)], options) : op("resize")(t, [a!, b!], options));
        const label = `${up ? "upsample" : "resize"} ${JSON.stringify({ shape, a, b, ...options })}`;
        checkGradient(label, ([t]) => resized(t!), [values(shape, seed)]);
        checkGradient(
          `second order ${label}`,
          ([t]) => {
            const dx = lib.grad((v: Tensor) => op("sum")(op("mul")(resized(v), resized(v))) as never)(t! as never) as unknown as Tensor;
            return op("mul")(dx, dx);
          },
          [values(shape, seed + 1)],
        );
      }),
      { numRuns: 100 },
    );
  });

  it("repeat: the sum of the gradient over each element's copies, a count or one per element, on an axis or flattened", () => {
    fc.assert(
      fc.property(
        shapeArb(0, 3),
        fc.integer({ min: -3, max: 2 }),
        fc.constantFrom("count", "list", "flat count", "flat list"),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 27, maxLength: 27 }),
        seedArb,
        (shape, roll, how, draws, seed) => {
          const rank = Math.max(shape.length, 1);
          // (an axis in [-rank, rank): a scalar has one, as [1])
          const axis = how.startsWith("flat") ? undefined : roll >= 0 ? roll % rank : -1 - ((-1 - roll) % rank);
          const n = axis === undefined ? shape.reduce((p, d) => p * d, 1) : (shape[axis < 0 ? axis + rank : axis] ?? 1);
          const repeats = how.endsWith("list") ? draws.slice(0, n) : draws[0]!;
          checkGradient(`repeat ${JSON.stringify(shape)} by ${JSON.stringify(repeats)} axis ${axis}`, ([t]) => op("repeat")(t, repeats, axis), [values(shape, seed)]);
        },
      ),
      RUNS,
    );
  });

  it("cumulative sums and products, sort and topk, along an axis or flattened", () => {
    fc.assert(
      fc.property(shapeArb(1, 3), fc.nat(3), fc.boolean(), fc.boolean(), fc.boolean(), seedArb, (shape, which, exclusive, reverse, flat, seed) => {
        const rank = shape.length;
        const axis = seed % rank;
        const x = values(shape, seed);
        if (which <= 1) {
          const name = which === 0 ? "cumsum" : "cumprod";
          const along = flat ? undefined : axis - (seed % 2 === 0 ? 0 : rank);
          const options = { exclusive, reverse };
          checkGradient(`${name} ${JSON.stringify(shape)} axis ${along} ${JSON.stringify(options)}`, ([t]) => op(name)(t, along, options), [x]);
          return;
        }
        if (which === 2) {
          const options = { axis, descending: exclusive };
          checkGradient(`sort ${JSON.stringify(shape)} ${JSON.stringify(options)}`, ([t]) => op("mul")(op("sort")(t, options), values(shape, seed + 1)), [x]);
          return;
        }
        const k = 1 + (seed % shape[axis]!);
        checkGradient(`topk ${k} ${JSON.stringify(shape)} axis ${axis}`, ([t]) => (op("topk")(t, k, { axis }) as unknown as { values: Tensor }).values, [x]);
      }),
      RUNS,
    );
  });

  it("normalisations: layerNorm, rmsNorm, batchNorm (both layouts)", () => {
    fc.assert(
      fc.property(shapeArb(2, 4), fc.nat(3), seedArb, (shape, which, seed) => {
        const rank = shape.length;
        if (which <= 1) {
          const axis = -1 - (seed % Math.min(2, rank));
          const tail = shape.slice(rank + axis);
          const options = { axis, epsilon: 1e-3 };
          if (which === 0) {
            checkGradient(`layerNorm ${JSON.stringify(shape)} axis ${axis}`, ([x, g, b]) => op("layerNorm")(x, g, b, options), [values(shape, seed), values(tail, seed + 1), values(tail, seed + 2)]);
          } else {
            checkGradient(`rmsNorm ${JSON.stringify(shape)} axis ${axis}`, ([x, g]) => op("rmsNorm")(x, g, options), [values(shape, seed), values(tail, seed + 1)]);
          }
          return;
        }
        const layout = which === 2 ? "NHWC" : "NCHW";
        const channels = layout === "NHWC" ? shape[rank - 1]! : shape[1]!;
        const params = [values([channels], seed + 1), values([channels], seed + 2, "positive"), values([channels], seed + 3), values([channels], seed + 4)];
        checkGradient(`batchNorm ${layout} ${JSON.stringify(shape)}`, ([x, m, v, g, b]) => op("batchNorm")(x, m, v, g, b, { layout }), [values(shape, seed), ...params]);
      }),
      RUNS,
    );
  });
});

describe("max and min at ties", () => {
  it("share the gradient equally among the tied elements, so a broadcast value's gradient is not counted once per copy", () => {
    const f64 = (data: number[]) => lib.tensor(data, { dtype: "float64" }) as unknown as Tensor;
    const g = (f: (t: Tensor) => Tensor, at: number[]) => Array.from((lib.grad((t: Tensor) => lib.sum(f(t)) as never)(f64(at) as never) as unknown as Tensor).toTypedArray() as Float64Array);
    // found by the gradient fuzz suite: max of a value broadcast to three copies
    expect(g((m) => op("max")(op("broadcastTo")(m, [3, 2]), 0), [2, 5])).toEqual([1, 1]);
    expect(g((t) => op("max")(t), [1, 3, 3, 2])).toEqual([0, 0.5, 0.5, 0]);
    expect(g((t) => op("min")(t, 0, { keepDims: true }), [4, 4, 4])).toEqual([1 / 3, 1 / 3, 1 / 3]);
    // and against finite differences where there is no tie
    checkGradient("max without ties", ([t]) => op("max")(t, 1), [values([2, 3], 11)]);
  });
});

describe("prod where elements are 0", () => {
  it("gives each element the product of the others over the reduced axes, 0 included, never NaN", () => {
    fc.assert(
      fc.property(shapeArb(1, 3), seedArb, fc.nat(3), fc.boolean(), (shape, seed, zeros, keepDims) => {
        const size = shape.reduce((p, d) => p * d, 1);
        const next = generator(seed);
        const data = Array.from({ length: size }, () => (next() < 0.5 ? -1 : 1) * (0.5 + next()));
        for (let k = 0; k < zeros; k++) data[Math.floor(next() * size)] = 0;
        const x = lib.tensor(data, shape as never, { dtype: "float64" }) as unknown as Tensor;
        const axes = shape.map((_, axis) => axis).filter(() => next() < 0.5);
        const g = Array.from((lib.grad((t: Tensor) => lib.sum(op("prod")(t, axes, { keepDims })) as never)(x as never) as Tensor).toTypedArray() as Float64Array);
        // the reference: for each element, the product of the others in its slice (the elements that agree with it off the reduced axes)
        const index = (flat: number): number[] => shape.map((_, axis) => Math.floor(flat / shape.slice(axis + 1).reduce((p, d) => p * d, 1)) % shape[axis]!);
        for (let i = 0; i < size; i++) {
          const at = index(i);
          let others = 1;
          for (let j = 0; j < size; j++) {
            const bt = index(j);
            if (j !== i && at.every((v, axis) => axes.includes(axis) || bt[axis] === v)) others *= data[j]!;
          }
          expect(Math.abs(g[i]! - others)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(others)));
        }
      }),
      RUNS,
    );
  });
});
