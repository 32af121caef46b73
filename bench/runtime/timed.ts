/**
 * Timing for the side-by-side runners whose calls take from a tenth of a
 * millisecond to seconds (bench:conv, bench:train): a fixed budget rather than
 * tinybench's minimum sample count. `warmUp` calls first, then calls until
 * `BENCH_TIME_MS` (default 1500) have passed and at least `minCalls` were
 * made; the median, one JSON line per case on stdout (the `Measurement` of
 * ./cases.ts), with a few values of the last result.
 */
import { type Measurement, samplePositions } from "./cases.js";

const TIME_MS = Number(process.env["BENCH_TIME_MS"] ?? 1500);

export function timeCases<C extends { readonly id: string }>(
  library: string,
  cases: readonly C[],
  prepare: (c: C) => () => ArrayLike<number>,
  { warmUp, minCalls }: { readonly warmUp: number; readonly minCalls: number },
): void {
  for (const c of cases) {
    const run = prepare(c);
    let values = run();
    for (let i = 1; i < warmUp; i++) values = run();
    const times: number[] = [];
    const start = performance.now();
    while (times.length < minCalls || performance.now() - start < TIME_MS) {
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
