/**
 * The gradients of `einsum` and `conv2dTranspose` against central finite
 * differences in float64: einsum on random subscripts (one to three operands,
 * implicit and explicit outputs, letters of one operand alone, repeated
 * letters, "..." with fewer axes and size-1 broadcasts, operands read through
 * strided views) and conv2dTranspose on random geometries (both layouts,
 * strides, dilations, every form of padding, output padding, groups), 200
 * cases each; then gradients of gradients, float32 and integer operands.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as lib from "../../src/index.js";
import { cast, grad, mul, permute, sum, tensor, type Tensor } from "../../src/index.js";
import { checkGradient, values } from "./check.js";

const RUNS = { numRuns: 200 };
type Loose = (...args: unknown[]) => Tensor;
const op = (name: string): Loose => (lib as unknown as Record<string, Loose>)[name]!;
const einsum = op("einsum");
const conv2dTranspose = op("conv2dTranspose");
const seedArb = fc.integer({ min: 1, max: 2 ** 30 });

/** The reverse of an order: stored as `reversed(shape)`, read back through a permuted (strided) view. */
const reversedAxes = (rank: number): number[] => Array.from({ length: rank }, (_, i) => rank - 1 - i);

/** `shape`'s tensor, given to the check as stored (when `viewed`) in the reverse axis order, with the function that reads it back as a strided view. */
function operand(shape: number[], seed: number, viewed: boolean): { stored: Tensor; read: (t: Tensor) => Tensor } {
  if (!viewed || shape.length < 2) return { stored: values(shape, seed), read: (t) => t };
  const order = reversedAxes(shape.length);
  return { stored: values(order.map((axis) => shape[axis]!), seed), read: (t) => permute(t as never, order as never) as Tensor };
}

// ---------------------------------------------------------------- einsum

/** An einsum call: subscripts and the operands' shapes. */
interface EinsumCase {
  subscripts: string;
  shapes: number[][];
}

const LETTERS = "abcde";

/** One operand drawn: its letters (indices into LETTERS, repeats allowed), whether it has "..." and where, its "..." axes (a suffix of the broadcast ones, some set to 1). */
const operandArb = fc.record({
  letters: fc.array(fc.nat(LETTERS.length - 1), { minLength: 0, maxLength: 3 }),
  dots: fc.boolean(),
  dotsAt: fc.nat(3),
  dotsRank: fc.nat(2),
  ones: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
});

const einsumCaseArb: fc.Arbitrary<EinsumCase> = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: LETTERS.length, maxLength: LETTERS.length }),
    ellipsis: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 2 }),
    operands: fc.array(operandArb, { minLength: 1, maxLength: 3 }),
    explicit: fc.boolean(),
    keep: fc.array(fc.boolean(), { minLength: LETTERS.length, maxLength: LETTERS.length }),
    order: fc.array(fc.nat(), { minLength: LETTERS.length, maxLength: LETTERS.length }),
    outDotsAt: fc.nat(3),
  })
  .map(({ sizes, ellipsis, operands, explicit, keep, order, outDotsAt }) => {
    const subs: string[] = [];
    const shapes: number[][] = [];
    let anyDots = false;
    for (const o of operands) {
      const letters = o.letters.map((k) => LETTERS[k]!);
      const shape = o.letters.map((k) => sizes[k]!);
      if (!o.dots) {
        subs.push(letters.join(""));
        shapes.push(shape);
        continue;
      }
      anyDots = true;
      const rank = Math.min(o.dotsRank, ellipsis.length);
      const mid = ellipsis.slice(ellipsis.length - rank).map((d, j) => (o.ones[j] ? 1 : d));
      const at = Math.min(o.dotsAt, letters.length);
      subs.push(`${letters.slice(0, at).join("")}...${letters.slice(at).join("")}`);
      shapes.push([...shape.slice(0, at), ...mid, ...shape.slice(at)]);
    }
    const inputs = subs.join(",");
    if (!explicit) return { subscripts: inputs, shapes };
    // the output: some of the letters used, in a random order, "..." somewhere when an operand has it
    const used = [...new Set(operands.flatMap((o) => o.letters))];
    const out = used
      .filter((k) => keep[k])
      .sort((a, b) => order[a]! - order[b]! || a - b)
      .map((k) => LETTERS[k]!);
    if (anyDots) out.splice(Math.min(outDotsAt, out.length), 0, "...");
    return { subscripts: `${inputs}->${out.join("")}`, shapes };
  });

describe("einsum's gradient agrees with finite differences", () => {
  it("random subscripts: implicit and explicit outputs, letters of one operand alone, diagonals, \"...\" broadcasts, strided operands", () => {
    fc.assert(
      fc.property(einsumCaseArb, fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), seedArb, (c, viewed, seed) => {
        const operands = c.shapes.map((shape, i) => operand(shape, seed + i, viewed[i]!));
        checkGradient(
          `einsum ${JSON.stringify(c)} views ${JSON.stringify(viewed)}`,
          (xs) => einsum(c.subscripts, ...xs.map((x, i) => operands[i]!.read(x))),
          operands.map((o) => o.stored),
        );
      }),
      RUNS,
    );
  });

  it("the named cases: matmul, batched, trace, diagonal, outer, a letter of one operand alone, broadcast \"...\", one operand used twice", () => {
    const cases: [string, number[][]][] = [
      ["ij,jk->ik", [[2, 3], [3, 4]]],
      ["bij,bjk->bik", [[2, 2, 3], [2, 3, 2]]],
      ["ii", [[3, 3]]],
      ["ii->i", [[3, 3]]],
      ["iji->ij", [[2, 3, 2]]],
      ["i,j->ij", [[3], [2]]],
      ["ij,k->i", [[2, 3], [4]]],
      ["ijk->", [[2, 3, 2]]],
      ["...ij,...jk->...ik", [[2, 1, 2, 3], [3, 3, 2]]],
      ["...i,i", [[1, 3, 2], [2]]],
      ["i...,i->...", [[2, 3, 1], [2]]],
      ["...,...->...", [[2, 1], [3]]],
      ["ab,ba,b->a", [[2, 3], [3, 2], [3]]],
    ];
    cases.forEach(([subscripts, shapes], n) => {
      const inputs = shapes.map((shape, i) => values(shape, 10 * n + i));
      checkGradient(`einsum ${subscripts}`, (xs) => einsum(subscripts, ...xs), inputs);
    });
    // the same tensor as both operands: the two gradients add up
    const x = values([3, 3], 5);
    checkGradient("einsum ij,jk->ik of x by x", ([a]) => einsum("ij,jk->ik", a, a), [x]);
    checkGradient("einsum ij,ij-> of x by x", ([a]) => einsum("ij,ij->", a, a), [x]);
  });

  it("gradients of gradients through einsum (its rule is written with einsum itself)", () => {
    fc.assert(
      fc.property(einsumCaseArb, seedArb, (c, seed) => {
        const inputs = c.shapes.map((shape, i) => values(shape, seed + i));
        checkGradient(
          `second order einsum ${JSON.stringify(c)}`,
          (xs) => {
            // the gradient of sum(einsum(...)^2) with respect to every operand, then a function of it
            const inner = (ps: Tensor[]): Tensor => {
              const e = einsum(c.subscripts, ...ps);
              return sum(mul(e, e) as never) as Tensor;
            };
            const ds = grad(inner as never)(xs as never) as unknown as Tensor[];
            return ds.reduce<Tensor>((total, d, i) => lib.add(total, sum(mul(mul(d, d), values(d.shape, seed + 10 + i)) as never)) as Tensor, lib.zeros([], "float64") as Tensor);
          },
          inputs,
        );
      }),
      { numRuns: 40 },
    );
  });

  it("a Hessian-vector product through a bilinear form: d/dx of <grad_x(x^T A x), v> is (A + A^T) v", () => {
    const a = values([3, 3], 1);
    const v = values([3], 2);
    const x = values([3], 3);
    const hv = grad((t: Tensor) => {
      const g = grad((u: Tensor) => einsum("i,ij,j->", u, a, u) as never)(t as never) as unknown as Tensor;
      return sum(mul(g, v) as never) as never;
    })(x as never) as unknown as Tensor;
    const A = a.toTypedArray() as Float64Array;
    const V = v.toTypedArray() as Float64Array;
    const expected = [0, 1, 2].map((i) => [0, 1, 2].reduce((s, j) => s + (A[i * 3 + j]! + A[j * 3 + i]!) * V[j]!, 0));
    const got = Array.from(hv.toTypedArray());
    got.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 12));
  });

  it("float32 operands get float32 gradients; an integer operand is a constant read as the forward op reads it", () => {
    const a = values([2, 3], 1);
    const b = values([3, 4], 2);
    const loss = (w: Tensor) => (ps: Tensor[]) => sum(mul(einsum("ij,jk->ik", ...ps), w) as never) as never;
    const w = values([2, 4], 3);
    const exact = grad(loss(w))([a, b] as never) as unknown as Tensor[];
    const single = grad(loss(cast(w, "float32") as Tensor))([cast(a, "float32"), cast(b, "float32")] as never) as unknown as Tensor[];
    single.forEach((g, j) => {
      expect(g.dtype).toBe("float32");
      const s = g.toTypedArray();
      const e = exact[j]!.toTypedArray();
      for (let k = 0; k < s.length; k++) expect(Math.abs(s[k]! - e[k]!)).toBeLessThan(1e-5 * (1 + Math.abs(e[k]!)));
    });
    const ints = tensor([1, -2, 3, 0, 5, 7], [3, 2], { dtype: "int32" }) as unknown as Tensor;
    const x = values([2, 3], 4);
    const viaInt = grad((t: Tensor) => sum(einsum("ij,jk->ik", t, ints) as never) as never)(x as never) as unknown as Tensor;
    const viaFloat = grad((t: Tensor) => sum(einsum("ij,jk->ik", t, cast(ints, "float64")) as never) as never)(x as never) as unknown as Tensor;
    expect(viaInt.dtype).toBe("float64");
    expect(Array.from(viaInt.toTypedArray())).toEqual(Array.from(viaFloat.toTypedArray()));
  });

  it("empty operands and sizes of 0 give empty or zero gradients", () => {
    const a = values([0, 3], 1);
    const b = values([3, 2], 2);
    const [da, db] = grad((ps: Tensor[]) => sum(einsum("ij,jk->ik", ...ps) as never) as never)([a, b] as never) as unknown as Tensor[];
    expect(da!.shape).toEqual([0, 3]);
    expect(Array.from(db!.toTypedArray())).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

// ---------------------------------------------------------------- conv2dTranspose

type Padding = "valid" | "same" | number | [number, number][];

/** A conv2dTranspose call: x's and w's shapes, the options. */
interface TransposeCase {
  x: number[];
  w: number[];
  options: Record<string, unknown>;
}

const pair = (min: number, max: number): fc.Arbitrary<number[]> => fc.array(fc.integer({ min, max }), { minLength: 2, maxLength: 2 });

const transposeCaseArb: fc.Arbitrary<TransposeCase> = fc
  .record({
    channelsFirst: fc.boolean(),
    namedLayout: fc.boolean(),
    batch: fc.integer({ min: 1, max: 2 }),
    spatial: pair(1, 4),
    kernel: pair(1, 3),
    strides: pair(1, 3),
    dilations: pair(1, 2),
    perAxis: fc.boolean(),
    padding: fc.oneof(
      fc.constant<Padding>("valid"),
      fc.constant<Padding>("same"),
      fc.nat(3),
      fc.array(fc.tuple(fc.nat(3), fc.nat(3)), { minLength: 2, maxLength: 2 }),
    ),
    extras: pair(0, 2),
    withExtra: fc.boolean(),
    channels: fc.integer({ min: 1, max: 4 }),
    groupPick: fc.nat(3),
    perGroup: fc.integer({ min: 1, max: 2 }),
  })
  .map(({ channelsFirst, namedLayout, batch, spatial, kernel, strides, dilations, perAxis, padding, extras, withExtra, channels, groupPick, perGroup }) => {
    const stride = (j: number): number => (perAxis ? strides[j]! : strides[0]!);
    const dilation = (j: number): number => (perAxis ? dilations[j]! : dilations[0]!);
    // a full transpose spans (in - 1) * stride + span; explicit padding must leave at least one cell
    const full = (j: number): number => (spatial[j]! - 1) * stride(j) + dilation(j) * (kernel[j]! - 1) + 1;
    const pads: Padding =
      typeof padding === "number" ? Math.min(padding, ...[0, 1].map((j) => Math.floor((full(j) - 1) / 2)))
      : typeof padding === "object" ? padding.map(([before, after], j): [number, number] => {
          const b = Math.min(before, full(j) - 1);
          return [b, Math.min(after, full(j) - 1 - b)];
        })
      : padding;
    // output padding below the stride or the dilation of its axis
    const extra = (j: number): number => extras[j]! % Math.max(stride(j), dilation(j));
    const divisors = [1, 2, 3, 4].filter((d) => channels % d === 0);
    const groups = divisors[groupPick % divisors.length]!;
    const x = channelsFirst ? [batch, channels, ...spatial] : [batch, ...spatial, channels];
    const w = channelsFirst ? [channels, perGroup, ...kernel] : [...kernel, perGroup, channels];
    const options: Record<string, unknown> = {
      strides: perAxis ? strides : strides[0],
      dilations: perAxis ? dilations : dilations[0],
      padding: pads,
    };
    if (withExtra) options["outputPadding"] = perAxis ? [extra(0), extra(1)] : Math.min(extra(0), extra(1));
    if (groups > 1 || groupPick === 0) options["groups"] = groups;
    if (channelsFirst) options["layout"] = "NCHW";
    else if (namedLayout) options["layout"] = "NHWC";
    return { x, w, options };
  });

describe("conv2dTranspose's gradient agrees with finite differences", () => {
  it("both layouts, strides, dilations, every padding, output padding, groups, strided operands", () => {
    fc.assert(
      fc.property(transposeCaseArb, fc.boolean(), fc.boolean(), seedArb, (c, xViewed, wViewed, seed) => {
        const x = operand(c.x, seed, xViewed);
        const w = operand(c.w, seed + 1, wViewed);
        checkGradient(`conv2dTranspose ${JSON.stringify(c)} views ${xViewed} ${wViewed}`, ([a, b]) => conv2dTranspose(x.read(a!), w.read(b!), c.options), [x.stored, w.stored]);
      }),
      RUNS,
    );
  });

  it("output padding past the cells x reaches (by a stride or more), and padding past the kernel's span", () => {
    const cases: [number[], number[], Record<string, unknown>][] = [
      [[1, 3, 2, 2], [3, 2, 1, 2], { strides: 1, dilations: 3, outputPadding: 2 }],
      [[1, 2, 3, 1], [2, 3, 2, 1], { strides: [1, 2], dilations: [3, 3], outputPadding: [2, 2], padding: "same" }],
      [[2, 2, 4, 3], [2, 1, 2, 2], { layout: "NCHW", strides: 2, padding: [[3, 0], [0, 4]], groups: 2 }],
      [[1, 2, 2, 2], [2, 2, 1, 2], { layout: "NCHW", strides: 1, dilations: 2, outputPadding: 1, padding: [[0, 0], [1, 0]] }],
      // a kernel of 1 on H: "same" pads nothing, and the output padding is a cell no element of x reaches
      [[1, 3, 2, 2], [1, 2, 2, 2], { strides: 2, padding: "same", outputPadding: 1 }],
    ];
    cases.forEach(([xs, ws, options], n) => {
      checkGradient(`conv2dTranspose ${JSON.stringify([xs, ws, options])}`, ([x, w]) => conv2dTranspose(x, w, options), [values(xs, 3 * n), values(ws, 3 * n + 1)]);
    });
  });

  it("gradients of gradients through conv2dTranspose (its backward ops have rules of their own)", () => {
    fc.assert(
      fc.property(transposeCaseArb, seedArb, (c, seed) => {
        checkGradient(
          `second order conv2dTranspose ${JSON.stringify(c)}`,
          ([x, w]) => {
            const square = (t: Tensor): Tensor => sum(mul(t, t) as never) as Tensor;
            const dx = grad((v: Tensor) => square(conv2dTranspose(v, w, c.options)) as never)(x! as never) as unknown as Tensor;
            const dw = grad((u: Tensor) => square(conv2dTranspose(x, u, c.options)) as never)(w! as never) as unknown as Tensor;
            return lib.add(square(dx), sum(mul(dw, values(dw.shape, seed + 2)) as never)) as Tensor;
          },
          [values(c.x, seed), values(c.w, seed + 1)],
        );
      }),
      { numRuns: 40 },
    );
  });

  it("float32 operands get float32 gradients, close to float64's; an int32 operand counts as rounded to float32", () => {
    const options = { strides: 2, padding: "same", outputPadding: 1, layout: "NCHW", groups: 2 };
    const x = values([2, 4, 3, 3], 1);
    const w = values([4, 2, 3, 3], 2);
    const weights = values(conv2dTranspose(x, w, options).shape, 3);
    const lossOf = (t: Tensor) => (ps: Tensor[]) => sum(mul(conv2dTranspose(ps[0], ps[1], options), t) as never) as never;
    const exact = grad(lossOf(weights))([x, w] as never) as unknown as Tensor[];
    const single = grad(lossOf(cast(weights, "float32") as Tensor))([cast(x, "float32"), cast(w, "float32")] as never) as unknown as Tensor[];
    single.forEach((g, j) => {
      expect(g.dtype).toBe("float32");
      const s = g.toTypedArray();
      const e = exact[j]!.toTypedArray();
      for (let k = 0; k < s.length; k++) expect(Math.abs(s[k]! - e[k]!)).toBeLessThan(1e-4 * (1 + Math.abs(e[k]!)));
    });
    const big = [16777217, -3, 2, 16777219, 5, 7, -16777217, 1, 0];
    const xi = tensor(big, [1, 3, 3, 1], { dtype: "int32" }) as unknown as Tensor;
    const k = tensor([0.5, -1, 2, 0.25], [2, 2, 1, 1], { dtype: "float32" }) as unknown as Tensor;
    const loss = (kernel: Tensor, input: Tensor) => sum(conv2dTranspose(input, kernel, { strides: 2 }) as never) as never;
    const fromInt = grad(loss)(k as never, xi as never) as unknown as Tensor;
    const fromFloat = grad(loss)(k as never, cast(xi, "float32") as never) as unknown as Tensor;
    expect(fromInt.dtype).toBe("float32");
    expect(Array.from(fromInt.toTypedArray())).toEqual(Array.from(fromFloat.toTypedArray()));
  });

  it("the gradient of x is the conv2d it transposes, applied to g", () => {
    // conv2dTranspose is conv2d's gradient of its input: <conv2dTranspose(x, w), y> = <x, conv2d(y, w)>
    const x = values([1, 3, 3, 2], 1);
    const w = values([2, 2, 3, 2], 2);
    const options = { strides: 2, padding: [[1, 0], [0, 1]] as [number, number][] };
    const y = values(conv2dTranspose(x, w, options).shape, 3);
    const dx = grad((t: Tensor) => sum(mul(conv2dTranspose(t, w, options), y) as never) as never)(x as never) as unknown as Tensor;
    const direct = op("conv2d")(y, w, options);
    expect(direct.shape).toEqual(dx.shape);
    const a = dx.toTypedArray();
    const b = direct.toTypedArray();
    for (let k = 0; k < a.length; k++) expect(a[k]!).toBeCloseTo(b[k]!, 12);
  });

  it("an empty x or result gives empty or zero gradients", () => {
    const x = values([0, 3, 3, 2], 1);
    const w = values([2, 2, 3, 2], 2);
    const [dx, dw] = grad((ps: Tensor[]) => sum(conv2dTranspose(ps[0], ps[1], { strides: 2 }) as never) as never)([x, w] as never) as unknown as Tensor[];
    expect(dx!.shape).toEqual([0, 3, 3, 2]);
    expect(dw!.shape).toEqual([2, 2, 3, 2]);
    expect(Array.from(dw!.toTypedArray()).every((v) => v === 0)).toBe(true);
  });
});
