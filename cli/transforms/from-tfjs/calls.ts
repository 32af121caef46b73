/**
 * One TensorFlow.js function call in the migration, `tf.op(...)` or a named
 * import's `op(...)`: a creator goes to creation.ts; an element-wise op, a
 * renamed op (clipByValue, cast) or one of the same signature (zeros, softmax)
 * keeps its arguments under its shapecast name; a restructured op is written
 * anew (rewrite.ts, functions.ts). Anything else is reported with its reason.
 */
import { type CallExpression, type Identifier, Node } from "ts-morph";
import { convertCreation, dtypeOption } from "./creation.js";
import { rewriteFunction, rewrittenFunctions } from "./functions.js";
import type { Migration } from "./migration.js";
import { convertDispose, convertKeep, convertTidy } from "./memory.js";
import { convertVariable } from "./training.js";
import { laidOutAs } from "./layout.js";
import { knownInt32 } from "./operands.js";
import { binaryOps, creators, renamedOps, restructured, sameSignature, unaryOps, unsupportedReason } from "./ops.js";
import { int32Division, renamedProblem, restructuredCall, wrapOperands } from "./rewrite.js";

/** Converts the call of tfjs export `name` (referred to through `id`), or reports it. */
export function convertCall(m: Migration, call: CallExpression, name: string, id: Identifier): void {
  const callee = call.getExpression();
  const args = call.getArguments();
  const shown = Node.isIdentifier(callee) ? name : `tf.${name}`;
  if (name === "tidy") {
    convertTidy(m, call, id);
    return;
  }
  if (name === "dispose") {
    convertDispose(m, call, id);
    return;
  }
  if (name === "variable") {
    convertVariable(m, call, id);
    return;
  }
  if (name === "keep") {
    convertKeep(m, call, id);
    return;
  }
  const convertible = rewrittenFunctions.has(name) || creators.has(name) || binaryOps.has(name) || unaryOps.has(name) || restructured.has(name) || sameSignature.has(name) || renamedOps.has(name);
  if (!convertible) {
    m.skip(call, unsupportedReason(name));
    return;
  }
  if (args.some((arg) => Node.isSpreadElement(arg))) {
    m.skip(call, `spread arguments: ${shown}(...) cannot be checked; write the arguments out`);
    return;
  }
  if (call.getTypeArguments().length > 0) {
    m.skip(call, `type arguments: ${shown}<...>(...); shapecast infers shapes itself, so remove the type arguments and run again`);
    return;
  }
  if (creators.has(name)) {
    convertCreation(m, call, name, callee, id);
    return;
  }
  if (rewrittenFunctions.has(name)) {
    replaceCall(m, call, id, rewriteFunction(m, call, name, args));
    return;
  }
  if (binaryOps.has(name) || unaryOps.has(name)) {
    const arity = binaryOps.has(name) ? 2 : 1;
    if (args.length !== arity) {
      m.skip(call, `bad arguments: ${shown} takes ${arity} argument${arity === 1 ? "" : "s"} here, not ${args.length}`);
      return;
    }
    m.consume(id);
    if (name === "div" && knownInt32(m, args[0]!) && knownInt32(m, args[1]!)) {
      m.edits.add(call.getStart(), call.getEnd(), int32Division(m, args[0]!, args[1]!));
      return;
    }
    wrapOperands(m, args);
    m.edits.add(callee.getStart(), callee.getEnd(), m.localName(name));
    return;
  }
  const renamed = renamedOps.get(name);
  if (renamed !== undefined) {
    const problem = renamedProblem(name, args.slice(1), renamed.args - 1, shown);
    if (problem !== undefined) {
      m.skip(call, problem);
      return;
    }
    m.consume(id);
    wrapOperands(m, args.slice(0, 1));
    m.edits.add(callee.getStart(), callee.getEnd(), m.localName(renamed.to));
    return;
  }
  const same = sameSignature.get(name);
  if (same !== undefined) {
    if (args.length < 1 || args.length > 2) {
      m.skip(call, `bad arguments: ${shown} takes (${same === "shape" ? "shape, dtype?" : "x, axis?"})`);
      return;
    }
    if (same === "shape" && args[1] !== undefined) {
      const dtype = dtypeOption(args[1]);
      if (typeof dtype === "object") {
        m.skip(call, dtype.reason);
        return;
      }
    }
    m.consume(id);
    if (same === "axis") wrapOperands(m, args.slice(0, 1));
    m.edits.add(callee.getStart(), callee.getEnd(), m.localName(name));
    return;
  }
  const [x, ...rest] = args;
  if (x === undefined) {
    m.skip(call, `bad arguments: ${shown} needs a tensor argument`);
    return;
  }
  replaceCall(m, call, id, restructuredCall(m, name, x, rest));
}

/** The call replaced by `text`, or reported for its reason. */
function replaceCall(m: Migration, call: CallExpression, id: Identifier, text: string | { reason: string }): void {
  if (typeof text !== "string") {
    m.skip(call, text.reason);
    return;
  }
  m.consume(id);
  m.edits.add(call.getStart(), call.getEnd(), laidOutAs(call, text));
}
