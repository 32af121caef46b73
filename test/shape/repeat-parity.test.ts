/**
 * `repeat` by counts that are type parameters, against the runtime: generated generic functions,
 * each repeating a tensor whose sizes are type parameters or literals along an axis (or flattened)
 * by a count `R` that is a type parameter, a list of one such count, or a list of counts that are
 * type parameters (one per element of a literal axis), must compile with no diagnostic inside them
 * (the counts are the run time's to check, as a window's fit), and, called with concrete shapes and
 * counts, give the runtime's shape exactly: each `RepeatedSize<T, R>`, `FlatRepeated<[B, T], R>`
 * and `Plus<S, U>` becomes the number the runtime computes. Under TypeScript 6 (compiler API), 7
 * and 5.9 (tsd).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import { itAgreesWithRuntime } from "../support/calls.js";
import { tupleText as tuple } from "../support/cases.js";

const SEED = 20261129;
const CASES = 60;

interface Case {
  /** x's sizes at the call, and which of them the generic function names as a type parameter. */
  readonly sizes: readonly number[];
  readonly named: readonly boolean[];
  /** The axis (`undefined`: flattened). */
  readonly axis: number | undefined;
  /** A count `r`, a list of one count `[r]`, or one count per element of the axis `[c0, c1, ...]`. */
  readonly counts: "count" | "one" | "each";
  readonly values: readonly number[];
  readonly method: boolean;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    sizes: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
    named: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    axisRoll: fc.integer({ min: -3, max: 3 }),
    flattened: fc.boolean(),
    counts: fc.constantFrom("count" as const, "one" as const, "each" as const),
    values: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
    method: fc.boolean(),
  })
  .map((c) => {
    const rank = c.sizes.length;
    const axis = c.flattened ? undefined : ((c.axisRoll % rank) + rank) % rank - (c.axisRoll < 0 ? rank : 0);
    const at = axis === undefined ? undefined : (axis + rank) % rank;
    // (one count per element: on an axis of a literal size, 1 to 3 elements, as many counts)
    const each = c.counts === "each" && at !== undefined;
    const sizes = each ? c.sizes.map((s, j) => (j === at ? Math.max(1, Math.min(s, 3)) : s)) : c.sizes;
    const named = c.named.slice(0, rank).map((n, j) => n && !(each && j === at));
    const counts = c.counts === "each" && !each ? "count" : c.counts;
    const values = counts === "each" ? c.values.slice(0, sizes[at!]!) : c.values.slice(0, 1);
    return { sizes, named, axis, counts, values, method: c.method };
  });

const cases = fc.sample(caseArb, { seed: SEED, numRuns: CASES });
const sizeNames = ["A", "B", "C"];

/** The generic function of case i, declared in the header. */
function generic(c: Case, i: number): string {
  const shape = c.sizes.map((s, j) => (c.named[j] ? sizeNames[j]! : s));
  const countNames = c.values.map((_, j) => `R${j}`);
  const params = [...sizeNames.filter((_, j) => c.named[j] && j < c.sizes.length), ...countNames].map((n) => `${n} extends number`).join(", ");
  const args = [`x: Tensor<${tuple(shape)}, "float32">`, ...countNames.map((n) => `${n.toLowerCase()}: ${n}`)].join(", ");
  const repeats = c.counts === "count" ? "r0" : `[${countNames.map((n) => n.toLowerCase()).join(", ")}]`;
  const axis = c.axis === undefined ? "" : `, ${c.axis}`;
  const body = c.method ? `x.repeat(${repeats}${axis})` : `repeat(x, ${repeats}${axis})`;
  return `function g${i}<${params}>(${args}) { return ${body}; }`;
}

/** The call of case i on concrete shapes and counts. */
const call = (c: Case, i: number): string => `g${i}(zeros(${tuple(c.sizes)}), ${c.values.join(", ")})`;

/** The runtime's shape for the same call. */
function runtimeShape(c: Case): readonly number[] {
  const repeats = c.counts === "count" ? c.values[0]! : [...c.values];
  return sc.repeat(sc.zeros([...c.sizes]), repeats as never, c.axis as never).shape;
}

const header = (from: string) => [`import { repeat, zeros, type Tensor } from "${from}";`, ...cases.map(generic)].join("\n");
const runtime = cases.map(runtimeShape);

describe("repeat by counts that are type parameters, against the runtime", () => {
  it("cover counts, lists of one count and of one count per element, on named and literal axes, flattened, as functions and methods", () => {
    for (const kind of ["count", "one", "each"]) expect(cases.filter((c) => c.counts === kind).length, kind).toBeGreaterThan(8);
    expect(cases.some((c) => c.axis === undefined && c.named.some(Boolean))).toBe(true);
    expect(cases.some((c) => c.axis !== undefined && c.named[(c.axis + c.sizes.length) % c.sizes.length])).toBe(true);
    expect(cases.some((c) => c.method) && cases.some((c) => !c.method)).toBe(true);
    expect(cases.some((c) => c.values.includes(0)) && cases.some((c) => c.values.includes(1))).toBe(true);
  });

  const calls = cases.map(call);

  itAgreesWithRuntime("repeat-counts", header, calls, runtime, (i) => generic(cases[i]!, i));
});
