/**
 * `npm run bench:train`: one training step (forward, softmax cross entropy,
 * the gradient of every parameter, an SGD update) of two MLPs, one process
 * per library per round (median over BENCH_ROUNDS, default 3): shapecast,
 * tfjs-cpu and tfjs-wasm, each through its own gradient function
 * (`valueAndGrad`, `tf.valueAndGrads`). Target: at least 3x tfjs-cpu on
 * both; the ratio to tfjs-wasm is reported.
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { ROUNDS, runRounds } from "../rounds.js";
import { TRAIN_CASES } from "./cases.js";

const here = dirname(fileURLToPath(import.meta.url));
const runners = [["shapecast", "run-shapecast.ts"], ["tfjs-cpu", "run-tfjs.ts"], ["tfjs-wasm", "run-tfjs-wasm.ts"]] as const;
const median = runRounds(here, runners);
console.log(`one float32 training step, median over ${ROUNDS} rounds of one process per library`);
console.log("| case | shapecast | tfjs-cpu | tfjs-wasm | shapecast vs tfjs-cpu | shapecast vs tfjs-wasm |");
console.log("|---|---|---|---|---|---|");
const misses: string[] = [];
for (const c of TRAIN_CASES) {
  const [ours, cpu, wasm] = ["shapecast", "tfjs-cpu", "tfjs-wasm"].map((library) => median(library, c.id)!);
  const vsCpu = cpu!.ms / ours!.ms;
  const vsWasm = wasm!.ms / ours!.ms;
  console.log(`| ${c.title} | ${ours!.ms.toFixed(3)} ms | ${cpu!.ms.toFixed(3)} ms | ${wasm!.ms.toFixed(3)} ms | ${vsCpu.toFixed(2)}× | ${vsWasm.toFixed(2)}× |`);
  if (vsCpu < 3) misses.push(`${c.id}: ${vsCpu.toFixed(2)}x tfjs-cpu (< 3x)`);
  for (const other of [cpu!, wasm!]) {
    if (ours!.sample.some((v, i) => Math.abs(v - other.sample[i]!) > 1e-4 * Math.max(1, Math.abs(v)))) misses.push(`${c.id}: updated weights differ from ${other.library}`);
  }
}
console.log(misses.length === 0 ? "\nall targets met" : `\ntargets missed:\n  ${misses.join("\n  ")}`);
process.exitCode = misses.length === 0 ? 0 : 1;
