/**
 * `shapecast codemod explicit-broadcast`: makes rank-changing broadcasts
 * explicit, in XLA's "no magic" style.
 *
 * A shapecast element-wise call in numpy mode (`add(x, bias)`, `x.mul(scale)`,
 * `sub(a, b, { out })`) whose operands have different ranks pads the
 * lower-rank operand with leading 1s. Where the type checker knows both
 * shapes, the call is rewritten into xla mode with the `broadcastDimensions`
 * that give the same result: the lower-rank operand's axes name the trailing
 * axes of the other. `add(x, bias)` with `x: [4, 10]`, `bias: [10]` becomes
 * `add(x, bias, { mode: "xla", broadcastDimensions: [1] })`. Each rewrite is
 * checked first with the runtime's own `broadcastShapes`: the xla result must
 * equal the numpy one.
 *
 * Left alone: same-rank calls and calls with a number or a rank-0 operand
 * (nothing to make explicit), calls in another mode, and calls that are not
 * shapecast's (the callee's type must be shapecast's `BinaryOp` or
 * `BinaryMethod`). Reported as skipped: calls whose shapes the checker does
 * not know exactly (`number[]`, a type parameter, a size typed `number`),
 * options that are not an object literal, and operands that do not broadcast.
 *
 * Edits are text insertions at the call (comments and formatting around them
 * survive), and a rewritten call is in xla mode, so a second run changes
 * nothing. Operand shapes are read with cli/tensor-type.ts.
 */
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve, sep } from "node:path";
import {
  type CallExpression,
  Node,
  type ObjectLiteralExpression,
  type SourceFile,
  SyntaxKind,
  type Type,
} from "ts-morph";
import { broadcastShapes } from "shapecast";
import { readTensorType, shapeText } from "../tensor-type.js";
import { type Edit, indentOf } from "./edits.js";
import { type Skipped, skippedAt, type Transform } from "./transform.js";

/**
 * Folders whose declarations are shapecast's: the library this command line
 * runs with (its sources in this repository, or its built files), and any
 * installed copy.
 */
const packageRoot = dirname(realpathSync(createRequire(import.meta.url).resolve("shapecast/package.json")));
const libraryFolders = [resolve(packageRoot, "src") + sep, resolve(packageRoot, "dist", "src") + sep];
const isLibraryFile = (path: string): boolean =>
  libraryFolders.some((folder) => resolve(path).startsWith(folder)) || path.includes("/node_modules/shapecast/");

/** What an operand's type says about its shape. */
type ShapeInfo =
  | { readonly kind: "scalar" }
  | { readonly kind: "known"; readonly shape: readonly number[] }
  | { readonly kind: "unknown"; readonly text: string };

/**
 * The shape of an operand from its type: a number or boolean is a scalar; a
 * tensor's shape is known when every axis is a literal size (`[4, 10]`), and
 * unknown otherwise (`number[]`, `[B, 10]`, `[number, 10]`, `[...Rest, 3]`).
 */
function shapeOf(type: Type, at: Node): ShapeInfo {
  if (type.isNumber() || type.isNumberLiteral() || type.isBoolean() || type.isBooleanLiteral()) return { kind: "scalar" };
  const tensor = readTensorType(type);
  if (tensor === undefined) return { kind: "unknown", text: type.getText(at) };
  const shape: number[] = [];
  for (const dim of tensor.dims ?? []) {
    if (dim.kind !== "literal") return { kind: "unknown", text: shapeText(tensor) };
    shape.push(dim.value);
  }
  return tensor.dims === undefined ? { kind: "unknown", text: shapeText(tensor) } : { kind: "known", shape };
}

/**
 * The broadcastDimensions of a generic call whose second operand is a vector
 * on the last axis of the first, the one form generic code type-checks in xla
 * mode (the 1-D operand on a named axis): `[B, O]` with `[O]` gives `[1]`.
 * Both ranks must be fixed and the two sizes the same type (`O` and `O`,
 * `Dim<"c">` and `Dim<"c">`, `4` and `4`); otherwise undefined.
 */
function vectorOnLastAxis(left: Node, right: Node): number[] | undefined {
  const high = readTensorType(left.getType())?.dims;
  const low = readTensorType(right.getType())?.dims;
  if (high === undefined || low === undefined || low.length !== 1 || high.length < 2) return undefined;
  if ([...high, ...low].some((dim) => dim.kind === "rest" || dim.kind === "other" || dim.kind === "number")) return undefined;
  return low[0]!.text === high[high.length - 1]!.text ? [high.length - 1] : undefined;
}

const showShape = (shape: readonly number[]): string => `[${shape.join(", ")}]`;
const describe = (info: ShapeInfo): string =>
  info.kind === "known" ? showShape(info.shape) : info.kind === "unknown" ? info.text : "a scalar";

/**
 * The op (`"add"`) and its form, `"function"` for `add(a, b, options?)` or
 * `"method"` for `a.add(b, options?)`; undefined when the callee is not
 * shapecast's element-wise op.
 */
function shapecastBinary(call: CallExpression): { readonly op: string; readonly form: "function" | "method" } | undefined {
  const type = call.getExpression().getType();
  const symbol = type.getSymbol() ?? type.getAliasSymbol();
  const name = symbol?.getName();
  if (name !== "BinaryOp" && name !== "BinaryMethod") return undefined;
  const fromLibrary = symbol!.getDeclarations().some((declaration) => isLibraryFile(declaration.getSourceFile().getFilePath()));
  if (!fromLibrary) return undefined;
  const op = type.getTypeArguments()[0];
  return {
    op: op?.isStringLiteral() === true ? String(op.getLiteralValue()) : call.getExpression().getText(),
    form: name === "BinaryOp" ? "function" : "method",
  };
}

const onOneLine = (file: SourceFile, from: number, to: number): boolean => !file.getFullText().slice(from, to).includes("\n");

/**
 * Adds `item` after `node` in a comma-separated list (arguments, properties).
 * In a list laid out one item per line, the item goes on a line of its own
 * after the node's line, so a comment ending that line stays with the node;
 * otherwise it follows the node on the same line.
 */
function appendItem(file: SourceFile, node: Node, item: string, multiline: boolean): Edit[] {
  const end = node.getEnd();
  if (!multiline) return [{ start: end, end, text: `, ${item}` }];
  const text = file.getFullText();
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  let lineEnd = text.indexOf("\n", end);
  if (lineEnd === -1) lineEnd = text.length;
  if (text[lineEnd - 1] === "\r") lineEnd -= 1;
  const rest = /^\s*(,?)\s*(\/\/.*)?$/.exec(text.slice(end, lineEnd));
  if (rest === null) return [{ start: end, end, text: `, ${item}` }];
  const line = `${newline}${indentOf(file, node.getStart())}${item}`;
  return rest[1] === ","
    ? [{ start: lineEnd, end: lineEnd, text: `${line},` }]
    : [{ start: end, end, text: "," }, { start: lineEnd, end: lineEnd, text: line }];
}

/**
 * The edits that turn a numpy-mode options argument (none, or an object
 * literal) into `{ mode: "xla", broadcastDimensions: dims }`, keeping its
 * other properties.
 */
function optionEdits(
  file: SourceFile,
  call: CallExpression,
  lastOperand: Node,
  options: ObjectLiteralExpression | undefined,
  dims: readonly number[],
  quote: string,
): Edit[] {
  const mode = `mode: ${quote}xla${quote}`;
  const dimsText = `broadcastDimensions: [${dims.join(", ")}]`;
  if (options === undefined) {
    const first = call.getArguments()[0]!;
    return appendItem(file, lastOperand, `{ ${mode}, ${dimsText} }`, !onOneLine(file, first.getStart(), lastOperand.getStart()));
  }
  const multiline = !onOneLine(file, options.getStart(), options.getEnd());
  const modeProperty = options.getProperty("mode");
  if (modeProperty !== undefined && Node.isPropertyAssignment(modeProperty)) {
    const value = modeProperty.getInitializerOrThrow();
    const valueQuote = value.getText()[0] ?? quote;
    return [
      { start: value.getStart(), end: value.getEnd(), text: `${valueQuote}xla${valueQuote}` },
      ...appendItem(file, modeProperty, dimsText, multiline),
    ];
  }
  const first = options.getProperties()[0];
  if (first === undefined) return [{ start: options.getStart(), end: options.getEnd(), text: `{ ${mode}, ${dimsText} }` }];
  if (multiline) {
    // After the brace, so comments above the first property stay with it.
    const indent = indentOf(file, first.getStart());
    const newline = file.getFullText().includes("\r\n") ? "\r\n" : "\n";
    const at = options.getStart() + 1;
    return [{ start: at, end: at, text: `${newline}${indent}${mode},${newline}${indent}${dimsText},` }];
  }
  return [{ start: first.getStart(), end: first.getStart(), text: `${mode}, ${dimsText}, ` }];
}

/** The quote the file's imports use, for the string literals the transform writes. */
function quoteOf(file: SourceFile): string {
  const specifier = file.getImportDeclarations()[0]?.getModuleSpecifier().getText();
  return specifier?.startsWith("'") === true ? "'" : '"';
}

/**
 * Plans the rewrite of one call: edits, a skip, or nothing (the call is
 * fine as it is, or is not shapecast's).
 */
function plan(file: SourceFile, call: CallExpression, quote: string): Edit[] | Skipped | undefined {
  const callee = shapecastBinary(call);
  if (callee === undefined) return undefined;
  const { op, form } = callee;
  const args = call.getArguments();
  let left: Node;
  let right: Node;
  let optionsArg: Node | undefined;
  if (form === "function") {
    if (args.length < 2) return undefined;
    [left, right, optionsArg] = [args[0]!, args[1]!, args[2]];
  } else {
    const access = call.getExpression();
    if (!Node.isPropertyAccessExpression(access) || args.length < 1) return undefined;
    [left, right, optionsArg] = [access.getExpression(), args[0]!, args[1]];
  }
  if ([left, right, optionsArg].some((node) => node !== undefined && Node.isSpreadElement(node))) {
    return skippedAt(call, "arguments are spread: the operands are not known");
  }

  // Only numpy mode broadcasts implicitly: no options, or a literal without a mode or with mode "numpy".
  let options: ObjectLiteralExpression | undefined;
  if (optionsArg !== undefined) {
    if (!Node.isObjectLiteralExpression(optionsArg)) {
      const modeType = optionsArg.getType().getProperty("mode")?.getTypeAtLocation(optionsArg);
      if (modeType?.isStringLiteral() === true && modeType.getLiteralValue() !== "numpy") return undefined;
      if (optionsArg.getType().isUndefined()) return skippedAt(call, "options are not an object literal: pass none or { ... }");
      return skippedAt(call, "options are not an object literal: cannot add broadcastDimensions to them");
    }
    options = optionsArg;
    if (options.getProperties().some((p) => !Node.isPropertyAssignment(p) && !Node.isShorthandPropertyAssignment(p))) {
      return skippedAt(call, "options are not a plain object literal: spread, method or accessor in them");
    }
    const mode = options.getProperty("mode");
    if (mode !== undefined) {
      const value = Node.isPropertyAssignment(mode) ? mode.getInitializer() : undefined;
      if (value === undefined || !Node.isStringLiteral(value)) {
        return skippedAt(call, "mode is not a string literal: cannot tell whether the call broadcasts like numpy");
      }
      if (value.getLiteralValue() !== "numpy") return undefined;
    }
    if (options.getProperty("broadcastDimensions") !== undefined) {
      return skippedAt(call, "numpy-mode options already name broadcastDimensions");
    }
  }

  const a = shapeOf(left.getType(), left);
  const b = shapeOf(right.getType(), right);
  if (a.kind === "scalar" || b.kind === "scalar") return undefined;
  if (a.kind === "unknown" || b.kind === "unknown") {
    const dims = vectorOnLastAxis(left, right);
    if (dims !== undefined) return optionEdits(file, call, right, options, dims, quote);
    return skippedAt(call, `shapes not known: ${describe(a)} and ${describe(b)}`);
  }
  if (a.shape.length === 0 || b.shape.length === 0 || a.shape.length === b.shape.length) return undefined;

  const [low, high] = a.shape.length < b.shape.length ? [a.shape, b.shape] : [b.shape, a.shape];
  const dims = low.map((_, axis) => high.length - low.length + axis);
  let numpy: readonly number[];
  try {
    numpy = broadcastShapes(a.shape as number[], b.shape as number[]) as readonly number[];
  } catch (error) {
    return skippedAt(call, `shapes do not broadcast: ${(error as Error).message.replace(/^broadcastShapes/, op)}`);
  }
  let xla: readonly number[] | undefined;
  try {
    xla = broadcastShapes(a.shape as number[], b.shape as number[], { mode: "xla", broadcastDimensions: dims }) as readonly number[];
  } catch {
    xla = undefined;
  }
  if (xla === undefined || showShape(xla) !== showShape(numpy)) {
    return skippedAt(call, `no equivalent xla form: broadcastDimensions ${showShape(dims)} do not give numpy's ${showShape(numpy)}`);
  }
  return optionEdits(file, call, right, options, dims, quote);
}

export const explicitBroadcast: Transform = {
  name: "explicit-broadcast",
  description: "rewrite rank-changing numpy broadcasts into xla mode with explicit broadcastDimensions",
  plan(file) {
    const quote = quoteOf(file);
    const edits: Edit[] = [];
    const skipped: Skipped[] = [];
    // Plan every call against the file as it is, then edit from the end backwards
    // so earlier positions stay valid.
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const result = plan(file, call, quote);
      if (result === undefined) continue;
      if (Array.isArray(result)) edits.push(...result);
      else skipped.push(result);
    }
    return {
      skipped,
      apply() {
        for (const edit of [...edits].sort((x, y) => y.start - x.start || y.end - x.end)) {
          file.replaceText([edit.start, edit.end], edit.text);
        }
      },
    };
  },
};
