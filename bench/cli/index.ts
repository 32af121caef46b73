/**
 * `npm run bench:cli`: the shapecast CLI on a generated project of 200 files
 * x 50 tensor ops (broadcasts that change rank, same-rank broadcasts, matmul,
 * reductions, reshapes), in bench/.out/cli/. Runs `shapecast check` and
 * `shapecast codemod explicit-broadcast` (dry run) as a user does, one
 * process each, and prints wall time and files per second (median of --runs).
 * Target: `check` under 30 s. Options: --files N, --ops N, --runs N, --seed N.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { seededRandom } from "../types/seeded.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const out = join(root, "bench", ".out", "cli");
const { values } = parseArgs({
  options: {
    files: { type: "string", default: "200" },
    ops: { type: "string", default: "50" },
    runs: { type: "string", default: "3" },
    seed: { type: "string", default: "5" },
  },
});
const FILES = Number(values.files);
const OPS = Number(values.ops);
const RUNS = Number(values.runs);
const TARGET_S = 30;

const random = seededRandom(Number(values.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const SIZES = [2, 3, 4, 8, 16, 32, 64];
const tuple = (shape: readonly number[]) => `[${shape.join(", ")}]`;

/** One file: `OPS` statements chained through the shapes they produce, each kind as model code uses it. */
function file(index: number): string {
  const lines = [`import { add, matmul, mean, mul, reshape, sub, sum, zeros } from "shapecast";`, ""];
  const fresh = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SIZES));
  let shape = fresh();
  lines.push(`const t0 = zeros(${tuple(shape)});`);
  for (let i = 1; i <= OPS; i++) {
    const prev = `t${i - 1}`;
    const rank = shape.length;
    const last = shape[rank - 1]!;
    const kinds: (() => [string, number[]])[] = [
      // rank-changing numpy broadcasts: what explicit-broadcast rewrites
      () => [`add(${prev}, zeros([${last}]))`, shape],
      () => [`mul(${prev}, zeros(${tuple(shape.slice(1))}))`, shape],
      () => [`${prev}.sub(zeros([${last}]))`, shape],
      // same rank, a size-1 axis
      () => [`sub(${prev}, zeros(${tuple(shape.map((d, a) => (a === 0 ? 1 : d)))}))`, shape],
      () => {
        const n = pick(SIZES);
        return [`matmul(${prev}, zeros([${last}, ${n}]))`, [...shape.slice(0, -1), n]];
      },
      () => [`mean(${prev}, -1, { keepDims: true })`, [...shape.slice(0, -1), 1]],
      () => (rank > 2 ? [`sum(${prev}, 0)`, shape.slice(1)] : [`sum(${prev}, -1, { keepDims: true })`, [shape[0]!, 1]]),
      () => (rank > 2 ? [`reshape(${prev}, ${tuple([...shape.slice(0, -2), -1])})`, [...shape.slice(0, -2), shape[rank - 2]! * last]] : [`reshape(${prev}, ${tuple([-1, last])})`, shape]),
    ];
    let [code, next] = pick(kinds)();
    if (next.length < 2 || next.some((d) => d > 4096)) {
      next = fresh();
      code = `zeros(${tuple(next)})`;
    }
    lines.push(`const t${i} = ${code};`);
    shape = next;
  }
  lines.push("", `export const result${index} = t${OPS};`, "");
  return lines.join("\n");
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "src"), { recursive: true });
for (let i = 0; i < FILES; i++) writeFileSync(join(out, "src", `model${String(i).padStart(3, "0")}.ts`), file(i));
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, target: "es2022", lib: ["es2022"], module: "nodenext", moduleResolution: "nodenext",
      types: [], skipLibCheck: true, paths: { shapecast: ["../../../src/index.ts"] },
    },
    include: ["src"],
  }),
);

const cli = join(root, "cli", "main.ts");
/** Wall seconds of one `shapecast ...` run in the generated project; the exit code must be `expected`. */
function time(args: readonly string[], expected: number): number {
  const start = performance.now();
  try {
    execFileSync(process.execPath, ["--import", "tsx", cli, ...args], { cwd: out, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
    if (expected !== 0) throw new Error(`shapecast ${args.join(" ")}: exit 0, expected ${expected}`);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== expected) throw new Error(`shapecast ${args.join(" ")}: exit ${status}, expected ${expected}\n${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  return (performance.now() - start) / 1000;
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

console.log(`generated project: ${FILES} files x ${OPS} ops (bench/.out/cli), median of ${RUNS} runs, one process per run`);
console.log("| command | wall s | files/s |");
console.log("|---|---|---|");
const rows: [string, string[], number][] = [
  ["shapecast check", ["check"], 0],
  // a dry run that finds rewrites: exit 0 (only --check exits 1)
  ["shapecast codemod explicit-broadcast", ["codemod", "explicit-broadcast"], 0],
];
let checkSeconds = 0;
for (const [title, args, expected] of rows) {
  const samples: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    process.stderr.write(`${title}: run ${run}/${RUNS} ...\n`);
    samples.push(time(args, expected));
  }
  const seconds = median(samples);
  if (args[0] === "check") checkSeconds = seconds;
  console.log(`| ${title} | ${seconds.toFixed(2)} | ${(FILES / seconds).toFixed(1)} |`);
}
const met = checkSeconds < TARGET_S;
console.log(met ? `\ntarget met: check under ${TARGET_S} s` : `\ntarget missed: check took ${checkSeconds.toFixed(1)} s (< ${TARGET_S} s)`);
process.exitCode = met ? 0 : 1;
