/**
 * fast-check arbitraries shared by the fuzz properties: element values per
 * dtype (edges included), shapes of rank 0 to 8 with empty axes, random view
 * chains and layouts, plain-number operands.
 */
import fc from "fast-check";
import { type Layout, positions, STEP_KINDS, type StepKind } from "./build.js";
import { DTYPES, type DType } from "./dtypes.js";

const F64_EDGES = [
  Number.NaN, Infinity, -Infinity, -0, 0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.1, -3, 2 ** 31 - 1, -(2 ** 31), 2 ** 31,
  255, 256, 16777217, 2 ** 53, 1e-300, 5e-324, 3.4028234663852886e38, 1.7976931348623157e308, 1e-45, 100, -100,
];
const I32_EDGES = [0, 1, -1, 2, 3, -2, 2 ** 31 - 1, -(2 ** 31), -(2 ** 31) + 1, 255, 256, -256, 16777217, 65535, 65536, 46341, -46341, -7];
const U8_EDGES = [0, 1, 2, 3, 127, 128, 254, 255, 16];

/** Values a tensor of `dtype` holds exactly: small integers, edges (NaN, +-Infinity, -0, 2^31-1, ...), anything. */
export function valueArb(dtype: DType): fc.Arbitrary<number> {
  switch (dtype) {
    case "bool":
      return fc.constantFrom(0, 1);
    case "uint8":
      return fc.oneof({ arbitrary: fc.integer({ min: 0, max: 4 }), weight: 5 }, { arbitrary: fc.constantFrom(...U8_EDGES), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 255 }), weight: 2 });
    case "int32":
      return fc.oneof(
        { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 5 },
        { arbitrary: fc.constantFrom(...I32_EDGES), weight: 3 },
        { arbitrary: fc.integer(), weight: 2 },
      );
    case "float32":
      return fc.oneof(
        { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 4 },
        { arbitrary: fc.constantFrom(...F64_EDGES.map(Math.fround)), weight: 3 },
        { arbitrary: fc.integer({ min: -40, max: 40 }).map((n) => n / 8), weight: 2 },
        { arbitrary: fc.float(), weight: 2 },
      );
    case "float64":
      return fc.oneof(
        { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 4 },
        { arbitrary: fc.constantFrom(...F64_EDGES), weight: 3 },
        { arbitrary: fc.integer({ min: -40, max: 40 }).map((n) => n / 8), weight: 2 },
        { arbitrary: fc.double(), weight: 2 },
      );
  }
}

/** A pool of values (cycled through to fill a tensor). */
export const poolArb = (dtype: DType, maxLength = 12): fc.Arbitrary<number[]> => fc.array(valueArb(dtype), { minLength: 1, maxLength });

export const dtypeArb: fc.Arbitrary<DType> = fc.constantFrom(...DTYPES);

/** An axis size: mostly 1 to 4, sometimes 0 (an empty axis). */
export const dimArb: fc.Arbitrary<number> = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 8 }, { arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.constant(5), weight: 1 });

/** Sizes past the budget are cut to 1, so a case stays small. */
export const withinBudget = (shape: readonly number[], budget: number): number[] => {
  const out: number[] = [];
  for (const d of shape) out.push(positions([...out, d]) > budget ? 1 : d);
  return out;
};

/** A shape of rank `min` to `max` (at most 8), small enough for a fast case. */
export const shapeArb = (min = 0, max = 8, budget = 96): fc.Arbitrary<number[]> =>
  fc.array(dimArb, { minLength: min, maxLength: max }).map((s) => withinBudget(s, budget));

export interface StepDesc {
  readonly kind: StepKind;
  readonly seeds: readonly number[];
}

export const stepArb: fc.Arbitrary<StepDesc> = fc.record({
  kind: fc.constantFrom(...STEP_KINDS),
  seeds: fc.array(fc.nat(1000), { maxLength: 24 }),
});

/** A base tensor (shape, dtype, values) and view steps applied to it. */
export interface ChainDesc {
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly pool: readonly number[];
  readonly steps: readonly StepDesc[];
}

export const chainArb = (options: { dtype?: DType; maxSteps?: number; minRank?: number } = {}): fc.Arbitrary<ChainDesc> =>
  (options.dtype === undefined ? dtypeArb : fc.constant(options.dtype)).chain((dtype) =>
    fc.record({
      dtype: fc.constant(dtype),
      shape: shapeArb(options.minRank ?? 0),
      pool: poolArb(dtype),
      steps: fc.array(stepArb, { maxLength: options.maxSteps ?? 4 }),
    }),
  );

/** A layout for an operand of rank `rank` (see makeOperand). */
export const layoutArb = (rank: number): fc.Arbitrary<Layout> =>
  fc.record({
    perm: fc.array(fc.nat(8), { minLength: rank, maxLength: rank }),
    steps: fc.array(fc.constantFrom(1, -1, 2, -2), { minLength: rank, maxLength: rank }),
    pads: fc.array(fc.nat(2), { minLength: rank, maxLength: rank }),
    broadcast: fc.array(fc.boolean(), { minLength: rank, maxLength: rank }),
  });

/** An operand description: a dtype, values and a layout for a tensor of a given shape. */
export interface OperandDesc {
  readonly dtype: DType;
  readonly pool: readonly number[];
  readonly layout: Layout;
}

export const operandArb = (rank: number, dtype?: DType): fc.Arbitrary<OperandDesc> =>
  (dtype === undefined ? dtypeArb : fc.constant(dtype)).chain((d) => fc.record({ dtype: fc.constant(d), pool: poolArb(d), layout: layoutArb(rank) }));

/** A plain number operand: small integers, fractions, edges (NaN, +-Infinity, -0, 2^31-1, 256, -1, ...), or a boolean. */
export const plainArb: fc.Arbitrary<number | boolean> = fc.oneof(
  { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 5 },
  { arbitrary: fc.constantFrom(...F64_EDGES, ...I32_EDGES, 0.1, 0.3, 1e10, -1e10, 2 ** 32), weight: 4 },
  { arbitrary: fc.integer({ min: -40, max: 40 }).map((n) => n / 8), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);
