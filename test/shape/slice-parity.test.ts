/**
 * slice's type rule agrees with the runtime on generated cases: each axis's
 * size for `{ start, stop, step }` with literal values, forwards and
 * backwards (negative bounds count from the end, bounds clamp to the axis).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slice, zeros } from "shapecast";
import { evaluateTypes } from "../support/compiler.js";

const size = fc.constantFrom(0, 1, 2, 3, 5, 8, 10, 17, 224, 1000);
const bound = fc.option(fc.integer({ min: -1200, max: 1200 }).map((v) => (Math.abs(v) > 30 && v % 7 !== 0 ? v % 30 : v)), { nil: undefined });
const spec = fc.record(
  { start: bound, stop: bound, step: fc.option(fc.constantFrom(1, 2, 3, 7, 250, -1, -3), { nil: undefined }) },
  { requiredKeys: [] },
);
const sliceCase = fc.array(fc.tuple(size, spec), { minLength: 1, maxLength: 3 });

const cases = fc.sample(sliceCase, { seed: 20261122, numRuns: 200 });

/** A spec as a source literal, keys in a fixed order, undefined ones left out. */
const specText = (s: { start?: number; stop?: number; step?: number }): string =>
  `{ ${(["start", "stop", "step"] as const).filter((key) => s[key] !== undefined).map((key) => `${key}: ${s[key]}`).join(", ")} }`;

describe("Sliced<S, Specs> vs slice()", () => {
  const header = `import type { Sliced } from "../types/index.js";\n`;
  const lines = cases.map((axes, i) => `export type R${i} = Sliced<[${axes.map(([dim]) => dim).join(", ")}], [${axes.map(([, s]) => specText(s)).join(", ")}]>;`);
  const types = evaluateTypes(header + lines.join("\n"), cases.map((_, i) => ({ result: `R${i}`, message: `R${i}` })));

  it("covers empty, partial and whole ranges, negative bounds and both step signs", () => {
    const specs = cases.flat().map(([, s]) => s);
    expect(specs.filter((s) => (s.step ?? 1) < 0).length).toBeGreaterThan(20);
    expect(specs.filter((s) => (s.start ?? 0) < 0 || (s.stop ?? 0) < 0).length).toBeGreaterThan(50);
    const sizes = cases.flatMap((axes) => slice(zeros(axes.map(([dim]) => dim)), ...axes.map(([, s]) => s)).shape);
    expect(sizes.filter((n) => n === 0).length).toBeGreaterThan(20);
    expect(sizes.filter((n) => n > 1).length).toBeGreaterThan(100);
  });

  it("gives the runtime's size for every axis, whichever the step's sign", () => {
    cases.forEach((axes, i) => {
      const runtime = slice(zeros(axes.map(([dim]) => dim)), ...axes.map(([, s]) => s)).shape;
      expect(types[i], `${lines[i]} (runtime [${runtime.join(", ")}])`).toEqual({ shape: [...runtime] });
    });
  });
});
