/**
 * Loading the code a command works on: into a ts-morph Project for the
 * commands that read and edit it (shapes, codemod), into a plain TypeScript
 * program built as tsc builds it for `check` (loadProgram). Both use the
 * TypeScript that ts-morph bundles, so results do not depend on the user's
 * compiler. Bad input is a UsageError: a tsconfig that does not exist, a path
 * or glob that matches no file, a file that does not parse.
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
  const config = findTsconfig(cwd, tsconfig);
  let project: Project;
  try {
    // dependencies are resolved below, once the files read so far have their module formats
    project = config !== undefined
      ? new Project({ tsConfigFilePath: config, skipAddingFilesFromTsConfig: paths.length > 0, skipFileDependencyResolution: true })
      : new Project({ compilerOptions: defaultOptions });
  } catch (error) {
    throw new UsageError(`${relative(cwd, config ?? cwd)}: ${(error as Error).message.split("\n")[0]}`);
  }
  let files: SourceFile[] = [];
  if (paths.length === 0 && config === undefined) throw new UsageError("no tsconfig.json here and no files named: pass paths or --project");
  for (const path of paths) {
    const matches = await expand(cwd, path);
    if (matches.length === 0) throw new UsageError(`${path}: matches no TypeScript file`);
    for (const match of matches) files.push(project.getSourceFile(match) ?? project.addSourceFileAtPath(match));
  }
  settleModuleFormats(project);
  if (config !== undefined) project.resolveSourceFileDependencies();
  if (paths.length === 0 && config !== undefined) {
    // the tsconfig's own files (its include/files), not those its imports reach through
    // `paths` (a library's sources, say), which are not the user's to check or edit
    const own = ownFiles(config);
    files = project.getSourceFiles().filter((file) => !file.isDeclarationFile() && (own?.has(resolve(file.getFilePath())) ?? !file.getFilePath().includes("/node_modules/")));
  }
  files = [...new Set(files)].sort((x, y) => x.getFilePath().localeCompare(y.getFilePath()));
  const program = project.getProgram().compilerObject;
  for (const file of files) mustParse(cwd, program, file.compilerNode);
  return { project, files, tsconfig: config };
}

type ExternalModuleIndicatorSetter = (options: ts.CompilerOptions) => (file: ts.SourceFile) => void;

/**
 * Gives every file of the project's program the module format tsc gives it,
 * before ts-morph builds that program. ts-morph creates source files with the
 * script target alone, dropping what the compiler computes per file
 * (loadProgram below says what that decides). The formats have to be there
 * before the program exists: it resolves each import in its file's mode, and
 * a format set afterwards makes the checker look the import up in the other
 * mode and find nothing. So the program is first built as tsc builds it, which
 * names its files and gives each its format; ts-morph then gets each file
 * (reading those it has not yet) and the format, with whether the file is a
 * module (an ESM file is one even without imports). A file ts-morph reads
 * again later (an edited file's new text) loses it, so commands read types
 * before they edit.
 */
function settleModuleFormats(project: Project): void {
  const options = project.getCompilerOptions();
  const roots = project.getSourceFiles().map((file) => file.getFilePath());
  const program = ts.createProgram({ rootNames: roots, options, host: compilerHost(options) });
  // not in the compiler's typings, but what it uses itself when it parses a file for a program
  const setIndicator = (ts as unknown as { getSetExternalModuleIndicator?: ExternalModuleIndicatorSetter }).getSetExternalModuleIndicator?.(options);
  for (const source of program.getSourceFiles()) {
    if (source.fileName.startsWith(`${LIB_FOLDER}/`)) continue;
    const file = project.getSourceFile(source.fileName) ?? project.addSourceFileAtPathIfExists(source.fileName);
    const node = file?.compilerNode as { -readonly [K in keyof ts.SourceFile]: ts.SourceFile[K] } | undefined;
    if (node === undefined) continue;
    node.impliedNodeFormat = source.impliedNodeFormat;
    // also what moduleDetection "force" makes of a file, which ts-morph misses the same way
    setIndicator?.(node);
  }
}

/** The tsconfig a command uses: `--project` (a file, or a folder with a tsconfig.json), else ./tsconfig.json when it exists. */
function findTsconfig(cwd: string, tsconfig: string | undefined): string | undefined {
  if (tsconfig === undefined) return existsSync(resolve(cwd, "tsconfig.json")) ? resolve(cwd, "tsconfig.json") : undefined;
  const config = resolve(cwd, tsconfig);
  if (existsSync(config) && !statSync(config).isDirectory()) return config;
  const asFolder = resolve(config, "tsconfig.json");
  if (statSync(config, { throwIfNoEntry: false })?.isDirectory() === true && existsSync(asFolder)) return asFolder;
  throw new UsageError(`--project ${tsconfig}: no such tsconfig (looked for ${relative(cwd, config) || config})`);
}

/** A UsageError naming the first syntax error of `file`, if it has one. */
function mustParse(cwd: string, program: ts.Program, file: ts.SourceFile): void {
  const first = program.getSyntacticDiagnostics(file)[0];
  if (first === undefined) return;
  const { line, character } = file.getLineAndCharacterOfPosition(first.start ?? 0);
  throw new UsageError(
    `${relative(cwd, file.fileName)}:${line + 1}:${character + 1}: does not parse: ${ts.flattenDiagnosticMessageText(first.messageText, " ")}`,
  );
}

export interface LoadedProgram {
  readonly program: ts.Program;
  /** The files the command was asked about, in path order. */
  readonly files: ts.SourceFile[];
  /** The tsconfig used, or undefined when none was found. */
  readonly tsconfig: string | undefined;
  /** What reading the tsconfig found wrong (an unknown option, say), as tsc reports it. */
  readonly configDiagnostics: readonly ts.Diagnostic[];
}

/**
 * The program `tsc --noEmit -p <tsconfig>` type-checks, built the way tsc
 * builds it: ts.createProgram over the tsconfig's files (and the files named
 * by `paths`) with the compiler's own host. So each file gets its module
 * format as tsc gives it (ESM or CommonJS from its extension and the nearest
 * package.json's "type"), which decides, among others, whether `import.meta`
 * and top-level `await` are allowed, whether a file without imports is a
 * module, and which `exports` conditions its imports resolve with.
 *
 * A ts-morph Project cannot stand in for it: ts-morph creates every source
 * file with the script target alone and drops the module format the compiler
 * computes for it, so in a `"type": "module"` package under `module: nodenext`
 * every `.ts` (and even `.mts`) file reads as CommonJS to the checker.
 *
 * `files` are the files named by `paths`, else the tsconfig's own files (its
 * include/files), not those its imports reach outside them (a library's
 * sources through `paths`, say), which are not the user's to check.
 */
export async function loadProgram(cwd: string, tsconfig: string | undefined, paths: readonly string[]): Promise<LoadedProgram> {
  const config = findTsconfig(cwd, tsconfig);
  if (config === undefined && paths.length === 0) throw new UsageError("no tsconfig.json here and no files named: pass paths or --project");
  let options = defaultOptions;
  let roots: readonly string[] = [];
  let projectReferences: readonly ts.ProjectReference[] | undefined;
  let configDiagnostics: readonly ts.Diagnostic[] = [];
  if (config !== undefined) {
    const parsed = ts.getParsedCommandLineOfConfigFile(config, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new UsageError(`${relative(cwd, config)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`);
      },
    });
    if (parsed === undefined) throw new UsageError(`${relative(cwd, config)}: cannot be read`);
    ({ options, projectReferences, errors: configDiagnostics } = parsed);
    roots = parsed.fileNames.map((file) => resolve(file));
  }
  const named: string[] = [];
  for (const path of paths) {
    const matches = await expand(cwd, path);
    if (matches.length === 0) throw new UsageError(`${path}: matches no TypeScript file`);
    named.push(...matches);
  }
  const program = ts.createProgram({
    rootNames: [...new Set([...roots, ...named])],
    options,
    projectReferences,
    host: compilerHost(options),
    configFileParsingDiagnostics: configDiagnostics,
  });
  const files = [...new Set(paths.length > 0 ? named : roots)]
    .sort((x, y) => x.localeCompare(y))
    .map((file) => program.getSourceFile(file))
    .filter((file) => file !== undefined);
  for (const file of files) mustParse(cwd, program, file);
  return { program, files, tsconfig: config, configDiagnostics };
}

/**
 * ts-morph keeps the standard library's declaration files in memory under
 * this folder: the compiler bundled with ts-morph ships without them.
 */
const LIB_FOLDER = "/node_modules/typescript/lib";

/** The host tsc uses (ts.sys), with the standard library read from ts-morph's copy of it. */
function compilerHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const libs = new Project({ compilerOptions: options }).getModuleResolutionHost();
  const isLib = (file: string) => file.startsWith(`${LIB_FOLDER}/`);
  if (libs.readFile(`${LIB_FOLDER}/${ts.getDefaultLibFileName(options)}`) === undefined) {
    throw new Error(`ts-morph's standard library is not under ${LIB_FOLDER}`);
  }
  const { readFile, fileExists } = host;
  host.getDefaultLibLocation = () => LIB_FOLDER;
  host.getDefaultLibFileName = (compilerOptions) => `${LIB_FOLDER}/${ts.getDefaultLibFileName(compilerOptions)}`;
  host.readFile = (file) => (isLib(file) ? libs.readFile(file) : readFile.call(host, file));
  host.fileExists = (file) => (isLib(file) ? libs.fileExists(file) : fileExists.call(host, file));
  return host;
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
