/**
 * The type-level arithmetic (types/internal/arithmetic.ts) against JavaScript's on generated
 * operands. Sums and differences of two operands of the tables (0 to 1023) go over four digits,
 * or by single steps up to STEPS, and the rest through the recursive digit arithmetic, so the
 * operands crowd around where one path hands over to the other (the table's last operands, the
 * most single steps) and where a carry or a borrow runs through every digit (9, 99, 999 and
 * their successors). The tables themselves are checked to be what `npm run build:tables`
 * writes. (Node only: it runs the compiler.)
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generate, STEPS, TABLE_SIZE, target } from "../../scripts/arithmetic-tables.js";
import { evaluateTypes } from "../support/compiler.js";

const edge = (n: number) => [n - 1, n, n + 1];
const operand = fc.oneof(
  fc.constantFrom(0, 1, 2, ...edge(STEPS), ...edge(10), ...edge(100), ...edge(1000), ...edge(TABLE_SIZE - 1), 2048),
  fc.nat(TABLE_SIZE + 40),
  fc.nat(20),
  fc.nat(10 ** 7),
);

type Case = { readonly type: string; readonly expected: number | "never" };
const cases: Case[] = fc.sample(
  fc.oneof(
    fc.tuple(operand, operand).map(([a, b]): Case => ({ type: `Add<${a}, ${b}>`, expected: a + b })),
    fc.tuple(operand, operand).map(([a, b]): Case => ({ type: `Monus<${a}, ${b}>`, expected: Math.max(a - b, 0) })),
    fc.tuple(operand, fc.oneof(fc.nat(40), operand)).map(([a, b]): Case => ({ type: `Multiply<${a}, ${b}>`, expected: a * b })),
    fc.array(fc.oneof(fc.constant(1), fc.nat(300)), { maxLength: 4 }).map((sizes): Case => ({
      type: `Product<[${sizes.join(", ")}]>`,
      expected: sizes.reduce((p, s) => p * s, 1),
    })),
    fc.tuple(operand, fc.oneof(fc.constant(2), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 50 }))).map(([a, b]): Case => ({
      type: `CeilQuotient<${a}, ${b}>`,
      expected: Math.ceil(a / b),
    })),
    // divisors of one-digit factors (12, 16, 64, 1000) and with a larger prime factor (11, 26, 1021)
    fc.tuple(operand, fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(10, 12, 14, 16, 32, 64, 100, 125, 1000, 1008, 11, 26, 1021), fc.integer({ min: 1, max: 200 }))).map(([a, b]): Case => ({
      type: `FloorQuotient<${a}, ${b}>`,
      expected: Math.floor(a / b),
    })),
    fc.tuple(fc.nat(3000), fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 60 })), fc.boolean()).map(([q, b, exact]): Case => {
      const a = q * b + (exact ? 0 : 1 + (q % Math.max(b - 1, 1)));
      return { type: `Quotient<${a}, ${b}>`, expected: a % b === 0 ? a / b : "never" };
    }),
  ),
  { seed: 20261123, numRuns: 400 },
).concat(
  // results whose digits turn back into a number through the tables three at a time, with zeros
  // inside or high zeros left by a subtraction or a division
  ([[1000, 999], [100000, 99999], [1025, 1023], [2000000, 1], [1000, 1], [1023, 1023], [512, 511], [1, 1000], [0, 1023]] as const).map(
    ([a, b]): Case => ({ type: `Monus<${a}, ${b}>`, expected: Math.max(a - b, 0) }),
  ),
  // sums whose carry runs through every digit, within the tables and out of them
  ([[999, 1], [1023, 1023], [9, 1], [99, 901], [1, 1023], [1023, 1024], [1023, STEPS], [STEPS, 1023]] as const).map(([a, b]): Case => ({ type: `Add<${a}, ${b}>`, expected: a + b })),
  ([[1001, 1000], [1000, 1000], [999, 1001], [10, 100000]] as const).map(([a, b]): Case => ({ type: `Multiply<${a}, ${b}>`, expected: a * b })),
  ([[1000000, 1000], [100100, 100], [18432, 96], [224, 14], [3584, 16], [1000, 8]] as const).map(([a, b]): Case => ({ type: `Quotient<${a}, ${b}>`, expected: a / b })),
  ([[224, 14], [225, 14], [384, 16], [7, 16], [1023, 1008], [99999, 125]] as const).map(([a, b]): Case => ({ type: `FloorQuotient<${a}, ${b}>`, expected: Math.floor(a / b) })),
  ([[224, 14], [225, 14], [1, 16], [99999, 125]] as const).map(([a, b]): Case => ({ type: `CeilQuotient<${a}, ${b}>`, expected: Math.ceil(a / b) })),
);

describe("type-level arithmetic", () => {
  it("agrees with JavaScript on either side of the tables' edges", () => {
    const header = `import type { Add, CeilQuotient, FloorQuotient, Monus, Multiply, Product, Quotient } from "../types/internal/arithmetic.js";\n`;
    // a `never` in a tuple is reported as a tuple's element: wrap results, `[R] extends [never]` marks it
    const lines = cases.map(({ type }, i) => `export type R${i} = [${type}] extends [never] ? [-1] : [${type}];\nexport type M${i} = "";`);
    const results = evaluateTypes(header + lines.join("\n"), cases.map((_, i) => ({ result: `R${i}`, message: `M${i}` })));
    const wrong = cases
      .map(({ type, expected }, i) => ({ type, expected: expected === "never" ? -1 : expected, got: results[i] }))
      .filter(({ expected, got }) => !("shape" in got!) || got.shape[0] !== expected);
    expect(wrong).toEqual([]);
    // both paths were taken, and both sides of each edge
    const inTables = (type: string, op: string) =>
      new RegExp(`^${op}<(\\d+), (\\d+)>$`).test(type) && Number(RegExp.$1) < TABLE_SIZE && Number(RegExp.$2) < TABLE_SIZE;
    for (const op of ["Add", "Monus"]) {
      expect(cases.filter(({ type }) => type.startsWith(`${op}<`) && inTables(type, op)).length).toBeGreaterThan(10);
      expect(cases.filter(({ type }) => type.startsWith(`${op}<`) && !inTables(type, op)).length).toBeGreaterThan(10);
    }
  }, 120_000);

  it("types/internal/tables.ts is what npm run build:tables writes", () => {
    expect(readFileSync(target, "utf8")).toBe(generate());
  });
});
