/**
 * TensorFlow.js functions that shapecast has under another name or with
 * other arguments, and the shapecast text each becomes; each rule writes what
 * TensorFlow.js computes, defaults included (`tf.argMax(x)` reduces axis 0,
 * `tf.oneHot` gives int32, `tf.range(a, b)` counts down when b < a), and
 * gives a reason instead when that cannot be written from what the file shows.
 *
 * - axes: expandDims, squeeze, reverse (a slice with step -1), argMax/argMin,
 *   max/min/prod/logSumExp (as sum), moments (mean and variance of a name);
 * - joins and picks: concat, stack, split, unstack (slices of a name), gather,
 *   tile, where, topk, oneHot;
 * - einsum, whose arguments are the same;
 * - values: range (as arange), zerosLike/onesLike, square, floorDiv,
 *   randomNormal (randn, scaled and moved; the same seed draws other numbers
 *   in shapecast).
 */
import { type CallExpression, Node, SyntaxKind } from "ts-morph";
import type { Migration } from "./migration.js";
import { knownFloat, knownInt32, rankOf } from "./operands.js";
import { operand, reductionTail } from "./rewrite.js";
import { isNullish, isSimple, literalIntegers, unwrap } from "./syntax.js";

type Written = string | { reason: string };

/** The names this file rewrites, for the op tables. */
export const rewrittenFunctions: ReadonlySet<string> = new Set([
  "expandDims", "squeeze", "reverse", "argMax", "argMin", "max", "min", "prod", "logSumExp", "moments",
  "concat", "stack", "split", "unstack", "gather", "tile", "where", "topk", "oneHot",
  "range", "zerosLike", "onesLike", "square", "floorDiv", "randomNormal", "einsum",
]);

const absentOr = (node: Node | undefined, value: string): boolean => node === undefined || isNullish(node) || node.getText() === value;

/** A list of tensors: an array literal's elements as operands (array literals wrapped), any other expression as it is. */
function tensorList(m: Migration, list: Node): string {
  const inner = unwrap(list);
  if (!Node.isArrayLiteralExpression(inner)) return m.edits.text(list);
  if (inner.getElements().some((e) => Node.isSpreadElement(e))) return m.edits.text(list);
  return `[${inner.getElements().map((e) => operand(m, e)).join(", ")}]`;
}

/** A literal axis of `x`, made non-negative (with the rank known for a negative one). */
function literalAxis(m: Migration, x: Node, axis: Node, op: string): number | { reason: string } {
  const literal = literalIntegers(axis);
  if (literal === undefined || literal.length !== 1 || Node.isArrayLiteralExpression(unwrap(axis))) {
    return { reason: `axis not literal: ${op} needs the axis as a number literal here to write the slice; convert by hand` };
  }
  if (literal[0]! >= 0) return literal[0]!;
  const rank = rankOf(m, x);
  if (rank === undefined) return { reason: `rank not known: ${op} with a negative axis needs the rank of ${x.getText()}; convert by hand` };
  return literal[0]! + rank;
}

/** Slice specs that leave the axes before `at` whole and give `spec` to axis `at`. */
const specsAt = (at: number, spec: string): string => [...Array<string>(at).fill("null"), spec].join(", ");

/** The shapecast text for tfjs function `name` called with `args`, or why it cannot be written. */
export function rewriteFunction(m: Migration, call: CallExpression, name: string, args: readonly Node[]): Written {
  const [x, second, third, fourth, fifth] = args;
  const fn = (shapecast: string): string => m.localName(shapecast);
  const bad = (signature: string): { reason: string } => ({ reason: `bad arguments: tf.${name} takes (${signature})` });
  if (x === undefined) return bad("x, ...");
  const X = operand(m, x);
  const text = (node: Node): string => m.edits.text(node);
  switch (name) {
    case "expandDims":
      if (args.length > 2) return bad("x, axis?");
      return `${fn("expandDims")}(${X}, ${second === undefined || isNullish(second) ? "0" : text(second)})`;
    case "squeeze":
      if (args.length > 2) return bad("x, axis?");
      return second === undefined || isNullish(second) ? `${fn("squeeze")}(${X})` : `${fn("squeeze")}(${X}, ${text(second)})`;
    case "reverse": {
      if (args.length !== 2 || isNullish(second!)) return { reason: "axis not given: tf.reverse without an axis reverses every axis; give the axes, then run again" };
      const at = literalAxis(m, x, second!, "tf.reverse");
      return typeof at === "number" ? `${fn("slice")}(${X}, ${specsAt(at, "{ step: -1 }")})` : at;
    }
    case "argMax":
    case "argMin":
      if (args.length > 2) return bad("x, axis?");
      return `${fn(name === "argMax" ? "argmax" : "argmin")}(${X}, ${second === undefined || isNullish(second) ? "0" : text(second)})`;
    case "max":
    case "min":
    case "prod":
    case "logSumExp":
      if (args.length > 3) return bad("x, axis?, keepDims?");
      return `${fn(name)}(${[X, ...reductionTail(m, second, third)].join(", ")})`;
    case "moments": {
      if (args.length > 3) return bad("x, axis?, keepDims?");
      if (!isSimple(x)) return { reason: "moments of an expression: the mean and the variance both read x; name it first (const x = ...), then run again" };
      const tail = reductionTail(m, second, third);
      const object = `{ mean: ${fn("mean")}(${[X, ...tail].join(", ")}), variance: ${fn("variance")}(${[X, ...tail].join(", ")}) }`;
      const parent = call.getParent();
      return Node.isArrowFunction(parent) && parent.getBody() === call ? `(${object})` : object;
    }
    case "concat":
    case "stack":
      if (args.length > 2) return bad("tensors, axis?");
      return `${fn(name)}(${tensorList(m, x)}${second === undefined || isNullish(second) ? "" : `, ${text(second)}`})`;
    case "split": {
      if (second === undefined || args.length > 3) return bad("x, numOrSizeSplits, axis?");
      const sizes = unwrap(second);
      if (Node.isArrayLiteralExpression(sizes)) {
        const literal = literalIntegers(sizes);
        if (literal === undefined || literal.includes(-1)) {
          return { reason: "split sizes not literal: a size of -1 (the rest) is TensorFlow.js's alone; write the sizes out, then run again" };
        }
      } else if (!second.getType().isNumber() && !second.getType().isNumberLiteral()) {
        return { reason: "split sizes not known: the sizes may hold -1 (the rest), which shapecast does not take; write them out, then run again" };
      }
      return `${fn("split")}(${X}, ${text(second)}${third === undefined || isNullish(third) ? "" : `, ${text(third)}`})`;
    }
    case "unstack": {
      if (args.length > 2) return bad("x, axis?");
      const at = second === undefined || isNullish(second) ? 0 : literalAxis(m, x, second, "tf.unstack");
      let body: (t: string) => string;
      if (typeof at === "number") {
        body = (t) => `Array.from({ length: ${t}.shape[${at}] }, (_, i) => ${fn("slice")}(${t}, ${specsAt(at, "i")}))`;
      } else {
        // a computed axis (negative ones count from the end): one index gathered on it, the axis squeezed away
        if (!isSimple(second!)) return { reason: "unstack axis not simple: a computed axis is read three times; name it first, then run again" };
        const axis = text(second!);
        const nonNull = /\.[cm]?tsx?$/.test(m.file.getFilePath()) ? "!" : "";
        body = (t) => `Array.from({ length: ${t}.shape.at(${axis})${nonNull} }, (_, i) => ${fn("squeeze")}(${fn("gather")}(${t}, [i], ${axis}), [${axis}]))`;
      }
      return isSimple(x) ? body(X) : `((t) => ${body("t")})(${X})`;
    }
    case "gather":
      if (second === undefined || args.length > 4) return bad("x, indices, axis?, batchDims?");
      if (!absentOr(fourth, "0")) return { reason: "gather with batchDims: shapecast's gather has no batch axes; convert by hand" };
      return `${fn("gather")}(${X}, ${text(second)}${third === undefined || isNullish(third) ? "" : `, ${text(third)}`})`;
    case "tile":
      if (second === undefined || args.length > 2) return bad("x, reps");
      return `${fn("tile")}(${X}, ${text(second)})`;
    case "where":
      if (args.length !== 3) return bad("condition, a, b");
      return `${fn("where")}(${X}, ${operand(m, second!)}, ${operand(m, third!)})`;
    case "topk":
      if (args.length > 3) return bad("x, k?, sorted?");
      if (!absentOr(third, "true")) return { reason: "topk unsorted: shapecast's topk always sorts; convert by hand if the order matters" };
      return `${fn("topk")}(${X}, ${second === undefined || isNullish(second) ? "1" : text(second)})`;
    case "oneHot": {
      if (second === undefined || args.length > 5) return bad("indices, depth, onValue?, offValue?, dtype?");
      if (!absentOr(third, "1") || !absentOr(fourth, "0")) return { reason: "oneHot values: shapecast's oneHot writes 1 and 0; scale the result by hand" };
      const dtype = fifth === undefined || isNullish(fifth) ? '"int32"' : fifth.getText();
      if (!/^["'`](float32|int32|bool)["'`]$/.test(dtype)) return { reason: "dtype not literal: oneHot's dtype must be a literal float32, int32 or bool here; convert by hand" };
      const indices = Node.isArrayLiteralExpression(unwrap(x)) ? `${fn("tensor")}(${text(x)}, { dtype: "int32" })` : X;
      return `${fn("oneHot")}(${indices}, ${text(second)}, { dtype: ${dtype} })`;
    }
    case "range": {
      if (second === undefined || args.length > 4) return bad("start, stop, step?, dtype?");
      const dtype = fourth === undefined || isNullish(fourth) ? "" : fourth.getText();
      if (dtype !== "" && !/^["'`](float32|int32)["'`]$/.test(dtype)) return { reason: "dtype not literal: range's dtype must be a literal float32 or int32 here; convert by hand" };
      const options = dtype === "" ? "" : `, { dtype: ${dtype} }`;
      let step: string;
      if (third !== undefined && !isNullish(third) && third.getText() !== "1") {
        step = text(third);
      } else {
        // TensorFlow.js counts down when stop < start and the step is 1 (or not given)
        const [a, b] = [literalIntegers(x), literalIntegers(second)];
        if (a !== undefined && b !== undefined && a.length === 1 && b.length === 1 && !Node.isArrayLiteralExpression(unwrap(x)) && !Node.isArrayLiteralExpression(unwrap(second))) step = a[0]! <= b[0]! ? "1" : "-1";
        else if (isSimple(x) && isSimple(second)) step = `${text(second)} < ${text(x)} ? -1 : 1`;
        else return { reason: "range bounds not simple: TensorFlow.js counts down when stop < start, so the step depends on both; name them first, then run again" };
      }
      return `${fn("arange")}(${text(x)}, ${text(second)}, ${step}${options})`;
    }
    case "randomNormal": {
      if (args.length > 5) return bad("shape, mean?, stdDev?, dtype?, seed?");
      const [, mean, std, dtype, seed] = args;
      if (!absentOr(dtype, '"float32"') && !absentOr(dtype, "'float32'")) return { reason: "dtype not in shapecast: randomNormal draws float32 here (shapecast's randn has no int32); convert by hand" };
      const options = seed === undefined || isNullish(seed) ? "" : `, { seed: ${text(seed)} }`;
      let drawn = `${fn("randn")}(${text(x)}${options})`;
      if (!absentOr(std, "1")) drawn = `${fn("mul")}(${drawn}, ${text(std!)})`;
      if (!absentOr(mean, "0")) drawn = `${fn("add")}(${drawn}, ${text(mean!)})`;
      return drawn;
    }
    case "einsum":
      // (equation, ...tensors) in both libraries
      return `${fn("einsum")}(${[text(x), ...args.slice(1).map((arg) => operand(m, arg))].join(", ")})`;
    case "zerosLike":
    case "onesLike":
      if (args.length !== 1) return bad("x");
      return `${fn(name)}(${X})`;
    case "square":
      if (args.length !== 1) return bad("x");
      return isSimple(x) ? `${fn("mul")}(${X}, ${X})` : `${fn("pow")}(${X}, 2)`;
    case "floorDiv": {
      if (args.length !== 2) return bad("a, b");
      const ints = knownInt32(m, x) && knownInt32(m, second!);
      if (!ints && !(knownFloat(m, x) || knownFloat(m, second!))) {
        return { reason: "dtype not known: tf.floorDiv gives int32 for int32 operands and floats otherwise, and the file does not show which; convert by hand" };
      }
      // divided in float64, floored, back in the result's dtype: what TensorFlow.js computes
      return `${fn("cast")}(${fn("floor")}(${fn("div")}(${fn("cast")}(${X}, "float64"), ${operand(m, second!)})), "${ints ? "int32" : "float32"}")`;
    }
  }
  return { reason: `op not converted: tf.${name}` };
}
