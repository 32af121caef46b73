/**
 * The language-service plugin (cli/editor/) over a real TypeScript 6
 * language service, in process: a program with a shape error, a tensor to
 * hover and another type error. The diagnostics read as the library's
 * message with the aligned-axes picture; hovering shows shapes on one line,
 * and a failed call shows its shape error; other diagnostics are untouched.
 */
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { createPlugin } from "../../cli/editor/index.js";
import { compilerOptions, root } from "../support/compiler.js";

const fileName = join(root, "test", "__plugin__.ts");

/** A language service over `text` (as test/__plugin__.ts, importing the library's source), wrapped by the plugin. */
function service(text: string, config: object = {}): { plugin: ts.LanguageService; plain: ts.LanguageService } {
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => compilerOptions,
    getScriptFileNames: () => [fileName],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      if (name === fileName) return ts.ScriptSnapshot.fromString(text);
      const content = ts.sys.readFile(name);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (name) => name === fileName || ts.sys.fileExists(name),
    readFile: (name) => (name === fileName ? text : ts.sys.readFile(name)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const plain = ts.createLanguageService(host);
  const plugin = createPlugin(ts).create({ languageService: plain, languageServiceHost: host, config } as unknown as ts.server.PluginCreateInfo);
  return { plugin, plain };
}

const program = [
  'import { add, matmul, zeros } from "../src/index.js";',
  "const a = zeros([2, 10]);",
  "const b = zeros([2, 11]);",
  "export const bad = add(a, b);",
  "export const good = matmul(zeros([32, 5]), zeros([5, 10]));",
  'export const text: string = 1;',
  "",
].join("\n");

describe("the language-service plugin", () => {
  const { plugin, plain } = service(program);

  it("turns a shape error into the library's message and the aligned-axes picture", () => {
    const diagnostics = plugin.getSemanticDiagnostics(fileName);
    const before = plain.getSemanticDiagnostics(fileName);
    expect(diagnostics).toHaveLength(before.length);
    const shape = diagnostics.find((d) => d.source === "shapecast");
    expect(shape).toBeDefined();
    const text = ts.flattenDiagnosticMessageText(shape!.messageText, "\n");
    expect(text.split("\n")[0]).toBe("add (numpy): axis 1 has 10 vs 11; cannot broadcast [2, 10] with [2, 11]");
    // the picture: both shapes under their axes, the failing one marked
    expect(text).toMatch(/a \[2, 10\] +2 +10/);
    expect(text).toMatch(/b \[2, 11\] +2 +11/);
    expect(text).toMatch(/\^ axis 1: 10 vs 11/);
    // where TypeScript put it, and with its code
    const original = before.find((d) => d.start === shape!.start)!;
    expect(shape!.code).toBe(original.code);
    expect(ts.flattenDiagnosticMessageText(original.messageText, "\n")).not.toMatch(/^add \(numpy\)/);
  });

  it("leaves other diagnostics as TypeScript wrote them", () => {
    const other = plugin.getSemanticDiagnostics(fileName).filter((d) => d.source !== "shapecast");
    expect(other.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual(["Type 'number' is not assignable to type 'string'."]);
  });

  it("shows a tensor's shape and dtype on one line when hovered", () => {
    const at = (needle: string, offset = 0): number => program.indexOf(needle) + offset;
    const parts = (position: number): string => (plugin.getQuickInfoAtPosition(fileName, position)?.displayParts ?? []).map((p) => p.text).join("");
    expect(parts(at("good ="))).toBe("good: Tensor<[32, 10], float32>");
    expect(parts(at("const a") + 6)).toBe("a: Tensor<[2, 10], float32>");
    expect(parts(at("zeros([32, 5])") + 1)).not.toBe("");
  });

  it("shows a failed call's shape error when it is hovered, not a signature", () => {
    const hover = plugin.getQuickInfoAtPosition(fileName, program.indexOf("add(a, b)") + 1);
    expect(hover?.displayParts?.map((p) => p.text).join("")).toBe("shape error: add (numpy): axis 1 has 10 vs 11; cannot broadcast [2, 10] with [2, 11]");
    // the name the failed result is bound to: an error, not a shape that looks valid
    expect(plugin.getQuickInfoAtPosition(fileName, program.indexOf("bad ="))?.displayParts?.map((p) => p.text).join("")).toBe("bad: shape error: add (numpy): axis 1 has 10 vs 11; cannot broadcast [2, 10] with [2, 11]");
  });
});

/** `text` with the text changes of a code action applied. */
function applied(text: string, changes: readonly ts.FileTextChanges[]): string {
  const edits = changes.flatMap((c) => c.textChanges).sort((x, y) => y.span.start - x.span.start);
  return edits.reduce((out, e) => out.slice(0, e.span.start) + e.newText + out.slice(e.span.start + e.span.length), text);
}

describe("the plugin's quick fixes", () => {
  const fixable = [
    'import { add, zeros } from "../src/index.js";',
    'export const x = add(zeros([3, 3]), zeros([3]), { mode: "xla" });',
    'export const p = add(zeros([2, 3, 4]), zeros([3]), { mode: "pdpd", axis: 2 });',
    "",
  ].join("\n");
  const { plugin } = service(fixable);
  const fixesAt = (needle: string): readonly ts.CodeFixAction[] => {
    const diagnostic = plugin.getSemanticDiagnostics(fileName).find((d) => d.start! <= fixable.indexOf(needle) + needle.length && d.start! >= fixable.indexOf(needle))!;
    expect(diagnostic, needle).toBeDefined();
    return plugin.getCodeFixesAtPosition(fileName, diagnostic.start!, diagnostic.start! + diagnostic.length!, [diagnostic.code], {}, {}).filter((f) => f.fixName === "shapecast");
  };

  it("offers each valid broadcastDimensions of an xla misfit, and each fixes it", () => {
    const fixes = fixesAt('add(zeros([3, 3]), zeros([3]), { mode: "xla" })');
    expect(fixes.map((f) => f.description)).toEqual(["Use broadcastDimensions [0]", "Use broadcastDimensions [1]"]);
    for (const fix of fixes) {
      const text = applied(fixable, fix.changes);
      expect(text).toContain(`{ mode: "xla", ${fix.description.replace("Use broadcastDimensions ", "broadcastDimensions: ")} }`);
      const after = service(text).plugin.getSemanticDiagnostics(fileName).filter((d) => d.source === "shapecast");
      expect(after.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n")[0])).toEqual([expect.stringMatching(/^add \(pdpd\)/)]);
    }
  });

  it("offers the pdpd axes that fit, replacing the one given", () => {
    const fixes = fixesAt('add(zeros([2, 3, 4]), zeros([3]), { mode: "pdpd", axis: 2 })');
    expect(fixes.map((f) => f.description)).toEqual(["Use axis 1"]);
    const text = applied(fixable, fixes[0]!.changes);
    expect(text).toContain('{ mode: "pdpd", axis: 1 }');
    expect(service(text).plugin.getSemanticDiagnostics(fileName).filter((d) => d.source === "shapecast")).toHaveLength(1);
  });
});

describe("the plugin's inlay hints", () => {
  const text = ['import { add, matmul, zeros } from "../src/index.js";', "const w = zeros([4, 3]);", "const y: unknown = matmul(zeros([2, 4]), w);", "let z = w;", "const failed = add(w, zeros([2]));", ""].join("\n");
  const span = { start: 0, length: text.length };
  const preferences = { includeInlayVariableTypeHints: false };

  it("shows the shape of each const tensor binding written without a type, when asked (not of a failed call)", () => {
    const hints = service(text, { inlayHints: true }).plugin.provideInlayHints(fileName, span, preferences);
    expect(hints.map((h) => `${h.position}${typeof h.text === "string" ? h.text : ""}`)).toEqual([`${text.indexOf("w =") + 1}: Tensor<[4, 3], float32>`]);
  });

  it("shows nothing of its own unless the plugin's config asks", () => {
    expect(service(text).plugin.provideInlayHints(fileName, span, preferences)).toEqual([]);
  });
});

describe("the plugin's refactor: make the broadcast explicit", () => {
  const text = [
    'import { add, zeros } from "../src/index.js";',
    "const x = zeros([4, 10]);",
    "const bias = zeros([10]);",
    "export const y = add(x, bias);",
    "export const m = x.mul(bias, {});",
    "export const same = add(x, x);",
    "",
  ].join("\n");
  const { plugin } = service(text);
  const refactor = (needle: string) =>
    plugin.getApplicableRefactors(fileName, text.indexOf(needle) + 1, {}).find((r) => r.name === "shapecast: make the broadcast explicit");

  it("rewrites a rank-changing numpy call into xla mode with the broadcastDimensions it means, the same type after", () => {
    const found = refactor("add(x, bias)");
    expect(found?.description).toBe("Make the broadcast explicit (xla, broadcastDimensions [1])");
    const edits = plugin.getEditsForRefactor(fileName, {}, text.indexOf("add(x, bias)") + 1, found!.name, "explicit", {});
    const after = applied(text, edits!.edits);
    expect(after).toContain('export const y = add(x, bias, { mode: "xla", broadcastDimensions: [1] });');
    const rewritten = service(after).plugin;
    expect(rewritten.getSemanticDiagnostics(fileName)).toEqual([]);
    expect(rewritten.getQuickInfoAtPosition(fileName, after.indexOf("y ="))?.displayParts?.map((p) => p.text).join("")).toBe("y: Tensor<[4, 10], float32>");
  });

  it("adds the mode to a method's options literal, and offers nothing for equal ranks", () => {
    const found = refactor("mul(bias, {})");
    const edits = plugin.getEditsForRefactor(fileName, {}, text.indexOf("mul(bias, {})") + 1, found!.name, "explicit", {});
    expect(applied(text, edits!.edits)).toContain('x.mul(bias, { mode: "xla", broadcastDimensions: [1] })');
    expect(refactor("add(x, x)")).toBeUndefined();
  });
});

describe("the plugin when something of its own fails", () => {
  it("gives TypeScript's answer rather than failing the editor's request", () => {
    const { plain } = service(program);
    // a language service whose program cannot be read: the plugin's own work throws
    const broken = new Proxy(plain, { get: (target, key) => (key === "getProgram" ? () => { throw new Error("no program"); } : Reflect.get(target, key)) });
    const plugin = createPlugin(ts).create({ languageService: broken, config: {} } as unknown as ts.server.PluginCreateInfo);
    const position = program.indexOf("good =");
    expect(plugin.getQuickInfoAtPosition(fileName, position)).toEqual(plain.getQuickInfoAtPosition(fileName, position));
    expect(plugin.provideInlayHints(fileName, { start: 0, length: program.length }, {})).toEqual(plain.provideInlayHints(fileName, { start: 0, length: program.length }, {}));
  });
});
