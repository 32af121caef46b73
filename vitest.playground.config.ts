/**
 * The playground's tests (test/playground/): Node builds and serves the page
 * and drives the system's Chromium through playwright-core. Part of
 * `npm run test:browser`, after the runtime suite in Chromium.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [{ find: /^shapecast$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) }],
  },
  test: {
    include: ["test/playground/playground.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
