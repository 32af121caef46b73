/**
 * onnxruntime-web, the browser's ONNX Runtime (its WebAssembly backend), as
 * `onnxSession`'s runtime: the same exports run there and give shapecast's
 * results. Runs under Node and in headless Chromium (npm run test:browser),
 * where the export itself (onnx-proto) runs in the page too.
 */
import * as ort from "onnxruntime-web";
import { describe, it } from "vitest";
import { gelu, layerNorm, matmul, randn, relu, softmax, type Tensor } from "shapecast";
import { checkOnnx } from "./harness.js";

ort.env.wasm.numThreads = 1;
// in a page the WebAssembly files are served from the package's folder (the test server serves the repository)
if ("document" in globalThis) ort.env.wasm.wasmPaths = "/node_modules/onnxruntime-web/dist/";

const w = randn([8, 5], { seed: 11 });
const gamma = randn([8], { seed: 12 });
const beta = randn([8], { seed: 13 });

describe("onnxruntime-web as the runtime", () => {
  it("runs an exported layer at two batch sizes with shapecast's results", async () => {
    const layer = (x: Tensor<[number, 8], "float32">) => softmax(relu(matmul(layerNorm(x, gamma, beta), w)), -1);
    await checkOnnx(layer as never, [{ shape: ["batch", 8] }], { runtime: ort, weights: { w, gamma, beta } });
  });

  it("runs integer and bool outputs, and several outputs", async () => {
    const both = (x: Tensor<[number, 8], "float32">) => ({ sign: x.greater(0), rounded: x.mul(4).round().cast("int32"), smooth: gelu(x) });
    await checkOnnx(both as never, [{ shape: ["batch", 8] }], { runtime: ort });
  });
});
