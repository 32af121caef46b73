/**
 * `npm run bench:conv`: float32 conv2d, one process per library per round
 * (median over BENCH_ROUNDS, default 3): shapecast, tfjs-cpu and tfjs-wasm
 * (XNNPACK). Targets: at least 5x tfjs-cpu and 0.7x tfjs-wasm on both cases.
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Measurement } from "../cases.js";
import { ROUNDS, runRounds } from "../rounds.js";
import { CONV_CASES, flops } from "./cases.js";

const here = dirname(fileURLToPath(import.meta.url));
const runners = [["shapecast", "run-shapecast.ts"], ["tfjs-cpu", "run-tfjs.ts"], ["tfjs-wasm", "run-tfjs-wasm.ts"]] as const;
const median = runRounds(here, runners);
console.log(`float32 conv2d (NHWC), median over ${ROUNDS} rounds of one process per library`);
console.log("| case | shapecast | tfjs-cpu | tfjs-wasm | shapecast vs tfjs-cpu | shapecast vs tfjs-wasm |");
console.log("|---|---|---|---|---|---|");
const misses: string[] = [];
for (const c of CONV_CASES) {
  const [ours, cpu, wasm] = ["shapecast", "tfjs-cpu", "tfjs-wasm"].map((library) => median(library, c.id)!);
  const rate = (m: Measurement) => `${m.ms.toFixed(1)} ms (${(flops(c) / m.ms / 1e6).toFixed(1)} GFLOP/s)`;
  const vsCpu = cpu!.ms / ours!.ms;
  const vsWasm = wasm!.ms / ours!.ms;
  console.log(`| ${c.title} | ${rate(ours!)} | ${rate(cpu!)} | ${rate(wasm!)} | ${vsCpu.toFixed(2)}× | ${vsWasm.toFixed(2)}× |`);
  if (vsCpu < 5) misses.push(`${c.id}: ${vsCpu.toFixed(2)}x tfjs-cpu (< 5x)`);
  if (vsWasm < 0.7) misses.push(`${c.id}: ${vsWasm.toFixed(2)}x tfjs-wasm (< 0.7x)`);
  for (const other of [cpu!, wasm!]) {
    if (ours!.sample.some((v, i) => Math.abs(v - other.sample[i]!) > 1e-3 * Math.max(1, Math.abs(v)))) misses.push(`${c.id}: results differ from ${other.library}`);
  }
}
console.log(misses.length === 0 ? "\nall targets met" : `\ntargets missed:\n  ${misses.join("\n  ")}`);
process.exitCode = misses.length === 0 ? 0 : 1;
