/**
 * One method call on a tensor in the TensorFlow.js migration, `x.op(...)`:
 * shapecast's tensors have the element-wise methods, so `a.add(b)` stays (its
 * array-literal operands wrapped, an int32 `div` rewritten); a renamed method
 * changes its name (`x.clipByValue` is `x.clip`); a restructured one
 * (`a.matMul(b)`, `x.sum(0)`, `x.argMax(1)`) becomes a function call; a
 * read-out becomes shapecast's (`x.dataSync()` is `x.toTypedArray()`). An
 * unknown method of a tfjs tensor is reported; a method of any other value is left alone.
 */
import { type CallExpression, type Expression, Node } from "ts-morph";
import { laidOutAs } from "./layout.js";
import { convertDisposeMethod } from "./memory.js";
import type { Migration } from "./migration.js";
import { knownInt32, tensorKind } from "./operands.js";
import { binaryOps, renamedOps, restructured, unaryOps, unsupportedMethodReason } from "./ops.js";
import { int32Division, renamedProblem, restructuredCall, wrapOperands } from "./rewrite.js";
import { rewriteFunction } from "./functions.js";
import { convertOptimizerUse } from "./training.js";

/** tfjs tensor methods that are functions in shapecast, with the arguments of the tfjs function of the same name after the tensor. */
const rewrittenMethods: ReadonlySet<string> = new Set([
  "expandDims", "squeeze", "reverse", "argMax", "argMin", "max", "min", "prod", "logSumExp", "unstack", "gather", "tile", "square", "floorDiv",
]);

/** Read-outs: `x.dataSync()` is a shapecast tensor's `toTypedArray()`, `x.arraySync()` its `toArray()`; the async ones, their values in a promise. */
const readOuts: ReadonlyMap<string, string> = new Map([["dataSync", "toTypedArray"], ["arraySync", "toArray"], ["data", "toTypedArray"], ["array", "toArray"]]);

/** The read-out's shapecast text: `await x.data()` becomes `x.toTypedArray()` (marked "await " for the caller to take the await too), else a resolved promise. */
function readOut(m: Migration, call: CallExpression, method: string, receiver: Node, args: readonly Node[]): string | { reason: string } {
  if (args.length > 0) return { reason: `bad arguments: .${method}() takes no arguments` };
  const text = `${m.edits.text(receiver)}.${readOuts.get(method)!}()`;
  if (method === "dataSync" || method === "arraySync") return text;
  return Node.isAwaitExpression(call.getParent()) ? `await ${text}` : `Promise.resolve(${text})`;
}

/** Converts `call`, the call of method `access` on a tensor, or reports it when the receiver is a tfjs tensor. */
export function convertMethod(m: Migration, call: CallExpression, access: Node & { getName(): string; getExpression(): Expression }): void {
  const method = access.getName();
  const receiver = access.getExpression();
  if (convertOptimizerUse(m, call, method, receiver)) return;
  if ((rewrittenMethods.has(method) || readOuts.has(method)) && tensorKind(m, receiver) === "tfjs") {
    const args = call.getArguments();
    const text = readOuts.has(method) ? readOut(m, call, method, receiver, args) : rewriteFunction(m, call, method, [receiver, ...args]);
    if (typeof text !== "string") m.skip(call, text.reason);
    else m.edits.add(text.startsWith("await ") ? call.getParentOrThrow().getStart() : call.getStart(), call.getEnd(), laidOutAs(call, text.replace(/^await /, "")));
    return;
  }
  const known = binaryOps.has(method) || unaryOps.has(method) || restructured.has(method) || renamedOps.has(method);
  if (!known) {
    if (method === "toString" || method === "constructor") return;
    if (tensorKind(m, receiver) === "tfjs" && !(method === "dispose" && convertDisposeMethod(m, call))) m.skip(call, unsupportedMethodReason(method));
    return;
  }
  const kind = tensorKind(m, receiver);
  if (kind === undefined) return;
  const args = call.getArguments();
  if (args.some((arg) => Node.isSpreadElement(arg))) {
    if (kind === "tfjs") m.skip(call, `spread arguments: .${method}(...) cannot be checked; write the arguments out`);
    return;
  }
  const renamed = renamedOps.get(method);
  if (renamed !== undefined) {
    const problem = renamedProblem(method, args, renamed.args - 1, `.${method}`);
    if (problem !== undefined) {
      if (kind === "tfjs") m.skip(call, problem);
      return;
    }
    if (renamed.to !== method && Node.isPropertyAccessExpression(access)) {
      const nameNode = access.getNameNode();
      m.edits.add(nameNode.getStart(), nameNode.getEnd(), renamed.to);
    }
    return;
  }
  if (!restructured.has(method)) {
    if (method === "div" && args.length === 1 && knownInt32(m, receiver) && knownInt32(m, args[0]!)) {
      m.edits.add(call.getStart(), call.getEnd(), int32Division(m, receiver, args[0]!));
      return;
    }
    wrapOperands(m, args);
    return;
  }
  const text = restructuredCall(m, method, receiver, args);
  if (typeof text !== "string") {
    m.skip(call, text.reason);
    return;
  }
  m.edits.add(call.getStart(), call.getEnd(), laidOutAs(call, text));
}
