/**
 * `npm run bench:types:ops` (part of `npm run bench:types`): what one call of each op costs the
 * compiler. For every op below it generates a file of `--uses` calls (200 by default), each on
 * its own literal shape (never seen before in that file, so nothing is cached) with varied
 * options, and a baseline file declaring the same tensors with no call; it type-checks both with
 * `--extendedDiagnostics` under TypeScript 6 and 7 and prints, per op,
 * (instantiations with the calls - instantiations of the baseline) / uses, and the check time
 * per use above the baseline, and what the first call alone costs above the baseline. Targets:
 * at most 400 instantiations per use and 30,000 for the first call; the script exits 1 when an
 * op misses one, naming the op.
 *
 * Both compilers report "Instantiations" with `--extendedDiagnostics` (the native TypeScript 7
 * counts them too), so both are measured and both are held to the target. Instantiations are
 * deterministic (one run is enough); check times are noisy on a shared machine, so they are the
 * median of `--runs` rounds, the baseline and the calls compiled back to back in each round.
 * TypeScript 7 runs with `--singleThreaded`, so times above the baseline add up (see
 * harness.ts).
 *
 * Adding an op is one line in `cases` (a family, the op, and how one call is written).
 * Options: --uses N, --runs N, --seed N, --only op1,op2.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compileOnce, compilers, median, root, writeProject } from "./harness.js";
import { seededRandom } from "./seeded.js";

const out = join(root, "bench", ".out", "ops");
const { values } = parseArgs({
  options: {
    uses: { type: "string", default: "200" },
    runs: { type: "string", default: "3" },
    seed: { type: "string", default: "5" },
    only: { type: "string" },
  },
});
const USES = Number(values.uses);
const RUNS = Number(values.runs);
const TARGET = 400;
/**
 * The first call of an op in a program also pays for what the compiler works out once per op
 * (its signatures' conditional types with the type parameters still open). That once was about
 * 290,000 instantiations and a second per op until 2026-11-29 (types/errors.ts, `ShapeChecked`),
 * invisible in the per-use average of 200 calls; this column keeps it in view.
 */
const FIRST_TARGET = 30_000;

const random = seededRandom(Number(values.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number): boolean => random() < p;
const between = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
const tuple = (shape: readonly number[]) => `[${shape.join(", ")}]`;
/** An optional argument: `text` with probability p, else nothing. */
const maybe = (p: number, text: string): string => (chance(p) ? text : "");

const SIZES = [2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256];
const SPATIAL = [8, 9, 10, 12, 14, 16, 20, 24, 28, 32, 48, 56, 64, 112];

/**
 * The tensors of one generated file. Each call declares its tensors here, so the
 * baseline declares exactly the same ones; `fresh` hands out shapes not used before
 * in the file.
 */
class Tensors {
  readonly declarations: string[] = [];
  private readonly seen = new Set<string>();

  /** Declares a tensor of this shape and dtype and returns its name. */
  of(shape: readonly number[], dtype = "float32"): string {
    const name = `x${this.declarations.length}`;
    this.declarations.push(`declare const ${name}: Tensor<${tuple(shape)}, "${dtype}">;`);
    return name;
  }

  /** The first shape `make` gives that was not handed out before in this file. */
  distinct(make: (attempt: number) => number[]): number[] {
    for (let attempt = 0; ; attempt++) {
      const shape = make(attempt);
      const key = tuple(shape);
      if (!this.seen.has(key)) {
        this.seen.add(key);
        return shape;
      }
    }
  }

  /** A shape of rank low..high, sizes from `sizes`, distinct from every shape handed out before. */
  fresh(low: number, high: number, sizes: readonly number[] = SIZES): number[] {
    // after many collisions, allow one more axis (there are few shapes of rank 1); at most 2^24
    // elements, as tensors of a real program
    return this.distinct((attempt) => {
      const shape = Array.from({ length: between(low, high + Math.floor(attempt / 50)) }, () => pick(sizes));
      return shape.reduce((p, d) => p * d, 1) <= 2 ** 24 ? shape : this.fresh(low, high, sizes);
    });
  }

  /** A float32 tensor of a fresh shape (rank low..high) and the shape. */
  fresh32(low: number, high: number, sizes: readonly number[] = SIZES): [string, number[]] {
    const shape = this.fresh(low, high, sizes);
    return [this.of(shape), shape];
  }
}

/** An axis of a rank-`rank` shape, negative half of the time. */
const axisOf = (rank: number): number => {
  const axis = between(0, rank - 1);
  return chance(0.5) ? axis - rank : axis;
};

/** `{ size, strides?, padding?, layout? }` of a pooling call, fitting the spatial sizes (at least 8). */
function poolOptions(rank: 1 | 2, layout: string | undefined): string {
  const size = rank === 2 && chance(0.3) ? `[${between(2, 3)}, ${between(2, 3)}]` : `${between(2, 3)}`;
  const fields = [`size: ${size}`];
  if (chance(0.5)) fields.push(`strides: ${between(1, 2)}`);
  if (chance(0.5)) fields.push(`padding: ${pick([`"same"`, `"valid"`, "1"])}`);
  if (layout !== undefined) fields.push(`layout: "${layout}"`);
  return `{ ${fields.join(", ")} }`;
}

/** A pooling call: `op(x, options)` on a rank-4 (2d) or rank-3 (1d) input in either layout. */
function pool(op: string, rank: 1 | 2) {
  return (t: Tensors): string => {
    const channelsFirst = chance(0.3);
    const shape = t.distinct(() => {
      const [n, c] = [pick([1, 2, 4, 8, 16, 32]), pick([1, 3, 8, 16, 32, 64])];
      const spatial = Array.from({ length: rank }, () => pick(SPATIAL));
      return channelsFirst ? [n, c, ...spatial] : [n, ...spatial, c];
    });
    return `${op}(${t.of(shape)}, ${poolOptions(rank, channelsFirst ? (rank === 2 ? "NCHW" : "NCW") : chance(0.3) ? (rank === 2 ? "NHWC" : "NWC") : undefined)})`;
  };
}

/** A resize call on a fresh image batch in either layout: sizes (resize) or a scale (upsample), a mode and coordinates now and then. */
function resizeCall(op: "resize" | "upsample") {
  return (t: Tensors): string => {
    const channelsFirst = chance(0.3);
    const shape = t.distinct(() => {
      const [n, c] = [pick([1, 2, 4, 8, 16, 32]), pick([1, 3, 8, 16, 32, 64])];
      const spatial = [pick(SPATIAL), pick(SPATIAL)];
      return channelsFirst ? [n, c, ...spatial] : [n, ...spatial, c];
    });
    const fields = [maybe(0.5, `mode: "${pick(["nearest", "bilinear"])}"`), maybe(0.3, `coordinates: "${pick(["half-pixel", "align-corners", "asymmetric"])}"`)];
    if (channelsFirst) fields.push(`layout: "NCHW"`);
    const options = fields.filter(Boolean);
    const arg = op === "resize" ? tuple([pick(SPATIAL), pick(SPATIAL)]) : chance(0.3) ? tuple([between(1, 4), between(1, 4)]) : `${between(2, 4)}`;
    return `${op}(${t.of(shape)}, ${arg}${options.length > 0 ? `, { ${options.join(", ")} }` : ""})`;
  };
}

/** A convolution call on a channels-last input with a 3-wide window (w in the layout the op takes there). */
function conv(op: string, rank: 1 | 2) {
  return (t: Tensors): string => {
    let c = 0;
    const shape = t.distinct(() => {
      const n = pick([1, 2, 4, 8, 16]);
      c = pick([1, 3, 8, 16]);
      return [n, ...Array.from({ length: rank }, () => pick(SPATIAL)), c];
    });
    const f = pick([4, 8, 16, 32]);
    const window = rank === 2 ? [3, 3] : [3];
    const w = op === "depthwiseConv2d" ? [...window, c, 2] : op === "conv2dTranspose" ? [...window, f, c] : [...window, c, f];
    const fields: string[] = [];
    if (chance(0.5)) fields.push(`strides: ${between(1, 2)}`);
    if (chance(0.5)) fields.push(`padding: ${pick([`"same"`, `"valid"`])}`);
    return `${op}(${t.of(shape)}, ${t.of(w)}${fields.length > 0 ? `, { ${fields.join(", ")} }` : ""})`;
  };
}

/** An einsum call: a batched matrix product, or attention scores. */
function einsumUse(t: Tensors): string {
  const [b, i, j, k] = t.fresh(4, 4);
  return chance(0.5)
    ? `einsum("bij,bjk->bik", ${t.of([b!, i!, j!])}, ${t.of([b!, j!, k!])})`
    : `einsum("bhqd,bhkd->bhqk", ${t.of([b!, 2, i!, j!])}, ${t.of([b!, 2, k!, j!])})`;
}

/** One use of an op: declares its tensors in `t` and returns the call. */
type Use = (t: Tensors) => string;
interface Case {
  family: string;
  op: string;
  use: Use;
}

const unary = (op: string, extra = ""): Use => (t) => `${op}(${t.fresh32(1, 4)[0]}${extra})`;

/** The ops measured, one line each. */
const cases: Case[] = [
  // activations and tests of values
  { family: "activation", op: "gelu", use: (t) => `gelu(${t.fresh32(1, 4)[0]}${maybe(0.5, `, { approximate: "tanh" }`)})` },
  { family: "activation", op: "silu", use: unary("silu") },
  { family: "activation", op: "softplus", use: unary("softplus") },
  { family: "activation", op: "leakyRelu", use: (t) => `leakyRelu(${t.fresh32(1, 4)[0]}${maybe(0.5, ", 0.1")})` },
  { family: "activation", op: "elu", use: (t) => `elu(${t.fresh32(1, 4)[0]}${maybe(0.5, ", 1.5")})` },
  { family: "activation", op: "erf", use: unary("erf") },
  { family: "activation", op: "logSigmoid", use: unary("logSigmoid") },
  { family: "activation", op: "isNaN", use: unary("isNaN") },
  { family: "activation", op: "isFinite", use: unary("isFinite") },
  // cumulative
  { family: "scan", op: "cumsum", use: (t) => scan("cumsum", t) },
  { family: "scan", op: "cumprod", use: (t) => scan("cumprod", t) },
  // sorting
  { family: "sort", op: "sort", use: (t) => sortCall("sort", t) },
  { family: "sort", op: "argsort", use: (t) => sortCall("argsort", t) },
  { family: "sort", op: "topk", use: topkCall },
  // boolean reductions
  { family: "any/all", op: "any", use: (t) => reduceCall("any", t, "bool") },
  { family: "any/all", op: "all", use: (t) => reduceCall("all", t, "bool") },
  // encodings
  { family: "oneHot", op: "oneHot", use: (t) => `oneHot(${t.of(t.fresh(1, 3), pick(["int32", "uint8"]))}, ${pick(SIZES)}${maybe(0.3, `, { dtype: "int32" }`)})` },
  // triangles of matrices
  { family: "triangle", op: "tril", use: (t) => `tril(${t.fresh32(2, 4)[0]}${maybe(0.5, ", -1")})` },
  { family: "triangle", op: "triu", use: (t) => `triu(${t.fresh32(2, 4)[0]}${maybe(0.5, ", 1")})` },
  // repeating each element along an axis
  { family: "repeat", op: "repeat", use: repeatCall },
  // pooling
  { family: "pooling", op: "maxPool2d", use: pool("maxPool2d", 2) },
  { family: "pooling", op: "avgPool2d", use: pool("avgPool2d", 2) },
  { family: "pooling", op: "maxPool1d", use: pool("maxPool1d", 1) },
  { family: "pooling", op: "avgPool1d", use: pool("avgPool1d", 1) },
  // resizing images
  { family: "resize", op: "resize", use: resizeCall("resize") },
  { family: "resize", op: "upsample", use: resizeCall("upsample") },
  // normalisation
  { family: "norm", op: "layerNorm", use: (t) => norm("layerNorm", t) },
  { family: "norm", op: "rmsNorm", use: (t) => norm("rmsNorm", t) },
  { family: "norm", op: "batchNorm", use: batchNormCall },
  // copies of a shape
  { family: "like", op: "zerosLike", use: (t) => `zerosLike(${t.fresh32(1, 4)[0]}${maybe(0.3, `, { dtype: "int32" }`)})` },
  { family: "like", op: "onesLike", use: (t) => `onesLike(${t.fresh32(1, 4)[0]}${maybe(0.3, `, { dtype: "int32" }`)})` },
  { family: "like", op: "fullLike", use: (t) => `fullLike(${t.fresh32(1, 4)[0]}, ${pick(["0.5", "3", "true"])}${maybe(0.3, `, { dtype: "float64" }`)})` },
  { family: "like", op: "clone", use: unary("clone") },
  // convolution: a 3x3 (or 1x3) window over fresh spatial sizes, channels-last, options as pooling's
  { family: "convolution", op: "conv2d", use: conv("conv2d", 2) },
  { family: "convolution", op: "conv1d", use: conv("conv1d", 1) },
  { family: "convolution", op: "depthwiseConv2d", use: conv("depthwiseConv2d", 2) },
  { family: "convolution", op: "conv2dTranspose", use: conv("conv2dTranspose", 2) },
  // einsum: a batched product and attention scores over fresh sizes
  { family: "einsum", op: "einsum", use: einsumUse },
  // older ops, for comparison
  { family: "older", op: "add", use: addCall },
  { family: "older", op: "matmul", use: matmulCall },
  { family: "older", op: "sum", use: (t) => reduceCall("sum", t, "float32") },
  { family: "older", op: "reshape", use: reshapeCall },
  { family: "older", op: "concat", use: concatCall },
];

function scan(op: string, t: Tensors): string {
  const [x, shape] = t.fresh32(1, 4);
  const axis = chance(0.8) ? `, ${axisOf(shape.length)}` : "";
  const options = axis !== "" && chance(0.4) ? `, { exclusive: true${maybe(0.5, ", reverse: true")} }` : "";
  return `${op}(${x}${axis}${options})`;
}

function sortCall(op: string, t: Tensors): string {
  const [x, shape] = t.fresh32(1, 4);
  const fields = [maybe(0.6, `axis: ${axisOf(shape.length)}`), maybe(0.4, "descending: true")].filter(Boolean);
  return `${op}(${x}${fields.length > 0 ? `, { ${fields.join(", ")} }` : ""})`;
}

function topkCall(t: Tensors): string {
  const [x, shape] = t.fresh32(1, 4);
  const axis = chance(0.5) ? axisOf(shape.length) : undefined;
  const size = shape[((axis ?? -1) + shape.length) % shape.length]!;
  return `topk(${x}, ${between(1, size)}${axis === undefined ? "" : `, { axis: ${axis} }`})`;
}

/** A count on an axis (negative half of the time), a list of one count per element of a short axis, or no axis. */
function repeatCall(t: Tensors): string {
  const [x, shape] = t.fresh32(1, 4);
  const axis = axisOf(shape.length);
  const size = shape[(axis + shape.length) % shape.length]!;
  if (chance(0.3) && size <= 8) return `repeat(${x}, ${tuple(Array.from({ length: size }, () => between(0, 3)))}, ${axis})`;
  return chance(0.2) ? `repeat(${x}, ${between(2, 4)})` : `repeat(${x}, ${between(0, 4)}, ${axis})`;
}

function reduceCall(op: string, t: Tensors, dtype: string): string {
  const shape = t.fresh(1, 4);
  const x = t.of(shape, dtype);
  const axes = chance(0.2) ? "" : chance(0.2) && shape.length > 1 ? `, [0, ${shape.length - 1}]` : `, ${axisOf(shape.length)}`;
  return `${op}(${x}${axes}${axes !== "" && chance(0.4) ? ", { keepDims: true }" : ""})`;
}

function norm(op: "layerNorm" | "rmsNorm", t: Tensors): string {
  const [x, shape] = t.fresh32(2, 4);
  const two = chance(0.3);
  const params = two ? shape.slice(-2) : shape.slice(-1);
  const gamma = t.of(params);
  const beta = op === "layerNorm" ? `, ${t.of(params)}` : "";
  const options = two ? `, { axis: -2${maybe(0.5, ", epsilon: 1e-6")} }` : maybe(0.3, ", { epsilon: 1e-6 }");
  return `${op}(${x}, ${gamma}${beta}${options})`;
}

function batchNormCall(t: Tensors): string {
  const [x, shape] = t.fresh32(4, 4);
  const channelsFirst = chance(0.4);
  const c = channelsFirst ? shape[1]! : shape[3]!;
  const vectors = Array.from({ length: 4 }, () => t.of([c]));
  return `batchNorm(${x}, ${vectors.join(", ")}${channelsFirst ? `, { layout: "NCHW" }` : maybe(0.3, `, { epsilon: 1e-3 }`)})`;
}

function addCall(t: Tensors): string {
  const [x, shape] = t.fresh32(2, 4);
  const tail = shape.slice(between(0, shape.length - 1)).map((size) => (chance(0.3) ? 1 : size));
  return `add(${x}, ${t.of(tail)})`;
}

function matmulCall(t: Tensors): string {
  const [x, shape] = t.fresh32(2, 4);
  const k = shape[shape.length - 1]!;
  const batched = shape.length > 2 && chance(0.4);
  return `matmul(${x}, ${t.of([...(batched ? shape.slice(0, -2) : []), k, pick(SIZES)])})`;
}

function reshapeCall(t: Tensors): string {
  const [x, shape] = t.fresh32(2, 4);
  const rank = shape.length;
  const target =
    chance(0.5) ? [...shape.slice(0, -2), -1]
    : chance(0.5) ? [shape.reduce((p, d) => p * d, 1)]
    : [...shape.slice(0, -2), shape[rank - 2]! * shape[rank - 1]!];
  return `reshape(${x}, ${tuple(target)})`;
}

function concatCall(t: Tensors): string {
  const [x, shape] = t.fresh32(1, 4);
  const axis = between(0, shape.length - 1);
  const others = Array.from({ length: between(1, 2) }, () => t.of(shape.map((d, a) => (a === axis ? pick(SIZES) : d))));
  return `concat([${[x, ...others].join(", ")}]${axis === 0 && chance(0.5) ? "" : `, ${axis}`})`;
}

const imports = (ops: string) => `import { ${ops}, type Tensor } from "../../../../../src/index.js";\n`;

const project = (folder: string, source: string): string => writeProject(folder, "uses.ts", source);

interface Sample {
  instantiations: number;
  check: number;
}

function compile(compiler: readonly string[], config: string): Sample {
  const { instantiations, check, errors } = compileOnce(compiler, config);
  // a generated use that does not type-check measures an error path, not the op: stop
  if (errors !== "") throw new Error(`type errors in ${config}:\n${errors}`);
  return { instantiations, check };
}

const only = values.only?.split(",").map((op) => op.trim());
const selected = only ? cases.filter((c) => only.includes(c.op)) : cases;
if (only && selected.length !== only.length) throw new Error(`unknown op in --only: ${only.filter((op) => !cases.some((c) => c.op === op)).join(", ")}`);

const progress = (text: string) => {
  if (process.stderr.isTTY) process.stderr.write(`\r\u001b[K${text}`);
};

const rows: string[][] = [];
const missed: string[] = [];
// (every op's uses are drawn, in the catalog's order, also those left out by --only: the draws
// share one seeded stream, so an op measured alone gets the same calls as in the full table)
const drawn = new Map(
  cases.map(({ op, use }) => {
    const t = new Tensors();
    return [op, { t, calls: Array.from({ length: USES }, (_, i) => `export const r${i} = ${use(t)};`) }] as const;
  }),
);
for (const [index, { family, op }] of selected.entries()) {
  progress(`[${index + 1}/${selected.length}] ${op}: ${USES} uses`);
  const { t, calls } = drawn.get(op)!;
  const head = `${imports(op)}${t.declarations.join("\n")}\n`;
  const withCalls = project(join(out, op, "uses"), `${head}${calls.join("\n")}\n`);
  const withFirst = project(join(out, op, "first"), `${head}${calls[0]}\n`);
  const baseline = project(join(out, op, "baseline"), `${head}export {};\n`);
  const row = [family, op];
  for (const [name, compiler] of Object.entries(compilers)) {
    const perUse: number[] = [];
    let instantiations = 0;
    let baseInstantiations = 0;
    for (let run = 0; run < RUNS; run++) {
      const base = compile(compiler, baseline);
      const uses = compile(compiler, withCalls);
      baseInstantiations = base.instantiations;
      instantiations = (uses.instantiations - base.instantiations) / USES;
      perUse.push(((uses.check - base.check) * 1000) / USES);
    }
    // (instantiations are deterministic: one compile of the first call alone is enough, against the baseline's count above)
    const first = compile(compiler, withFirst).instantiations - baseInstantiations;
    if (instantiations > TARGET) missed.push(`${op} (${name}: ${instantiations.toFixed(1)})`);
    if (first > FIRST_TARGET) missed.push(`${op} (${name}, first call: ${first})`);
    row.push(instantiations.toFixed(1), Math.max(median(perUse), 0).toFixed(2), String(first));
  }
  rows.push(row);
}
progress("");

const titles = ["family", "op", "TS 6.0 inst/use", "TS 6.0 check ms/use", "TS 6.0 first call", "TS 7.0 inst/use", "TS 7.0 check ms/use", "TS 7.0 first call"];
const widths = titles.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
console.log(`Per-op compile-time cost: ${USES} uses per op, each on its own literal shape; above a file declaring the same tensors; check time the median of ${RUNS} rounds`);
console.log(line(titles));
console.log(line(widths.map((width) => "-".repeat(width))));
for (const row of rows) console.log(line(row));
console.log(
  missed.length === 0
    ? `\ntargets met: every op at most ${TARGET} instantiations per use, and at most ${FIRST_TARGET} for the first call`
    : `\ntargets missed (at most ${TARGET} instantiations per use, ${FIRST_TARGET} for the first call): ${missed.join(", ")}`,
);
process.exitCode = missed.length === 0 ? 0 : 1;
