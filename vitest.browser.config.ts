/**
 * The runtime test suite in headless Chromium (`npm run test:browser`): the
 * same test files as under Node, so the same assertions run in both engines,
 * plus test/browser/ (the WebAssembly kernel really runs there, and a set of
 * results equals Node's). Chromium is the system's (Debian's `chromium`
 * package; CHROMIUM_PATH names another binary), driven by playwright; no
 * browser is downloaded.
 */
import { fileURLToPath } from "node:url";
import { playwright } from "@vitest/browser-playwright";
import { configDefaults, defineConfig } from "vitest/config";
import type { NodeResults } from "./test/browser/same-results.test.js";
import { CHROMIUM_ARGS, chromiumPath } from "./test/support/chromium.js";

export default defineConfig({
  resolve: {
    // as in vitest.config.ts: tests import the package by name, and run against the sources
    alias: [
      { find: /^shapecast$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
      { find: /^shapecast\/npz$/, replacement: fileURLToPath(new URL("./src/io/npz.ts", import.meta.url)) },
      { find: /^shapecast\/onnx$/, replacement: fileURLToPath(new URL("./src/onnx/index.ts", import.meta.url)) },
    ],
  },
  test: {
    // as under Node: each file as a program that loaded the package entry (test/support/setup.ts)
    setupFiles: ["test/support/setup.ts"],
    include: [
      "test/ops/**/*.test.ts",
      "test/kernels/**/*.test.ts",
      "test/shape/**/*.test.ts",
      "test/properties/**/*.test.ts",
      "test/fuzz/**/*.test.ts",
      "test/tensor.test.ts",
      "test/contract.test.ts",
      "test/catalog.test.ts",
      // the weights files' round trips (the files NumPy wrote are read with fs: Node only)
      "test/io/round-trip.test.ts",
      // gradients against finite differences, the losses and optimizers (not tfjs.test.ts: TensorFlow.js
      // as Node loads it)
      "test/autodiff/gradients.test.ts",
      "test/autodiff/conv-gradients.test.ts",
      "test/autodiff/einsum-transpose-gradients.test.ts",
      "test/autodiff/grad.test.ts",
      "test/autodiff/train.test.ts",
      "test/browser/**/*.test.ts",
      // exported models run by onnxruntime-web in the page (the other ONNX tests use onnxruntime-node)
      "test/onnx/web.test.ts",
    ],
    // Left out: the tests that need Node itself. Not listed above: cli/ (runs the executable on
    // fixture projects), examples.test.ts and probes/ (child processes), parity.test.ts and
    // first-lines.test.ts (the TypeScript compiler), portability.test.ts (reads the sources),
    // inspect.test.ts (node:util). Excluded here:
    exclude: [
      ...configDefaults.exclude,
      // the type-level parity suites compile types with the TypeScript compiler
      "test/shape/*-parity.test.ts",
      // checks the window rule's type twin through the TypeScript compiler as well
      "test/shape/window.test.ts",
      // reads the WebAssembly source with fs and assembles it with wabt
      "test/kernels/wasm-source.test.ts",
      // reads the sources with fs and runs the TypeScript compiler (scripts/method-types.ts)
      "test/ops/method-types-source.test.ts",
      // compiles the type-level arithmetic with the TypeScript compiler, and reads its tables with fs
      "test/shape/arithmetic.test.ts",
      // reads the source files with fs to check their imports
      "test/properties/independence.test.ts",
      // reads the corpus the Python writers made with fs
      "test/fuzz/weights-python.test.ts",
      // runs the exported models in onnxruntime-node
      "test/fuzz/onnx.test.ts",
      // compares the resize kernels with onnxruntime-node's Resize
      "test/ops/resize.test.ts",
    ],
    // as in vitest.config.ts (the fuzz properties set their own 120 s)
    testTimeout: 120_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: chromiumPath(),
          args: [...CHROMIUM_ARGS],
        },
      }),
      instances: [{ browser: "chromium" }],
      // the tests compute, they draw nothing: a screenshot of a failure would only be a blank page
      screenshotFailures: false,
      commands: {
        // test/browser/same-results.test.ts: the results computed here, in Node, to compare with Chromium's
        nodeResults: async ({ project }): Promise<NodeResults> => {
          const node = await project.import<typeof import("./test/browser/results.js")>("./test/browser/results.ts");
          return { environment: node.environment(), engine: node.matmulEngine(), results: node.results() };
        },
      },
    },
  },
});
