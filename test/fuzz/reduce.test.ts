/**
 * Fuzz: reductions (sum prod mean max min argmax argmin variance std
 * logSumExp) over one axis, a list of axes or all, with keepDims and ddof,
 * and softmax / logSoftmax, on random views of every dtype. Float results
 * allow the error of another order of additions (n eps of the sum of
 * magnitudes, and either result when overflow depends on the order);
 * integer results are exact (BigInt, wrapping); NaN propagates.
 */
import fc from "fast-check";
import * as lib from "shapecast";
import type { Tensor } from "shapecast";
import { describe } from "vitest";
import { chainArb } from "./support/arbs.js";
import { program } from "./support/build.js";
import { show } from "./support/check.js";
import { buildChain } from "./support/chain.js";
import { runCase } from "./support/expect.js";
import { REDUCE_OPS, type ReduceName, referenceReduce, referenceSoftmax } from "./support/reductions.js";
import { fuzz } from "./support/run.js";

type Call = (...args: unknown[]) => Tensor;
const fn = (name: string): Call => (lib as unknown as Record<string, Call>)[name]!;

/** An axis argument: omitted, null, one axis, or a list (in any order, negative forms); sometimes invalid. */
const axisArgArb = fc.record({
  form: fc.nat(9),
  picks: fc.array(fc.nat(16), { maxLength: 4 }),
  negative: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  sorted: fc.boolean(),
  bad: fc.nat(19),
});
type AxisArg = typeof axisArgArb extends fc.Arbitrary<infer T> ? T : never;

/** The axis argument for a tensor of `rank`: undefined (omitted), null, a number or a list. */
function axisFor(a: AxisArg, rank: number, single: boolean): { value: unknown; omitted: boolean } {
  if (a.bad === 0) return { value: rank + (a.picks[0] ?? 0) % 3, omitted: false }; // out of range
  if (a.bad === 1 && rank > 0) return { value: single ? -rank - 1 : [0, -rank], omitted: false }; // out of range / named twice
  if (a.form === 0) return { value: undefined, omitted: true };
  if (a.form === 1) return { value: null, omitted: false };
  if (rank === 0) return { value: a.form === 2 ? [] : undefined, omitted: a.form !== 2 };
  const form = (axis: number, i: number): number => (a.negative[i] ? axis - rank : axis);
  if (single || a.form <= 4) return { value: form((a.picks[0] ?? 0) % rank, 0), omitted: false };
  const distinct = [...new Set(a.picks.map((p) => p % rank))];
  const list = a.sorted || single ? distinct.sort((p, q) => p - q) : distinct;
  return { value: list.map(form), omitted: false };
}

const caseArb = fc.record({
  x: chainArb({ maxSteps: 3 }),
  axis: axisArgArb,
  keepDims: fc.constantFrom(undefined, false, true),
  ddof: fc.nat(4),
  withOptions: fc.boolean(),
});

function runReduce(op: ReduceName, c: typeof caseArb extends fc.Arbitrary<infer T> ? T : never): void {
  const x = buildChain(c.x, false);
  const rank = x.m.shape.length;
  // argmax/argmin: one axis, a sorted list (indexing those axes flattened row-major), or none
  const { value: axis, omitted } = axisFor(c.axis, rank, false);
  const spread = op === "variance" || op === "std";
  const ddof = spread ? c.ddof : undefined;
  const options: Record<string, unknown> = {};
  if (c.keepDims !== undefined) options["keepDims"] = c.keepDims;
  if (ddof !== undefined && ddof !== 0) options["ddof"] = ddof;
  const withOptions = Object.keys(options).length > 0 || c.withOptions;
  const args: unknown[] = [x.t];
  if (!omitted || withOptions) args.push(axis);
  if (withOptions) args.push(options);
  const expected = referenceReduce(op, x.m, { axis, keepDims: c.keepDims, ddof });
  const code = `${op}(${[x.name, ...(!omitted || withOptions ? [show(axis)] : []), ...(withOptions ? [show(options)] : [])].join(", ")})`;
  runCase({ op, call: () => fn(op)(...args), code: program([x], code), expected, inputs: [x] });
}

describe("fuzz: reductions", () => {
  for (const op of REDUCE_OPS) fuzz(`reduce/${op}`, caseArb, (c) => runReduce(op, c));
  for (const op of ["softmax", "logSoftmax"] as const) {
    fuzz(
      op,
      fc.record({ x: chainArb({ maxSteps: 3 }), axis: fc.option(fc.integer({ min: -9, max: 8 }), { nil: undefined }) }),
      (c) => {
        const x = buildChain(c.x, false);
        if (x.m.shape.length === 0) return; // a scalar has no axis to normalise over (left open by the contract)
        const expected = referenceSoftmax(op, x.m, c.axis);
        const args = c.axis === undefined ? [x.t] : [x.t, c.axis];
        runCase({ op, call: () => fn(op)(...args), code: program([x], `${op}(${[x.name, ...(c.axis === undefined ? [] : [c.axis])].join(", ")})`), expected, inputs: [x] });
      },
    );
  }
});
