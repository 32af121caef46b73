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

describe("SPEC.md tables at the type level", () => {
  it("every row gives the same shape or message through the compiler", () => {
    const rows: Case[] = specTable.map((row) => ({ kind: row.kind, a: row.a, b: row.b, spec: row.spec }));
    const typeResults = evaluate(rows);
    for (const [i, row] of specTable.entries()) {
      const expected = Array.isArray(row.expected) ? { shape: row.expected } : row.expected;
      expect(typeResults[i], typeExpression(rows[i]!)).toEqual(expected);
    }
  });
});
