/**
 * TensorFlow.js's memory management in the migration: shapecast tensors are
 * garbage-collected, so it goes away.
 *
 * - `tf.tidy(() => expr)` becomes `expr` (parenthesized where the place needs
 *   it); `tf.tidy(() => { ... })` becomes its statements where the call is a
 *   `return`'s whole value and they declare no name the enclosing scope
 *   declares too, else the block run in place, `(() => { ... })()`; a named
 *   tidy (`tf.tidy("name", fn)`) alike, and `tf.tidy(fn)` is `fn()`.
 * - `tf.dispose(...)` and `x.dispose()` (of a TensorFlow.js tensor) as
 *   statements are removed, with their line when they are alone on it.
 * - `tf.keep(x)` is `x`.
 */
import { type ArrowFunction, type CallExpression, type Identifier, Node, type Statement, SyntaxKind } from "ts-morph";
import { indentOf } from "../edits.js";
import type { Migration } from "./migration.js";

/** Expressions that can stand anywhere an expression does, without parentheses. */
function isPrimary(node: Node): boolean {
  return (
    Node.isCallExpression(node) ||
    Node.isIdentifier(node) ||
    Node.isPropertyAccessExpression(node) ||
    Node.isElementAccessExpression(node) ||
    Node.isParenthesizedExpression(node) ||
    Node.isLiteralExpression(node) ||
    Node.isArrayLiteralExpression(node) ||
    Node.isThisExpression(node) ||
    node.getKind() === SyntaxKind.TrueKeyword ||
    node.getKind() === SyntaxKind.FalseKeyword
  );
}

/** Places where any expression may replace a call as it is: a return's value, an initializer, an argument, a statement. */
function takesAnyExpression(call: CallExpression): boolean {
  const parent = call.getParent();
  if (parent === undefined) return false;
  if (Node.isReturnStatement(parent) || Node.isExpressionStatement(parent) || Node.isArrayLiteralExpression(parent)) return true;
  if (Node.isVariableDeclaration(parent) || Node.isPropertyAssignment(parent)) return parent.getInitializer() === call;
  if (Node.isCallExpression(parent)) return parent.getArguments().includes(call);
  if (Node.isArrowFunction(parent)) return parent.getBody() === call;
  return false;
}

/** The names a block declares at its top level. */
function declaredIn(statements: readonly Statement[]): string[] {
  const names: string[] = [];
  for (const statement of statements) {
    if (Node.isVariableStatement(statement)) {
      for (const declaration of statement.getDeclarations()) {
        names.push(...declaration.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()), ...(Node.isIdentifier(declaration.getNameNode()) ? [declaration.getName()] : []));
      }
    } else if (Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) {
      const name = statement.getName();
      if (name !== undefined) names.push(name);
    }
  }
  return names;
}

/** Whether the statements moved out of `body` into `target`'s place would meet a name the enclosing scope declares. */
function wouldClash(body: Node, target: Statement, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  // the whole enclosing function (its parameters too) or module
  const scope = target.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a)) ?? target.getSourceFile();
  for (const id of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (id.getStart() >= body.getStart() && id.getEnd() <= body.getEnd()) continue;
    if (names.includes(id.getText())) return true;
  }
  return false;
}

/** `tf.tidy(...)`: its function's body in the call's place; false when the call is not one this can rewrite. */
export function convertTidy(m: Migration, call: CallExpression, id: Identifier): boolean {
  const args = call.getArguments();
  const fn = args[args.length - 1];
  if (fn === undefined || args.length > 2 || (args.length === 2 && !Node.isStringLiteral(args[0]!) && !Node.isNoSubstitutionTemplateLiteral(args[0]!))) {
    m.skip(call, "memory management: tf.tidy takes a function (and an optional name); write it out, then run again");
    return false;
  }
  if (!Node.isArrowFunction(fn)) {
    if (Node.isFunctionExpression(fn)) {
      m.skip(call, "memory management: tf.tidy(function () { ... }) has its own `this`; make it an arrow function, then run again");
      return false;
    }
    // tf.tidy(fn): its result is fn's
    m.consume(id);
    m.edits.add(call.getStart(), call.getEnd(), `${m.edits.text(fn)}()`);
    return true;
  }
  if ((fn as ArrowFunction).isAsync() || fn.getParameters().length > 0) {
    m.skip(call, "memory management: tf.tidy's function takes no arguments and is not async; convert this one by hand");
    return false;
  }
  const body = fn.getBody();
  m.consume(id);
  if (!Node.isBlock(body)) {
    const text = m.edits.text(body);
    m.edits.add(call.getStart(), call.getEnd(), isPrimary(body) || takesAnyExpression(call) ? text : `(${text})`);
    return true;
  }
  const statements = body.getStatements();
  const parent = call.getParent();
  if (Node.isReturnStatement(parent) && !wouldClash(body, parent, declaredIn(statements)) && statements.length > 0) {
    // the statements in the return's place, one indentation level out
    const outer = indentOf(m.file, parent.getStart());
    const inner = indentOf(m.file, statements[0]!.getStart());
    const lines = m.edits.spliced(statements[0]!.getStart(), statements[statements.length - 1]!.getEnd()).split("\n");
    const text = lines.map((line, i) => (i === 0 ? line : line.startsWith(inner) ? outer + line.slice(inner.length) : line)).join("\n");
    m.edits.add(parent.getStart(), parent.getEnd(), text);
    return true;
  }
  m.edits.add(call.getStart(), call.getEnd(), `(() => ${m.edits.text(body)})()`);
  return true;
}

/** A statement removed with its line when nothing else is on it. */
export function removeStatement(m: Migration, statement: Statement): void {
  const text = m.file.getFullText();
  const start = statement.getStart();
  const end = statement.getEnd();
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const newline = text.indexOf("\n", end);
  const lineEnd = newline === -1 ? text.length : newline + 1;
  const alone = text.slice(lineStart, start).trim() === "" && text.slice(end, lineEnd).trim() === "";
  if (alone) m.edits.add(lineStart, lineEnd, "");
  else m.edits.add(start, end, "");
}

/** `tf.dispose(...)` as a statement: removed. False when it is used as a value. */
export function convertDispose(m: Migration, call: CallExpression, id: Identifier): boolean {
  const statement = call.getParent();
  if (!Node.isExpressionStatement(statement)) {
    m.skip(call, "memory management: tf.dispose is used as a value here; shapecast tensors are garbage-collected, so remove it by hand");
    return false;
  }
  m.consume(id);
  removeStatement(m, statement);
  return true;
}

/** `tf.keep(x)`: x. */
export function convertKeep(m: Migration, call: CallExpression, id: Identifier): boolean {
  const args = call.getArguments();
  if (args.length !== 1) {
    m.skip(call, "memory management: tf.keep takes one tensor; write it out, then run again");
    return false;
  }
  m.consume(id);
  m.edits.add(call.getStart(), call.getEnd(), m.edits.text(args[0]!));
  return true;
}

/** `x.dispose()` of a TensorFlow.js tensor, as a statement: removed. False when it is used as a value. */
export function convertDisposeMethod(m: Migration, call: CallExpression): boolean {
  const statement = call.getParent();
  if (!Node.isExpressionStatement(statement) || call.getArguments().length > 0) return false;
  removeStatement(m, statement);
  return true;
}
