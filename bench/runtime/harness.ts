/**
 * Timing for one library's runner (one process per library): tinybench with
 * a warm-up, the median time per op, one JSON line per measurement on stdout.
 */
import { Bench } from "tinybench";
import { type Case, type Measurement, SMALL_BATCH, samplePositions, type Variant } from "./cases.js";

const TIME_MS = Number(process.env["BENCH_TIME_MS"] ?? 600);

/** Array-buffer bytes one call of `run` allocates (needs node --expose-gc). */
export function bytesAllocated(run: () => unknown): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return undefined;
  gc();
  const before = process.memoryUsage().arrayBuffers;
  const kept = run();
  const after = process.memoryUsage().arrayBuffers;
  void kept;
  return after - before;
}

/**
 * Lets what the last measurement dropped be freed before the next one starts: a full
 * collection, then two turns of the event loop, in which finalization callbacks run (shapecast's
 * engine gives a tensor's WebAssembly memory block back in one; a timing loop never yields).
 */
async function settle(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export interface Runner {
  readonly library: string;
  /** Builds the op for a case and variant; `undefined` when the library cannot run it. */
  readonly prepare: (c: Case, variant: Variant) => { run: () => unknown; values: () => ArrayLike<number> } | undefined;
  /** The variants it runs (default out and alloc). */
  readonly variants?: readonly Variant[];
}

export async function runAll(runner: Runner, cases: readonly Case[]): Promise<void> {
  for (const c of cases) {
    for (const variant of runner.variants ?? (["out", "alloc"] as const)) {
      await settle();
      const prepared = runner.prepare(c, variant);
      if (prepared === undefined) continue;
      const { run } = prepared;
      const batch = c.small ? SMALL_BATCH : 1;
      const bench = new Bench({ time: TIME_MS, warmupTime: Math.min(300, TIME_MS) });
      bench.add(c.id, c.small ? () => { for (let i = 0; i < batch; i++) run(); } : run);
      await bench.run();
      const result = bench.tasks[0]!.result;
      const p50 = "latency" in result ? result.latency.p50 : undefined;
      if (p50 === undefined) throw new Error(`${runner.library} ${c.id}: no timing result`);
      run();
      const values = prepared.values();
      const measurement: Measurement = {
        library: runner.library,
        variant,
        id: c.id,
        ms: p50 / batch,
        sample: samplePositions(values.length).map((i) => values[i]!),
        ...(c.id === "b" ? { bytes: bytesAllocated(run) } : {}),
      };
      process.stdout.write(`${JSON.stringify(measurement)}\n`);
    }
  }
}
