/**
 * The reference the properties compare the engine with must not run the
 * library's code: a reference that reuses the library's broadcast layout or
 * dtype rules agrees with the library's bugs (a shifted pdpd axis map passed
 * every run while it did). This follows the modules test/support/reference.ts
 * loads at run time (type-only imports load nothing) and fails on any in src/.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The specifiers a module loads at run time: every import and re-export except `import type` / `export type`. */
function runtimeSpecifiers(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[^;"']*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(statement)) if (match[2] === undefined) found.push(match[3]!);
  return found;
}

/** Every module (a path from the root, or a package name) `entry` loads at run time, itself included. */
function runtimeGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    const name = relative(root, file);
    if (seen.has(name)) return;
    seen.add(name);
    for (const specifier of runtimeSpecifiers(readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier).replace(/\.js$/, ".ts"));
      else seen.add(specifier);
    }
  };
  visit(resolve(root, entry));
  return seen;
}

const fromLibrary = (modules: Set<string>): string[] => [...modules].filter((m) => m.startsWith("src/") || m === "shapecast");

describe("the properties' reference", () => {
  it("loads no module of the library", () => {
    const modules = runtimeGraph("test/support/reference.ts");
    expect(modules).toContain("test/fuzz/support/fit.ts"); // the walk reached the rules it reuses
    expect(fromLibrary(modules)).toEqual([]);
  });

  it("(the walk sees the library where it is loaded: through the properties and through the fuzz generators)", () => {
    expect(fromLibrary(runtimeGraph("test/properties/elementwise.test.ts"))).toContain("src/ops/elementwise.ts");
    expect(fromLibrary(runtimeGraph("test/fuzz/support/broadcast.ts"))).toContain("shapecast");
  });

  it("(type-only imports and re-exports load nothing; mixed ones do)", () => {
    const source = [
      'import type { A } from "./a.js";',
      'import { type B, c } from "./b.js";',
      'export type { D } from "./d.js";',
      'export { e } from "./e.js";',
      'import "./f.js";',
      "import {\n  type G,\n  h,\n} from \"./g.js\";",
      'import * as i from "./i.js";',
    ].join("\n");
    expect(runtimeSpecifiers(source)).toEqual(["./b.js", "./e.js", "./f.js", "./g.js", "./i.js"]);
  });
});
