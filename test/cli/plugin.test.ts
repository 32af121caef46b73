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
function service(text: string): { plugin: ts.LanguageService; plain: ts.LanguageService } {
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
  const plugin = createPlugin(ts).create({ languageService: plain, languageServiceHost: host, config: {} } as unknown as ts.server.PluginCreateInfo);
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
