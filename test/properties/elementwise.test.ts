/**
 * Properties: the strided engine computes what the reference kernel computes,
 * over random shapes, every broadcast mode (shapes that fit and shapes that
 * may not), random layouts (axes permuted, stepped, reversed, broadcast with
 * stride 0, offset into a larger buffer), every dtype, plain numbers, and
 * `out` (fresh, or aliasing an input). The reference (test/support/reference.ts)
 * broadcasts and promotes by its own rules, never the library's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ops from "../../src/ops/elementwise.js";
import { ShapeError } from "../../src/errors.js";
import { Tensor } from "../../src/tensor.js";
import { floatDType, integerPow, isIntegral, signedDType } from "../fuzz/support/dtypes.js";
import {
  type BinaryFamily,
  type BinarySpec,
  type DType,
  type Expected,
  elements,
  isError,
  referenceBinary,
  referenceUnary,
  referenceWhere,
} from "../support/reference.js";
import { viewOf } from "../support/random-view.js";

const DTYPES: DType[] = ["float32", "float64", "int32", "uint8", "bool"];

/** What a small integer is stored as: a truth value for bool, its size for uint8, a half-step for floats. */
const stored = (dtype: DType, v: number): number =>
  dtype === "bool" ? (v > 0 ? 1 : 0) : dtype === "uint8" ? Math.abs(v) : dtype.startsWith("float") ? v / 2 : v;

/** A tensor of `shape` and `dtype` laid out at random inside a larger buffer, with random values. */
const tensorOf = (shape: readonly number[], dtype: DType) =>
  viewOf(shape, dtype, fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 200, maxLength: 200 }).map((values) => values.map((v) => stored(dtype, v))));

const dim = fc.integer({ min: 1, max: 4 });

/** A shapes case: a's shape, b's shape, the spec. */
interface Case {
  readonly a: number[];
  readonly b: number[];
  readonly spec: BinarySpec;
}

/** Operand shapes and a spec that broadcast, for each mode. */
const fitting: fc.Arbitrary<Case> = fc.oneof(
  // numpy: suffixes of one shape with some sizes 1; the spec omitted or named
  fc.array(dim, { maxLength: 4 }).chain((shape) =>
    fc.tuple(fc.nat(shape.length), fc.nat(shape.length), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), fc.boolean()).map(([ra, rb, ones, named]) => ({
      a: shape.slice(shape.length - ra).map((d, i) => (ones[i] ? 1 : d)),
      b: shape.slice(shape.length - rb).map((d, i) => (ones[i + 4] ? 1 : d)),
      spec: named ? { mode: "numpy" as const } : undefined,
    })),
  ),
  // none: the same shape
  fc.array(dim, { maxLength: 4 }).map((shape) => ({ a: shape, b: [...shape], spec: { mode: "none" as const } })),
  // xla: the lower rank mapped by increasing dims (the lower one on either side); equal ranks, or a scalar: no dims,
  // [] or (equal ranks) the identity
  fc.array(dim, { minLength: 1, maxLength: 4 }).chain((high) =>
    fc
      .tuple(fc.shuffledSubarray([...high.keys()], { maxLength: high.length }), fc.boolean(), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), fc.nat(2))
      .map(([dims, lowIsA, ones, form]) => {
        const sorted = [...dims].sort((x, y) => x - y);
        const low = sorted.map((axis, i) => (ones[i] ? 1 : high[axis]!));
        const highOnes = high.map((d, axis) => (ones[axis + 4] && !sorted.includes(axis) ? 1 : d));
        const equal = [undefined, [], sorted][form];
        const spec: BinarySpec =
          low.length > 0 && low.length < high.length ? { mode: "xla", broadcastDimensions: sorted }
          : equal === undefined ? { mode: "xla" }
          : { mode: "xla", broadcastDimensions: equal };
        return lowIsA ? { a: low, b: highOnes, spec } : { a: highOnes, b: low, spec };
      }),
  ),
  // pdpd: b is a run of a's axes (some sizes 1) and up to two trailing 1s, at an axis; a run that ends
  // at a's end (with its trailing 1s) is also given by axis -1 or no axis
  fc.array(dim, { minLength: 1, maxLength: 4 }).chain((a) =>
    fc.tuple(fc.nat(a.length), fc.nat(2), fc.nat(a.length), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.nat(3)).map(([length, trailingSeed, startSeed, ones, form]) => {
      const trailing = Math.min(trailingSeed, a.length - length);
      const room = a.length - length - trailing;
      const start = form === 0 ? startSeed % (room + 1) : room;
      const b = [...a.slice(start, start + length).map((d, i) => (ones[i] ? 1 : d)), ...new Array<number>(trailing).fill(1)];
      const spec: BinarySpec = form === 1 ? { mode: "pdpd" } : form === 2 ? { mode: "pdpd", axis: -1 } : { mode: "pdpd", axis: start };
      return { a, b, spec };
    }),
  ),
);

/**
 * Cases that fit, and some changed so that they may not (the reference
 * decides): one in four has a size changed, one in eight of the xla and pdpd
 * cases has a dims entry or the axis moved by -1, 0 or 1.
 */
const shapesAndSpec: fc.Arbitrary<Case> = fc
  .tuple(fitting, fc.nat(7), fc.boolean(), fc.nat(7), dim, fc.integer({ min: -1, max: 1 }))
  .map(([c, change, side, axis, size, shift]) => {
    if (change === 0 || change === 1) {
      const target = side ? c.a : c.b;
      if (target.length === 0) return c;
      const changed = target.map((d, i) => (i === axis % target.length ? size : d));
      return side ? { ...c, a: changed } : { ...c, b: changed };
    }
    if (change === 2 && c.spec?.mode === "xla" && c.spec.broadcastDimensions !== undefined && c.spec.broadcastDimensions.length > 0) {
      const dims = [...c.spec.broadcastDimensions];
      dims[axis % dims.length] = dims[axis % dims.length]! + shift;
      return { ...c, spec: { mode: "xla", broadcastDimensions: dims } };
    }
    if (change === 2 && c.spec?.mode === "pdpd") {
      const given = c.spec.axis ?? -1;
      return { ...c, spec: { mode: "pdpd", axis: given === -1 ? c.a.length - c.b.length + shift : given + shift } };
    }
    return c;
  });

type BinaryOp = (x: number, y: number, compute: DType) => number;

/** Each op: its family (README's dtype table) and what it computes on two values already in the dtype it computes in. */
const semantics: Record<string, { family: BinaryFamily; op: BinaryOp }> = {
  add: { family: "arithmetic", op: (x, y) => x + y },
  sub: { family: "arithmetic", op: (x, y) => x - y },
  mul: { family: "arithmetic", op: (x, y) => x * y },
  div: { family: "division", op: (x, y) => x / y },
  // integers: exact, wrapped (README: "pow squares and multiplies with wrapping")
  pow: { family: "arithmetic", op: (x, y, compute) => (isIntegral(compute) ? integerPow(compute, x, y) : Math.pow(x, y)) },
  mod: { family: "arithmetic", op: (x, y) => x - Math.floor(x / y) * y },
  maximum: { family: "arithmetic", op: (x, y) => Math.max(x, y) },
  minimum: { family: "arithmetic", op: (x, y) => Math.min(x, y) },
  equal: { family: "compare", op: (x, y) => Number(x === y) },
  notEqual: { family: "compare", op: (x, y) => Number(x !== y) },
  less: { family: "compare", op: (x, y) => Number(x < y) },
  lessEqual: { family: "compare", op: (x, y) => Number(x <= y) },
  greater: { family: "compare", op: (x, y) => Number(x > y) },
  greaterEqual: { family: "compare", op: (x, y) => Number(x >= y) },
  logicalAnd: { family: "logical", op: (x, y) => Number(Boolean(x) && Boolean(y)) },
  logicalOr: { family: "logical", op: (x, y) => Number(Boolean(x) || Boolean(y)) },
  logicalXor: { family: "logical", op: (x, y) => Number(Boolean(x) !== Boolean(y)) },
};

const call = (name: string, ...args: unknown[]): Tensor => (ops as unknown as Record<string, (...args: unknown[]) => Tensor>)[name]!(...args);

/** An integer raised to a negative integer power: a RangeError (README), so the reference's values do not apply. */
const negativeIntegerPower = (name: string, expected: Expected, b: Tensor | number): boolean =>
  name === "pow" && !isError(expected) && (expected.dtype === "int32" || expected.dtype === "uint8") && (typeof b === "number" ? b < 0 : elements(b).some((v) => v < 0));

const sameValues = (actual: ArrayLike<number>, expected: ArrayLike<number>): boolean =>
  actual.length === expected.length && Array.from(actual).every((value, i) => Object.is(value, expected[i]) || (value === 0 && expected[i] === 0));

const ERROR_CLASSES = { ShapeError, RangeError, TypeError } as const;

/** `run` gives what the reference expects: the shape, dtype and values, or one of the errors. */
function expectAsReference(run: () => Tensor, expected: Expected): void {
  if (isError(expected)) {
    let thrown: unknown;
    expect(() => {
      try {
        run();
      } catch (error) {
        thrown = error;
        throw error;
      }
    }).toThrow();
    expect(expected.error.some((name) => thrown instanceof ERROR_CLASSES[name])).toBe(true);
    return;
  }
  const actual = run();
  expect(actual.shape).toEqual(expected.shape);
  expect(actual.dtype).toBe(expected.dtype);
  expect(sameValues(actual.toTypedArray(), expected.values)).toBe(true);
}

describe("binary ops: engine = reference", () => {
  it("over random shapes, modes (shapes that fit and shapes that may not), layouts and dtypes", () => {
    fc.assert(
      fc.property(
        shapesAndSpec.chain(({ a, b, spec }) =>
          fc.tuple(
            fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(a, dtype)),
            fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(b, dtype)),
            fc.constant(spec),
            fc.constantFrom(...Object.keys(semantics)),
          ),
        ),
        ([a, b, spec, name]) => {
          const { family, op } = semantics[name]!;
          const expected = referenceBinary(family, op, a, b, spec);
          const run = () => call(name, a, b, spec);
          if (negativeIntegerPower(name, expected, b)) {
            expect(run).toThrow(RangeError);
            return;
          }
          expectAsReference(run, expected);
        },
      ),
      { seed: 20261122, numRuns: 800 },
    );
  });

  it("with plain numbers and booleans as either operand", () => {
    fc.assert(
      fc.property(
        fc.array(dim, { maxLength: 3 }).chain((shape) => fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(shape, dtype))),
        fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, -2.25, 300, true, false)),
        fc.boolean(),
        fc.constantFrom("add", "sub", "mul", "div", "pow", "maximum", "less", "logicalOr"),
        (t, n, numberFirst, name) => {
          const { family, op } = semantics[name]!;
          const [a, b] = numberFirst ? [n, t] : [t, n];
          const expected = referenceBinary(family, op, a, b);
          const run = () => call(name, a, b);
          if (negativeIntegerPower(name, expected, typeof b === "boolean" ? Number(b) : b)) {
            expect(run).toThrow(RangeError);
            return;
          }
          expectAsReference(run, expected);
        },
      ),
      { seed: 7, numRuns: 400 },
    );
  });

  it("writes into out (fresh, strided), also when out is an input (in place) or overlaps one", () => {
    const sub = semantics.sub!;
    fc.assert(
      fc.property(
        fc.array(dim, { minLength: 1, maxLength: 3 }).chain((shape) =>
          fc.tuple(tensorOf(shape, "float64"), tensorOf(shape, "float64"), fc.constantFrom("fresh", "strided", "a", "b", "b reversed"), tensorOf(shape, "float64")),
        ),
        ([a, b, where, strided]) => {
          let right = b;
          let out: Tensor;
          if (where === "fresh") out = new Tensor(new Float64Array(a.size), [...a.shape], contiguous(a.shape), 0, "float64");
          else if (where === "strided") out = strided; // a view laid out in another order, with gaps
          else if (where === "a") out = a;
          else if (where === "b") out = b;
          else {
            // out is b, and the right operand is b read backwards: a - b written over b's own buffer in the other order
            out = b;
            right = new Tensor(b.data as Float64Array, [...b.shape], b.strides.map((s) => -s), b.offset + b.shape.reduce((sum, d, axis) => sum + (d - 1) * b.strides[axis]!, 0), "float64");
          }
          const expected = referenceBinary(sub.family, sub.op, a, right);
          if (out.strides.some((s, axis) => s === 0 && out.shape[axis]! > 1)) {
            expect(() => ops.sub(a, right, { out })).toThrow(TypeError); // a broadcast out: two result elements in one place
            return;
          }
          const result = ops.sub(a, right, { out });
          expect(result).toBe(out);
          if (isError(expected)) throw new Error("same shapes always fit");
          expect(sameValues(elements(out), expected.values)).toBe(true);
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});

const contiguous = (shape: readonly number[]): number[] => {
  const strides = shape.map(() => 1);
  for (let axis = shape.length - 2; axis >= 0; axis--) strides[axis] = strides[axis + 1]! * shape[axis + 1]!;
  return strides;
};

/** Each unary op and its result dtype (README's table). */
const unarySemantics: Record<string, { op: (x: number) => number; dtype: (d: DType) => DType }> = {
  neg: { op: (x) => -x, dtype: signedDType },
  abs: { op: Math.abs, dtype: (d) => d },
  sqrt: { op: Math.sqrt, dtype: floatDType },
  exp: { op: Math.exp, dtype: floatDType },
  tanh: { op: Math.tanh, dtype: floatDType },
  sigmoid: { op: (x) => 1 / (1 + Math.exp(-x)), dtype: floatDType },
  relu: { op: (x) => Math.max(x, 0), dtype: (d) => d },
  floor: { op: Math.floor, dtype: (d) => d },
};

describe("unary ops: engine = reference", () => {
  it("over random shapes, layouts and dtypes", () => {
    fc.assert(
      fc.property(
        fc.array(dim, { maxLength: 4 }).chain((shape) => fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(shape, dtype))),
        fc.constantFrom(...Object.keys(unarySemantics)),
        (x, name) => {
          const { op, dtype } = unarySemantics[name]!;
          expectAsReference(() => call(name, x), referenceUnary(op, x, dtype(x.dtype)));
        },
      ),
      { seed: 5, numRuns: 400 },
    );
  });
});

describe("where: engine = reference", () => {
  it("broadcasts cond, a and b together, in the promoted dtype of a and b", () => {
    fc.assert(
      fc.property(
        fc.array(dim, { maxLength: 3 }).chain((shape) =>
          fc.tuple(
            fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(shape.map((d, i) => (i % 2 ? 1 : d)), dtype)),
            fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(shape, dtype)),
            fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(shape.slice(1), dtype)),
            fc.boolean(),
          ),
        ),
        ([cond, a, b, swap]) => {
          const [x, y] = swap ? [b, a] : [a, b];
          expectAsReference(() => ops.where(cond, x, y), referenceWhere(cond, x, y));
        },
      ),
      { seed: 3, numRuns: 300 },
    );
  });
});
