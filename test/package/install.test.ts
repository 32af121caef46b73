/**
 * What ships works: the package as a user gets it. Packs the library and the
 * command line from a clean checkout (the files git has, no build output),
 * installs the tarballs into a fresh project outside the repository, and
 * there imports the runtime, resolves the types (`shapecast`,
 * `shapecast/types`), compiles a small typed program and runs it. Also checks
 * the tarballs' contents, publint --strict and @arethetypeswrong/cli.
 *
 * The library's tarball installs offline (it has no dependencies; fflate, for
 * shapecast/npz, is an optional peer the app installs from npm's cache; onnx-proto
 * and onnxruntime-node, for shapecast/onnx, are linked from the repository's
 * node_modules); the command line's
 * brings ts-morph, from npm's cache after `npm ci`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../support/compiler.js";

const SLOW = 600_000;
const work = mkdtempSync(join(tmpdir(), "shapecast-package-"));
const checkout = join(work, "checkout");
const app = join(work, "app");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

interface Packed {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

/** `npm ...args` in `cwd`; throws with npm's output when it fails. */
function npm(args: readonly string[], cwd: string): string {
  const result = spawnSync("npm", args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm pack --json` of the package in `folder`; its scripts run (prepack builds). */
function pack(folder: string, workspace?: string): Packed {
  const args = ["pack", "--json", "--pack-destination", work, ...(workspace === undefined ? [] : ["-w", workspace])];
  const report = JSON.parse(npm(args, folder).replace(/^[^[]*/s, "")) as Packed[];
  return report[0]!;
}

/** A copy of the repository as a fresh clone has it: tracked files and new ones not ignored, no dist/. */
function cleanCheckout(): void {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  for (const file of new Set(listed.split("\0").filter((f) => f !== ""))) {
    if (!existsSync(join(root, file))) continue; // deleted in the work tree, not yet committed
    mkdirSync(dirname(join(checkout, file)), { recursive: true });
    cpSync(join(root, file), join(checkout, file));
  }
  // the installed dev tools, linked, but the workspace links point into the checkout itself
  mkdirSync(join(checkout, "node_modules"));
  for (const entry of readdirSync(join(root, "node_modules"))) {
    if (entry === "shapecast" || entry === "shapecast-cli") continue;
    symlinkSync(join(root, "node_modules", entry), join(checkout, "node_modules", entry));
  }
  symlinkSync(checkout, join(checkout, "node_modules", "shapecast"));
  symlinkSync(join(checkout, "cli"), join(checkout, "node_modules", "shapecast-cli"));
}

let library: Packed;
let cli: Packed;

beforeAll(() => {
  cleanCheckout();
  expect(existsSync(join(checkout, "dist"))).toBe(false);
  library = pack(checkout);
  cli = pack(checkout, "shapecast-cli");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }, null, 2));
}, SLOW);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the library's tarball", () => {
  it("holds the built code, the declarations, README, LICENSE and package.json, and no maps or sources", () => {
    const paths = library.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json", "dist/src/index.js", "dist/src/index.d.ts", "dist/types/index.d.ts", "dist/src/catalog.js"]));
    expect(paths.filter((p) => p.endsWith(".map"))).toEqual([]);
    expect(paths.filter((p) => !(p.endsWith(".js") || p.endsWith(".d.ts")) && !["LICENSE", "README.md", "package.json"].includes(p))).toEqual([]);
    expect(paths.filter((p) => p.startsWith("dist/cli/") || p.startsWith("dist/test"))).toEqual([]);
  });

  it("passes publint --strict", () => {
    const result = spawnSync(process.execPath, [join(root, "node_modules", "publint", "src", "cli.js"), "--strict"], { cwd: checkout, encoding: "utf8" });
    expect(result.stdout + result.stderr).toContain("All good");
    expect(result.status).toBe(0);
  }, SLOW);

  it("passes @arethetypeswrong/cli for node10, node16 (from ESM) and bundlers; ESM only, so require() is the one rule left out", () => {
    const attw = join(root, "node_modules", "@arethetypeswrong", "cli", "dist", "index.js");
    const result = spawnSync(process.execPath, [attw, join(work, library.filename), "--ignore-rules", "cjs-resolves-to-esm", "--format", "table-flipped"], { encoding: "utf8" });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    for (const entry of ['"shapecast"', '"shapecast/types"', '"shapecast/catalog"', '"shapecast/npz"', '"shapecast/onnx"']) expect(result.stdout).toContain(entry);
    expect(result.stdout).not.toMatch(/💀|❌|🐛|🎭|🥴/u);
  }, SLOW);
});

describe("installed into a fresh project outside the repository", () => {
  beforeAll(() => {
    npm(["install", "--offline", "--no-audit", "--no-fund", join(work, library.filename)], app);
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2022", "dom"], types: [], skipLibCheck: false, noEmit: false } }, null, 2),
    );
    writeFileSync(
      join(app, "main.ts"),
      [
        `import { add, broadcastShapes, matmul, ShapeError, tensor, zeros, type Tensor } from "shapecast";`,
        `import type { BroadcastShapes, ErrorMessage } from "shapecast/types";`,
        ``,
        `const x: Tensor<[2, 3], "float32"> = add(zeros([2, 3]), tensor([1, 2, 3]));`,
        `const shape: BroadcastShapes<[2, 3], [3]> = x.shape;`,
        `const product: Tensor<[2, 4], "float32"> = matmul(x, zeros([3, 4]));`,
        `const message: ErrorMessage<BroadcastShapes<[2, 3], [4]>> = "broadcastShapes (numpy): axis 1 has 3 vs 4; cannot broadcast [2, 3] with [4]";`,
        `let thrown = "";`,
        `try { broadcastShapes([2, 3] as number[], [4] as number[]); } catch (error) { if (error instanceof ShapeError) thrown = error.message; }`,
        `console.log(JSON.stringify({ shape, values: x.add(1).toArray(), product: product.shape, same: thrown === message }));`,
      ].join("\n"),
    );
  }, SLOW);

  it("installs nothing but shapecast", () => {
    const installed = readdirSync(join(app, "node_modules")).filter((entry) => entry !== ".package-lock.json");
    expect(installed).toEqual(["shapecast"]);
    const lock = JSON.parse(readFileSync(join(app, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages).filter((key) => key !== "")).toEqual(["node_modules/shapecast"]);
  });

  it("compiles a typed program against the installed declarations and runs it", () => {
    const compiled = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: app, encoding: "utf8" });
    expect(compiled.stdout + compiled.stderr).toBe("");
    expect(compiled.status).toBe(0);
    const ran = JSON.parse(execFileSync(process.execPath, [join(app, "main.js")], { cwd: app, encoding: "utf8" })) as unknown;
    expect(ran).toEqual({ shape: [2, 3], values: [[2, 3, 4], [2, 3, 4]], product: [2, 4], same: true });
  }, SLOW);

  it("gives a shape error at compile time with the library's message", () => {
    writeFileSync(join(app, "misfit.ts"), `import { add, zeros } from "shapecast";\nexport const y = add(zeros([2, 3]), zeros([4]));\n`);
    try {
      const compiled = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json", "--noEmit"], { cwd: app, encoding: "utf8" });
      expect(compiled.status).toBe(2);
      expect(compiled.stdout).toContain("misfit.ts(2,");
      expect(compiled.stdout).toContain("add (numpy): axis 1 has 3 vs 4; cannot broadcast [2, 3] with [4]");
    } finally {
      rmSync(join(app, "misfit.ts"));
    }
  }, SLOW);

  it("takes the command line from its own package, with the `shapecast` executable", () => {
    const manifest = JSON.parse(readFileSync(join(checkout, "cli", "package.json"), "utf8")) as { bin: Record<string, string>; peerDependencies: Record<string, string> };
    expect(Object.keys(manifest.bin)).toEqual(["shapecast"]);
    expect(manifest.peerDependencies).toHaveProperty("shapecast");
    const paths = cli.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json", "dist/main.js", "dist/commands/check.js"]));
    expect(paths.filter((p) => p.endsWith(".map") || p.endsWith(".ts"))).toEqual([]);

    npm(["install", "--prefer-offline", "--no-audit", "--no-fund", "--save-dev", join(work, cli.filename)], app);
    const executable = join(app, "node_modules", ".bin", "shapecast");
    const explain = spawnSync(executable, ["explain", "8,1,6", "7,1"], { cwd: app, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(explain.stderr).toBe("");
    expect(explain.stdout).toContain("[8, 7, 6]");
    expect(explain.status).toBe(0);

    writeFileSync(join(app, "misfit.ts"), `import { add, zeros } from "shapecast";\nexport const y = add(zeros([2, 3]), zeros([4]));\n`);
    const check = spawnSync(executable, ["check"], { cwd: app, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    expect(check.stdout).toContain("misfit.ts:2:");
    expect(check.stdout).toContain("add (numpy): axis 1 has 3 vs 4");
    expect(check.status).toBe(1);

    // the language-service plugin: CommonJS, as tsserver requires it by the name tsconfig gives
    expect(paths).toEqual(expect.arrayContaining(["plugin/index.js", "plugin/package.json"]));
    const plugin = spawnSync(process.execPath, ["-e", 'const init = require("shapecast-cli/plugin"); console.log(typeof init, typeof init({ typescript: {} }).create)'], { cwd: app, encoding: "utf8" });
    expect(plugin.stderr).toBe("");
    expect(plugin.stdout.trim()).toBe("function function");
  }, SLOW);

  it("reads and writes .npz through shapecast/npz once the app installs fflate, its optional peer", () => {
    npm(["install", "--offline", "--no-audit", "--no-fund", "fflate"], app);
    writeFileSync(
      join(app, "npz.ts"),
      [
        `import { tensor, type Tensor } from "shapecast";`,
        `import { fromNpz, toNpz } from "shapecast/npz";`,
        `const bytes = toNpz({ w: tensor([[1, 2], [3, 4]]) }, { compress: true });`,
        `const { w } = fromNpz(bytes, { w: [2, 2] });`,
        `const typed: Tensor<[2, 2], "float32"> = w;`,
        `console.log(JSON.stringify(typed.toArray()));`,
      ].join("\n"),
    );
    writeFileSync(join(app, "tsconfig.npz.json"), JSON.stringify({ extends: "./tsconfig.json", files: ["npz.ts"] }));
    const compiled = spawnSync(process.execPath, [tsc, "-p", "tsconfig.npz.json"], { cwd: app, encoding: "utf8" });
    expect(compiled.stdout + compiled.stderr).toBe("");
    expect(execFileSync(process.execPath, [join(app, "npz.js")], { cwd: app, encoding: "utf8" }).trim()).toBe("[[1,2],[3,4]]");
  }, SLOW);

  it("exports a typed function to ONNX and runs it in ONNX Runtime through shapecast/onnx once the app installs its optional peers", () => {
    // the peers as the app would have them installed: linked from the repository's node_modules (an
    // offline npm install would need registry metadata for their dependencies that npm ci never fetches)
    for (const peer of ["onnx-proto", "onnxruntime-node"]) symlinkSync(join(root, "node_modules", peer), join(app, "node_modules", peer));
    writeFileSync(
      join(app, "onnx.ts"),
      [
        `import { matmul, relu, tensor, type Dim, type Tensor } from "shapecast";`,
        `import { exportOnnx, importOnnxWeights, onnxSession } from "shapecast/onnx";`,
        `const w = tensor([[1, -1], [2, 0.5]]);`,
        `const layer = (x: Tensor<[Dim<"batch">, 2], "float32">) => relu(matmul(x, w));`,
        `const bytes = exportOnnx(layer, [{ shape: ["batch", 2] }], { weights: { w } });`,
        `const { w: read } = importOnnxWeights(bytes, { w: [2, 2] });`,
        `const run = await onnxSession(layer, [{ shape: ["batch", 2] }]);`,
        `const y: Tensor<[Dim<"batch">, 2], "float32"> = await run(tensor([[1, 1], [0, 2], [-1, 0]]) as Tensor<[Dim<"batch">, 2], "float32">);`,
        `console.log(JSON.stringify(y.toArray()), JSON.stringify(read.toArray()));`,
        `await run.release();`,
      ].join("\n"),
    );
    writeFileSync(join(app, "tsconfig.onnx.json"), JSON.stringify({ extends: "./tsconfig.json", files: ["onnx.ts"] }));
    const compiled = spawnSync(process.execPath, [tsc, "-p", "tsconfig.onnx.json"], { cwd: app, encoding: "utf8" });
    expect(compiled.stdout + compiled.stderr).toBe("");
    expect(execFileSync(process.execPath, [join(app, "onnx.js")], { cwd: app, encoding: "utf8" }).trim()).toBe("[[3,0],[4,1],[0,1]] [[1,-1],[2,0.5]]");
  }, SLOW);

  describe("bundled by esbuild, as an app for the browser is", () => {
    /** Bundles `source` (an ES module importing the installed package) and runs the bundle: its output, and the bundle's text. */
    async function bundled(name: string, source: string): Promise<{ printed: string; text: string }> {
      const { build } = await import("esbuild");
      const entry = join(app, `${name}.mjs`);
      const outfile = join(app, `${name}.bundle.mjs`);
      writeFileSync(entry, source);
      // resolved from the app's node_modules as an installed package (its exports and "sideEffects": false)
      await build({ entryPoints: [entry], outfile, bundle: true, minify: true, format: "esm", platform: "neutral", logLevel: "error", tsconfigRaw: "{}" });
      const ran = spawnSync(process.execPath, [outfile], { cwd: app, encoding: "utf8" });
      expect(ran.stderr).toBe("");
      return { printed: ran.stdout.trim(), text: readFileSync(outfile, "utf8") };
    }
    /** The start of an assembled WebAssembly module ("\0asm", version 1) in base64: the engine's bytes. */
    const WASM_MODULE = "AGFzbQEAAAA";

    it("keeps the ops the program calls and their methods; a method whose op it left out names enableMethods()", async () => {
      const { printed, text } = await bundled(
        "ops",
        [
          `import { add, tensor } from "shapecast";`,
          `console.log(JSON.stringify(add(tensor([1, 2]), 1).add(3).toArray()));`,
          `try { tensor([1, 2]).mul(2); } catch (error) { console.log(error.constructor.name, error.message); }`,
        ].join("\n"),
      );
      expect(printed.split("\n")).toEqual([
        "[5,6]",
        'TypeError x.mul(): mul is not in this program: a bundler left it out, as it leaves out every op the program does not call. Call enableMethods() once at start-up (import { enableMethods } from "shapecast") to keep every method, or call mul(x, ...) as a function',
      ]);
      expect(text).not.toContain(WASM_MODULE);
    }, SLOW);

    it("keeps every op, and so every method, once the program calls enableMethods()", async () => {
      const { printed } = await bundled(
        "methods",
        [
          `import { enableMethods, tensor } from "shapecast";`,
          `enableMethods();`,
          `const x = tensor([[1, 2], [3, 4]]);`,
          `console.log(JSON.stringify([x.add(1).mul(2).toArray(), x.sum(-1).toArray(), x.transpose().toArray(), x.matmul(x).toArray()]));`,
        ].join("\n"),
      );
      expect(JSON.parse(printed)).toEqual([[[4, 6], [8, 10]], [3, 7], [[1, 3], [2, 4]], [[7, 10], [15, 22]]]);
    }, SLOW);

    it("carries the WebAssembly SIMD engine only when the program calls enableSimd(), and it runs there", async () => {
      const { printed, text } = await bundled(
        "simd",
        [`import { add, enableSimd, ones, sum } from "shapecast";`, `console.log(enableSimd(), sum(add(ones([512, 512]), 1)).item());`].join("\n"),
      );
      expect(printed).toBe(`true ${2 * 512 * 512}`);
      expect(text).toContain(WASM_MODULE);
    }, SLOW);
  });
});
