/** Runs the `shapecast` executable as a user does: a process, with its exit code, stdout and stderr apart. */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { root } from "../support/compiler.js";

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const cliEntry = join(root, "cli", "main.ts");
export const fixtures = join(root, "test", "cli", "fixtures");

/** `shapecast ...args` in `cwd`, without colour unless `env` asks for it; stdin and stderr are pipes (not terminals). */
export function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliResult {
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
