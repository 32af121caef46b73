/**
 * `npm run bench:matmul`: float32 matmul, one process per library per round
 * (median over BENCH_ROUNDS, default 3): a plain triple loop, shapecast,
 * tfjs-cpu, tfjs-wasm (XNNPACK, SIMD), and NumPy with one BLAS thread when
 * python3 with NumPy is present (skipped with a note otherwise).
 * Targets: on both cases at least 3x the triple loop and 2x tfjs-cpu (the
 * JavaScript kernels); on [256,256]x[256,256] at least 40 GFLOP/s and 1.3x
 * tfjs-wasm (the WebAssembly SIMD kernel). Exits 1 when one is missed.
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Measurement } from "../cases.js";
import { numpyVersion, ROUNDS, runRounds } from "../rounds.js";
import { flops, MATMUL_CASES } from "./cases.js";

const here = dirname(fileURLToPath(import.meta.url));
const runners: [string, string][] = [["triple loop", "run-loop.ts"], ["shapecast", "run-shapecast.ts"], ["tfjs-cpu", "run-tfjs.ts"], ["tfjs-wasm", "run-tfjs-wasm.ts"]];
const version = numpyVersion();
if (version !== undefined) runners.push(["numpy", "run_numpy.py"]);
const median = runRounds(here, runners);
console.log(`float32 matmul, median over ${ROUNDS} rounds of one process per library, ${version !== undefined ? `NumPy ${version} (one BLAS thread)` : "NumPy skipped: python3 with numpy is not on this machine"}, ${new Date().toISOString()}`);
console.log("| case | triple loop | shapecast | tfjs-cpu | tfjs-wasm | NumPy | shapecast vs loop | vs tfjs-cpu | vs tfjs-wasm | vs NumPy |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
const misses: string[] = [];
for (const c of MATMUL_CASES) {
  const [loop, ours, tfjs, tfjsWasm, numpy] = ["triple loop", "shapecast", "tfjs-cpu", "tfjs-wasm", "numpy"].map((library) => median(library, c.id));
  const gflops = (m: Measurement): number => flops(c.a, c.b) / m.ms / 1e6;
  const rate = (m: Measurement | undefined): string => (m === undefined ? "-" : `${m.ms.toFixed(3)} ms (${gflops(m).toFixed(1)} GFLOP/s)`);
  const vs = (m: Measurement | undefined): number => (m === undefined ? Number.NaN : m.ms / ours!.ms);
  const show = (r: number): string => (Number.isNaN(r) ? "-" : `${r.toFixed(2)}×`);
  console.log(`| ${c.title} | ${rate(loop)} | ${rate(ours)} | ${rate(tfjs)} | ${rate(tfjsWasm)} | ${rate(numpy)} | ${show(vs(loop))} | ${show(vs(tfjs))} | ${show(vs(tfjsWasm))} | ${show(vs(numpy))} |`);
  if (vs(loop) < 3) misses.push(`${c.id}: ${show(vs(loop))} the triple loop (< 3x)`);
  if (vs(tfjs) < 2) misses.push(`${c.id}: ${show(vs(tfjs))} tfjs-cpu (< 2x)`);
  if (c.id === "mm256") {
    if (gflops(ours!) < 40) misses.push(`${c.id}: ${gflops(ours!).toFixed(1)} GFLOP/s (< 40)`);
    if (vs(tfjsWasm) < 1.3) misses.push(`${c.id}: ${show(vs(tfjsWasm))} tfjs-wasm (< 1.3x)`);
  }
  for (const other of [loop, tfjsWasm, numpy]) {
    if (other !== undefined && ours!.sample.some((v, i) => Math.abs(v - other.sample[i]!) > 1e-3 * Math.max(1, Math.abs(v)))) misses.push(`${c.id}: results differ from ${other.library}`);
  }
}
console.log(misses.length === 0 ? "\nall targets met" : `\ntargets missed:\n  ${misses.join("\n  ")}`);
process.exitCode = misses.length === 0 ? 0 : 1;
