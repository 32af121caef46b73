/**
 * Fuzz: random traced programs exported to ONNX and run in ONNX Runtime (onnxruntime-node) at two
 * batch sizes, neither of them a size the export traced at, against shapecast's own results; and
 * the same programs with a value read-out put in at a random step, whose export must be refused
 * with the read-out's own error. A program is a list of steps over its inputs (a float32 or
 * float64 [batch, n] tensor, and an int32 [batch] tensor of row indices), captured weights and
 * earlier values: element-wise unary and binary ops with broadcasting and plain numbers,
 * reductions kept and broadcast back, matmul, softmax, concat and slice, views there and back,
 * where, gather, cast. Node only (onnxruntime-node).
 */
import fc from "fast-check";
import * as lib from "shapecast";
import { type Tensor } from "shapecast";
import { toNpz } from "shapecast/npz";
import { exportOnnx, onnxSession } from "shapecast/onnx";
import { describe } from "vitest";
import { fail, show } from "./support/check.js";
import { fuzzAsync, fuzz } from "./support/run.js";

type Op = (...args: unknown[]) => Tensor;
const op = (name: string): Op => (lib as unknown as Record<string, Op>)[name]!;

type Ref = { readonly input: boolean } | { readonly value: number } | { readonly weight: number } | { readonly number: number };

interface Step {
  readonly kind: string;
  readonly a: Ref;
  readonly b: Ref;
  readonly n: number;
}

interface Program {
  readonly n: number;
  readonly dtype: "float32" | "float64";
  readonly steps: readonly Step[];
  readonly seed: number;
}

const KINDS = [
  "exp", "tanh", "sigmoid", "relu", "neg", "abs", "sqrt", "log", "sin", "floor", "erf", "softplus",
  "add", "sub", "mul", "div", "maximum", "minimum", "pow", "where",
  "sumKept", "meanKept", "maxKept", "minKept", "matmul", "softmax", "logSoftmax", "concatSlice", "transposeBack", "reshapeBack", "expandSqueeze", "gather", "castBack", "cumsum",
];

const refArb: fc.Arbitrary<Ref> = fc.oneof(
  { arbitrary: fc.constant({ input: true }), weight: 3 },
  { arbitrary: fc.nat(5).map((value) => ({ value })), weight: 4 },
  { arbitrary: fc.nat(1).map((weight) => ({ weight })), weight: 2 },
  { arbitrary: fc.constantFrom(-2, -0.5, 0.5, 1, 3).map((number) => ({ number })), weight: 1 },
);

const programArb: fc.Arbitrary<Program> = fc.record({
  n: fc.integer({ min: 1, max: 4 }),
  dtype: fc.constantFrom("float32" as const, "float64" as const),
  steps: fc.array(fc.record({ kind: fc.constantFrom(...KINDS), a: refArb, b: refArb, n: fc.nat(7) }), { minLength: 1, maxLength: 6 }),
  seed: fc.nat(),
});

/** Deterministic values in [-2, 2] of `shape`, in `dtype`. */
function valuesOf(shape: readonly number[], seed: number, dtype: "float32" | "float64"): Tensor {
  let s = seed >>> 0 || 1;
  const size = shape.reduce((p, d) => p * d, 1);
  const data = Array.from({ length: size }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.round(((s >>> 8) / 2 ** 24) * 400 - 200) / 100;
  });
  return lib.tensor(data, [...shape] as never, { dtype }) as unknown as Tensor;
}

/**
 * The program as a function of its inputs: `x` [batch, n] and `rows` [batch] (int32, each < 3).
 * `readOut`, when given, is called on the value of step `at`, as a user's read-out would be.
 */
function programOf(p: Program, readOut?: { readonly at: number; readonly read: (t: Tensor) => unknown }): (x: Tensor, rows: Tensor) => Tensor {
  const weights = [valuesOf([p.n], p.seed, p.dtype), valuesOf([p.n, p.n], p.seed + 1, p.dtype)];
  const table = valuesOf([3, p.n], p.seed + 2, p.dtype);
  return (x, rows) => {
    const values: Tensor[] = [];
    const read = (r: Ref): Tensor | number => {
      if ("input" in r) return x;
      if ("value" in r) return values[r.value % Math.max(values.length, 1)] ?? x;
      // a captured weight [n], broadcast against x: every value is [batch, n]
      if ("weight" in r) return op("add")(op("mul")(x, 0.5), weights[0]!);
      return r.number;
    };
    const tensorOf = (v: Tensor | number): Tensor => (typeof v === "number" ? op("add")(x, v) : v);
    const positive = (v: Tensor | number): Tensor => op("add")(op("abs")(tensorOf(v)), 0.5);
    for (const [i, step] of p.steps.entries()) {
      const b = read(step.b);
      const a = typeof b === "number" ? tensorOf(read(step.a)) : read(step.a);
      const t = tensorOf(a);
      const axis = step.n % 2;
      let value: Tensor;
      switch (step.kind) {
        case "sqrt":
        case "log":
          value = op(step.kind)(positive(t));
          break;
        case "div":
          value = op("div")(a, positive(b));
          break;
        case "pow":
          value = op("pow")(positive(a), [-1, 0, 0.5, 2, 3][step.n % 5]!);
          break;
        case "where":
          value = op("where")(op("greater")(t, 0), a, b);
          break;
        case "add":
        case "sub":
        case "mul":
        case "maximum":
        case "minimum":
          value = op(step.kind)(a, b);
          break;
        case "sumKept":
        case "meanKept":
        case "maxKept":
        case "minKept":
          // broadcast back by an op (t.shape holds the example's batch, a number baked in)
          value = op("where")(op("isNaN")(t), 0, op(step.kind.slice(0, -4))(t, axis, { keepDims: true }));
          break;
        case "matmul":
          value = op("matmul")(t, weights[1]!);
          break;
        case "softmax":
        case "logSoftmax":
          value = op(step.kind)(t, -1);
          break;
        case "concatSlice":
          // along the fixed axis (a slice along the batch would bake the example's batch in)
          value = op("slice")(op("concat")([t, tensorOf(b)], 1), null, { start: step.n % 2 === 0 ? 0 : p.n, stop: step.n % 2 === 0 ? p.n : 2 * p.n });
          break;
        case "transposeBack":
          value = op("transpose")(op("tanh")(op("transpose")(t)));
          break;
        case "reshapeBack":
          value = op("reshape")(op("sin")(op("reshape")(t, [-1])), [-1, p.n]);
          break;
        case "expandSqueeze":
          value = op("squeeze")(op("exp")(op("expandDims")(op("mul")(t, 0.25), axis)), axis);
          break;
        case "gather":
          value = op("add")(t, op("gather")(table, rows, 0));
          break;
        case "castBack":
          value = op("cast")(op("cast")(op("mul")(t, 10), "int32"), p.dtype);
          break;
        case "cumsum":
          value = op("cumsum")(t, 1);
          break;
        default:
          value = op(step.kind)(t);
      }
      // (read from a tensor computed from x whatever the step read: a constant's values may be read)
      if (readOut?.at === i) readOut.read(op("add")(value, x));
      values.push(value);
    }
    return values[values.length - 1]!;
  };
}

const code = (p: Program): string =>
  `x: ${p.dtype} [batch, ${p.n}], rows: int32 [batch], weights from seed ${p.seed}\n` + p.steps.map((s, i) => `v${i} = ${s.kind}(${show(s.a)}, ${show(s.b)}, n=${s.n})`).join("\n");

/** Compares ONNX Runtime's output with shapecast's: floats to 1e-5 of the larger of each magnitude and the mean, non-finite ones exactly. */
function compare(what: string, got: Tensor, want: Tensor): void {
  if (got.dtype !== want.dtype || show(got.shape) !== show(want.shape)) fail(`${what}\n  ONNX Runtime gives ${got.dtype} ${show(got.shape)}, shapecast ${want.dtype} ${show(want.shape)}`);
  const g = Array.from(got.toTypedArray() as ArrayLike<number>);
  const w = Array.from(want.toTypedArray() as ArrayLike<number>);
  const finite = w.filter(Number.isFinite);
  const scale = finite.reduce((sum, v) => sum + Math.abs(v), 0) / Math.max(finite.length, 1);
  w.forEach((v, i) => {
    if (!Number.isFinite(v)) {
      if (!(Object.is(g[i], v) || (Number.isNaN(g[i]) && Number.isNaN(v)))) fail(`${what}\n  element ${i}: ONNX Runtime gives ${g[i]}, shapecast ${v}`);
      return;
    }
    // (the tolerance test/onnx/harness.ts and the README state: 1e-5 relative, float64 too, since ONNX
    // Runtime computes some float64 ops, Erf among them, to float32's precision)
    const allowed = 1e-5 * Math.max(Math.abs(v), scale, 1e-6);
    if (!(Math.abs(g[i]! - v) <= allowed)) fail(`${what}\n  element ${i}: ONNX Runtime gives ${g[i]}, shapecast ${v} (difference ${Math.abs(g[i]! - v)}, allowed ${allowed})`);
  });
}

const SPECS = (p: Program) => [{ shape: ["batch", p.n], dtype: p.dtype }, { shape: ["batch"], dtype: "int32" }] as const;

const READ_OUTS: readonly (readonly [string, string, (t: Tensor) => unknown])[] = [
  ["x.item()", "max(v).item()", (t) => op("max")(t).item()],
  ["x.get()", "v.get(0, 0)", (t) => t.get(...t.shape.map(() => 0))],
  ["x.toArray()", "v.toArray()", (t) => t.toArray()],
  ["x.toTypedArray()", "v.toTypedArray()", (t) => t.toTypedArray()],
  ["x.data", "v.data[0]", (t) => t.data[0]],
  ["x.toJSON() (JSON.stringify)", "JSON.stringify(v)", (t) => JSON.stringify(t)],
  ["toNpy(x)", "toNpy(v)", (t) => lib.toNpy(t)],
  ["saveSafetensors", "saveSafetensors({ v })", (t) => lib.saveSafetensors({ v: t })],
  ["toNpy(x)", "toNpz({ v })", (t) => toNpz({ v: t })],
  ["Tensor.from(x)", "Tensor.from(v)", (t) => lib.Tensor.from(t)],
];

describe("fuzz: ONNX export", () => {
  fuzzAsync("onnx/run", programArb, async (p) => {
    const what = code(p);
    const fn = programOf(p);
    let run: { (...args: Tensor[]): Promise<unknown>; release(): Promise<void> };
    try {
      run = (await onnxSession(fn as never, SPECS(p) as never)) as never;
    } catch (error) {
      return fail(`${what}\n  the export failed: ${(error as Error).message}`);
    }
    try {
      for (const batch of [2, 7]) {
        const x = valuesOf([batch, p.n], p.seed + batch, p.dtype);
        const rows = lib.tensor(Array.from({ length: batch }, (_, i) => (i * 7 + p.seed) % 3), { dtype: "int32" }) as unknown as Tensor;
        const want = fn(x, rows);
        const got = (await run(x, rows)) as Tensor;
        compare(`${what}\nat batch ${batch}`, got, want);
      }
    } finally {
      await run.release();
    }
  });

  fuzz("onnx/read-outs-refused", fc.tuple(programArb, fc.nat(), fc.nat(READ_OUTS.length - 1)), ([p, at, which]) => {
    const [name, written, read] = READ_OUTS[which]!;
    const step = at % p.steps.length;
    const what = `${code(p)}\nwith ${written} read from v = add(v${step}, x)`;
    let error: unknown;
    try {
      exportOnnx(programOf(p, { at: step, read }) as never, SPECS(p) as never);
    } catch (caught) {
      error = caught;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof TypeError) || !message.startsWith(`exportOnnx: ${name} reads the values of a tensor computed from the function's inputs`)) {
      fail(`${what}\n  expected exportOnnx's TypeError naming ${name}, got ${error === undefined ? "a model" : message}`);
    }
  });
});
