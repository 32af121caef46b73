// @ts-check
/**
 * Mutation testing (`npm run test:mutation`; not part of `npm test`): Stryker
 * changes src/shape and src/kernels one small edit at a time and runs the unit
 * tests that cover the edit (vitest.stryker.config.ts); a mutant no test
 * fails "survives"; reports/mutation/ lists the survivors.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.stryker.config.ts", related: false },
  mutate: ["src/shape/**/*.ts", "src/kernels/**/*.ts", "!src/kernels/**/*.wasm.ts"],
  coverageAnalysis: "perTest",
  // the default adds "// @ts-nocheck" to every file it copies, which vitest has no use for and
  // test/kernels/matmul-wasm-source.test.ts reads as a change to the generated module
  disableTypeChecks: false,
  concurrency: 2,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
