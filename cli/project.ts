/**
 * Loading the code a command works on into a ts-morph Project (which bundles
 * its own TypeScript, so results do not depend on the user's compiler).
 * Bad input is a UsageError: a tsconfig that does not exist, a path or glob
 * that matches no file, a file that does not parse.
 */
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { glob } from "tinyglobby";
import { Project, type SourceFile, ts } from "ts-morph";
import { UsageError } from "./errors.js";

export interface Loaded {
  readonly project: Project;
  /** The files the command was asked about, in path order. */
  readonly files: SourceFile[];
  /** The tsconfig used, or undefined when none was found. */
  readonly tsconfig: string | undefined;
}

/** Options used when there is no tsconfig: what `tsc --init` would pick for a Node ESM project. */
const defaultOptions: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  noEmit: true,
};

/**
 * `tsconfig` (default: ./tsconfig.json when it exists) and the files named by
 * `paths` (files, folders or globs, relative to `cwd`); with no paths, every
 * file of the tsconfig.
 */
export async function loadProject(cwd: string, tsconfig: string | undefined, paths: readonly string[]): Promise<Loaded> {
  let config: string | undefined;
  if (tsconfig !== undefined) {
    config = resolve(cwd, tsconfig);
    if (!existsSync(config) || statSync(config).isDirectory()) {
      const asFolder = resolve(config, "tsconfig.json");
      if (statSync(config, { throwIfNoEntry: false })?.isDirectory() === true && existsSync(asFolder)) config = asFolder;
      else throw new UsageError(`--project ${tsconfig}: no such tsconfig (looked for ${relative(cwd, config) || config})`);
    }
  } else if (existsSync(resolve(cwd, "tsconfig.json"))) {
    config = resolve(cwd, "tsconfig.json");
  }
  let project: Project;
  try {
    project = config !== undefined
      ? new Project({ tsConfigFilePath: config, skipAddingFilesFromTsConfig: paths.length > 0 })
      : new Project({ compilerOptions: defaultOptions });
  } catch (error) {
    throw new UsageError(`${relative(cwd, config ?? cwd)}: ${(error as Error).message.split("\n")[0]}`);
  }
  let files: SourceFile[];
  if (paths.length === 0) {
    if (config === undefined) throw new UsageError("no tsconfig.json here and no files named: pass paths or --project");
    // the tsconfig's own files (its include/files), not those its imports reach through
    // `paths` (a library's sources, say), which are not the user's to check or edit
    const own = ownFiles(config);
    files = project.getSourceFiles().filter((file) => !file.isDeclarationFile() && (own?.has(resolve(file.getFilePath())) ?? !file.getFilePath().includes("/node_modules/")));
  } else {
    files = [];
    for (const path of paths) {
      const matches = await expand(cwd, path);
      if (matches.length === 0) throw new UsageError(`${path}: matches no TypeScript file`);
      for (const match of matches) files.push(project.getSourceFile(match) ?? project.addSourceFileAtPath(match));
    }
    if (config !== undefined) project.resolveSourceFileDependencies();
  }
  files = [...new Set(files)].sort((x, y) => x.getFilePath().localeCompare(y.getFilePath()));
  for (const file of files) {
    const syntax = project.getProgram().compilerObject.getSyntacticDiagnostics(file.compilerNode);
    if (syntax.length > 0) {
      const first = syntax[0]!;
      const { line, character } = file.compilerNode.getLineAndCharacterOfPosition(first.start ?? 0);
      throw new UsageError(
        `${relative(cwd, file.getFilePath())}:${line + 1}:${character + 1}: does not parse: ${ts.flattenDiagnosticMessageText(first.messageText, " ")}`,
      );
    }
  }
  return { project, files, tsconfig: config };
}

/** The files a tsconfig names itself, as absolute paths (undefined if it cannot be read). */
function ownFiles(tsconfig: string): Set<string> | undefined {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  return parsed === undefined ? undefined : new Set(parsed.fileNames.map((file) => resolve(file)));
}

/** A file, a folder (its .ts/.tsx/.mts/.cts files) or a glob, as absolute paths. */
async function expand(cwd: string, path: string): Promise<string[]> {
  const absolute = resolve(cwd, path);
  const stat = statSync(absolute, { throwIfNoEntry: false });
  if (stat?.isFile() === true) return [absolute];
  const pattern = stat?.isDirectory() === true ? `${path.replace(/\/$/, "")}/**/*.{ts,tsx,mts,cts}` : path;
  const found = await glob(pattern, { cwd, absolute: true, ignore: ["**/node_modules/**", "**/*.d.ts"] });
  return found.filter((file) => /\.(ts|tsx|mts|cts)$/.test(file) && !file.endsWith(".d.ts"));
}

/** `path` relative to `cwd`, as reports print it. */
export const shown = (cwd: string, path: string): string => relative(cwd, path) || path;
