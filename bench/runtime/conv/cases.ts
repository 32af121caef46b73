/** Convolution benchmark cases: float32 conv2d, x `[N, H, W, C]` by w `[KH, KW, C, F]` (channels-last, as TensorFlow.js), "same" padding. */
import type { Case } from "../cases.js";

export interface ConvCase extends Case {
  readonly strides: number;
}

export const CONV_CASES: readonly ConvCase[] = [
  { id: "c3x3", title: "[8,32,32,64] * [3,3,64,64] same", a: [8, 32, 32, 64], b: [3, 3, 64, 64], strides: 1 },
  { id: "c7x7s2", title: "[1,224,224,3] * [7,7,3,64] same, stride 2", a: [1, 224, 224, 3], b: [7, 7, 3, 64], strides: 2 },
];

/** Floating-point operations of one convolution: 2 * output positions * KH * KW * C * F. */
export function flops(c: ConvCase): number {
  const [n, h, w] = c.a as [number, number, number, number];
  const [kh, kw, ci, f] = c.b as [number, number, number, number];
  return 2 * n * Math.ceil(h / c.strides) * Math.ceil(w / c.strides) * kh * kw * ci * f;
}
