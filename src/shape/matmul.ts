/**
 * Runtime mirror of types/matmul.ts: NumPy's matmul shape rule. A 1-D `a`
 * is a row ([K] as [1, K]) and a 1-D `b` a column ([K] as [K, 1]), the
 * promoted axes are dropped from the result; the batch axes (all but the last
 * two) broadcast by NumPy's rule; a's last size must equal b's second-to-last.
 * Each writer is typed to return its type twin's message.
 */
import { showShape, writeAxisMismatch } from "../errors.js";
import type { MatmulInnerDetail, MatmulMessage, MatmulScalarDetail, OuterRankMessage } from "../../types/matmul.js";
import { numpyRule } from "./broadcast/numpy.js";

export interface MatmulLayout {
  readonly shape: number[];
  /** The broadcast batch shape. */
  readonly batch: number[];
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

export interface MatmulFailure {
  readonly message: string;
  readonly axis?: number;
  readonly sizes?: readonly [number, number];
}

/** Twin of `MatmulMessage` in types/matmul.ts; `op` is `matmul` or `dot`, as the caller called it. */
export const writeMatmulMessage = <Op extends string, Detail extends string, A extends string, B extends string>(
  op: Op,
  detail: Detail,
  a: A,
  b: B,
): MatmulMessage<Op, Detail, A, B> => `${op}: ${detail}; cannot multiply ${a} by ${b}`;

/** Twin of `MatmulScalarDetail` in types/matmul.ts. */
export const writeMatmulScalar = <Op extends string, Operand extends "a" | "b">(op: Op, operand: Operand): MatmulScalarDetail<Op, Operand> =>
  `${operand} is a scalar (${op} needs at least one axis on each side)`;

/** Twin of `MatmulInnerDetail` in types/matmul.ts. */
export const writeMatmulInner = <KA extends number, KB extends number, Which extends "only" | "second-to-last">(
  ka: KA,
  kb: KB,
  which: Which,
): MatmulInnerDetail<KA, KB, Which> => `inner sizes ${ka} vs ${kb} (the last axis of a, the ${which} axis of b)`;

/** Twin of `OuterRankMessage` in types/matmul.ts. */
export const writeOuterRank = <A extends string, B extends string>(a: A, b: B): OuterRankMessage<A, B> =>
  `outer: a and b must be vectors; cannot take the outer product of ${a} and ${b}`;

const write = (op: string, detail: string, a: readonly number[], b: readonly number[]): string =>
  writeMatmulMessage(op, detail, showShape(a), showShape(b));

export function matmulRule(a: readonly number[], b: readonly number[], op = "matmul"): MatmulLayout | MatmulFailure {
  if (a.length === 0 || b.length === 0) {
    return { message: write(op, writeMatmulScalar(op, a.length === 0 ? "a" : "b"), a, b) };
  }
  const m = a.length === 1 ? 1 : a[a.length - 2]!;
  const ka = a[a.length - 1]!;
  const kb = b.length === 1 ? b[0]! : b[b.length - 2]!;
  const n = b.length === 1 ? 1 : b[b.length - 1]!;
  if (ka !== kb) {
    return {
      message: write(op, writeMatmulInner(ka, kb, b.length === 1 ? "only" : "second-to-last"), a, b),
      sizes: [ka, kb],
    };
  }
  const batch = numpyRule(a.slice(0, -2), b.slice(0, -2));
  if (!Array.isArray(batch)) {
    return { message: write(op, `batch ${writeAxisMismatch(batch.axis!, ...batch.sizes!)}`, a, b), axis: batch.axis, sizes: batch.sizes };
  }
  const shape = [...batch, ...(a.length === 1 ? [] : [m]), ...(b.length === 1 ? [] : [n])];
  return { shape, batch, m, k: ka, n };
}
