/**
 * `npm run bench:train:heap`: 10,000 training steps of the iris-sized MLP
 * (valueAndGrad, then adam), with the heap measured after a full GC every
 * 1,000 steps. Nothing a step makes may outlive it (the tape, the
 * intermediates, the old parameters and state), so the heap after GC must not
 * grow: the target is a last figure within 1 MiB of the first.
 * Runs with --expose-gc (the script sets it).
 */
import { adam, valueAndGrad } from "../../../src/index.js";
import { TRAIN_CASES } from "./cases.js";
import { model } from "./model.js";

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error("run with node --expose-gc (npm run bench:train:heap does)");

const built = model(TRAIN_CASES.find((candidate) => candidate.id === "iris")!);
let params = built.params;
const loss = built.loss;
const step = valueAndGrad(loss);
const optimizer = adam({ lr: 0.01 });
let state = optimizer.init(params);

const STEPS = 10_000;
const EVERY = 1_000;
const heap = (): number => {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
};
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(2);
const figures: number[] = [];
let lastLoss = 0;
const started = performance.now();
for (let i = 1; i <= STEPS; i++) {
  const { value, grads } = step(params);
  ({ params, state } = optimizer.step(params, grads, state));
  if (i % EVERY === 0) {
    lastLoss = value.item() as number;
    figures.push(heap());
    console.log(`step ${String(i).padStart(6)}: loss ${lastLoss.toFixed(5)}, heap after GC ${mib(figures[figures.length - 1]!)} MiB`);
  }
}
const growth = figures[figures.length - 1]! - figures[0]!;
console.log(`\n${STEPS} steps in ${((performance.now() - started) / 1000).toFixed(1)} s; heap after GC from step ${EVERY} to ${STEPS}: ${growth >= 0 ? "+" : ""}${(growth / 1024).toFixed(1)} KiB (max ${mib(Math.max(...figures))} MiB)`);
const ok = growth < 2 ** 20;
console.log(ok ? "target met: the heap does not grow" : "target missed: the heap grows by 1 MiB or more");
process.exitCode = ok ? 0 : 1;
