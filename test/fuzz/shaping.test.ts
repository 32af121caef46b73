/**
 * Fuzz: concat, stack, split, tile, pad, gather and take on tensors of any
 * layout and dtype, against the model: each output element is found by index
 * arithmetic over the output shape; dtypes promote across joined tensors;
 * pad values follow the contract's scalar rule (truthiness into bool).
 */
import fc from "fast-check";
import { concat, gather, pad, split, stack, take, type Tensor, tile } from "shapecast";
import { describe } from "vitest";
import { chainArb, layoutArb, operandArb, plainArb } from "./support/arbs.js";
import { type Built, makeOperand, program, Seeds } from "./support/build.js";
import { type ErrorClass, expectModel, fail, show } from "./support/check.js";
import { buildChain } from "./support/chain.js";
import { type DType, promote, scalarDType, scalarValue, store } from "./support/dtypes.js";
import { runCase } from "./support/expect.js";
import { at, flatIndex, type Model, makeModel, sizeOf } from "./support/model.js";
import type { Expected } from "./support/semantics.js";
import { fuzz } from "./support/run.js";

const error = (...classes: ErrorClass[]): Expected => ({ error: classes });
const normalise = (axis: number, rank: number): number | undefined =>
  Number.isInteger(axis) && axis >= -rank && axis < rank ? (axis < 0 ? axis + rank : axis) : undefined;

// ---------------------------------------------------------------------------
// concat and stack
// ---------------------------------------------------------------------------

const joinArb = fc.record({
  shape: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
  parts: fc.array(fc.record({ desc: operandArb(), size: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 4 }),
  axis: fc.integer({ min: -5, max: 4 }),
  withAxis: fc.boolean(),
  mutate: fc.nat(9),
  which: fc.nat(3),
});
type JoinCase = typeof joinArb extends fc.Arbitrary<infer T> ? T : never;

function referenceConcat(ms: readonly Model[], axis: number): Expected {
  const first = ms[0]!;
  const rank = first.shape.length;
  const at0 = normalise(axis, rank);
  // every misfit the arguments have (the library may report any of them first)
  const errors: ErrorClass[] = [];
  if (rank === 0) errors.push("RangeError", "ShapeError");
  if (at0 === undefined) errors.push("RangeError");
  if (ms.some((m) => m.shape.length !== rank || m.shape.some((d, a) => a !== at0 && d !== first.shape[a]))) errors.push("ShapeError");
  if (errors.length > 0 || at0 === undefined) return error(...errors);
  const d = ms.map((m) => m.dtype).reduce(promote);
  const starts: number[] = [];
  let total = 0;
  for (const m of ms) {
    starts.push(total);
    total += m.shape[at0]!;
  }
  const shape = first.shape.map((n, a) => (a === at0 ? total : n));
  const model = makeModel(shape, d, (index) => {
    let k = ms.length - 1;
    while (starts[k]! > index[at0]! || ms[k]!.shape[at0] === 0) k--;
    return store(d, at(ms[k]!, index.map((v, a) => (a === at0 ? v - starts[k]! : v))));
  });
  return { model, tolerance: "exact" };
}

function referenceStack(ms: readonly Model[], axis: number): Expected {
  const first = ms[0]!;
  const rank = first.shape.length + 1;
  const at0 = normalise(axis, rank);
  const errors: ErrorClass[] = [];
  if (at0 === undefined) errors.push("RangeError");
  if (ms.some((m) => m.shape.length !== first.shape.length || m.shape.some((d, a) => d !== first.shape[a]))) errors.push("ShapeError");
  if (errors.length > 0 || at0 === undefined) return error(...errors);
  const d = ms.map((m) => m.dtype).reduce(promote);
  const shape = [...first.shape.slice(0, at0), ms.length, ...first.shape.slice(at0)];
  const model = makeModel(shape, d, (index) => store(d, at(ms[index[at0]!]!, index.filter((_, a) => a !== at0))));
  return { model, tolerance: "exact" };
}

function runJoin(op: "concat" | "stack", c: JoinCase): void {
  const rank = c.shape.length;
  const at0 = op === "concat" && rank > 0 ? ((c.axis % rank) + rank) % rank : 0;
  const shapes = c.parts.map((p) => (op === "concat" && rank > 0 ? c.shape.map((d, a) => (a === at0 ? p.size : d)) : [...c.shape]));
  // one case in ten: one tensor's shape differs elsewhere (or in rank)
  if (c.mutate === 9 && shapes.length > 1) {
    const k = 1 + (c.which % (shapes.length - 1));
    const s = shapes[k]!;
    shapes[k] = s.length === 0 || c.which % 2 === 0 ? [...s, 2] : s.map((d, a) => (a === (at0 + 1) % s.length ? d + 1 : d));
  }
  const built = c.parts.map((p, k) => makeOperand(`t${k}_`, shapes[k]!, p.desc.dtype, p.desc.pool, p.desc.layout));
  const ms = built.map((b) => b.m);
  const axis = c.withAxis ? c.axis : 0;
  const expected = op === "concat" ? referenceConcat(ms, axis) : referenceStack(ms, axis);
  const list = built.map((b) => b.t);
  const call = (): unknown => (c.withAxis ? (op === "concat" ? concat(list, c.axis) : stack(list, c.axis)) : op === "concat" ? concat(list) : stack(list));
  const text = `${op}([${built.map((b) => b.name).join(", ")}]${c.withAxis ? `, ${c.axis}` : ""})`;
  runCase({ op, call, code: program(built, text), expected, inputs: built });
}

// ---------------------------------------------------------------------------
// split
// ---------------------------------------------------------------------------

const splitArb = fc.record({ x: chainArb({ maxSteps: 3 }), axis: fc.integer({ min: -4, max: 4 }), withAxis: fc.boolean(), sections: fc.boolean(), seeds: fc.array(fc.nat(50), { maxLength: 8 }), bad: fc.nat(9) });

function runSplit(c: typeof splitArb extends fc.Arbitrary<infer T> ? T : never): void {
  const x = buildChain(c.x, false);
  const rank = x.m.shape.length;
  const axis = c.withAxis ? c.axis : 0;
  const at0 = normalise(axis, rank);
  const s = new Seeds(c.seeds);
  const dim = at0 === undefined ? 3 : x.m.shape[at0]!;
  let parts: number | number[];
  let sizes: number[] | undefined;
  let expected: Expected | undefined;
  if (c.sections) {
    const divisors = dim === 0 ? [1, 2, 3] : [...Array(dim).keys()].map((k) => k + 1).filter((k) => dim % k === 0);
    parts = c.bad === 9 ? s.pick([0, dim + 1, 2.5]) : s.pick(divisors);
    if (parts === 0 || !Number.isInteger(parts)) expected = error("RangeError");
    else if (dim % parts !== 0) expected = error("ShapeError");
    else sizes = new Array<number>(parts).fill(dim / parts);
  } else {
    const count = 1 + s.next(4);
    const list = new Array<number>(count).fill(0);
    for (let k = 0; k < dim; k++) list[s.next(count)]! += 1;
    if (c.bad === 9) list[s.next(count)]! += s.pick([1, -1]);
    parts = list;
    if (list.some((p) => p < 0)) expected = error("RangeError");
    else if (list.reduce((p, q) => p + q, 0) !== dim) expected = error("ShapeError");
    else sizes = list;
  }
  if (at0 === undefined) expected = error("RangeError");
  const text = `split(${x.name}, ${show(parts)}${c.withAxis ? `, ${c.axis}` : ""})`;
  const code = program([x], text);
  const call = (): unknown => (c.withAxis ? split(x.t, parts as never, c.axis) : split(x.t, parts as never));
  if (expected !== undefined || sizes === undefined) {
    runCase({ op: "split", call, code, expected: expected ?? error("RangeError"), inputs: [x] });
    return;
  }
  const result = call();
  if (!Array.isArray(result) || result.length !== sizes.length) fail(`${code}\n  should give ${sizes.length} parts, got ${show(result)}`);
  let start = 0;
  (result as Tensor[]).forEach((part, k) => {
    const m = makeModel(x.m.shape.map((d, a) => (a === at0 ? sizes![k]! : d)), x.m.dtype, (index) => at(x.m, index.map((v, a) => (a === at0 ? v + start : v))));
    expectModel(part, m, `${code}\n  (part ${k})`);
    start += sizes![k]!;
  });
}

// ---------------------------------------------------------------------------
// tile and pad
// ---------------------------------------------------------------------------

const tileArb = fc.record({ x: chainArb({ maxSteps: 3 }), reps: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }) });

function referenceTile(x: Model, reps: readonly number[]): Expected {
  const rank = Math.max(x.shape.length, reps.length);
  const xs = [...new Array<number>(rank - x.shape.length).fill(1), ...x.shape];
  const rs = [...new Array<number>(rank - reps.length).fill(1), ...reps];
  const shape = xs.map((d, a) => d * rs[a]!);
  const lead = rank - x.shape.length;
  return { model: makeModel(shape, x.dtype, (index) => at(x, index.slice(lead).map((v, a) => v % x.shape[a]!))), tolerance: "exact" };
}

const padArb = fc.record({
  x: chainArb({ maxSteps: 3 }),
  widths: fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })), { minLength: 8, maxLength: 8 }),
  value: fc.oneof(fc.constant(undefined), plainArb, fc.constantFrom(300, -1, 2 ** 31, Number.NaN, 0.5, 2.5)),
  form: fc.constantFrom("object", "bare"),
});

function referencePad(x: Model, widths: readonly (readonly [number, number])[], value: number | boolean): Expected {
  const d = x.dtype;
  const tags = new Set<string>();
  const s = scalarDType(value, d);
  if ("error" in s) return { error: ["RangeError"], tags: tags.add("scalar-range") };
  const v = store(d, store(s.dtype, scalarValue(value)));
  if (d === "bool" && scalarValue(value) !== 0 && scalarValue(value) !== 1) tags.add(Number.isNaN(scalarValue(value)) ? "nan-truthy" : "pad-bool");
  if (d !== "bool" && !Object.is(v, scalarValue(value))) tags.add("convert");
  if (Object.is(v, -0)) tags.add("pad-negative-zero");
  const shape = x.shape.map((n, a) => widths[a]![0] + n + widths[a]![1]);
  const model = makeModel(shape, d, (index) => {
    const inner = index.map((i, a) => i - widths[a]![0]);
    return inner.every((i, a) => i >= 0 && i < x.shape[a]!) ? at(x, inner) : v;
  });
  return { model, tolerance: "exact", tags };
}

// ---------------------------------------------------------------------------
// gather and take
// ---------------------------------------------------------------------------

const gatherArb = fc.record({
  x: chainArb({ maxSteps: 3 }),
  axis: fc.integer({ min: -4, max: 4 }),
  withAxis: fc.boolean(),
  asTensor: fc.boolean(),
  indexShape: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
  indexDtype: fc.constantFrom<DType>("int32", "uint8"),
  picks: fc.array(fc.integer({ min: -8, max: 8 }), { minLength: 1, maxLength: 8 }),
  layout: layoutArb,
  bad: fc.nat(9),
});
type GatherCase = typeof gatherArb extends fc.Arbitrary<infer T> ? T : never;

/** Index values for an axis of `size`: in range (negative ones too for int32), or one out of range. */
function indexValues(c: GatherCase, size: number, count: number): number[] {
  const values = Array.from({ length: count }, (_, i) => {
    const p = c.picks[i % c.picks.length]!;
    if (size === 0) return 0;
    const v = ((p % size) + size) % size;
    return c.indexDtype === "uint8" && c.asTensor ? v : p < 0 ? v - size : v;
  });
  if (c.bad === 9 && count > 0) values[count - 1] = size + (c.picks[0]! & 1);
  return values;
}

function runGather(op: "gather" | "take", c: GatherCase): void {
  const x = buildChain(c.x, false);
  const rank = x.m.shape.length;
  const flat = op === "take" && !c.withAxis;
  const at0 = flat ? 0 : normalise(c.withAxis ? c.axis : 0, rank);
  const size = flat ? sizeOf(x.m.shape) : at0 === undefined ? 1 : x.m.shape[at0]!;
  const indexShape = c.asTensor ? c.indexShape : [c.indexShape[0] ?? 1];
  const values = indexValues(c, size, sizeOf(indexShape));
  let idx: Built | undefined;
  let indices: unknown = values;
  let indexModel: Model = makeModel(indexShape, "int32", (i) => values[flatIndex(indexShape, i)]!);
  if (c.asTensor) {
    idx = makeOperand("i", indexShape, c.indexDtype, values, c.layout);
    // the operand's pool is cycled; read its actual elements back as the indices
    indexModel = idx.m;
    indices = idx.t;
  }
  const tags = new Set<string>();
  if (flat) tags.add("take-flat");
  let expected: Expected;
  const resolved = indexModel.values.map((v) => (v < 0 ? v + size : v));
  if (at0 === undefined) expected = { error: ["RangeError"], tags };
  else if (indexModel.values.some((v) => v < -size || v >= size)) expected = { error: ["RangeError"], tags };
  else if (flat) {
    const xm = x.m;
    expected = { model: makeModel(indexShape, xm.dtype, (i) => xm.values[resolved[flatIndex(indexShape, i)]!]!), tolerance: "exact", tags };
  } else {
    const head = x.m.shape.slice(0, at0);
    const tail = x.m.shape.slice(at0 + 1);
    const shape = [...head, ...indexShape, ...tail];
    expected = {
      model: makeModel(shape, x.m.dtype, (i) => {
        const k = flatIndex(indexShape, i.slice(head.length, head.length + indexShape.length));
        return at(x.m, [...i.slice(0, head.length), resolved[k]!, ...i.slice(head.length + indexShape.length)]);
      }),
      tolerance: "exact",
      tags,
    };
  }
  if (op === "take" && "error" in expected) tags.add("take-error");
  const fnOf = op === "gather" ? gather : take;
  const call = (): unknown => (c.withAxis ? fnOf(x.t, indices as never, c.axis as never) : fnOf(x.t, indices as never));
  const text = `${op}(${x.name}, ${idx === undefined ? show(values) : idx.name}${c.withAxis ? `, ${c.axis}` : ""})`;
  runCase({ op, call, code: program([x, idx], text), expected, inputs: [x, idx] });
}

describe("fuzz: joins and shaping", () => {
  fuzz("concat", joinArb, (c) => runJoin("concat", c));
  fuzz("stack", joinArb, (c) => runJoin("stack", c));
  fuzz("split", splitArb, runSplit);
  fuzz("tile", tileArb, (c) => {
    const x = buildChain(c.x, false);
    const expected = referenceTile(x.m, c.reps);
    runCase({ op: "tile", call: () => tile(x.t, c.reps as never), code: program([x], `tile(${x.name}, ${show(c.reps)})`), expected, inputs: [x] });
  });
  fuzz("pad", padArb, (c) => {
    const x = buildChain(c.x, false);
    // widths past a budget of elements are cut to 0 (a case stays fast)
    let grown = 1;
    const widths = c.widths.slice(0, x.m.shape.length).map(([p, q], a): [number, number] => {
      const d = x.m.shape[a]!;
      if (grown * (p + d + q) > 512) {
        grown *= Math.max(d, 1);
        return [0, 0];
      }
      grown *= p + d + q;
      return [p, q];
    });
    const value = c.value ?? 0;
    const expected = referencePad(x.m, widths, value);
    const tags = new Set(expected.tags);
    if (c.value !== undefined && c.form === "object") tags.add("pad-object");
    const call = (): unknown => (c.value === undefined ? pad(x.t, widths as never) : c.form === "object" ? pad(x.t, widths as never, { value: c.value } as never) : pad(x.t, widths as never, c.value as never));
    const arg = c.value === undefined ? "" : c.form === "object" ? `, { value: ${show(c.value)} }` : `, ${show(c.value)}`;
    runCase({ op: "pad", call, code: program([x], `pad(${x.name}, ${show(widths)}${arg})`), expected: { ...expected, tags }, inputs: [x] });
  });
  fuzz("gather", gatherArb, (c) => runGather("gather", c));
  fuzz("take", gatherArb, (c) => runGather("take", c));
});
