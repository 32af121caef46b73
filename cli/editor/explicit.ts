/**
 * The plugin's "Make the broadcast explicit" refactor: the explicit-broadcast
 * codemod (cli/transforms/explicit-broadcast.ts) on one call. A shapecast
 * element-wise call in numpy mode whose operands have different ranks, both
 * of literal sizes, is rewritten into xla mode with the broadcastDimensions
 * numpy's alignment means: the lower-rank operand's axes are the trailing
 * axes of the other (`add(x, bias)` with [4, 10] and [10] gets
 * `{ mode: "xla", broadcastDimensions: [1] }`), which gives the same result.
 */
import type ts from "typescript";
import { tensorText } from "./tensor-label.js";

/** The literal sizes of a tensor-typed expression (`[4, 10]`), undefined when any size is not a literal or it is no tensor. */
function literalShape(typescript: typeof ts, checker: ts.TypeChecker, node: ts.Expression): number[] | undefined {
  const text = tensorText(typescript, checker, checker.getTypeAtLocation(node));
  const tuple = text === undefined ? undefined : /^Tensor<\[([^\]]*)\], /.exec(text)?.[1];
  if (tuple === undefined) return undefined;
  const sizes = tuple.trim() === "" ? [] : tuple.split(",").map((size) => size.trim());
  return sizes.every((size) => /^\d+$/.test(size)) ? sizes.map(Number) : undefined;
}

/** A call the refactor applies to: its operands, options literal (if any) and the broadcastDimensions to write. */
interface Explicit {
  readonly call: ts.CallExpression;
  readonly last: ts.Expression;
  readonly options: ts.ObjectLiteralExpression | undefined;
  readonly mode: ts.PropertyAssignment | undefined;
  readonly dims: number[];
}

/** The innermost shapecast element-wise call around `position` that broadcasts across ranks in numpy mode. */
export function explicitAt(typescript: typeof ts, checker: ts.TypeChecker, file: ts.SourceFile, position: number): Explicit | undefined {
  let found: Explicit | undefined;
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(file) || position > node.getEnd()) return;
    if (typescript.isCallExpression(node)) found = explicitCall(typescript, checker, file, node) ?? found;
    typescript.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function explicitCall(typescript: typeof ts, checker: ts.TypeChecker, file: ts.SourceFile, call: ts.CallExpression): Explicit | undefined {
  const calleeType = checker.getTypeAtLocation(call.expression);
  const kind = (calleeType.aliasSymbol ?? calleeType.getSymbol())?.getName();
  if (kind !== "BinaryOp" && kind !== "BinaryMethod") return undefined;
  if (kind === "BinaryMethod" && !typescript.isPropertyAccessExpression(call.expression)) return undefined;
  const [a, b] = kind === "BinaryOp" ? call.arguments.slice(0, 2) : [(call.expression as ts.PropertyAccessExpression).expression, call.arguments[0]];
  if (a === undefined || b === undefined) return undefined;
  const optionsArg = call.arguments[kind === "BinaryOp" ? 2 : 1];
  if (optionsArg !== undefined && !typescript.isObjectLiteralExpression(optionsArg)) return undefined;
  const mode = optionsArg?.properties.find((p): p is ts.PropertyAssignment => typescript.isPropertyAssignment(p) && p.name.getText(file) === "mode");
  if (mode !== undefined && !/^["']numpy["']$/.test(mode.initializer.getText(file))) return undefined;
  const sa = literalShape(typescript, checker, a);
  const sb = literalShape(typescript, checker, b);
  if (sa === undefined || sb === undefined || sa.length === sb.length || sa.length === 0 || sb.length === 0) return undefined;
  const high = Math.max(sa.length, sb.length);
  const low = Math.min(sa.length, sb.length);
  const dims = Array.from({ length: low }, (_, i) => high - low + i);
  return { call, last: call.arguments[call.arguments.length - 1] ?? a, options: optionsArg, mode, dims };
}

/** The text changes that put the call in xla mode with its broadcastDimensions. */
export function explicitChanges(file: ts.SourceFile, found: Explicit): ts.TextChange[] {
  const fields = `mode: "xla", broadcastDimensions: [${found.dims.join(", ")}]`;
  if (found.options === undefined) return [{ span: { start: found.last.getEnd(), length: 0 }, newText: `, { ${fields} }` }];
  if (found.mode !== undefined) {
    const value = found.mode.initializer;
    return [{ span: { start: value.getStart(file), length: value.getEnd() - value.getStart(file) }, newText: `"xla", broadcastDimensions: [${found.dims.join(", ")}]` }];
  }
  const last = found.options.properties.at(-1);
  if (last === undefined) {
    const start = found.options.getStart(file);
    return [{ span: { start, length: found.options.getEnd() - start }, newText: `{ ${fields} }` }];
  }
  return [{ span: { start: last.getEnd(), length: 0 }, newText: `, ${fields}` }];
}
