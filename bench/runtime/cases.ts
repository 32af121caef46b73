/**
 * The benchmark cases, shared by every library's runner: float32 `a + b` on
 * these shapes, with deterministic inputs. `g` adds a transposed view of A.
 */
export interface Case {
  readonly id: string;
  readonly title: string;
  readonly a: readonly number[];
  readonly b: readonly number[];
  /** `a` is read transposed (A.T + B). */
  readonly transposeA?: boolean;
  /** Many tiny ops: reported in microseconds per op. */
  readonly small?: boolean;
}

export const CASES: readonly Case[] = [
  { id: "a", title: "[1000,1000]+[1000,1000]", a: [1000, 1000], b: [1000, 1000] },
  { id: "b", title: "[1000,1000]+[1000]", a: [1000, 1000], b: [1000] },
  { id: "c", title: "[1000,1000]+[1000,1]", a: [1000, 1000], b: [1000, 1] },
  { id: "d", title: "[1000,1]+[1,1000]", a: [1000, 1], b: [1, 1000] },
  { id: "e", title: "[8,64,64,64]+[64,1,64]", a: [8, 64, 64, 64], b: [64, 1, 64] },
  { id: "g", title: "A.T+B [1000,1000]", a: [1000, 1000], b: [1000, 1000], transposeA: true },
  { id: "f", title: "[3,4]+[4] per op", a: [3, 4], b: [4], small: true },
];

/** Ops per timed call for small cases (the timer's own cost would dominate one op). */
export const SMALL_BATCH = 1000;

export const sizeOf = (shape: readonly number[]): number => shape.reduce((product, dim) => product * dim, 1);

/** Deterministic float32 values (a linear congruential sequence). */
export function fill(length: number, seed: number): Float32Array {
  const out = new Float32Array(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = (state / 4294967296) * 2 - 1;
  }
  return out;
}

/** The broadcast result shape (NumPy rule) of two shapes, for sizing outputs. */
export function resultShape(a: readonly number[], b: readonly number[]): number[] {
  const rank = Math.max(a.length, b.length);
  return Array.from({ length: rank }, (_, axis) => {
    const x = a[axis - (rank - a.length)] ?? 1;
    const y = b[axis - (rank - b.length)] ?? 1;
    return x === 1 ? y : x;
  });
}

/**
 * How an op's result is had: `out` written into a given tensor; `alloc` a new result per op,
 * dropped (tfjs's runners dispose each one: tfjs frees nothing without it); `dispose` a new
 * result per op, disposed at once (shapecast's `dispose()`, as tfjs code does).
 */
export type Variant = "out" | "alloc" | "dispose";

/** What each runner prints: one JSON line per measurement. */
export interface Measurement {
  readonly library: string;
  readonly variant: Variant;
  readonly id: string;
  /** Median milliseconds per op. */
  readonly ms: number;
  /** A few output values, to check that every library computes the same thing. */
  readonly sample: readonly number[];
  /** Bytes of array buffers allocated by one op (row-broadcast case only). */
  readonly bytes?: number;
}

/** Positions checked across libraries. */
export const samplePositions = (length: number): number[] => [0, 1, Math.floor(length / 3), Math.floor(length / 2), length - 1];
