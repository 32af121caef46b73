import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // tests import the package by name, as users do, but run against the sources
    alias: [
      { find: /^shapecast$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
      { find: /^shapecast\/catalog$/, replacement: fileURLToPath(new URL("./src/catalog.ts", import.meta.url)) },
      { find: /^shapecast\/npz$/, replacement: fileURLToPath(new URL("./src/io/npz.ts", import.meta.url)) },
      { find: /^shapecast\/onnx$/, replacement: fileURLToPath(new URL("./src/onnx/index.ts", import.meta.url)) },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // each file as a program that loaded the package entry (the SIMD engine on): test/support/setup.ts
    setupFiles: ["test/support/setup.ts"],
    // test/browser/ runs only in Chromium (npm run test:browser, vitest.browser.config.ts), and so
    // does test/playground/playground.test.ts (it drives Chromium from Node: vitest.playground.config.ts)
    exclude: [...configDefaults.exclude, "test/browser/**", "test/playground/playground.test.ts"],
    // the parity test compiles a program of 1,000+ type-level cases
    testTimeout: 120_000,
    // two files at a time: vitest's default (one worker fewer than the cores) runs one at a time on
    // a 2-core machine, and most files are compilers or command-line runs that keep one core busy;
    // files that write under test/.generated/ each use names of their own
    maxWorkers: 2,
  },
});
