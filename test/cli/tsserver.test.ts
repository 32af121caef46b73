/**
 * The language-service plugin end to end: TypeScript 6's tsserver started as
 * an editor starts it, a project whose tsconfig names the plugin
 * (`"plugins": [{ "name": "shapecast-cli/plugin" }]`), and the protocol spoken
 * over stdin/stdout: open a file, ask for its diagnostics, quick info, code
 * fixes, refactors and inlay hints.
 * The plugin is bundled here as the package's build bundles it
 * (cli/editor/entry.ts to plugin/index.js, CommonJS), into the project's
 * node_modules/shapecast-cli/plugin/, where tsserver finds it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../support/compiler.js";

const project = join(root, "test", ".generated", "tsserver-project");
const main = join(project, "main.ts");
const source = [
  'import { add, matmul, zeros } from "../../../src/index.js";',
  "const a = zeros([2, 10]);",
  "const b = zeros([2, 11]);",
  "export const bad = add(a, b);",
  "export const good = matmul(zeros([32, 5]), zeros([5, 10]));",
  'export const xla = add(zeros([3, 3]), zeros([3]), { mode: "xla" });',
  "export const explicit = add(zeros([4, 10]), zeros([10]));",
  "",
].join("\n");

/** tsserver over its protocol: requests as JSON lines in, `Content-Length`-framed JSON out. */
class Server {
  private readonly process: ChildProcess;
  private buffer = Buffer.alloc(0);
  private seq = 0;
  private readonly waiting = new Map<number, (body: unknown) => void>();

  constructor() {
    this.process = spawn(process.execPath, [
      join(root, "node_modules", "typescript", "lib", "tsserver.js"),
      "--pluginProbeLocations", project,
      "--disableAutomaticTypingAcquisition",
      "--locale", "en",
    ], { stdio: ["pipe", "pipe", "inherit"] });
    this.process.stdout!.on("data", (chunk: Buffer) => this.read(chunk));
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const header = /^Content-Length: (\d+)\r\n\r\n/.exec(this.buffer.toString("latin1", 0, Math.min(this.buffer.length, 64)));
      if (header === null) return;
      const start = header[0].length;
      const length = Number(header[1]);
      if (this.buffer.length < start + length) return;
      const message = JSON.parse(this.buffer.toString("utf8", start, start + length)) as { type: string; request_seq?: number; body?: unknown; success?: boolean; message?: string };
      this.buffer = this.buffer.subarray(start + length);
      if (message.type === "response" && message.request_seq !== undefined) {
        const resolve = this.waiting.get(message.request_seq);
        this.waiting.delete(message.request_seq);
        resolve?.(message.success === false ? { error: message.message } : message.body);
      }
    }
  }

  /** Sends a request; resolves with its response's body (none for `open`, which has no response). */
  request(command: string, args: unknown, respond = true): Promise<unknown> {
    const seq = ++this.seq;
    const done = respond ? new Promise<unknown>((resolve) => this.waiting.set(seq, resolve)) : Promise.resolve(undefined);
    this.process.stdin!.write(`${JSON.stringify({ seq, type: "request", command, arguments: args })}\n`);
    return done;
  }

  close(): void {
    this.process.kill();
  }
}

let server: Server;

interface Diagnostic {
  readonly text: string;
  readonly start: { line: number; offset: number };
  readonly end: { line: number; offset: number };
  readonly source?: string;
  readonly code: number;
}

beforeAll(async () => {
  rmSync(project, { recursive: true, force: true });
  const pluginFolder = join(project, "node_modules", "shapecast-cli", "plugin");
  mkdirSync(pluginFolder, { recursive: true });
  await build({
    entryPoints: [join(root, "cli", "editor", "entry.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: join(pluginFolder, "index.js"),
    footer: { js: "module.exports = module.exports.default;" },
    // the library's op catalog from its sources (the package's build reads the built library)
    alias: { "shapecast/catalog": join(root, "src", "catalog.ts") },
    logLevel: "warning",
  });
  copyFileSync(join(root, "cli", "plugin", "package.json"), join(pluginFolder, "package.json"));
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", noEmit: true, types: [], skipLibCheck: true,
      plugins: [{ name: "shapecast-cli/plugin", inlayHints: true }],
    },
    files: ["main.ts"],
  }, null, 2));
  writeFileSync(main, source);
  server = new Server();
  await server.request("open", { file: main, projectRootPath: project }, false);
}, 60_000);

afterAll(() => server?.close());

/** 1-based line and offset of `needle` (plus `shift` characters) in the file. */
function at(needle: string, shift = 0): { line: number; offset: number } {
  const index = source.indexOf(needle) + shift;
  const before = source.slice(0, index).split("\n");
  return { line: before.length, offset: before.at(-1)!.length + 1 };
}

describe("the plugin in tsserver (TypeScript 6)", () => {
  it("reports a shape error as the library's message with the aligned-axes picture", async () => {
    const diagnostics = (await server.request("semanticDiagnosticsSync", { file: main })) as Diagnostic[];
    expect(diagnostics.map((d) => d.start.line)).toEqual([4, 6]);
    const [shape] = diagnostics;
    expect(shape!.source).toBe("shapecast");
    expect(shape!.text.split("\n")[0]).toBe("add (numpy): axis 1 has 10 vs 11; cannot broadcast [2, 10] with [2, 11]");
    expect(shape!.text).toMatch(/\^ axis 1: 10 vs 11/);
    expect(shape!.start.line).toBe(4);
  }, 60_000);

  it("shows shapes on hover, and a failed call's shape error", async () => {
    const hover = async (place: { line: number; offset: number }): Promise<string> =>
      ((await server.request("quickinfo", { file: main, ...place })) as { displayString: string }).displayString;
    expect(await hover(at("good ="))).toBe("good: Tensor<[32, 10], float32>");
    expect(await hover(at("add(a, b)", 1))).toBe("shape error: add (numpy): axis 1 has 10 vs 11; cannot broadcast [2, 10] with [2, 11]");
  }, 60_000);

  it("offers each valid broadcastDimensions of an xla misfit as a code fix", async () => {
    const diagnostics = (await server.request("semanticDiagnosticsSync", { file: main })) as Diagnostic[];
    const xla = diagnostics.find((d) => d.start.line === 6)!;
    const fixes = (await server.request("getCodeFixes", {
      file: main, startLine: xla.start.line, startOffset: xla.start.offset, endLine: xla.end.line, endOffset: xla.end.offset, errorCodes: [xla.code],
    })) as { fixName: string; description: string; changes: { textChanges: { newText: string }[] }[] }[];
    const ours = fixes.filter((f) => f.fixName === "shapecast");
    expect(ours.map((f) => f.description)).toEqual(["Use broadcastDimensions [0]", "Use broadcastDimensions [1]"]);
    expect(ours[0]!.changes[0]!.textChanges[0]!.newText).toBe(", broadcastDimensions: [0]");
  }, 60_000);

  it("offers to make a rank-changing numpy broadcast explicit, as a refactor", async () => {
    const place = at("add(zeros([4, 10])", 1);
    const refactors = (await server.request("getApplicableRefactors", { file: main, ...place })) as { name: string; description: string }[];
    const ours = refactors.find((r) => r.name === "shapecast: make the broadcast explicit");
    expect(ours?.description).toBe("Make the broadcast explicit (xla, broadcastDimensions [1])");
    const edits = (await server.request("getEditsForRefactor", { file: main, ...place, refactor: ours!.name, action: "explicit" })) as { edits: { textChanges: { newText: string }[] }[] };
    expect(edits.edits[0]!.textChanges.map((c) => c.newText)).toEqual([', { mode: "xla", broadcastDimensions: [1] }']);
  }, 60_000);

  it("shows the shape of const tensor bindings as inlay hints, as the plugin's config asks", async () => {
    const hints = (await server.request("provideInlayHints", { file: main, start: 0, length: source.length })) as { text: string; position: { line: number; offset: number } }[];
    // (not the bindings of failed calls, whose types are no shapes)
    expect(hints.map((h) => `${h.position.line}:${h.text}`)).toEqual(["2:: Tensor<[2, 10], float32>", "3:: Tensor<[2, 11], float32>", "5:: Tensor<[32, 10], float32>", "7:: Tensor<[4, 10], float32>"]);
  }, 60_000);
});
