/**
 * The shapecast text the TensorFlow.js migration writes for tfjs calls and
 * methods alike: operands (array literals wrapped in `tensor(...)`), int32
 * division, the arguments of a renamed op, and the shapecast call of each
 * restructured op (matMul, sum, mean, reshape, slice, transpose).
 */
import { Node, SyntaxKind } from "ts-morph";
import { dtypeOption } from "./creation.js";
import type { Migration } from "./migration.js";
import { rankOf } from "./operands.js";
import { isNullish, literalIntegers, unwrap } from "./syntax.js";

/** An operand's text: an array literal (a tfjs TensorLike) becomes `tensor([...])`. */
export function operand(m: Migration, node: Node): string {
  const text = m.edits.text(node);
  return Node.isArrayLiteralExpression(unwrap(node)) ? `${m.localName("tensor")}(${text})` : text;
}

/** Wraps array-literal operands in place. */
export function wrapOperands(m: Migration, nodes: readonly Node[]): void {
  for (const node of nodes) if (Node.isArrayLiteralExpression(unwrap(node))) m.edits.add(node.getStart(), node.getEnd(), operand(m, node));
}

/** Why a clipByValue or cast call (its arguments after the tensor) cannot be converted, or undefined. */
export function renamedProblem(name: string, rest: readonly Node[], count: number, shown: string): string | undefined {
  if (rest.length !== count) return `bad arguments: ${shown} takes ${count} argument${count === 1 ? "" : "s"} after the tensor, not ${rest.length}`;
  if (name !== "cast") return undefined;
  const dtype = dtypeOption(rest[0]);
  if (dtype === undefined) return `bad arguments: ${shown} needs a dtype`;
  return typeof dtype === "object" ? dtype.reason : undefined;
}

/**
 * tfjs divides two int32 tensors with floor division (an int32 result);
 * shapecast's `div` is true division. The exact equivalent: divide in
 * float64 (every int32 quotient floors correctly there), floor, cast back.
 */
export function int32Division(m: Migration, a: Node, b: Node): string {
  return `${m.localName("cast")}(${m.localName("floor")}(${m.localName("div")}(${m.localName("cast")}(${operand(m, a)}, "float64"), ${operand(m, b)})), "int32")`;
}

/** `axis, keepDims` of tfjs sum/mean as shapecast's `axis, { keepDims }`. */
function reductionTail(m: Migration, axis: Node | undefined, keepDims: Node | undefined): string[] {
  const parts: string[] = [];
  let keep: string | undefined;
  if (keepDims !== undefined && keepDims.getKind() !== SyntaxKind.FalseKeyword && !isNullish(keepDims)) {
    keep = `{ keepDims: ${m.edits.text(keepDims)} }`;
  }
  if (axis !== undefined && !(isNullish(axis) && keep === undefined)) parts.push(isNullish(axis) ? "undefined" : m.edits.text(axis));
  if (keep !== undefined) {
    if (parts.length === 0) parts.push("undefined");
    parts.push(keep);
  }
  return parts;
}

/** matMul's operand, transposed on its last two axes when `flag` is true; a reason when that cannot be written. */
function matmulOperand(m: Migration, node: Node, flag: Node | undefined, which: string): string | { reason: string } {
  const text = operand(m, node);
  if (flag === undefined || flag.getKind() === SyntaxKind.FalseKeyword || isNullish(flag)) return text;
  if (flag.getKind() !== SyntaxKind.TrueKeyword) {
    return { reason: `matMul flag not literal: ${which} is not the literal true or false, so whether to transpose is not known here; write transpose(...) of the operand by hand` };
  }
  const rank = rankOf(m, node);
  if (rank === undefined) {
    return { reason: `rank not known: ${which} needs the rank of ${node.getText().replace(/\s+/g, " ")}, which is not known here, to know the axes to swap; write matmul(transpose(x, [..., last, second-to-last]), ...) by hand` };
  }
  if (rank < 2) return { reason: `bad arguments: ${which} is set but ${node.getText()} has rank ${rank}; matMul needs rank 2 or more` };
  const transpose = m.localName("transpose");
  if (rank === 2) return `${transpose}(${text})`;
  const perm = [...Array(rank - 2).keys(), rank - 1, rank - 2];
  return `${transpose}(${text}, [${perm.join(", ")}])`;
}

/**
 * The shapecast call for a restructured op (`matMul`, `sum`, `mean`, `reshape`,
 * `transpose`, `slice`) with operands `x` (and `rest`); a reason when it cannot be written.
 */
export function restructuredCall(m: Migration, name: string, x: Node, rest: readonly Node[]): string | { reason: string } {
  if (name === "matMul") {
    const [b, transposeA, transposeB] = rest;
    if (b === undefined || rest.length > 3) return { reason: "bad arguments: matMul takes (a, b, transposeA?, transposeB?)" };
    const a = matmulOperand(m, x, transposeA, "transposeA");
    if (typeof a !== "string") return a;
    const bText = matmulOperand(m, b, transposeB, "transposeB");
    if (typeof bText !== "string") return bText;
    return `${m.localName("matmul")}(${a}, ${bText})`;
  }
  if (name === "sum" || name === "mean") {
    if (rest.length > 2) return { reason: `bad arguments: ${name} takes (x, axis?, keepDims?)` };
    return `${m.localName(name)}(${[operand(m, x), ...reductionTail(m, rest[0], rest[1])].join(", ")})`;
  }
  if (name === "reshape") {
    if (rest.length !== 1) return { reason: "bad arguments: reshape takes (x, shape)" };
    return `${m.localName("reshape")}(${operand(m, x)}, ${m.edits.text(rest[0]!)})`;
  }
  if (name === "slice") {
    if (rest.length < 1 || rest.length > 2) return { reason: "bad arguments: slice takes (x, begin, size?)" };
    const begin = literalIntegers(rest[0]!);
    const size = rest[1] === undefined ? [] : literalIntegers(rest[1]);
    if (begin === undefined || size === undefined || begin.some((b) => b < 0) || size.some((n) => n < -1)) {
      return { reason: "slice bounds not literal: shapecast takes { start, stop } per axis; write slice(x, { start, stop }, ...) by hand" };
    }
    // tfjs: begin defaults to 0 and size to -1 (the rest of the axis) on the axes they leave out
    const specs = Array.from({ length: Math.max(begin.length, size.length) }, (_, axis) => {
      const start = begin[axis] ?? 0;
      const length = size[axis] ?? -1;
      if (length === -1) return start === 0 ? "null" : `{ start: ${start} }`;
      return start === 0 ? `{ stop: ${length} }` : `{ start: ${start}, stop: ${start + length} }`;
    });
    while (specs[specs.length - 1] === "null") specs.pop();
    return `${m.localName("slice")}(${[operand(m, x), ...specs].join(", ")})`;
  }
  // transpose(x, perm?, conjugate?)
  const [perm, conjugate] = rest;
  if (rest.length > 2 || (conjugate !== undefined && conjugate.getKind() !== SyntaxKind.FalseKeyword)) {
    return { reason: "complex numbers: transpose with conjugate, and shapecast has no complex numbers; convert by hand" };
  }
  const parts = [operand(m, x)];
  if (perm !== undefined && !isNullish(perm)) parts.push(m.edits.text(perm));
  return `${m.localName("transpose")}(${parts.join(", ")})`;
}
