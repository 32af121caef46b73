/**
 * Values and dtypes: integer results are exact modulo 2^32 (int32) and 2^8
 * (uint8), checked against BigInt; plain numbers are converted to the dtype
 * an op computes in; tensors too when that loses information; bool holds 0/1
 * and truthiness is `!== 0` (NaN is true).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  abs, add, broadcastTo, clip, div, equal, greater, less, logicalAnd, matmul, maximum, minimum, mod, mul, neg, pow, prod, relu, slice, std, sub,
  sum, tensor, transpose, variance, where, zeros,
} from "shapecast";
import type { Tensor } from "shapecast";

const i32 = (values: readonly number[]) => tensor(Int32Array.from(values), [values.length]);
const u8 = (values: readonly number[]) => tensor(Uint8Array.from(values), [values.length]);
const f32 = (values: readonly number[]) => tensor(Float32Array.from(values), [values.length]);
const values = (t: Tensor) => Array.from(t.toTypedArray() as ArrayLike<number>);

const asInt32 = (x: bigint): number => Number(BigInt.asIntN(32, x));
const asUint8 = (x: bigint): number => Number(BigInt.asUintN(8, x));

/** x ** y modulo 2^32 in BigInt, reducing at each step (y may be up to 2^31 - 1). */
function powMod32(x: bigint, y: bigint): bigint {
  let result = 1n;
  let base = BigInt.asUintN(32, x);
  for (let e = y; e > 0n; e >>= 1n) {
    if (e & 1n) result = BigInt.asUintN(32, result * base);
    base = BigInt.asUintN(32, base * base);
  }
  return result;
}

/** NumPy's integer mod: the sign of the divisor, 0 for a divisor of 0. */
function floorMod(x: bigint, y: bigint): bigint {
  if (y === 0n) return 0n;
  const r = x % y;
  return r !== 0n && r < 0n !== y < 0n ? r + y : r;
}

const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);
const int32Value = fc.oneof(
  fc.constantFrom(0, 1, -1, 2, -2, INT32_MAX, INT32_MIN, INT32_MAX - 1, INT32_MIN + 1, 255, 256, 46341, -46341, 65536),
  fc.integer({ min: INT32_MIN, max: INT32_MAX }),
);
const uint8Value = fc.oneof(fc.constantFrom(0, 1, 2, 127, 128, 254, 255), fc.integer({ min: 0, max: 255 }));
const exponent = fc.oneof(fc.constantFrom(0, 1, 2, 31, 32, 33, 40, 63, 64, 255, INT32_MAX), fc.integer({ min: 0, max: INT32_MAX }));

const binaryReferences: Record<string, (x: bigint, y: bigint) => bigint> = {
  add: (x, y) => x + y,
  sub: (x, y) => x - y,
  mul: (x, y) => x * y,
  mod: floorMod,
  maximum: (x, y) => (x > y ? x : y),
  minimum: (x, y) => (x < y ? x : y),
};
const binaryOps = { add, sub, mul, mod, maximum, minimum } as unknown as Record<string, (a: Tensor, b: Tensor) => Tensor>;

describe("int32 and uint8 are exact: BigInt references", () => {
  const widths = [
    { dtype: "int32", value: int32Value, make: i32, wrap: asInt32, reference: "BigInt.asIntN(32)" },
    { dtype: "uint8", value: uint8Value, make: u8, wrap: asUint8, reference: "BigInt.asUintN(8)" },
  ] as const;
  for (const { dtype, value, make, wrap, reference } of widths) {
    it(`add, sub, mul, mod, maximum, minimum in ${dtype} wrap as ${reference}`, () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 8 }), fc.constantFrom(...Object.keys(binaryReferences)), (pairs, name) => {
          const result = binaryOps[name]!(make(pairs.map(([x]) => x)), make(pairs.map(([, y]) => y)));
          expect(result.dtype).toBe(dtype);
          expect(values(result)).toEqual(pairs.map(([x, y]) => wrap(binaryReferences[name]!(BigInt(x), BigInt(y)))));
        }),
        { seed: 9, numRuns: 400 },
      );
    });
  }

  it("pow in int32 and uint8 is x ** y modulo 2^32 and 2^8", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(int32Value, exponent), { minLength: 1, maxLength: 8 }), (pairs) => {
        const result = pow(i32(pairs.map(([x]) => x)), i32(pairs.map(([, y]) => y)));
        expect(values(result)).toEqual(pairs.map(([x, y]) => asInt32(powMod32(BigInt(x), BigInt(y)))));
      }),
      { seed: 11, numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(uint8Value, uint8Value), { minLength: 1, maxLength: 8 }), (pairs) => {
        const result = pow(u8(pairs.map(([x]) => x)), u8(pairs.map(([, y]) => y)));
        expect(result.dtype).toBe("uint8");
        expect(values(result)).toEqual(pairs.map(([x, y]) => asUint8(BigInt(x) ** BigInt(y))));
      }),
      { seed: 12, numRuns: 300 },
    );
    // small exponents against the plain BigInt power, and a plain-number exponent
    fc.assert(
      fc.property(int32Value, fc.integer({ min: 0, max: 64 }), (x, y) => {
        expect(pow(i32([x]), y).toArray()).toEqual([asInt32(BigInt(x) ** BigInt(y))]);
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it("neg and abs wrap as int32; uint8 negates in int32", () => {
    fc.assert(
      fc.property(fc.array(int32Value, { minLength: 1, maxLength: 8 }), fc.array(uint8Value, { minLength: 1, maxLength: 8 }), (xs, us) => {
        expect(values(neg(i32(xs)))).toEqual(xs.map((x) => asInt32(-BigInt(x))));
        expect(values(abs(i32(xs)))).toEqual(xs.map((x) => asInt32(BigInt(Math.abs(x)))));
        expect(neg(u8(us)).dtype).toBe("int32");
        expect(values(neg(u8(us)))).toEqual(us.map((u) => asInt32(-BigInt(u))));
        expect(values(abs(u8(us)))).toEqual(us);
      }),
      { seed: 14, numRuns: 200 },
    );
  });

  it("sum and prod wrap at each step: the wrapped exact sum and product", () => {
    fc.assert(
      fc.property(fc.array(int32Value, { maxLength: 40 }), fc.array(uint8Value, { maxLength: 40 }), (xs, us) => {
        expect(sum(i32(xs)).item()).toBe(asInt32(xs.reduce((s, x) => s + BigInt(x), 0n)));
        expect(prod(i32(xs)).item()).toBe(asInt32(xs.reduce((p, x) => p * BigInt(x), 1n)));
        expect(sum(u8(us)).dtype).toBe("int32");
        expect(sum(u8(us)).item()).toBe(asInt32(us.reduce((s, u) => s + BigInt(u), 0n)));
        expect(prod(u8(us)).item()).toBe(asInt32(us.reduce((p, u) => p * BigInt(u), 1n)));
      }),
      { seed: 15, numRuns: 300 },
    );
    // along an axis of a strided view
    const m = transpose(tensor(Int32Array.from([INT32_MAX, 3, INT32_MAX, 5, 2, 7]), [3, 2]));
    expect(sum(m, 1).toArray()).toEqual([asInt32(2n * BigInt(INT32_MAX) + 2n), 15]);
    expect(prod(m, 1).toArray()).toEqual([asInt32(BigInt(INT32_MAX) ** 2n * 2n), 105]);
  });

  it("integer matmul is the BigInt sum of products, wrapped", () => {
    const matrix = (value: fc.Arbitrary<number>, rows: number, cols: number) => fc.array(value, { minLength: rows * cols, maxLength: rows * cols });
    const bit = fc.integer({ min: 0, max: 1 });
    const cases = fc
      .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 5 }), fc.constantFrom("int32", "uint8", "bool", "mixed"))
      .chain(([m, k, n, kind]) => {
        const aValue = kind === "uint8" ? uint8Value : kind === "bool" ? bit : int32Value;
        const bValue = kind === "int32" ? int32Value : kind === "bool" ? bit : uint8Value;
        return fc.record({ m: fc.constant(m), k: fc.constant(k), n: fc.constant(n), kind: fc.constant(kind), as: matrix(aValue, m, k), bs: matrix(bValue, k, n) });
      });
    const make = (kind: string, data: number[], shape: [number, number]): Tensor =>
      kind === "uint8" ? tensor(Uint8Array.from(data), shape) : kind === "bool" ? tensor(data, shape, { dtype: "bool" }) : tensor(Int32Array.from(data), shape);
    fc.assert(
      fc.property(cases, ({ m, k, n, kind, as, bs }) => {
        const a = make(kind, as, [m, k]);
        const b = make(kind === "mixed" ? "uint8" : kind, bs, [k, n]);
        const result = matmul(a as Tensor<[number, number]>, b as Tensor<[number, number]>) as Tensor;
        const wrap = kind === "uint8" ? asUint8 : asInt32;
        expect(result.dtype).toBe(kind === "uint8" ? "uint8" : "int32");
        const expected: number[] = [];
        for (let i = 0; i < m; i++) {
          for (let j = 0; j < n; j++) {
            let total = 0n;
            for (let p = 0; p < k; p++) total += BigInt(as[i * k + p]!) * BigInt(bs[p * n + j]!);
            expected.push(wrap(total));
          }
        }
        expect(values(result)).toEqual(expected);
      }),
      { seed: 16, numRuns: 200 },
    );
    // batch broadcast and a transposed operand
    const a = tensor(Int32Array.from([INT32_MAX, 2, 3, INT32_MIN]), [1, 2, 2]);
    const b = transpose(tensor(Int32Array.from([INT32_MAX, 1, 1, -1, 0, 5, 7, 9]), [2, 2, 2]), [0, 2, 1]);
    const product = matmul(a, b);
    expect(product.shape).toEqual([2, 2, 2]);
    expect(product.get(0, 0, 0)).toBe(asInt32(BigInt(INT32_MAX) * BigInt(INT32_MAX) + 2n));
    expect(product.get(1, 1, 1)).toBe(asInt32(3n * 7n + BigInt(INT32_MIN) * 9n));
  });

  it("the contract's examples", () => {
    expect(mul(i32([INT32_MAX]), i32([INT32_MAX])).toArray()).toEqual([1]);
    expect(pow(i32([3]), i32([40])).toArray()).toEqual([689956897]);
    expect(pow(i32([3]), 40).toArray()).toEqual([689956897]);
    expect(pow(u8([255]), u8([255])).toArray()).toEqual([255]);
    expect(add(i32([INT32_MAX]), 1).toArray()).toEqual([INT32_MIN]);
    expect(sub(u8([0]), u8([1])).toArray()).toEqual([255]);
    expect(pow(i32([0, 5, -7]), 0).toArray()).toEqual([1, 1, 1]);
  });

  it("integers to negative integer powers are a RangeError, before anything is written", () => {
    const out = i32([7, 7]);
    expect(() => pow(i32([2, 3]), i32([1, -2]), { out })).toThrow(
      new RangeError('pow: b holds the negative exponent -2; integers to negative integer powers are not allowed (int32): cast a to a float dtype first, e.g. a.cast("float32")'),
    );
    expect(out.toArray()).toEqual([7, 7]);
    expect(() => pow(i32([2]), -1)).toThrow(RangeError);
    expect(() => pow(u8([2]), broadcastTo(i32([-1]), [3]))).toThrow(RangeError); // uint8 with int32 computes in int32
    expect(() => pow(2, i32([-1]))).toThrow(RangeError); // the integer 2 next to int32 computes in int32
    expect(pow(tensor([2]), i32([-1])).toArray()).toEqual([0.5]); // float32: negative exponents are fine
    expect(pow(i32([4]), -0.5).toArray()).toEqual([0.5]); // a fractional exponent computes in float32
    // with no element to raise, no exponent is used (NumPy checks per element too)
    expect(pow(tensor([], [0], { dtype: "bool" }), i32([-1])).shape).toEqual([0]);
  });
});

describe("plain numbers are converted to the dtype the op computes in", () => {
  it("float32: rounded once per call, so 0.1 is float32's 0.1", () => {
    expect(equal(tensor([0.1]), 0.1).toArray()).toEqual([true]);
    expect(greater(tensor([0.1]), 0.1).toArray()).toEqual([false]);
    expect(less(0.1, tensor([0.1])).toArray()).toEqual([false]);
    expect(sub(tensor([0.1]), 0.1).toArray()).toEqual([0]);
    expect(equal(tensor([0.1], [1], { dtype: "float64" }), 0.1).toArray()).toEqual([true]); // float64 keeps the double
    expect(equal(tensor([Math.fround(0.1)], [1], { dtype: "float64" }), 0.1).toArray()).toEqual([false]);
    // two plain numbers compute in float32
    const both = add(0.1, 0.2);
    expect(both.dtype).toBe("float32");
    expect(both.item()).toBe(Math.fround(Math.fround(0.1) + Math.fround(0.2)));
  });

  it("int32 and uint8: an integer that does not fit is a RangeError naming op, argument, value, dtype and range", () => {
    // @ts-expect-error -- a literal that does not fit: the compiler refuses it too, with the same message
    expect(() => less(u8([50]), 300)).toThrow(
      new RangeError('less: b = 300 does not fit uint8 (0 to 255), the dtype this op computes in; cast a to a wider dtype first, e.g. a.cast("int32")'),
    );
    // @ts-expect-error -- a literal that does not fit: the compiler refuses it too, with the same message
    expect(() => add(-1, u8([1]))).toThrow(
      new RangeError('add: a = -1 does not fit uint8 (0 to 255), the dtype this op computes in; cast b to a wider dtype first, e.g. b.cast("int32")'),
    );
    expect(() => add(i32([1]), 2 ** 31)).toThrow(
      new RangeError('add: b = 2147483648 does not fit int32 (-2147483648 to 2147483647), the dtype this op computes in; cast a to a wider dtype first, e.g. a.cast("float64")'),
    );
    // @ts-expect-error -- a literal that does not fit: the compiler refuses it too, with the same message
    expect(() => maximum(u8([1]), 1e300)).toThrow('e.g. a.cast("float64")');
    expect(() => equal(i32([1]), -(2 ** 31) - 1)).toThrow(RangeError);
    expect(() => where(tensor([true]), u8([1]), 256)).toThrow(new RangeError('where: b = 256 does not fit uint8 (0 to 255), the dtype this op computes in; cast a to a wider dtype first, e.g. a.cast("int32")'));
    expect(add(i32([0]), INT32_MIN).toArray()).toEqual([INT32_MIN]);
    expect(add(u8([0]), 255).toArray()).toEqual([255]);
    expect(add(u8([1]), 255).toArray()).toEqual([0]); // fits: the result wraps
    // a fractional number, NaN or Infinity computes in float32 instead
    expect(add(u8([1]), 0.5).dtype).toBe("float32");
    expect(maximum(i32([1]), Number.NaN).toArray()).toEqual([Number.NaN]);
    expect(less(u8([50]), Infinity).toArray()).toEqual([true]);
    // div computes in float32, so any number fits
    expect(div(u8([3]), -1).toArray()).toEqual([-3]);
  });

  it("next to bool: a boolean stays bool, an integer computes in int32, a fractional number in float32", () => {
    expect(add(tensor([true, false]), 2).dtype).toBe("int32");
    expect(add(tensor([true, false]), 2).toArray()).toEqual([3, 2]);
    expect(mul(tensor([true]), 300).toArray()).toEqual([300]);
    expect(add(tensor([true]), 0.5).dtype).toBe("float32");
    expect(add(tensor([true]), true).dtype).toBe("int32"); // two bools add in int32
    expect(logicalAnd(tensor([true]), true).dtype).toBe("bool");
    expect(equal(tensor([true]), 2).toArray()).toEqual([false]);
    expect(where(tensor([false]), tensor([true]), 2).dtype).toBe("int32");
    expect(where(tensor([false]), tensor([true]), 2).toArray()).toEqual([2]);
    expect(where(tensor([true]), tensor([true]), false).dtype).toBe("bool");
    expect(() => add(tensor([true]), 2 ** 40)).toThrow('add: b = 1099511627776 does not fit int32');
  });
});

describe("tensors are converted to the dtype the op computes in", () => {
  const big = i32([16777217, 16777219]); // not float32 values: they round to 16777216 and 16777220

  it("an int32 tensor in a float32 computation is rounded to float32 first", () => {
    expect(sub(i32([16777217]), f32([16777216])).toArray()).toEqual([0]);
    expect(sub(f32([16777216]), i32([16777217])).toArray()).toEqual([0]);
    expect(equal(big, f32([16777216, 16777220])).toArray()).toEqual([true, true]);
    expect(mul(big, 0.5).toArray()).toEqual([8388608, 8388610]);
    expect(div(big, 1).toArray()).toEqual([16777216, 16777220]);
    expect(add(big, tensor([0], [1], { dtype: "float64" })).toArray()).toEqual([16777217, 16777219]); // float64 holds int32
  });

  it("broadcast, strided and in-place operands are converted without repeating elements", () => {
    const row = broadcastTo(i32([16777217]), [3, 2]);
    expect(row.strides).toEqual([0, 0]);
    expect(sub(row, zeros([3, 2])).toArray()).toEqual([[16777216, 16777216], [16777216, 16777216], [16777216, 16777216]]);
    const stepped = slice(i32([16777217, 0, 16777219, 0, 16777221, 0]), { step: 2 });
    expect(add(stepped, f32([0, 0, 0])).toArray()).toEqual([16777216, 16777220, 16777220]);
    const reversed = slice(big, { step: -1 });
    expect(add(reversed, f32([0, 0])).toArray()).toEqual([16777220, 16777216]);
    const column = slice(transpose(tensor(Int32Array.from([16777217, 1, 16777219, 2]), [2, 2])), 0);
    expect(add(column, f32([0, 0])).toArray()).toEqual([16777216, 16777220]);
    const out = f32([1, 1]);
    expect(sub(big, out, { out }).toArray()).toEqual([16777215, Math.fround(16777219)]); // 16777220 - 1, stored as float32
  });

  it("matmul: an int32 operand of a float32 product is rounded first", () => {
    expect(matmul(tensor(Int32Array.from([16777217]), [1, 1]), tensor([[1]])).toArray()).toEqual([[16777216]]);
    expect(matmul(tensor([[1, 1]]), tensor(Int32Array.from([16777217, -16777216]), [2, 1])).toArray()).toEqual([[0]]);
    expect(matmul(tensor(Int32Array.from([16777217]), [1, 1]), tensor([[1]], { dtype: "float64" })).toArray()).toEqual([[16777217]]);
  });

  it("where: the result dtype's conversion", () => {
    expect(where(tensor([true, false]), big, f32([0, 0])).toArray()).toEqual([16777216, 0]);
    expect(where(tensor([true]), f32([1]), 0.1).dtype).toBe("float32");
    expect(where(tensor([false]), f32([1]), 0.1).item()).toBe(Math.fround(0.1));
  });
});

describe("bool holds 0 and 1; truthiness is !== 0, so NaN is true", () => {
  it("where reads cond by truthiness", () => {
    expect(where(tensor([Number.NaN]), 1, 2).toArray()).toEqual([1]);
    expect(where(Number.NaN, 1, 2).toArray()).toEqual(1);
    expect(where(tensor([0, -0, 0.5, -2]), 1, 2).toArray()).toEqual([2, 2, 1, 1]);
  });

  it("clip into bool stores the clipped value's truthiness", () => {
    const clipped = clip(tensor([false, true]), 2, 5);
    expect(clipped.dtype).toBe("bool");
    expect(clipped.toArray()).toEqual([true, true]);
    expect(Array.from(clipped.data)).toEqual([1, 1]);
    expect(clip(tensor([false, true]), 0, 0).toArray()).toEqual([false, false]);
    expect(clip(tensor([false, true]), -1, 0.5).toArray()).toEqual([false, true]);
  });
});

describe("NaN and degrees of freedom", () => {
  it("relu(NaN) is NaN; maximum, minimum and clip propagate NaN", () => {
    expect(relu(tensor([Number.NaN, -1, 2])).toArray()).toEqual([Number.NaN, 0, 2]);
    expect(minimum(tensor([Number.NaN]), 0).toArray()).toEqual([Number.NaN]);
    expect(clip(tensor([Number.NaN]), 0, 1).toArray()).toEqual([Number.NaN]);
  });

  it("variance and std divide by max(n - ddof, 0), as NumPy", () => {
    expect(variance(tensor([1, 2]), undefined, { ddof: 3 }).item()).toBe(Infinity);
    expect(variance(tensor([1, 2]), undefined, { ddof: 2 }).item()).toBe(Infinity);
    expect(std(tensor([1, 2]), undefined, { ddof: 5 }).item()).toBe(Infinity);
    expect(variance(tensor([3, 3]), undefined, { ddof: 2 }).item()).toBeNaN(); // 0 / 0
    expect(variance(tensor([[1, 2], [4, 4]]), 1, { ddof: 2 }).toArray()).toEqual([Infinity, Number.NaN]);
    expect(variance(tensor([1, 2]), undefined, { ddof: 1 }).item()).toBe(0.5);
  });
});
