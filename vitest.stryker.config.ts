/**
 * The vitest project Stryker runs (`npm run test:mutation`, stryker.config.mjs):
 * the unit tests of the runtime that mutants of src/shape and src/kernels can
 * fail, in this process. Left out: the CLI tests, the examples and the probes
 * (they run the code in child processes, where no mutant is active), the
 * type-level parity tests (they compile thousands of types and check types/,
 * which Stryker does not mutate) and the fuzz suite (15 s a run, too slow to
 * repeat for each of about 1,700 mutants on 2 cores).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // as in vitest.config.ts: tests import the package by name, and run against the sources
    alias: { shapecast: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
  },
  test: {
    // as in vitest.config.ts: each file as a program that loaded the package entry
    setupFiles: ["test/support/setup.ts"],
    include: [
      "test/shape/**/*.test.ts",
      "test/kernels/**/*.test.ts",
      "test/ops/**/*.test.ts",
      "test/properties/**/*.test.ts",
      "test/tensor.test.ts",
      "test/contract.test.ts",
    ],
    // these compare the runtime with the type level, compiling types as they load
    exclude: ["test/shape/*-parity.test.ts"],
    // instrumented code is slower: at vitest's default 5 s, the large-product matmul test timed out
    // under mutants that do not slow it, and counted them as killed; a mutant that hangs is still
    // stopped by Stryker's own timeout (the dry run's time, x 1.5, + 5 s)
    testTimeout: 60_000,
  },
});
