/**
 * `npm run bench:matmul`: float32 matmul, one process per library per round
 * (median over BENCH_ROUNDS, default 3): a plain triple loop, shapecast and
 * tfjs-cpu. Targets: at least 3x the triple loop and 2x tfjs-cpu on both cases.
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Measurement } from "../cases.js";
import { ROUNDS, runRounds } from "../rounds.js";
import { flops, MATMUL_CASES } from "./cases.js";

const here = dirname(fileURLToPath(import.meta.url));
const runners = [["triple loop", "run-loop.ts"], ["shapecast", "run-shapecast.ts"], ["tfjs-cpu", "run-tfjs.ts"]] as const;
const median = runRounds(here, runners);
console.log(`float32 matmul, median over ${ROUNDS} rounds of one process per library`);
console.log("| case | triple loop | shapecast | tfjs-cpu | shapecast vs loop | shapecast vs tfjs |");
console.log("|---|---|---|---|---|---|");
const misses: string[] = [];
for (const c of MATMUL_CASES) {
  const [loop, ours, tfjs] = ["triple loop", "shapecast", "tfjs-cpu"].map((library) => median(library, c.id)!);
  const rate = (m: Measurement) => `${m.ms.toFixed(2)} ms (${(flops(c.a, c.b) / m.ms / 1e6).toFixed(2)} GFLOP/s)`;
  const vsLoop = loop!.ms / ours!.ms;
  const vsTfjs = tfjs!.ms / ours!.ms;
  console.log(`| ${c.title} | ${rate(loop!)} | ${rate(ours!)} | ${rate(tfjs!)} | ${vsLoop.toFixed(2)}× | ${vsTfjs.toFixed(2)}× |`);
  if (vsLoop < 3) misses.push(`${c.id}: ${vsLoop.toFixed(2)}x the triple loop (< 3x)`);
  if (vsTfjs < 2) misses.push(`${c.id}: ${vsTfjs.toFixed(2)}x tfjs-cpu (< 2x)`);
  if (ours!.sample.some((v, i) => Math.abs(v - loop!.sample[i]!) > 1e-3 * Math.max(1, Math.abs(v)))) misses.push(`${c.id}: results differ from the loop`);
}
console.log(misses.length === 0 ? "\nall targets met" : `\ntargets missed:\n  ${misses.join("\n  ")}`);
process.exitCode = misses.length === 0 ? 0 : 1;
