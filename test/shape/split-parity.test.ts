/**
 * reshape's split of a last axis before a trailing -1 (`[...front, d]` to `[...front, k, -1]`,
 * `LastSplitParts` in types/reshape.ts) and its merge back (`MergedSize` of `[k, ExactDiv<d,
 * k>]`, types/size.ts), against the runtime:
 * - on literal shapes, every call gives the runtime's shape, or its message as the error (a `k`
 *   that does not divide `d`, a `k` of 0, a kept size of 0);
 * - in generic functions over the front and the split size (`[B, D]` to `[b, k, -1]` with `k` a
 *   literal, and `[b, h, -1]` with `h` a type parameter too), the split, the merge back by -1
 *   and by `flatten` compile with no diagnostic, and each call on concrete shapes gives the
 *   runtime's shape, under TypeScript 6 (compiler API), 7 and 5.9 (tsd).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flatten, reshape, zeros } from "shapecast";
import { evaluateCalls, itAgreesWithRuntime } from "../support/calls.js";
import { tupleText as tuple } from "../support/cases.js";

const SEED = 20261129;
const size = fc.constantFrom(0, 1, 2, 3, 4, 6, 7, 12, 64, 768);
const literalCases = fc.sample(
  fc.record({ front: fc.array(fc.constantFrom(0, 1, 2, 3), { maxLength: 2 }), d: size, k: size }),
  { seed: SEED, numRuns: 120 },
);

/** The runtime's shape, or its message. */
function runtime(run: () => { shape: readonly number[] }): { shape: readonly number[] } | { error: string } {
  try {
    return { shape: run().shape };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("reshape: a last axis split before a trailing -1, on literal shapes", () => {
  const lines = literalCases.map(({ front, d, k }, i) => `export const r${i} = reshape(zeros(${tuple([...front, d])}), ${tuple([...front, k, -1])});`);
  const results = evaluateCalls("__split_literal__.ts", `import { reshape, zeros } from "../src/index.js";`, lines, lines.map((_, i) => `r${i}`));
  const expected = literalCases.map(({ front, d, k }) => runtime(() => reshape(zeros([...front, d]), [...front, k, -1])));

  it("covers splits that fit and splits the runtime refuses (k not dividing d, k of 0, a kept 0)", () => {
    expect(expected.filter((r) => "shape" in r).length).toBeGreaterThan(30);
    expect(expected.filter((r) => "error" in r).length).toBeGreaterThan(30);
    expect(literalCases.some(({ front, d, k }) => front.includes(0) && k > 0 && d % k === 0)).toBe(true);
  });

  it("gives the runtime's shape, or its message as the call's error", () => {
    const problems = literalCases.flatMap((c, i) => {
      const want = expected[i]!;
      const got = results[i]!;
      const same =
        "shape" in want
          ? got.diagnostics.length === 0 && JSON.stringify(got.type) === JSON.stringify({ shapes: [want.shape] })
          : got.diagnostics.length === 1 && got.diagnostics[0]!.includes(`'"${want.error}"'`);
      return same ? [] : [`${lines[i]}\n  runtime ${JSON.stringify(want)}, types ${JSON.stringify(got)}`];
    });
    expect(problems.slice(0, 10).join("\n")).toBe("");
  });
});

/** Generic splits: `[B, D]` by a literal `k`, or by `h: H`; each merged back by -1 and by flatten. */
interface GenericCase {
  readonly b: number;
  readonly d: number;
  readonly k: number;
  readonly byParameter: boolean;
  readonly merge: "none" | "minusOne" | "flatten";
}
const genericCases: GenericCase[] = fc
  .sample(
    fc.record({
      b: fc.constantFrom(1, 2, 3),
      k: fc.constantFrom(1, 2, 3, 4, 8, 12),
      times: fc.constantFrom(0, 1, 2, 5, 64),
      byParameter: fc.boolean(),
      merge: fc.constantFrom<GenericCase["merge"]>("none", "minusOne", "flatten"),
    }),
    { seed: SEED + 1, numRuns: 60 },
  )
  .map(({ b, k, times, byParameter, merge }) => ({ b, d: k * times, k, byParameter, merge }));

function generic(c: GenericCase, i: number): string {
  const params = c.byParameter ? "B extends number, D extends number, H extends number" : "B extends number, D extends number";
  const args = c.byParameter ? "x: Tensor<[B, D], \"float32\">, b: B, h: H" : "x: Tensor<[B, D], \"float32\">, b: B";
  const split = `reshape(x, [b, ${c.byParameter ? "h" : c.k}, -1])`;
  const body = c.merge === "none" ? split : c.merge === "minusOne" ? `reshape(${split}, [b, -1])` : `flatten(${split}, 1)`;
  return `function g${i}<${params}>(${args}) { return ${body}; }`;
}
const call = (c: GenericCase, i: number) => `g${i}(zeros(${tuple([c.b, c.d])}), ${c.b}${c.byParameter ? `, ${c.k}` : ""})`;
const runtimeShape = (c: GenericCase): readonly number[] => {
  const y = reshape(zeros([c.b, c.d]), [c.b, c.k, -1]);
  return c.merge === "none" ? y.shape : c.merge === "minusOne" ? reshape(y, [c.b, -1]).shape : flatten(y, 1).shape;
};
const header = (from: string) => [`import { flatten, reshape, zeros, type Tensor } from "${from}";`, ...genericCases.map(generic)].join("\n");

describe("reshape: a generic last axis split (ExactDiv) and merged back (MergedSize), against the runtime", () => {
  const shapes = genericCases.map(runtimeShape);

  it("covers literal and type-parameter divisors, empty quotients, and both merges", () => {
    expect(genericCases.some((c) => c.byParameter) && genericCases.some((c) => !c.byParameter)).toBe(true);
    expect(genericCases.some((c) => c.d === 0)).toBe(true);
    for (const merge of ["none", "minusOne", "flatten"]) expect(genericCases.some((c) => c.merge === merge), merge).toBe(true);
  });

  const calls = genericCases.map(call);

  itAgreesWithRuntime("split-sizes", header, calls, shapes, (i) => generic(genericCases[i]!, i));
});
