/**
 * The engine's memory (src/kernels/wasm/arena.ts) under a program that never yields, whose
 * dropped results the collector cannot give back (the registry's callbacks run as tasks): new
 * blocks for results stop after 16 MiB, and the collector is not nudged again for nothing.
 * A file of its own: each test needs the memory as a fresh process has it.
 */
import { describe, expect, it } from "vitest";
import { add, type Tensor, tensor } from "../../src/index.js";
import { arenaStats, simdAvailable } from "../../src/kernels/wasm/arena.js";

const ramp = (n: number): Float32Array => Float32Array.from({ length: n }, (_, i) => i - n / 2);
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe.runIf(simdAvailable())("a loop that never yields", () => {
  it("takes at most 16 MiB of new blocks for the results it drops, though a read-out frees one each step", () => {
    const a = tensor(ramp(4096), [64, 64]);
    const start = arenaStats().touchedBytes;
    // (kept only to give their blocks back at the end: to the memory, as in a program that never
    // yields, they are results nobody disposes)
    const dropped: Tensor[] = [];
    let read = 0;
    // 96 MB of dropped results: before, each read-out let results take new blocks again, up to 64 MiB
    for (let i = 0; i < 6000; i++) {
      dropped.push(add(a, a));
      read += add(a, 1).data[0]!; // read out: its block comes back, the other's does not
    }
    expect(read).toBe(6000 * (1 - 2048));
    expect(arenaStats().touchedBytes - start).toBeLessThanOrEqual(16 * 2 ** 20 + 2 * 4096 * 4);
    for (const t of dropped) t.dispose();
  });

  it("nudges the collector once (a collection could give nothing back), and again after it yields", async () => {
    await yieldToEvents();
    const start = arenaStats().nudges;
    // 24 MiB of tensors made and not disposed: a nudge every 8 MiB would be three
    const made: Tensor[] = [];
    for (let i = 0; i < 1536; i++) made.push(tensor(ramp(4096), [64, 64]));
    expect(arenaStats().nudges - start).toBe(1);
    await yieldToEvents();
    for (let i = 0; i < 512; i++) made.push(tensor(ramp(4096), [64, 64]));
    expect(arenaStats().nudges - start).toBe(2);
    for (const t of made) t.dispose();
  });
});
