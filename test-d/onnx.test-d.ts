/** ONNX export at the type level: input specs stand for typed tensors, and the runner keeps the function's types. */
import { expectTypeOf } from "expect-type";
import { add, type Dim, matmul, relu, type Tensor, zeros } from "shapecast";
import { exportOnnx, onnxSession, type OnnxInputTensor } from "shapecast/onnx";

// a name is a symbolic size, null an unnamed one, a number a fixed one; float32 unless the spec says
expectTypeOf<OnnxInputTensor<{ shape: ["batch", 4] }>>().toEqualTypeOf<Tensor<[Dim<"batch">, 4], "float32">>();
expectTypeOf<OnnxInputTensor<{ shape: [null, 3]; dtype: "int32" }>>().toEqualTypeOf<Tensor<[number, 3], "int32">>();
expectTypeOf<OnnxInputTensor<Tensor<[2, 5], "float64">>>().toEqualTypeOf<Tensor<[2, 5], "float64">>();

const w = zeros([4, 3]);
// the function's parameter is typed from the spec: a misfit inside it is a compile error
exportOnnx((x) => {
  expectTypeOf(x).toEqualTypeOf<Tensor<[Dim<"batch">, 4], "float32">>();
  return relu(matmul(x, w));
}, [{ shape: ["batch", 4] }]);
// @ts-expect-error -- x is [batch, 5]: its 5 does not meet w's 4
exportOnnx((x) => matmul(x, w), [{ shape: ["batch", 5] }]);
// @ts-expect-error -- the function takes two inputs but one spec is given
exportOnnx((x: Tensor<[number, 4], "float32">, y: Tensor<[number, 4], "float32">) => add(x, y), [{ shape: ["batch", 4] }]);
// @ts-expect-error -- a spec's dtype is one of shapecast's
exportOnnx((x) => x, [{ shape: [2], dtype: "int64" }]);

// the runner takes and gives what the function does, asynchronously
const model = (x: Tensor<[number, 4], "float32">) => ({ hidden: relu(matmul(x, w)), x });
declare const run: Awaited<ReturnType<typeof onnxSession<readonly [{ shape: ["batch", 4] }], typeof model>>>;
expectTypeOf(run).parameters.toEqualTypeOf<[Tensor<[number, 4], "float32">]>();
expectTypeOf(run).returns.resolves.toEqualTypeOf<{ hidden: Tensor<[number, 3], "float32">; x: Tensor<[number, 4], "float32"> }>();
expectTypeOf(run.model).toEqualTypeOf<Uint8Array>();
