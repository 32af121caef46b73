/**
 * Properties: the strided engine computes what the reference kernel computes,
 * over random shapes, every broadcast mode, random layouts (axes permuted,
 * stepped, reversed, broadcast with stride 0, offset into a larger buffer),
 * every dtype, and `out` (fresh, or aliasing an input).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as ops from "../../src/ops/elementwise.js";
import { allocate, arithmeticDType, type DType, divisionDType, floatDType, promote } from "../../src/dtype.js";
import { Tensor } from "../../src/tensor.js";
import { referenceBinary, referenceUnary } from "../support/reference.js";

const DTYPES: DType[] = ["float32", "float64", "int32", "uint8", "bool"];

/** A tensor of `shape` and `dtype` laid out at random inside a larger buffer, with random values. */
const tensorOf = (shape: readonly number[], dtype: DType) =>
  fc
    .record({
      order: fc.shuffledSubarray([...shape.keys()], { minLength: shape.length, maxLength: shape.length }),
      steps: fc.array(fc.constantFrom(1, 1, 2), { minLength: shape.length, maxLength: shape.length }),
      reversed: fc.array(fc.boolean(), { minLength: shape.length, maxLength: shape.length }),
      broadcast: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: shape.length, maxLength: shape.length }),
      pad: fc.nat(3),
      values: fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 200, maxLength: 200 }),
    })
    .map(({ order, steps, reversed, broadcast, pad, values }) => {
      const strides = shape.map(() => 0);
      let step = 1;
      for (let k = order.length - 1; k >= 0; k--) {
        const axis = order[k]!;
        strides[axis] = broadcast[axis]! < 0.15 ? 0 : step * steps[axis]!;
        step *= shape[axis]! * steps[axis]!;
      }
      let offset = pad;
      for (let axis = 0; axis < shape.length; axis++) {
        if (reversed[axis] && strides[axis] !== 0) {
          offset += (shape[axis]! - 1) * strides[axis]!;
          strides[axis] = -strides[axis]!;
        }
      }
      const length = offset + shape.reduce((sum, dim, axis) => sum + (dim - 1) * Math.max(0, strides[axis]!), 0) + 1;
      const data = allocate(dtype, Math.max(length, 1));
      for (let i = 0; i < data.length; i++) {
        const v = values[i % values.length]!;
        data[i] = dtype === "bool" ? (v > 0 ? 1 : 0) : dtype === "uint8" ? Math.abs(v) : dtype.startsWith("float") ? v / 2 : v;
      }
      return new Tensor(data, [...shape], strides, offset, dtype);
    });

const dim = fc.integer({ min: 1, max: 4 });

/** Operand shapes and a spec that broadcast, for each mode. */
const shapesAndSpec = fc.oneof(
  // numpy: suffixes of one shape with some sizes 1
  fc.array(dim, { maxLength: 4 }).chain((shape) =>
    fc.tuple(fc.nat(shape.length), fc.nat(shape.length), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 })).map(([ra, rb, ones]) => ({
      a: shape.slice(shape.length - ra).map((d, i) => (ones[i] ? 1 : d)),
      b: shape.slice(shape.length - rb).map((d, i) => (ones[i + 4] ? 1 : d)),
      spec: undefined as Record<string, unknown> | undefined,
    })),
  ),
  // none: the same shape
  fc.array(dim, { maxLength: 4 }).map((shape) => ({ a: shape, b: [...shape], spec: { mode: "none" } as Record<string, unknown> })),
  // xla: the lower rank mapped by increasing dims (the lower one on either side)
  fc.array(dim, { minLength: 1, maxLength: 4 }).chain((high) =>
    fc.tuple(fc.shuffledSubarray([...high.keys()], { minLength: 1, maxLength: high.length }), fc.boolean(), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 })).map(
      ([dims, lowIsA, ones]) => {
        const sorted = [...dims].sort((x, y) => x - y);
        const low = sorted.map((axis, i) => (ones[i] ? 1 : high[axis]!));
        const spec = low.length === high.length ? { mode: "xla" } : { mode: "xla", broadcastDimensions: sorted };
        return lowIsA ? { a: low, b: high, spec } : { a: high, b: low, spec };
      },
    ),
  ),
  // pdpd: b is a run of a's axes (some 1s, trailing 1s) at an axis
  fc.array(dim, { minLength: 1, maxLength: 4 }).chain((a) =>
    fc.tuple(fc.nat(a.length - 1), fc.nat(a.length), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.boolean()).map(([start, lengthSeed, ones, trailing]) => {
      const length = lengthSeed % (a.length - start + 1);
      const b = a.slice(start, start + length).map((d, i) => (ones[i] ? 1 : d));
      return { a, b: trailing && b.length < a.length - start ? [...b, 1] : b, spec: { mode: "pdpd", axis: start } as Record<string, unknown> };
    }),
  ),
);

/** The semantics each op must have, spelled out independently of the engine: the result dtype and the dtype it computes in. */
const semantics: Record<string, { op: (x: number, y: number) => number; dtype: (a: DType, b: DType) => DType; compute?: (a: DType, b: DType) => DType }> = {
  add: { op: (x, y) => x + y, dtype: arithmeticDType },
  sub: { op: (x, y) => x - y, dtype: arithmeticDType },
  mul: { op: (x, y) => x * y, dtype: arithmeticDType },
  div: { op: (x, y) => x / y, dtype: divisionDType },
  pow: { op: (x, y) => Math.pow(x, y), dtype: arithmeticDType },
  mod: { op: (x, y) => x - Math.floor(x / y) * y, dtype: arithmeticDType },
  maximum: { op: Math.max, dtype: arithmeticDType },
  minimum: { op: Math.min, dtype: arithmeticDType },
  equal: { op: (x, y) => Number(x === y), dtype: () => "bool", compute: promote },
  notEqual: { op: (x, y) => Number(x !== y), dtype: () => "bool", compute: promote },
  less: { op: (x, y) => Number(x < y), dtype: () => "bool", compute: promote },
  lessEqual: { op: (x, y) => Number(x <= y), dtype: () => "bool", compute: promote },
  greater: { op: (x, y) => Number(x > y), dtype: () => "bool", compute: promote },
  greaterEqual: { op: (x, y) => Number(x >= y), dtype: () => "bool", compute: promote },
  logicalAnd: { op: (x, y) => Number(Boolean(x) && Boolean(y)), dtype: () => "bool", compute: promote },
  logicalOr: { op: (x, y) => Number(Boolean(x) || Boolean(y)), dtype: () => "bool", compute: promote },
  logicalXor: { op: (x, y) => Number(Boolean(x) !== Boolean(y)), dtype: () => "bool", compute: promote },
};

/** The op applied to its operands converted to the dtype it computes in (float32 rounds; the integers here fit). */
const inCompute = (name: string, a: DType, b: DType) => {
  const { op, dtype, compute = dtype } = semantics[name]!;
  return compute(a, b) === "float32" ? (x: number, y: number) => op(Math.fround(x), Math.fround(y)) : op;
};

const isIntegerCompute = (dtype: DType): boolean => dtype === "int32" || dtype === "uint8";

/** Does any element of `t` (or the number) fall below 0? */
const hasNegative = (t: Tensor | number): boolean =>
  typeof t === "number" ? t < 0 : Array.from(new Tensor(t.data, [...t.shape], t.strides, t.offset, t.dtype).toTypedArray()).some((v) => v < 0);

const sameValues = (actual: ArrayLike<number>, expected: ArrayLike<number>): boolean =>
  actual.length === expected.length && Array.from(actual).every((value, i) => Object.is(value, expected[i]) || (value === 0 && expected[i] === 0));

describe("binary ops: engine = reference", () => {
  it("over random shapes, modes, layouts and dtypes", () => {
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
          const { dtype } = semantics[name]!;
          const run = () => (ops as unknown as Record<string, (...args: unknown[]) => Tensor>)[name]!(a, b, spec);
          if (name === "pow" && isIntegerCompute(dtype(a.dtype, b.dtype)) && hasNegative(b)) {
            expect(run).toThrow(RangeError); // integers to negative integer powers
            return;
          }
          const expected = referenceBinary(inCompute(name, a.dtype, b.dtype), a, b, spec, dtype(a.dtype, b.dtype));
          const actual = run();
          expect(actual.shape).toEqual(expected.shape);
          expect(actual.dtype).toBe(dtype(a.dtype, b.dtype));
          expect(sameValues(actual.toTypedArray(), expected.values)).toBe(true);
        },
      ),
      { seed: 20261122, numRuns: 600 },
    );
  });

  it("with plain numbers as either operand", () => {
    fc.assert(
      fc.property(
        fc.array(dim, { maxLength: 3 }).chain((shape) => fc.constantFrom(...DTYPES).chain((dtype) => tensorOf(shape, dtype))),
        fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, -2.25)),
        fc.boolean(),
        fc.constantFrom("add", "sub", "mul", "div", "maximum", "less"),
        (t, n, numberFirst, name) => {
          const { dtype, compute = dtype } = semantics[name]!;
          // a number next to a tensor: fractional next to an integer or bool tensor is float32, an integer next to bool is int32
          const numberType = !Number.isInteger(n) && ["int32", "uint8", "bool"].includes(t.dtype) ? "float32" : t.dtype === "bool" ? "int32" : t.dtype;
          const [a, b] = numberFirst ? [n, t] : [t, n];
          const [da, db] = numberFirst ? [numberType, t.dtype] : [t.dtype, numberType];
          const resultType = dtype(da, db);
          const run = () => (ops as unknown as Record<string, (...args: unknown[]) => Tensor>)[name]!(a, b);
          if (compute(da, db) === "uint8" && n < 0) {
            expect(run).toThrow(RangeError); // the number does not fit the dtype the op computes in (div computes in float32)
            return;
          }
          const expected = referenceBinary(inCompute(name, da, db), a, b, undefined, resultType);
          const actual = run();
          expect(actual.dtype).toBe(resultType);
          expect(sameValues(actual.toTypedArray(), expected.values)).toBe(true);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it("writes into out (fresh, strided), also when out is an input (in place) or overlaps one", () => {
    fc.assert(
      fc.property(
        fc.array(dim, { minLength: 1, maxLength: 3 }).chain((shape) =>
          fc.tuple(tensorOf(shape, "float64"), tensorOf(shape, "float64"), fc.constantFrom("fresh", "strided", "a", "b", "b reversed"), tensorOf(shape, "float64")),
        ),
        ([a, b, where, strided]) => {
          const expected = referenceBinary((x, y) => x - y, a, b, undefined, "float64");
          let out: Tensor;
          let left = a;
          if (where === "fresh") out = new Tensor(allocate("float64", a.size), [...a.shape], contiguous(a.shape), 0, "float64");
          else if (where === "strided") out = strided; // a view laid out in another order, with gaps
          else if (where === "a") out = a;
          else if (where === "b") out = b;
          else {
            // out is b read backwards: a - b written over b's own buffer in the other order
            out = b;
            left = a;
            const flipped = new Tensor(b.data as Float64Array, [...b.shape], b.strides.map((s) => -s), b.offset + b.shape.reduce((sum, d, axis) => sum + (d - 1) * b.strides[axis]!, 0), "float64");
            const expectedFlipped = referenceBinary((x, y) => x - y, left, flipped, undefined, "float64");
            if (b.strides.some((s, axis) => s === 0 && b.shape[axis]! > 1)) return; // a broadcast out is rejected, tested elsewhere
            const result = ops.sub(left, flipped, { out });
            expect(result).toBe(out);
            expect(sameValues(out.toTypedArray(), expectedFlipped.values)).toBe(true);
            return;
          }
          if (out.strides.some((s, axis) => s === 0 && out.shape[axis]! > 1)) {
            expect(() => ops.sub(left, b, { out })).toThrow(TypeError);
            return;
          }
          const result = ops.sub(left, b, { out });
          expect(result).toBe(out);
          expect(sameValues(out.toTypedArray(), expected.values)).toBe(true);
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

const unarySemantics: Record<string, { op: (x: number) => number; dtype: (d: DType) => DType }> = {
  neg: { op: (x) => -x, dtype: (d) => (d === "bool" || d === "uint8" ? "int32" : d) },
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
          const expected = referenceUnary(op, x, dtype(x.dtype));
          const actual = (ops as unknown as Record<string, (x: Tensor) => Tensor>)[name]!(x);
          expect(actual.dtype).toBe(dtype(x.dtype));
          expect(actual.shape).toEqual(x.shape);
          expect(sameValues(actual.toTypedArray(), expected)).toBe(true);
        },
      ),
      { seed: 5, numRuns: 400 },
    );
  });
});

describe("where: engine = reference", () => {
  it("broadcasts cond, a and b together", () => {
    fc.assert(
      fc.property(
        fc.array(dim, { maxLength: 3 }).chain((shape) =>
          fc.tuple(
            tensorOf(shape.map((d, i) => (i % 2 ? 1 : d)), "bool"),
            tensorOf(shape, "int32"),
            tensorOf(shape.slice(1), "float32"),
          ),
        ),
        ([cond, a, b]) => {
          const ab = referenceBinary((x) => x, a, b, undefined, "float64");
          const actual = ops.where(cond, a, b);
          expect(actual.dtype).toBe(promote("int32", "float32"));
          const pick = referenceBinary((c, v) => c, cond, new Tensor(Float64Array.from(ab.values), ab.shape, contiguous(ab.shape), 0, "float64"), undefined, "float64");
          const fromA = referenceBinary((x) => x, a, new Tensor(Float64Array.from(ab.values), ab.shape, contiguous(ab.shape), 0, "float64"), undefined, "float64");
          const fromB = referenceBinary((_, y) => y, new Tensor(Float64Array.from(ab.values), ab.shape, contiguous(ab.shape), 0, "float64"), b, undefined, "float64");
          const expected = Array.from(pick.values, (c, i) => Math.fround(c ? fromA.values[i]! : fromB.values[i]!));
          expect(Array.from(actual.toTypedArray())).toEqual(expected);
        },
      ),
      { seed: 3, numRuns: 200 },
    );
  });
});
