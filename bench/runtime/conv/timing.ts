/**
 * Timing for the convolution runners: calls that take tens to thousands of
 * milliseconds (tfjs-cpu), so a fixed budget rather than tinybench's minimum
 * sample count: one warm-up call, then calls until `BENCH_TIME_MS` (default
 * 1500) have passed and at least `MIN_CALLS` were made; the median, one JSON
 * line per case on stdout (the `Measurement` of ../cases.ts).
 */
import { type Measurement, samplePositions } from "../cases.js";
import type { ConvCase } from "./cases.js";

const TIME_MS = Number(process.env["BENCH_TIME_MS"] ?? 1500);
const MIN_CALLS = 5;

export function timeAll(library: string, cases: readonly ConvCase[], prepare: (c: ConvCase) => () => ArrayLike<number>): void {
  for (const c of cases) {
    const run = prepare(c);
    const values = run();
    const times: number[] = [];
    const start = performance.now();
    while (times.length < MIN_CALLS || performance.now() - start < TIME_MS) {
      const before = performance.now();
      run();
      times.push(performance.now() - before);
    }
    times.sort((x, y) => x - y);
    const measurement: Measurement = {
      library,
      variant: "alloc",
      id: c.id,
      ms: times[Math.floor((times.length - 1) / 2)]!,
      sample: samplePositions(values.length).map((i) => values[i]!),
    };
    process.stdout.write(`${JSON.stringify(measurement)}\n`);
  }
}
