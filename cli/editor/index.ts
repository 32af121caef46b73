/**
 * The TypeScript language-service plugin: shape errors and shapes in the
 * editor, from the editor's own compiler (tsserver hands it over; nothing
 * here loads TypeScript).
 *
 * - Diagnostics: a shape error (shape-errors.ts) reads as the library's
 *   message followed by the aligned-axes picture of `shapecast explain`,
 *   instead of TypeScript's framing (`Argument of type ... is not assignable
 *   to parameter of type '"add (numpy): ..."'`, `No overload matches this call`).
 * - Quick info: hovering a tensor-valued expression shows its shape and dtype
 *   on one line (`x: Tensor<[32, 10], float32>`); hovering a call that failed,
 *   or the name its result is bound to, shows its shape error, not a
 *   signature or a result type whose shapes look valid.
 *
 * - Quick fixes: each valid `broadcastDimensions` (xla), `axis` (pdpd) or
 *   `axesMapping` (explicit broadcast-to) the message lists, as a code action
 *   setting it in the call's options (fixes.ts).
 * - A refactor, "Make the broadcast explicit", on a numpy call whose operands
 *   have different ranks: the explicit-broadcast codemod on that call (explicit.ts).
 * - Inlay hints, opt-in (`{ "name": "shapecast-cli/plugin", "inlayHints": true }`):
 *   the shape of each `const` tensor binding written without a type.
 *
 * `createPlugin(ts)` is what tsserver's plugin factory returns; the entry
 * tsserver loads wraps it.
 */
import type ts from "typescript";
import { renderPicture } from "../diagram.js";
import { type CallInfo, type ShapeError, shapeErrorOf } from "../shape-errors.js";
import { explicitAt, explicitChanges } from "./explicit.js";
import { fieldChange, fixesIn } from "./fixes.js";
import { tensorLabel, tensorText } from "./tensor-label.js";

type TS = typeof ts;

/** The call a span [start, end) is an argument of (or lies in), in a source file of the editor's compiler. */
function callAt(typescript: TS, file: ts.SourceFile, start: number, end: number): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  let enclosing: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) > start || node.getEnd() < end) return;
    if (typescript.isCallExpression(node)) {
      if (node.arguments.some((arg) => arg.getStart(file) <= start && end <= arg.getEnd())) found = node;
      else enclosing = node;
    }
    typescript.forEachChild(node, visit);
  };
  visit(file);
  return found ?? enclosing;
}

/** A number literal (`2`, `-1`). */
function literalNumber(typescript: TS, node: ts.Node | undefined): number | undefined {
  if (node === undefined) return undefined;
  if (typescript.isNumericLiteral(node)) return Number(node.text);
  if (typescript.isPrefixUnaryExpression(node) && node.operator === typescript.SyntaxKind.MinusToken && typescript.isNumericLiteral(node.operand)) return -Number(node.operand.text);
  return undefined;
}

/** What a call says for a shape error: its callee's name, and the placement its options literal gives. */
function callInfo(typescript: TS, call: ts.CallExpression): CallInfo {
  const callee = call.expression;
  const op = typescript.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
  return {
    op,
    placement(mode) {
      const options = call.arguments.at(-1);
      const field = (name: string): ts.Expression | undefined => {
        if (options === undefined || !typescript.isObjectLiteralExpression(options)) return undefined;
        const property = options.properties.find((p) => typescript.isPropertyAssignment(p) && p.name.getText() === name);
        return property !== undefined && typescript.isPropertyAssignment(property) ? property.initializer : undefined;
      };
      const dimsNode = field(mode === "explicit" ? "axesMapping" : "broadcastDimensions");
      const dims = dimsNode !== undefined && typescript.isArrayLiteralExpression(dimsNode) ? dimsNode.elements.map((e) => literalNumber(typescript, e)) : undefined;
      return { mode, dims: dims?.every((d) => d !== undefined) ? (dims as number[]) : undefined, axis: literalNumber(typescript, field("axis")) };
    },
  };
}

/** The name of a variable declaration at `position`, with its initializer. */
function boundInitializer(typescript: TS, file: ts.SourceFile, position: number): { name: ts.Identifier; initializer: ts.Expression } | undefined {
  let found: { name: ts.Identifier; initializer: ts.Expression } | undefined;
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(file) || position > node.getEnd()) return;
    if (typescript.isVariableDeclaration(node) && typescript.isIdentifier(node.name) && node.initializer !== undefined && position >= node.name.getStart(file) && position <= node.name.getEnd()) {
      found = { name: node.name, initializer: node.initializer };
    }
    typescript.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A shape error's text in the editor: the library's message, then the picture. */
export function editorMessage(error: ShapeError): string {
  const picture = error.picture === undefined ? "" : `\n${renderPicture(error.picture, false)}`;
  return `${error.message}${picture}`.trimEnd();
}

/** The plugin over the editor's compiler `typescript`. */
export function createPlugin(typescript: TS): ts.server.PluginModule {
  return {
    create(info: ts.server.PluginCreateInfo): ts.LanguageService {
      const service = info.languageService;
      const proxy: ts.LanguageService = Object.create(null) as ts.LanguageService;
      for (const key of Object.keys(service) as (keyof ts.LanguageService)[]) {
        const member = service[key];
        (proxy as unknown as Record<string, unknown>)[key] = typeof member === "function" ? (member as (...args: unknown[]) => unknown).bind(service) : member;
      }

      /** The shape error of a diagnostic, if it is one. */
      const shapeError = (diagnostic: ts.Diagnostic): ShapeError | undefined => {
        const file = diagnostic.file;
        const text = typescript.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
        return shapeErrorOf(text, () => {
          if (file === undefined || diagnostic.start === undefined) return undefined;
          const call = callAt(typescript, file, diagnostic.start, diagnostic.start + (diagnostic.length ?? 0));
          return call === undefined ? undefined : callInfo(typescript, call);
        });
      };

      proxy.getSemanticDiagnostics = (fileName) =>
        service.getSemanticDiagnostics(fileName).map((diagnostic) => {
          const error = shapeError(diagnostic);
          return error === undefined ? diagnostic : { ...diagnostic, messageText: editorMessage(error), source: "shapecast" };
        });

      proxy.getQuickInfoAtPosition = (fileName, position, ...rest) => {
        const quick = service.getQuickInfoAtPosition(fileName, position, ...rest);
        const program = service.getProgram();
        const file = program?.getSourceFile(fileName);
        if (program === undefined || file === undefined) return quick;
        // a call that failed: its shape error, whichever part of it is hovered, or the name its result is bound to
        const failed = service.getSemanticDiagnostics(fileName).flatMap((diagnostic) => {
          if (diagnostic.start === undefined) return [];
          const call = callAt(typescript, file, diagnostic.start, diagnostic.start + (diagnostic.length ?? 0));
          const error = call === undefined ? undefined : shapeError(diagnostic);
          return call === undefined || error === undefined ? [] : [{ call, error }];
        });
        const bound = boundInitializer(typescript, file, position);
        for (const { call, error } of failed) {
          const inCall = position >= call.getStart(file) && position <= call.getEnd();
          const inBinding = bound !== undefined && call.getStart(file) >= bound.initializer.getStart(file) && call.getEnd() <= bound.initializer.getEnd();
          if (!inCall && !inBinding) continue;
          const at = inCall ? call : bound!.name;
          const span = { start: at.getStart(file), length: at.getEnd() - at.getStart(file) };
          const text = inCall ? `shape error: ${error.message}` : `${bound!.name.text}: shape error: ${error.message}`;
          return { kind: typescript.ScriptElementKind.unknown, kindModifiers: "", textSpan: span, displayParts: [{ kind: "text", text }] };
        }
        const label = tensorLabel(typescript, program.getTypeChecker(), file, position);
        if (label === undefined) return quick;
        return {
          kind: quick?.kind ?? typescript.ScriptElementKind.unknown,
          kindModifiers: quick?.kindModifiers ?? "",
          textSpan: label.span,
          displayParts: [{ kind: "text", text: label.text }],
          documentation: quick?.documentation ?? [],
          tags: quick?.tags ?? [],
        };
      };
      proxy.getCodeFixesAtPosition = (fileName, start, end, errorCodes, formatOptions, preferences) => {
        const fixes = [...service.getCodeFixesAtPosition(fileName, start, end, errorCodes, formatOptions, preferences)];
        const file = service.getProgram()?.getSourceFile(fileName);
        if (file === undefined) return fixes;
        for (const diagnostic of service.getSemanticDiagnostics(fileName)) {
          if (diagnostic.start === undefined) continue;
          const stop = diagnostic.start + (diagnostic.length ?? 0);
          if (stop < start || diagnostic.start > end) continue;
          const error = shapeError(diagnostic);
          const call = error === undefined ? undefined : callAt(typescript, file, diagnostic.start, stop);
          if (error === undefined || call === undefined) continue;
          for (const fix of fixesIn(error.message)) {
            const change = fieldChange(typescript, file, call, fix);
            if (change === undefined) continue;
            fixes.push({
              fixName: "shapecast",
              description: `Use ${fix.field} ${fix.value}`,
              changes: [{ fileName, textChanges: [change] }],
            });
          }
        }
        return fixes;
      };

      // the codes of shape errors (an argument that misfits, no overload that fits), so editors ask for their fixes
      proxy.getSupportedCodeFixes = (fileName) => [...new Set([...service.getSupportedCodeFixes(fileName), "2345", "2769"])];

      // the shape of each const tensor binding without a type, when the plugin's config asks (`"inlayHints": true`)
      proxy.provideInlayHints = (fileName, span, preferences) => {
        const hints = service.provideInlayHints(fileName, span, preferences);
        const program = service.getProgram();
        const file = program?.getSourceFile(fileName);
        if ((info.config as { inlayHints?: unknown } | undefined)?.inlayHints !== true || program === undefined || file === undefined) return hints;
        const checker = program.getTypeChecker();
        // a binding of a failed call gets no hint: its type is no shape
        const failed = service.getSemanticDiagnostics(fileName).filter((d) => d.start !== undefined && shapeError(d) !== undefined).map((d) => d.start!);
        const ours: ts.InlayHint[] = [];
        const visit = (node: ts.Node): void => {
          if (node.getEnd() < span.start || node.getStart(file) > span.start + span.length) return;
          if (typescript.isVariableDeclaration(node) && typescript.isIdentifier(node.name) && node.type === undefined &&
            typescript.isVariableDeclarationList(node.parent) && (node.parent.flags & typescript.NodeFlags.Const) !== 0) {
            const text = tensorText(typescript, checker, checker.getTypeAtLocation(node.name));
            const init = node.initializer;
            const fails = init !== undefined && failed.some((at) => at >= init.getStart(file) && at < init.getEnd());
            if (text !== undefined && !fails) ours.push({ text: `: ${text}`, position: node.name.getEnd(), kind: typescript.InlayHintKind.Type, whitespaceBefore: false });
          }
          typescript.forEachChild(node, visit);
        };
        visit(file);
        return [...hints, ...ours].sort((x, y) => x.position - y.position);
      };
      const REFACTOR = "shapecast: make the broadcast explicit";
      const positionOf = (range: number | ts.TextRange): number => (typeof range === "number" ? range : range.pos);
      proxy.getApplicableRefactors = (fileName, positionOrRange, ...rest) => {
        const refactors = service.getApplicableRefactors(fileName, positionOrRange, ...rest);
        const program = service.getProgram();
        const file = program?.getSourceFile(fileName);
        const found = program === undefined || file === undefined ? undefined : explicitAt(typescript, program.getTypeChecker(), file, positionOf(positionOrRange));
        if (found === undefined) return refactors;
        const description = `Make the broadcast explicit (xla, broadcastDimensions [${found.dims.join(", ")}])`;
        return [...refactors, { name: REFACTOR, description, actions: [{ name: "explicit", description }] }];
      };
      proxy.getEditsForRefactor = (fileName, formatOptions, positionOrRange, refactorName, actionName, ...rest) => {
        if (refactorName !== REFACTOR) return service.getEditsForRefactor(fileName, formatOptions, positionOrRange, refactorName, actionName, ...rest);
        const program = service.getProgram();
        const file = program?.getSourceFile(fileName);
        const found = program === undefined || file === undefined ? undefined : explicitAt(typescript, program.getTypeChecker(), file, positionOf(positionOrRange));
        if (found === undefined || file === undefined) return undefined;
        return { edits: [{ fileName, textChanges: explicitChanges(file, found) }] };
      };
      // a failure of the plugin's own never costs the editor the feature: TypeScript's answer stands, and the log says why
      const overridden = ["getSemanticDiagnostics", "getQuickInfoAtPosition", "getCodeFixesAtPosition", "getSupportedCodeFixes", "provideInlayHints", "getApplicableRefactors", "getEditsForRefactor"] as const;
      for (const key of overridden) {
        const ours = proxy[key] as (...args: unknown[]) => unknown;
        const original = (service[key] as (...args: unknown[]) => unknown).bind(service);
        (proxy as unknown as Record<string, unknown>)[key] = (...args: unknown[]): unknown => {
          try {
            return ours(...args);
          } catch (error) {
            info.project?.projectService?.logger?.info(`shapecast plugin: ${key} failed, TypeScript's answer is used: ${(error as Error).stack ?? String(error)}`);
            return original(...args);
          }
        };
      }
      return proxy;
    },
  };
}
