/**
 * Runs one fuzz property as a vitest test: a fixed seed per property (so
 * `npm test` is reproducible), the number of cases from the table in
 * runs.ts (the short run) or scaled so that all properties together run
 * FUZZ_RUNS cases (`npm run test:fuzz`: 300,000), and on failure the shrunk
 * counterexample with the code that reproduces it.
 *
 * Environment: FUZZ_RUNS (total cases over every property; unset: the short
 * run), FUZZ_SEED (overrides every property's seed), FUZZ_REPORT (a file to
 * which each property appends one JSON line: name, cases, milliseconds,
 * failure), FUZZ_ONLY (a substring: run only the properties whose name holds it).
 * The browser suite (vitest.browser.config.ts) runs these files in Chromium
 * too, where there is no environment: the short run, and no report.
 */
import fc from "fast-check";
import { it } from "vitest";
import { SHORT_RUNS } from "../runs.js";

/** Node's process; undefined in a browser. */
const node = (globalThis as { process?: NodeJS.Process }).process;

/** The variable `name` of the environment, or undefined when unset, empty or in a browser. */
export const env = (name: string): string | undefined => {
  const value = node?.env[name];
  return value === undefined || value === "" ? undefined : value;
};

export const LONG_TOTAL = env("FUZZ_RUNS") === undefined ? undefined : Number(env("FUZZ_RUNS"));

/** Cases per property: the short table, or the long total shared out in the table's proportions. */
function allocate(): Map<string, number> {
  const names = Object.keys(SHORT_RUNS).sort();
  const out = new Map<string, number>();
  if (LONG_TOTAL === undefined) {
    for (const name of names) out.set(name, SHORT_RUNS[name]!);
    return out;
  }
  const weight = names.reduce((sum, name) => sum + SHORT_RUNS[name]!, 0);
  let given = 0;
  const shares = names.map((name) => {
    const exact = (LONG_TOTAL * SHORT_RUNS[name]!) / weight;
    const whole = Math.floor(exact);
    given += whole;
    return { name, whole, rest: exact - whole };
  });
  // largest remainders get the cases left over, so the total is exactly FUZZ_RUNS
  shares.sort((p, q) => q.rest - p.rest || (p.name < q.name ? -1 : 1));
  for (let i = 0; i < LONG_TOTAL - given; i++) shares[i % shares.length]!.whole++;
  for (const { name, whole } of shares) out.set(name, whole);
  return out;
}

const RUNS = allocate();

const hash = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h | 0;
};

export const runsOf = (name: string): number => {
  const runs = RUNS.get(name);
  if (runs === undefined) throw new Error(`fuzz property "${name}" is missing from test/fuzz/runs.ts`);
  return runs;
};

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max)} ... (${text.length - max} more characters)`);

/**
 * A fuzz property as a vitest test. `predicate` throws (a Mismatch from
 * check.ts, with the reproducing code in its message) when the case fails.
 */
export function fuzz<T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void): void {
  register(name, (numRuns, seed) => fc.check(fc.property(arbitrary, (value) => predicate(value)), { numRuns, seed, endOnFailure: false }));
}

/** `fuzz` for a predicate that awaits (ONNX Runtime's sessions run asynchronously). */
export function fuzzAsync<T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>): void {
  register(name, (numRuns, seed) => fc.check(fc.asyncProperty(arbitrary, (value) => predicate(value)), { numRuns, seed, endOnFailure: false }));
}

/** Registers property `name` as a vitest test: `check` runs its cases, this reports them. */
function register<T>(name: string, check: (numRuns: number, seed: number) => fc.RunDetails<T> | Promise<fc.RunDetails<T>>): void {
  const numRuns = runsOf(name);
  const only = env("FUZZ_ONLY");
  // left unregistered rather than skipped: a run without FUZZ_ONLY registers every property
  if (only !== undefined && !name.includes(only)) return;
  const timeout = LONG_TOTAL === undefined ? 120_000 : 3_600_000;
  it(
    name,
    async () => {
      const seed = env("FUZZ_SEED") === undefined ? hash(name) : Number(env("FUZZ_SEED"));
      const started = performance.now();
      const details = await check(numRuns, seed);
      const ms = performance.now() - started;
      const cases = details.failed ? details.numRuns : numRuns;
      let failure: string | undefined;
      if (details.failed) {
        const error = details.errorInstance;
        const message = error instanceof Error ? error.message : String(error);
        failure =
          `${name}: failed after ${details.numRuns} of ${numRuns} cases (seed ${details.seed}, path "${details.counterexamplePath}", ` +
          `${details.numShrinks} shrinks)\n${message}\ncounterexample: ${clip(fc.stringify(details.counterexample), 1500)}`;
      }
      const report = env("FUZZ_REPORT");
      if (report !== undefined) node!.getBuiltinModule("node:fs").appendFileSync(report, `${JSON.stringify({ name, cases, planned: numRuns, ms: Math.round(ms), failure })}\n`);
      if (LONG_TOTAL !== undefined || env("FUZZ_VERBOSE") !== undefined) {
        console.log(`[fuzz] ${name}: ${cases} cases in ${(ms / 1000).toFixed(1)} s${failure === undefined ? "" : " (FAILED)"}`);
      }
      if (failure !== undefined) throw new Error(failure);
    },
    timeout,
  );
}
