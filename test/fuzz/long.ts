/**
 * `npm run test:fuzz`: the fuzz suite's long run. Runs vitest on test/fuzz
 * with FUZZ_RUNS cases in all (default 300,000, shared out over the
 * properties in the proportions of test/fuzz/runs.ts), then prints each
 * property's cases and time, per file and in total, and the failures.
 *
 *   npm run test:fuzz                      # 300,000 cases
 *   FUZZ_RUNS=50000 npm run test:fuzz      # fewer
 *   FUZZ_SEED=7 npm run test:fuzz          # another seed for every property
 *   npm run test:fuzz -- test/fuzz/views   # only some files (vitest filters)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

interface Row {
  readonly name: string;
  readonly cases: number;
  readonly planned: number;
  readonly ms: number;
  readonly failure?: string;
}

const root = fileURLToPath(new URL("../..", import.meta.url));
const total = process.env["FUZZ_RUNS"] === undefined || process.env["FUZZ_RUNS"] === "" ? 300_000 : Number(process.env["FUZZ_RUNS"]);
const dir = mkdtempSync(join(tmpdir(), "shapecast-fuzz-"));
const report = join(dir, "report.jsonl");
const filters = process.argv.slice(2);
// FUZZ_ONLY leaves files whose properties all miss it without tests; only then is that a pass
const onlySome = process.env["FUZZ_ONLY"] ? ["--passWithNoTests"] : [];
const started = performance.now();
const result = spawnSync(process.execPath, [join(root, "node_modules/vitest/vitest.mjs"), "run", ...onlySome, ...(filters.length > 0 ? filters : ["test/fuzz"])], {
  cwd: root,
  env: { ...process.env, FUZZ_RUNS: String(total), FUZZ_REPORT: report },
  stdio: "inherit",
});
const wall = (performance.now() - started) / 1000;
const rows: Row[] = existsSync(report)
  ? readFileSync(report, "utf8").trim().split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as Row)
  : [];
rmSync(dir, { recursive: true, force: true });

const pad = (text: string, width: number): string => (text.length >= width ? text : text + " ".repeat(width - text.length));
const seconds = (ms: number): string => (ms / 1000).toFixed(1);
const suiteOf = (name: string): string => name.split("/")[0]!;
const width = Math.max(8, ...rows.map((r) => r.name.length));

console.log(`\nfuzz: ${total} cases planned over ${rows.length} properties`);
console.log(`${pad("property", width)}  ${pad("cases", 8)}  ${pad("of", 8)}  ${pad("s", 7)}  result`);
for (const r of [...rows].sort((p, q) => (p.name < q.name ? -1 : 1))) {
  console.log(`${pad(r.name, width)}  ${pad(String(r.cases), 8)}  ${pad(String(r.planned), 8)}  ${pad(seconds(r.ms), 7)}  ${r.failure === undefined ? "ok" : "FAILED"}`);
}
const suites = new Map<string, { cases: number; ms: number; failed: number; properties: number }>();
for (const r of rows) {
  const s = suites.get(suiteOf(r.name)) ?? { cases: 0, ms: 0, failed: 0, properties: 0 };
  suites.set(suiteOf(r.name), { cases: s.cases + r.cases, ms: s.ms + r.ms, failed: s.failed + (r.failure === undefined ? 0 : 1), properties: s.properties + 1 });
}
console.log(`\n${pad("suite", 12)}  ${pad("properties", 10)}  ${pad("cases", 8)}  ${pad("s", 7)}  failed`);
for (const [name, s] of [...suites].sort()) {
  console.log(`${pad(name, 12)}  ${pad(String(s.properties), 10)}  ${pad(String(s.cases), 8)}  ${pad(seconds(s.ms), 7)}  ${s.failed}`);
}
const cases = rows.reduce((sum, r) => sum + r.cases, 0);
const busy = rows.reduce((sum, r) => sum + r.ms, 0);
const failed = rows.filter((r) => r.failure !== undefined);
console.log(`\ntotal: ${cases} cases run (a failing property stops at its first counterexample), ${seconds(busy)} s in properties, ${wall.toFixed(1)} s wall; ${failed.length} of ${rows.length} properties failed`);
for (const r of failed) console.log(`\n${r.failure}`);
process.exit(result.status ?? 1);
