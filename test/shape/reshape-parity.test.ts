/**
 * reshape's type rule agrees with the runtime on generated cases: the shape
 * (with -1 resolved) or the error text. The type rule takes a product path
 * when the -1 sits between the source's own leading and trailing sizes and a
 * long division otherwise; the cases exercise both, with 0s and 1s.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reshape, zeros } from "shapecast";
import { evaluateTypes, type TypeResult } from "../support/compiler.js";

const size = fc.constantFrom<number>(0, 1, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 96, 224);
const source = fc.array(size, { minLength: 1, maxLength: 4 });

const reshapeCase = fc.oneof(
  // keep a prefix and a suffix of the source, -1 in between (the product path)
  source.chain((from) =>
    fc.tuple(fc.nat(from.length), fc.nat(from.length)).map(([i, j]) => {
      const [start, end] = i <= j ? [i, j] : [j, i];
      return { from, target: [...from.slice(0, start), -1, ...from.slice(end)] };
    }),
  ),
  // a -1 with arbitrary known sizes (division, often not exact)
  fc.tuple(source, fc.array(size, { maxLength: 2 }), fc.nat()).map(([from, known, at]) => {
    const i = at % (known.length + 1);
    return { from, target: [...known.slice(0, i), -1, ...known.slice(i)] };
  }),
  // the source's sizes reversed, with one of them replaced by -1
  source.chain((from) =>
    fc.nat(from.length - 1).map((i) => ({ from, target: [...from].reverse().map((s, j) => (j === i ? -1 : s)) })),
  ),
  // no -1: the counts must match exactly
  fc.tuple(source, fc.boolean(), fc.array(size, { minLength: 1, maxLength: 3 })).map(([from, all, other]) => ({
    from,
    target: all ? [from.reduce((a, b) => a * b, 1)] : other,
  })),
);

const cases = fc.sample(reshapeCase, { seed: 20261122, numRuns: 300 });

function runtime(from: number[], target: number[]): { shape: readonly number[] } | { error: string } {
  try {
    return { shape: reshape(zeros(from), target as number[]).shape };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("Reshape<From, Target> and Regrouped<From, Target> vs reshape()", () => {
  // Regrouped is the rule reshape()'s signature applies, with its own path for a -1 in place of the middle
  const header = `import type { ErrorMessage, Regrouped, Reshape } from "../types/index.js";\n`;
  const lines = cases.flatMap(({ from, target }, i) => [
    `export type R${i} = Reshape<[${from.join(", ")}], [${target.join(", ")}]>;`,
    `export type M${i} = ErrorMessage<R${i}>;`,
    `export type G${i} = Regrouped<[${from.join(", ")}], [${target.join(", ")}]>;`,
    `export type N${i} = ErrorMessage<G${i}>;`,
  ]);
  const evaluated = evaluateTypes(
    header + lines.join("\n"),
    cases.flatMap((_, i) => [
      { result: `R${i}`, message: `M${i}` },
      { result: `G${i}`, message: `N${i}` },
    ]),
  );
  const types = cases.map((_, i) => evaluated[2 * i]!);
  const regrouped = cases.map((_, i) => evaluated[2 * i + 1]!);

  it("covers fits and misfits, with and without -1", () => {
    const results = cases.map(({ from, target }) => runtime(from, target));
    expect(results.filter((r) => "shape" in r).length).toBeGreaterThan(100);
    expect(results.filter((r) => "error" in r).length).toBeGreaterThan(30);
    expect(cases.filter((c) => c.target.includes(-1)).length).toBeGreaterThan(150);
  });

  /** The cases where `results` (of one rule) differ from the runtime, each as a line. */
  const mismatches = (results: readonly TypeResult[], rule: string): string[] =>
    cases.flatMap(({ from, target }, i) => {
      const expected = runtime(from, target);
      const actual = results[i]!;
      const same = "shape" in expected ? "shape" in actual && actual.shape.join() === expected.shape.join() : "error" in actual && actual.error === expected.error;
      return same ? [] : [`[${from}] -> [${target}]: runtime ${JSON.stringify(expected)}, ${rule} ${JSON.stringify(actual)}`];
    });

  it("gives the runtime's shape or message on every case", () => {
    expect(mismatches(types, "Reshape")).toEqual([]);
  });

  it("gives the same through Regrouped, the call's rule", () => {
    expect(mismatches(regrouped, "Regrouped")).toEqual([]);
  });
});
