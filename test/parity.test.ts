/**
 * The type level and the runtime agree, error text included: generated cases
 * over every mode are evaluated by the compiler (TypeScript 6 API, one
 * program) and by the runtime, and must give the same shape or message.
 * The same expectations are then checked by TypeScript 7 and by tsd's 5.9.
 */
import { describe, expect, it } from "vitest";
import { broadcastShapes, broadcastToShape } from "shapecast";
import { type Case, sampleCases, tupleText, typeExpression } from "./support/cases.js";
import { compilers, evaluateTypes, type TypeResult, typeCheckWith } from "./support/compiler.js";
import { specTable } from "./spec-table.js";

const CASE_COUNT = 1200;
const SEED = 20261122;

type RuntimeResult = { readonly shape: readonly number[] } | { readonly error: string; readonly kind: string };

const looseShapes = broadcastShapes as (...args: unknown[]) => number[];
const looseTo = broadcastToShape as (...args: unknown[]) => number[];

function runtime(c: Case): RuntimeResult {
  try {
    return { shape: c.kind === "binary" ? looseShapes(c.a, c.b, c.spec) : looseTo(c.a, c.b, c.spec) };
  } catch (error) {
    return { error: (error as Error).message, kind: (error as Error).name };
  }
}

const header = `import type { BroadcastShapes, BroadcastToShape, ErrorMessage } from "../types/index.js";\n`;

function evaluate(cases: readonly Case[]): TypeResult[] {
  const lines = cases.flatMap((c, i) => [`export type R${i} = ${typeExpression(c)};`, `export type M${i} = ErrorMessage<R${i}>;`]);
  return evaluateTypes(header + lines.join("\n"), cases.map((_, i) => ({ result: `R${i}`, message: `M${i}` })));
}

/** An assertion file: each case's type must equal what the runtime gave. */
function assertionFile(cases: readonly Case[], results: readonly RuntimeResult[]): string {
  const lines = cases.map((c, i) => {
    const result = results[i]!;
    return "shape" in result
      ? `export type C${i} = Expect<Equal<${typeExpression(c)}, ${tupleText(result.shape)}>>;`
      : `export type C${i} = Expect<Equal<ErrorMessage<${typeExpression(c)}>, ${JSON.stringify(result.error)}>>;`;
  });
  return [
    `import type { BroadcastShapes, BroadcastToShape, ErrorMessage } from "../../types/index.js";`,
    `type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;`,
    `type Expect<T extends true> = T;`,
    ...lines,
    "",
  ].join("\n");
}

const cases = sampleCases(CASE_COUNT, SEED);
const runtimeResults = cases.map(runtime);

describe("type level vs runtime on generated cases", () => {
  it("covers every mode, with results and each kind of error", () => {
    const byMode = new Map<string, { fit: number; fail: number }>();
    for (const [i, c] of cases.entries()) {
      const key = `${c.kind}:${(c.spec?.["mode"] as string | undefined) ?? "default"}`;
      const entry = byMode.get(key) ?? { fit: 0, fail: 0 };
      if ("shape" in runtimeResults[i]!) entry.fit++;
      else entry.fail++;
      byMode.set(key, entry);
    }
    expect([...byMode.keys()].sort()).toEqual([
      "binary:default", "binary:none", "binary:numpy", "binary:pdpd", "binary:xla",
      "to:bidirectional", "to:default", "to:explicit",
    ]);
    for (const [mode, { fit, fail }] of byMode) {
      expect(fit, `${mode} fits`).toBeGreaterThan(10);
      expect(fail, `${mode} failures`).toBeGreaterThan(10);
    }
    const kinds = new Set(runtimeResults.flatMap((r) => ("kind" in r ? [r.kind] : [])));
    expect([...kinds].sort()).toEqual(["RangeError", "ShapeError"]);
    const maxRank = Math.max(...cases.flatMap((c) => [c.a.length, c.b.length]));
    expect(maxRank).toBe(6);
    expect(cases.some((c) => c.a.includes(2147483647) || c.b.includes(2147483647))).toBe(true);
  });

  it(`agrees on all ${CASE_COUNT} cases under TypeScript 6 (compiler API, one program)`, () => {
    const typeResults = evaluate(cases);
    const disagreements = cases.flatMap((c, i) => {
      const runtimeResult = runtimeResults[i]!;
      const expected = "shape" in runtimeResult ? { shape: runtimeResult.shape } : { error: runtimeResult.error };
      return JSON.stringify(typeResults[i]) === JSON.stringify(expected)
        ? []
        : [`${typeExpression(c)}\n  runtime: ${JSON.stringify(expected)}\n  types:   ${JSON.stringify(typeResults[i])}`];
    });
    expect(disagreements.slice(0, 10).join("\n")).toBe("");
  });

  for (const [name, compiler] of Object.entries(compilers)) {
    it(`agrees on all ${CASE_COUNT} cases under ${name}`, () => {
      expect(() => typeCheckWith(compiler, "parity-cases.ts", assertionFile(cases, runtimeResults))).not.toThrow();
    });
  }

  it("the assertion files can fail: a wrong expectation is reported", () => {
    const wrong = runtimeResults.slice(0, 2).map((r) => ("shape" in r ? { shape: [...r.shape, 7] } : { error: `${r.error}!`, kind: r.kind }));
    expect(() => typeCheckWith(compilers["TypeScript 7"], "parity-control.ts", assertionFile(cases.slice(0, 2), wrong))).toThrow(
      /TS2344/,
    );
  });
});

/**
 * Type-level limits: rank-32 shapes with sizes up to 2^31 - 1, in every mode,
 * fitting and failing, including the worst cases of the fix search (a rank-31
 * shape of 1s, which fits almost anywhere). No TS2589 on any compiler, and
 * the same result or message as the runtime.
 */
const MAX = 2147483647;
const rank32 = Array.from({ length: 32 }, (_, i) => (i % 3 === 0 ? MAX : (i % 7) + 2));
const evens = rank32.filter((_, i) => i % 2 === 0);
const evenAxes = Array.from({ length: 16 }, (_, i) => 2 * i);
const ones = (count: number) => Array<number>(count).fill(1);
const bin = (a: number[], b: number[], spec?: Record<string, unknown>): Case => ({ kind: "binary", a, b, spec });
const to = (a: number[], b: number[], spec?: Record<string, unknown>): Case => ({ kind: "to", a, b, spec });
const limitCases: Case[] = [
  bin(rank32, [...ones(16), ...rank32.slice(16)]),
  bin(rank32, [...rank32.slice(0, -1), 9]),
  bin([MAX, 1], [1, MAX]),
  bin(rank32, rank32, { mode: "none" }),
  bin(rank32, rank32.slice(1), { mode: "none" }),
  bin(rank32, ones(32), { mode: "xla" }),
  bin(rank32, evens, { mode: "xla", broadcastDimensions: evenAxes }),
  bin(evens, rank32, { mode: "xla", broadcastDimensions: evenAxes }),
  bin(rank32, evens, { mode: "xla" }),
  bin(rank32, ones(16), { mode: "xla" }),
  bin(rank32, ones(31), { mode: "xla" }),
  bin(ones(32), [MAX, ...ones(30)], { mode: "xla" }),
  bin(rank32, [...evens.slice(0, -1), 9], { mode: "xla", broadcastDimensions: evenAxes }),
  bin(rank32, evens, { mode: "xla", broadcastDimensions: [...evenAxes.slice(0, -1), 29] }),
  bin(rank32, rank32.slice(10, 26), { mode: "pdpd", axis: 10 }),
  bin(rank32, rank32.slice(10, 26), { mode: "pdpd", axis: 11 }),
  bin(rank32, ones(31), { mode: "pdpd", axis: 40 }),
  bin(ones(32), [3], { mode: "pdpd" }),
  to(rank32.slice(16), rank32),
  to(rank32.slice(0, 16), rank32),
  to(ones(32), rank32, { mode: "bidirectional" }),
  to(rank32, [...rank32.slice(0, -1), 9], { mode: "bidirectional" }),
  to(evens, rank32, { mode: "explicit", axesMapping: evenAxes }),
  to(evens, rank32, { mode: "explicit", axesMapping: [...evenAxes.slice(1), 31] }),
  to(ones(31), rank32, { mode: "explicit", axesMapping: [] }),
];
const limitResults = limitCases.map(runtime);

describe("type-level limits: rank 32, sizes up to 2^31 - 1, every mode", () => {
  it("give the runtime's result or message under TypeScript 6", () => {
    const typeResults = evaluate(limitCases);
    for (const [i, c] of limitCases.entries()) {
      const r = limitResults[i]!;
      expect(typeResults[i], typeExpression(c)).toEqual("shape" in r ? { shape: r.shape } : { error: r.error });
    }
  });

  for (const [name, compiler] of Object.entries(compilers)) {
    it(`give the runtime's result or message under ${name}, with no TS2589`, () => {
      expect(() => typeCheckWith(compiler, "limit-cases.ts", assertionFile(limitCases, limitResults))).not.toThrow();
    });
  }
});

describe("docs/broadcasting.md tables at the type level", () => {
  it("every row gives the same shape or message through the compiler", () => {
    const rows: Case[] = specTable.map((row) => ({ kind: row.kind, a: row.a, b: row.b, spec: row.spec }));
    const typeResults = evaluate(rows);
    for (const [i, row] of specTable.entries()) {
      const expected = Array.isArray(row.expected) ? { shape: row.expected } : row.expected;
      expect(typeResults[i], typeExpression(rows[i]!)).toEqual(expected);
    }
  });
});
