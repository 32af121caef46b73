/**
 * `einsum`: values against a plain loop over every assignment of the labels
 * (written here from a structured spec, not from the subscripts string) on
 * random specs (one to three operands, repeated letters, "...", explicit and
 * implicit outputs) and random strided views of every dtype; NumPy's results
 * on classic subscripts (test/fixtures/einsum.ts, from
 * scripts/einsum-fixture.py); and each misfit's message.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { einsum, matmul, randn, ShapeError, tensor, transpose, zeros, type Tensor } from "shapecast";
import { einsumFixture } from "../fixtures/einsum.js";
import { at, DTYPES, multiIndices, rowMajor, viewOf } from "../support/random-view.js";
import type { DType } from "../support/reference.js";
import { float32SumTolerance } from "../support/rounding.js";

const loose = einsum as unknown as (subscripts: string, ...operands: Tensor[]) => Tensor;

/** An operand: its tokens in order (a letter or "..."), and the sizes of its own "..." axes. */
interface OperandSpec {
  readonly tokens: readonly string[];
  readonly ellipsis: readonly number[];
}

interface Spec {
  readonly sizes: Readonly<Record<string, number>>;
  readonly operands: readonly OperandSpec[];
  /** The output's tokens, or undefined for the implicit output. */
  readonly output: readonly string[] | undefined;
}

const subscriptsOf = (spec: Spec): string => {
  const inputs = spec.operands.map((o) => o.tokens.join("")).join(",");
  return spec.output === undefined ? inputs : `${inputs}->${spec.output.join("")}`;
};

const shapeOf = (o: OperandSpec, sizes: Readonly<Record<string, number>>): number[] =>
  o.tokens.flatMap((token) => (token === "..." ? [...o.ellipsis] : [sizes[token]!]));

/** The "..." axes of all operands broadcast, right-aligned (the generator draws sizes that fit). */
const broadcastEllipsis = (spec: Spec): number[] => {
  const rank = Math.max(0, ...spec.operands.map((o) => o.ellipsis.length));
  return Array.from({ length: rank }, (_, k) => Math.max(1, ...spec.operands.map((o) => o.ellipsis[o.ellipsis.length - rank + k] ?? 1)));
};

/** The dtype a sum of products of these dtypes is in: the latest on bool < uint8 < int32 < float32 < float64, bools alone in int32. */
const resultDType = (dtypes: readonly DType[]): DType => {
  const order: DType[] = ["bool", "uint8", "int32", "float32", "float64"];
  const latest = order[Math.max(...dtypes.map((d) => order.indexOf(d)))]!;
  return latest === "bool" ? "int32" : latest;
};

/**
 * The reference: every assignment of the letters and the "..." axes, the product of the
 * operands' elements there added into the output's element. Integer results in int32
 * arithmetic (exact modulo 2^32, modulo 2^8 for uint8), float results in doubles from the
 * operands converted to the result's dtype, with the sum of the absolute products for the tolerance.
 */
function reference(spec: Spec, operands: readonly Tensor[], dtype: DType): { shape: number[]; values: number[]; scale: number[]; terms: number[] } {
  const ellipsis = broadcastEllipsis(spec);
  const letters = [...new Set(spec.operands.flatMap((o) => o.tokens.filter((t) => t !== "...")))];
  const ellipsisNames = ellipsis.map((_, k) => `#${k}`);
  const names = [...ellipsisNames, ...letters];
  const sizeOf = (name: string) => (name.startsWith("#") ? ellipsis[Number(name.slice(1))]! : spec.sizes[name]!);
  const counts = new Map<string, number>();
  for (const o of spec.operands) for (const t of o.tokens) if (t !== "...") counts.set(t, (counts.get(t) ?? 0) + 1);
  const outputNames = spec.output === undefined
    ? [...ellipsisNames, ...letters.filter((l) => counts.get(l) === 1).sort((x, y) => x.charCodeAt(0) - y.charCodeAt(0))]
    : spec.output.flatMap((t) => (t === "..." ? ellipsisNames : [t]));
  const shape = outputNames.map(sizeOf);
  const count = shape.reduce((p, d) => p * d, 1);
  const values = new Array<number>(count).fill(0);
  const scale = new Array<number>(count).fill(0);
  const terms = new Array<number>(count).fill(0);
  const integer = dtype === "int32" || dtype === "uint8";
  const convert = (v: number) => (dtype === "float32" ? Math.fround(v) : v);
  for (const assignment of multiIndices(names.map(sizeOf))) {
    const value = (name: string) => assignment[names.indexOf(name)]!;
    let product = integer ? 1 : 1;
    for (const [i, o] of spec.operands.entries()) {
      // the operand's index: its letters' values, its "..." axes right-aligned (0 where its size is 1)
      const index = o.tokens.flatMap((t) =>
        t === "..." ? o.ellipsis.map((size, k) => (size === 1 ? 0 : value(`#${ellipsis.length - o.ellipsis.length + k}`))) : [value(t)],
      );
      const element = at(operands[i]!, index);
      product = integer ? Math.imul(product, element) : product * convert(element);
    }
    let target = 0;
    for (const name of outputNames) target = target * sizeOf(name) + value(name);
    values[target] = integer ? (values[target]! + product) | 0 : values[target]! + product;
    scale[target]! += Math.abs(product);
    terms[target]!++;
  }
  return { shape, values: dtype === "uint8" ? values.map((v) => v & 255) : values, scale, terms };
}

/** Random specs: letters of both cases with sizes 0 to 3, one to three operands, repeats, "...", both kinds of output. */
const specArb: fc.Arbitrary<Spec> = fc
  .record({
    sizes: fc.record({ a: fc.integer({ min: 1, max: 3 }), b: fc.integer({ min: 0, max: 3 }), i: fc.integer({ min: 1, max: 3 }), j: fc.integer({ min: 1, max: 3 }), B: fc.integer({ min: 1, max: 3 }), Z: fc.integer({ min: 1, max: 2 }) }),
    ellipsis: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
    operands: fc.array(
      fc.record({
        letters: fc.array(fc.constantFrom("a", "b", "i", "j", "B", "Z"), { maxLength: 4 }),
        // where the "..." goes (none when -1), how many of the broadcast axes it takes, which are 1
        at: fc.integer({ min: -2, max: 4 }),
        take: fc.nat(2),
        ones: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    implicit: fc.boolean(),
    outputOrder: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
    outputKeep: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    outputAt: fc.nat(6),
  })
  .map(({ sizes, ellipsis, operands, implicit, outputOrder, outputKeep, outputAt }) => {
    const specs: OperandSpec[] = operands.map(({ letters, at: where, take, ones }) => {
      if (where < 0 || ellipsis.length === 0) return { tokens: letters, ellipsis: [] };
      const own = ellipsis.slice(ellipsis.length - Math.min(take, ellipsis.length)).map((size, k) => (ones[k] ? 1 : size));
      const position = Math.min(where, letters.length);
      return { tokens: [...letters.slice(0, position), "...", ...letters.slice(position)], ellipsis: own };
    });
    const partial: Spec = { sizes, operands: specs, output: undefined };
    if (implicit) return partial;
    // an explicit output: some of the letters, each once, in a random order, and "..." when any operand has one
    const letters = [...new Set(specs.flatMap((o) => o.tokens.filter((t) => t !== "...")))];
    const chosen = letters.filter((_, k) => outputKeep[k % 8]).map((l, k) => [outputOrder[k % 8]!, l] as const).sort((x, y) => x[0] - y[0]).map(([, l]) => l);
    const hasEllipsis = specs.some((o) => o.tokens.includes("..."));
    const output = hasEllipsis ? [...chosen.slice(0, outputAt % (chosen.length + 1)), "...", ...chosen.slice(outputAt % (chosen.length + 1))] : chosen;
    return { ...partial, output };
  });

/** Small integers: every product and sum is exact in float32 (below 2^24), uint8 stores the negatives as 253 to 255. */
const smallValues = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 24 });

const caseArb = specArb.chain((spec) =>
  fc.tuple(...spec.operands.map((o) => fc.constantFrom(...DTYPES).chain((dtype) => viewOf(shapeOf(o, spec.sizes), dtype, smallValues)))).map((operands) => ({ spec, operands })),
);

describe("einsum", () => {
  it("gives the reference's shape, dtype and values on random specs and strided views of every dtype", () => {
    fc.assert(
      fc.property(caseArb, ({ spec, operands }) => {
        const subscripts = subscriptsOf(spec);
        const dtype = resultDType(operands.map((o) => o.dtype));
        const expected = reference(spec, operands, dtype);
        const result = loose(subscripts, ...operands);
        expect(result.shape, subscripts).toEqual(expected.shape);
        expect(result.dtype).toBe(dtype);
        expect(result.isContiguous).toBe(true);
        const got = rowMajor(result);
        got.forEach((value, i) => {
          // each term passes through at most (operands - 1) rounded products, (terms - 1) rounded sums and one rounding of a sum taken in doubles
          const roundings = expected.terms[i]! + operands.length - 1;
          if (dtype === "float32") expect(Math.abs(value - expected.values[i]!), `${subscripts} at ${i}`).toBeLessThanOrEqual(float32SumTolerance(roundings, expected.scale[i]!));
          else expect(value, `${subscripts} at ${i}`).toBe(expected.values[i]!);
        });
      }),
      { numRuns: 400 },
    );
  });

  it("gives NumPy's results on classic subscripts, implicit outputs in NumPy's order (upper case first)", () => {
    expect(einsumFixture.cases.length).toBeGreaterThan(30);
    for (const c of einsumFixture.cases) {
      const operands = c.shapes.map((shape, i) => tensor(c.operands[i]!, shape, { dtype: "float64" }) as Tensor);
      const result = loose(c.subscripts, ...operands);
      expect(result.shape, c.subscripts).toEqual(c.shape);
      expect(Array.from(result.toTypedArray()), c.subscripts).toEqual(c.result);
    }
  });

  it("runs attention scores as matmul with a transposed operand does, to the bit", () => {
    const q = randn([2, 3, 17, 8], { seed: 1 });
    const k = randn([2, 3, 13, 8], { seed: 2 });
    const scores = einsum("bhqd,bhkd->bhqk", q, k);
    expect(Array.from(scores.toTypedArray())).toEqual(Array.from(matmul(q, transpose(k, [0, 1, 3, 2])).toTypedArray()));
  });

  it("returns a new tensor, never a view of an operand", () => {
    const x = tensor([1, 2, 3, 4, 5, 6], [2, 3]);
    for (const subscripts of ["ij->ij", "ij", "ij->ji", "...->..."]) {
      const result = loose(subscripts, x);
      expect(result.data).not.toBe(x.data);
      result.data[0] = 100;
      expect(x.data[0]).toBe(1);
    }
  });

  it("checks subscripts that are a plain string at run time", () => {
    const subscripts: string = ["ij", "jk->ik"].join(",");
    const result = einsum(subscripts, zeros([2, 3]), zeros([3, 4]));
    expect(result.shape).toEqual([2, 4]);
    expect(() => einsum(subscripts, zeros([2, 3]), zeros([4, 4]))).toThrow(ShapeError);
  });

  describe("misfits: the message the compiler shows", () => {
    const cases: [string, Tensor[], string, ErrorConstructor | typeof ShapeError][] = [
      ["ij,jk->ik", [zeros([2, 3]), zeros([4, 5])], 'einsum: letter j has size 3 in operand 0 and 4 in operand 1 (subscripts "ij,jk->ik")', ShapeError],
      ["ii", [zeros([2, 3])], 'einsum: letter i has size 2 in operand 0 and 3 in operand 0 (subscripts "ii")', ShapeError],
      ["ij,jk->ik", [zeros([2, 3])], 'einsum: the subscripts "ij,jk->ik" name 2 operands but 1 was given', ShapeError],
      ["i", [zeros([2]), zeros([2])], 'einsum: the subscripts "i" name 1 operand but 2 were given', ShapeError],
      ["ij,jk->ik", [zeros([2, 3]), zeros([3, 4, 5])], 'einsum: operand 1 has rank 3 but its subscripts "jk" name 2 axes', ShapeError],
      ["ijk", [zeros([2, 3])], 'einsum: operand 0 has rank 2 but its subscripts "ijk" name 3 axes', ShapeError],
      ["...ij", [zeros([2])], 'einsum: operand 0 has rank 1 but its subscripts "...ij" name at least 2 axes', ShapeError],
      ["ij->iz", [zeros([2, 3])], 'einsum: output letter z is in no operand (subscripts "ij->iz")', RangeError],
      ["ij->ii", [zeros([2, 3])], 'einsum: output letter i appears more than once (subscripts "ij->ii")', RangeError],
      ["i%", [zeros([2, 3])], 'einsum: bad character "%" in the subscripts "i%" (letters a-z and A-Z, "..." at most once per operand, "," between operands, "->" before the output)', RangeError],
      ["i j", [zeros([2, 3])], 'einsum: bad character " " in the subscripts "i j" (letters a-z and A-Z, "..." at most once per operand, "," between operands, "->" before the output)', RangeError],
      ["...i...", [zeros([2, 3])], 'einsum: bad character "." in the subscripts "...i..." (letters a-z and A-Z, "..." at most once per operand, "," between operands, "->" before the output)', RangeError],
      ["ij->j->i", [zeros([2, 3])], 'einsum: bad character "-" in the subscripts "ij->j->i" (letters a-z and A-Z, "..." at most once per operand, "," between operands, "->" before the output)', RangeError],
      ["...i->i", [zeros([2, 3])], 'einsum: the "..." axes [2] are missing from the output; write "..." in it (subscripts "...i->i")', ShapeError],
      ["...i,...i", [zeros([2, 3]), zeros([3, 3])], 'einsum: the "..." axes of operand 1 do not broadcast with those before it: axis 0 has 2 vs 3 (subscripts "...i,...i")', ShapeError],
    ];
    it.each(cases)("%s", (subscripts, operands, message, kind) => {
      expect(() => loose(subscripts, ...operands)).toThrow(kind);
      expect(() => loose(subscripts, ...operands)).toThrow(message);
    });

    it("names a subscripts argument that is not a string, and an operand that is not a tensor", () => {
      expect(() => (einsum as unknown as (...args: unknown[]) => unknown)(3, zeros([2]))).toThrow('einsum: subscripts must be a string such as "ij,jk->ik", got number 3');
      expect(() => (einsum as unknown as (...args: unknown[]) => unknown)("i,i", zeros([2]), [1, 2])).toThrow(/einsum: operand 1/);
    });
  });
});
