/**
 * The methods' types (src/ops/method-types.ts) and names (src/ops/method-names.ts) are what scripts/method-types.ts makes from each
 * op's own signatures now: a changed op fails here until `npm run build:methods` is run.
 * (Node only: it reads the sources and runs the TypeScript compiler.)
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { generate, generateNames, namesTarget, target } from "../../scripts/method-types.js";

it("src/ops/method-types.ts is what npm run build:methods writes", () => {
  expect(readFileSync(target, "utf8")).toBe(generate());
}, 60_000);

it("src/ops/method-names.ts is what npm run build:methods writes", () => {
  expect(readFileSync(namesTarget, "utf8")).toBe(generateNames());
});
