/**
 * `npm run bench:reduce`: float32 reductions and softmax on [1000, 1000], one
 * process per library per round (median over BENCH_ROUNDS, default 3):
 * shapecast, tfjs-wasm, and NumPy when python3 with NumPy is present (skipped
 * with a note otherwise). Target (issue 17): every case at least 0.5x NumPy.
 * Exits 1 when one is missed, or when a result differs from NumPy's.
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Measurement } from "../cases.js";
import { numpyVersion, ROUNDS, runRounds } from "../rounds.js";
import { REDUCE_CASES } from "./cases.js";

const here = dirname(fileURLToPath(import.meta.url));
const runners: [string, string][] = [["shapecast", "run-shapecast.ts"], ["tfjs-wasm", "run-tfjs-wasm.ts"]];
const version = numpyVersion();
if (version !== undefined) runners.push(["numpy", "run_numpy.py"]);
const median = runRounds(here, runners);
console.log(`float32 reductions, median over ${ROUNDS} rounds of one process per library, ${version !== undefined ? `NumPy ${version}` : "NumPy skipped: python3 with numpy is not on this machine"}, ${new Date().toISOString()}`);
console.log("| case | shapecast | tfjs-wasm | NumPy | vs tfjs-wasm | vs NumPy |");
console.log("|---|---|---|---|---|---|");
const misses: string[] = [];
const time = (m: Measurement | undefined): string => (m === undefined ? "-" : `${m.ms.toFixed(3)} ms`);
for (const c of REDUCE_CASES) {
  const [ours, tfjs, numpy] = ["shapecast", "tfjs-wasm", "numpy"].map((library) => median(library, c.id));
  const vs = (m: Measurement | undefined): string => (m === undefined ? "-" : `${(m.ms / ours!.ms).toFixed(2)}×`);
  console.log(`| ${c.title} | ${time(ours)} | ${time(tfjs)} | ${time(numpy)} | ${vs(tfjs)} | ${vs(numpy)} |`);
  if (numpy !== undefined) {
    if (numpy.ms / ours!.ms < 0.5) misses.push(`${c.id}: ${vs(numpy)} NumPy (< 0.5x)`);
    const differs = ours!.sample.some((v, i) => {
      const theirs = numpy.sample[i];
      return v !== null && theirs !== undefined && theirs !== null && Math.abs(v - theirs) > 1e-4 * Math.max(1, Math.abs(theirs));
    });
    if (differs) misses.push(`${c.id}: results differ from NumPy (${ours!.sample.join(", ")} vs ${numpy.sample.join(", ")})`);
  }
}
console.log(misses.length === 0 ? "\nall targets met" : `\ntargets missed:\n  ${misses.join("\n  ")}`);
process.exitCode = misses.length === 0 ? 0 : 1;
