/**
 * `npm run bench:onnx`: the transformer block, the convolutional network and
 * the MLP of the examples (examples/models/), at batch 1 and 64, run by shapecast's
 * engine and by ONNX Runtime (CPU execution provider, all cores, the model
 * from `onnxSession`), in one process, interleaved over BENCH_ROUNDS rounds
 * (default 3) of a BENCH_TIME_MS budget each (default 1500). Prints the
 * medians, the ratio, and the largest difference between the two engines'
 * outputs (each must stay within 1e-5 relative to the output's scale).
 *
 * No target: the table says where each engine wins (README, "ONNX Runtime").
 */
import { availableParallelism } from "node:os";
import { randn, type Tensor } from "shapecast";
import { onnxSession } from "shapecast/onnx";
import { classify, cnnWeights } from "../../../examples/models/cnn.js";
import { mlp, mlpWeights } from "../../../examples/models/mlp.js";
import { blockWeights, D, encoderBlock } from "../../../examples/models/transformer.js";

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3);
const TIME_MS = Number(process.env["BENCH_TIME_MS"] ?? 1500);
const TOKENS = 32;

interface Case {
  readonly title: string;
  readonly ours: () => Tensor;
  readonly theirs: () => Promise<Tensor>;
}

/** The median time of `run` over a budget, after two warm-up calls. */
async function time(run: () => unknown): Promise<number> {
  await run();
  await run();
  const times: number[] = [];
  const start = performance.now();
  while (times.length < 5 || performance.now() - start < TIME_MS) {
    const before = performance.now();
    await run();
    times.push(performance.now() - before);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor((times.length - 1) / 2)]!;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The largest difference relative to the output's mean magnitude. */
function difference(a: Tensor, b: Tensor): number {
  const x = a.toTypedArray() as Float32Array;
  const y = b.toTypedArray() as Float32Array;
  const scale = x.reduce((s, v) => s + Math.abs(v), 0) / x.length;
  let worst = 0;
  for (let i = 0; i < x.length; i++) worst = Math.max(worst, Math.abs(x[i]! - y[i]!) / Math.max(Math.abs(x[i]!), scale));
  return worst;
}

const threads = availableParallelism();
const sessionOptions = { executionProviders: ["cpu"], intraOpNumThreads: threads };
const block = blockWeights();
const cnn = cnnWeights();
const dense = mlpWeights();
const transformer = await onnxSession((x: Tensor<[number, number, 16], "float32">) => encoderBlock(x, block), [{ shape: ["batch", "tokens", D] }], { weights: block, sessionOptions });
const perceptron = await onnxSession((x: Tensor<[number, 784], "float32">) => mlp(x, dense), [{ shape: ["batch", 784] }], { weights: dense, sessionOptions });
const digits = await onnxSession((x: Tensor<[number, 12, 12, 1], "float32">) => classify(x, cnn), [{ shape: ["batch", 12, 12, 1] }], { weights: cnn, sessionOptions });

const cases: Case[] = [];
for (const batch of [1, 64]) {
  const tokens = randn([batch, TOKENS, D], { seed: batch }) as Tensor<[number, number, 16], "float32">;
  cases.push({ title: `transformer block, batch ${batch} x ${TOKENS} tokens`, ours: () => encoderBlock(tokens, block), theirs: () => transformer(tokens) });
  const images = randn([batch, 12, 12, 1], { seed: batch + 1 }) as Tensor<[number, 12, 12, 1], "float32">;
  cases.push({ title: `CNN, batch ${batch} images 12x12`, ours: () => classify(images, cnn), theirs: () => digits(images) });
  const flat = randn([batch, 784], { seed: batch + 2 }) as Tensor<[number, 784], "float32">;
  cases.push({ title: `MLP 784-128-10, batch ${batch}`, ours: () => mlp(flat, dense), theirs: () => perceptron(flat) });
}

console.log(`float32 forward passes, median of ${ROUNDS} rounds; ONNX Runtime CPU with ${threads} threads (intraOpNumThreads), shapecast on one thread`);
console.log("| case | shapecast | ONNX Runtime (CPU) | ONNX Runtime vs shapecast | largest difference |");
console.log("|---|---|---|---|---|");
let failed = false;
for (const c of cases) {
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(await time(c.ours));
    theirs.push(await time(c.theirs));
  }
  const gap = difference(c.ours(), await c.theirs());
  if (!(gap <= 1e-5)) failed = true;
  const [a, b] = [median(ours), median(theirs)];
  const faster = a <= b ? `shapecast ${(b / a).toFixed(2)}x faster` : `ONNX Runtime ${(a / b).toFixed(2)}x faster`;
  console.log(`| ${c.title} | ${a.toFixed(3)} ms | ${b.toFixed(3)} ms | ${faster} | ${gap.toExponential(1)} |`);
}
await transformer.release();
await digits.release();
await perceptron.release();
console.log(failed ? "\nthe engines' outputs differ by more than 1e-5" : "\noutputs agree to 1e-5");
process.exitCode = failed ? 1 : 0;
