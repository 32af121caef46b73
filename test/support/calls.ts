/**
 * What the compilers make of rendered op calls (test/support/op-cases.ts),
 * one case per line: under TypeScript 6 through the compiler API, every
 * result's shapes read size by size (a literal, `number`, a `Dim`'s name, or
 * `never`) with the diagnostics on its line; under other compilers, the
 * diagnostics of a `tsc` run, by line.
 */
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import { tupleText } from "./cases.js";
import { expect, it } from "vitest";
import { compilerOptions as baseOptions, compilers, root, writeGenerated } from "./compiler.js";

/** One size of a result type. */
export type SizeType = number | "number" | { readonly dim: string } | "never" | { readonly other: string };

/** A result type: the shapes of its tensors (one, or several for `split`), or a dynamic rank. */
export type ShapesType = { readonly shapes: readonly (readonly SizeType[])[] } | { readonly unknownRank: true } | { readonly other: string };

export interface CallResult {
  readonly type: ShapesType;
  /** Each diagnostic on the call's line: `TS<code>: <the whole message chain>`. */
  readonly diagnostics: readonly string[];
}


/**
 * Compiles `header` followed by `lines` (each declaring `export const <names[i]>`)
 * as `test/<fileName>` in one TypeScript 6 program, and reads each result. `extra` adds
 * compiler options (`paths`, for a header importing a file that imports "shapecast").
 */
export function evaluateCalls(fileName: string, header: string, lines: readonly string[], names: readonly string[], extra: ts.CompilerOptions = {}): CallResult[] {
  const options = { ...baseOptions, ...extra };
  const path = join(root, "test", fileName);
  const text = `${header}\n${lines.join("\n")}\n`;
  const firstLine = header.split("\n").length;
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) =>
    resolve(name) === path ? ts.createSourceFile(name, text, version, true) : getSourceFile(name, version, onError, create);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => resolve(name) === path || fileExists(name);
  const program = ts.createProgram([path], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path)!;

  const byLine = new Map<number, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program, source)) {
    const line = diagnostic.start === undefined ? -1 : source.getLineAndCharacterOfPosition(diagnostic.start).line - firstLine;
    byLine.set(line, [...(byLine.get(line) ?? []), `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`]);
  }
  const unplaced = [...byLine.keys()].filter((line) => line < 0 || line >= lines.length);
  if (unplaced.length > 0) throw new Error(`diagnostics outside the cases: ${unplaced.map((line) => byLine.get(line)!.join("; ")).join("\n")}`);

  const declared = new Map<string, ts.Type>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name)) declared.set(declaration.name.text, checker.getTypeAtLocation(declaration.name));
    }
  }

  const readSize = (type: ts.Type): SizeType => {
    if (type.flags & ts.TypeFlags.Never) return "never";
    if (type.isNumberLiteral()) return type.value;
    if (type.flags & ts.TypeFlags.Number) return "number";
    if (type.isIntersection()) {
      for (const property of type.getProperties()) {
        const value = checker.getTypeOfSymbol(property);
        if (property.getName().startsWith("__@dimName") && value.isStringLiteral()) return { dim: value.value };
      }
    }
    return { other: checker.typeToString(type) };
  };
  const readShape = (type: ts.Type): readonly SizeType[] | undefined =>
    checker.isTupleType(type) ? checker.getTypeArguments(type as ts.TypeReference).map(readSize) : undefined;
  const shapeOfTensor = (type: ts.Type): ts.Type | undefined => {
    const shape = type.getProperty("shape");
    return shape === undefined ? undefined : checker.getTypeOfSymbol(shape);
  };
  const read = (type: ts.Type): ShapesType => {
    // topk's { values, indices }: the two tensors' shapes, in that order
    const values = type.getProperty("values");
    const indices = type.getProperty("indices");
    if (values !== undefined && indices !== undefined) {
      const tuple = [checker.getTypeOfSymbol(values), checker.getTypeOfSymbol(indices)].map(shapeOfTensor);
      if (tuple.every((shape) => shape !== undefined)) {
        if (tuple.some((shape) => checker.isArrayType(shape!))) return { unknownRank: true };
        const shapes = tuple.map((shape) => readShape(shape!));
        return shapes.every((shape) => shape !== undefined) ? { shapes: shapes as SizeType[][] } : { other: checker.typeToString(type) };
      }
    }
    const tensorShape = shapeOfTensor(type);
    const targets = tensorShape !== undefined ? [tensorShape]
      : checker.isTupleType(type) && checker.getTypeArguments(type as ts.TypeReference).every((item) => shapeOfTensor(item) !== undefined)
        ? checker.getTypeArguments(type as ts.TypeReference).map((item) => shapeOfTensor(item)!)
        : [type];
    if (checker.isTupleType(type) && tensorShape === undefined && targets[0] === type) {
      // a tuple of sizes (broadcastShapes) rather than a tuple of tensors
      return { shapes: [readShape(type)!] };
    }
    if (targets.some((target) => checker.isArrayType(target)) || (checker.isArrayType(type) && tensorShape === undefined)) return { unknownRank: true };
    const shapes = targets.map(readShape);
    return shapes.every((shape) => shape !== undefined) ? { shapes: shapes as SizeType[][] } : { other: checker.typeToString(type) };
  };

  return names.map((name, i) => {
    const type = declared.get(name);
    if (type === undefined) throw new Error(`no declaration of ${name}`);
    return { type: read(type), diagnostics: byLine.get(i) ?? [] };
  });
}

/**
 * Type-checks `source` as `test/.generated/<fileName>` with the `tsc` at `compiler`
 * (strict; `extra` adds compiler options) and returns its diagnostics in that file by
 * line (0-based), each with its continuation lines. Never throws for type errors: the
 * caller judges them.
 */
export function diagnosticsWith(compiler: string, fileName: string, source: string, extra: Record<string, unknown> = {}): Map<number, string[]> {
  const { file, config } = writeGenerated(fileName, source, extra);
  let output: string;
  try {
    output = execFileSync(process.execPath, [compiler, "-p", config], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; status?: number };
    // tsc exits 1 or 2 when it reports errors; anything else (a crash) is a failure of its own
    if (failed.status !== 1 && failed.status !== 2) throw new Error(`${compiler} failed: ${failed.stderr ?? ""}`);
    output = failed.stdout ?? "";
  }
  const byLine = new Map<number, string[]>();
  let current: { line: number; text: string[] } | undefined;
  const flush = () => current && byLine.set(current.line, [...(byLine.get(current.line) ?? []), current.text.join("\n")]);
  for (const line of output.split("\n")) {
    const start = /^(.*)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (start !== null) {
      flush();
      current = resolve(root, start[1]!) === file || resolve(dirname(file), start[1]!) === file ? { line: Number(start[2]) - 1, text: [`${start[3]}: ${start[4]}`] } : undefined;
    } else if (current !== undefined && line.startsWith(" ")) {
      current.text.push(line.trim());
    } else if (line.trim() !== "") {
      flush();
      current = undefined;
    }
  }
  flush();
  return byLine;
}

/**
 * Calls of generic functions against the runtime's shapes, as the symbolic-size parity tests
 * make them: `header(from)` declares the functions (importing the project from `from`, and
 * `Tensor`), `calls[i]` calls one on concrete shapes, `shapes[i]` is what the runtime gives.
 * Under TypeScript 6, the calls that report a diagnostic or whose type is not exactly that shape,
 * each as its index and what the compiler made of it.
 */
export function genericCallMismatches(
  fileName: string,
  header: (from: string) => string,
  calls: readonly string[],
  shapes: readonly (readonly number[])[],
): { readonly index: number; readonly found: string }[] {
  const results = evaluateCalls(fileName, header("../src/index.js"), calls.map((call, i) => `export const r${i} = ${call};`), calls.map((_, i) => `r${i}`));
  return results.flatMap((r, index) =>
    r.diagnostics.length > 0 || JSON.stringify(r.type) !== JSON.stringify({ shapes: [shapes[index]] })
      ? [{ index, found: `${JSON.stringify(r.type)} ${r.diagnostics.join("; ")}` }]
      : [],
  );
}

/** The same calls under the `tsc` at `compiler`: the diagnostics of each assigned to a float32 tensor of its runtime shape. */
export function exactShapeDiagnostics(compiler: string, fileName: string, header: (from: string) => string, calls: readonly string[], shapes: readonly (readonly number[])[]): string[] {
  const lines = calls.map((call, i) => `export const r${i}: Tensor<${tupleText(shapes[i]!)}, "float32"> = ${call};`);
  return [...diagnosticsWith(compiler, fileName, `${header("../../src/index.js")}\n${lines.join("\n")}\n`).values()].flat();
}

/**
 * The two checks every generic-parity suite makes, as `it`s of the calling `describe`: the calls
 * (`r0 = g0(...)`, each calling a generic function of the header on concrete shapes) compile
 * with no diagnostic and give the runtime's shapes under TypeScript 6 (`genericCallMismatches`),
 * and each result is assignable to its runtime shape under the other compilers
 * (`exactShapeDiagnostics`). `show(i)` writes case i's generic function for a failure.
 */
export function itAgreesWithRuntime(name: string, header: (from: string) => string, calls: readonly string[], shapes: readonly (readonly number[])[], show: (index: number) => string): void {
  it(`compile inside their generic functions and give the runtime's shapes on all ${calls.length} calls under TypeScript 6`, () => {
    const problems = genericCallMismatches(`__${name}__.ts`, header, calls, shapes).map(
      ({ index, found }) => `${show(index)}\n  ${calls[index]}\n  runtime ${JSON.stringify(shapes[index])}, types ${found}`,
    );
    expect(problems.slice(0, 10).join("\n")).toBe("");
  });
  for (const [label, compiler] of Object.entries(compilers)) {
    it(`agree under ${label}: each result assignable to the runtime's exact shape`, () => {
      expect(exactShapeDiagnostics(compiler, `${name}.ts`, header, calls, shapes).slice(0, 10).join("\n")).toBe("");
    });
  }
}
