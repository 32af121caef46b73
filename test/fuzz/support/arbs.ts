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
const U8_EDGES = [127, 128, 254, 255, 16];

/**
 * Element values before they are stored in a dtype (store() converts them:
 * float32 rounds, int32/uint8 wrap, bool is truthiness, so one pool serves
 * every dtype): small integers, edges (NaN, +-Infinity, -0, 2^31-1, -2^31,
 * 255, 16777217, ...), halves, any double.
 */
export const valueArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 6 },
  { arbitrary: fc.constantFrom(...F64_EDGES, ...I32_EDGES, ...U8_EDGES), weight: 4 },
  { arbitrary: fc.integer({ min: -40, max: 40 }).map((n) => n / 8), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.float().map((f) => f), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);

/** A pool of values (cycled through to fill a tensor, then stored in its dtype). */
export const poolArb = (maxLength = 12): fc.Arbitrary<number[]> => fc.array(valueArb, { minLength: 1, maxLength });

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

export const chainArb = (options: { dtype?: DType; maxSteps?: number } = {}): fc.Arbitrary<ChainDesc> =>
  fc.record({
    dtype: options.dtype === undefined ? dtypeArb : fc.constant(options.dtype),
    shape: shapeArb(),
    pool: poolArb(),
    steps: fc.array(stepArb, { maxLength: options.maxSteps ?? 4 }),
  });

/** A layout for an operand of rank up to 8 (see makeOperand; entries past the rank are ignored). */
export const layoutArb: fc.Arbitrary<Layout> = fc.record({
  perm: fc.array(fc.nat(8), { maxLength: 8 }),
  steps: fc.array(fc.constantFrom(1, -1, 2, -2), { maxLength: 8 }),
  pads: fc.array(fc.nat(2), { maxLength: 8 }),
  broadcast: fc.array(fc.boolean(), { maxLength: 8 }),
});

/** An operand description: a dtype, values and a layout, for a tensor of any shape. */
export interface OperandDesc {
  readonly dtype: DType;
  readonly pool: readonly number[];
  readonly layout: Layout;
}

export const operandArb = (dtypes: readonly DType[] = DTYPES): fc.Arbitrary<OperandDesc> =>
  fc.record({ dtype: fc.constantFrom(...dtypes), pool: poolArb(), layout: layoutArb });

/** A plain number operand: small integers, fractions, edges (NaN, +-Infinity, -0, 2^31-1, 256, -1, ...), or a boolean. */
export const plainArb: fc.Arbitrary<number | boolean> = fc.oneof(
  { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 5 },
  { arbitrary: fc.constantFrom(...F64_EDGES, ...I32_EDGES, 0.1, 0.3, 1e10, -1e10, 2 ** 32), weight: 4 },
  { arbitrary: fc.integer({ min: -40, max: 40 }).map((n) => n / 8), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
);
