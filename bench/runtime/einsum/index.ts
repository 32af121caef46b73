/**
 * `npm run bench:einsum`: einsum against the matmul it stands for, in one
 * process. Attention scores `einsum("bhqd,bhkd->bhqk", q, k)` against
 * `matmul(q, transpose(k, [0, 1, 3, 2]))`, and a batched product
 * `einsum("bij,bjk->bik", a, b)` against `matmul(a, b)`, float32; the two
 * calls of a case alternate within each round (median over BENCH_ROUNDS
 * rounds, default 15, after a warm-up), so the machine's load falls on both.
 * Target: einsum within 1.2x of matmul's time on every case.
 */
import { einsum, matmul, randn, transpose, type Tensor } from "../../../src/index.js";

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 15);

interface Case {
  readonly title: string;
  readonly flops: number;
  readonly einsum: () => Tensor;
  readonly matmul: () => Tensor;
}

const q = randn([8, 8, 128, 64], { seed: 1 });
const k = randn([8, 8, 128, 64], { seed: 2 });
const a = randn([16, 128, 256], { seed: 3 });
const b = randn([16, 256, 64], { seed: 4 });
const cases: Case[] = [
  {
    title: '"bhqd,bhkd->bhqk" [8, 8, 128, 64] x2',
    flops: 2 * 8 * 8 * 128 * 128 * 64,
    einsum: () => einsum("bhqd,bhkd->bhqk", q, k),
    matmul: () => matmul(q, transpose(k, [0, 1, 3, 2])),
  },
  {
    title: '"bij,bjk->bik" [16, 128, 256] x [16, 256, 64]',
    flops: 2 * 16 * 128 * 256 * 64,
    einsum: () => einsum("bij,bjk->bik", a, b),
    matmul: () => matmul(a, b),
  },
];

const time = (run: () => Tensor): number => {
  const start = performance.now();
  run();
  return performance.now() - start;
};
const median = (values: readonly number[]): number => [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)]!;

console.log(`float32, median over ${ROUNDS} alternating rounds in one process`);
console.log("| case | einsum | matmul | einsum / matmul |");
console.log("|---|---|---|---|");
const misses: string[] = [];
for (const c of cases) {
  // the same values both ways, then a warm-up of each
  const x = c.einsum().toTypedArray();
  const y = c.matmul().toTypedArray();
  if (x.some((v, i) => v !== y[i])) misses.push(`${c.title}: results differ from matmul's`);
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`${c.title}: round ${round + 1}/${ROUNDS}\r`);
    ours.push(time(c.einsum));
    theirs.push(time(c.matmul));
  }
  process.stderr.write("\n");
  const rate = (ms: number) => `${ms.toFixed(2)} ms (${(c.flops / ms / 1e6).toFixed(2)} GFLOP/s)`;
  const ratio = median(ours) / median(theirs);
  console.log(`| ${c.title} | ${rate(median(ours))} | ${rate(median(theirs))} | ${ratio.toFixed(2)}× |`);
  if (ratio > 1.2) misses.push(`${c.title}: ${ratio.toFixed(2)}x matmul's time (> 1.2x)`);
}
console.log(misses.length === 0 ? "\nall targets met" : `\ntargets missed:\n  ${misses.join("\n  ")}`);
process.exitCode = misses.length === 0 ? 0 : 1;
