/**
 * A window over a map that was scaled up: `upsample` or a `"same"` transposed convolution by a
 * scale `s` gives `Times<H, s>`, and a pool or a convolution at stride `s` of that gives
 * `FloorDiv<Times<H, s>, s>` or `CeilDiv<Times<H, s>, s>`, which is `H` (types/size.ts). Drawn
 * generic functions (a UNet's decoder, scaled up and down again, both layouts, every pool and
 * convolution that strides) must compile with no diagnostic: where the stride is the scale on
 * both axes the function concatenates the result with its input along the channels, which
 * compiles only if the sizes came back as `H` and `W` themselves. Called on concrete shapes,
 * each gives the runtime's shape, under TypeScript 6, 7 and 5.9 (strides other than the scale
 * included, whose sizes stay expressions until the call).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import type { Tensor } from "shapecast";
import { itAgreesWithRuntime } from "../support/calls.js";
import { tupleText as tuple } from "../support/cases.js";

const SEED = 20261129;
const CASES = 60;

type Scale = number | readonly [number, number];

interface Case {
  readonly up: "upsample" | "conv2dTranspose";
  readonly down: "maxPool2d" | "avgPool2d" | "poolBySize" | "conv2dSame" | "conv2dPatches" | "depthwiseSame";
  readonly channelsFirst: boolean;
  readonly spatial: readonly [number, number];
  readonly channels: number;
  readonly scale: Scale;
  /** The down window's stride: the scale itself, or another drawn one. */
  readonly stride: Scale;
  /** The kernel of a transposed or `"same"` convolution, and whether a pool pads to `"same"`. */
  readonly kernel: number;
  readonly samePool: boolean;
}

const scaleArb: fc.Arbitrary<Scale> = fc.oneof(fc.integer({ min: 1, max: 3 }), fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })));

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    up: fc.constantFrom("upsample", "conv2dTranspose"),
    down: fc.constantFrom("maxPool2d", "avgPool2d", "poolBySize", "conv2dSame", "conv2dPatches", "depthwiseSame"),
    channelsFirst: fc.boolean(),
    // (at least 3, so that a window as wide as a stride of 3 fits a map scaled by 1)
    spatial: fc.tuple(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 3, max: 9 })),
    channels: fc.integer({ min: 1, max: 3 }),
    scale: scaleArb,
    other: scaleArb,
    matched: fc.boolean(),
    kernel: fc.integer({ min: 1, max: 4 }),
    samePool: fc.boolean(),
  })
  .map(({ other, matched, ...c }) => ({
    ...c,
    // (`maxPool2d(y, s)` takes a single number for its window)
    scale: c.down === "poolBySize" && typeof c.scale !== "number" ? c.scale[0] : c.scale,
    stride: matched ? undefined : c.down === "poolBySize" && typeof other !== "number" ? other[0] : other,
    samePool: c.down === "poolBySize" ? false : c.samePool,
    // (the shorthand pool takes the default layout, NHWC)
    channelsFirst: c.down === "poolBySize" ? false : c.channelsFirst,
  }))
  .map((c) => ({ ...c, stride: c.stride ?? c.scale }));

const perAxis = (s: Scale): readonly [number, number] => (typeof s === "number" ? [s, s] : s);
const scaleText = (s: Scale): string => (typeof s === "number" ? `${s}` : `[${s[0]}, ${s[1]}]`);
/** Whether the down window's stride is the scale on both axes: the sizes come back as they were. */
const restores = (c: Case): boolean => perAxis(c.scale).join() === perAxis(c.stride).join();

const cases = fc.sample(caseArb, { seed: SEED, numRuns: CASES });
const FILTERS = 5;

/** A shape in the case's layout from (N, C, H, W). */
const inLayout = (c: Case, n: string | number, ch: string | number, h: string | number, w: string | number): (string | number)[] =>
  c.channelsFirst ? [n, ch, h, w] : [n, h, w, ch];
const kernelShape = (c: Case, out: string | number, inChannels: string | number, k: number): (string | number)[] =>
  c.channelsFirst ? [out, inChannels, k, k] : [k, k, inChannels, out];

/** The weights of the up and down steps, as written in the generic function (names) or at the call (numbers). */
function weights(c: Case, ch: string | number): { up?: (string | number)[]; down?: (string | number)[] } {
  // (a transposed kernel in x's layout: [in, out, k, k] channels first, [k, k, out, in] channels last)
  const up = c.up === "conv2dTranspose" ? (c.channelsFirst ? [ch, ch, c.kernel, c.kernel] : [c.kernel, c.kernel, ch, ch]) : undefined;
  const [sh] = perAxis(c.stride);
  const down =
    c.down === "conv2dSame" ? kernelShape(c, FILTERS, ch, c.kernel)
    : c.down === "conv2dPatches" ? (c.channelsFirst ? [FILTERS, ch, sh, perAxis(c.stride)[1]] : [sh, perAxis(c.stride)[1], ch, FILTERS])
    : c.down === "depthwiseSame" ? (c.channelsFirst ? [ch, 1, c.kernel, c.kernel] : [c.kernel, c.kernel, ch, 1])
    : undefined;
  return { up, down };
}

const layoutOf = (c: Case): string => (c.channelsFirst ? `layout: "NCHW"` : `layout: "NHWC"`);

function upStep(c: Case): string {
  return c.up === "upsample"
    ? `upsample(x, ${scaleText(c.scale)}, { mode: "nearest", ${layoutOf(c)} })`
    : `conv2dTranspose(x, u, { strides: ${scaleText(c.scale)}, padding: "same", ${layoutOf(c)} })`;
}

function downStep(c: Case): string {
  const stride = scaleText(c.stride);
  const padding = c.samePool ? `, padding: "same"` : "";
  switch (c.down) {
    case "maxPool2d":
    case "avgPool2d":
      return `${c.down}(y, { size: ${stride}${padding}, ${layoutOf(c)} })`;
    case "poolBySize":
      return `maxPool2d(y, ${stride})`;
    case "conv2dSame":
      return `conv2d(y, d, { strides: ${stride}, padding: "same", ${layoutOf(c)} })`;
    case "conv2dPatches":
      return `conv2d(y, d, { strides: ${stride}, ${layoutOf(c)} })`;
    case "depthwiseSame":
      return `depthwiseConv2d(y, d, { strides: ${stride}, padding: "same", ${layoutOf(c)} })`;
  }
}

/** The generic function of case i: sizes N, C, H and W are type parameters. */
function generic(c: Case, i: number): string {
  const { up, down } = weights(c, "C");
  const x = `x: Tensor<${tuple(inLayout(c, "N", "C", "H", "W"))}, "float32">`;
  const args = [x, ...(up === undefined ? [] : [`u: Tensor<${tuple(up)}, "float32">`]), ...(down === undefined ? [] : [`d: Tensor<${tuple(down)}, "float32">`])];
  const channelAxis = c.channelsFirst ? 1 : 3;
  const result = restores(c) ? `concat([z, x], ${channelAxis})` : "z";
  return `function g${i}<N extends number, C extends number, H extends number, W extends number>(${args.join(", ")}) { const y = ${upStep(c)}; const z = ${downStep(c)}; return ${result}; }`;
}

function call(c: Case, i: number): string {
  const { up, down } = weights(c, c.channels);
  const x = `zeros(${tuple(inLayout(c, 2, c.channels, ...c.spatial))})`;
  return `g${i}(${[x, ...[up, down].flatMap((w) => (w === undefined ? [] : [`zeros(${tuple(w)})`]))].join(", ")})`;
}

/** The runtime's shape for the same steps. */
function runtimeShape(c: Case): readonly number[] {
  const { up, down } = weights(c, c.channels) as { up?: number[]; down?: number[] };
  const x = sc.zeros(inLayout(c, 2, c.channels, ...c.spatial) as number[]);
  const run = Function("sc", "x", "u", "d", `with (sc) { const y = ${upStep(c)}; const z = ${downStep(c)}; return ${restores(c) ? `concat([z, x], ${c.channelsFirst ? 1 : 3})` : "z"}; }`) as (
    ...args: unknown[]
  ) => Tensor;
  return run(sc, x, up === undefined ? undefined : sc.zeros(up), down === undefined ? undefined : sc.zeros(down)).shape;
}

const header = (from: string) =>
  [`import { concat, conv2d, conv2dTranspose, depthwiseConv2d, maxPool2d, avgPool2d, upsample, zeros, type Tensor } from "${from}";`, ...cases.map(generic)].join("\n");
const runtime = cases.map(runtimeShape);

describe("symbolic sizes: a window at stride s over a map scaled up by s has the map's sizes", () => {
  it("cover both up steps, every down step, both layouts, restoring and other strides", () => {
    for (const up of ["upsample", "conv2dTranspose"]) expect(cases.some((c) => c.up === up && restores(c)), up).toBe(true);
    for (const down of ["maxPool2d", "avgPool2d", "poolBySize", "conv2dSame", "conv2dPatches", "depthwiseSame"]) {
      expect(cases.some((c) => c.down === down && restores(c) && perAxis(c.scale).some((s) => s > 1)), down).toBe(true);
    }
    expect(cases.filter(restores).length).toBeGreaterThan(20);
    expect(cases.filter((c) => !restores(c)).length).toBeGreaterThan(10);
    expect(cases.some((c) => c.channelsFirst) && cases.some((c) => !c.channelsFirst)).toBe(true);
    expect(cases.some((c) => c.samePool && restores(c))).toBe(true);
  });

  itAgreesWithRuntime("rescale", header, cases.map(call), runtime, (i) => generic(cases[i]!, i));
});
