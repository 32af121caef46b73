/**
 * Fuzz: matmul, dot and outer with NumPy's rules (a 1-D a is a row, a 1-D b
 * a column, batch axes broadcast), every dtype, any layout. Integer products
 * are exact and wrap (BigInt reference); float64 products allow another order
 * of additions (k eps of the sum of |a||b|, and either result when overflow
 * depends on the order); float32 products, summed in float32, the bound of
 * test/support/rounding.ts (and any result once the terms may overflow
 * float32).
 */
import fc from "fast-check";
import { dot, matmul, outer } from "shapecast";
import { describe } from "vitest";
import { operandArb } from "./support/arbs.js";
import { numpyFit, readIndexOf, isFit } from "./support/broadcast.js";
import { makeOperand, program } from "./support/build.js";
import type { Tolerance } from "./support/check.js";
import { binaryDTypes, isFloat, store, wrap } from "./support/dtypes.js";
import { runCase } from "./support/expect.js";
import { at, makeModel, type Model } from "./support/model.js";
import type { Expected } from "./support/semantics.js";
import { fuzz } from "./support/run.js";
import { FLOAT32_OVERFLOW, float32SumTolerance, gamma, unitRoundoff } from "../support/rounding.js";

const EPS = 2 ** -52;

/** NumPy's matmul on the models, or ShapeError. */
export function referenceMatmul(a: Model, b: Model): Expected {
  if (a.shape.length === 0 || b.shape.length === 0) return { error: ["ShapeError"] };
  const aVec = a.shape.length === 1;
  const bVec = b.shape.length === 1;
  const A = aVec ? [1, a.shape[0]!] : a.shape;
  const B = bVec ? [b.shape[0]!, 1] : b.shape;
  const [m, k] = A.slice(-2) as [number, number];
  const [k2, n] = B.slice(-2) as [number, number];
  const batch = numpyFit([A.slice(0, -2), B.slice(0, -2)]);
  if (k !== k2 || !isFit(batch)) return { error: ["ShapeError"] };
  const { compute, result } = binaryDTypes("arithmetic", a.dtype, b.dtype);
  const shape = [...batch.shape, ...(aVec ? [] : [m]), ...(bVec ? [] : [n])];
  const tags = new Set<string>();
  const tolerances: Tolerance[] = [];
  const model = makeModel(shape, result, (index) => {
    const bi = index.slice(0, batch.shape.length);
    const rest = index.slice(batch.shape.length);
    const i = aVec ? 0 : rest[0]!;
    const j = bVec ? 0 : rest[aVec ? 0 : 1]!;
    const aBatch = readIndexOf(batch, 0, A.slice(0, -2), bi);
    const bBatch = readIndexOf(batch, 1, B.slice(0, -2), bi);
    const products: number[] = [];
    let exact = 0n;
    for (let p = 0; p < k; p++) {
      const rawX = at(a, aVec ? [p] : [...aBatch, i, p]);
      const rawY = at(b, bVec ? [p] : [...bBatch, p, j]);
      const x = store(compute, rawX);
      const y = store(compute, rawY);
      if (!Object.is(x, rawX) || !Object.is(y, rawY)) tags.add("convert");
      products.push(x * y);
      if (!isFloat(compute)) exact += BigInt(x) * BigInt(y);
    }
    if (!isFloat(compute)) {
      if (products.some((p) => Math.abs(p) > 2 ** 53) || Math.abs(Number(exact)) > 2 ** 53) tags.add("int-exact");
      tolerances.push("exact");
      return wrap(result, exact);
    }
    const forward = products.reduce((s, p) => s + p, 0);
    const backward = [...products].reverse().reduce((s, p) => s + p, 0);
    const magnitude = products.reduce((s, p) => s + Math.abs(p), 0);
    if (Number.isFinite(forward) !== Number.isFinite(backward) || Number.isNaN(forward) !== Number.isNaN(backward)) tolerances.push("any");
    else if (result === "float32") {
      // summed in float32: a product or a partial sum may overflow (Infinity, or NaN from Infinity - Infinity) once the terms reach float32's largest value
      const overflows = magnitude * (1 + gamma(k, unitRoundoff("float32"))) >= FLOAT32_OVERFLOW;
      tolerances.push(overflows ? "any" : { abs: float32SumTolerance(k, magnitude, true) });
    } else tolerances.push({ abs: 4 * k * EPS * magnitude });
    return store(result, forward);
  });
  return { model, tolerance: (index: number) => tolerances[index]!, tags };
}

const dim = fc.integer({ min: 0, max: 4 });
const matmulArb = fc.record({
  batch: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
  ra: fc.nat(3),
  rb: fc.nat(3),
  onesA: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  onesB: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  m: dim,
  k: dim,
  n: dim,
  aVec: fc.nat(4),
  bVec: fc.nat(4),
  a: operandArb(),
  b: operandArb(),
  mutate: fc.nat(11),
  scalar: fc.nat(30),
});
type MatmulCase = typeof matmulArb extends fc.Arbitrary<infer T> ? T : never;

function shapesOf(c: MatmulCase): [number[], number[]] {
  const batchA = c.batch.slice(c.batch.length - Math.min(c.ra, c.batch.length)).map((d, i) => (c.onesA[i] ? 1 : d));
  const batchB = c.batch.slice(c.batch.length - Math.min(c.rb, c.batch.length)).map((d, i) => (c.onesB[i] ? 1 : d));
  let a = c.aVec === 0 ? [c.k] : [...batchA, c.m, c.k];
  let b = c.bVec === 0 ? [c.k] : [...batchB, c.k, c.n];
  if (c.mutate === 11) b = b.map((d, i) => (i === Math.max(0, b.length - 2) ? d + 1 : d)); // inner sizes differ
  if (c.scalar === 30) a = [];
  return [a, b];
}

function runMatmul(op: "matmul" | "dot", c: MatmulCase): void {
  const [sa, sb] = shapesOf(c);
  const a = makeOperand("a", sa, c.a.dtype, c.a.pool, c.a.layout);
  const b = makeOperand("b", sb, c.b.dtype, c.b.pool, c.b.layout);
  let expected = referenceMatmul(a.m, b.m);
  if (op === "dot" && "error" in expected) expected = { ...expected, tags: new Set(["dot-error"]) };
  const f = op === "matmul" ? matmul : dot;
  runCase({ op, call: () => f(a.t as never, b.t as never), code: program([a, b], `${op}(${a.name}, ${b.name})`), expected, inputs: [a, b] });
}

describe("fuzz: matrix products", () => {
  fuzz("matmul", matmulArb, (c) => runMatmul("matmul", c));
  fuzz("dot", matmulArb, (c) => runMatmul("dot", c));
  fuzz("outer", fc.record({ m: dim, n: dim, a: operandArb(), b: operandArb(), extra: fc.nat(9) }), (c) => {
    const sa = c.extra === 9 ? [c.m, 1] : [c.m];
    const a = makeOperand("a", sa, c.a.dtype, c.a.pool, c.a.layout);
    const b = makeOperand("b", [c.n], c.b.dtype, c.b.pool, c.b.layout);
    let expected: Expected;
    if (sa.length !== 1) expected = { error: ["ShapeError"] };
    else {
      const { compute, result } = binaryDTypes("arithmetic", a.m.dtype, b.m.dtype);
      const tags = new Set<string>();
      const model = makeModel([c.m, c.n], result, ([i, j]) => {
        const x = store(compute, at(a.m, [i!]));
        const y = store(compute, at(b.m, [j!]));
        if (!Object.is(x, at(a.m, [i!])) || !Object.is(y, at(b.m, [j!]))) tags.add("convert");
        if (!isFloat(compute)) {
          if (Math.abs(x * y) > 2 ** 53) tags.add("int-exact");
          return wrap(result, BigInt(x) * BigInt(y));
        }
        if (x * y === 0) tags.add("zero-sign");
        return store(result, x * y);
      });
      expected = { model, tolerance: "exact", tags };
    }
    runCase({ op: "outer", call: () => outer(a.t as never, b.t as never), code: program([a, b], `outer(${a.name}, ${b.name})`), expected, inputs: [a, b] });
  });
});
