/**
 * The engine's WebAssembly memory (src/kernels/wasm/arena.ts): size classes,
 * tensors living there and moving out when `data` is read, structured clones
 * that carry a tensor's own elements only, and blocks coming back without any
 * user action once the program yields (FinalizationRegistry), so a long loop
 * of ops keeps the memory flat.
 */
import { describe, expect, it } from "vitest";
import { add, mul, relu, sum, Tensor, tensor, tidy, transpose, zeros } from "../../src/index.js";
import { arenaStats, classBytes, classOf, drop, inMemory, residentStorage, setSimdEnabled, simdAvailable } from "../../src/kernels/wasm/arena.js";
import { elementsOf } from "../../src/tensor.js";

const ramp = (n: number): Float32Array => Float32Array.from({ length: n }, (_, i) => i - n / 2);
const yieldToEvents = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe("size classes", () => {
  it("give every size a block that holds it, at most a quarter (or 1 KiB) larger", () => {
    for (let bytes = 1; bytes < 2 ** 22; bytes = Math.ceil(bytes * 1.013) + 1) {
      const size = classBytes(classOf(bytes));
      expect(size).toBeGreaterThanOrEqual(bytes);
      expect(size).toBeLessThanOrEqual(Math.max(1024, bytes * 1.25));
      expect(size % 16).toBe(0);
    }
    // each class is its own size: no two classes share one
    const sizes = new Set<number>();
    for (let index = classOf(1); index < classOf(2 ** 30); index++) sizes.add(classBytes(index));
    expect(sizes.size).toBe(classOf(2 ** 30) - classOf(1));
  });
});

describe.runIf(simdAvailable())("tensors in the engine's memory", () => {
  it("a large tensor lives there; reading data moves it out, for every view, with the same values", () => {
    const t = tensor(ramp(4096), [64, 64]);
    const view = transpose(t);
    expect(inMemory(elementsOf(t))).toBe(true);
    const before = arenaStats().usedBytes;
    const data = t.data;
    expect(inMemory(data)).toBe(false);
    expect(data).toBeInstanceOf(Float32Array);
    expect(data.buffer.byteLength).toBe(4096 * 4); // its own buffer, not the whole memory
    expect(arenaStats().usedBytes).toBeLessThan(before); // the block is freed at once
    expect(view.data).toBe(data); // the view shares the moved elements
    expect(view.get(3, 2)).toBe(2 * 64 + 3 - 2048);
    data[0] = 99; // writes through data are seen by the tensor and its views, as for any tensor
    expect(t.get(0, 0)).toBe(99);
    expect(view.get(0, 0)).toBe(99);
  });

  it("large blocks made one after another start at different places modulo 4 KiB, so an op's operands do not share cache sets", () => {
    // three new 4 MB blocks: one size class, so their sizes are a power of two apart
    const made = [0, 1, 2].map(() => residentStorage("float32", 1_000_000, false)!);
    const starts = made.map((r) => r.array.byteOffset);
    expect(new Set(starts.map((start) => start % 4096)).size).toBe(3);
    for (const r of made) expect(r.array.byteOffset + r.array.byteLength).toBeLessThanOrEqual(arenaStats().reservedBytes);
    for (const r of made) drop(r);
  });

  it("a small tensor stays in an ordinary buffer (the call would cost more than it saves)", () => {
    expect(inMemory(elementsOf(tensor([1, 2, 3])))).toBe(false);
  });

  it("ops compute there without moving anything out, and give what the JavaScript engine gives", () => {
    const a = tensor(ramp(4096), [64, 64]);
    const b = tensor(ramp(64), [64]);
    const r = relu(mul(add(a, b), transpose(a)));
    expect(inMemory(elementsOf(a))).toBe(true);
    expect(inMemory(elementsOf(r))).toBe(true);
    setSimdEnabled(false);
    try {
      const a2 = tensor(ramp(4096), [64, 64]);
      const expected = relu(mul(add(a2, tensor(ramp(64), [64])), transpose(a2)));
      expect(inMemory(elementsOf(expected))).toBe(false);
      expect(Array.from(r.toTypedArray())).toEqual(Array.from(expected.toTypedArray()));
    } finally {
      setSimdEnabled(true);
    }
  });

  it("a structured clone carries the tensor's own elements, and Tensor.from rebuilds it", () => {
    const t = tensor(ramp(4096), [64, 64]);
    const clone = structuredClone(t);
    expect((clone.data as Float32Array).buffer.byteLength).toBe(4096 * 4);
    const back = Tensor.from(clone, { shape: [64, 64], dtype: "float32" });
    expect(Array.from(back.toTypedArray())).toEqual(Array.from(ramp(4096)));
    expect(Object.keys(t)).toEqual(["data", "shape", "strides", "offset", "dtype", "size"]);
  });

  it("printing and JSON read the elements where they are", () => {
    const t = zeros([32, 64]);
    expect(inMemory(elementsOf(t))).toBe(true);
    expect(String(t)).toContain("shape=[32, 64]");
    expect(Tensor.fromJSON(JSON.stringify(t)).shape).toEqual([32, 64]);
    expect(inMemory(elementsOf(t))).toBe(true);
  });

  it("gives blocks back without user action: 100,000 ops in a loop that yields keep the memory flat", async () => {
    const a = tensor(ramp(4096), [64, 64]);
    const b = tensor(ramp(4096), [64, 64]);
    let x = add(a, b);
    let peak = 0;
    const readings: number[] = [];
    for (let i = 1; i <= 100_000; i++) {
      x = add(a, b);
      if (i % 100 === 0) {
        await yieldToEvents();
        peak = Math.max(peak, arenaStats().usedBytes);
      }
      if (i % 20_000 === 0) readings.push(arenaStats().touchedBytes);
    }
    expect(x.get(1, 1)).toBe(2 * (65 - 2048));
    // 100,000 outputs of 16 KiB are 1.6 GB; what the memory ever held stays far below
    expect(peak).toBeLessThan(64 * 2 ** 20);
    // and it stops growing: from the second reading on, new blocks are mostly ones freed before
    expect(readings[readings.length - 1]! - readings[1]!).toBeLessThan(16 * 2 ** 20);
    expect(readings[readings.length - 1]).toBeLessThan(64 * 2 ** 20);
  });

  it("dispose() gives a block back at once; one shared with views when the last of them is disposed", () => {
    const a = tensor(ramp(4096), [64, 64]);
    const r = add(a, a);
    const view = transpose(r);
    const { blocks, usedBytes } = arenaStats();
    r.dispose();
    expect(arenaStats().blocks).toBe(blocks); // the view still reads the block
    expect(view.get(1, 0)).toBe(2 * (1 - 2048));
    view.dispose();
    expect(arenaStats().blocks).toBe(blocks - 1);
    expect(arenaStats().usedBytes).toBeLessThan(usedBytes);
    // the freed block serves the next result, in the memory
    const next = add(a, 1);
    expect(inMemory(elementsOf(next))).toBe(true);
    expect(next.get(0, 0)).toBe(1 - 2048);
  });

  it("100,000 ops in a loop that never yields stay in the memory and keep it flat when each result is disposed", () => {
    const a = tensor(ramp(4096), [64, 64]);
    const b = tensor(ramp(4096), [64, 64]);
    const start = arenaStats();
    let resident = 0;
    for (let i = 1; i <= 100_000; i++) {
      const x = add(a, b);
      if (inMemory(elementsOf(x))) resident++;
      if (i === 100_000) expect(x.get(1, 1)).toBe(2 * (65 - 2048));
      x.dispose();
    }
    expect(resident).toBe(100_000);
    // one block in use at a time: nothing new was ever written beyond a block or two
    expect(arenaStats().touchedBytes - start.touchedBytes).toBeLessThanOrEqual(2 * 4096 * 4);
    expect(arenaStats().blocks).toBe(start.blocks);
  });

  it("and so does a tidy scope around each step", () => {
    const a = tensor(ramp(4096), [64, 64]);
    const b = tensor(ramp(64), [64]);
    const once = sum(relu(mul(add(a, b), 0.5))).item();
    const start = arenaStats();
    let total = 0;
    for (let i = 0; i < 20_000; i++) total += tidy(() => sum(relu(mul(add(a, b), 0.5))).item());
    expect(total).toBe(20_000 * once);
    // three results a step, each block freed at the scope's end and taken again by the next step
    expect(arenaStats().touchedBytes - start.touchedBytes).toBeLessThanOrEqual(4 * 4096 * 4);
    expect(arenaStats().blocks).toBe(start.blocks);
  });
});

