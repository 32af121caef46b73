/**
 * Builds the playground into playground/dist/ (a static page: index.html,
 * style.css, main.js, the two workers and the service worker) and, with
 * `--serve`, serves it: `npm run playground` builds and serves it on
 * http://localhost:8080 (`-- --port N` for another port).
 *
 * files.json holds the files the language worker's TypeScript reads:
 * shapecast's declarations, emitted here from the sources (so the page never
 * depends on an earlier `npm run build`), the standard library's es2022
 * declarations, and a declaration of `console` for the programs.
 */
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import ts from "typescript";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

/** shapecast's declarations as the package ships them, by their path in the package (`dist/src/index.d.ts`). */
export function declarations(): Map<string, string> {
  const configPath = join(root, "tsconfig.build.json");
  const config = ts.getParsedCommandLineOfConfigFile(configPath, { emitDeclarationOnly: true, declaration: true, noEmit: false }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (config === undefined) throw new Error(`cannot read ${configPath}`);
  const out = new Map<string, string>();
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const result = program.emit(undefined, (fileName, text) => {
    if (fileName.endsWith(".d.ts")) out.set(relative(root, fileName).split("\\").join("/"), text);
  }, undefined, true);
  const errors = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" }));
  return out;
}

/** The standard library's declarations for es2022: lib.es2022.d.ts and every lib it references, by file name. */
export function standardLibrary(): Map<string, string> {
  const dir = dirname(ts.getDefaultLibFilePath({}));
  const out = new Map<string, string>();
  const queue = ["es2022"];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const file = `lib.${name}.d.ts`;
    if (out.has(file)) continue;
    const text = readFileSync(join(dir, file), "utf8");
    out.set(file, text);
    for (const match of text.matchAll(/<reference lib="([^"]+)"/g)) queue.push(match[1]!);
  }
  return out;
}

/** The files of the language worker's file system. */
export function workerFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [name, text] of standardLibrary()) files[`/${name}`] = text;
  for (const [path, text] of declarations()) files[`/node_modules/shapecast/${path}`] = text;
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, unknown>;
  files["/node_modules/shapecast/package.json"] = JSON.stringify({ name: pkg["name"], version: pkg["version"], type: pkg["type"], types: pkg["types"], exports: pkg["exports"] });
  // the programs print with console.log; the page has no DOM for them, so only this much of it
  files["/globals.d.ts"] = [
    "interface Console { log(...data: unknown[]): void; info(...data: unknown[]): void; debug(...data: unknown[]): void; warn(...data: unknown[]): void; error(...data: unknown[]): void }",
    "declare var console: Console;",
    "",
  ].join("\n");
  return files;
}

/** The example programs, in the list's order, with their titles. */
export const EXAMPLES = [
  { name: "broadcast", title: "Broadcast modes" },
  { name: "mlp", title: "MLP" },
  { name: "attention", title: "Attention" },
  { name: "convolution", title: "Convolution" },
] as const;

/**
 * The module `playground:examples`, the page's `node:util`, shapecast/catalog
 * from the sources, and the language service left a file of its own.
 */
function playgroundModules(): esbuild.Plugin {
  return {
    name: "playground",
    setup(build) {
      build.onResolve({ filter: /^playground:/ }, (args) => ({ path: args.path, namespace: "playground" }));
      build.onLoad({ filter: /^playground:examples$/, namespace: "playground" }, () => ({
        contents: JSON.stringify(EXAMPLES.map((e) => ({ ...e, text: readFileSync(join(here, "examples", `${e.name}.ts`), "utf8") }))),
        loader: "json",
        watchFiles: EXAMPLES.map((e) => join(here, "examples", `${e.name}.ts`)),
      }));
      build.onResolve({ filter: /^node:util$/ }, () => ({ path: join(here, "src/shims/node-util.ts") }));
      build.onResolve({ filter: /^shapecast\/catalog$/ }, () => ({ path: join(root, "src/catalog.ts") }));
      // language.ts imports it when it runs: the entry starts fetching files.json first
      build.onResolve({ filter: /^\.\/language-service\.js$/ }, (args) => (args.importer.endsWith("language.ts") ? { path: "./language-service.js", external: true } : undefined));
    },
  };
}

export interface Built {
  readonly outdir: string;
  /** Each file of the page with its size in bytes. */
  readonly files: ReadonlyMap<string, number>;
}

/** Build the page into `outdir`, saying what it does on `log`. */
export async function buildPlayground(outdir = join(here, "dist"), log: (line: string) => void = () => {}): Promise<Built> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  let started = performance.now();
  log("emitting shapecast's declarations for the language worker…");
  const files = workerFiles();
  log(`  ${Object.keys(files).length} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  log("bundling the page and its workers…");
  const common: esbuild.BuildOptions = {
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    // TypeScript's and @typescript/vfs's Node-only paths name Node's modules; the page never takes them
    external: ["fs", "path", "os", "crypto", "buffer", "inspector", "perf_hooks", "source-map-support", "module", "url", "util"],
  };
  await esbuild.build({
    ...common,
    entryPoints: {
      main: join(here, "src/main.ts"),
      language: join(here, "src/language.ts"),
      "language-service": join(here, "src/language-service.ts"),
      runner: join(here, "src/runner.ts"),
    },
    outdir,
    plugins: [playgroundModules()],
  });
  writeFileSync(join(outdir, "files.json"), JSON.stringify(files));
  for (const file of ["index.html", "style.css"]) copyFileSync(join(here, file), join(outdir, file));
  const pageFiles = readdirSync(outdir).sort();
  const version = createHash("sha256");
  for (const file of pageFiles) version.update(file).update(readFileSync(join(outdir, file)));
  await esbuild.build({
    ...common,
    entryPoints: { sw: join(here, "src/sw.ts") },
    outdir,
    define: { PLAYGROUND_FILES: JSON.stringify(pageFiles), PLAYGROUND_VERSION: JSON.stringify(version.digest("hex").slice(0, 12)) },
  });
  const sizes = new Map(readdirSync(outdir).sort().map((file) => [file, statSync(join(outdir, file)).size] as const));
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  log(`  ${sizes.size} files, ${(total / 1e6).toFixed(2)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { outdir, files: sizes };
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
};

/** Serve `dir` on `port` (0: any free port) of localhost; resolves with its address. */
export function servePlayground(dir: string, port = 8080): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = resolve(dir, `.${path === "/" ? "/index.html" : path}`);
    if (!file.startsWith(resolve(dir))) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache" }).end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${path}\n`);
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address !== null ? address.port : port;
      resolvePromise({ url: `http://localhost:${actual}/`, server });
    });
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf("--port");
  const port = portAt === -1 ? 8080 : Number(args[portAt + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`playground: --port takes a port number (0 to 65535), got ${args[portAt + 1] ?? "nothing"}`);
    process.exit(2);
  }
  const built = await buildPlayground(undefined, (line) => console.error(line));
  if (args.includes("--serve")) {
    const { url } = await servePlayground(built.outdir, port);
    console.error(`serving the playground at ${url} (Ctrl+C stops)`);
  } else {
    console.error(`built into ${relative(process.cwd(), built.outdir) || "."}`);
  }
}
