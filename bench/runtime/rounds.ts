/**
 * The rounds of a side-by-side benchmark (bench:matmul, bench:conv): each
 * round runs every library's runner in a process of its own (so no library
 * warms another's caches or JIT), and each case is quoted by its median over
 * the rounds (BENCH_ROUNDS, default 3).
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Measurement } from "./cases.js";

export const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3);

/** NumPy's version when python3 with NumPy is on this machine, else `undefined` (its runner is then skipped, with a note). */
export function numpyVersion(): string | undefined {
  try {
    return execFileSync("python3", ["-c", "import numpy; print(numpy.__version__)"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Runs `runners` (library name, runner file in `dir`: TypeScript under Node,
 * or `.py` under python3 with one BLAS thread, as the JavaScript runners
 * have one) for ROUNDS rounds; the median measurement of a library's case.
 */
export function runRounds(dir: string, runners: readonly (readonly [string, string])[]): (library: string, id: string) => Measurement | undefined {
  const all: Measurement[] = [];
  const oneThread = { ...process.env, OPENBLAS_NUM_THREADS: "1", OMP_NUM_THREADS: "1", MKL_NUM_THREADS: "1" };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [index, [name, file]] of runners.entries()) {
      process.stderr.write(`round ${round}/${ROUNDS} [${index + 1}/${runners.length}] ${name} ...\n`);
      const output = file.endsWith(".py")
        ? execFileSync("python3", [join(dir, file)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], env: oneThread })
        : execFileSync(process.execPath, ["--import", "tsx", join(dir, file)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      for (const line of output.split("\n")) if (line.trim().startsWith("{")) all.push(JSON.parse(line) as Measurement);
    }
  }
  return (library, id) => {
    const rounds = all.filter((r) => r.library === library && r.id === id).sort((x, y) => x.ms - y.ms);
    return rounds[Math.floor((rounds.length - 1) / 2)];
  };
}
