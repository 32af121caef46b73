/**
 * Checking an export for real: `checkOnnx(fn, inputs, { sizes })` exports
 * `fn`, opens an ONNX Runtime session on the model (onnxruntime-node, or the
 * `runtime` option's module, e.g. onnxruntime-web; no mocks), and for each assignment of the symbolic sizes (two by default)
 * runs both engines on the same random inputs and compares every output:
 * structure, dtype, shape and values.
 *
 * Values: integers and bools exactly; floats to 1e-5 relative, each element
 * against the larger of its own magnitude and the output's mean magnitude
 * (so an element that cancels to near zero is held to the scale of its
 * neighbours, not to zero), NaN where NaN.
 */
import { expect } from "vitest";
import { type DType, randn, Tensor, tensor } from "shapecast";
import { onnxSession, type OnnxSessionOptions } from "shapecast/onnx";

export interface CheckOptions extends OnnxSessionOptions {
  /** The symbolic sizes to run at, one record per run (default: two runs, each name at 2 and 5 plus its index). */
  readonly sizes?: readonly Readonly<Record<string, number>>[];
  /** The example input of argument `index` for a run: by default normal floats, and zeros for integers and bools. */
  readonly make?: (index: number, shape: number[], dtype: DType) => Tensor | undefined;
  /** The relative tolerance (1e-5). */
  readonly tolerance?: number;
}

type Spec = { readonly shape: readonly (number | string | null)[]; readonly dtype?: DType } | Tensor;

let seed = 1;

/** A tensor of `shape` and `dtype` with values ONNX and shapecast read alike. */
export function randomInput(shape: number[], dtype: DType): Tensor {
  const floats = randn(shape, { seed: seed++, dtype: dtype === "float64" ? "float64" : "float32" });
  if (dtype === "float32" || dtype === "float64") return floats;
  return floats.mul(3).round().abs().clip(0, 5).cast(dtype);
}

function compare(label: string, actual: unknown, expected: unknown, tolerance: number): void {
  if (expected instanceof Tensor) {
    expect(actual, label).toBeInstanceOf(Tensor);
    const a = actual as Tensor;
    expect(a.dtype, `${label} dtype`).toBe(expected.dtype);
    expect([...a.shape], `${label} shape`).toEqual([...expected.shape]);
    const got = Array.from(a.toTypedArray() as ArrayLike<number>);
    const want = Array.from(expected.toTypedArray() as ArrayLike<number>);
    if (expected.dtype !== "float32" && expected.dtype !== "float64") {
      expect(got, `${label} values`).toEqual(want);
      return;
    }
    const finite = want.filter(Number.isFinite);
    const scale = finite.reduce((s, v) => s + Math.abs(v), 0) / Math.max(finite.length, 1);
    want.forEach((w, i) => {
      const g = got[i]!;
      if (Number.isNaN(w) || !Number.isFinite(w)) {
        expect(Object.is(g, w) || (Number.isNaN(g) && Number.isNaN(w)), `${label}[${i}]: got ${g}, want ${w}`).toBe(true);
        return;
      }
      const allowed = tolerance * Math.max(Math.abs(w), scale);
      if (!(Math.abs(g - w) <= allowed)) expect.fail(`${label}[${i}]: ONNX Runtime gives ${g}, shapecast ${w} (difference ${Math.abs(g - w)}, allowed ${allowed})`);
    });
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), `${label} is an array`).toBe(true);
    expect((actual as unknown[]).length).toBe(expected.length);
    expected.forEach((e, i) => compare(`${label}[${i}]`, (actual as unknown[])[i], e, tolerance));
    return;
  }
  const record = expected as Record<string, unknown>;
  expect(Object.keys(actual as object)).toEqual(Object.keys(record));
  for (const key of Object.keys(record)) compare(`${label}.${key}`, (actual as Record<string, unknown>)[key], record[key], tolerance);
}

/**
 * Exports `fn` on `inputs`, runs it in ONNX Runtime at each size assignment,
 * and expects the same outputs as shapecast's. Returns the model's bytes.
 */
export async function checkOnnx(fn: (...args: never[]) => unknown, inputs: readonly Spec[], options: CheckOptions = {}): Promise<Uint8Array> {
  const { sizes, make, tolerance = 1e-5, ...exportOptions } = options;
  const run = await onnxSession(fn as never, inputs as never, exportOptions);
  try {
    const names = [...new Set(inputs.flatMap((s) => (s instanceof Tensor ? [] : s.shape.filter((d): d is string => typeof d === "string"))))];
    const runs = sizes ?? [Object.fromEntries(names.map((n, i) => [n, 2 + i])), Object.fromEntries(names.map((n, i) => [n, 5 + i]))];
    for (const assignment of runs) {
      const args = inputs.map((spec, index) => {
        if (spec instanceof Tensor) return spec;
        const shape = spec.shape.map((d) => (typeof d === "number" ? d : d === null ? 3 : assignment[d]!));
        const dtype = spec.dtype ?? "float32";
        return make?.(index, shape, dtype) ?? (dtype === "float32" || dtype === "float64" ? randomInput(shape, dtype) : tensor(new (dtype === "int32" ? Int32Array : Uint8Array)(shape.reduce((p, d) => p * d, 1)), shape, { dtype }));
      });
      const expected = (fn as (...a: unknown[]) => unknown)(...args);
      const actual = await (run as unknown as (...a: unknown[]) => Promise<unknown>)(...args);
      compare(`output at ${JSON.stringify(assignment)}`, actual, expected, tolerance);
    }
    return run.model;
  } finally {
    await run.release();
  }
}
