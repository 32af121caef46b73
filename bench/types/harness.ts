/**
 * What the type benchmarks (broadcast-cost.ts, op-cost.ts, model-cost.ts) share: the two
 * compilers, a generated project with the settings every one of them checks under, one
 * `--extendedDiagnostics` run read back as numbers, and the median.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * TypeScript 7 checks files on several threads, so its check time is a wall
 * time in which the library's files and the generated file overlap, and
 * "with the uses minus baseline" would not be their cost. `--singleThreaded`
 * makes the times add up, as they do under TypeScript 6 and as an editor
 * checks one file.
 */
export const compilers = {
  "TS 6.0": [join(root, "node_modules/typescript/bin/tsc")],
  "TS 7.0": [join(root, "node_modules/typescript-7/bin/tsc"), "--singleThreaded"],
} as const;

/** Writes `folder/file` and a strict tsconfig.json checking only it; returns the tsconfig's path. */
export function writeProject(folder: string, file: string, source: string): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, file), source);
  writeFileSync(
    join(folder, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "es2022", lib: ["es2022"], module: "nodenext", moduleResolution: "nodenext", types: [], skipLibCheck: true },
      files: [file],
    }),
  );
  return join(folder, "tsconfig.json");
}

export interface Compiled {
  /** "Instantiations" of `--extendedDiagnostics` (both compilers count them). */
  readonly instantiations: number;
  /** "Check time", in seconds. */
  readonly check: number;
  /** The first type errors, one per line; "" when the project checks. */
  readonly errors: string;
}

/** One check of the project at `config` by `compiler` (a command line from `compilers`). */
export function compileOnce(compiler: readonly string[], config: string): Compiled {
  let text: string;
  let errors = "";
  try {
    text = execFileSync(process.execPath, [...compiler, "-p", config, "--extendedDiagnostics"], { encoding: "utf8" });
  } catch (error) {
    text = (error as { stdout?: string }).stdout ?? "";
    errors = text.split("\n").filter((line) => /error TS/.test(line)).slice(0, 5).join("\n");
  }
  const instantiations = Number(/Instantiations:\s+(\d+)/.exec(text)?.[1]);
  if (!Number.isFinite(instantiations)) throw new Error(`no "Instantiations" in the output of ${compiler[0]} for ${config}:\n${text.slice(0, 2000)}`);
  return { instantiations, check: Number(/Check time:\s+([\d.]+)s/.exec(text)?.[1]), errors };
}

export const median = (values: readonly number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
