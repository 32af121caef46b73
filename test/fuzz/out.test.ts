/**
 * Fuzz: `out` in place and overlapping. Inputs and `out` are views of one
 * base tensor (permuted, windows read forwards or backwards), so that out
 * is an input, or overlaps an input with a different layout (shifted,
 * reversed, transposed). The result must be as if every input had been read
 * before anything was written (NumPy's guarantee); the base keeps every
 * element out does not cover; tensors that are not out's never change; on
 * an error (wrong dtype, a negative integer exponent, a plain number the
 * dtype cannot hold) nothing is written at all.
 */
import fc from "fast-check";
import * as lib from "shapecast";
import { slice, type Tensor, transpose } from "shapecast";
import { describe } from "vitest";
import { dtypeArb, operandArb, poolArb } from "./support/arbs.js";
import { type Built, makeBase, fillValues, makeOperand, program, Seeds, step } from "./support/build.js";
import { show } from "./support/check.js";
import { type DType, DTYPES } from "./support/dtypes.js";
import { runCase } from "./support/expect.js";
import { modelPermute, modelSlice, type SliceArg, sizeOf } from "./support/model.js";
import { binaryFit } from "./support/broadcast.js";
import {
  BINARY_OPS,
  type Expected,
  type BinaryName,
  referenceBinary,
  referenceCast,
  referenceClip,
  referenceUnary,
  type RefOperand,
  UNARY_OPS,
  type UnaryName,
} from "./support/semantics.js";
import { fuzz } from "./support/run.js";

type Call = (...args: unknown[]) => Tensor;

/**
 * What a call with an `out` of dtype `outDType` must do: refuse it (TypeError, nothing
 * written) when the result's dtype differs; when the call is refused for another reason
 * as well (a number its dtype cannot hold, a negative integer exponent), either refusal.
 */
function refusingOut(ref: Expected, outDType: DType): Expected {
  if ("model" in ref) return ref.model.dtype !== outDType ? { error: ["TypeError"], tags: ref.tags } : ref;
  // an error expected for another reason, with an out of another dtype: either mistake may be reported
  if (ref.result !== undefined && ref.result.dtype !== outDType) return { ...ref, error: [...ref.error, "TypeError"], orOk: false };
  return ref;
}

const fn = (name: string): Call => (lib as unknown as Record<string, Call>)[name]!;

/** A view of `base` (all axes of size `side`) of shape `shape`: permuted, then a window per axis, forwards or backwards. */
function windowView(base: Built, name: string, shape: readonly number[], side: number, seeds: readonly number[]): Built {
  const s = new Seeds(seeds);
  const rank = shape.length;
  let x = base;
  const perm = s.permutation(rank);
  if (perm.some((a, i) => a !== i)) {
    x = step(x, (t) => transpose(t, perm), (m) => modelPermute(m, perm), (n) => `transpose(${n}, ${show(perm)})`, false, `${name}t`);
  }
  const specs: SliceArg[] = shape.map((n) => {
    const start = s.next(side - n + 1);
    if (n === 0) return { start: 0, stop: 0 };
    if (s.next(2) === 0) return n === side ? null : { start, stop: start + n };
    return start === 0 ? { start: n - 1, step: -1 } : { start: start + n - 1, stop: start - 1, step: -1 };
  });
  if (specs.some((spec) => spec !== null)) {
    x = step(x, (t) => slice(t, ...(specs as never[])), (m) => modelSlice(m, specs), (n) => `slice(${[n, ...specs.map(show)].join(", ")})`, false, name);
  } else if (x === base) {
    return { ...x }; // the base itself
  }
  return { ...x, name: x.name };
}

const caseArb = fc.record({
  shape: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
  extra: fc.nat(2),
  dtype: dtypeArb,
  pool: poolArb(),
  views: fc.array(fc.array(fc.nat(20), { maxLength: 8 }), { minLength: 3, maxLength: 3 }),
  /** Which operand out is: a itself, b itself, or another view of the base. */
  outIs: fc.constantFrom("a", "b", "view"),
  /** b: a view of the base, an independent tensor, or a plain number. */
  bIs: fc.constantFrom("view", "tensor", "plain"),
  other: operandArb(),
  plain: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -2.5, Number.NaN, 300, -1, true)),
  op: fc.nat(1000),
  kind: fc.constantFrom("binary", "binary", "binary", "unary", "clip", "cast"),
});

function run(c: typeof caseArb extends fc.Arbitrary<infer T> ? T : never): void {
  const rank = c.shape.length;
  const side = Math.max(...c.shape) + c.extra;
  const baseShape = new Array<number>(rank).fill(side);
  const base = makeBase("x0", baseShape, c.dtype, fillValues(c.pool, sizeOf(baseShape), c.dtype));
  const a = windowView(base, "a", c.shape, side, c.views[0]!);
  const view = windowView(base, "o", c.shape, side, c.views[1]!);
  if (c.kind === "binary") {
    const op = (Object.keys(BINARY_OPS) as BinaryName[])[c.op % 17]!;
    let b: Built | undefined;
    let bRef: RefOperand;
    if (c.bIs === "view") {
      b = windowView(base, "b", c.shape, side, c.views[2]!);
      bRef = { kind: "tensor", m: b.m };
    } else if (c.bIs === "tensor") {
      b = makeOperand("y", c.shape, c.other.dtype, c.other.pool, c.other.layout);
      bRef = { kind: "tensor", m: b.m };
    } else {
      bRef = { kind: "plain", v: c.plain };
    }
    const out = c.outIs === "a" ? a : c.outIs === "b" && b !== undefined && b.base === base.t ? b : view;
    const ref = referenceBinary(op, { kind: "tensor", m: a.m }, bRef, binaryFit(a.m.shape, bRef.kind === "tensor" ? bRef.m.shape : [], undefined));
    // out has the base's dtype: when the result's differs, the call must refuse it (TypeError) and write nothing
    const expected = refusingOut(ref, out.m.dtype);
    const bArg = b === undefined ? c.plain : b.t;
    const text = `${op}(${a.name}, ${b === undefined ? show(c.plain) : b.name}, { out: ${out.name} })`;
    runCase({ op, call: () => fn(op)(a.t, bArg, { out: out.t }), code: program([a, b, out], text), expected, inputs: [a, b], out });
    return;
  }
  const out = c.outIs === "view" ? view : a;
  let op: string;
  let args: unknown[];
  let argsCode: string;
  let ref;
  if (c.kind === "unary") {
    op = UNARY_OPS[c.op % UNARY_OPS.length]!;
    args = [];
    argsCode = "";
    ref = referenceUnary(op as UnaryName, a.m);
  } else if (c.kind === "clip") {
    op = "clip";
    const lo = c.dtype === "uint8" ? c.op % 3 : (c.op % 5) - 2;
    const hi = lo + (c.op % 7);
    args = [lo, hi];
    argsCode = `${lo}, ${hi}`;
    ref = referenceClip(a.m, lo, hi);
  } else {
    op = "cast";
    const to: DType = c.op % 4 === 0 ? DTYPES[c.op % 5]! : c.dtype;
    args = [to];
    argsCode = `"${to}"`;
    ref = referenceCast(a.m, to);
  }
  const expected = refusingOut(ref, out.m.dtype);
  const text = `${op}(${[a.name, ...(argsCode === "" ? [] : [argsCode])].join(", ")}, { out: ${out.name} })`;
  runCase({ op, call: () => fn(op)(a.t, ...args, { out: out.t }), code: program([a, out], text), expected, inputs: [a], out });
}

describe("fuzz: out in place and overlapping", () => {
  fuzz("out/overlap", caseArb, run);
});
