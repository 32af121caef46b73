/**
 * Evaluates type-level shape results through the TypeScript compiler API
 * (TypeScript 6, the `typescript` dev dependency), all in one program, and
 * runs other compilers (TypeScript 7, tsd's 5.9) over generated assertion files.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** What the compiler made of one type: a shape, an unknown-rank shape, or an error message. */
export type TypeResult =
  | { readonly shape: readonly (number | "number")[] }
  | { readonly unknownRank: true }
  | { readonly error: string }
  | { readonly other: string };

/** The options every program of the parity tests compiles with. */
export const compilerOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: true,
  noErrorTruncation: true,
};

/**
 * Compiles `declarations` (a module that may import from the project by
 * relative path from `test/`) and reads back every `export type <name>`.
 * `result` aliases hold shapes; `message` aliases hold `ErrorMessage<...>`.
 */
export function evaluateTypes(declarations: string, names: readonly { result: string; message: string }[]): TypeResult[] {
  const fileName = join(root, "test", "__evaluated__.ts");
  const host = ts.createCompilerHost(compilerOptions, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) =>
    resolve(name) === fileName
      ? ts.createSourceFile(name, declarations, languageVersion, true)
      : getSourceFile(name, languageVersion, onError, shouldCreate);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => resolve(name) === fileName || fileExists(name);
  const program = ts.createProgram([fileName], compilerOptions, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    throw new Error(ts.formatDiagnostics(diagnostics.slice(0, 5), {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => root,
      getNewLine: () => "\n",
    }));
  }
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileName)!;
  const aliases = new Map<string, ts.Type>();
  for (const statement of source.statements) {
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, checker.getTypeAtLocation(statement.name));
  }
  return names.map(({ result, message }) => {
    const type = aliases.get(result)!;
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference);
      return { shape: elements.map((element) => (element.isNumberLiteral() ? element.value : "number")) };
    }
    if (checker.isArrayType(type)) return { unknownRank: true };
    const text = aliases.get(message)!;
    if (text.isStringLiteral()) return { error: text.value };
    return { other: checker.typeToString(type) };
  });
}

/** Each compiler's command line; TypeScript 5.9 is the one tsd bundles. */
export const tsc = {
  "5.9": join(root, "node_modules/@tsd/typescript/typescript/bin/tsc"),
  "6": join(root, "node_modules/typescript/bin/tsc"),
  "7": join(root, "node_modules/typescript-7/bin/tsc"),
} as const;

/** Compilers other than the API's TypeScript 6, each run as its own `tsc`. */
export const compilers = {
  "TypeScript 7": tsc["7"],
  "TypeScript 5.9 (tsd)": tsc["5.9"],
} as const;

/**
 * Writes `source` under `test/.generated/` and type-checks it with `compiler`
 * (strict, no emit). Returns the compiler's output; throws when it reports errors.
 */
export function typeCheckWith(compiler: string, fileName: string, source: string): string {
  const { config } = writeGenerated(fileName, source);
  try {
    return execFileSync(process.execPath, [compiler, "-p", config], { encoding: "utf8" });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${compiler} found errors:\n${(failed.stdout ?? "").slice(0, 4000)}${failed.stderr ?? ""}`);
  }
}

/**
 * Writes `source` as `test/.generated/<fileName>` with a strict tsconfig that checks only it;
 * `extra` adds compiler options (declarations to emit, say).
 */
export function writeGenerated(fileName: string, source: string, extra: Record<string, unknown> = {}): { readonly file: string; readonly config: string } {
  const folder = join(root, "test", ".generated");
  mkdirSync(folder, { recursive: true });
  const file = join(folder, fileName);
  writeFileSync(file, source);
  const config = join(folder, `tsconfig.${fileName}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "es2022",
        lib: ["es2022"],
        module: "nodenext",
        moduleResolution: "nodenext",
        types: [],
        skipLibCheck: true,
        noErrorTruncation: true,
        ...extra,
      },
      files: [file],
    }),
  );
  return { file, config };
}
