/**
 * The playground prints a program's console.log lines as Node prints them
 * (playground/src/format.ts), so a program's output in the page can be
 * compared with Node's: checked here against Node's own util.format, on
 * values of the kinds programs print and on generated ones, within the
 * formatter's scope (arrays of at most six items, two levels of nesting).
 */
import { format } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { random, tensor } from "shapecast";
import { formatLine, inspect } from "../../playground/src/format.js";

/** What a call gives: its text, or the message it throws (Node's format throws on `%j` of a bigint, and so must the playground). */
function outcome(print: () => string): string {
  try {
    return print();
  } catch (error) {
    return `threw ${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe("the playground's console.log printing", () => {
  it("prints what Node prints for the values programs print", () => {
    const cases: unknown[][] = [
      ["shape:", [4, 10], "float32"],
      ["sum", 3.5, -0, NaN, -Infinity, 10n, true, null, undefined],
      [tensor([[1, 2], [3, 4]])],
      ["weights:", { w: tensor([1, 2]), shape: [2], name: "dense" }],
      [new Float32Array([1, 0.5, -2]), new Int32Array(0), new Uint8Array([255])],
      [[["a", "it's", 'say "hi"', "`both' \""]]],
      [{ "a b": 1, _x: 2, $y: 3, 1: "one" }],
      [new Map([["a", 1]]), new Set([1, "x"]), new Map()],
      [[[1, [2, [3, [4]]]]]],
      [{ a: { b: { c: { d: 1 } } } }],
      [["a long string of many words", "another long string of words", "and a third of them"]],
      [Symbol("s"), function named() {}, () => 0],
      ["line\nbreak", ["line\nbreak\ttab\\slash\u0001"]],
      [random([2, 3], { seed: 1 }).shape, random([3], { seed: 2 }).dtype],
      [],
    ];
    for (const args of cases) expect(formatLine(args)).toBe(format(...args));
  });

  it("prints what Node prints for generated values", () => {
    const leaf = fc.oneof(fc.string({ maxLength: 12 }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt());
    const keyName = fc.string({ maxLength: 6 }).filter((k) => k !== "__proto__");
    const level = (inner: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
      fc.oneof(inner, fc.array(inner, { maxLength: 6 }), fc.dictionary(keyName, inner, { maxKeys: 6 }));
    const value = level(level(leaf));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 3 }), (args) => {
        expect(outcome(() => formatLine(args))).toBe(outcome(() => format(...args)));
      }),
      { numRuns: 500 },
    );
  });

  it("fills in a format string as Node does", () => {
    const cases: unknown[][] = [
      ["%s has shape %O", "x", [2, 3]],
      ["%d items, %i whole, %f float", "42", 3.9, "2.5e1"],
      ["%d %i %f", -0, 10n, 10n],
      ["%s %s %s %s", -0, 5n, null, undefined],
      ["%s", [[1], { a: { b: 1 } }]],
      ["%s", tensor([1, 2])],
      ["%s", new Float32Array(2)],
      ["%j %j", { a: undefined, b: [1] }, undefined],
      ["%o", { a: [1, [2, [3, [4, [5]]]]] }],
      ["%o %O", "quoted", "quoted"],
      ["%c%s", "color: red", "styled"],
      ["100%% sure", 1],
      ["%% and %s", "x", "rest", 2],
      ["%x %y %s", 1],
      ["trailing %", 1],
      ["%s %s", "only one"],
      ["a%%b"],
      ["no placeholders", [1], "two"],
    ];
    for (const args of cases) expect(formatLine(args)).toBe(format(...args));
    expect(() => formatLine(["%j", 1n])).toThrow(TypeError);
  });

  it("fills in generated format strings as Node does", () => {
    const piece = fc.constantFrom("%s", "%d", "%i", "%f", "%j", "%O", "%o", "%c", "%%", "%", "%x", " ", "ab", "-");
    const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt());
    const value = fc.oneof(leaf, fc.array(fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 4 }).filter((k) => k !== "__proto__"), leaf, { maxKeys: 4 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.array(value, { maxLength: 4 }), (pieces, rest) => {
        const args = [pieces.join(""), ...rest];
        expect(outcome(() => formatLine(args))).toBe(outcome(() => format(...args)));
      }),
      { numRuns: 500 },
    );
  });

  it("prints a circular value without looping", () => {
    const a: unknown[] = [1];
    a.push(a);
    expect(inspect(a)).toBe("[ 1, [Circular *1] ]");
  });
});
