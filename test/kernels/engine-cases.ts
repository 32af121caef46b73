/**
 * test/kernels/engine.test.ts's program of the ops alone: the modules a bundle keeps for
 * `tensor`, `add` and `exp`, without the package entry (and so without
 * src/kernels/wasm/on-by-default.ts), run before and after `enableSimd()`. Loaded fresh: in Node
 * after resetting the module registry, in the browser in a worker (a realm of its own, whose
 * imports are static: the test runner's dynamic imports do not run there).
 */
import { float32Ulps } from "../support/ulps.js";

export interface AloneReport {
  /** Whether the engine ran, and whether the tensors lived in its memory, before enableSimd(). */
  readonly before: { simd: boolean; inMemory: boolean };
  readonly enabled: boolean;
  readonly after: { simd: boolean; inMemory: boolean };
  /** add's results bit for bit the same before and after. */
  readonly sameSums: boolean;
  /** The most float32 ulps between exp's results before and after. */
  readonly expUlps: number;
}

/** The functions the program uses, from the modules it loaded (each caller loads its own copy). */
export interface AloneModules {
  readonly add: typeof import("../../src/ops/elementwise.js").add;
  readonly exp: typeof import("../../src/ops/elementwise.js").exp;
  readonly tensor: typeof import("../../src/ops/create.js").tensor;
  readonly arenaStats: typeof import("../../src/kernels/wasm/arena.js").arenaStats;
  readonly inMemory: typeof import("../../src/kernels/wasm/arena.js").inMemory;
  readonly enableSimd: typeof import("../../src/kernels/wasm/engine.js").enableSimd;
  readonly elementsOf: typeof import("../../src/tensor.js").elementsOf;
}

/** Node: the modules loaded again (after the caller reset the registry). */
export const loadAloneModules = async (): Promise<AloneModules> => ({
  ...(await import("../../src/ops/elementwise.js")),
  ...(await import("../../src/ops/create.js")),
  ...(await import("../../src/kernels/wasm/arena.js")),
  ...(await import("../../src/kernels/wasm/engine.js")),
  ...(await import("../../src/tensor.js")),
});

export function opsAlone({ add, exp, tensor, arenaStats, inMemory, enableSimd, elementsOf }: AloneModules): AloneReport {
  const values = Float32Array.from({ length: 4096 }, (_, i) => (i - 2048) / 512);
  const run = () => {
    const x = tensor(values, [64, 64]);
    const sum = add(x, x);
    return { x, sum, y: exp(sum) };
  };
  const first = run();
  const before = { simd: arenaStats().simd, inMemory: inMemory(elementsOf(first.x)) };
  const enabled = enableSimd();
  const second = run();
  const after = { simd: arenaStats().simd, inMemory: inMemory(elementsOf(second.x)) && inMemory(elementsOf(second.y)) };
  const [s1, s2, y1, y2] = [first.sum.toTypedArray(), second.sum.toTypedArray(), first.y.toTypedArray(), second.y.toTypedArray()];
  return {
    before,
    enabled,
    after,
    sameSums: s1.every((v, i) => Object.is(v, s2[i])),
    expUlps: Math.max(...Array.from(y2, (v, i) => float32Ulps(v, y1[i]!))),
  };
}
