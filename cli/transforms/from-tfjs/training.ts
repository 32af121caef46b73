/**
 * TensorFlow.js training in the migration, onto shapecast's autodiff API
 * (src/autodiff/grad.ts, src/train/optimizers.ts):
 *
 * - `tf.variable(x)` is `x`: shapecast trains plain tensors, and a training
 *   step gives new ones, written back where the variables were read.
 * - `const opt = tf.train.sgd(lr)` is `sgd({ lr })`, when every use of `opt` is
 *   a `minimize` this can convert or an `opt.dispose()` statement (removed).
 * - `opt.minimize(() => loss, returnCost?, [a.w, a.b])` computes the loss and
 *   its gradient with respect to the listed tensors in one pass
 *   (`valueAndGrad`), steps them (`opt.step`), and writes them back into
 *   `a.w` and `a.b` (TensorFlow.js updates its variables in place); its value
 *   is the loss before the step when `returnCost` is true, else null. As a
 *   statement or a declaration's value it becomes statements:
 *   `const trained = valueAndGrad(() => loss)([a.w, a.b]);`,
 *   `[a.w, a.b] = opt.step([a.w, a.b], trained.grads, opt.init([a.w, a.b])).params;`,
 *   `const cost = trained.value;`.
 *
 * Optimizers with state between steps (momentum, adam, rmsprop, ...) keep it
 * in the TensorFlow.js object; shapecast's give it back from each step, for
 * the caller to keep, so they are reported for a person to place that state.
 * So is a minimize without its variable list (TensorFlow.js then trains every
 * trainable variable there is).
 */
import { type CallExpression, type ExpressionStatement, type Identifier, Node, SyntaxKind, type VariableDeclaration } from "ts-morph";
import { indentOf } from "../edits.js";
import { removeStatement } from "./memory.js";
import type { Migration } from "./migration.js";
import { isNullish, unwrap } from "./syntax.js";

/** `tf.variable(x)`: x; a variable that is not trainable, or named, or cast, is reported. */
export function convertVariable(m: Migration, call: CallExpression, id: Identifier): void {
  const [initial, trainable, ...rest] = call.getArguments();
  if (initial === undefined || rest.length > 0 || (trainable !== undefined && trainable.getKind() !== SyntaxKind.TrueKeyword && !isNullish(trainable))) {
    m.skip(call, "training: tf.variable with a trainable flag, a name or a dtype; shapecast trains the tensors given to valueAndGrad, so write the tensor alone (tf.variable(x)), then run again");
    return;
  }
  m.consume(id);
  m.edits.add(call.getStart(), call.getEnd(), m.edits.text(initial));
}

/** The declaration `const opt = tf.train.<kind>(...)` that `expr` names, if it does. */
function optimizerDeclaration(m: Migration, expr: Node): VariableDeclaration | undefined {
  const node = unwrap(expr);
  if (!Node.isIdentifier(node)) return undefined;
  for (const decl of node.getSymbol()?.getDeclarations() ?? []) {
    if (Node.isVariableDeclaration(decl) && optimizerKind(m, decl.getInitializer()) !== undefined) return decl;
  }
  return undefined;
}

/** Is `node` a call `tf.train.<kind>(...)`? */
export const isOptimizerCreation = (m: Migration, node: Node | undefined): node is CallExpression => optimizerKind(m, node) !== undefined;

/** `sgd` of `tf.train.sgd(...)`, or undefined when `node` is no such call. */
function optimizerKind(m: Migration, node: Node | undefined): string | undefined {
  if (node === undefined || !Node.isCallExpression(node)) return undefined;
  const callee = node.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const train = callee.getExpression();
  if (!Node.isPropertyAccessExpression(train) || train.getName() !== "train" || m.bindingOf(train.getExpression())?.imported !== undefined || m.bindingOf(train.getExpression()) === undefined) return undefined;
  return callee.getName();
}

/** Can a target be assigned to: a property, or a name declared with let or var? */
function assignable(node: Node): boolean {
  const inner = unwrap(node);
  if (Node.isPropertyAccessExpression(inner) || Node.isElementAccessExpression(inner)) return true;
  if (!Node.isIdentifier(inner)) return false;
  return (inner.getSymbol()?.getDeclarations() ?? []).every((decl) => Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() !== "const");
}

/** Why a `minimize` call cannot be converted, or undefined. */
function minimizeProblem(call: CallExpression): string | undefined {
  const [f, returnCost, varList, ...rest] = call.getArguments();
  if (f === undefined || rest.length > 0) return "bad arguments: minimize takes (f, returnCost?, varList?)";
  if (!Node.isArrowFunction(f) || f.getParameters().length > 0 || f.isAsync()) return "training: minimize's loss function is not an arrow function without parameters; write it as () => loss, then run again";
  if (returnCost !== undefined && ![SyntaxKind.TrueKeyword, SyntaxKind.FalseKeyword].includes(returnCost.getKind()) && !isNullish(returnCost)) {
    return "training: minimize's returnCost is not literal true or false; write it out, then run again";
  }
  const list = varList === undefined ? undefined : unwrap(varList);
  if (list === undefined || !Node.isArrayLiteralExpression(list) || list.getElements().length === 0) {
    return "training: minimize without a literal list of variables trains every trainable variable; list them (optimizer.minimize(f, true, [w, b])), then run again";
  }
  if (!list.getElements().every(assignable)) {
    return "training: a variable of minimize's list cannot be assigned its new value (a const name, or an expression); list names declared with let, or properties, then run again";
  }
  return undefined;
}

/** Why the optimizer `decl` declares cannot be converted (with its uses), or undefined. */
function optimizerProblem(m: Migration, decl: VariableDeclaration): string | undefined {
  const creation = decl.getInitializer() as CallExpression;
  const kind = optimizerKind(m, creation)!;
  if (kind !== "sgd") {
    return `training: tf.train.${kind} keeps state between steps inside the optimizer, and shapecast's optimizers give it back from each step for you to keep (opt.init(params) once, then opt.step(params, grads, state)); convert by hand`;
  }
  if (creation.getArguments().length !== 1) return "bad arguments: tf.train.sgd takes (learningRate)";
  const name = decl.getNameNode();
  if (!Node.isIdentifier(name)) return "training: the optimizer is not bound to a name; write const optimizer = tf.train.sgd(...), then run again";
  for (const ref of name.findReferencesAsNodes()) {
    if (ref.getSourceFile() !== decl.getSourceFile()) return "training: the optimizer is used in another file; convert by hand";
    const access = ref.getParent();
    const use = access?.getParent();
    if (!Node.isPropertyAccessExpression(access) || !Node.isCallExpression(use) || use.getExpression() !== access) {
      return `training: the optimizer ${name.getText()} is used other than by minimize and dispose (line ${ref.getStartLineNumber()}); convert by hand`;
    }
    if (access.getName() === "dispose" && Node.isExpressionStatement(use.getParent()) && use.getArguments().length === 0) continue;
    if (access.getName() !== "minimize") return `training: ${name.getText()}.${access.getName()} (line ${ref.getStartLineNumber()}) has no shapecast counterpart; convert by hand`;
    const problem = minimizeProblem(use);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** `tf.train.<kind>(...)`, called through `id`: sgd({ lr }) when it and its uses convert; else reported. */
export function convertOptimizer(m: Migration, call: CallExpression, id: Identifier): void {
  const decl = call.getParent();
  if (!Node.isVariableDeclaration(decl) || decl.getInitializer() !== call) {
    m.skip(call, "training: the optimizer is not bound to a name; write const optimizer = tf.train.sgd(...), then run again");
    return;
  }
  const problem = optimizerProblem(m, decl);
  if (problem !== undefined) {
    m.skip(call, problem);
    return;
  }
  m.consume(id);
  m.edits.add(call.getStart(), call.getEnd(), `${m.localName("sgd")}({ lr: ${m.edits.text(call.getArguments()[0]!)} })`);
}

/** Is `receiver` an optimizer this migration converts (for minimize's result: a tensor)? */
export function isConvertedOptimizer(m: Migration, receiver: Node): boolean {
  const decl = optimizerDeclaration(m, receiver);
  return decl !== undefined && optimizerProblem(m, decl) === undefined;
}

/**
 * `opt.minimize(...)` or `opt.dispose()` of an optimizer made by `tf.train`: rewritten when
 * the optimizer converts, reported when it does not (its creation says why); false
 * when `receiver` is not such an optimizer.
 */
export function convertOptimizerUse(m: Migration, call: CallExpression, method: string, receiver: Node): boolean {
  const decl = optimizerDeclaration(m, receiver);
  if (decl === undefined || (method !== "minimize" && method !== "dispose")) return false;
  const problem = optimizerProblem(m, decl);
  if (problem !== undefined) {
    m.skip(call, problem);
    return true;
  }
  if (method === "dispose") {
    removeStatement(m, call.getParentOrThrow() as ExpressionStatement);
    return true;
  }
  const [f, returnCost, varList] = call.getArguments();
  const list = m.edits.text(unwrap(varList!));
  const opt = m.edits.text(receiver);
  const result = m.freshName("trained");
  const value = returnCost?.getKind() === SyntaxKind.TrueKeyword ? `${result}.value` : "null";
  // the loss and its gradient at the listed tensors; the step; the new tensors where the old were read
  const trained = `${m.localName("valueAndGrad")}(${m.edits.text(f!)})(${list})`;
  const step = `${list} = ${opt}.step(${list}, ${result}.grads, ${opt}.init(${list})).params`;
  const parent = call.getParent();
  const statement = Node.isExpressionStatement(parent) ? parent : Node.isVariableDeclaration(parent) && parent.getInitializer() === call ? parent.getVariableStatement() : undefined;
  if (statement !== undefined && (Node.isExpressionStatement(statement) || statement.getDeclarations().length === 1)) {
    // as statements, in the statement's place
    const indent = indentOf(m.file, statement.getStart());
    let text = `const ${result} = ${trained};\n${indent}${step};`;
    if (Node.isVariableStatement(statement)) {
      const decl = statement.getDeclarations()[0]!;
      text += `\n${indent}${statement.getDeclarationKind()} ${m.edits.text(decl.getNameNode())} = ${value};`;
    }
    m.edits.add(statement.getStart(), statement.getEnd(), text);
    return true;
  }
  m.edits.add(call.getStart(), call.getEnd(), `((${result}) => ((${step}), ${value}))(${trained})`);
  return true;
}
