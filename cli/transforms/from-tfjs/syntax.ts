/**
 * What an expression's syntax alone says, for the TensorFlow.js migration:
 * the expression under parentheses and type assertions, null or undefined,
 * and the numbers of a literal shape or of literal integer bounds.
 */
import { Node, SyntaxKind } from "ts-morph";

/** The expression under parentheses, `!`, `as` and `satisfies`. */
export function unwrap(expr: Node): Node {
  let node = expr;
  while (Node.isParenthesizedExpression(node) || Node.isNonNullExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) node = node.getExpression();
  return node;
}

/** Is `node` the literal null or undefined? */
export function isNullish(node: Node | undefined): boolean {
  return node !== undefined && (node.getKind() === SyntaxKind.NullKeyword || (Node.isIdentifier(node) && node.getText() === "undefined"));
}

/** The sizes of a literal shape such as `[2, -1]`; undefined when it is not an array literal of number literals. */
export function literalShape(node: Node | undefined): number[] | undefined {
  if (node === undefined) return undefined;
  const expr = unwrap(node);
  if (!Node.isArrayLiteralExpression(expr)) return undefined;
  const sizes: number[] = [];
  for (const element of expr.getElements()) {
    if (Node.isNumericLiteral(element)) sizes.push(element.getLiteralValue());
    else if (Node.isPrefixUnaryExpression(element) && element.getOperatorToken() === SyntaxKind.MinusToken && Node.isNumericLiteral(element.getOperand())) {
      sizes.push(-Number(element.getOperand().getText()));
    } else return undefined;
  }
  return sizes;
}

/** The integers of `[1, 2]` or `3` (as `[3]`), or undefined when they are not integer literals. */
export function literalIntegers(node: Node): number[] | undefined {
  const inner = unwrap(node);
  const items = Node.isArrayLiteralExpression(inner) ? inner.getElements() : [inner];
  const values: number[] = [];
  for (const item of items) {
    const text = item.getText().replace(/\s+/g, "");
    if (!/^-?\d+$/.test(text)) return undefined;
    values.push(Number(text));
  }
  return values;
}

/** An expression that reads nothing but names, literals, property accesses and arithmetic of them: writing it twice evaluates the same value. */
export function isSimple(node: Node): boolean {
  const inner = unwrap(node);
  if (Node.isIdentifier(inner) || Node.isNumericLiteral(inner) || Node.isThisExpression(inner)) return true;
  if (Node.isPrefixUnaryExpression(inner) && inner.getOperatorToken() === SyntaxKind.MinusToken) return Node.isNumericLiteral(inner.getOperand());
  if (Node.isPropertyAccessExpression(inner)) return isSimple(inner.getExpression());
  if (Node.isBinaryExpression(inner)) {
    const operator = inner.getOperatorToken().getKind();
    const arithmetic = [SyntaxKind.PlusToken, SyntaxKind.MinusToken, SyntaxKind.AsteriskToken, SyntaxKind.SlashToken, SyntaxKind.PercentToken].includes(operator);
    return arithmetic && isSimple(inner.getLeft()) && isSimple(inner.getRight());
  }
  if (Node.isElementAccessExpression(inner)) {
    const arg = inner.getArgumentExpression();
    return arg !== undefined && isSimple(inner.getExpression()) && (Node.isNumericLiteral(arg) || Node.isStringLiteral(arg));
  }
  return false;
}
