/**
 * What the file shows of an operand, for the TensorFlow.js migration: whether
 * it is a tensor (TensorFlow.js's or shapecast's), its rank, and whether it is
 * int32 (which decides how `div` converts). Each follows a name to the
 * declaration that binds it, and a call to the op that made it.
 */
import { Node, SyntaxKind } from "ts-morph";
import { nesting, typedArrayName } from "./creation.js";
import { rewrittenFunctions } from "./functions.js";
import { isConvertedOptimizer } from "./training.js";
import type { Migration } from "./migration.js";
import { binaryOps, creators, otherTensorOps, restructured, sameSignature, tensorTypes, unaryOps } from "./ops.js";
import { isNullish, literalShape, unwrap } from "./syntax.js";

/** The rank a tfjs tensor type annotation gives (`tf.Tensor2D` is 2), "tensor" for a rank it leaves open. */
function tensorTypeRank(m: Migration, typeNode: Node | undefined): number | undefined | "tensor" {
  if (typeNode === undefined || !Node.isTypeReference(typeNode)) return undefined;
  const named = m.tfjsName(typeNode.getTypeName());
  if (named !== undefined) {
    const tuple = tensorTypes.get(named.name);
    if (tuple !== undefined) return tuple === "[]" ? 0 : tuple.split(",").length;
    return named.name === "Tensor" || named.name === "Variable" ? "tensor" : undefined;
  }
  return undefined;
}

/** "tfjs" when `expr` is a TensorFlow.js tensor as far as this file shows, "other" for another tensor (shapecast's). */
export function tensorKind(m: Migration, expr: Node, depth = 0): "tfjs" | "other" | undefined {
  if (depth > 20) return undefined;
  const node = unwrap(expr);
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    const named = m.tfjsName(callee);
    if (named !== undefined) {
      const n = named.name;
      return rewrittenFunctions.has(n) || creators.has(n) || binaryOps.has(n) || unaryOps.has(n) || restructured.has(n) || sameSignature.has(n) || otherTensorOps.has(n) ? "tfjs" : undefined;
    }
    if (Node.isPropertyAccessExpression(callee)) {
      const method = callee.getName();
      // the loss an optimizer's minimize gives
      if (method === "minimize" && isConvertedOptimizer(m, callee.getExpression())) return "tfjs";
      if (binaryOps.has(method) || unaryOps.has(method) || restructured.has(method) || otherTensorOps.has(method)) {
        return tensorKind(m, callee.getExpression(), depth + 1);
      }
    }
  }
  if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node)) {
    const declarations = node.getSymbol()?.getDeclarations() ?? [];
    for (const decl of declarations) {
      if (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl)) {
        if (tensorTypeRank(m, decl.getTypeNode()) !== undefined) return "tfjs";
        const init = decl.getInitializer();
        if (init !== undefined && decl.getTypeNode() === undefined) {
          const kind = tensorKind(m, init, depth + 1);
          if (kind !== undefined) return kind;
        }
      }
    }
  }
  const type = node.getType();
  const symbol = type.getSymbol() ?? type.getAliasSymbol();
  const name = symbol?.getName();
  if (name === "Tensor" || name === "Variable") {
    const declarations = symbol!.getDeclarations();
    if (declarations.some((decl) => decl.getSourceFile().getFilePath().includes("/@tensorflow/tfjs"))) return "tfjs";
    if (declarations.some((decl) => m.shapecastTensor().includes(decl))) return "other";
  }
  return undefined;
}

/** The rank of a tensor expression, when this file shows it. */
export function rankOf(m: Migration, expr: Node, depth = 0): number | undefined {
  if (depth > 20) return undefined;
  const node = unwrap(expr);
  if (Node.isNumericLiteral(node)) return 0;
  if (Node.isArrayLiteralExpression(node)) return nesting(node)?.length;
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    const args = node.getArguments();
    let name: string | undefined;
    let operands: Node[] = args;
    const named = m.tfjsName(callee);
    if (named !== undefined) name = named.name;
    else if (Node.isPropertyAccessExpression(callee) && tensorKind(m, callee.getExpression(), depth + 1) !== undefined) {
      name = callee.getName();
      operands = [callee.getExpression(), ...args];
    }
    if (name !== undefined) {
      const [x, y, third] = operands;
      if (creators.has(name) && named !== undefined) {
        const fixed = creators.get(name);
        if (fixed !== undefined) return fixed;
        const shape = literalShape(args[1]);
        if (shape !== undefined) return shape.length;
        return x === undefined ? undefined : rankOf(m, x, depth + 1);
      }
      if (sameSignature.get(name) === "shape" && named !== undefined) return literalShape(x)?.length;
      if (unaryOps.has(name) || name === "transpose" || sameSignature.get(name) === "axis") return x === undefined ? undefined : rankOf(m, x, depth + 1);
      if (binaryOps.has(name) || name === "matMul") {
        const a = x === undefined ? undefined : rankOf(m, x, depth + 1);
        const b = y === undefined ? undefined : rankOf(m, y, depth + 1);
        return a === undefined || b === undefined ? undefined : Math.max(a, b);
      }
      if (name === "reshape") return literalShape(y)?.length;
      if (name === "sum" || name === "mean") {
        const rank = x === undefined ? undefined : rankOf(m, x, depth + 1);
        if (rank === undefined) return undefined;
        if (third?.getKind() === SyntaxKind.TrueKeyword) return rank;
        if (y === undefined || y.getKind() === SyntaxKind.NullKeyword || y.getText() === "undefined") return 0;
        if (Node.isNumericLiteral(y) || Node.isPrefixUnaryExpression(y)) return rank - 1;
        if (Node.isArrayLiteralExpression(y)) return rank - y.getElements().length;
        return undefined;
      }
    }
  }
  if (Node.isIdentifier(node)) {
    for (const decl of node.getSymbol()?.getDeclarations() ?? []) {
      if (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl)) {
        const typed = tensorTypeRank(m, decl.getTypeNode());
        if (typeof typed === "number") return typed;
        const init = decl.getInitializer();
        if (init !== undefined && decl.getTypeNode() === undefined) {
          const rank = rankOf(m, init, depth + 1);
          if (rank !== undefined) return rank;
        }
      }
    }
  }
  const shape = node.getType().getProperty("shape");
  if (shape !== undefined) {
    const shapeType = shape.getTypeAtLocation(node);
    if (shapeType.isTuple()) return shapeType.getTupleElements().length;
  }
  return undefined;
}

/** The expressions a call of a function declared in this file can return: its returns' values (a `tf.tidy`'s body's, through it). */
function returnedBy(m: Migration, call: Node): Node[] | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  const named = m.tfjsName(callee);
  if (named?.name === "tidy") {
    const fn = call.getArguments().at(-1);
    if (fn === undefined || !Node.isArrowFunction(fn)) return undefined;
    const body = fn.getBody();
    return Node.isBlock(body) ? returnsOf(body) : [body];
  }
  if (!Node.isIdentifier(callee)) return undefined;
  const decl = callee.getSymbol()?.getDeclarations()[0];
  if (decl === undefined || !Node.isFunctionDeclaration(decl) || decl.getSourceFile() !== call.getSourceFile()) return undefined;
  const body = decl.getBody();
  return body === undefined ? undefined : returnsOf(body);
}

/** The values of the returns of a function body (not of the functions inside it). */
function returnsOf(body: Node): Node[] | undefined {
  const values: Node[] = [];
  let bare = false;
  body.forEachDescendant((node, traversal) => {
    if (Node.isFunctionLikeDeclaration(node) || Node.isArrowFunction(node) || Node.isFunctionExpression(node)) traversal.skip();
    else if (Node.isReturnStatement(node)) {
      const value = node.getExpression();
      if (value === undefined) bare = true;
      else values.push(value);
    }
  });
  return bare || values.length === 0 ? undefined : values;
}

/** A dtype test of a tfjs value: what a call or a name shows, followed through names, tidy and the file's own functions. */
function knownDtype(m: Migration, expr: Node, test: (call: CallExpressionLike) => boolean | undefined, depth: number): boolean {
  if (depth > 20) return false;
  const node = unwrap(expr);
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    const name = m.tfjsName(callee)?.name;
    const method = name === undefined && Node.isPropertyAccessExpression(callee) ? callee.getName() : undefined;
    const direct = test({ name, method, args: node.getArguments() });
    if (direct !== undefined) return direct;
    const returned = returnedBy(m, node);
    return returned !== undefined && returned.every((value) => knownDtype(m, value, test, depth + 1));
  }
  if (Node.isIdentifier(node)) {
    for (const decl of node.getSymbol()?.getDeclarations() ?? []) {
      if (Node.isVariableDeclaration(decl) && decl.getTypeNode() === undefined) {
        const init = decl.getInitializer();
        if (init !== undefined && knownDtype(m, init, test, depth + 1)) return true;
      }
    }
  }
  return test({ name: undefined, method: undefined, args: [], literal: node }) ?? false;
}

interface CallExpressionLike {
  /** The tfjs function called, if one is. */
  readonly name: string | undefined;
  /** The method called, if one is. */
  readonly method: string | undefined;
  readonly args: readonly Node[];
  /** Set when the expression is not a call. */
  readonly literal?: Node;
}

const isDtype = (arg: Node | undefined, dtype: string): boolean =>
  arg !== undefined && (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg)) && arg.getLiteralValue() === dtype;

/** The dtype argument of a tfjs creator call, or undefined. */
function creatorDtype(name: string, args: readonly Node[]): Node | undefined {
  const dtype = name !== "tensor1d" && name !== "scalar" ? args[2] : args[1];
  return dtype === undefined || isNullish(dtype) ? undefined : dtype;
}

/**
 * Is `expr` an int32 tfjs tensor as far as this file shows: a creation with
 * dtype 'int32' or Int32Array data, a cast to int32, an argMax/argMin, or a
 * name bound to one, or a call of the file's own function that returns one?
 */
export function knownInt32(m: Migration, expr: Node, depth = 0): boolean {
  return knownDtype(m, expr, ({ name, method, args, literal }) => {
    if (literal !== undefined || name === "tidy" || name === "keep") return undefined;
    if (name !== undefined && creators.has(name)) {
      const dtype = creatorDtype(name, args);
      if (dtype !== undefined) return isDtype(dtype, "int32");
      return args[0] !== undefined && typedArrayName(args[0].getType().getText()) === "Int32Array";
    }
    if (name === "cast") return isDtype(args[1], "int32");
    if (name === "argMax" || name === "argMin" || method === "argMax" || method === "argMin") return true;
    if (method === "cast") return isDtype(args[0], "int32");
    if (name !== undefined) return false;
    return undefined;
  }, depth);
}

/** Is `expr` a float32 tfjs value as far as this file shows: a plain number (TensorFlow.js makes it a float32 scalar), a creation of floats, a cast to float32? */
export function knownFloat(m: Migration, expr: Node, depth = 0): boolean {
  return knownDtype(m, expr, ({ name, method, args, literal }) => {
    if (literal !== undefined) return Node.isNumericLiteral(literal) || (Node.isPrefixUnaryExpression(literal) && Node.isNumericLiteral(literal.getOperand()));
    if (name === "tidy" || name === "keep") return undefined;
    if (name !== undefined && creators.has(name)) {
      const dtype = creatorDtype(name, args);
      if (dtype !== undefined) return isDtype(dtype, "float32");
      const data = args[0] === undefined ? undefined : args[0].getType();
      return data !== undefined && (data.isNumber() || data.isNumberLiteral() || (data.isArray() && !/boolean/.test(data.getText())) || typedArrayName(data.getText()) === "Float32Array");
    }
    if (name === "cast") return isDtype(args[1], "float32");
    if (method === "cast") return isDtype(args[0], "float32");
    if (name !== undefined) return false;
    return undefined;
  }, depth);
}
