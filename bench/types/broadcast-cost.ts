/**
 * `npm run bench:types:broadcast` (part of `npm run bench:types`): what `BroadcastShapes` / `BroadcastToShape` cost the
 * compiler. For each mode it generates 1,000 uses on rank-4 shapes (1,000 that
 * fit, then 1,000 that do not, whose message is asked for with `ErrorMessage`,
 * as an editor showing the error does), type-checks each file with
 * `--extendedDiagnostics` under TypeScript 6 and 7, and prints instantiations
 * per use (above an empty baseline: deterministic) and check time (noisy:
 * median of `--runs`, default 3). Target: at most 200 instantiations per use.
 *
 * Options: --runs N, --uses N, --seed N.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compileOnce, compilers, median, root, writeProject as writeFiles } from "./harness.js";
import { seededRandom } from "./seeded.js";

const out = join(root, "bench", ".out");

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    uses: { type: "string", default: "1000" },
    seed: { type: "string", default: "7" },
  },
});
const RUNS = Number(values.runs);
const USES = Number(values.uses);
const TARGET = 200;

const random = seededRandom(Number(values.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const SIZES = [2, 3, 4, 8, 16, 32, 64, 128, 224, 256, 512, 768, 1024, 4096, 2147483647];
const base4 = (): number[] => Array.from({ length: 4 }, () => pick(SIZES));
const withOnes = (shape: readonly number[], p = 0.3): number[] => shape.map((size) => (random() < p ? 1 : size));
const other = (size: number): number => {
  let next = pick(SIZES);
  while (next === size) next = pick(SIZES);
  return next;
};
const breakOne = (shape: readonly number[]): number[] => {
  const copy = [...shape];
  const axis = Math.floor(random() * copy.length);
  copy[axis] = other(copy[axis] === 1 ? pick(SIZES) : copy[axis]!);
  return copy;
};
const increasing = (rank: number, count: number): number[] => {
  const axes = [...Array(rank).keys()];
  while (axes.length > count) axes.splice(Math.floor(random() * axes.length), 1);
  return axes;
};

const tuple = (shape: readonly number[]) => `[${shape.join(", ")}]`;
type Use = { a: number[]; b: number[]; spec: string };

/** Each mode: a use that fits, and one that does not. */
const modes: Record<string, { type: "BroadcastShapes" | "BroadcastToShape"; fit: () => Use; misfit: () => Use }> = {
  numpy: {
    type: "BroadcastShapes",
    fit: () => {
      const base = base4();
      const rank = 1 + Math.floor(random() * 4);
      return { a: withOnes(base), b: withOnes(base.slice(4 - rank)), spec: "" };
    },
    misfit: () => {
      const base = base4().map((size) => (size === 1 ? 2 : size));
      return { a: base, b: breakOne(base).slice(Math.floor(random() * 3)), spec: "" };
    },
  },
  none: {
    type: "BroadcastShapes",
    fit: () => {
      const base = base4();
      return { a: base, b: [...base], spec: `{ mode: "none" }` };
    },
    misfit: () => {
      const base = base4();
      return { a: base, b: breakOne(base), spec: `{ mode: "none" }` };
    },
  },
  xla: {
    type: "BroadcastShapes",
    fit: () => {
      const high = base4();
      if (random() < 0.5) return { a: withOnes(high), b: withOnes(high), spec: `{ mode: "xla" }` };
      const dims = increasing(4, 1 + Math.floor(random() * 3));
      const low = withOnes(dims.map((axis) => high[axis]!));
      const lowIsB = random() < 0.7;
      return { a: lowIsB ? high : low, b: lowIsB ? low : high, spec: `{ mode: "xla"; broadcastDimensions: ${tuple(dims)} }` };
    },
    misfit: () => {
      const high = base4().map((size) => (size === 1 ? 2 : size));
      const dims = increasing(4, 1 + Math.floor(random() * 3));
      const low = dims.map((axis) => high[axis]!);
      const how = random();
      const spec = how < 0.4 ? `{ mode: "xla" }` : `{ mode: "xla"; broadcastDimensions: ${tuple(dims)} }`;
      return { a: high, b: how < 0.4 ? low : breakOne(low), spec };
    },
  },
  pdpd: {
    type: "BroadcastShapes",
    fit: () => {
      const a = base4();
      const start = Math.floor(random() * 4);
      const length = 1 + Math.floor(random() * (4 - start));
      const b = withOnes(a.slice(start, start + length), 0.2);
      const axis = start + length === 4 && random() < 0.5 ? "" : `; axis: ${start}`;
      return { a, b, spec: `{ mode: "pdpd"${axis} }` };
    },
    misfit: () => {
      const a = base4().map((size) => (size === 1 ? 2 : size));
      const start = Math.floor(random() * 3);
      return { a, b: breakOne(a.slice(start, start + 2)), spec: `{ mode: "pdpd"; axis: ${start} }` };
    },
  },
  "to numpy": {
    type: "BroadcastToShape",
    fit: () => {
      const target = base4();
      return { a: withOnes(target.slice(Math.floor(random() * 4))), b: target, spec: "" };
    },
    misfit: () => {
      const target = base4().map((size) => (size === 1 ? 2 : size));
      return { a: breakOne(target.slice(Math.floor(random() * 3))), b: target, spec: "" };
    },
  },
  "to bidirectional": {
    type: "BroadcastToShape",
    fit: () => {
      const base = base4();
      return { a: withOnes(base.slice(Math.floor(random() * 4))), b: withOnes(base), spec: `{ mode: "bidirectional" }` };
    },
    misfit: () => {
      const base = base4().map((size) => (size === 1 ? 2 : size));
      return { a: base, b: breakOne(base), spec: `{ mode: "bidirectional" }` };
    },
  },
  "to explicit": {
    type: "BroadcastToShape",
    fit: () => {
      const target = base4();
      const mapping = increasing(4, 1 + Math.floor(random() * 4));
      return { a: withOnes(mapping.map((axis) => target[axis]!)), b: target, spec: `{ mode: "explicit"; axesMapping: ${tuple(mapping)} }` };
    },
    misfit: () => {
      const target = base4().map((size) => (size === 1 ? 2 : size));
      const mapping = increasing(4, 2);
      return { a: breakOne(mapping.map((axis) => target[axis]!)), b: target, spec: `{ mode: "explicit"; axesMapping: ${tuple(mapping)} }` };
    },
  },
};

const header = `import type { BroadcastShapes, BroadcastToShape, ErrorMessage } from "../../../types/index.js";\n`;

const writeProject = (name: string, body: string): string => writeFiles(join(out, name), "uses.ts", header + body);

interface Measure { instantiations: number; check: number }

function measure(compiler: readonly string[], project: string): Measure {
  const runs: Measure[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { instantiations, check, errors } = compileOnce(compiler, project);
    if (errors !== "") throw new Error(`type errors in ${project}:\n${errors}`);
    runs.push({ instantiations, check });
  }
  return { instantiations: runs[0]!.instantiations, check: median(runs.map((r) => r.check)) };
}

const progress = (text: string) => {
  if (process.stderr.isTTY) process.stderr.write(`\r\u001b[K${text}`);
};

const baseline = writeProject("baseline", "export {};\n");
const baselines = Object.fromEntries(Object.entries(compilers).map(([name, compiler]) => [name, measure(compiler, baseline)]));

const rows: string[][] = [];
let worst = 0;
const modeNames = Object.keys(modes);
for (const [index, [mode, { type, fit, misfit }]] of Object.entries(modes).entries()) {
  for (const [kind, make] of [["fit", fit], ["misfit", misfit]] as const) {
    progress(`[${index + 1}/${modeNames.length}] ${mode} (${kind}): generating and checking ${USES} uses`);
    const lines = Array.from({ length: USES }, (_, i) => {
      const use = make();
      const expression = `${type}<${tuple(use.a)}, ${tuple(use.b)}${use.spec === "" ? "" : `, ${use.spec}`}>`;
      // a misfit's message is built lazily; ask for it, as an editor showing the error does
      return `export declare const u${i}: ${kind === "fit" ? expression : `ErrorMessage<${expression}>`};`;
    });
    const project = writeProject(`${mode.replace(" ", "-")}-${kind}`, `${lines.join("\n")}\n`);
    const row = [mode, kind];
    for (const [name, compiler] of Object.entries(compilers)) {
      const result = measure(compiler, project);
      const perUse = (result.instantiations - baselines[name]!.instantiations) / USES;
      worst = Math.max(worst, perUse);
      row.push(perUse.toFixed(1), (result.check - baselines[name]!.check).toFixed(3));
    }
    rows.push(row);
  }
}
progress("");

const head = ["mode", "uses", "TS 6.0 inst/use", "TS 6.0 check s", "TS 7.0 inst/use", "TS 7.0 check s"];
const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
console.log(`BroadcastShapes / BroadcastToShape on rank-4 shapes: ${USES} uses per row, check time is the median of ${RUNS} runs above an empty file`);
console.log(line(head));
console.log(line(widths.map((width) => "-".repeat(width))));
for (const row of rows) console.log(line(row));
console.log(`\nworst: ${worst.toFixed(1)} instantiations per use (target: at most ${TARGET})`);
process.exitCode = worst <= TARGET ? 0 : 1;
