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
import { isNullish, isSimple, literalIntegers, unwrap } from "./syntax.js";

/**
 * Is an operand a plain array (a tfjs TensorLike, which shapecast's ops do not
 * take): an array literal, or an expression the file types as an array or a
 * tuple (`this.anchors[i]` of a `number[][]`)?
 */
function isPlainArray(node: Node): boolean {
  if (Node.isArrayLiteralExpression(unwrap(node))) return true;
  const type = node.getType();
  return type.isArray() || type.isTuple() || type.getText().startsWith("readonly ");
}

/** An operand's text: a plain array (a tfjs TensorLike) becomes `tensor(...)`. */
export function operand(m: Migration, node: Node): string {
  const text = m.edits.text(node);
  return isPlainArray(node) ? `${m.localName("tensor")}(${text})` : text;
}

/** Wraps the operands that are plain arrays in place. */
export function wrapOperands(m: Migration, nodes: readonly Node[]): void {
  for (const node of nodes) if (isPlainArray(node)) m.edits.add(node.getStart(), node.getEnd(), operand(m, node));
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
export function reductionTail(m: Migration, axis: Node | undefined, keepDims: Node | undefined): string[] {
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

/** matMul's operand, transposed on its last two axes when `flag` is (or, not literal, may be) true; a reason when that cannot be written. */
function matmulOperand(m: Migration, node: Node, flag: Node | undefined, which: string): string | { reason: string } {
  const text = operand(m, node);
  if (flag === undefined || flag.getKind() === SyntaxKind.FalseKeyword || isNullish(flag)) return text;
  const literal = flag.getKind() === SyntaxKind.TrueKeyword;
  if (!literal && !isSimple(flag)) {
    return { reason: `matMul flag not simple: ${which} is an expression; name it first (const flag = ...), then run again` };
  }
  const rank = rankOf(m, node);
  let transposed: string;
  // the last two axes swapped whatever the rank: einsum's ellipsis stands for the others
  if (rank === undefined) transposed = `${m.localName("einsum")}("...ij->...ji", ${text})`;
  else if (rank < 2) return { reason: `bad arguments: ${which} is set but ${node.getText()} has rank ${rank}; matMul needs rank 2 or more` };
  else if (rank === 2) transposed = `${m.localName("transpose")}(${text})`;
  else transposed = `${m.localName("transpose")}(${text}, [${[...Array(rank - 2).keys(), rank - 1, rank - 2].join(", ")}])`;
  // (an argument of matmul: the conditional needs no parentheses)
  return literal ? transposed : `${m.edits.text(flag)} ? ${transposed} : ${text}`;
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
    const specs = sliceSpecs(m, rest[0]!, rest[1]);
    if (!Array.isArray(specs)) return specs;
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

/** The items of tfjs slice bounds: an array literal's elements, or a single number (a rank-1 slice). */
function boundItems(node: Node): Node[] | undefined {
  const inner = unwrap(node);
  if (Node.isArrayLiteralExpression(inner)) return inner.getElements().some((e) => Node.isSpreadElement(e) || Node.isOmittedExpression(e)) ? undefined : inner.getElements();
  return inner.getType().isNumber() || inner.getType().isNumberLiteral() ? [inner] : undefined;
}

/**
 * tfjs slice bounds (`begin`, `size` per axis; begin 0 and size -1, the rest
 * of the axis, where they leave an axis out) as shapecast's `{ start, stop }`
 * per axis. Literal or computed: a computed size may be -1 at run time, so
 * its stop is written `size === -1 ? undefined : start + size`.
 */
function sliceSpecs(m: Migration, beginNode: Node, sizeNode: Node | undefined): string[] | { reason: string } {
  const begin = boundItems(beginNode);
  const size = sizeNode === undefined ? [] : boundItems(sizeNode);
  if (begin === undefined || size === undefined) {
    return { reason: "slice bounds not known: begin and size must be array literals (or numbers, for one axis) to be read per axis; write them out, then run again" };
  }
  const literal = (node: Node | undefined): number | undefined => {
    if (node === undefined) return undefined;
    const values = literalIntegers(node);
    return values?.length === 1 ? values[0] : undefined;
  };
  const specs: string[] = [];
  for (let axis = 0; axis < Math.max(begin.length, size.length); axis++) {
    const b = begin[axis];
    const n = size[axis];
    const bValue = b === undefined ? 0 : literal(b);
    const nValue = n === undefined ? -1 : literal(n);
    if ((bValue !== undefined && bValue < 0) || (nValue !== undefined && nValue < -1)) {
      return { reason: "bad arguments: slice bounds must be non-negative (a size of -1 is the rest of the axis)" };
    }
    const start = b === undefined ? "0" : m.edits.text(b);
    if (nValue === -1) {
      specs.push(bValue === 0 ? "null" : `{ start: ${start} }`);
      continue;
    }
    if (bValue === undefined && !isSimple(b!)) return { reason: "slice bounds not simple: a computed begin is read twice (start and stop); name it first, then run again" };
    if (nValue !== undefined) {
      const stop = bValue !== undefined ? String(bValue + nValue) : `${start} + ${nValue}`;
      specs.push(bValue === 0 ? `{ stop: ${stop} }` : `{ start: ${start}, stop: ${stop} }`);
      continue;
    }
    if (!isSimple(n!)) return { reason: "slice bounds not simple: a computed size is read twice (-1 or not, and the stop); name it first, then run again" };
    const sizeText = m.edits.text(n!);
    const stop = `${sizeText} === -1 ? undefined : ${bValue === 0 ? sizeText : `${start} + ${sizeText}`}`;
    specs.push(bValue === 0 ? `{ stop: ${stop} }` : `{ start: ${start}, stop: ${stop} }`);
  }
  while (specs[specs.length - 1] === "null") specs.pop();
  return specs;
}
