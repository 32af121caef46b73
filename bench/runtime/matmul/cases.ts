/** Matmul benchmark cases: float32 [M, K] x [K, N] with optional batch axes on a. */
import type { Case } from "../cases.js";

export const MATMUL_CASES: readonly Case[] = [
  { id: "mm256", title: "[256,256]x[256,256]", a: [256, 256], b: [256, 256] },
  { id: "bmm", title: "[64,128,128]x[128,64]", a: [64, 128, 128], b: [128, 64] },
];

/** Floating-point operations of one product: 2 * batch * M * K * N. */
export const flops = (a: readonly number[], b: readonly number[]): number =>
  2 * a.reduce((p, d) => p * d, 1) * b[b.length - 1]!;
