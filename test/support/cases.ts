/**
 * Seeded random broadcasting cases over every mode, built so that roughly half
 * fit and half fail in each of the ways the rules can fail. Shapes have rank
 * 0–6 and sizes 0–5 or large (up to 2^31 - 1); a few carry invalid sizes.
 */
import fc from "fast-check";

export interface Case {
  readonly kind: "binary" | "to";
  readonly a: readonly number[];
  readonly b: readonly number[];
  /** The spec object passed at run time (`undefined`: none given). */
  readonly spec: Readonly<Record<string, unknown>> | undefined;
}

const LARGE = [64, 1000, 65536, 2147483647] as const;

const size = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 5 }), weight: 8 }, { arbitrary: fc.constantFrom(...LARGE), weight: 2 });
const badSize = fc.constantFrom(-1, -3, 2.5, 0.5);

const shape = (minRank: number, maxRank: number) => fc.array(size, { minLength: minRank, maxLength: maxRank });

/** A copy of `base` where some sizes become 1, some change, and rarely one is invalid. */
const variant = (base: readonly number[]) =>
  fc.tuple(fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), size), { minLength: base.length, maxLength: base.length }), fc.double({ min: 0, max: 1, noNaN: true }), badSize, fc.nat()).map(
    ([choices, badRoll, bad, badAt]) => {
      const out = base.map((dim, i) => {
        const [roll, other] = choices[i]!;
        return roll < 0.3 ? 1 : roll < 0.4 ? other : dim;
      });
      if (badRoll < 0.03 && out.length > 0) out[badAt % out.length] = bad;
      return out;
    },
  );

/** The last `length` sizes of `shape`. */
const suffix = (full: readonly number[], length: number) => full.slice(full.length - length);

const numpyLike = (kind: "binary" | "to", mode: string | undefined) =>
  shape(0, 6).chain((base) =>
    fc.tuple(fc.integer({ min: 0, max: base.length }), fc.integer({ min: 0, max: base.length }), fc.boolean()).chain(([ra, rb, swap]) =>
      fc.tuple(variant(suffix(base, ra)), variant(suffix(base, rb))).map(([a, b]): Case => ({
        kind,
        a: swap ? b : a,
        b: swap ? a : b,
        spec: mode === undefined ? undefined : { mode },
      })),
    ),
  );

/** A strictly increasing choice of `count` axes out of `rank`. */
const increasingAxes = (rank: number, count: number) =>
  fc.shuffledSubarray([...Array(rank).keys()], { minLength: count, maxLength: count }).map((axes) => axes.sort((x, y) => x - y));

/** Broadcast dimensions as given: right, missing, reordered, of the wrong length, or out of range. */
const givenDims = (right: readonly number[], highRank: number) =>
  fc.oneof(
    { arbitrary: fc.constant<readonly number[] | undefined>(right), weight: 6 },
    { arbitrary: fc.constant<readonly number[] | undefined>(undefined), weight: 2 },
    { arbitrary: fc.constant<readonly number[] | undefined>([...right].reverse()), weight: 1 },
    { arbitrary: fc.array(fc.integer({ min: 0, max: Math.max(0, highRank - 1) }), { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.constant<readonly number[] | undefined>(right.length > 0 ? [...right.slice(0, -1), highRank + 1] : [0]), weight: 1 },
  );

/** A lower-rank shape mapped into `high`, with the dims that map it. */
const inDim = shape(1, 6).chain((high) =>
  fc.integer({ min: 0, max: high.length }).chain((lowRank) =>
    increasingAxes(high.length, lowRank).chain((dims) =>
      fc.tuple(variant(dims.map((axis) => high[axis]!)), fc.constant(dims), fc.constant(high), givenDims(dims, high.length)),
    ),
  ),
);

const xla: fc.Arbitrary<Case> = fc.oneof(
  // equal ranks: degenerate dims, with the dims field absent, empty, the identity or wrong
  shape(0, 6).chain((base) =>
    fc.tuple(variant(base), variant(base), fc.constantFrom("absent", "empty", "identity", "reversed")).map(([a, b, dims]): Case => {
      const identity = [...a.keys()];
      const given = dims === "absent" ? undefined : dims === "empty" ? [] : dims === "identity" ? identity : [...identity].reverse();
      return { kind: "binary", a, b, spec: given === undefined ? { mode: "xla" } : { mode: "xla", broadcastDimensions: given } };
    }),
  ),
  // different ranks: the lower one is a or b
  fc.tuple(inDim, fc.boolean()).map(([[low, , high, given], lowIsA]): Case => ({
    kind: "binary",
    a: lowIsA ? low : high,
    b: lowIsA ? high : low,
    spec: given === undefined ? { mode: "xla" } : { mode: "xla", broadcastDimensions: given },
  })),
);

const pdpd: fc.Arbitrary<Case> = shape(0, 6).chain((a) =>
  fc.tuple(fc.integer({ min: 0, max: a.length }), fc.nat(), fc.integer({ min: 0, max: 2 }), fc.boolean()).chain(([start, lengthSeed, trailingOnes, longer]) => {
    const length = lengthSeed % (a.length - start + 1);
    const run = a.slice(start, start + length);
    return fc.tuple(
      variant(run),
      fc.oneof(
        { arbitrary: fc.constant<number | undefined>(start), weight: 4 },
        { arbitrary: fc.constant<number | undefined>(-1), weight: 2 },
        { arbitrary: fc.constant<number | undefined>(undefined), weight: 2 },
        { arbitrary: fc.integer({ min: -2, max: 7 }), weight: 2 },
      ),
      size,
    ).map(([b, axis, extra]): Case => {
      const withOnes = [...b, ...Array<number>(Math.min(trailingOnes, 6 - b.length)).fill(1)];
      const full = longer && a.length < 6 ? [extra, ...a] : withOnes;
      return { kind: "binary", a, b: full, spec: axis === undefined ? { mode: "pdpd" } : { mode: "pdpd", axis } };
    });
  }),
);

const explicit: fc.Arbitrary<Case> = inDim.map(([input, , target, given]): Case => ({
  kind: "to",
  a: input,
  b: target,
  spec: { mode: "explicit", axesMapping: given ?? [] },
}));

export const anyCase: fc.Arbitrary<Case> = fc.oneof(
  numpyLike("binary", undefined),
  numpyLike("binary", "numpy"),
  numpyLike("binary", "none"),
  xla,
  xla,
  pdpd,
  pdpd,
  numpyLike("to", undefined),
  numpyLike("to", "bidirectional"),
  explicit,
);

/** `count` cases from a fixed seed: the same cases on every run. */
export const sampleCases = (count: number, seed: number): Case[] => fc.sample(anyCase, { seed, numRuns: count });

/** A shape as a tuple type: `[2, 3]`, or `[N, C, H]` with the sizes' names. */
export const tupleText = (dims: readonly (number | string)[]): string => `[${dims.join(", ")}]`;

/** The spec as a type-level object type, `undefined` when none is given. */
export const specTypeText = (spec: Case["spec"]): string | undefined => {
  if (spec === undefined) return undefined;
  const fields = Object.entries(spec).map(([key, value]) =>
    `${key}: ${Array.isArray(value) ? tupleText(value as number[]) : JSON.stringify(value)}`,
  );
  return `{ ${fields.join("; ")} }`;
};

/** `BroadcastShapes<[2, 3], [3], {...}>` or `BroadcastToShape<...>` for a case. */
export const typeExpression = (c: Case): string => {
  const name = c.kind === "binary" ? "BroadcastShapes" : "BroadcastToShape";
  const spec = specTypeText(c.spec);
  return `${name}<${tupleText(c.a)}, ${tupleText(c.b)}${spec === undefined ? "" : `, ${spec}`}>`;
};
