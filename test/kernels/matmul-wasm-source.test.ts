/**
 * The committed WebAssembly matmul module is its source assembled. Apart from
 * matmul-wasm.test.ts because it reads the source with Node's fs and assembles
 * it with wabt: that file runs in the browser too (vitest.browser.config.ts),
 * this one only under Node.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assemble, moduleText, wasmDir } from "../../scripts/wasm.js";

describe("WebAssembly matmul kernel", () => {
  it("is committed as its source assembles (npm run build:wasm)", async () => {
    const committed = readFileSync(join(wasmDir, "matmul.wasm.ts"), "utf8");
    expect(committed).toBe(moduleText("matmul", await assemble("matmul")));
  });
});
