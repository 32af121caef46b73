/**
 * Sizes computed from type parameters (types/size.ts) against the runtime:
 * generated generic functions, each a convolution or a pool over spatial and
 * channel sizes that are type parameters, with `"same"`, `"valid"`, a number
 * or `[before, after]` pairs of padding, strides and dilations, must compile
 * with no diagnostic inside them (the call is decided by structure), and,
 * called with concrete shapes, give the runtime's shape exactly: each
 * `CeilDiv<H, s>`, `Times<H, s>`, `Minus<H, k>`, `Plus<H, k>`, `Grown<H, k>` and
 * `FloorDiv<..., s>` becomes the number the runtime computes. Both layouts of
 * every op, a depthwise multiplier of 2 (`Times<C, 2>` channels) and every
 * padding and `outputPadding` of the transposed convolution. Every other
 * convolution's kernel sizes are type parameters too (`KH`, `KW`): its sizes
 * are then written with them (`Shift<H, 1, WindowSpan<KH, 1>>`, `H + 1 - KH`)
 * and become the runtime's numbers at the call.
 * Under TypeScript 6 (compiler API), 7 and 5.9 (tsd).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import type { Tensor } from "shapecast";
import { itAgreesWithRuntime } from "../support/calls.js";
import { tupleText as tuple } from "../support/cases.js";

const SEED = 20261128;
const CASES = 160;

type Padding = "same" | "valid" | number | readonly (readonly [number, number])[];

interface Case {
  readonly op: "conv2d" | "conv1d" | "depthwiseConv2d" | "conv2dTranspose" | "maxPool2d" | "avgPool2d" | "maxPool1d" | "avgPool1d";
  readonly channelsFirst: boolean;
  readonly spatial: readonly number[];
  readonly channels: number;
  readonly kernel: readonly number[];
  readonly filters: number;
  readonly strides: number | readonly number[];
  readonly padding: Padding;
  readonly dilations: number;
  /** conv2dTranspose's `outputPadding` (0 elsewhere). */
  readonly extra: number;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    op: fc.constantFrom("conv2d", "conv1d", "depthwiseConv2d", "conv2dTranspose", "maxPool2d", "avgPool2d", "maxPool1d", "avgPool1d"),
    channelsFirst: fc.boolean(),
    spatial: fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 2, maxLength: 2 }),
    channels: fc.integer({ min: 1, max: 4 }),
    kernel: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 2 }),
    filters: fc.integer({ min: 1, max: 5 }),
    strides: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 2 })),
    padding: fc.oneof(
      fc.constant<Padding>("same"),
      fc.constant<Padding>("valid"),
      fc.integer({ min: 0, max: 3 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), { minLength: 2, maxLength: 2 }),
    ),
    dilations: fc.integer({ min: 1, max: 2 }),
    extra: fc.integer({ min: 0, max: 2 }),
  })
  .map((c) => {
    const rank = c.op.endsWith("1d") ? 1 : 2;
    const first = c.channelsFirst;
    const pool = c.op.includes("Pool");
    // (pools have no dilations, and a pool's padding is smaller than its window on each side)
    const kernel = c.kernel.slice(0, rank);
    const most = (j: number) => (pool ? kernel[j]! - 1 : 3);
    const padding: Padding =
      typeof c.padding === "object" ? c.padding.slice(0, rank).map(([b, a], j) => [Math.min(b, most(j)), Math.min(a, most(j))] as const)
      : typeof c.padding === "number" ? Math.min(c.padding, ...kernel.map((_, j) => most(j)))
      : c.padding;
    const dilations = pool ? 1 : c.dilations;
    const strides = typeof c.strides === "number" ? c.strides : c.strides.slice(0, rank);
    const stride = (j: number) => (typeof strides === "number" ? strides : strides[j]!);
    // (with padding other than "same" a window larger than its axis throws, as does a transposed
    // convolution's padding that eats its whole output: the sizes are made to fit, 0 kept)
    const spatial = c.spatial.slice(0, rank).map((size, j) => {
      if (padding === "same") return size;
      const [before, after] = padding === "valid" ? [0, 0] : typeof padding === "number" ? [padding, padding] : padding[j]!;
      const span = dilations * (kernel[j]! - 1) + 1;
      if (c.op !== "conv2dTranspose") return Math.max(size, span - before - after);
      return size === 0 ? 0 : Math.max(size, Math.floor((before + after - span) / stride(j)) + 2);
    });
    // (outputPadding less than each axis's stride or dilation)
    const extra = c.op === "conv2dTranspose" ? Math.min(c.extra, ...kernel.map((_, j) => Math.max(stride(j), dilations) - 1)) : 0;
    return {
      ...c,
      channelsFirst: first,
      spatial,
      kernel,
      strides,
      padding,
      dilations,
      extra,
    } as Case;
  });

/** Transposed convolutions of empty axes whose size grows (`Grown`: an empty axis stays empty). */
const emptyGrowing: readonly Case[] = [
  { op: "conv2dTranspose", channelsFirst: false, spatial: [0, 5], channels: 2, kernel: [3, 3], filters: 3, strides: 1, padding: "valid", dilations: 1, extra: 0 },
  { op: "conv2dTranspose", channelsFirst: false, spatial: [4, 0], channels: 1, kernel: [4, 4], filters: 2, strides: 2, padding: 0, dilations: 1, extra: 1 },
  { op: "conv2dTranspose", channelsFirst: false, spatial: [0, 6], channels: 1, kernel: [3, 3], filters: 1, strides: [2, 3], padding: "same", dilations: 1, extra: 1 },
];
const cases = [...fc.sample(caseArb, { seed: SEED, numRuns: CASES }), ...emptyGrowing];
const sizeNames = ["H", "W"];

/** x's shape with the spatial sizes as written in the generic function (names) or at the call (numbers). */
function xShape(c: Case, spatial: readonly (string | number)[], channels: string | number): (string | number)[] {
  return c.channelsFirst ? [1, channels, ...spatial] : [1, ...spatial, channels];
}

/** w's shape, in x's layout; `channels` a name in the generic function, a number at the call. */
function wShape(c: Case, channels: string | number, kernel: readonly (string | number)[] = c.kernel): (string | number)[] | undefined {
  if (c.op.includes("Pool")) return undefined;
  // (depthwise: one filter per channel channels-first, w `[C, 1, KH, KW]` as PyTorch's groups = C;
  // a multiplier of 1 or 2 channels-last, giving `Times<C, 2>` channels)
  if (c.op === "depthwiseConv2d") return c.channelsFirst ? [channels, 1, ...kernel] : [...kernel, channels, 1 + (c.filters % 2)];
  if (c.op === "conv2dTranspose") return c.channelsFirst ? [channels, c.filters, ...kernel] : [...kernel, c.filters, channels];
  return c.channelsFirst ? [c.filters, channels, ...kernel] : [...kernel, channels, c.filters];
}

const options = (c: Case): string => {
  const layout = c.channelsFirst ? `, layout: "${c.op.endsWith("1d") ? "NCW" : "NCHW"}"` : "";
  const strides = typeof c.strides === "number" ? c.strides : `[${c.strides.join(", ")}]`;
  const size = c.op.includes("Pool") ? `size: ${c.kernel.length === 1 ? c.kernel[0] : `[${c.kernel.join(", ")}]`}, ` : "";
  const padding = typeof c.padding === "string" ? `"${c.padding}"` : typeof c.padding === "number" ? c.padding : `[${c.padding.map(([b, a]) => `[${b}, ${a}]`).join(", ")}]`;
  const dilations = c.dilations === 1 ? "" : `, dilations: ${c.dilations}`;
  const extra = c.extra === 0 ? "" : `, outputPadding: ${c.extra}`;
  return `{ ${size}strides: ${strides}, padding: ${padding}${dilations}${extra}${layout} }`;
};

/** The generic function of case i, declared in the header: its sizes are type parameters. */
/** Every other convolution names its kernel's sizes as type parameters too (`KH`, `KW`). */
const kernelNamed = (c: Case, i: number): boolean => !c.op.includes("Pool") && i % 2 === 0;

function generic(c: Case, i: number): string {
  const names = sizeNames.slice(0, c.spatial.length);
  const kernel = kernelNamed(c, i) ? ["KH", "KW"].slice(0, c.kernel.length) : c.kernel;
  const params = ["C", ...names, ...(kernelNamed(c, i) ? kernel : [])].map((n) => `${n} extends number`).join(", ");
  const w = wShape(c, "C", kernel);
  const args = `x: Tensor<${tuple(xShape(c, names, "C"))}, "float32">${w === undefined ? "" : `, w: Tensor<${tuple(w)}, "float32">`}`;
  return `function g${i}<${params}>(${args}) { return ${c.op}(x${w === undefined ? "" : ", w"}, ${options(c)}); }`;
}

/** The call of case i on concrete shapes. */
function call(c: Case, i: number): string {
  const w = wShape(c, c.channels);
  return `g${i}(zeros(${tuple(xShape(c, c.spatial, c.channels))})${w === undefined ? "" : `, zeros(${tuple(w)})`})`;
}

/** The runtime's shape for the same call. */
function runtimeShape(c: Case): readonly number[] {
  const op = (sc as unknown as Record<string, (...args: unknown[]) => Tensor>)[c.op]!;
  const w = wShape(c, c.channels) as number[] | undefined;
  const opts = Function(`return ${options(c)}`)() as unknown;
  const x = sc.zeros(xShape(c, c.spatial, c.channels) as number[]);
  return (w === undefined ? op(x, opts) : op(x, sc.zeros(w), opts)).shape;
}

const ops = [...new Set(cases.map((c) => c.op))].sort();
const header = (from: string) => [`import { ${ops.join(", ")}, zeros, type Tensor } from "${from}";`, ...cases.map(generic)].join("\n");
const runtime = cases.map(runtimeShape);

describe("symbolic sizes: generic convolutions and pools against the runtime", () => {
  it("cover every op, both layouts, every kind of padding, strides 1 to 3, dilations and empty axes", () => {
    expect(ops).toEqual(["avgPool1d", "avgPool2d", "conv1d", "conv2d", "conv2dTranspose", "depthwiseConv2d", "maxPool1d", "maxPool2d"]);
    expect(cases.some((c) => c.channelsFirst)).toBe(true);
    for (const op of ["depthwiseConv2d", "conv2dTranspose"]) {
      expect(cases.some((c) => c.op === op && c.channelsFirst) && cases.some((c) => c.op === op && !c.channelsFirst), op).toBe(true);
    }
    expect(cases.some((c) => c.op === "depthwiseConv2d" && !c.channelsFirst && c.filters % 2 === 1)).toBe(true);
    expect(cases.filter((c) => (typeof c.strides === "number" ? c.strides : Math.max(...c.strides)) > 1).length).toBeGreaterThan(40);
    expect(cases.some((c) => c.spatial.includes(0))).toBe(true);
    for (const kind of ["same", "valid", "number", "object"]) {
      expect(cases.filter((c) => (typeof c.padding === "string" ? c.padding : typeof c.padding) === kind).length, kind).toBeGreaterThan(15);
    }
    expect(cases.some((c) => c.dilations > 1 && c.padding !== "same")).toBe(true);
    const transposed = cases.filter((c) => c.op === "conv2dTranspose");
    for (const kind of ["same", "valid", "number", "object"]) {
      expect(transposed.some((c) => (typeof c.padding === "string" ? c.padding : typeof c.padding) === kind), `conv2dTranspose ${kind}`).toBe(true);
    }
    expect(transposed.some((c) => c.extra > 0 && c.padding !== "same") && transposed.some((c) => c.extra > 0 && c.padding === "same")).toBe(true);
    expect(transposed.some((c) => c.dilations > 1) && transposed.some((c) => c.spatial.includes(0))).toBe(true);
    for (const op of ["conv2d", "conv1d", "depthwiseConv2d", "conv2dTranspose"]) {
      expect(cases.filter((c, i) => c.op === op && kernelNamed(c, i)).length, op).toBeGreaterThan(3);
      expect(cases.some((c, i) => c.op === op && kernelNamed(c, i) && c.padding !== "same"), op).toBe(true);
    }
  });

  const calls = cases.map(call);

  itAgreesWithRuntime("symbolic-sizes", header, calls, runtime, (i) => generic(cases[i]!, i));
});
