/**
 * The length `arange(start, stop, step)` gives at compile time (`RangeLength`, src/ops/create.ts)
 * against the runtime's, on drawn literal bounds and steps: integers on both sides of zero,
 * ascending, descending and empty ranges, fractions. A literal count must be the runtime's
 * count; `number` is allowed only where the rule says the compiler does not count (a fraction or
 * a negative bound). And called from a generic function whose stop is a type parameter
 * (`RangeTo`), the size computed from it becomes the runtime's count.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arange } from "shapecast";
import { evaluateCalls } from "../support/calls.js";

const SEED = 20261129;

interface Range {
  readonly start: number;
  readonly stop: number;
  readonly step: number;
}

const integer = fc.integer({ min: -6, max: 40 });
const rangeArb: fc.Arbitrary<Range> = fc.oneof(
  fc.record({ start: integer, stop: integer, step: fc.integer({ min: 1, max: 7 }) }),
  fc.record({ start: integer, stop: integer, step: fc.integer({ min: -7, max: -1 }) }),
  fc.record({ start: fc.constant(0), stop: fc.integer({ min: 0, max: 40 }), step: fc.constant(1) }),
  fc.record({ start: integer, stop: fc.double({ min: -3, max: 30, noNaN: true }).map((x) => Math.round(x * 4) / 4), step: fc.constantFrom(0.5, 1, 2.5) }),
);
const ranges = fc.sample(rangeArb, { seed: SEED, numRuns: 200 });

const fractional = (r: Range) => [r.start, r.stop, r.step].some((x) => !Number.isInteger(x));
const negative = (r: Range) => r.start < 0 || r.stop < 0;

describe("arange: the compiler's length against the runtime's", () => {
  it("draws ascending, descending, empty and fractional ranges", () => {
    expect(ranges.filter((r) => !fractional(r) && !negative(r) && r.step < 0 && r.start > r.stop).length).toBeGreaterThan(10);
    expect(ranges.filter((r) => !fractional(r) && !negative(r) && r.step > 0 && r.start < r.stop).length).toBeGreaterThan(30);
    expect(ranges.filter((r) => !fractional(r) && !negative(r) && arange(r.start, r.stop, r.step).shape[0] === 0).length).toBeGreaterThan(5);
    expect(ranges.some(fractional) && ranges.some(negative)).toBe(true);
  });

  it("gives the runtime's count for every integer literal range with non-negative bounds, and number only where the rule does not count", () => {
    const lines = ranges.map((r, i) => `export const r${i} = arange(${r.start}, ${r.stop}, ${r.step});`);
    const results = evaluateCalls("__arange_ranges__.ts", `import { arange } from "../src/index.js";`, lines, ranges.map((_, i) => `r${i}`));
    const problems = results.flatMap((result, i) => {
      const r = ranges[i]!;
      const runtime = arange(r.start, r.stop, r.step).shape[0];
      const counted = !fractional(r) && !negative(r);
      const wanted = { shapes: [[counted ? runtime : "number"]] };
      return result.diagnostics.length > 0 || JSON.stringify(result.type) !== JSON.stringify(wanted)
        ? [`arange(${r.start}, ${r.stop}, ${r.step}): runtime ${runtime}, types ${JSON.stringify(result.type)} ${result.diagnostics.join("; ")}`]
        : [];
    });
    expect(problems.slice(0, 10).join("\n")).toBe("");
  });

  it("counts from a stop that is a type parameter, and gives the runtime's count once it is a literal", () => {
    const ascending = ranges.filter((r) => !fractional(r) && !negative(r) && r.step > 0);
    const header = [
      `import { arange } from "../src/index.js";`,
      ...ascending.map((r, i) => `function g${i}<T extends number>(t: T) { return arange(${r.start}, t, ${r.step}); }`),
    ].join("\n");
    const lines = ascending.map((r, i) => `export const r${i} = g${i}(${r.stop});`);
    const results = evaluateCalls("__arange_generic__.ts", header, lines, ascending.map((_, i) => `r${i}`));
    const problems = results.flatMap((result, i) => {
      const r = ascending[i]!;
      const wanted = { shapes: [[arange(r.start, r.stop, r.step).shape[0]]] };
      return result.diagnostics.length > 0 || JSON.stringify(result.type) !== JSON.stringify(wanted)
        ? [`arange(${r.start}, t, ${r.step}) with t = ${r.stop}: wanted ${JSON.stringify(wanted)}, types ${JSON.stringify(result.type)} ${result.diagnostics.join("; ")}`]
        : [];
    });
    expect(ascending.length).toBeGreaterThan(30);
    expect(problems.slice(0, 10).join("\n")).toBe("");
  });
});
