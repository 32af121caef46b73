/**
 * The WebAssembly SIMD kernels' side in JavaScript: runs a binary op's plan
 * (./plan.ts) with the generated kernel of src/kernels/wasm/elementwise.wat
 * when the output lives in the engine's memory (./wasm/arena.ts). An operand
 * outside it (a number, a small tensor) is staged into the memory's staging
 * area when it is small; otherwise, or where SIMD is missing, the caller runs
 * the JavaScript kernel, which computes the same values (test/kernels/simd.test.ts).
 */
import { CONSTRUCTORS, type DType } from "../dtype.js";
import type { Operand, Plan } from "./plan.js";
import { type BinarySimd, inMemory, memoryBuffer, PLAN_AT, planWords, simdKernel, STAGE_A, STAGE_B, STAGE_BYTES } from "./wasm/arena.js";

const SUFFIX: Partial<Record<DType, string>> = { float32: "f32", float64: "f64", int32: "i32", uint8: "u8" };

const kernels = new Map<string, BinarySimd | null>();

/** The kernel of `op` in `dtype`, or undefined (none generated, or no SIMD here). */
function kernelOf(op: string, dtype: DType): BinarySimd | undefined {
  const suffix = SUFFIX[dtype];
  if (suffix === undefined) return undefined;
  const name = `${op}_${suffix}`;
  let kernel = kernels.get(name);
  if (kernel === undefined) {
    kernel = simdKernel(name) ?? null;
    kernels.set(name, kernel);
  }
  return kernel ?? undefined;
}

/**
 * The byte address the kernel reads an operand's first element at: its own
 * when it lives in the memory, else after copying its buffer to `stage`; -1
 * when it cannot be read there (another element type, or too large to stage).
 */
function addressOf(operand: Operand, dtype: DType, stage: number): number {
  const data = operand.data;
  const Ctor = CONSTRUCTORS[dtype];
  const width = Ctor.BYTES_PER_ELEMENT;
  if (data instanceof Ctor) {
    if (inMemory(data)) return data.byteOffset + operand.offset * width;
    if (data.length * width > STAGE_BYTES) return -1;
    new Ctor(memoryBuffer(), stage, data.length).set(data);
    return stage + operand.offset * width;
  }
  // a number the op converted (a one-element array), or a copy the engine made
  if (!Array.isArray(data) || data.length * width > STAGE_BYTES) return -1;
  new Ctor(memoryBuffer(), stage, data.length).set(data as number[]);
  return stage + operand.offset * width;
}

/**
 * Runs `op` over `plan` in SIMD and says so, or does nothing and says false
 * (the caller then runs the JavaScript kernel). `compute` is the dtype the op
 * computes in; the output must be of it and live in the engine's memory.
 */
export function binarySimd(op: string, compute: DType, plan: Plan, out: Operand, a: Operand, b: Operand): boolean {
  const output = out.data;
  if (!inMemory(output)) return false;
  const kernel = kernelOf(op, compute);
  if (kernel === undefined) return false;
  const Ctor = CONSTRUCTORS[compute];
  if (!(output instanceof Ctor)) return false;
  const width = Ctor.BYTES_PER_ELEMENT;
  const addressA = addressOf(a, compute, STAGE_A);
  if (addressA < 0) return false;
  const addressB = addressOf(b, compute, STAGE_B);
  if (addressB < 0) return false;
  const { dims } = plan;
  const rank = dims.length;
  const [so, sa, sb] = plan.strides as [number[], number[], number[]];
  const words = planWords();
  const base = PLAN_AT / 4;
  for (let axis = 0; axis < rank; axis++) {
    words[base + axis] = dims[axis]!;
    words[base + rank + axis] = so[axis]! * width;
    words[base + 2 * rank + axis] = sa[axis]! * width;
    words[base + 3 * rank + axis] = sb[axis]! * width;
  }
  kernel(rank, PLAN_AT, output.byteOffset + out.offset * width, addressA, addressB);
  return true;
}
