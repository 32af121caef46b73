/**
 * Fuzz: element-wise ops. Every binary op in every broadcast mode (numpy,
 * none, xla with broadcastDimensions, pdpd with axis), with tensors of any
 * layout and plain numbers/booleans on either side, as functions and as
 * methods, with and without `out` (also out of the wrong dtype or shape);
 * unary ops, clip, cast and where. Results are checked against the
 * contract's semantics computed on the model (dtype promotion, scalar
 * conversion, exact integer wrapping, NaN truthiness, integer pow rules).
 */
import fc from "fast-check";
import * as lib from "shapecast";
import type { Tensor } from "shapecast";
import { describe } from "vitest";
import { dtypeArb, type OperandDesc, operandArb, plainArb, poolArb, chainArb, layoutArb } from "./support/arbs.js";
import { type BinarySpec, binaryFit, isFit, numpyFit, type ShapesCase, shapesCaseArb } from "./support/broadcast.js";
import { type Built, makeOperand, program } from "./support/build.js";
import { show } from "./support/check.js";
import { DTYPES, type DType, store } from "./support/dtypes.js";
import { runCase } from "./support/expect.js";
import type { Layout } from "./support/build.js";
import {
  BINARY_OPS,
  type BinaryName,
  type Expected,
  type RefOperand,
  referenceBinary,
  referenceCast,
  referenceClip,
  referenceUnary,
  referenceWhere,
  UNARY_OPS,
  type UnaryName,
} from "./support/semantics.js";
import { fuzz } from "./support/run.js";
import { buildChain } from "./support/chain.js";

type Call = (...args: unknown[]) => Tensor;
const fn = (name: string): Call => (lib as unknown as Record<string, Call>)[name]!;
const method = (t: Tensor, name: string): Call => {
  const m = (t as unknown as Record<string, Call>)[name];
  if (typeof m !== "function") throw new Error(`x.${name} is not a method`);
  return m.bind(t);
};

// ---------------------------------------------------------------------------
// Operands: a tensor laid out at random, or a plain number/boolean
// ---------------------------------------------------------------------------

type Side = { readonly kind: "tensor"; readonly desc: OperandDesc } | { readonly kind: "plain"; readonly v: number | boolean };

const INT_DTYPES: DType[] = ["bool", "uint8", "int32"];
const FLOAT_DTYPES: DType[] = ["float32", "float64"];

/** Plain integers (in and out of every integer dtype's range) and booleans. */
const plainIntArb: fc.Arbitrary<number | boolean> = fc.oneof(
  { arbitrary: fc.integer({ min: -4, max: 4 }), weight: 6 },
  { arbitrary: fc.constantFrom(255, 256, 300, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 16777217, 65536, -0, 3.5e38, 1e300), weight: 3 },
  { arbitrary: fc.boolean(), weight: 2 },
);
/** Plain numbers that are not integers: fractions, NaN, +-Infinity, float32-inexact decimals. */
const plainFracArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: -40, max: 40 }).filter((n) => n % 8 !== 0).map((n) => n / 8), weight: 4 },
  { arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, 0.1, 0.3, -2.5, 1e-45, 5e-324, 16777216.5), weight: 3 },
);

const sideArb = (dtypes: readonly DType[], plain: fc.Arbitrary<number | boolean>, plainWeight = 1): fc.Arbitrary<Side> =>
  fc.oneof(
    { arbitrary: operandArb(dtypes).map((desc): Side => ({ kind: "tensor", desc })), weight: 4 },
    { arbitrary: plain.map((v): Side => ({ kind: "plain", v })), weight: plainWeight },
  );

/** `out`: none, or a fresh tensor (any layout) of the result's shape and dtype, or of the wrong dtype or shape. */
type OutChoice = { readonly kind: "none" } | { readonly kind: "fresh"; readonly layout: Layout; readonly pool: readonly number[]; readonly wrong: "none" | "dtype" | "shape"; readonly pick: number };

const outArb: fc.Arbitrary<OutChoice> = fc.oneof(
  { arbitrary: fc.constant<OutChoice>({ kind: "none" }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant("fresh" as const),
      layout: layoutArb,
      pool: poolArb(4),
      wrong: fc.oneof({ arbitrary: fc.constant("none" as const), weight: 6 }, { arbitrary: fc.constantFrom("dtype" as const, "shape" as const), weight: 1 }),
      pick: fc.nat(100),
    }),
    weight: 1,
  },
);

const refOf = (side: Side, built: Built | undefined): RefOperand => (side.kind === "plain" ? { kind: "plain", v: side.v } : { kind: "tensor", m: built!.m });
const nameOf = (side: Side, built: Built | undefined): string => (side.kind === "plain" ? show(side.v) : built!.name);

/** Values for out's elements before the call (they must all be overwritten). */
const outValues = (dtype: DType, pool: readonly number[]): number[] => pool.map((v) => store(dtype, v));

/**
 * Builds `out` for an expectation: the result's shape and dtype, or a wrong
 * one; returns the expectation with out's errors added.
 */
function withOut(choice: OutChoice, expected: Expected, fallbackShape: readonly number[]): { out: Built | undefined; expected: Expected } {
  if (choice.kind === "none") return { out: undefined, expected };
  const known = "model" in expected ? expected.model : expected.result;
  let shape = known !== undefined ? [...known.shape] : [...fallbackShape];
  let dtype: DType = known !== undefined ? known.dtype : "float64";
  const errors = "error" in expected ? [...expected.error] : [];
  // the result is unknown (the shapes misfit): out may be reported first
  if (known === undefined) errors.push("TypeError", "ShapeError");
  if (choice.wrong === "dtype") {
    dtype = DTYPES.filter((d) => d !== dtype)[choice.pick % 4]!;
    errors.push("TypeError");
  } else if (choice.wrong === "shape") {
    shape = shape.length > 0 && choice.pick % 2 === 0 ? shape.map((d, i) => (i === choice.pick % shape.length ? d + 1 : d)) : [...shape, 2];
    errors.push("ShapeError");
  }
  const layout: Layout = {
    perm: choice.layout.perm.slice(0, shape.length),
    steps: choice.layout.steps.slice(0, shape.length),
    pads: choice.layout.pads.slice(0, shape.length),
    broadcast: [],
  };
  const out = makeOperand("out", shape, dtype, outValues(dtype, choice.pool), layout, false);
  const unchanged = "error" in expected && errors.length === expected.error.length;
  return { out, expected: unchanged || errors.length === 0 ? expected : { error: errors, ...(expected.tags ? { tags: expected.tags } : {}) } };
}

const optionsCode = (spec: BinarySpec, out: Built | undefined): string => {
  if (spec === undefined && out === undefined) return "";
  const fields = [
    ...(spec === undefined ? [] : show(spec).slice(2, -2).split(", ")),
    ...(out === undefined ? [] : [`out: ${out.name}`]),
  ];
  return `, { ${fields.join(", ")} }`;
};

const optionsOf = (spec: BinarySpec, out: Built | undefined): object | undefined => {
  if (spec === undefined && out === undefined) return undefined;
  return { ...(spec ?? {}), ...(out === undefined ? {} : { out: out.t }) };
};

// ---------------------------------------------------------------------------
// Binary ops
// ---------------------------------------------------------------------------

interface BinaryCase {
  readonly shapes: ShapesCase;
  readonly a: Side;
  readonly b: Side;
  readonly out: OutChoice;
  readonly asMethod: boolean;
}

/** int: integer dtypes and plain integers only; float: at least one float tensor or fractional plain number. */
const binaryCaseArb = (group: "int" | "float"): fc.Arbitrary<BinaryCase> => {
  const sides: fc.Arbitrary<[Side, Side]> =
    group === "int"
      ? fc.tuple(sideArb(INT_DTYPES, plainIntArb), sideArb(INT_DTYPES, plainIntArb))
      : fc
          .record({ floatOnA: fc.boolean(), floaty: sideArb(FLOAT_DTYPES, plainFracArb), any: sideArb(DTYPES, plainArb) })
          .map(({ floatOnA, floaty, any }): [Side, Side] => (floatOnA ? [floaty, any] : [any, floaty]));
  return fc.record({ shapes: shapesCaseArb, sides, out: outArb, asMethod: fc.boolean() }).map(({ shapes, sides, out, asMethod }) => ({ shapes, a: sides[0], b: sides[1], out, asMethod }));
};

function runBinary(op: BinaryName, c: BinaryCase): void {
  const a = c.a.kind === "tensor" ? makeOperand("a", c.shapes.a, c.a.desc.dtype, c.a.desc.pool, c.a.desc.layout) : undefined;
  const b = c.b.kind === "tensor" ? makeOperand("b", c.shapes.b, c.b.desc.dtype, c.b.desc.pool, c.b.desc.layout) : undefined;
  const ra = refOf(c.a, a);
  const rb = refOf(c.b, b);
  const fit = binaryFit(ra.kind === "tensor" ? ra.m.shape : [], rb.kind === "tensor" ? rb.m.shape : [], c.shapes.spec);
  const { out, expected } = withOut(c.out, referenceBinary(op, ra, rb, fit), isFit(fit) ? fit.shape : [1]);
  const options = optionsOf(c.shapes.spec, out);
  const asMethod = c.asMethod && a !== undefined;
  const args = [a?.t ?? (c.a as { v: unknown }).v, b?.t ?? (c.b as { v: unknown }).v];
  const call = (): unknown =>
    asMethod
      ? options === undefined ? method(a.t, op)(args[1]) : method(a.t, op)(args[1], options)
      : options === undefined ? fn(op)(args[0], args[1]) : fn(op)(args[0], args[1], options);
  const text = asMethod
    ? `${a.name}.${op}(${nameOf(c.b, b)}${optionsCode(c.shapes.spec, out)})`
    : `${op}(${nameOf(c.a, a)}, ${nameOf(c.b, b)}${optionsCode(c.shapes.spec, out)})`;
  runCase({ op, call, code: program([a, b, out], text), expected, inputs: [a, b], out });
}

// ---------------------------------------------------------------------------
// Unary ops, clip, cast
// ---------------------------------------------------------------------------

interface UnaryCase {
  readonly x: ReturnType<typeof chainArb> extends fc.Arbitrary<infer T> ? T : never;
  readonly out: OutChoice;
  readonly asMethod: boolean;
}
const unaryCaseArb: fc.Arbitrary<UnaryCase> = fc.record({ x: chainArb({ maxSteps: 3 }), out: outArb, asMethod: fc.boolean() });

function runUnaryLike(op: string, c: UnaryCase, reference: (x: Built) => Expected, args: readonly unknown[], argsCode: string): void {
  const x = buildChain(c.x, false);
  const { out, expected } = withOut(c.out, reference(x), x.m.shape);
  const options = out === undefined ? undefined : { out: out.t };
  const all = options === undefined ? args : [...args, options];
  const call = (): unknown => (c.asMethod ? method(x.t, op)(...all) : fn(op)(x.t, ...all));
  const outCode = out === undefined ? "" : `${argsCode === "" ? "" : ", "}{ out: ${out.name} }`;
  const text = c.asMethod ? `${x.name}.${op}(${argsCode}${outCode})` : `${op}(${[x.name, ...(argsCode === "" ? [] : [argsCode])].join(", ")}${out === undefined ? "" : `, { out: ${out.name} }`})`;
  runCase({ op, call, code: program([x, out], text), expected, inputs: [x], out });
}

/** Bounds for clip: integers the dtype holds for int32/uint8 (lo <= hi); anything ordered for floats and bool. */
const boundsArb = (dtype: DType): fc.Arbitrary<[number, number]> => {
  const pair = (a: fc.Arbitrary<number>) => fc.tuple(a, a).map(([p, q]): [number, number] => (p <= q ? [p, q] : [q, p]));
  if (dtype === "int32") return pair(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 256, -256)));
  if (dtype === "uint8") return pair(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(255, 254, 128)));
  if (dtype === "bool") return pair(fc.constantFrom(0, 1, 0.5, -1, 2, -0.5));
  return pair(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -40, max: 40 }).map((n) => n / 8), fc.constantFrom(0.1, -0.1, Infinity, -Infinity, -0, 1e-45, 3.5e38)));
};

// ---------------------------------------------------------------------------
// where
// ---------------------------------------------------------------------------

interface WhereCase {
  readonly shapes: readonly (readonly number[])[];
  readonly sides: readonly Side[];
}
const whereCaseArb: fc.Arbitrary<WhereCase> = fc
  .record({
    r: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
    ranks: fc.tuple(fc.nat(4), fc.nat(4), fc.nat(4)),
    ones: fc.tuple(...[0, 1, 2].map(() => fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))),
    sides: fc.tuple(
      sideArb(DTYPES, fc.oneof(plainArb, fc.constant(Number.NaN))),
      sideArb(DTYPES, fc.oneof(plainIntArb, plainArb)),
      sideArb(DTYPES, fc.oneof(plainIntArb, plainArb)),
    ),
  })
  .map(({ r, ranks, ones, sides }) => ({
    shapes: ranks.map((rank, k) => r.slice(r.length - Math.min(rank, r.length)).map((d, i) => (ones[k]![i] ? 1 : d))),
    sides,
  }));

function runWhere(c: WhereCase): void {
  const names = ["cond", "a", "b"];
  const built = c.sides.map((side, k) => (side.kind === "tensor" ? makeOperand(names[k]!, c.shapes[k]!, side.desc.dtype, side.desc.pool, side.desc.layout) : undefined));
  const refs = c.sides.map((side, k) => refOf(side, built[k]));
  const shapes = refs.map((r) => (r.kind === "tensor" ? r.m.shape : []));
  const expected = referenceWhere(refs[0]!, refs[1]!, refs[2]!, numpyFit(shapes));
  const args = c.sides.map((side, k) => (side.kind === "tensor" ? built[k]!.t : side.v));
  const text = `where(${c.sides.map((side, k) => nameOf(side, built[k])).join(", ")})`;
  runCase({ op: "where", call: () => fn("where")(...args), code: program(built, text), expected, inputs: built });
}

describe("fuzz: element-wise", () => {
  for (const op of Object.keys(BINARY_OPS) as BinaryName[]) {
    fuzz(`binary/${op}/int`, binaryCaseArb("int"), (c) => runBinary(op, c));
    fuzz(`binary/${op}/float`, binaryCaseArb("float"), (c) => runBinary(op, c));
  }
  for (const op of UNARY_OPS as readonly UnaryName[]) {
    fuzz(`unary/${op}`, unaryCaseArb, (c) => runUnaryLike(op, c, (x) => referenceUnary(op, x.m), [], ""));
  }
  fuzz(
    "clip",
    fc.record({ c: unaryCaseArb, b: fc.record({ int32: boundsArb("int32"), uint8: boundsArb("uint8"), bool: boundsArb("bool"), float: boundsArb("float32") }) }).map(({ c, b }) => ({
      ...c,
      bounds: c.x.dtype === "int32" ? b.int32 : c.x.dtype === "uint8" ? b.uint8 : c.x.dtype === "bool" ? b.bool : b.float,
    })),
    (c) => runUnaryLike("clip", c, (x) => referenceClip(x.m, c.bounds[0], c.bounds[1]), c.bounds, `${show(c.bounds[0])}, ${show(c.bounds[1])}`),
  );
  fuzz(
    "cast",
    fc.record({ c: unaryCaseArb, to: dtypeArb }),
    ({ c, to }) => runUnaryLike("cast", c, (x) => referenceCast(x.m, to), [to], `"${to}"`),
  );
  fuzz("where", whereCaseArb, runWhere);
});
