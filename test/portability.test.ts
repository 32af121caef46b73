/** The runtime core runs unchanged in browsers and workers: no Node-only module or global in src/. */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./support/compiler.js";

const NODE_MODULES = ["fs", "path", "util", "os", "child_process", "crypto", "buffer", "stream", "url", "worker_threads", "module", "process"];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(folder, entry.name)) : entry.name.endsWith(".ts") ? [join(folder, entry.name)] : [],
  );
}

describe("src/ uses no Node-only API", () => {
  const files = sources(join(root, "src"));

  it("finds the sources", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [relative(root, file), file]))("%s", (_, file) => {
    const text = readFileSync(file, "utf8");
    const imports = [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1]!);
    for (const specifier of imports) {
      expect(specifier.startsWith("node:"), `${specifier} is a Node module`).toBe(false);
      expect(NODE_MODULES.includes(specifier), `${specifier} is a Node module`).toBe(false);
    }
    // Node globals (the inspect hook uses Symbol.for, which every engine has)
    expect(text).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(|__dirname/);
  });
});
