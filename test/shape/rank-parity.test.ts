/**
 * Any rank: every shape function on literal shapes of each rank from 0 to 32,
 * negative axes included, through its real signature under TypeScript 6 (one
 * program), 7 and tsd's 5.9, gives the runtime's shapes or its message, with
 * no TS2589. Expectations come from running the op on zeros.
 */
import { describe, expect, it } from "vitest";
import { diagnosticsWith, evaluateCalls } from "../support/calls.js";
import { compilers } from "../support/compiler.js";
import { anyRankSizes, importLine, type OpCase, opNames, sizedArgs, preamble, renderCase, runCase, sampleOpCases } from "../support/op-cases.js";
import { assertionHeader, assertionLine, type Expectation, judge, judgeLine } from "../support/shape-parity.js";

const SEED = 20261124;
const MAX_RANK = 32;
const PER_RANK = 2;

const cases: OpCase[] = opNames.flatMap((op, k) =>
  Array.from({ length: MAX_RANK + 1 }, (_, rank) => sampleOpCases(op, anyRankSizes, PER_RANK, SEED + 100 * k + rank, rank, rank)).flat(),
);
const names = cases.map((_, i) => `r${i}`);
const runtime = cases.map((c) => runCase(c));
const lines = cases.map((c, i) => renderCase(c, names[i]!));
const header = (from: string) => `${importLine(cases, from)}\n${preamble(cases)}`;
const expectations: Expectation[] = runtime.map((r) => ("shapes" in r ? { shapes: r.shapes } : { error: r.error }));
const assertions = (expected: readonly Expectation[]) =>
  [assertionHeader(header("../../src/index.js")), ...lines.map((line, i) => assertionLine(line, names[i]!, expected[i]!))].join("\n") + "\n";
const offset = assertionHeader(header("")).split("\n").length;

/** Each case whose line the compiler at `compiler` gets wrong. */
const wrongLines = (compiler: string, fileName: string, expected: readonly Expectation[]) => {
  const found = diagnosticsWith(compiler, fileName, assertions(expected));
  return expected.flatMap((e, i) => {
    const problem = judgeLine(e, found.get(offset + i) ?? []);
    return problem === undefined ? [] : [`${lines[i]}\n  ${problem}`];
  });
};

describe("every shape function at every rank from 0 to 32", () => {
  it("covers each op at each rank, negative axes, fits and runtime errors", () => {
    for (const op of opNames) {
      const ranks = new Set(cases.flatMap((c) => (c.op === op || (op === "sum" && c.op === "mean") || (op === "any" && c.op === "all") || (op === "cumsum" && c.op === "cumprod") || (op === "sort" && c.op === "argsort") || (op === "tril" && c.op === "triu") || (op === "resize" && c.op === "upsample") || (/^(max|avg)Pool$/.test(op) && c.op.startsWith(op)) ? [rankOf(c)] : [])));
      expect(ranks.size, `${op} ranks`).toBeGreaterThan(MAX_RANK - 4);
    }
    const negative = cases.filter((c) => rankOf(c) > 8 && c.args.some((arg) => typeof arg === "number" && arg < 0));
    expect(negative.length).toBeGreaterThan(40);
    expect(runtime.filter((r) => "error" in r).length).toBeGreaterThan(40);
    expect(runtime.filter((r) => "shapes" in r && r.shapes.some((shape) => shape.length >= 30)).length).toBeGreaterThan(40);
  });

  it(`gives the runtime's shape or message on all ${cases.length} calls under TypeScript 6 (compiler API, one program)`, () => {
    const results = evaluateCalls("__any_rank__.ts", header("../src/index.js"), lines, names);
    const problems = cases.flatMap((c, i) => {
      const found = judge(c, runtime[i]!, results[i]!);
      return found.length === 0 ? [] : [`${lines[i]}\n  runtime: ${JSON.stringify(runtime[i])}\n  types: ${JSON.stringify(results[i]).slice(0, 400)}\n  ${found.join("\n  ")}`];
    });
    expect(problems.slice(0, 12).join("\n")).toBe("");
  });

  for (const [name, compiler] of Object.entries(compilers)) {
    it(`gives the runtime's shape or message under ${name}, with no TS2589`, () => {
      expect(wrongLines(compiler, "any-rank.ts", expectations).slice(0, 10).join("\n")).toBe("");
    });
  }

  it("the assertion lines can fail: a wrong shape and a wrong message are reported", () => {
    const fit = expectations.findIndex((e) => "shapes" in e && e.shapes[0]!.length > 20);
    const error = expectations.findIndex((e) => "error" in e);
    const wrong = expectations.map((e, i) =>
      i === fit && "shapes" in e ? { shapes: [[...e.shapes[0]!, 7]] } : i === error && "error" in e ? { error: `${e.error}!` } : e,
    );
    const reported = wrongLines(compilers["TypeScript 7"], "any-rank-control.ts", wrong);
    expect(reported).toHaveLength(2);
    expect(reported.filter((line) => /TS2344/.test(line))).toHaveLength(1);
    expect(reported.filter((line) => /expected the message/.test(line))).toHaveLength(1);
  });
});

/** The highest rank among a case's tensors and shapes. */
function rankOf(c: OpCase): number {
  return Math.max(...sizedArgs(c).map((arg) => arg.sizes.length));
}
