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

describe("binary ops across dtypes and with plain numbers", () => {
  const dtypes: DType[] = ["float32", "float64", "int32", "uint8", "bool"];
  for (const name of ["add", "sub", "mul", "maximum", "less", "equal", "logicalXor"] as const) {
    it(`${name} on every pairing of dtypes`, async () => {
      for (const a of dtypes) {
        for (const b of dtypes) {
          await checkOnnx(((x: Tensor, y: Tensor) => op(name)(x, y)) as Fn, [{ shape: ["batch", 3], dtype: a }, { shape: [3], dtype: b }], {
            make: (_, shape, dtype) => randomInteger(shape, dtype),
          });
        }
      }
    });
  }
  it("integer division is true division in float32, integer mod and pow stay integers, and uint8 wraps", async () => {
    const ints = { make: (_: number, shape: number[], dtype: DType) => randomInteger(shape, dtype, 1) };
    await checkOnnx(((x: Tensor, y: Tensor) => sc.div(x, y)) as Fn, [{ shape: ["batch", 3], dtype: "int32" }, { shape: [3], dtype: "int32" }], ints);
    await checkOnnx(((x: Tensor, y: Tensor) => sc.mod(sc.neg(x), y)) as Fn, [{ shape: ["batch", 3], dtype: "int32" }, { shape: [3], dtype: "int32" }], ints);
    await checkOnnx(((x: Tensor, y: Tensor) => sc.pow(x, y)) as Fn, [{ shape: ["batch", 3], dtype: "int32" }, { shape: [3], dtype: "int32" }], ints);
    await checkOnnx(((x: Tensor, y: Tensor) => sc.mul(sc.add(x, y), 100)) as Fn, [{ shape: ["batch", 3], dtype: "uint8" }, { shape: [3], dtype: "uint8" }], ints);
  });
  it("floor mod of floats takes the divisor's sign", async () => {
    await checkOnnx(((x: Tensor) => sc.mod(x, -0.75)) as Fn, [{ shape: ["batch", 4] }]);
    await checkOnnx(((x: Tensor, y: Tensor) => sc.mod(x, y)) as Fn, [{ shape: ["batch", 4], dtype: "float64" }, { shape: [4], dtype: "float64" }]);
  });
  it("plain numbers on either side take the op's dtype", async () => {
    await checkOnnx(((x: Tensor) => sc.sub(2.5, sc.mul(x, 3))) as Fn, [{ shape: ["batch", 2] }]);
    await checkOnnx(((x: Tensor) => sc.add(x, 2.5)) as Fn, [{ shape: ["batch", 2], dtype: "int32" }]);
    await checkOnnx(((x: Tensor) => sc.greater(x, 1)) as Fn, [{ shape: ["batch", 2], dtype: "uint8" }], { make: (_, shape, dtype) => randomInteger(shape, dtype) });
  });
});

describe("where, unary ops, activations, clip and cast", () => {
  it("where with a bool, a float and an int condition, and numbers for a and b", async () => {
    await checkOnnx(((c: Tensor, a: Tensor, b: Tensor) => sc.where(c, a, b)) as Fn, [{ shape: ["batch", 3], dtype: "bool" }, { shape: [3] }, { shape: ["batch", 1], dtype: "int32" }], {
      make: (_, shape, dtype) => randomInteger(shape, dtype),
    });
    await checkOnnx(((c: Tensor) => sc.where(c, 1.5, -2)) as Fn, [{ shape: ["batch", 3] }]);
  });
  const unaries = ["neg", "abs", "sign", "sqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "round", "erf", "silu", "softplus", "logSigmoid", "isNaN", "isFinite", "gelu", "leakyRelu", "elu", "clone"] as const;
  for (const name of unaries) {
    it(`${name} on float32, float64 and int32`, async () => {
      for (const dtype of ["float32", "float64", "int32"] as const) {
        const make = name === "sqrt" || name === "log" ? positive : (_: number, shape: number[], d: DType) => (d === "int32" ? randomInteger(shape, d) : undefined);
        await checkOnnx(((x: Tensor) => op(name)(x.mul(name === "round" ? 2.5 : 4))) as Fn, [{ shape: ["batch", 5], dtype }], { make });
      }
    });
  }
  it("activations with options, gelu's two forms before and from opset 20, and non-finite values", async () => {
    for (const opset of [17, 20]) {
      await checkOnnx(((x: Tensor) => sc.gelu(x.mul(3))) as Fn, [{ shape: ["batch", 4] }], { opset });
      await checkOnnx(((x: Tensor) => sc.gelu(x.mul(3), { approximate: "tanh" })) as Fn, [{ shape: ["batch", 4] }], { opset });
    }
    await checkOnnx(((x: Tensor) => [sc.leakyRelu(x, 0.2), sc.elu(x, 0.5)]) as Fn, [{ shape: ["batch", 4] }]);
    const special = sc.tensor([[Number.NaN, Infinity, -Infinity, 0, -2.5, 40]]);
    await checkOnnx(((x: Tensor) => [sc.isNaN(x), sc.isFinite(x), sc.softplus(x), sc.logSigmoid(x), sc.relu(x), sc.sign(x)]) as Fn, [special]);
  });
  it("clip on floats, on integers with fractional bounds (truncated, as shapecast stores them), and on bools", async () => {
    await checkOnnx(((x: Tensor) => sc.clip(x, -0.5, 0.25)) as Fn, [{ shape: ["batch", 6] }]);
    for (const [low, high] of [[-1.5, 2.5], [0.2, 0.8], [-3.7, -1.5], [1, 3]] as const) {
      await checkOnnx(((x: Tensor) => sc.clip(sc.sub(x, 2), low, high)) as Fn, [{ shape: ["batch", 6], dtype: "int32" }], { make: (_, shape, dtype) => randomInteger(shape, dtype) });
    }
    await checkOnnx(((x: Tensor) => sc.clip(x, 0, 0.5)) as Fn, [{ shape: ["batch", 6], dtype: "bool" }], { make: (_, shape, dtype) => randomInteger(shape, dtype) });
  });
  it("cast between every pair of dtypes (floats to integers truncate toward zero)", async () => {
    const dtypes: DType[] = ["float32", "float64", "int32", "uint8", "bool"];
    for (const from of dtypes) {
      await checkOnnx(((x: Tensor) => dtypes.map((to) => sc.cast(from === "float32" || from === "float64" ? x.mul(7) : x, to))) as Fn, [{ shape: ["batch", 4], dtype: from }], {
        make: (_, shape, dtype) => (dtype === "float32" || dtype === "float64" ? undefined : randomInteger(shape, dtype)),
      });
    }
  });
});

/** Small integers (from `low`) in `dtype`, varied: uint8 and bool stay in range. */
function randomInteger(shape: number[], dtype: DType, low = 0): Tensor {
  const floats = sc.random(shape, { seed: shape.reduce((p, d) => p * 31 + d, 7) });
  if (dtype === "float32" || dtype === "float64") return floats.sub(0.5).mul(8).cast(dtype);
  if (dtype === "bool") return floats.greater(0.5);
  return floats.mul(6).floor().add(low).cast(dtype);
}
