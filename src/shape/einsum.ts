/**
 * The shape rule of `einsum` at run time, the twin of types/einsum.ts: the
 * subscripts read in the same order with the same checks, so a misfit throws
 * the message the compiler shows. Besides the result shape it gives the plan
 * the op runs: each operand's axes as labels (a letter, or `.k` for the k-th
 * "..." axis from the right, which broadcasts), the output's labels, and each
 * label's size. The writers are typed to return their type twins' messages.
 */
import type {
  EinsumBroadcastMessage,
  EinsumCharacterMessage,
  EinsumCountMessage,
  EinsumEllipsisMessage,
  EinsumLetterMessage,
  EinsumMissingMessage,
  EinsumRankMessage,
  EinsumRepeatedMessage,
} from "../../types/einsum.js";
import { ShapeError, showShape } from "../errors.js";
import { numpyRule } from "./broadcast/numpy.js";

/** Twin of `EinsumCountMessage` in types/einsum.ts. */
export const writeEinsumCount = <S extends string, Named extends number, Given extends number>(s: S, named: Named, given: Given): EinsumCountMessage<S, Named, Given> =>
  `einsum: the subscripts "${s}" name ${named} ${(named === 1 ? "operand" : "operands") as Named extends 1 ? "operand" : "operands"} but ${given} ${(given === 1 ? "was" : "were") as Given extends 1 ? "was" : "were"} given`;

/** Twin of `EinsumRankMessage` in types/einsum.ts. */
export const writeEinsumRank = <Operand extends number, Rank extends number, Sub extends string, AtLeast extends "" | "at least ", Named extends number>(
  operand: Operand,
  rank: Rank,
  sub: Sub,
  atLeast: AtLeast,
  named: Named,
): EinsumRankMessage<Operand, Rank, Sub, AtLeast, Named> =>
  `einsum: operand ${operand} has rank ${rank} but its subscripts "${sub}" name ${atLeast}${named} ${(named === 1 ? "axis" : "axes") as Named extends 1 ? "axis" : "axes"}`;

/** Twin of `EinsumLetterMessage` in types/einsum.ts. */
export const writeEinsumLetter = <S extends string, Letter extends string, X extends string, First extends number, Y extends string, Operand extends number>(
  s: S,
  letter: Letter,
  x: X,
  first: First,
  y: Y,
  operand: Operand,
): EinsumLetterMessage<S, Letter, X, First, Y, Operand> => `einsum: letter ${letter} has size ${x} in operand ${first} and ${y} in operand ${operand} (subscripts "${s}")`;

/** Twin of `EinsumCharacterMessage` in types/einsum.ts. */
export const writeEinsumCharacter = <S extends string, Char extends string>(s: S, char: Char): EinsumCharacterMessage<S, Char> =>
  `einsum: bad character "${char}" in the subscripts "${s}" (letters a-z and A-Z, "..." at most once per operand, "," between operands, "->" before the output)`;

/** Twin of `EinsumMissingMessage` in types/einsum.ts. */
export const writeEinsumMissing = <S extends string, Letter extends string>(s: S, letter: Letter): EinsumMissingMessage<S, Letter> =>
  `einsum: output letter ${letter} is in no operand (subscripts "${s}")`;

/** Twin of `EinsumRepeatedMessage` in types/einsum.ts. */
export const writeEinsumRepeated = <S extends string, Letter extends string>(s: S, letter: Letter): EinsumRepeatedMessage<S, Letter> =>
  `einsum: output letter ${letter} appears more than once (subscripts "${s}")`;

/** Twin of `EinsumEllipsisMessage` in types/einsum.ts. */
export const writeEinsumEllipsis = <S extends string, Shown extends string>(s: S, shown: Shown): EinsumEllipsisMessage<S, Shown> =>
  `einsum: the "..." axes ${shown} are missing from the output; write "..." in it (subscripts "${s}")`;

/** Twin of `EinsumBroadcastMessage` in types/einsum.ts. */
export const writeEinsumBroadcast = <S extends string, Operand extends number, Detail extends string>(s: S, operand: Operand, detail: Detail): EinsumBroadcastMessage<S, Operand, Detail> =>
  `einsum: the "..." axes of operand ${operand} do not broadcast with those before it: ${detail} (subscripts "${s}")`;

export interface EinsumPlan {
  /** The result's shape. */
  readonly shape: number[];
  /** Each operand's axes as labels: a letter, or `.k` for the k-th "..." axis from the right. */
  readonly inputs: string[][];
  /** The result's axes as labels. */
  readonly output: string[];
  /** Each label's size (a "..." axis: its broadcast size). */
  readonly sizes: ReadonlyMap<string, number>;
}

const isLetter = (char: string): boolean => (char >= "a" && char <= "z") || (char >= "A" && char <= "Z");

/** The labels of `count` "..." axes, the leftmost first: `.{count-1}` ... `.0`. */
const ellipsisLabels = (count: number): string[] => Array.from({ length: count }, (_, j) => `.${count - 1 - j}`);

/**
 * Reads `subscripts` against the operands' shapes, in the order types/einsum.ts does: the operand
 * count, then each operand (its letters before a "..." from the front, those after it from the
 * back, then its "..." axes broadcast with those before), then the output. Throws a ShapeError
 * for a misfit of shapes, a RangeError for subscripts no shapes can fit.
 */
export function einsumPlan(s: string, shapes: readonly (readonly number[])[]): EinsumPlan {
  const arrow = s.indexOf("->");
  const subs = (arrow === -1 ? s : s.slice(0, arrow)).split(",");
  const shapeError = (message: string, code: "rank" | "mismatch", a: readonly number[], b: readonly number[], axis?: number, sizes?: readonly [number, number]) =>
    new ShapeError(message, { code, op: "einsum", mode: "einsum", a: [...a], b: [...b], axis, sizes });
  if (subs.length !== shapes.length) {
    throw shapeError(writeEinsumCount(s, subs.length, shapes.length), "rank", [subs.length], [shapes.length]);
  }
  const bound = new Map<string, { size: number; operand: number }>();
  const order: string[] = [];
  const many = new Set<string>();
  let ellipsis: number[] = [];
  const inputs: string[][] = [];

  const bind = (letter: string, size: number, operand: number, axis: number): void => {
    const old = bound.get(letter);
    if (old === undefined) {
      bound.set(letter, { size, operand });
      order.push(letter);
    } else if (old.size === size) {
      many.add(letter);
    } else {
      throw shapeError(writeEinsumLetter(s, letter, `${old.size}`, old.operand, `${size}`, operand), "mismatch", shapes[old.operand]!, shapes[operand]!, axis, [old.size, size]);
    }
  };

  subs.forEach((sub, operand) => {
    const shape = shapes[operand]!;
    const rank = shape.length;
    const at = sub.indexOf("...");
    const pre = at === -1 ? sub : sub.slice(0, at);
    const post = at === -1 ? "" : sub.slice(at + 3);
    const rankFail = () =>
      shapeError(writeEinsumRank(operand, rank, sub, at === -1 ? "" : "at least ", [...sub].filter((c) => c !== ".").length), "rank", shape, []);
    const labels: string[] = [];
    // the letters before a "..." (all of them without one) bind the first sizes
    for (let i = 0; i < pre.length; i++) {
      const char = pre[i]!;
      if (!isLetter(char)) throw new RangeError(writeEinsumCharacter(s, char));
      if (i >= rank) throw rankFail();
      bind(char, shape[i]!, operand, i);
      labels.push(char);
    }
    if (at === -1) {
      if (pre.length < rank) throw rankFail();
      inputs.push(labels);
      return;
    }
    for (const char of post) if (!isLetter(char)) throw new RangeError(writeEinsumCharacter(s, char));
    // the letters after it bind the last sizes, from the back
    const tail: string[] = [];
    for (let j = post.length - 1, axis = rank - 1; j >= 0; j--, axis--) {
      if (axis < pre.length) throw rankFail();
      bind(post[j]!, shape[axis]!, operand, axis);
      tail.unshift(post[j]!);
    }
    const mid = shape.slice(pre.length, rank - post.length);
    inputs.push([...labels, ...ellipsisLabels(mid.length), ...tail]);
    if (mid.length === 0) return;
    if (ellipsis.length === 0) {
      ellipsis = mid;
      return;
    }
    const broadcast = numpyRule(ellipsis, mid);
    if (!Array.isArray(broadcast)) throw shapeError(writeEinsumBroadcast(s, operand, broadcast.detail), "mismatch", ellipsis, mid, broadcast.axis, broadcast.sizes);
    ellipsis = broadcast;
  });

  let output: string[];
  if (arrow === -1) {
    output = [...ellipsisLabels(ellipsis.length), ...order.filter((letter) => !many.has(letter)).sort()];
  } else {
    const out = s.slice(arrow + 2);
    const at = out.indexOf("...");
    if (at === -1 && ellipsis.length > 0) throw shapeError(writeEinsumEllipsis(s, showShape(ellipsis)), "rank", ellipsis, []);
    const seen = new Set<string>();
    const letters = (text: string): string[] =>
      [...text].map((char) => {
        if (!isLetter(char)) throw new RangeError(writeEinsumCharacter(s, char));
        if (seen.has(char)) throw new RangeError(writeEinsumRepeated(s, char));
        if (!bound.has(char)) throw new RangeError(writeEinsumMissing(s, char));
        seen.add(char);
        return char;
      });
    output = at === -1 ? letters(out) : [...letters(out.slice(0, at)), ...ellipsisLabels(ellipsis.length), ...letters(out.slice(at + 3))];
  }
  const sizes = new Map<string, number>();
  for (const [letter, { size }] of bound) sizes.set(letter, size);
  ellipsisLabels(ellipsis.length).forEach((label, j) => sizes.set(label, ellipsis[j]!));
  return { shape: output.map((label) => sizes.get(label)!), inputs, output, sizes };
}
