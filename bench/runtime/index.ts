/**
 * `npm run bench`: float32 element-wise add, one process per library, run one
 * after another: a plain hand-written typed-array loop (the JavaScript
 * ceiling), shapecast, tfjs-core (CPU backend and WebAssembly backend),
 * @stdlib/ndarray, and NumPy when python3 with NumPy is present (skipped with
 * a note otherwise). Prints the median time per op and ratios, and checks the
 * targets of the JavaScript engine:
 * - with `out`, shapecast >= 1.0x the plain loop on every large case;
 * - allocating, >= 0.7x the plain loop that allocates its output;
 * - a small op ([3,4]+[4]) costs at most 0.5 microseconds;
 * - >= 3x tfjs-cpu and >= 1.5x stdlib on every case;
 * and those of the WebAssembly SIMD engine:
 * - cases a to e, each result disposed as tfjs-wasm's are, >= 1.0x tfjs-wasm and >= 0.5x NumPy;
 * - the transposed case (g) >= 2x the plain loop, with out and disposing against allocating;
 * - a small op, allocating, at most 0.3 microseconds;
 * (every shapecast variant is printed: with out, disposing, and allocating results it drops);
 * and shows the array-buffer bytes one row-broadcast op allocates.
 *
 * Each cell is the median over rounds (BENCH_ROUNDS, default 3) of each
 * process's median: the machine is shared, and one process can be slow.
 * Environment: BENCH_TIME_MS (per measurement, default 600), BENCH_ROUNDS.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CASES, type Measurement, type Variant } from "./cases.js";
import { numpyVersion } from "./rounds.js";

const here = dirname(fileURLToPath(import.meta.url));
/** Each library's runner: a command and its arguments. */
const node = (file: string): readonly string[] => [process.execPath, "--expose-gc", "--import", "tsx", join(here, file)];
const runners: [string, readonly string[]][] = [
  ["plain loop", node("run-loop.ts")],
  ["shapecast", node("run-shapecast.ts")],
  ["tfjs-cpu", node("run-tfjs.ts")],
  ["tfjs-wasm", node("run-tfjs-wasm.ts")],
  ["stdlib", node("run-stdlib.ts")],
];
// NumPy when this machine has it; the table says when it was skipped
const version = numpyVersion();
if (version !== undefined) runners.push(["numpy", ["python3", join(here, "run_numpy.py")]]);
const numpyNote = version !== undefined ? `NumPy ${version}` : "NumPy skipped: python3 with numpy is not on this machine";

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3);
const all: Measurement[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const [index, [name, [command, ...args]]] of runners.entries()) {
    process.stderr.write(`round ${round}/${ROUNDS} [${index + 1}/${runners.length}] ${name} ...\n`);
    const output = execFileSync(command!, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 1 << 24,
    });
    for (const line of output.split("\n")) if (line.trim().startsWith("{")) all.push(JSON.parse(line) as Measurement);
  }
}

/** Per library, variant and case: the median over rounds of each process's median. */
const find = (library: string, variant: Variant, id: string): Measurement | undefined => {
  const rounds = all.filter((r) => r.library === library && r.variant === variant && r.id === id).sort((x, y) => x.ms - y.ms);
  return rounds[Math.floor((rounds.length - 1) / 2)];
};

// every library must compute the same values
const mismatches: string[] = [];
for (const c of CASES) {
  const reference = find("plain loop", "out", c.id)!.sample;
  for (const r of all.filter((m) => m.id === c.id)) {
    if (r.sample.some((value, i) => Math.abs(value - reference[i]!) > 1e-6)) mismatches.push(`${r.library} ${r.variant} ${c.id}`);
  }
}

const time = (ms: number | undefined, small: boolean): string =>
  ms === undefined ? "–" : small ? `${(ms * 1000).toFixed(3)} µs` : `${ms.toFixed(3)} ms`;
const ratio = (base: number | undefined, ms: number | undefined): string =>
  base === undefined || ms === undefined ? "–" : `${(base / ms).toFixed(2)}×`;

/** The medians a case's rows and its target checks read. */
const cellsOf = (id: string) => ({
  loopOut: find("plain loop", "out", id)?.ms,
  oursOut: find("shapecast", "out", id)?.ms,
  loopAlloc: find("plain loop", "alloc", id)?.ms,
  oursAlloc: find("shapecast", "alloc", id)?.ms,
  oursDispose: find("shapecast", "dispose", id)?.ms,
  tfjs: find("tfjs-cpu", "alloc", id)?.ms,
  stdlib: find("stdlib", "out", id)?.ms,
  tfjsWasm: find("tfjs-wasm", "alloc", id)?.ms,
  numpy: find("numpy", "alloc", id)?.ms,
});

function table(head: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(line(head));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

console.log(
  `float32 a + b, median per op over ${ROUNDS} rounds of one process per library (BENCH_TIME_MS=${process.env["BENCH_TIME_MS"] ?? 600} per measurement), ${numpyNote}, ${new Date().toISOString()}`,
);
console.log("\nagainst JavaScript (alloc: a new result per op, dropped; tfjs-cpu disposes each of its results)");
table(
  ["case", "loop (out)", "shapecast (out)", "vs loop", "loop (alloc)", "shapecast (alloc)", "vs loop", "tfjs-cpu", "shapecast vs tfjs", "stdlib (out)", "shapecast vs stdlib"],
  CASES.map((c) => {
    const small = c.small === true;
    const { loopOut, oursOut, loopAlloc, oursAlloc, tfjs, stdlib } = cellsOf(c.id);
    return [
      `${c.id} ${c.title}`, time(loopOut, small), time(oursOut, small), ratio(loopOut, oursOut),
      time(loopAlloc, small), time(oursAlloc, small), ratio(loopAlloc, oursAlloc),
      time(tfjs, small), ratio(tfjs, oursAlloc), time(stdlib, small), ratio(stdlib, oursOut),
    ];
  }),
);
console.log("\nagainst WebAssembly and NumPy (dispose: a new result per op, disposed at once, as tfjs-wasm's; NumPy's a + b allocates)");
table(
  ["case", "shapecast (out)", "shapecast (dispose)", "shapecast (alloc)", "tfjs-wasm", "out vs tfjs-wasm", "dispose vs tfjs-wasm", "alloc vs tfjs-wasm", "numpy", "dispose vs numpy", "dispose vs loop (alloc)"],
  CASES.map((c) => {
    const small = c.small === true;
    const { loopAlloc, oursOut, oursAlloc, oursDispose, tfjsWasm, numpy } = cellsOf(c.id);
    return [
      `${c.id} ${c.title}`, time(oursOut, small), time(oursDispose, small), time(oursAlloc, small), time(tfjsWasm, small),
      ratio(tfjsWasm, oursOut), ratio(tfjsWasm, oursDispose), ratio(tfjsWasm, oursAlloc), time(numpy, small), ratio(numpy, oursDispose),
      ratio(loopAlloc, oursDispose),
    ];
  }),
);

const memory = (library: string, variant: Variant) => find(library, variant, "b")?.bytes;
console.log(
  `\nrow broadcast (b), array-buffer bytes one op allocates (after a full GC): shapecast with out ${memory("shapecast", "out")}, ` +
    `shapecast allocating ${memory("shapecast", "alloc")} (the 1000x1000 float32 output is 4000000: the [1000] operand is not copied), ` +
    `shapecast disposing ${memory("shapecast", "dispose")}, tfjs-cpu ${memory("tfjs-cpu", "alloc")}`,
);

// targets
const misses: string[] = [];
for (const c of CASES) {
  const { loopOut, oursOut, loopAlloc, oursAlloc, tfjs, stdlib } = cellsOf(c.id);
  if (c.small) {
    if (oursAlloc! * 1000 > 0.5) misses.push(`${c.id}: ${time(oursAlloc, true)} per op > 0.5 µs`);
  } else {
    if (loopOut! / oursOut! < 1.0) misses.push(`${c.id}: with out ${ratio(loopOut, oursOut)} the plain loop (< 1.0×)`);
    if (loopAlloc! / oursAlloc! < 0.7) misses.push(`${c.id}: allocating ${ratio(loopAlloc, oursAlloc)} the plain loop (< 0.7×)`);
  }
  if (tfjs !== undefined && tfjs / oursAlloc! < 3) misses.push(`${c.id}: ${ratio(tfjs, oursAlloc)} tfjs-cpu (< 3×)`);
  if (stdlib !== undefined && stdlib / oursOut! < 1.5) misses.push(`${c.id}: ${ratio(stdlib, oursOut)} stdlib (< 1.5×)`);
}
// the WebAssembly SIMD engine's targets: new results, disposed as tfjs-wasm's are; a small op allocating
const simdMisses: string[] = [];
for (const c of CASES) {
  const { loopOut, oursOut, loopAlloc, oursAlloc, oursDispose, tfjsWasm, numpy } = cellsOf(c.id);
  if (c.small) {
    if (oursAlloc! * 1000 > 0.3) simdMisses.push(`${c.id}: ${time(oursAlloc, true)} per op > 0.3 µs`);
  } else if (c.transposeA) {
    if (loopAlloc! / oursDispose! < 2) simdMisses.push(`${c.id}: disposing ${ratio(loopAlloc, oursDispose)} the allocating plain loop (< 2×)`);
    if (loopOut! / oursOut! < 2) simdMisses.push(`${c.id}: with out ${ratio(loopOut, oursOut)} the plain loop (< 2×)`);
  } else {
    if (tfjsWasm !== undefined && tfjsWasm / oursDispose! < 1) simdMisses.push(`${c.id}: disposing ${ratio(tfjsWasm, oursDispose)} tfjs-wasm (< 1.0×)`);
    if (numpy !== undefined && numpy / oursDispose! < 0.5) simdMisses.push(`${c.id}: disposing ${ratio(numpy, oursDispose)} NumPy (< 0.5×)`);
  }
}
if (mismatches.length > 0) console.log(`\nresults differ: ${mismatches.join(", ")}`);
console.log(misses.length === 0 ? "\nthe JavaScript engine's targets: all met" : `\nthe JavaScript engine's targets missed:\n  ${misses.join("\n  ")}`);
console.log(simdMisses.length === 0 ? "the WebAssembly SIMD targets: all met" : `the WebAssembly SIMD targets missed:\n  ${simdMisses.join("\n  ")}`);
process.exitCode = misses.length === 0 && simdMisses.length === 0 && mismatches.length === 0 ? 0 : 1;
