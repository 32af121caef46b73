/**
 * `npm run bench:placement`: where should tensors live for WebAssembly SIMD
 * kernels? Float32 `a + b` of the same shape (case a of bench/runtime,
 * 1,000,000 elements, and the small [3, 4] case of 12 elements), timed as:
 *
 * - loop: the plain JavaScript loop over Float32Arrays, allocating its output
 *   (the baseline, in the same run); loop (out): the same into a given array;
 * - resident: the f32x4 kernel of add.wat on operands and output already in
 *   WebAssembly memory (tensors allocated there);
 * - copy in: operands copied into WebAssembly memory, the output left there;
 * - copy both: operands copied in and the output copied out to a new
 *   Float32Array (tensors kept in JavaScript arrays, WebAssembly used per op);
 * - copy only: the three copies without the kernel, what copying costs alone.
 *
 * Medians over BENCH_TIME_MS (default 1500) of calls, each op allocating its
 * output as an allocating API must (a new Float32Array for the JavaScript
 * side; for the resident case, an output slot taken from a bump allocator in
 * the memory). Prints each variant's median and its ratio to the loop.
 * Exits 0: a measurement for a design decision, with no target of its own.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import wabt from "wabt";
import { fill } from "../cases.js";

const TIME_MS = Number(process.env["BENCH_TIME_MS"] ?? 1500);
const here = dirname(fileURLToPath(import.meta.url));

const tools = await wabt();
const parsed = tools.parseWat("add.wat", readFileSync(join(here, "add.wat"), "utf8"), { simd: true });
parsed.validate();
const bytes = new Uint8Array(parsed.toBinary({}).buffer);
parsed.destroy();
// the parts of the WebAssembly API used here (the project compiles without the DOM's declarations)
const api = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (module: object) => { exports: Record<string, unknown> } } }).WebAssembly;
const instance = new api.Instance(new api.Module(bytes));
const memory = instance.exports["memory"] as { readonly buffer: ArrayBuffer; grow(pages: number): number };
const addF32 = instance.exports["addF32"] as (a: number, b: number, out: number, n: number) => void;

/** Median milliseconds per call of `run`, after a warm-up. */
function time(run: () => void): number {
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  const start = performance.now();
  while (times.length < 30 || performance.now() - start < TIME_MS) {
    const before = performance.now();
    run();
    times.push(performance.now() - before);
  }
  times.sort((x, y) => x - y);
  return times[Math.floor((times.length - 1) / 2)]!;
}

/** Repeat `op` `batch` times per timed call (a small op alone is below the timer's resolution). */
const batched = (op: () => void, batch: number) => () => {
  for (let i = 0; i < batch; i++) op();
};

const results: string[] = [];
for (const { title, n, batch } of [
  { title: "[1000,1000]+[1000,1000]", n: 1_000_000, batch: 1 },
  { title: "[3,4]+[3,4], per op", n: 12, batch: 1000 },
]) {
  const a = fill(n, 1);
  const b = fill(n, 2);
  const bytesEach = 4 * n;
  // operands at 0 and bytesEach; outputs above, taken in turn from a ring of 8 slots (a bump allocator's reuse)
  const needed = bytesEach * 10 + 64;
  if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65536));
  const A = new Float32Array(memory.buffer, 0, n);
  const B = new Float32Array(memory.buffer, bytesEach, n);
  A.set(a);
  B.set(b);
  let slot = 0;
  const outAt = (): number => 2 * bytesEach + (slot++ % 8) * bytesEach;

  const loop = (): void => {
    const o = new Float32Array(n);
    for (let i = 0; i < n; i++) o[i] = a[i]! + b[i]!;
  };
  const given = new Float32Array(n);
  const loopOut = (): void => {
    for (let i = 0; i < n; i++) given[i] = a[i]! + b[i]!;
  };
  const resident = (): void => addF32(0, bytesEach, outAt(), n);
  const copyIn = (): void => {
    new Float32Array(memory.buffer, 0, n).set(a);
    new Float32Array(memory.buffer, bytesEach, n).set(b);
    addF32(0, bytesEach, outAt(), n);
  };
  const copyBoth = (): void => {
    new Float32Array(memory.buffer, 0, n).set(a);
    new Float32Array(memory.buffer, bytesEach, n).set(b);
    const at = outAt();
    addF32(0, bytesEach, at, n);
    new Float32Array(n).set(new Float32Array(memory.buffer, at, n));
  };
  const copyOnly = (): void => {
    new Float32Array(memory.buffer, 0, n).set(a);
    new Float32Array(memory.buffer, bytesEach, n).set(b);
    new Float32Array(n).set(new Float32Array(memory.buffer, outAt(), n));
  };

  // the kernel's result equals the loop's, bit for bit (float32 addition is exact to round)
  addF32(0, bytesEach, 2 * bytesEach, n);
  const wasmOut = new Float32Array(memory.buffer, 2 * bytesEach, n);
  for (let i = 0; i < n; i++) {
    if (!Object.is(wasmOut[i], Math.fround(a[i]! + b[i]!))) throw new Error(`addF32 differs from the loop at ${i}: ${wasmOut[i]} vs ${a[i]! + b[i]!}`);
  }

  const unit = batch > 1 ? "µs per op" : "ms";
  const scale = batch > 1 ? 1000 / batch : 1;
  const base = time(batched(loop, batch)) * scale;
  results.push(`${title} (${unit})`);
  results.push(`  loop        ${base.toFixed(batch > 1 ? 3 : 3).padStart(8)}   1.00x`);
  for (const [name, run] of [["loop (out)", loopOut], ["resident", resident], ["copy in", copyIn], ["copy both", copyBoth], ["copy only", copyOnly]] as const) {
    const t = time(batched(run, batch)) * scale;
    results.push(`  ${name.padEnd(10)}  ${t.toFixed(3).padStart(8)}   ${(base / t).toFixed(2)}x the loop`);
  }
}
console.log(results.join("\n"));
