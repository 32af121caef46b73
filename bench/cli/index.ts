/**
 * `npm run bench:cli`: the shapecast CLI on a generated project of 200 files
 * x 50 tensor ops (broadcasts that change rank, same-rank broadcasts, matmul,
 * reductions, reshapes), in bench/.out/cli/. Runs `shapecast check` and
 * `tsc --noEmit` (the `typescript` dev dependency) on the same project, their
 * runs taking turns so both see the same machine load, and
 * `shapecast codemod explicit-broadcast` (dry run), as a user does: one
 * process each, running the CLI as the package installs it (`npm run
 * build:cli`: the library into dist/, the command line into cli/dist/;
 * `npm run shapecast` adds tsx's start-up to that). Prints wall time and files per second (median of
 * --runs) and check's time over tsc's.
 *
 * The project is checked twice over: with the library's sources (tsconfig.json,
 * `paths` to src/), where tsc also type-checks the library's own files, which
 * check does not report on; and with the library's declarations
 * (tsconfig.installed.json, `paths` to dist/src/index.d.ts), as a project that
 * installed the package has it, where both check the same 200 files.
 * TypeScript 7's native tsc is timed too, for reference only.
 *
 * Targets: `check` at most 1.5x `tsc --noEmit` in both setups, and under
 * 30 s; exit 1 when one is missed. Options: --files N, --ops N, --runs N,
 * --seed N.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    runs: { type: "string", default: "5" },
    seed: { type: "string", default: "5" },
  },
});
const FILES = Number(values.files);
const OPS = Number(values.ops);
const RUNS = Number(values.runs);
const TARGET_S = 30;
/** check's wall time over tsc --noEmit's, at most. */
const TARGET_RATIO = 1.5;

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
const options = {
  strict: true, noEmit: true, target: "es2022", lib: ["es2022"], module: "nodenext", moduleResolution: "nodenext",
  types: [], skipLibCheck: true,
};
writeFileSync(
  join(out, "tsconfig.json"),
  JSON.stringify({ compilerOptions: { ...options, paths: { shapecast: ["../../../src/index.ts"] } }, include: ["src"] }),
);
// the package as it installs: the CLI as JavaScript, the library as declarations (which skipLibCheck leaves unchecked)
process.stderr.write("building the packages (npm run build:cli) ...\n");
execFileSync("npm", ["run", "build:cli", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
writeFileSync(
  join(out, "tsconfig.installed.json"),
  JSON.stringify({ compilerOptions: { ...options, paths: { shapecast: ["../../../dist/src/index.d.ts"] } }, include: ["src"] }),
);

const cli = join(root, "cli", "dist", "main.js");
const versionOf = (folder: string): string =>
  (JSON.parse(readFileSync(join(root, "node_modules", folder, "package.json"), "utf8")) as { version: string }).version;

interface Row {
  readonly title: string;
  /** The process to run in the generated project: node with these arguments. */
  readonly argv: readonly string[];
  readonly samples: number[];
}
const shapecast = (title: string, args: readonly string[]): Row => ({ title, argv: [cli, ...args], samples: [] });
const tsc = (folder: string, title: string, tsconfig: string): Row => ({
  title, argv: [join(root, "node_modules", folder, "bin", "tsc"), "--noEmit", "-p", tsconfig], samples: [],
});

/** Wall seconds of one run of `row` in the generated project, which must exit 0. */
function time(row: Row): number {
  const start = performance.now();
  try {
    execFileSync(process.execPath, row.argv, { cwd: out, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  } catch (error) {
    const { status, stdout, stderr } = error as { status?: number; stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${row.title}: exit ${status}, expected 0\n${String(stdout ?? "")}${String(stderr ?? error)}`);
  }
  return (performance.now() - start) / 1000;
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** check, tsc and TypeScript 7's tsc on one tsconfig of the project. */
interface Setup {
  readonly name: string;
  readonly check: Row;
  readonly tsc: Row;
  readonly native: Row;
}
const setup = (name: string, tsconfig: string): Setup => ({
  name,
  check: shapecast(`shapecast check -p ${tsconfig}`, ["check", "-p", tsconfig]),
  tsc: tsc("typescript", `tsc --noEmit -p ${tsconfig} (TypeScript ${versionOf("typescript")})`, tsconfig),
  native: tsc("typescript-7", `tsc --noEmit -p ${tsconfig} (TypeScript ${versionOf("typescript-7")}, native; reference only)`, tsconfig),
});
const setups = [
  setup("library's sources (tsc also checks the library's files)", "tsconfig.json"),
  setup("library's declarations, as installed (both check the same files)", "tsconfig.installed.json"),
];
// a dry run that finds rewrites: exit 0 (only --check exits 1)
const codemod = shapecast("shapecast codemod explicit-broadcast", ["codemod", "explicit-broadcast"]);
// check and the tscs take turns, so a change in the machine's load reaches all of them alike
const timed: [readonly Row[], string][] = [[setups.flatMap((s) => [s.check, s.tsc, s.native]), "check and tsc"], [[codemod], "codemod"]];
for (const [rows, what] of timed) {
  for (let run = 1; run <= RUNS; run++) {
    process.stderr.write(`${what}: run ${run}/${RUNS} ...\n`);
    for (const row of rows) row.samples.push(time(row));
  }
}

console.log(`generated project: ${FILES} files x ${OPS} ops (bench/.out/cli), median of ${RUNS} runs, one process per run`);
console.log("| command | wall s | files/s | runs (s) |");
console.log("|---|---|---|---|");
for (const row of [...setups.flatMap((s) => [s.check, s.tsc, s.native]), codemod]) {
  const seconds = median(row.samples);
  console.log(`| ${row.title} | ${seconds.toFixed(2)} | ${(FILES / seconds).toFixed(1)} | ${row.samples.map((x) => x.toFixed(2)).join(", ")} |`);
}
console.log("");
const verdicts: string[] = [];
let met = true;
for (const { name, check, tsc: ours, native } of setups) {
  const seconds = median(check.samples);
  const ratio = seconds / median(ours.samples);
  console.log(`${name}: check / tsc --noEmit ${ratio.toFixed(2)}x (/ TypeScript 7's native tsc ${(seconds / median(native.samples)).toFixed(2)}x, for reference)`);
  met &&= ratio <= TARGET_RATIO && seconds < TARGET_S;
  verdicts.push(`${ratio.toFixed(2)}x tsc --noEmit and ${seconds.toFixed(1)} s with the ${name.split(" (")[0]}`);
}
console.log(`${met ? "targets met" : "targets MISSED"}: check ${verdicts.join("; ")} (<= ${TARGET_RATIO}x, < ${TARGET_S} s)`);
process.exitCode = met ? 0 : 1;
