/**
 * The one-line label of a tensor-valued expression for the editor's hover:
 * `x: Tensor<[32, 10], float32>` (a name) or `Tensor<[32, 10], float32>` (any
 * other expression), read with the editor's own type checker.
 */
import type ts from "typescript";

/** The innermost expression at `position` whose type is a shapecast Tensor, with its label and span. */
export function tensorLabel(typescript: typeof ts, checker: ts.TypeChecker, file: ts.SourceFile, position: number): { text: string; span: ts.TextSpan } | undefined {
  let token: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(file) || position >= node.getEnd()) return;
    token = node;
    typescript.forEachChild(node, visit);
  };
  visit(file);
  for (let node = token; node !== undefined && node !== file; node = node.parent) {
    if (!typescript.isExpression(node) && !typescript.isIdentifier(node)) continue;
    const text = tensorText(typescript, checker, checker.getTypeAtLocation(node));
    if (text === undefined) continue;
    const name = typescript.isIdentifier(node) ? `${node.text}: ` : "";
    return { text: `${name}${text}`, span: { start: node.getStart(file), length: node.getEnd() - node.getStart(file) } };
  }
  return undefined;
}

/** `Tensor<[32, 10], float32>` for a shapecast Tensor type, else undefined. */
export function tensorText(typescript: typeof ts, checker: ts.TypeChecker, type: ts.Type): string | undefined {
  const symbol = type.getSymbol();
  if (symbol?.getName() !== "Tensor" || !(symbol.getDeclarations() ?? []).some((d) => typescript.isClassDeclaration(d))) return undefined;
  if ((type.flags & typescript.TypeFlags.Object) === 0 || ((type as ts.ObjectType).objectFlags & typescript.ObjectFlags.Reference) === 0) return undefined;
  const [shape, dtype] = checker.getTypeArguments(type as ts.TypeReference);
  if (shape === undefined || dtype === undefined) return undefined;
  const flags = typescript.TypeFormatFlags.NoTruncation;
  return `Tensor<${checker.typeToString(shape, undefined, flags)}, ${checker.typeToString(dtype, undefined, flags).replace(/"/g, "")}>`;
}
