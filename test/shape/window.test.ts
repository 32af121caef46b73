/**
 * The sliding-window size rule against its direct formula, at both levels, on
 * random input sizes (up to 1000), windows, strides, dilations and paddings
 * ("valid", "same", a number, per-axis pairs): `windowLayout` at run time and
 * `WindowSizes` through the compiler, sizes and misfit messages alike.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ShapeError } from "shapecast";
import { windowLayout } from "../../src/shape/window.js";
import { evaluateTypes } from "../support/compiler.js";

type Padding = "valid" | "same" | number | [number, number][];
interface WindowCase {
  readonly inputs: number[];
  readonly sizes: number[];
  readonly strides: number[];
  readonly dilations: number[];
  readonly padding: Padding;
}

const axes = (count: number) =>
  fc.record({
    inputs: fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(28, 224, 1000)), { minLength: count, maxLength: count }),
    sizes: fc.array(fc.integer({ min: 1, max: 7 }), { minLength: count, maxLength: count }),
    strides: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: count, maxLength: count }),
    dilations: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: count, maxLength: count }),
    padding: fc.oneof(
      fc.constantFrom<Padding>("valid", "same"),
      fc.integer({ min: 0, max: 4 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), { minLength: count, maxLength: count }),
    ),
  });
const cases: WindowCase[] = fc.sample(fc.integer({ min: 1, max: 3 }).chain(axes), { seed: 20261123, numRuns: 300 });

/** Per axis: the output size, or the span and padded size of a window that does not fit. */
function formula(c: WindowCase): { sizes: number[] } | { axis: number; span: number; padded: number } {
  const sizes: number[] = [];
  for (let j = 0; j < c.inputs.length; j++) {
    const input = c.inputs[j]!;
    const span = c.dilations[j]! * (c.sizes[j]! - 1) + 1;
    if (c.padding === "same") {
      sizes.push(Math.ceil(input / c.strides[j]!));
      continue;
    }
    const [before, after] = typeof c.padding === "number" ? [c.padding, c.padding] : c.padding === "valid" ? [0, 0] : c.padding[j]!;
    const padded = input + before + after;
    if (padded < span) return { axis: 1 + j, span, padded };
    sizes.push(Math.floor((input + before + after - c.dilations[j]! * (c.sizes[j]! - 1) - 1) / c.strides[j]!) + 1);
  }
  return { sizes };
}

const full = (c: WindowCase) => [2, ...c.inputs, 3];
const message = (c: WindowCase, e: { axis: number; span: number; padded: number }) =>
  `conv: the window spans ${e.span} but axis ${e.axis} is ${e.padded} with its padding (shape [${full(c).join(", ")}])`;
const options = (c: WindowCase) => ({ sizes: c.sizes, strides: c.strides, dilations: c.dilations, padding: c.padding });

describe("the window rule", () => {
  it("covers fits, misfits, every padding and large sizes", () => {
    const results = cases.map(formula);
    expect(results.filter((r) => "axis" in r).length).toBeGreaterThan(20);
    expect(results.filter((r) => "sizes" in r).length).toBeGreaterThan(150);
    for (const kind of ["valid", "same", "number", "object"]) {
      expect(cases.filter((c) => (typeof c.padding === "string" ? c.padding === kind : typeof c.padding === kind)).length, kind).toBeGreaterThan(20);
    }
    expect(cases.filter((c) => c.inputs.some((i) => i >= 224)).length).toBeGreaterThan(20);
  });

  it("gives the formula's sizes at run time, and a ShapeError with its message for a window larger than the padded axis", () => {
    for (const c of cases) {
      const expected = formula(c);
      if ("sizes" in expected) expect(windowLayout("conv", full(c), 1, c.inputs.length, options(c)).map((w) => w.out)).toEqual(expected.sizes);
      else {
        expect(() => windowLayout("conv", full(c), 1, c.inputs.length, options(c))).toThrow(ShapeError);
        expect(() => windowLayout("conv", full(c), 1, c.inputs.length, options(c))).toThrow(message(c, expected));
      }
    }
  });

  it('splits "same" padding as TensorFlow: the total from the formula, the extra cell after', () => {
    for (const c of cases.filter((c) => c.padding === "same")) {
      windowLayout("conv", full(c), 1, c.inputs.length, options(c)).forEach((w, j) => {
        const input = c.inputs[j]!;
        const total = Math.max((w.out - 1) * c.strides[j]! + c.dilations[j]! * (c.sizes[j]! - 1) + 1 - input, 0);
        expect([w.before, w.after]).toEqual([Math.floor(total / 2), Math.ceil(total / 2)]);
      });
    }
  });

  it("gives the formula's sizes and messages at compile time", () => {
    const tuple = (values: readonly number[]) => `[${values.join(", ")}]`;
    const paddingText = (p: Padding) => (typeof p === "string" ? `"${p}"` : typeof p === "number" ? `${p}` : `[${p.map(tuple).join(", ")}]`);
    const lines = cases.map((c, i) =>
      [
        `export type R${i} = WindowSizes<"conv", ${tuple(c.inputs)}, 1, ${tuple(c.sizes)}, ${tuple(c.strides)}, ${tuple(c.dilations)}, ${paddingText(c.padding)}, ${tuple(full(c))}>;`,
        `export type M${i} = ErrorMessage<R${i}>;`,
      ].join(" "),
    );
    const header = `import type { ErrorMessage, WindowSizes } from "../types/index.js";\n`;
    const types = evaluateTypes(header + lines.join("\n"), cases.map((_, i) => ({ result: `R${i}`, message: `M${i}` })));
    cases.forEach((c, i) => {
      const expected = formula(c);
      expect(types[i], lines[i]).toEqual("sizes" in expected ? { shape: expected.sizes } : { error: message(c, expected) });
    });
  });
});
