/**
 * Every element-wise op runs a WebAssembly SIMD kernel for every dtype it takes: each binary op
 * for every pair of operand dtypes, each unary op, activation, clip and cast for every input
 * dtype, on tensors in the engine's memory, without calling its JavaScript kernel once (but the
 * float64 Math ops where the engine's Math is not fdlibm's, which are left to it by design); and
 * each gives what the JavaScript kernels give with the engine off (bit for bit, but for one
 * float32 ulp where the float32 Math ops may differ: test/kernels/simd.test.ts bounds those).
 */
import { describe, expect, it, vi } from "vitest";
import * as library from "../../src/index.js";
import type { DType } from "../../src/dtype.js";
import { opsOf } from "../../src/ops/catalog.js";
import type { BinaryRule, UnaryRule } from "../../src/ops/engine.js";
import { activationRules, castRules, geluRules, parameterized, rules, unaryRules } from "../../src/ops/elementwise.js";
import { FDLIBM_KERNELS, float64MathInSimd } from "../../src/kernels/simd.js";
import { setSimdEnabled } from "../../src/kernels/wasm/arena.js";
import type { Tensor } from "../../src/tensor.js";
import { float32Ulps } from "../support/ulps.js";

const DTYPES: readonly DType[] = ["float32", "float64", "int32", "uint8", "bool"];
const SHAPE = [64, 64];
const SIZE = 64 * 64;

/** A [64, 64] tensor of `dtype` (large enough for the engine's memory, bools included): small non-negative integers, or floats of both signs. */
function operand(dtype: DType, seed: number): Tensor {
  const value = (i: number): number => {
    const k = ((i + seed) * 2654435761) >>> 0;
    return dtype === "float32" || dtype === "float64" ? ((k % 2001) - 1000) / 317 : k % 6;
  };
  return library.tensor(Array.from({ length: SIZE }, (_, i) => value(i)), { dtype }).reshape(SHAPE);
}

/** The JavaScript kernels of a rule, watched: how many times any of them ran. */
function watch(rule: BinaryRule | UnaryRule): { calls(): number; restore(): void } {
  const spies = [vi.spyOn(rule, "kernel")];
  if ("integerKernel" in rule && rule.integerKernel !== undefined) spies.push(vi.spyOn(rule as { integerKernel: BinaryRule["kernel"] }, "integerKernel"));
  return { calls: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0), restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

/** Runs `run` with the engine on (watching `rule`'s JavaScript kernels) and off: the two results and the kernels' calls. */
function both(rule: BinaryRule | UnaryRule, run: () => Tensor): { simd: Tensor; js: Tensor; calls: number } {
  const watched = watch(rule);
  let simd: Tensor;
  let calls: number;
  try {
    simd = run();
    calls = watched.calls();
  } finally {
    // (restoring also forgets the calls: counted before)
    watched.restore();
  }
  setSimdEnabled(false);
  try {
    return { simd, js: run(), calls };
  } finally {
    setSimdEnabled(true);
  }
}

/** Whether two results are the same (one float32 ulp allowed for a float32 result). */
function agree(simd: Tensor, js: Tensor): boolean {
  if (simd.dtype !== js.dtype) return false;
  const [x, y] = [simd.toTypedArray(), js.toTypedArray()];
  for (let i = 0; i < x.length; i++) {
    const [a, b] = [x[i]!, y[i]!];
    if (simd.dtype === "float32" ? float32Ulps(a, b) > 1 : !Object.is(a, b) && !(Number.isNaN(a) && Number.isNaN(b))) return false;
  }
  return true;
}

type Case = readonly [name: string, rule: BinaryRule | UnaryRule, run: () => Tensor];

/**
 * Where the engine's Math is not fdlibm's (Chromium), the float64 Math kernels are left to
 * JavaScript by design (src/kernels/simd.ts FDLIBM_KERNELS): a result never depends on which
 * kernel ran. Is this a case of theirs there?
 */
const leftToJavaScript = (rule: BinaryRule | UnaryRule, result: Tensor): boolean =>
  result.dtype === "float64" && !float64MathInSimd() && FDLIBM_KERNELS.has(`${("simd" in rule ? rule.simd : undefined) ?? rule.name}_f64`);

function check(cases: readonly Case[]): void {
  const report = cases.map(([name, rule, run]) => {
    const { simd, js, calls } = both(rule, run);
    return { name, javascript: calls > 0, agrees: agree(simd, js), byDesign: leftToJavaScript(rule, simd) };
  });
  expect(report.filter((r) => r.javascript !== r.byDesign || !r.agrees)).toEqual([]);
}

describe("every element-wise op in SIMD, for every dtype it takes", () => {
  const lib = library as unknown as Record<string, (...args: unknown[]) => Tensor>;

  it("binary ops, every pair of operand dtypes", () => {
    const cases: Case[] = [];
    for (const op of opsOf("binary")) {
      for (const [i, da] of DTYPES.entries()) {
        for (const [j, db] of DTYPES.entries()) {
          cases.push([`${op}(${da}, ${db})`, rules[op], () => lib[op]!(operand(da, i), operand(db, j + 7))]);
        }
      }
    }
    expect(cases.length).toBe(opsOf("binary").length * 25);
    check(cases);
  });

  it("unary ops and the activations without arguments, every input dtype", () => {
    const cases: Case[] = [];
    for (const op of opsOf("unary")) {
      const rule = (unaryRules as Record<string, UnaryRule>)[op] ?? (activationRules as Record<string, UnaryRule>)[op]!;
      for (const [i, dtype] of DTYPES.entries()) cases.push([`${op}(${dtype})`, rule, () => lib[op]!(operand(dtype, i))]);
    }
    check(cases);
  });

  it("gelu (both forms), leakyRelu, elu, clip and cast, every input dtype (and every target dtype of cast)", () => {
    const cases: Case[] = [];
    for (const [i, dtype] of DTYPES.entries()) {
      cases.push([`gelu(${dtype})`, geluRules.none, () => library.gelu(operand(dtype, i))]);
      cases.push([`gelu(${dtype}, tanh)`, geluRules.tanh, () => library.gelu(operand(dtype, i), { approximate: "tanh" })]);
      cases.push([`leakyRelu(${dtype})`, parameterized.leakyRelu(0.2), () => library.leakyRelu(operand(dtype, i), 0.2)]);
      cases.push([`elu(${dtype})`, parameterized.elu(0.5), () => library.elu(operand(dtype, i), 0.5)]);
      cases.push([`clip(${dtype})`, dtype === "bool" ? parameterized.clipBool(0, 1) : parameterized.clip(0, 1), () => library.clip(operand(dtype, i), 0.5, 3)]);
      for (const to of DTYPES) cases.push([`cast(${dtype} -> ${to})`, castRules[to], () => library.cast(operand(dtype, i), to)]);
    }
    check(cases);
  });
});
