/**
 * Runs the `shapecast` command line: `runCli` calls its `main` in this process, with its exit
 * code, stdout and stderr apart, as the executable would give them; `runCliProcess` runs the
 * executable itself, a process, as a user does (test/cli/help.test.ts checks the entry point
 * that way). In this process a call saves the 1.5 s a new process spends loading the command
 * line and the compiler, which most of the command-line tests' time was.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../cli/main.js";
import { processIo } from "../../cli/io.js";
import { root } from "../support/compiler.js";

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const cliEntry = join(root, "cli", "main.ts");
export const fixtures = join(root, "test", "cli", "fixtures");

/**
 * `shapecast ...args` in `cwd` in this process, without colour unless `env` asks for it (only
 * NO_COLOR and FORCE_COLOR are read); stdout and stderr are not terminals. An error the command
 * does not handle gives exit code 1 and its stack on stderr, as Node prints it.
 */
export async function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const env = { NO_COLOR: "1", FORCE_COLOR: "", ...options.env };
  const io = processIo({ write: (text: string) => (stdout += text) }, { write: (text: string) => (stderr += text) }, env, options.cwd ?? root);
  try {
    const code = await main(args, io);
    return { code, stdout, stderr };
  } catch (error) {
    return { code: 1, stdout, stderr: `${stderr}${(error as Error).stack ?? String(error)}\n` };
  }
}

/** `shapecast ...args` in `cwd` as a process of its own (the executable's entry point). */
export function runCliProcess(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliResult {
  const result = spawnSync(process.execPath, ["--import", "tsx", cliEntry, ...args], {
    cwd: options.cwd ?? root,
    encoding: "utf8",
    // tsx maps `shapecast` to the library's sources through the repository's tsconfig paths,
    // whatever folder the command runs in (an installed command line uses the built package)
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "", TSX_TSCONFIG_PATH: join(root, "tsconfig.json"), ...options.env },
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A copy of fixture folder `name` in a fresh folder under test/.generated/cli/
 * (git-ignored), so --write runs leave the fixtures as they are. The copy sits
 * as deep as the fixture does, so a fixture tsconfig's relative path to the
 * library (`"paths": { "shapecast": ["../../../../src/index.ts"] }`) still holds.
 */
export function copyFixture(name: string): string {
  const parent = join(root, "test", ".generated", "cli");
  mkdirSync(parent, { recursive: true });
  const target = mkdtempSync(join(parent, `${name}-`));
  cpSync(join(fixtures, name), target, { recursive: true });
  return target;
}
