/**
 * Gradient checks against central finite differences, in float64: the
 * analytic gradient of `sum(f(inputs) * w)` (w fixed random weights, so every
 * entry of the Jacobian counts) against `(L(x + h) - L(x - h)) / 2h` per
 * element of every input.
 */
import { expect } from "vitest";
import { grad } from "../../src/autodiff/grad.js";
import { mul, sum } from "../../src/index.js";
import { fromStorage, type Tensor } from "../../src/tensor.js";

/** A small deterministic generator (mulberry32): the same seed gives the same numbers everywhere. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Values = "any" | "positive" | "unit";

/**
 * A float64 tensor of `shape` with values away from the kinks the checks would
 * straddle: magnitudes in [0.1, 2] (`positive`: positive only; `unit`: in (0.1, 0.9)),
 * all different, so no two elements tie for a maximum.
 */
export function values(shape: readonly number[], seed: number, kind: Values = "any"): Tensor {
  const next = generator(seed);
  const size = shape.reduce((p, d) => p * d, 1);
  const data = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const magnitude = kind === "unit" ? 0.1 + 0.8 * next() : 0.1 + 1.9 * next();
    data[i] = kind === "any" && next() < 0.5 ? -magnitude : magnitude;
  }
  return fromStorage(data, [...shape], "float64");
}

const H = 1e-6;

function perturbed(x: Tensor, index: number, delta: number): Tensor {
  const data = Float64Array.from(x.toTypedArray() as Float64Array);
  data[index] = data[index]! + delta;
  return fromStorage(data, [...x.shape], "float64");
}

/** Checks `f`'s gradient with respect to every input; `label` names the case in a failure. */
export function checkGradient(label: string, f: (inputs: Tensor[]) => Tensor, inputs: readonly Tensor[], seed = 7, tolerance = 1e-5): void {
  const out = f([...inputs]);
  const w = values(out.shape, seed);
  const loss = (xs: Tensor[]): Tensor => sum(mul(f(xs), w) as Tensor) as Tensor;
  const analytic = grad((xs: Tensor[]) => loss(xs) as never)([...inputs] as never) as unknown as Tensor[];
  inputs.forEach((x, i) => {
    const a = analytic[i]!;
    expect(a.shape, `${label}: gradient ${i}'s shape`).toEqual(x.shape);
    expect(a.dtype, `${label}: gradient ${i}'s dtype`).toBe(x.dtype);
    const computed = a.toTypedArray() as Float64Array;
    for (let j = 0; j < x.size; j++) {
      const up = loss(inputs.map((t, k) => (k === i ? perturbed(t, j, H) : t))).item() as number;
      const down = loss(inputs.map((t, k) => (k === i ? perturbed(t, j, -H) : t))).item() as number;
      const numeric = (up - down) / (2 * H);
      const error = Math.abs(computed[j]! - numeric);
      // (the difference quotient itself is no closer than the rounding of the two losses allows:
      // a few ulps of the loss over 2H, which for a loss near 1 is 1e-9 and for a second-order
      // loss near 1e4 is 1e-5; the tolerance is added to that)
      const rounding = 8 * Number.EPSILON * Math.max(Math.abs(up), Math.abs(down)) / (2 * H);
      if (!(error <= 1e-6 + rounding + tolerance * Math.max(Math.abs(numeric), Math.abs(computed[j]!)))) {
        throw new Error(`${label}: d/d input ${i} [${j}] is ${computed[j]} but finite differences give ${numeric} (inputs ${inputs.map((t) => JSON.stringify(t.shape)).join(", ")})`);
      }
    }
  });
}
