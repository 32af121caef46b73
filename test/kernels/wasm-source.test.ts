/**
 * The committed WebAssembly modules are their sources assembled, and a
 * generated source is what its generator writes today (`npm run build:wasm`
 * rewrites both). Apart from the kernels' own tests because it reads the
 * sources with Node's fs and assembles them with wabt: those run in the
 * browser too (vitest.browser.config.ts), this one only under Node.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assemble, generated, kernels, moduleText, wasmDir } from "../../scripts/wasm.js";

describe("WebAssembly kernel modules", () => {
  for (const name of kernels) {
    const generate = generated[name];
    if (generate !== undefined) {
      it(`${name}.wat is what scripts/wat/ generates`, () => {
        expect(readFileSync(join(wasmDir, `${name}.wat`), "utf8")).toBe(generate());
      });
    }
    it(`${name}.wasm.ts is committed as ${name}.wat assembles`, async () => {
      const committed = readFileSync(join(wasmDir, `${name}.wasm.ts`), "utf8");
      expect(committed).toBe(moduleText(name, await assemble(name)));
    });
  }
});
