/**
 * The language worker's service (language.ts loads it): TypeScript's
 * language service over an in-memory file system (@typescript/vfs) holding
 * the program, the standard library's declarations and shapecast's, wrapped
 * by the same language-service plugin editors load (cli/editor/). It answers
 * the page's requests for the program's problems, hovers and the JavaScript
 * to run.
 */
import { createSystem, createVirtualTypeScriptEnvironment, type VirtualTypeScriptEnvironment } from "@typescript/vfs";
import ts from "typescript";
import { createPlugin } from "../../cli/editor/index.js";
import type { Checked, Fix, Hover, LanguageRequest, LanguageResponse, Problem, WorkerTimings } from "./protocol.js";

const PROGRAM = "/index.ts";
const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts"],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  types: [],
};

/** The service over `files` (path to text), the plugin wrapping TypeScript's. */
function serviceOver(files: Record<string, string>): { env: VirtualTypeScriptEnvironment; service: ts.LanguageService } {
  const map = new Map(Object.entries(files));
  // the file system takes an empty text for a missing file: the program starts as a module with nothing in it
  map.set(PROGRAM, "export {};\n");
  const env = createVirtualTypeScriptEnvironment(createSystem(map), [PROGRAM, "/globals.d.ts"], ts, options);
  const service = createPlugin(ts).create({
    languageService: env.languageService,
    languageServiceHost: undefined,
    project: undefined,
    serverHost: undefined,
    config: { inlayHints: false },
  } as unknown as ts.server.PluginCreateInfo);
  return { env, service };
}

let env: VirtualTypeScriptEnvironment;
let service: ts.LanguageService;

const post = (message: LanguageResponse): void => (self as unknown as { postMessage(m: LanguageResponse): void }).postMessage(message);

/** Make the program's text `text`. */
function update(text: string): ts.SourceFile {
  const current = env.getSourceFile(PROGRAM);
  if (current?.text !== text) env.updateFile(PROGRAM, text);
  return env.getSourceFile(PROGRAM)!;
}

const severity = (category: ts.DiagnosticCategory): Problem["severity"] =>
  category === ts.DiagnosticCategory.Error ? "error" : category === ts.DiagnosticCategory.Warning ? "warning" : "info";

/** The code actions for a diagnostic that change the program only; the plugin's (shape fixes) first. */
function fixesFor(diagnostic: ts.Diagnostic): Fix[] {
  if (diagnostic.start === undefined) return [];
  const end = diagnostic.start + (diagnostic.length ?? 0);
  const actions = service.getCodeFixesAtPosition(PROGRAM, diagnostic.start, end, [diagnostic.code], {}, {});
  return actions
    .filter((action) => action.changes.every((change) => change.fileName === PROGRAM) && action.commands === undefined)
    .sort((a, b) => Number(b.fixName === "shapecast") - Number(a.fixName === "shapecast"))
    .map((action) => ({
      description: action.description,
      changes: action.changes.flatMap((change) => change.textChanges.map((t) => ({ from: t.span.start, to: t.span.start + t.span.length, insert: t.newText }))),
    }));
}

function check(text: string): Checked {
  const started = performance.now();
  const file = update(text);
  const diagnostics = [...service.getSyntacticDiagnostics(PROGRAM), ...service.getSemanticDiagnostics(PROGRAM)];
  const problems = diagnostics.map((diagnostic): Problem => {
    const from = diagnostic.start ?? 0;
    const to = from + (diagnostic.length ?? 0);
    const { line, character } = file.getLineAndCharacterOfPosition(from);
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    const shape = diagnostic.source === "shapecast";
    // a shape error's text is the library's message, then the picture (cli/editor/index.ts editorMessage)
    const cut = shape ? text.indexOf("\n") : -1;
    return {
      from,
      to,
      line: line + 1,
      column: character + 1,
      severity: severity(diagnostic.category),
      message: cut === -1 ? text : text.slice(0, cut),
      ...(cut === -1 ? {} : { picture: text.slice(cut + 1) }),
      source: shape ? "shapecast" : "ts",
      code: diagnostic.code,
      fixes: fixesFor(diagnostic),
    };
  });
  return { problems, milliseconds: performance.now() - started };
}

function hover(text: string, position: number): Hover | undefined {
  update(text);
  const info = service.getQuickInfoAtPosition(PROGRAM, position);
  if (info === undefined) return undefined;
  return {
    from: info.textSpan.start,
    to: info.textSpan.start + info.textSpan.length,
    text: ts.displayPartsToString(info.displayParts),
    documentation: ts.displayPartsToString(info.documentation),
  };
}

/** The program as a CommonJS script for the run worker (types are erased, not checked: a misfit throws there). */
const compile = (text: string): string =>
  ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 }, fileName: PROGRAM }).outputText;

/** Answer one request of the page. */
export function answer(request: LanguageRequest): void {
  try {
    const result = request.kind === "check" ? check(request.text) : request.kind === "hover" ? hover(request.text, request.position) : compile(request.text);
    post({ id: request.id, ok: true, result });
  } catch (error) {
    post({ id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

/**
 * Make the service over `files` and read the standard library's declarations
 * (a check of the empty program), then tell the page; `entry` is when the
 * worker's entry ran (WorkerTimings).
 */
export function start(files: Record<string, string>, entry: number): void {
  const now = (): number => performance.timeOrigin + performance.now();
  const loaded = now();
  ({ env, service } = serviceOver(files));
  const environment = now();
  service.getSemanticDiagnostics(PROGRAM);
  post({ kind: "ready", timings: { entry, loaded, environment, ready: now() } });
}
