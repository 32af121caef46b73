/**
 * Reductions exported to ONNX and run by ONNX Runtime: sum, prod, mean, max,
 * min, any, all, argmax, argmin, variance, std, logSumExp over every kind of
 * axis argument (omitted, one, negative, several, an empty list) with and
 * without keepDims; softmax and logSoftmax; cumsum and cumprod with
 * exclusive and reverse; the losses. Inputs have a symbolic batch size, run
 * at two sizes (test/onnx/harness.ts); a few cases at opsets 18 to 21, where
 * the Reduce* ops take their axes as an input.
 */
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import { type DType, type Tensor } from "shapecast";
import { exportOnnx } from "shapecast/onnx";
import { checkOnnx, randomInput } from "./harness.js";

type Fn = (...args: never[]) => unknown;
type Make = (index: number, shape: number[], dtype: DType) => Tensor | undefined;
const op = (name: string): ((...args: unknown[]) => Tensor) => (sc as unknown as Record<string, (...args: unknown[]) => Tensor>)[name]!;
const unary = (name: string, ...rest: unknown[]): Fn => ((x: Tensor) => op(name)(x, ...rest)) as Fn;

/** Random values for every dtype (the harness's default for integers and bools is zeros). */
const random: Make = (_, shape, dtype) => randomInput(shape, dtype);

/** Values from a list, repeated (in a scrambled order) to fill the shape; for bool, their truthiness. */
const cycling = (values: readonly number[]): Make => (_, shape, dtype) => {
  const size = shape.reduce((p, d) => p * d, 1);
  const data = Array.from({ length: size }, (_, i) => values[(i * 7 + shape.length) % values.length]!).map((v) => (dtype === "bool" ? Number(v !== 0) : v));
  return sc.tensor(dtype === "float64" ? Float64Array.from(data) : dtype === "int32" ? Int32Array.from(data) : dtype === "float32" ? Float32Array.from(data) : Uint8Array.from(data), shape, { dtype } as never) as Tensor;
};

const AXES: readonly [string, unknown, object | undefined][] = [
  ["all axes", undefined, undefined],
  ["one axis", 1, undefined],
  ["a negative axis", -1, undefined],
  ["the symbolic axis", 0, undefined],
  ["several axes", [0, 2], undefined],
  ["several axes, keepDims", [2, 0], { keepDims: true }],
  ["one axis, keepDims", -2, { keepDims: true }],
  ["all axes, keepDims", undefined, { keepDims: true }],
];

describe("sum, prod, mean, max and min", () => {
  for (const name of ["sum", "prod", "mean", "max", "min"]) {
    for (const [label, axis, options] of AXES) {
      it(`${name}: ${label}, float32 [batch, 3, 4]`, async () => {
        await checkOnnx(unary(name, axis, options), [{ shape: ["batch", 3, 4] }]);
      });
    }
    for (const dtype of ["int32", "uint8", "bool", "float64"] as const) {
      it(`${name}: ${dtype}, one axis and all axes`, async () => {
        await checkOnnx(unary(name, 1), [{ shape: ["batch", 3, 4], dtype }], { make: random });
        await checkOnnx(unary(name), [{ shape: ["batch", 3], dtype }], { make: random });
      });
    }
    it(`${name}: an empty list of axes and a scalar fold each element alone`, async () => {
      await checkOnnx(unary(name, []), [{ shape: ["batch", 3] }]);
      await checkOnnx(unary(name, [], { keepDims: true }), [{ shape: ["batch", 3], dtype: "int32" }], { make: random });
      await checkOnnx(unary(name), [{ shape: [] }]);
    });
  }
  it("int32 sums and products wrap modulo 2^32 as shapecast's (ONNX Runtime's int32 reductions saturate)", async () => {
    const big: Make = (_, shape) => sc.full(shape, 80_000, "int32") as Tensor;
    await checkOnnx(unary("sum"), [{ shape: ["batch", 30_000], dtype: "int32" }], { make: big });
    await checkOnnx(unary("sum", 1), [{ shape: ["batch", 30_000], dtype: "int32" }], { make: big });
    await checkOnnx(unary("cumsum", 1), [{ shape: ["batch", 30_000], dtype: "int32" }], { make: big });
    // over fixed axes: a tree of int32 products, exact for any product
    await checkOnnx(unary("prod", -1), [{ shape: ["batch", 40], dtype: "int32" }], { make: cycling([3, 7, 11, 13, 2, -5]) });
    await checkOnnx(unary("prod", [1, 2], { keepDims: true }), [{ shape: ["batch", 5, 7], dtype: "int32" }], { make: cycling([3, 7, 11, 13, 2, -5]) });
    await checkOnnx(unary("prod"), [{ shape: [5, 9], dtype: "int32" }], { make: cycling([3, 7, 11, 13, 2, -5]) });
    // over a symbolic axis: ReduceProd in int64, exact while the product stays below 2^53
    await checkOnnx(unary("prod", 0), [{ shape: ["batch", 3], dtype: "int32" }], { make: (_, shape) => sc.full(shape, -1000, "int32") as Tensor });
  });
});

describe("any and all", () => {
  for (const name of ["any", "all"]) {
    for (const [label, axis, options] of AXES) {
      it(`${name}: ${label}, bool [batch, 3, 4]`, async () => {
        await checkOnnx(unary(name, axis, options), [{ shape: ["batch", 3, 4], dtype: "bool" }], { make: random });
      });
    }
    it(`${name}: float truthiness (NaN true, -0 false), int32 and uint8`, async () => {
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 3] }], { make: cycling([0, -0, Number.NaN, 0, 0, 2.5, -1]) });
      await checkOnnx(unary(name, 1), [{ shape: ["batch", 2] }], { make: cycling([1, 2, 0.5, -3]) });
      await checkOnnx(unary(name, 0), [{ shape: ["batch", 4], dtype: "int32" }], { make: random });
      await checkOnnx(unary(name, [0, 1], { keepDims: true }), [{ shape: ["batch", 4], dtype: "uint8" }], { make: random });
    });
    it(`${name}: all-true and all-false inputs, and opsets 18 and 20`, async () => {
      await checkOnnx(unary(name, 1), [{ shape: ["batch", 3], dtype: "bool" }], { make: (_, shape) => sc.ones(shape, "bool") as Tensor });
      await checkOnnx(unary(name, 1), [{ shape: ["batch", 3], dtype: "bool" }], { make: (_, shape) => sc.zeros(shape, "bool") as Tensor });
      await checkOnnx(unary(name, [1]), [{ shape: ["batch", 3], dtype: "bool" }], { make: random, opset: 18 });
      await checkOnnx(unary(name), [{ shape: ["batch", 3] }], { make: cycling([0, 1, 2]), opset: 20 });
    });
  }
});

describe("argmax and argmin", () => {
  for (const name of ["argmax", "argmin"]) {
    for (const [label, axis, options] of AXES) {
      it(`${name}: ${label}, float32 [batch, 3, 4]`, async () => {
        await checkOnnx(unary(name, axis, options), [{ shape: ["batch", 3, 4] }]);
      });
    }
    it(`${name}: trailing axes, and axes around a kept one`, async () => {
      await checkOnnx(unary(name, [1, 2]), [{ shape: ["batch", 3, 4] }]);
      await checkOnnx(unary(name, [0, 2], { keepDims: true }), [{ shape: [3, "batch", 4] }]);
      await checkOnnx(unary(name, [1, 3]), [{ shape: ["batch", 3, 2, 4] }]);
    });
    for (const dtype of ["int32", "uint8", "bool", "float64"] as const) {
      it(`${name}: ${dtype}, ties go to the first index`, async () => {
        await checkOnnx(unary(name, -1), [{ shape: ["batch", 6], dtype }], { make: random });
        await checkOnnx(unary(name), [{ shape: ["batch", 3], dtype }], { make: random });
        await checkOnnx(unary(name, [0, 1], { keepDims: true }), [{ shape: ["batch", 3], dtype }], { make: random });
      });
    }
    it(`${name}: a scalar and an empty list of axes give index 0`, async () => {
      await checkOnnx(unary(name), [{ shape: [] }]);
      await checkOnnx(unary(name, []), [{ shape: ["batch", 2] }]);
    });
  }
});

describe("variance and std", () => {
  for (const name of ["variance", "std"]) {
    for (const [label, axis, options] of AXES) {
      it(`${name}: ${label}, float32 [batch, 3, 4]`, async () => {
        await checkOnnx(unary(name, axis, options), [{ shape: ["batch", 3, 4] }]);
      });
    }
    it(`${name}: ddof over fixed and symbolic counts`, async () => {
      await checkOnnx(unary(name, 1, { ddof: 1 }), [{ shape: ["batch", 3, 4] }]);
      await checkOnnx(unary(name, 0, { ddof: 1 }), [{ shape: ["batch", 3] }]);
      await checkOnnx(unary(name, undefined, { ddof: 2, keepDims: true }), [{ shape: ["batch", 3, 4] }]);
      await checkOnnx(unary(name, [0, -1], { ddof: 1 }), [{ shape: ["batch", 3, 2] }], { opset: 18 });
    });
    it(`${name}: ddof at least the count divides by 0 (Infinity, or NaN for equal elements)`, async () => {
      await checkOnnx(unary(name, 1, { ddof: 3 }), [{ shape: ["batch", 3] }]);
      await checkOnnx(unary(name, 1, { ddof: 4 }), [{ shape: ["batch", 3] }], { make: cycling([1.5]) });
      await checkOnnx(unary(name, 0, { ddof: 9 }), [{ shape: ["batch", 3] }]);
    });
    it(`${name}: int32, uint8, bool and float64 inputs`, async () => {
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 5], dtype: "int32" }], { make: random });
      await checkOnnx(unary(name, 0), [{ shape: ["batch", 5], dtype: "uint8" }], { make: random });
      await checkOnnx(unary(name), [{ shape: ["batch", 5], dtype: "bool" }], { make: random });
      await checkOnnx(unary(name, [0, 1], { ddof: 1 }), [{ shape: ["batch", 5], dtype: "float64" }]);
    });
    it(`${name}: a scalar and an empty list of axes`, async () => {
      await checkOnnx(unary(name), [{ shape: [] }]);
      await checkOnnx(unary(name, []), [{ shape: ["batch", 2] }]);
    });
  }
});

describe("logSumExp", () => {
  for (const [label, axis, options] of AXES) {
    it(`${label}, float32 [batch, 3, 4]`, async () => {
      await checkOnnx(unary("logSumExp", axis, options), [{ shape: ["batch", 3, 4] }]);
    });
  }
  it("large values do not overflow, and infinities give shapecast's answer", async () => {
    await checkOnnx(unary("logSumExp", -1), [{ shape: ["batch", 3] }], { make: cycling([1000, 999, -1000, 1001.5]) });
    await checkOnnx(unary("logSumExp", -1), [{ shape: ["batch", 4] }], { make: cycling([-Infinity]) });
    await checkOnnx(unary("logSumExp", -1), [{ shape: ["batch", 4] }], { make: cycling([Infinity, 1, -Infinity, 2]) });
    await checkOnnx(unary("logSumExp", -1), [{ shape: ["batch", 4] }], { make: cycling([-Infinity, 1, -Infinity, 2, -Infinity]) });
  });
  it("int32 and float64 inputs, a scalar, opsets 18 and 21", async () => {
    await checkOnnx(unary("logSumExp", 1), [{ shape: ["batch", 3], dtype: "int32" }], { make: random });
    await checkOnnx(unary("logSumExp", [0, 1]), [{ shape: ["batch", 3], dtype: "float64" }]);
    await checkOnnx(unary("logSumExp"), [{ shape: [] }]);
    await checkOnnx(unary("logSumExp", [0, 2], { keepDims: true }), [{ shape: ["batch", 3, 4] }], { opset: 18 });
    await checkOnnx(unary("logSumExp", 1), [{ shape: ["batch", 3, 4] }], { opset: 21 });
  });
});

describe("the Reduce* ops at opset 18 and later (axes as an input)", () => {
  for (const opset of [18, 19, 20, 21]) {
    it(`opset ${opset}: sum, prod, mean, max, min over one axis and several`, async () => {
      for (const name of ["sum", "prod", "mean", "max", "min"]) {
        await checkOnnx(unary(name, -1), [{ shape: ["batch", 3, 4] }], { opset });
        await checkOnnx(unary(name, [0, 2], { keepDims: true }), [{ shape: ["batch", 3, 4] }], { opset });
      }
      await checkOnnx(unary("max", 0), [{ shape: ["batch", 3], dtype: "bool" }], { opset, make: random });
      await checkOnnx(unary("variance", [0, 1]), [{ shape: ["batch", 3, 4] }], { opset });
      await checkOnnx(unary("argmin", [1, 2]), [{ shape: ["batch", 3, 4] }], { opset });
    });
  }
});

describe("softmax and logSoftmax", () => {
  for (const name of ["softmax", "logSoftmax"]) {
    it(`${name}: the last axis by default, a middle axis, the symbolic axis`, async () => {
      await checkOnnx(unary(name), [{ shape: ["batch", 3, 4] }]);
      await checkOnnx(unary(name, 1), [{ shape: ["batch", 3, 4] }]);
      await checkOnnx(unary(name, -3), [{ shape: ["batch", 3, 4] }]);
      await checkOnnx(unary(name, 0), [{ shape: ["batch"] }]);
    });
    it(`${name}: int32 and float64 inputs, large values, opset 18`, async () => {
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 5], dtype: "int32" }], { make: random });
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 5], dtype: "float64" }]);
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 4] }], { make: cycling([1000, 998, -5, 1001]) });
      await checkOnnx(unary(name, 1), [{ shape: ["batch", 3, 4] }], { opset: 18 });
    });
  }
});

const SCANS: readonly [string, unknown, object | undefined][] = [
  ["axis 1", 1, undefined],
  ["a negative axis", -1, undefined],
  ["exclusive", 1, { exclusive: true }],
  ["reverse", -1, { reverse: true }],
  ["exclusive and reverse", 2, { exclusive: true, reverse: true }],
];

describe("cumsum", () => {
  for (const [label, axis, options] of SCANS) {
    it(`${label}, float32 [batch, 3, 5]`, async () => {
      await checkOnnx(unary("cumsum", axis, options), [{ shape: ["batch", 3, 5] }]);
    });
  }
  it("along the symbolic axis, and flattened (no axis)", async () => {
    await checkOnnx(unary("cumsum", 0), [{ shape: ["batch", 3] }]);
    await checkOnnx(unary("cumsum", 0, { exclusive: true, reverse: true }), [{ shape: ["batch", 3] }]);
    await checkOnnx(unary("cumsum"), [{ shape: ["batch", 3, 2] }]);
    await checkOnnx(unary("cumsum", undefined, { reverse: true }), [{ shape: ["batch", 3] }]);
    await checkOnnx(unary("cumsum"), [{ shape: [] }]);
  });
  for (const dtype of ["int32", "uint8", "bool", "float64"] as const) {
    it(`${dtype} input (bool and uint8 accumulate in int32)`, async () => {
      await checkOnnx(unary("cumsum", 1), [{ shape: ["batch", 4], dtype }], { make: random });
      await checkOnnx(unary("cumsum", 0, { exclusive: true }), [{ shape: ["batch", 4], dtype }], { make: random });
    });
  }
});

describe("cumprod", () => {
  for (const [label, axis, options] of SCANS) {
    it(`${label}, float32 [batch, 3, 5]`, async () => {
      await checkOnnx(unary("cumprod", axis, options), [{ shape: ["batch", 3, 5] }]);
    });
  }
  it("axis sizes 1, 2, 8 and 13 (one step, and powers of two and between)", async () => {
    for (const size of [1, 2, 8, 13]) {
      await checkOnnx(unary("cumprod", -1), [{ shape: ["batch", size] }], { make: cycling([1.25, -0.75, 1.5, 0.9, -1.1]) });
      await checkOnnx(unary("cumprod", 1, { exclusive: true }), [{ shape: ["batch", size] }], { make: cycling([1.25, -0.75, 1.5, 0.9, -1.1]) });
      await checkOnnx(unary("cumprod", 1, { exclusive: true, reverse: true }), [{ shape: ["batch", size] }], { make: cycling([1.25, -0.75, 1.5, 0.9, -1.1]) });
    }
  });
  it("flattened (no axis) when every size is fixed", async () => {
    await checkOnnx(unary("cumprod"), [{ shape: [3, 4] }], { make: cycling([1.25, -0.75, 1.5, 0.9, -1.1]) });
    await checkOnnx(unary("cumprod", undefined, { reverse: true }), [{ shape: [2, 3] }]);
  });
  for (const dtype of ["int32", "uint8", "bool", "float64"] as const) {
    it(`${dtype} input (bool and uint8 accumulate in int32)`, async () => {
      await checkOnnx(unary("cumprod", 1), [{ shape: ["batch", 6], dtype }], { make: cycling([1, 2, 3, 1, 5, 0, 2, 3]) });
      await checkOnnx(unary("cumprod", -1, { reverse: true, exclusive: true }), [{ shape: ["batch", 6], dtype }], { make: random });
    });
  }
  it("int32 products wrap modulo 2^32 as shapecast's", async () => {
    await checkOnnx(unary("cumprod", 1), [{ shape: ["batch", 40], dtype: "int32" }], { make: cycling([3, 7, 11, 13, 2, -5]) });
  });
  it("a symbolic scanned size is an error that says why", () => {
    expect(() => exportOnnx(unary("cumprod", 0) as never, [{ shape: ["batch", 3] }] as never)).toThrow(/cumprod cannot be exported to ONNX: .*axis 0 is symbolic/);
    expect(() => exportOnnx(unary("cumprod") as never, [{ shape: ["batch", 3] }] as never)).toThrow(/flattened tensor's length is symbolic/);
  });
});

/** Class indices in range: each row's label from a small cycle. */
const labelsIn = (classes: number): Make => (index, shape, dtype) =>
  index === 1 ? (sc.tensor(Array.from({ length: shape.reduce((p, d) => p * d, 1) }, (_, i) => (i * 3 + 1) % classes), shape, { dtype } as never) as Tensor) : undefined;

/** Probabilities (softmax of random values), some of them exactly 0, as the labels. */
const probabilities: Make = (index, shape, dtype) => {
  if (index !== 1) return undefined;
  const p = sc.softmax(randomInput(shape, dtype), -1) as Tensor;
  const mask = sc.tensor(Array.from({ length: p.size }, (_, i) => (i % 3 === 2 ? 0 : 1)), [...p.shape], { dtype } as never) as Tensor;
  return sc.mul(p, mask) as Tensor;
};

describe("losses", () => {
  const sce = (options?: object): Fn => ((logits: Tensor, labels: Tensor) => op("softmaxCrossEntropy")(logits, labels, options)) as Fn;
  for (const reduction of ["mean", "sum", "none"] as const) {
    it(`softmaxCrossEntropy with int32 labels, reduction ${reduction}`, async () => {
      await checkOnnx(sce({ reduction }), [{ shape: ["batch", 5] }, { shape: ["batch"], dtype: "int32" }], { make: labelsIn(5) });
      await checkOnnx(sce({ reduction }), [{ shape: ["batch", 2, 4] }, { shape: ["batch", 2], dtype: "int32" }], { make: labelsIn(4) });
    });
    it(`softmaxCrossEntropy with probabilities, reduction ${reduction}`, async () => {
      await checkOnnx(sce({ reduction }), [{ shape: ["batch", 5] }, { shape: ["batch", 5] }], { make: probabilities });
      await checkOnnx(sce({ reduction }), [{ shape: ["batch", 2, 3], dtype: "float64" }, { shape: ["batch", 2, 3], dtype: "float64" }], { make: probabilities });
    });
  }
  it("softmaxCrossEntropy: the default reduction, uint8 labels, float64 logits, one row, opset 18", async () => {
    await checkOnnx(sce(), [{ shape: ["batch", 3] }, { shape: ["batch"], dtype: "uint8" }], { make: labelsIn(3) });
    await checkOnnx(sce(), [{ shape: ["batch", 6], dtype: "float64" }, { shape: ["batch"], dtype: "int32" }], { make: labelsIn(6) });
    await checkOnnx(sce({ reduction: "none" }), [{ shape: [4] }, { shape: [], dtype: "int32" }], { make: labelsIn(4) });
    await checkOnnx(sce({ reduction: "sum" }), [{ shape: ["batch", 5] }, { shape: ["batch"], dtype: "int32" }], { make: labelsIn(5), opset: 18 });
  });
  it("softmaxCrossEntropy: float32 logits with float64 probabilities, and a -Infinity logit where the probability is 0", async () => {
    await checkOnnx(sce(), [{ shape: ["batch", 3] }, { shape: ["batch", 3], dtype: "float64" }], { make: probabilities });
    const logits: Make = (index, shape) => (index === 0 ? cycling([1, -Infinity, 0.5])(0, shape, "float32") : undefined);
    const labels: Make = (index, shape) => (index === 1 ? cycling([0.25, 0, 0.75])(1, shape, "float32") : undefined);
    await checkOnnx(sce({ reduction: "none" }), [{ shape: ["batch", 3] }, { shape: ["batch", 3] }], { make: (i, s, d) => logits(i, s, d) ?? labels(i, s, d) });
  });
  for (const reduction of ["mean", "sum", "none"] as const) {
    it(`meanSquaredError and binaryCrossEntropy, reduction ${reduction}`, async () => {
      const mse = ((a: Tensor, b: Tensor) => op("meanSquaredError")(a, b, { reduction })) as Fn;
      const bce = ((a: Tensor, b: Tensor) => op("binaryCrossEntropy")(a, b, { reduction })) as Fn;
      await checkOnnx(mse, [{ shape: ["batch", 3] }, { shape: ["batch", 3] }]);
      await checkOnnx(bce, [{ shape: ["batch", 3] }, { shape: ["batch", 3] }], { make: (i, s, d) => (i === 1 ? sc.random(s, { seed: 3 }).cast(d) : undefined) });
      await checkOnnx(bce, [{ shape: ["batch", 4] }, { shape: ["batch", 4], dtype: "bool" }], { make: random });
    });
  }
});

describe("reductions composed in one function", () => {
  it("a normalised score: (x - mean) / std, argmax of softmax, logSumExp of a cumsum", async () => {
    const fn = ((x: Tensor) => {
      const mean = op("mean")(x, -1, { keepDims: true });
      const scale = op("std")(x, -1, { keepDims: true, ddof: 1 });
      const z = sc.div(sc.sub(x, mean), scale) as Tensor;
      return { z, best: op("argmax")(op("softmax")(z), -1), total: op("logSumExp")(op("cumsum")(z, 0), [0, 1]) };
    }) as Fn;
    await checkOnnx(fn, [{ shape: ["batch", 6] }]);
  });
});

describe("NaN, as shapecast and NumPy treat it", () => {
  const withNaN = cycling([1, Number.NaN, 3, -2, 0.5, 7, 1, 2, -Infinity]);
  for (const name of ["max", "min"]) {
    it(`${name}: a NaN anywhere makes the result NaN`, async () => {
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 5] }], { make: withNaN });
      await checkOnnx(unary(name), [{ shape: ["batch", 5] }], { make: withNaN });
      await checkOnnx(unary(name, [0, 2], { keepDims: true }), [{ shape: ["batch", 3, 2], dtype: "float64" }], { make: withNaN, opset: 18 });
    });
  }
  for (const name of ["argmax", "argmin"]) {
    it(`${name}: the first NaN wins`, async () => {
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 5] }], { make: withNaN });
      await checkOnnx(unary(name, 0, { keepDims: true }), [{ shape: ["batch", 5] }], { make: withNaN });
      await checkOnnx(unary(name), [{ shape: ["batch", 5] }], { make: withNaN });
      await checkOnnx(unary(name, [0, 2], { keepDims: true }), [{ shape: ["batch", 3, 2], dtype: "float64" }], { make: withNaN });
    });
  }
  for (const name of ["sum", "prod", "mean", "variance", "logSumExp", "softmax", "cumsum", "cumprod"]) {
    it(`${name}: NaN propagates`, async () => {
      await checkOnnx(unary(name, -1), [{ shape: ["batch", 5] }], { make: withNaN });
    });
  }
});
