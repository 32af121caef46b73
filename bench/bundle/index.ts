/**
 * `npm run bench:bundle`: what an app pays in bytes for what it imports.
 * Builds the package (`npm run build`), then bundles small programs that
 * import it by name, as an app does, with esbuild (`--bundle --minify`,
 * ESM), against the built files and the package's `"sideEffects": false`.
 * Prints each bundle's minified and gzipped size, its largest modules, and
 * the targets: `broadcastShapes` alone at most 5 kB, `add` with `tensor` at
 * most 15 kB (1 kB = 1,000 bytes). Exits 1 when a target is missed.
 * Every program is also run, so a size is never that of a broken bundle.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(root, "bench", ".out", "bundle");

interface Case {
  readonly name: string;
  readonly source: string;
  /** What running the bundle prints. */
  readonly prints: string;
  readonly targetBytes?: number;
}

const cases: readonly Case[] = [
  {
    name: "broadcastShapes alone",
    source: `import { broadcastShapes } from "shapecast";\nconsole.log(broadcastShapes([8, 1, 6], [7, 1]).join(","));`,
    prints: "8,7,6",
    targetBytes: 5_000,
  },
  {
    name: "add and tensor",
    source: `import { add, tensor } from "shapecast";\nconsole.log(add(tensor([1, 2]), tensor([[10], [20]])).shape.join(","));`,
    prints: "2,2",
    targetBytes: 15_000,
  },
  {
    name: "add, tensor, x.add()",
    source: `import { add, tensor } from "shapecast";\nconsole.log(add(tensor([1, 2]), 1).add(tensor([[10], [20]])).toArray().join(","));`,
    prints: "12,13,22,23",
  },
  {
    name: "every method, asked for",
    source: `import { enableMethods, tensor } from "shapecast";\nenableMethods();\nconsole.log(tensor([1, 2]).add(1).mul(2).toArray().join(","));`,
    prints: "4,6",
  },
  {
    name: "the SIMD engine, asked for",
    source: `import { add, enableSimd, ones } from "shapecast";\nconsole.log(enableSimd(), add(ones([512, 512]), 1).shape.join(","));`,
    prints: "true 512,512",
  },
  {
    name: "matmul and softmax",
    source: `import { matmul, softmax, ones } from "shapecast";\nconsole.log(softmax(matmul(ones([2, 3]), ones([3, 4])), -1).shape.join(","));`,
    prints: "2,4",
  },
  {
    name: "the whole package",
    source: `import * as shapecast from "shapecast";\nconsole.log(Object.keys(shapecast).length > 50);`,
    prints: "true",
  },
];

console.log("building the package (npm run build) ...");
execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
mkdirSync(out, { recursive: true });

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
let missed = 0;
const rows: string[] = [];
for (const [index, c] of cases.entries()) {
  const entry = join(out, `case-${index}.js`);
  const bundled = join(out, `case-${index}.bundle.mjs`);
  writeFileSync(entry, `${c.source}\n`);
  const result = await build({
    entryPoints: [entry],
    outfile: bundled,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    metafile: true,
    logLevel: "error",
    // resolve `shapecast` as an installed package does (node_modules/shapecast, its exports and
    // sideEffects), not through the repository's tsconfig paths to the sources
    tsconfigRaw: "{}",
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const bytes = output.bytes;
  const gz = gzipSync(readFileSync(bundled)).length;
  const run = spawnSync(process.execPath, [bundled], { encoding: "utf8" });
  // (the last line of what it printed on failure: the error, not the minified bundle's line of code)
  if (run.status !== 0) throw new Error(`${c.name}: the bundle failed: ${run.stderr.trim().split("\n").pop()}`);
  const printed = run.stdout.trim();
  if (printed !== c.prints) throw new Error(`${c.name}: the bundle printed ${JSON.stringify(printed)}, expected ${JSON.stringify(c.prints)}`);
  const largest = Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 4)
    .map(([path, input]) => `${relative(join(root, "dist"), resolve(root, path))} ${kB(input.bytesInOutput)}`);
  let verdict = "";
  if (c.targetBytes !== undefined) {
    const met = bytes <= c.targetBytes;
    if (!met) missed++;
    verdict = `${met ? "met" : "MISSED"} (target <= ${kB(c.targetBytes)}, ${(bytes / c.targetBytes).toFixed(2)}x)`;
  }
  rows.push(`${c.name.padEnd(26)} ${kB(bytes).padStart(8)} min ${kB(gz).padStart(8)} gzip  ${verdict}\n${"".padEnd(27)}largest: ${largest.join(", ")}`);
}
console.log(`\nesbuild --bundle --minify --format=esm, from the built package:\n${rows.join("\n")}`);
process.exitCode = missed === 0 ? 0 : 1;
