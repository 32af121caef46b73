/**
 * Generic model code never shows a raw conditional type (docs/generic-code.md): the corpus of
 * test/corpus/generic.ts, with its `@ts-expect-error` comments taken out, compiles under
 * TypeScript 6 (the compiler API) and 7 (`tsc`, with declarations emitted, which print each
 * function's result: every intermediate of the corpus) to diagnostics only on the misfit lines,
 * each holding the words its comment names, and no diagnostic or printed type holds an
 * unresolved conditional. A misfit of two literals is reported as that misfit, never as
 * "cannot decide".
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { diagnosticsWith } from "./support/calls.js";
import { compilerOptions, root, tsc, writeGenerated } from "./support/compiler.js";
import { rawIn } from "./support/diagnostics.js";
import { diagnosticsByLine, liftMisfits, misfitProblems } from "./support/misfit-lines.js";

const corpus = readFileSync(join(root, "test/corpus/generic.ts"), "utf8");

/** The expected diagnostics: on the line after each comment, the words it names (0-based lines). */
const lifted = liftMisfits(corpus, /^(.*)$/);
const expected = lifted.expected;
// written as test/.generated/corpus.ts
const source = lifted.source.replace(`from "shapecast"`, `from "../../src/index.js"`);


interface Report {
  /** Diagnostics by 0-based line, each its whole message chain. */
  readonly diagnostics: Map<number, string[]>;
  /** The printed types to check: `name: type` under TypeScript 6, each declaration line under 7. */
  readonly printed: string[];
}

function typescript6(): Report {
  const { file } = writeGenerated("corpus.ts", source);
  const program = ts.createProgram([file], compilerOptions);
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(file)!;
  const diagnostics = diagnosticsByLine(program, sourceFile);
  // every variable's type as a hover prints it
  const printed: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      printed.push(`${node.name.text}: ${checker.typeToString(checker.getTypeAtLocation(node.name), node, ts.TypeFormatFlags.NoTruncation)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { diagnostics, printed };
}

function typescript7(): Report {
  const out = join(root, "test/.generated/corpus-declarations");
  rmSync(out, { recursive: true, force: true });
  // the declarations print each function's result: every intermediate the corpus returns
  const diagnostics = diagnosticsWith(tsc["7"], "corpus.ts", source, { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: out, rootDir: root, pretty: false });
  const declarations = readFileSync(join(out, "test/.generated/corpus.d.ts"), "utf8");
  const printed = declarations.split("\n").filter((line) => line.startsWith("export declare function") || line.startsWith("    "));
  return { diagnostics, printed };
}

describe.each([
  ["TypeScript 6", typescript6],
  ["TypeScript 7", typescript7],
] as const)("the generic corpus under %s", (_, compile) => {
  let report: Report | undefined;
  const compiled = (): Report => (report ??= compile());

  it("has its diagnostics on the misfit lines only, each with its words and none saying 'cannot decide' of a definite misfit", () => {
    expect(misfitProblems(expected, compiled().diagnostics).join("\n\n")).toBe("");
  });

  it("prints no unresolved conditional type in a diagnostic", () => {
    const found = [...compiled().diagnostics.values()].flat().filter(rawIn);
    expect(found.join("\n\n")).toBe("");
  });

  it("prints no unresolved conditional type in the type of any intermediate", () => {
    const { printed } = compiled();
    expect(printed.length).toBeGreaterThan(20);
    expect(printed.filter(rawIn).join("\n")).toBe("");
  });
});

describe("the corpus check", () => {
  it("would catch a raw conditional and a misplaced diagnostic", () => {
    expect(rawIn("Tensor<Foo<[B, T]> extends infer R extends Shape ? R : number[], \"float32\">")).toBe(true);
    expect(rawIn("Tensor<(B extends -1 ? 1 : 0) extends 0 ? [B] : never>")).toBe(true);
    expect(rawIn("Tensor<[B, Plus<T, 1>, D], \"float32\">")).toBe(false);
    expect(expected.size).toBeGreaterThan(5);
  });
});
