/**
 * Shaping ops exported to ONNX and run by ONNX Runtime: reshape and flatten,
 * permute/transpose/.T, expandDims, squeeze, slice, broadcastTo in its three
 * modes, concat, stack, split, tile, repeat, pad, gather, take, oneHot, tril, triu, sort,
 * argsort, topk, and zerosLike/onesLike/fullLike. Inputs have a symbolic
 * "batch" axis, and each case runs at two batch sizes (test/onnx/harness.ts);
 * sizes baked into a call are an export error.
 */
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import { type DType, type Tensor, tensor } from "shapecast";
import { exportOnnx } from "shapecast/onnx";
import { checkOnnx, randomInput } from "./harness.js";

type Fn = (...args: never[]) => unknown;
const fn = (f: (...args: Tensor[]) => unknown): Fn => f as unknown as Fn;
/** The same, for exportOnnx's typed parameter. */
const bare = (f: (...args: Tensor[]) => unknown): never => f as never;
/** An op called without its compile-time shape checks (the shapes here are only known at run time). */
const op = (name: string): ((...args: unknown[]) => Tensor) => (sc as unknown as Record<string, (...args: unknown[]) => Tensor>)[name]!;

const count = (shape: number[]): number => shape.reduce((p, d) => p * d, 1);

/** Integer values from `low` to `high` (inclusive), varied along the tensor, as `dtype`. */
const spread = (low: number, high: number) => (shape: number[], dtype: DType): Tensor =>
  tensor(Float64Array.from({ length: count(shape) }, (_, i) => low + ((i * 7 + 3) % (high - low + 1))), shape, { dtype });

/** The `make` option: argument `index` built by `build`, the others by the harness's default. */
const makeArg = (index: number, build: (shape: number[], dtype: DType) => Tensor) => (i: number, shape: number[], dtype: DType): Tensor | undefined =>
  i === index ? build(shape, dtype) : undefined;

/** Small random values for every argument (ints 0..5 for integer dtypes, so they tie). */
const random = (_: number, shape: number[], dtype: DType): Tensor => randomInput(shape, dtype);

/** Integer-valued floats (ties), with NaN at a few places when `nans`. */
const ties = (nans: boolean) => (_: number, shape: number[], dtype: DType): Tensor => {
  const n = count(shape);
  // (some zeros negative: -0 and 0 are equal, so they keep their order too)
  const values = Float64Array.from({ length: n }, (_, i) => {
    const v = ((i * 5 + 1) % 7) - 3;
    return v === 0 && i % 2 === 1 ? -0 : v;
  });
  if (nans) for (let i = 2; i < n; i += 5) values[i] = Number.NaN;
  return tensor(values, shape, { dtype });
};

const batch = (...rest: number[]): (number | string)[] => ["batch", ...rest];

describe("reshape and flatten", () => {
  it("keeps a symbolic batch as 0, infers one merged size as -1", async () => {
    await checkOnnx(fn((x) => sc.reshape(x, [-1, 12])), [{ shape: batch(3, 4) }]);
    await checkOnnx(fn((x) => op("reshape")(x, [x.shape[0], 2, 6])), [{ shape: batch(12) }]);
    await checkOnnx(fn((x) => sc.reshape(x, [-1, 4])), [{ shape: batch(3, 4) }]);
    await checkOnnx(fn((x) => sc.reshape(x, [-1])), [{ shape: batch(3, 4) }]);
    await checkOnnx(fn((x) => op("reshape")(x, [x.shape[1], 6])), [{ shape: [2, "batch", 3] }]);
  });
  it("flatten (recorded as a reshape), every dtype", async () => {
    await checkOnnx(fn((x) => sc.flatten(x, 1)), [{ shape: batch(3, 4) }]);
    await checkOnnx(fn((x) => sc.flatten(x)), [{ shape: batch(3, 4) }]);
    await checkOnnx(fn((x) => sc.flatten(x, 0, 1)), [{ shape: batch(3, 4), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => sc.flatten(x, 1)), [{ shape: batch(2, 2), dtype: "bool" }], { make: random });
    await checkOnnx(fn((x) => sc.flatten(x, -2)), [{ shape: batch(2, 2), dtype: "uint8" }], { make: random });
  });
  it("two symbolic sizes: 0 in place, Shape gathered where a size moves", async () => {
    const sizes = [{ batch: 2, seq: 3 }, { batch: 4, seq: 5 }];
    await checkOnnx(fn((x) => op("reshape")(x, [x.shape[0], x.shape[1], 2, 2])), [{ shape: ["batch", "seq", 4] }], { sizes });
    await checkOnnx(fn((x) => op("reshape")(x, [2, x.shape[0], 2, x.shape[2]])), [{ shape: ["batch", 4, "seq"] }], { sizes });
    await checkOnnx(fn((x) => op("reshape")(x, [-1, x.shape[2]])), [{ shape: ["batch", 4, "seq"] }], { sizes });
  });
  it("an unnamed symbolic size (null) and an empty tensor (allowzero, sizes from Shape)", async () => {
    await checkOnnx(fn((x) => sc.reshape(x, [-1, 12])), [{ shape: [null, 3, 4] }]);
    await checkOnnx(fn((x) => op("reshape")(x, [x.shape[0], 0, 5])), [{ shape: batch(0) }]);
    await checkOnnx(fn((x) => op("reshape")(x, [0, x.shape[0], 3])), [{ shape: batch(0, 3), dtype: "int32" }]);
  });
  it("a target with two derived symbolic sizes cannot be written: a clear error", () => {
    expect(() => exportOnnx(bare((x) => op("reshape")(x, [x.shape[0]! * 2, x.shape[1]! * 2])), [{ shape: ["batch", "seq", 4] }])).toThrow(/reshape cannot be exported to ONNX: .*infer only one/);
  });
});

describe("permute, transpose, .T", () => {
  it("permute with an order, transpose without, the .T getter", async () => {
    await checkOnnx(fn((x) => sc.permute(x, [2, 0, 1] as never)), [{ shape: batch(3, 4) }]);
    await checkOnnx(fn((x) => sc.transpose(x)), [{ shape: batch(3, 4) }]);
    await checkOnnx(fn((x) => x.T), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.transpose(x, [0, 2, 1] as never)), [{ shape: batch(2, 3), dtype: "bool" }], { make: random });
    await checkOnnx(fn((x) => sc.permute(x, [1, 0] as never)), [{ shape: batch(3), dtype: "int32" }], { make: random });
  });
});

describe("expandDims and squeeze", () => {
  it("expandDims at the front, the middle and the end (negative)", async () => {
    await checkOnnx(fn((x) => sc.expandDims(x, 0)), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.expandDims(x, 1)), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.expandDims(x, -1)), [{ shape: batch(3), dtype: "uint8" }], { make: random });
  });
  it("squeeze every size-1 axis (never the batch), one axis, a list", async () => {
    await checkOnnx(fn((x) => sc.squeeze(x)), [{ shape: batch(1, 4, 1) }]);
    await checkOnnx(fn((x) => sc.squeeze(x, -1)), [{ shape: batch(1, 4, 1) }]);
    await checkOnnx(fn((x) => sc.squeeze(x, [1, 3])), [{ shape: batch(1, 4, 1), dtype: "bool" }], { make: random });
    await checkOnnx(fn((x) => sc.squeeze(x)), [{ shape: batch(4) }]);
  });
});

describe("slice", () => {
  const x = [{ shape: batch(6, 5) }];
  it("steps, negative steps and omitted bounds on fixed axes", async () => {
    await checkOnnx(fn((t) => op("slice")(t, null, { start: 1, stop: 5, step: 2 })), x);
    await checkOnnx(fn((t) => op("slice")(t, null, { step: -1 }, { start: -2 })), x);
    await checkOnnx(fn((t) => op("slice")(t, null, { start: 4, stop: 0, step: -2 }, { stop: -1, step: 3 })), x);
    await checkOnnx(fn((t) => op("slice")(t, null, { start: -100, stop: 100 }, { start: 7 })), x);
    await checkOnnx(fn((t) => op("slice")(t, null, { start: -1, step: -4 }, { stop: -100, step: -1 })), x);
  });
  it("indices drop their axis; -1 is the last element", async () => {
    await checkOnnx(fn((t) => op("slice")(t, null, 2, -1)), x);
    await checkOnnx(fn((t) => op("slice")(t, null, -6, 0)), x);
  });
  it("the symbolic axis: bounds from either end hold for every batch size", async () => {
    await checkOnnx(fn((t) => op("slice")(t, { start: 1 })), x);
    await checkOnnx(fn((t) => op("slice")(t, { stop: -1 })), x);
    await checkOnnx(fn((t) => op("slice")(t, { step: -1 }, { step: 2 })), x);
    await checkOnnx(fn((t) => op("slice")(t, { start: -2, step: -1 })), x);
    await checkOnnx(fn((t) => op("slice")(t, { step: 2 })), x);
    await checkOnnx(fn((t) => op("slice")(t, 0)), x);
    await checkOnnx(fn((t) => op("slice")(t, -1, { start: 1, stop: 3 })), x);
    await checkOnnx(fn((t) => op("slice")(t)), x);
    await checkOnnx(fn((t) => op("slice")(t, { start: 1 }, 3)), [{ shape: batch(6), dtype: "int32" }], { make: random });
    await checkOnnx(fn((t) => op("slice")(t, { step: -1 })), [{ shape: batch(2), dtype: "bool" }], { make: random });
  });
  it("a bound computed from the batch size is an export error", () => {
    expect(() => exportOnnx(bare((t) => op("slice")(t, { stop: t.shape[0]! - 1 })), [{ shape: batch(6, 5) }])).toThrow(/slice \(op 1 of the function\) lowers to a different graph/);
  });
});

describe("broadcastTo", () => {
  it("numpy: stretch size-1 axes and add leading ones; the batch is carried by x", async () => {
    await checkOnnx(fn((x) => op("broadcastTo")(x, [x.shape[0], 3, 4])), [{ shape: batch(1, 4) }]);
    await checkOnnx(fn((x) => op("broadcastTo")(x, [2, x.shape[0], 4])), [{ shape: batch(1) }]);
    await checkOnnx(fn((x) => op("broadcastTo")(x, [3, x.shape[0], 2])), [{ shape: batch(2), dtype: "bool" }], { make: random });
    await checkOnnx(fn((x) => op("broadcastTo")(x, [x.shape[0], 2])), [{ shape: batch(2), dtype: "int32" }], { make: random });
  });
  it("bidirectional: the target may be smaller than x", async () => {
    await checkOnnx(fn((x) => op("broadcastTo")(x, [3, 1], { mode: "bidirectional" })), [{ shape: batch(1, 4) }]);
    await checkOnnx(fn((x) => op("broadcastTo")(x, [2, 1, 1, 1], { mode: "bidirectional" })), [{ shape: batch(3, 1), dtype: "uint8" }], { make: random });
  });
  it("explicit axesMapping: x's axes placed, the others inserted", async () => {
    await checkOnnx(fn((x) => op("broadcastTo")(x, [x.shape[0], 3, 4], { mode: "explicit", axesMapping: [0, 2] })), [{ shape: batch(4) }]);
    await checkOnnx(fn((x) => op("broadcastTo")(x, [2, x.shape[0], 3], { mode: "explicit", axesMapping: [1] })), [{ shape: batch() }]);
    await checkOnnx(fn((x) => op("broadcastTo")(x, [2, x.shape[0], 5, 3], { mode: "explicit", axesMapping: [1, 3] })), [{ shape: batch(1) }]);
  });
  it("a symbolic size x has on another axis is gathered from its Shape", async () => {
    await checkOnnx(fn((x) => op("broadcastTo")(x, [x.shape[0], x.shape[0]])), [{ shape: batch() }]);
    await checkOnnx(fn((x) => op("broadcastTo")(x, [x.shape[0], 3, x.shape[0]], { mode: "explicit", axesMapping: [2] })), [{ shape: batch(), dtype: "int32" }], { make: random });
  });
  it("a symbolic size x does not carry is baked: an export error", () => {
    expect(() => exportOnnx(bare((x, y) => op("broadcastTo")(y, [x.shape[0], 4])), [{ shape: batch(4) }, { shape: [1, 4] }])).toThrow(/broadcastTo \(op 1 of the function\) lowers to a different graph/);
  });
});

describe("concat and stack", () => {
  it("concat on a fixed axis and on the batch axis, dtypes promoted", async () => {
    await checkOnnx(fn((a, b) => sc.concat([a, b], 1)), [{ shape: batch(3) }, { shape: batch(2) }]);
    await checkOnnx(fn((a, b) => sc.concat([a, b, a])), [{ shape: batch(3) }, { shape: [2, 3] }]);
    await checkOnnx(fn((a, b) => sc.concat([a, b], -1)), [{ shape: batch(3), dtype: "int32" }, { shape: batch(2) }], { make: random });
    await checkOnnx(fn((a, b) => sc.concat([a, b], 1)), [{ shape: batch(1), dtype: "bool" }, { shape: batch(2), dtype: "bool" }], { make: random });
    const w = tensor([[1, 2, 3]]);
    await checkOnnx(fn((a) => sc.concat([w, a])), [{ shape: batch(3) }], { weights: { w } });
  });
  it("stack on a new axis: first, middle, last", async () => {
    await checkOnnx(fn((a, b) => sc.stack([a, b])), [{ shape: batch(3) }, { shape: batch(3) }]);
    await checkOnnx(fn((a, b) => sc.stack([a, b, a], 1)), [{ shape: batch(3) }, { shape: batch(3) }]);
    await checkOnnx(fn((a, b) => sc.stack([a, b], -1)), [{ shape: batch(3), dtype: "uint8" }, { shape: batch(3), dtype: "int32" }], { make: random });
    await checkOnnx(fn((a, b) => sc.stack([a, b], 2)), [{ shape: batch(2), dtype: "bool" }, { shape: batch(2), dtype: "bool" }], { make: random });
  });
});

describe("split", () => {
  it("sizes and sections on a fixed axis", async () => {
    await checkOnnx(fn((x) => sc.split(x, [2, 4] as never, 1 as never)), [{ shape: batch(6) }]);
    await checkOnnx(fn((x) => sc.split(x, 3 as never, -1 as never)), [{ shape: batch(6), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => sc.split(x, [1, 0, 1] as never, 1 as never)), [{ shape: batch(2), dtype: "bool" }], { make: random });
    await checkOnnx(fn((x) => sc.split(x, 1 as never, 1 as never)), [{ shape: batch(2) }]);
  });
  it("sections of the batch axis: sizes from Shape (opset 17), num_outputs (opset 18)", async () => {
    const even = { traceSizes: { batch: [4, 6] as const }, sizes: [{ batch: 2 }, { batch: 8 }] };
    await checkOnnx(fn((x) => sc.split(x, 2 as never)), [{ shape: batch(3) }], even);
    await checkOnnx(fn((x) => sc.split(x, 2 as never)), [{ shape: batch(3) }], { ...even, opset: 18 });
    await checkOnnx(fn((x) => sc.split(x, 2 as never, 0 as never)), [{ shape: batch(3), dtype: "uint8" }], { ...even, opset: 21, make: random });
  });
  it("sizes of the batch axis are baked: an export error", () => {
    expect(() => exportOnnx(bare((x) => sc.split(x, [1, x.shape[0]! - 1] as never)), [{ shape: batch(3) }])).toThrow(/split \(op 1 of the function\) lowers to a different graph/);
  });
});

describe("tile", () => {
  it("reps as long as the rank, shorter, and longer", async () => {
    await checkOnnx(fn((x) => sc.tile(x, [2, 3])), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.tile(x, [2])), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.tile(x, [2, 1, 3])), [{ shape: batch(3), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => sc.tile(x, [1, 1])), [{ shape: batch(2), dtype: "bool" }], { make: random });
    await checkOnnx(fn((x) => sc.tile(x, [3, 1])), [{ shape: batch(2), dtype: "bool" }], { make: random });
  });
});

describe("repeat", () => {
  it("a count as Unsqueeze, Expand and Reshape on every axis and flattened, symbolic sizes on the axis and around it", async () => {
    for (const dtype of ["float32", "float64", "int32", "uint8", "bool"] as const) {
      await checkOnnx(fn((x) => [op("repeat")(x, 2, 1), op("repeat")(x, 3)]), [{ shape: batch(3), dtype }], { make: random });
    }
    await checkOnnx(fn((x) => [op("repeat")(x, 2, 0), op("repeat")(x, 3, -1), op("repeat")(x, 1, 1), op("repeat")(x, 0, 0)]), [{ shape: [2, "batch", 3] }]);
    await checkOnnx(fn((x) => [op("repeat")(x, 2, -2), op("repeat")(x, [2])]), [{ shape: ["n", "m"] }]);
    // a scalar is read as [1]; an empty axis stays empty
    await checkOnnx(fn((x) => [op("repeat")(sc.sum(x), 3, 0), op("repeat")(sc.sum(x), 2)]), [{ shape: batch(2) }]);
    await checkOnnx(fn((x) => op("repeat")(x, 2, 1)), [{ shape: [2, 0, 3] }]);
  });
  it("one count per element as a Gather of each index repeated, on a fixed axis beside a symbolic one", async () => {
    await checkOnnx(fn((x) => [op("repeat")(x, [2, 0, 1], 1), op("repeat")(x, [1, 1, 1], -1)]), [{ shape: batch(3), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => op("repeat")(x, [0, 0], 0)), [{ shape: [2, "batch"] }]);
    await checkOnnx(fn((x) => op("repeat")(x, [3, 1, 0, 2])), [{ shape: [2, 2] }]);
    // a list as long as a symbolic axis is baked into the call: an export error
    const perRow = bare((x) => op("repeat")(x, new Array<number>(x.shape[0]!).fill(2), 0));
    expect(() => exportOnnx(perRow, [{ shape: batch(3) }])).toThrow(/repeat \(op 1 of the function\) lowers to a different graph/);
  });
});

describe("pad", () => {
  it("constant fills: default 0, a number, { value }, on the batch axis too", async () => {
    await checkOnnx(fn((x) => sc.pad(x, [[1, 2], [0, 1]])), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.pad(x, [[0, 0], [2, 1]], 2.5)), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.pad(x, [[0, 1], [0, 0]], { value: -1.25 })), [{ shape: batch(3), dtype: "float64" }]);
    await checkOnnx(fn((x) => sc.pad(x, [[0, 0], [0, 0]])), [{ shape: batch(3) }]);
  });
  it("int, uint8 and bool fills as shapecast stores them", async () => {
    await checkOnnx(fn((x) => sc.pad(x, [[1, 0], [1, 1]], 7)), [{ shape: batch(3), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => sc.pad(x, [[0, 0], [1, 1]], 2.7)), [{ shape: batch(3), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => sc.pad(x, [[0, 0], [2, 0]], { value: 200 })), [{ shape: batch(3), dtype: "uint8" }], { make: random });
    await checkOnnx(fn((x) => sc.pad(x, [[1, 1], [0, 2]], true)), [{ shape: batch(3), dtype: "bool" }], { make: random });
    await checkOnnx(fn((x) => sc.pad(x, [[0, 0], [1, 1]], 5)), [{ shape: batch(3), dtype: "bool" }], { make: random });
  });
  it("opset 18 and later: only the padded axes, through Pad's axes input", async () => {
    await checkOnnx(fn((x) => sc.pad(x, [[0, 0], [2, 1], [0, 0]], 3)), [{ shape: batch(3, 2) }], { opset: 18 });
    await checkOnnx(fn((x) => sc.pad(x, [[1, 2], [0, 0]], { value: 4 })), [{ shape: batch(3), dtype: "int32" }], { opset: 19, make: random });
    await checkOnnx(fn((x) => sc.pad(x, [[1, 0], [1, 1]])), [{ shape: batch(3) }], { opset: 21 });
  });
});

describe("gather and take", () => {
  const indices = (low: number, high: number) => makeArg(1, spread(low, high));
  it("gather with a tensor of indices (negative too), on either axis", async () => {
    await checkOnnx(fn((x, i) => sc.gather(x, i, 1)), [{ shape: batch(5) }, { shape: [2, 3], dtype: "int32" }], { make: indices(-5, 4) });
    await checkOnnx(fn((x, i) => sc.gather(x, i, -1)), [{ shape: batch(5), dtype: "bool" }, { shape: batch(), dtype: "uint8" }], { make: (i, shape, dtype) => (i === 0 ? randomInput(shape, dtype) : spread(0, 4)(shape, dtype)) });
    await checkOnnx(fn((x, i) => sc.gather(x, i)), [{ shape: batch(5), dtype: "int32" }, { shape: [4], dtype: "int32" }], { make: (i, shape, dtype) => (i === 0 ? randomInput(shape, dtype) : spread(-2, 1)(shape, dtype)) });
  });
  it("gather with an array of indices, and from a captured table (an embedding)", async () => {
    await checkOnnx(fn((x) => sc.gather(x, [0, -1, 2, 2], 1)), [{ shape: batch(5) }]);
    await checkOnnx(fn((x) => sc.gather(x, [1, 0])), [{ shape: batch(5) }]);
    const table = sc.randn([10, 4], { seed: 3 });
    await checkOnnx(fn((i) => sc.gather(table, i)), [{ shape: batch(3), dtype: "int32" }], { make: makeArg(0, spread(-10, 9)), weights: { table } });
  });
  it("take from the flattened tensor, and with an axis", async () => {
    await checkOnnx(fn((x, i) => sc.take(x, i)), [{ shape: [3, 4] }, { shape: batch(2), dtype: "int32" }], { make: indices(-12, 11) });
    await checkOnnx(fn((x) => sc.take(x, [0, 5, -1])), [{ shape: batch(4) }]);
    await checkOnnx(fn((x, i) => sc.take(x, i, 1)), [{ shape: batch(4), dtype: "uint8" }, { shape: [3], dtype: "uint8" }], { make: (i, shape, dtype) => (i === 0 ? randomInput(shape, dtype) : spread(0, 3)(shape, dtype)) });
  });
});

describe("oneHot", () => {
  it("indices in range, negative and past depth give rows of zeros", async () => {
    await checkOnnx(fn((i) => op("oneHot")(i, 4)), [{ shape: batch(3), dtype: "int32" }], { make: makeArg(0, spread(-2, 5)) });
    await checkOnnx(fn((i) => op("oneHot")(i, 3, { dtype: "int32" })), [{ shape: batch(), dtype: "uint8" }], { make: makeArg(0, spread(0, 4)) });
    await checkOnnx(fn((i) => op("oneHot")(i, 5, { dtype: "bool" })), [{ shape: batch(2), dtype: "int32" }], { make: makeArg(0, spread(-1, 5)) });
    await checkOnnx(fn((i) => op("oneHot")(i, 2, { dtype: "float64" })), [{ shape: batch(2), dtype: "uint8" }], { make: makeArg(0, spread(0, 2)) });
  });
});

describe("tril and triu", () => {
  it("Trilu on every dtype, diagonals inside and far outside, symbolic matrix sizes", async () => {
    for (const dtype of ["float32", "float64", "int32", "uint8", "bool"] as const) {
      await checkOnnx(fn((x) => [op("tril")(x), op("triu")(x, 1)]), [{ shape: batch(3, 4), dtype }], { make: random });
    }
    for (const k of [-2, 0, 3, 2 ** 40, -(2 ** 40)]) {
      await checkOnnx(fn((x) => [op("tril")(x, k), op("triu")(x, k)]), [{ shape: [2, "n", "m"] }]);
    }
    // a causal mask: the lower triangle of ones, where'd over scores
    await checkOnnx(fn((x) => sc.where(op("tril")(sc.onesLike(x).cast("bool")), x, -Infinity)), [{ shape: ["batch", "t", "t"] }]);
  });
});

describe("sort, argsort, topk", () => {
  it("sort and argsort along the last axis, ascending and descending, ties stable", async () => {
    for (const descending of [false, true]) {
      await checkOnnx(fn((x) => sc.sort(x, { descending })), [{ shape: batch(7) }], { make: ties(false) });
      await checkOnnx(fn((x) => sc.argsort(x, { descending })), [{ shape: batch(7) }], { make: ties(false) });
      await checkOnnx(fn((x) => sc.argsort(x, { descending })), [{ shape: batch(9), dtype: "int32" }], { make: random });
    }
  });
  it("NaN goes last in either direction", async () => {
    for (const descending of [false, true]) {
      await checkOnnx(fn((x) => [sc.sort(x, { descending }), sc.argsort(x, { descending })]), [{ shape: batch(8) }], { make: ties(true) });
      await checkOnnx(fn((x) => sc.topk(x, 4)), [{ shape: batch(8), dtype: "float64" }], { make: ties(true) });
    }
  });
  it("along the batch axis (its length from Shape) and a middle axis", async () => {
    await checkOnnx(fn((x) => [sc.sort(x, { axis: 0 }), sc.argsort(x, { axis: 0, descending: true })]), [{ shape: batch(3) }], { make: ties(false) });
    await checkOnnx(fn((x) => sc.argsort(x, { axis: 0 })), [{ shape: batch(3), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => sc.sort(x, { axis: 1, descending: true })), [{ shape: batch(4, 2) }], { make: ties(true) });
  });
  it("uint8 and bool sort through int32", async () => {
    await checkOnnx(fn((x) => [sc.sort(x), sc.argsort(x, { descending: true })]), [{ shape: batch(6), dtype: "uint8" }], { make: random });
    await checkOnnx(fn((x) => [sc.sort(x, { descending: true }), sc.argsort(x)]), [{ shape: batch(6), dtype: "bool" }], { make: random });
  });
  it("topk: values and int32 indices, ties in input order, on either axis", async () => {
    await checkOnnx(fn((x) => sc.topk(x, 3)), [{ shape: batch(7) }], { make: ties(false) });
    await checkOnnx(fn((x) => sc.topk(x, 2, { axis: 0 })), [{ shape: batch(3) }], { make: ties(true) });
    await checkOnnx(fn((x) => sc.topk(x, 4)), [{ shape: batch(6), dtype: "int32" }], { make: random });
    await checkOnnx(fn((x) => sc.topk(x, 2)), [{ shape: batch(5), dtype: "uint8" }], { make: random });
    await checkOnnx(fn((x) => sc.topk(x, 0)), [{ shape: batch(5) }]);
    await checkOnnx(fn((x) => sc.topk(x, 5)), [{ shape: batch(5), dtype: "bool" }], { make: random });
  });
});

describe("zerosLike, onesLike, fullLike", () => {
  it("the shape of x, symbolic batch kept, in x's dtype or another", async () => {
    await checkOnnx(fn((x) => sc.zerosLike(x)), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.onesLike(x)), [{ shape: batch(3), dtype: "int32" }]);
    await checkOnnx(fn((x) => sc.zerosLike(x, { dtype: "bool" })), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.onesLike(x, { dtype: "uint8" })), [{ shape: batch(3), dtype: "bool" }]);
    await checkOnnx(fn((x) => sc.fullLike(x, 2.7)), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.fullLike(x, 0.1, { dtype: "float64" })), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.fullLike(x, 2.7, { dtype: "int32" })), [{ shape: batch(3) }]);
    await checkOnnx(fn((x) => sc.fullLike(x, true)), [{ shape: batch(2), dtype: "bool" }]);
    await checkOnnx(fn((x) => sc.fullLike(x, -1, { dtype: "uint8" })), [{ shape: batch(2) }]);
  });
  it("used next to x: x + onesLike(x), the symbolic size flows on", async () => {
    await checkOnnx(fn((x) => sc.add(x, sc.fullLike(x, 3))), [{ shape: batch(2) }]);
    await checkOnnx(fn((x) => x.zerosLike().reshape([-1])), [{ shape: batch(2) }]);
  });
});
