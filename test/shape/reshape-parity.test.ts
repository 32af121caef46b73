/**
 * reshape's type rule agrees with the runtime on generated cases: the shape
 * (with -1 resolved) or the error text. The type rule takes a product path
 * when the -1 sits between the source's own leading and trailing sizes and a
 * long division otherwise; the cases exercise both, with 0s and 1s.
 */
import { describe, expect, it } from "vitest";
import { reshape, zeros } from "shapecast";
import { evaluateTypes } from "../support/compiler.js";

/** A small deterministic generator (mulberry32), so failures reproduce. */
function generator(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const sizes = [0, 1, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 96, 224];

function sampleCase(pick: (n: number) => number): { from: number[]; target: number[] } {
  const from = Array.from({ length: 1 + pick(4) }, () => sizes[pick(sizes.length)]!);
  const style = pick(4);
  if (style === 0) {
    // keep a prefix and a suffix of the source, -1 in between (the product path)
    const start = pick(from.length + 1);
    const end = start + pick(from.length - start + 1);
    return { from, target: [...from.slice(0, start), -1, ...from.slice(end)] };
  }
  if (style === 1) {
    // a -1 with arbitrary known sizes (division, often not exact)
    const known = Array.from({ length: pick(3) }, () => sizes[pick(sizes.length)]!);
    const at = pick(known.length + 1);
    return { from, target: [...known.slice(0, at), -1, ...known.slice(at)] };
  }
  if (style === 2) {
    // the source's sizes reordered with one of them replaced by -1
    const target = [...from].reverse();
    target[pick(target.length)] = -1;
    return { from, target };
  }
  // no -1: the counts must match exactly
  const target = pick(2) === 0 ? [from.reduce((a, b) => a * b, 1)] : Array.from({ length: 1 + pick(3) }, () => sizes[pick(sizes.length)]!);
  return { from, target };
}

const pick = generator(20261122);
const cases = Array.from({ length: 300 }, () => sampleCase(pick));

function runtime(from: number[], target: number[]): { shape: readonly number[] } | { error: string } {
  try {
    return { shape: reshape(zeros(from), target as number[]).shape };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("Reshape<From, Target> vs reshape()", () => {
  const header = `import type { ErrorMessage, Reshape } from "../types/index.js";\n`;
  const lines = cases.flatMap(({ from, target }, i) => [
    `export type R${i} = Reshape<[${from.join(", ")}], [${target.join(", ")}]>;`,
    `export type M${i} = ErrorMessage<R${i}>;`,
  ]);
  const types = evaluateTypes(header + lines.join("\n"), cases.map((_, i) => ({ result: `R${i}`, message: `M${i}` })));

  it("covers fits and misfits, with and without -1", () => {
    const results = cases.map(({ from, target }) => runtime(from, target));
    expect(results.filter((r) => "shape" in r).length).toBeGreaterThan(100);
    expect(results.filter((r) => "error" in r).length).toBeGreaterThan(30);
    expect(cases.filter((c) => c.target.includes(-1)).length).toBeGreaterThan(150);
  });

  it("gives the runtime's shape or message on every case", () => {
    const mismatches = cases.flatMap(({ from, target }, i) => {
      const expected = runtime(from, target);
      const actual = types[i]!;
      const same = "shape" in expected ? "shape" in actual && actual.shape.join() === expected.shape.join() : "error" in actual && actual.error === expected.error;
      return same ? [] : [`[${from}] -> [${target}]: runtime ${JSON.stringify(expected)}, types ${JSON.stringify(actual)}`];
    });
    expect(mismatches).toEqual([]);
  });
});
