/**
 * The float32 convolution packs its im2col panels in WebAssembly when x is a
 * Float32Array laid out channels-last (x copied into the kernel's memory, the
 * runs of each window row interleaved there: src/kernels/conv.ts,
 * wasm/matmul.wat `packRuns`), and in JavaScript otherwise. Packing moves
 * values and computes nothing, so the two give the same bits: checked here on
 * random sizes, strides, paddings and blocks of output positions, with the
 * same x given once as a Float32Array and once as a plain array. No Node API:
 * the browser suite runs this file too.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ConvAxis, convolvePacked, type ConvGeometry } from "../../src/kernels/conv.js";

interface Case {
  readonly n: number;
  readonly h: number;
  readonly w: number;
  readonly c: number;
  readonly f: number;
  readonly kh: number;
  readonly kw: number;
  readonly stride: number;
  readonly pad: number;
}

const axis = (input: number, size: number, stride: number, pad: number): ConvAxis => ({
  input,
  inputStep: 1,
  size,
  dilation: 1,
  stride,
  before: pad,
  out: Math.max(0, Math.floor((input + 2 * pad - size) / stride) + 1),
});

/**
 * conv2d of x [N, H, W, C] by w [KH, KW, C, F], channels-last and contiguous
 * from `offset` of its buffer, padded `pad` on every side, through convolvePacked.
 */
function convolve(s: Case, x: ArrayLike<number>, offset: number, w: Float32Array): Float32Array {
  const h = axis(s.h, s.kh, s.stride, s.pad);
  const wAxis = axis(s.w, s.kw, s.stride, s.pad);
  const out = new Float32Array(s.n * h.out * wAxis.out * s.f).fill(Number.NaN);
  const geometry: ConvGeometry = {
    batch: s.n,
    groups: 1,
    channelsPerGroup: s.c,
    filtersPerGroup: s.f,
    h,
    w: wAxis,
    x: { data: x, offset, strides: [s.h * s.w * s.c, 1, s.w * s.c, s.c] },
    weight: { data: w, offset: 0, strides: [0, 1, s.f, s.kw * s.c * s.f, s.c * s.f] },
    out: { data: out, strides: [h.out * wAxis.out * s.f, 1, wAxis.out * s.f, s.f] },
  };
  convolvePacked(geometry, "float32");
  return out;
}

describe("float32 convolution packing", () => {
  it("gives the same bits packed in WebAssembly (a Float32Array x) and in JavaScript (a plain array)", () => {
    fc.assert(
      fc.property(
        fc.record({
          n: fc.integer({ min: 1, max: 2 }),
          h: fc.integer({ min: 1, max: 30 }),
          w: fc.integer({ min: 1, max: 30 }),
          // up to 40 channels and 3 x 3 taps: 360 deep, so more than 728 positions take two blocks
          c: fc.integer({ min: 1, max: 40 }),
          f: fc.integer({ min: 1, max: 19 }),
          kh: fc.integer({ min: 1, max: 3 }),
          kw: fc.integer({ min: 1, max: 3 }),
          stride: fc.integer({ min: 1, max: 3 }),
          pad: fc.integer({ min: 0, max: 2 }),
        }),
        // x inside a larger buffer whose other elements are NaN: a read outside x poisons the result
        fc.nat(7),
        fc.integer(),
        (s, offset, seed) => {
          let state = seed;
          const next = () => ((state = (Math.imul(state, 1103515245) + 12345) | 0) / 2 ** 31);
          const size = s.n * s.h * s.w * s.c;
          const x = new Float32Array(offset + size + 5).fill(Number.NaN);
          for (let i = 0; i < size; i++) x[offset + i] = next();
          const w = new Float32Array(s.kh * s.kw * s.c * s.f).map(next);
          const wasm = convolve(s, x, offset, w);
          const js = convolve(s, Array.from(x), offset, w);
          expect(wasm.findIndex((v, i) => !Object.is(v, js[i]))).toBe(-1);
          // every output written (the buffer starts as NaN; finite operands give finite sums)
          expect(wasm.some(Number.isNaN)).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
