/**
 * The from-tfjs codemod on the TensorFlow.js corpus, proven by running both
 * versions: a copy of test/cli/tfjs-corpus/ is converted in place
 * (test/.generated/tfjs-converted/), and every case of
 * tfjs-harness/cases.ts runs on the original file (TensorFlow.js, CPU
 * backend) and on the converted one, with the same generated inputs made for
 * each function's library (shapecast for a function converted, TensorFlow.js
 * for one the codemod kept); every output is compared: shape, dtype, values.
 *
 * The converted CommonJS files `require("shapecast")`: a package folder next
 * to them (node_modules/shapecast, in a package scope of their own) hands
 * them the library as this test loads it, so both module systems run the
 * same source.
 *
 * Also checked on the converted files: no expression mixes the libraries (no
 * call of one takes a call of the other), every call left is reported at its
 * place, and at least 85% of the corpus's TensorFlow.js calls are converted.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as shapecast from "shapecast";
import { Node, Project, type SourceFile, SyntaxKind } from "ts-morph";
import { beforeAll, describe, expect, it } from "vitest";
import { fromTfjs } from "../../cli/transforms/from-tfjs/index.js";
import type { Skipped, Tally } from "../../cli/transforms/transform.js";
import { root } from "../support/compiler.js";
import { corpus } from "./tfjs-harness/cases.js";
import { argumentsOf, type Output, readOutput, shapecastMaker, type TensorMaker, tfjsFor } from "./tfjs-harness/run.js";

const original = join(import.meta.dirname, "tfjs-corpus");
const converted = join(root, "test", ".generated", "tfjs-converted");
const files = readdirSync(original).filter((name) => /\.(ts|js|cjs)$/.test(name));

/** Values agree when within this of each other, relative to the larger (at least 1): the two libraries' float32 kernels round differently (the largest difference seen is about 2e-7, two units in the last place). */
const TOLERANCE = 1e-6;

interface Conversion {
  readonly skipped: Skipped[];
  readonly tally: Tally;
  /** The file as converted, parsed. */
  readonly after: SourceFile;
  /** The original, parsed. */
  readonly before: SourceFile;
}

const conversions = new Map<string, Conversion>();

beforeAll(() => {
  rmSync(converted, { recursive: true, force: true });
  mkdirSync(converted, { recursive: true });
  cpSync(original, converted, { recursive: true });
  // a package scope of its own, so that `require("shapecast")` finds the folder below rather than this repository's own package
  writeFileSync(join(converted, "package.json"), JSON.stringify({ name: "tfjs-corpus-converted", private: true, type: "module" }));
  const shim = join(converted, "node_modules", "shapecast");
  mkdirSync(shim, { recursive: true });
  writeFileSync(join(shim, "package.json"), JSON.stringify({ name: "shapecast", main: "index.cjs" }));
  writeFileSync(join(shim, "index.cjs"), 'module.exports = globalThis[Symbol.for("shapecast test library")];\n');
  (globalThis as Record<symbol, unknown>)[Symbol.for("shapecast test library")] = shapecast;

  const before = new Project({ tsConfigFilePath: join(original, "tsconfig.json") });
  const project = new Project({ tsConfigFilePath: join(converted, "tsconfig.json") });
  const context = { project, cwd: converted };
  const plans = files.map((name) => [name, fromTfjs.plan(project.getSourceFileOrThrow(join(converted, name)), context)] as const);
  for (const [name, plan] of plans) {
    plan.apply();
    conversions.set(name, {
      skipped: plan.skipped,
      tally: plan.tally!,
      after: project.getSourceFileOrThrow(join(converted, name)),
      before: before.getSourceFileOrThrow(join(original, name)),
    });
  }
  project.saveSync();
}, 120_000);

/** The local names a file binds to a module: its imports' and its `require`s'. */
function namesFrom(file: SourceFile, module: RegExp): Set<string> {
  const names = new Set<string>();
  for (const decl of file.getImportDeclarations()) {
    if (!module.test(decl.getModuleSpecifierValue())) continue;
    const ns = decl.getNamespaceImport();
    if (ns) names.add(ns.getText());
    for (const spec of decl.getNamedImports()) names.add(spec.getAliasNode()?.getText() ?? spec.getName());
  }
  for (const decl of file.getVariableDeclarations()) {
    const init = decl.getInitializer();
    if (!Node.isCallExpression(init) || init.getExpression().getText() !== "require") continue;
    const [arg] = init.getArguments();
    if (arg === undefined || !Node.isStringLiteral(arg) || !module.test(arg.getLiteralValue())) continue;
    const name = decl.getNameNode();
    if (Node.isIdentifier(name)) names.add(name.getText());
    else for (const element of name.getDescendantsOfKind(SyntaxKind.BindingElement)) names.add(element.getName());
  }
  return names;
}

const tfjsModule = /^@tensorflow\/tfjs(-core|-node|-node-gpu)?$/;

/** The name a call is made through: `tf` of `tf.linalg.bandPart(...)`, `add` of `add(...)`. */
function rootName(call: Node): string | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  let callee: Node = call.getExpression();
  while (Node.isPropertyAccessExpression(callee)) callee = callee.getExpression();
  return Node.isIdentifier(callee) ? callee.getText() : undefined;
}

/** The function `name` of a file: a function declaration, or a variable's function. */
function functionNamed(file: SourceFile, name: string): Node {
  return file.getFunction(name) ?? file.getVariableDeclarationOrThrow(name);
}

/** Does the function `name` of the converted file still use TensorFlow.js? */
function keptWithTfjs(c: Conversion, name: string): boolean {
  const tfjs = namesFrom(c.after, tfjsModule);
  return functionNamed(c.after, name).getDescendantsOfKind(SyntaxKind.Identifier).some((id) => tfjs.has(id.getText()));
}

/** The differences between two outputs, each as `path: what`. */
function differences(expected: Output, actual: Output, path = "output"): string[] {
  if (typeof expected === "number" || typeof actual === "number") {
    return expected === actual || (typeof expected === "number" && typeof actual === "number" && close(expected, actual)) ? [] : [`${path}: ${String(actual)}, expected ${String(expected)}`];
  }
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual) || expected.length !== actual.length) return [`${path}: ${JSON.stringify(actual).slice(0, 80)}, expected ${JSON.stringify(expected).slice(0, 80)}`];
    return expected.flatMap((e, i) => differences(e, actual[i]!, `${path}[${i}]`));
  }
  if ("values" in expected && Array.isArray(expected.values)) {
    const e = expected as { shape: number[]; dtype: string; values: number[] };
    const a = actual as { shape?: number[]; dtype?: string; values?: number[] };
    if (JSON.stringify(a.shape) !== JSON.stringify(e.shape)) return [`${path}: shape [${String(a.shape)}], expected [${e.shape.join(", ")}]`];
    if (a.dtype !== e.dtype) return [`${path}: dtype ${String(a.dtype)}, expected ${e.dtype}`];
    const exact = e.dtype !== "float32";
    const wrong = e.values.findIndex((v, i) => (exact ? !Object.is(v, a.values![i]) : !close(v, a.values![i]!)));
    return wrong === -1 ? [] : [`${path}: value ${wrong} is ${String(a.values![wrong])}, expected ${v(e.values[wrong]!)}`];
  }
  const keys = Object.keys(expected);
  if (JSON.stringify(Object.keys(actual).sort()) !== JSON.stringify([...keys].sort())) return [`${path}: keys ${Object.keys(actual).join(", ")}, expected ${keys.join(", ")}`];
  return keys.flatMap((key) => differences((expected as Record<string, Output>)[key]!, (actual as Record<string, Output>)[key]!, `${path}.${key}`));
}

const v = (x: number): string => String(x);

/** An output's shapes and dtypes, its values only checked finite: for random outputs. */
function layout(output: Output): unknown {
  if (typeof output === "number") return Number.isFinite(output);
  if (Array.isArray(output)) return output.map(layout);
  if ("values" in output && Array.isArray(output.values)) return { shape: output["shape"], dtype: output["dtype"], finite: (output.values as number[]).every(Number.isFinite) };
  return Object.fromEntries(Object.entries(output).map(([key, o]) => [key, layout(o as Output)]));
}
/** The largest difference seen between two float32 values, relative as TOLERANCE reads it. */
let largest = 0;
const close = (x: number, y: number): boolean => {
  if (Number.isNaN(x) && Number.isNaN(y)) return true;
  const relative = Math.abs(x - y) / Math.max(1, Math.abs(x), Math.abs(y));
  largest = Math.max(largest, relative);
  return relative <= TOLERANCE;
};

/** A file's exports, the CommonJS ones under `default`. */
async function load(path: string): Promise<Record<string, unknown>> {
  const exports = (await import(path)) as Record<string, unknown>;
  return path.endsWith(".cjs") ? ((exports["default"] as Record<string, unknown>) ?? exports) : exports;
}

describe("from-tfjs on the corpus: each function run before and after the conversion", () => {
  for (const file of files) {
    it(`${file}: the converted functions give the same outputs, shape, dtype and values`, async () => {
      const c = conversions.get(file)!;
      const before = await load(join(original, file));
      const after = await load(join(converted, file));
      const tfjs = await tfjsFor(file);
      const makerAfter = (fn: string): TensorMaker => (keptWithTfjs(c, fn) ? tfjs : shapecastMaker);
      for (const [index, kase] of (corpus[file] ?? []).entries()) {
        const expected = readOutput(await (before[kase.fn] as (...args: unknown[]) => unknown)(...argumentsOf(kase, index + 1, () => tfjs, before)));
        const actual = readOutput(await (after[kase.fn] as (...args: unknown[]) => unknown)(...argumentsOf(kase, index + 1, makerAfter, after)));
        if (kase.random === true) {
          expect(layout(actual), `${file} ${kase.fn}`).toEqual(layout(expected));
          continue;
        }
        expect(differences(expected, actual), `${file} ${kase.fn} (${makerAfter(kase.fn) === tfjs ? "kept with TensorFlow.js" : "converted"})`).toEqual([]);
      }
    });
  }
});

describe("from-tfjs on the corpus: what is left", () => {
  it("no expression mixes the libraries: no call of one takes a call of the other", () => {
    const mixed: string[] = [];
    for (const [file, c] of conversions) {
      const tfjs = namesFrom(c.after, tfjsModule);
      const ours = namesFrom(c.after, /^shapecast$/);
      for (const call of c.after.getDescendantsOfKind(SyntaxKind.CallExpression)) {
        const name = rootName(call);
        const side = name === undefined ? undefined : tfjs.has(name) ? tfjs : ours.has(name) ? ours : undefined;
        if (side === undefined) continue;
        const other = side === tfjs ? ours : tfjs;
        for (const inner of call.getArguments().flatMap((arg) => [arg, ...arg.getDescendantsOfKind(SyntaxKind.CallExpression)])) {
          const innerName = rootName(inner);
          if (innerName !== undefined && other.has(innerName)) mixed.push(`${file}:${call.getStartLineNumber()} ${call.getText().slice(0, 80)}`);
        }
      }
    }
    expect(mixed).toEqual([]);
  });

  it("every TensorFlow.js call left is reported at its place in the original file", () => {
    for (const [file, c] of conversions) {
      const tfjs = namesFrom(c.before, tfjsModule);
      const places = new Set(c.skipped.map((s) => `${s.line}:${s.column}`));
      const calls = c.before.getDescendantsOfKind(SyntaxKind.CallExpression).filter((call) => tfjs.has(rootName(call) ?? ""));
      expect(calls.length, file).toBe(c.tally.found);
      const reported = calls.filter((call) => {
        const { line, column } = c.before.getLineAndColumnAtPos(call.getStart());
        return places.has(`${line}:${column}`);
      });
      expect(reported.length, `${file}: calls reported`).toBe(c.tally.found - c.tally.converted);
      // and what stays in the converted file is exactly those calls
      const left = namesFrom(c.after, tfjsModule);
      const remaining = c.after.getDescendantsOfKind(SyntaxKind.CallExpression).filter((call) => left.has(rootName(call) ?? ""));
      expect(remaining.length, `${file}: calls left`).toBe(c.tally.found - c.tally.converted);
    }
  });

  it("converts at least 85% of the corpus's TensorFlow.js calls", () => {
    const rows = [...conversions].map(([file, c]) => `${file.padEnd(20)} ${String(c.tally.converted).padStart(3)} of ${String(c.tally.found).padStart(3)}`);
    const found = [...conversions.values()].reduce((n, c) => n + c.tally.found, 0);
    const done = [...conversions.values()].reduce((n, c) => n + c.tally.converted, 0);
    console.log(`from-tfjs on the corpus:\n${rows.join("\n")}\ntotal ${done} of ${found} (${((100 * done) / found).toFixed(1)}%); largest float32 difference between the runs ${largest.toExponential(2)}`);
    expect(done / found).toBeGreaterThanOrEqual(0.85);
  });
});
