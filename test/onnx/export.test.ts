/**
 * The export itself: what the model says of its inputs and outputs (fixed,
 * named and unnamed symbolic sizes, names, several outputs, opsets,
 * initializer names), the runner's checks, the errors for graphs that would
 * hold for one size only, and importOnnxWeights. Models run in ONNX Runtime.
 */
import { describe, expect, it } from "vitest";
import { add, type Dim, exp, grad, matmul, maxPool2d, mean, mul, randn, relu, sigmoid, softmax, sum, type Tensor, tensor, tidy, zeros } from "shapecast";
import { exportOnnx, importOnnxWeights, onnxSession } from "shapecast/onnx";
import { onnx } from "../../src/onnx/proto.js";
import { checkOnnx } from "./harness.js";

/** What the tests read of a model, as protobufjs's plain objects give it. */
interface ValueInfo {
  name: string;
  type?: { tensorType?: { shape?: { dim?: { dimValue?: number; dimParam?: string }[] } } };
}
interface Model {
  opsetImport: { version: number }[];
  graph: { input: ValueInfo[]; output: ValueInfo[]; initializer: { name: string }[] };
}
const decode = (bytes: Uint8Array): Model => onnx.ModelProto.toObject(onnx.ModelProto.decode(bytes), { longs: Number, arrays: true }) as Model;
const dimsOf = (info: ValueInfo) => (info.type?.tensorType?.shape?.dim ?? []).map((d) => d.dimParam ?? d.dimValue ?? null);

const w = randn([4, 3], { seed: 3 });
const b = randn([3], { seed: 4 });
const dense = (x: Tensor<[Dim<"batch">, 4]>) => relu(add(matmul(x, w), b));

describe("the model's inputs and outputs", () => {
  it("keeps a named size as dim_param, a null size unnamed, and a number fixed; the outputs follow", () => {
    const model = decode(exportOnnx(dense, [{ shape: ["batch", 4] }], { weights: { w, b } }));
    expect(model.opsetImport[0]!.version).toBe(17);
    expect(model.graph.input.map((i) => i.name)).toEqual(["input"]);
    expect(dimsOf(model.graph.input[0]!)).toEqual(["batch", 4]);
    expect(dimsOf(model.graph.output[0]!)).toEqual(["batch", 3]);
    const unnamed = decode(exportOnnx((x) => sum(x, 1), [{ shape: [null, 4] }]));
    expect(dimsOf(unnamed.graph.input[0]!)).toEqual([null, 4]);
    expect(dimsOf(unnamed.graph.output[0]!)).toEqual([null]);
    const fixed = decode(exportOnnx((x) => exp(x), [randn([2, 5])]));
    expect(dimsOf(fixed.graph.input[0]!)).toEqual([2, 5]);
  });

  it("names initializers by their path in options.weights, and inputs and outputs by options.names", () => {
    const layers = [{ w, b }];
    const model = decode(exportOnnx((x) => add(matmul(x, layers[0]!.w), layers[0]!.b), [{ shape: ["batch", 4] }], { weights: { layers }, names: { inputs: ["features"], outputs: ["scores"] } }));
    expect(model.graph.initializer.map((t) => t.name).sort()).toEqual(["layers.0.b", "layers.0.w"]);
    expect(model.graph.input[0]!.name).toBe("features");
    expect(model.graph.output[0]!.name).toBe("scores");
  });

  it("writes the opset asked for, and refuses one it cannot write", () => {
    expect(decode(exportOnnx(dense, [{ shape: ["batch", 4] }], { opset: 20 })).opsetImport[0]!.version).toBe(20);
    expect(() => exportOnnx(dense, [{ shape: ["batch", 4] }], { opset: 12 })).toThrow(/exportOnnx: options.opset must be one of 17, 18, 19, 20, 21, got number 12/);
  });

  it("returns a record or an array of outputs as several graph outputs, and the runner gives them back the same way", async () => {
    const both = (x: Tensor<[Dim<"batch">, 4]>) => ({ probs: softmax(dense(x), -1), mean: mean(x, 1) });
    expect(decode(exportOnnx(both, [{ shape: ["batch", 4] }])).graph.output.map((o) => o.name)).toEqual(["probs", "mean"]);
    await checkOnnx(both as never, [{ shape: ["batch", 4] }]);
    await checkOnnx(((x: Tensor) => [exp(x), relu(x), x] as const) as never, [{ shape: ["batch", 2] }]);
  });

  it("runs a function that frees its intermediates with tidy: what the lowering reads is kept until it is done", async () => {
    // the constants made inside the scopes are written into the graph after the scopes ended
    const tidied = (x: Tensor<[Dim<"batch">, 4]>) => tidy(() => relu(add(tidy(() => matmul(add(x, tensor([2, 3, 4, 5])), w)), tensor([1, -1, 0.5]))));
    await checkOnnx(tidied as never, [{ shape: ["batch", 4] }]);
    // a constant the function disposes itself cannot be written: refused, never an empty initializer
    const disposing = (x: Tensor<[Dim<"batch">, 4]>) => {
      const c = tensor([2, 3, 4, 5]);
      const y = add(x, c);
      c.dispose();
      return y;
    };
    expect(() => exportOnnx(disposing, [{ shape: ["batch", 4] }])).toThrow(/^exportOnnx: a constant add reads was disposed \(by dispose\(\) or a tidy\(\) scope\); it holds none of its 4 elements/);
  });

  it("runs x * sigmoid(x) in float64, which ONNX Runtime's optimizer fuses into a kernel it has only for float32", async () => {
    // (found by the ONNX fuzz suite: session creation failed with "Failed to find kernel for com.microsoft.QuickGelu")
    await checkOnnx(((x: Tensor) => mul(x, sigmoid(x))) as never, [{ shape: ["batch", 3], dtype: "float64" }]);
  });

  it("runs a function that takes several inputs with shared symbolic sizes and integer dtypes", async () => {
    await checkOnnx(((x: Tensor, y: Tensor, n: Tensor) => add(add(x, y), n)) as never, [{ shape: ["batch", "seq"] }, { shape: ["seq"] }, { shape: ["batch", 1], dtype: "int32" }]);
  });
});

describe("the runner", () => {
  it("checks each argument against the model's inputs before running", async () => {
    const run = await onnxSession(dense, [{ shape: ["batch", 4] }]);
    try {
      expect((await run(randn([6, 4]) as Tensor<[Dim<"batch">, 4], "float32">)).shape).toEqual([6, 3]);
      await expect(run(randn([2, 5]) as never)).rejects.toThrow(/onnxSession: argument 0 \(input\) has shape \[2, 5\]; the model takes \[batch, 4\]: axis 1 is 5 where it needs 4/);
      await expect(run(tensor([[1, 2, 3, 4]], { dtype: "int32" }) as never)).rejects.toThrow(/has dtype int32; the model takes float32/);
      await expect((run as unknown as (...a: unknown[]) => Promise<unknown>)()).rejects.toThrow(/the model takes 1 argument, got 0/);
    } finally {
      await run.release();
    }
    const pair = await onnxSession((x, y) => add(x, y), [{ shape: ["batch"] }, { shape: ["batch"] }]);
    try {
      await expect(pair(randn([2]) as never, randn([3]) as never)).rejects.toThrow(/axis 0 is 3, but batch is 2 in an earlier argument/);
    } finally {
      await pair.release();
    }
  });
});

describe("graphs that would hold for one size only", () => {
  it("refuses a constant whose shape comes from a symbolic size", () => {
    expect(() => exportOnnx((x) => add(x, zeros([x.shape[0], 4])), [{ shape: ["batch", 4] }])).toThrow(
      /exportOnnx: add \(op 1 of the function\) lowers to a different graph when batch = 3 than when batch = 5 \(the constant const differs\)/,
    );
  });

  it("refuses a tensor computed from the inputs' values outside shapecast's ops: the read-out itself is refused", () => {
    expect(() => exportOnnx((x) => add(x, tensor(x.toArray())), [{ shape: [2] }])).toThrow(/^exportOnnx: x\.toArray\(\) reads the values of a tensor computed from the function's inputs while the function is traced/);
  });

  it("refuses control flow that depends on a symbolic size", () => {
    expect(() => exportOnnx((x) => (x.shape[0] > 4 ? relu(x) : exp(x)), [{ shape: ["batch"] }])).toThrow(/the function runs different ops for different input sizes or values \(op 1 is exp in one trace and relu in the other\)/);
  });

  it("names an op that has no lowering (here the max-pool gradient of a training step)", () => {
    const step = (x: Tensor) => grad(((v: Tensor) => sum(maxPool2d(v as never, { size: 2 } as never))) as never)(x as never);
    expect(() => exportOnnx(step as never, [{ shape: [1, 4, 4, 1] }])).toThrow(/exportOnnx: maxPoolBackward has no ONNX lowering yet \(op \d+ of the function\); the ops that export are listed in docs\/onnx.md/);
  });
});

describe("checked inputs and options", () => {
  it("names what is wrong with an input spec or an option", () => {
    expect(() => exportOnnx((x) => x, {} as never)).toThrow(/exportOnnx: inputs must be an array/);
    expect(() => exportOnnx((x) => x, [{ shape: [2, -1] }])).toThrow(/exportOnnx: inputs\[0\].shape\[1\] must be a non-negative integer, got -1/);
    expect(() => exportOnnx((x) => x, [{ shape: ["2x"] }])).toThrow(/inputs\[0\].shape\[0\] names a symbolic size "2x"/);
    expect(() => exportOnnx((x) => x, [{ shape: [2], dtype: "int64" as never }])).toThrow(/inputs\[0\].dtype must be one of bool, uint8, int32, float32, float64, got "int64"/);
    expect(() => exportOnnx((x) => x, [{ shape: [2], dtpye: "int32" } as never])).toThrow(/inputs\[0\] has the field "dtpye"/);
    expect(() => exportOnnx((x) => x, [{ shape: ["batch"] }], { traceSizes: { batch: [2, 2] } })).toThrow(/options.traceSizes.batch must be two different sizes of at least 2/);
    expect(() => exportOnnx((x) => x, [{ shape: ["batch"] }], { traceSizes: { seq: [2, 3] } })).toThrow(/options.traceSizes names "seq", which no input's shape has \(symbolic sizes: batch\)/);
    expect(() => exportOnnx((x) => x, [{ shape: [2] }], { names: { inputs: ["a", "b"] } })).toThrow(/options.names.inputs must name each of the 1 input/);
    expect(() => exportOnnx((() => 3) as never, [{ shape: [2] }])).toThrow(/the function must return a tensor, an array of tensors or a record of tensors, got number 3/);
    expect(() => exportOnnx((x) => x, [{ shape: [2] }], { opest: 18 } as never)).toThrow(/options has the field "opest"/);
  });

  it("traces at the sizes options.traceSizes gives (a function that needs a batch divisible by 4)", async () => {
    const grouped = (x: Tensor<[Dim<"batch">, 2]>) => sum(x.reshape([-1, 4, 2] as never) as Tensor, 1);
    await checkOnnx(grouped as never, [{ shape: ["batch", 2] }], { traceSizes: { batch: [4, 8] }, sizes: [{ batch: 8 }, { batch: 12 }] });
  });
});

describe("importOnnxWeights", () => {
  const exported = exportOnnx(dense, [{ shape: ["batch", 4] }], { weights: { fc: { w, b } } });

  it("reads the initializers of an exported model, typed and checked by a schema", () => {
    const read = importOnnxWeights(exported, { "fc.w": [4, 3], "fc.b": { shape: [3], dtype: "float32" } });
    expect(read["fc.w"].toArray()).toEqual(w.toArray());
    expect(read["fc.b"].toArray()).toEqual(b.toArray());
    expect(Object.keys(importOnnxWeights(exported)).sort()).toEqual(["fc.b", "fc.w"]);
  });

  it("names a missing initializer, a misfit shape or dtype, and bytes that are not a model", () => {
    expect(() => importOnnxWeights(exported, { "fc.bias": [3] })).toThrow(/importOnnxWeights: the model has no initializer "fc.bias" \(schema\["fc.bias"\]\); it has "fc.w", "fc.b"/);
    expect(() => importOnnxWeights(exported, { "fc.w": [3, 4] })).toThrow(/initializer "fc.w" has shape \[4, 3\] but schema\["fc.w"\] is \[3, 4\]/);
    expect(() => importOnnxWeights(exported, { "fc.w": { shape: [4, 3], dtype: "float64" } })).toThrow(/initializer "fc.w" loads as float32 but schema\["fc.w"\] expects float64/);
    expect(() => importOnnxWeights(new Uint8Array([255, 255, 255, 255]))).toThrow(/importOnnxWeights: the bytes are not an ONNX model/);
  });

  it("reads INT64 initializers as int32 when they fit, and data in the typed fields", () => {
    const model = onnx.ModelProto.encode({
      irVersion: 8,
      opsetImport: [{ version: 17 }],
      graph: {
        name: "g",
        initializer: [
          { name: "shape", dataType: onnx.TensorProto.DataType.INT64, dims: [2], int64Data: [3, -4] },
          { name: "big", dataType: onnx.TensorProto.DataType.INT64, dims: [1], int64Data: [2 ** 40] },
          { name: "f", dataType: onnx.TensorProto.DataType.FLOAT, dims: [2], floatData: [0.5, -1] },
          { name: "s", dataType: onnx.TensorProto.DataType.STRING, dims: [1], stringData: [new Uint8Array([97])] },
        ],
      },
    }).finish();
    const read = importOnnxWeights(model, { shape: { shape: [2], dtype: "int32" }, f: [2] });
    expect(read.shape.toArray()).toEqual([3, -4]);
    expect(read.f.toArray()).toEqual([0.5, -1]);
    expect(() => importOnnxWeights(model, { big: [1] })).toThrow(/initializer "big" is INT64 and holds 1099511627776, which int32 \(the dtype it loads as\) cannot hold/);
    expect(() => importOnnxWeights(model, { s: [1] })).toThrow(/initializer "s" is STRING, which shapecast does not store/);
  });
});
