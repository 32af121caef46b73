/**
 * Fuzz: creators store values as the contract says, in every dtype: float32
 * rounds once, int32/uint8 truncate toward zero and wrap (NaN and
 * +-Infinity give 0), bool is truthiness (NaN is true), for tensor() from
 * flat arrays, nested arrays and typed arrays, full, zeros, ones, arange,
 * linspace and eye.
 */
import fc from "fast-check";
import { arange, eye, full, linspace, ones, type Tensor, tensor, zeros } from "shapecast";
import { describe } from "vitest";
import { dtypeArb, poolArb, shapeArb } from "./support/arbs.js";
import { fillValues } from "./support/build.js";
import { expectModel, expectNoError, show } from "./support/check.js";
import { type DType, store } from "./support/dtypes.js";
import { triage } from "./support/expect.js";
import { makeModel, type Model, nested, sizeOf } from "./support/model.js";
import { fuzz } from "./support/run.js";

/** A bool destination meeting a value other than 0 and 1 (NaN included): the contract's truthiness rule. */
const truthinessTag = (dtype: DType, values: readonly number[]): string[] => (dtype === "bool" && values.some((v) => v !== 0 && v !== 1) ? ["bool-truthiness"] : []);

const check = (make: () => Tensor, want: Model, code: string, tags: readonly string[]): void => {
  // a tag per creator too (bool-truthiness:arange), so triage can single one out
  triage([...tags, ...tags.map((t) => `${t}:${code.replace(/\(.*$/s, "")}`)]);
  expectModel(expectNoError(make, code), want, code, { typed: true });
};

const caseArb = fc.record({
  form: fc.constantFrom("flat", "nested", "typed", "full", "zeros", "ones", "arange", "linspace", "eye"),
  shape: shapeArb(0, 4, 48),
  dtype: dtypeArb,
  pool: poolArb(),
  start: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, -0.5, 1.5, 2 ** 31 - 2, 254, -2.5)),
  count: fc.integer({ min: 0, max: 12 }),
  step: fc.constantFrom(1, 2, -1, 0.5, 0.25, -0.75, 1e9),
  stop: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(0.5, 300, 2 ** 31 + 3)),
  m: fc.integer({ min: 0, max: 4 }),
});

describe("fuzz: creation", () => {
  fuzz("create", caseArb, (c) => {
    const d = c.dtype;
    const size = sizeOf(c.shape);
    // raw values: not yet stored in any dtype (fillValues stores; float64 stores nothing)
    const raw = fillValues(c.pool, size, "float64");
    switch (c.form) {
      case "flat": {
        const want = makeModel(c.shape, d, (i) => store(d, raw[flatOf(c.shape, i)]!));
        check(() => tensor(raw, [...c.shape], { dtype: d }), want, `tensor(${show(raw)}, ${show(c.shape)}, { dtype: "${d}" })`, truthinessTag(d, raw));
        return;
      }
      case "nested": {
        const data = nested({ shape: c.shape, dtype: "float64", values: raw, origin: null });
        // nesting ends at the first empty axis: [0, 3] is written [] and reads as shape [0]
        const zero = c.shape.indexOf(0);
        const shape = zero < 0 ? c.shape : c.shape.slice(0, zero + 1);
        const want = makeModel(shape, d, (i) => store(d, raw[flatOf(shape, i)]!));
        check(() => tensor(data as never, { dtype: d }), want, `tensor(${JSON.stringify(data)}, { dtype: "${d}" })`, truthinessTag(d, raw));
        return;
      }
      case "typed": {
        const typed = new Float64Array(raw);
        const want = makeModel(c.shape, d, (i) => store(d, raw[flatOf(c.shape, i)]!));
        check(() => tensor(typed, [...c.shape], { dtype: d }), want, `tensor(new Float64Array(${show(raw)}), ${show(c.shape)}, { dtype: "${d}" })`, truthinessTag(d, raw));
        return;
      }
      case "full": {
        const v = raw[0] ?? c.start;
        const tags = [...truthinessTag(d, [v]), ...(Object.is(store(d, v), -0) ? ["negative-zero"] : [])];
        check(() => full([...c.shape], v, d), makeModel(c.shape, d, () => store(d, v)), `full(${show(c.shape)}, ${show(v)}, "${d}")`, tags);
        return;
      }
      case "zeros":
      case "ones": {
        const f = c.form === "zeros" ? zeros : ones;
        check(() => f([...c.shape], d), makeModel(c.shape, d, () => (c.form === "zeros" ? 0 : 1)), `${c.form}(${show(c.shape)}, "${d}")`, []);
        return;
      }
      case "arange": {
        const stop = c.start + c.count * c.step;
        const n = Math.max(0, Math.ceil((stop - c.start) / c.step));
        const values = Array.from({ length: n }, (_, i) => c.start + i * c.step);
        check(() => arange(c.start, stop, c.step, { dtype: d }), makeModel([n], d, ([i]) => store(d, values[i!]!)), `arange(${c.start}, ${stop}, ${c.step}, { dtype: "${d}" })`, truthinessTag(d, values));
        return;
      }
      case "linspace": {
        const delta = c.count > 1 ? (c.stop - c.start) / (c.count - 1) : 0;
        const values = Array.from({ length: c.count }, (_, i) => (i === c.count - 1 && c.count > 1 ? c.stop : c.start + i * delta));
        check(() => linspace(c.start, c.stop, c.count, { dtype: d }), makeModel([c.count], d, ([i]) => store(d, values[i!]!)), `linspace(${c.start}, ${c.stop}, ${c.count}, { dtype: "${d}" })`, truthinessTag(d, values));
        return;
      }
      case "eye": {
        const n = c.count % 5;
        check(() => eye(n, c.m, { dtype: d }), makeModel([n, c.m], d, ([i, j]) => (i === j ? 1 : 0)), `eye(${n}, ${c.m}, { dtype: "${d}" })`, []);
        return;
      }
    }
  });
});

const flatOf = (shape: readonly number[], index: readonly number[]): number => index.reduce((f, v, a) => f * shape[a]! + v, 0);
