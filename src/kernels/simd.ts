/**
 * The WebAssembly SIMD kernels' side in JavaScript: runs a binary or unary op's plan
 * (./plan.ts) with the generated kernel of src/kernels/wasm/elementwise.wat
 * when the output lives in the engine's memory (./wasm/arena.ts). An operand
 * outside it (a number, a small tensor) is staged into the memory's staging
 * area when it is small; otherwise, or where SIMD is missing, the caller runs
 * the JavaScript kernel, which computes the same values (test/kernels/simd.test.ts).
 * And the float32 matrix product of src/kernels/wasm/gemm.wat, when both
 * operands and the result live in the memory (test/kernels/gemm.test.ts).
 */
import { CONSTRUCTORS, type DType } from "../dtype.js";
import { copyBlock, type MatrixOut, type MatrixView } from "./matmul.js";
import type { Operand, Plan } from "./plan.js";
import { type BinarySimd, drop, dropTemporary, gemmKernel, inMemory, type Resident, residentStorage, memoryBuffer, PARAMS_AT, PLAN_AT, planWords, simdAvailable, simdKernel, STAGE_A, STAGE_B, STAGE_BYTES } from "./wasm/arena.js";

// (bool: bytes of 0 and 1, which only comparisons and logical ops have kernels for)
const SUFFIX: Partial<Record<DType, string>> = { float32: "f32", float64: "f64", int32: "i32", uint8: "u8", bool: "b8" };

const kernels = new Map<string, BinarySimd | null>();

/**
 * The float64 kernels computed from exp, log, expm1, log1p, sin, cos and pow written as fdlibm's
 * algorithms (scripts/wat/math.ts), which store what the JavaScript stores where the engine's
 * `Math` and `**` run those algorithms (V8 in Node 20). Elsewhere (Chromium 156's `Math.exp` is
 * another, one ulp away on a tenth of arguments, and sigmoid or softplus then more) they are left
 * to the JavaScript kernels, so that a result never depends on which kernel ran. (Every float64 Math
 * kernel the module has: test/kernels/simd.test.ts checks the two lists agree.)
 */
export const FDLIBM_KERNELS: ReadonlySet<string> = new Set(["exp_f64", "log_f64", "sigmoid_f64", "silu_f64", "geluTanh_f64", "softplus_f64", "logSigmoid_f64", "elu_f64", "tanh_f64", "sin_f64", "cos_f64", "erf_f64", "gelu_f64", "pow_f64"]);
/** Whether this engine's Math is fdlibm's, as probed once (undefined: not yet; null: probing). */
let fdlibm: boolean | null | undefined;

/**
 * Whether the float64 kernels of FDLIBM_KERNELS run here: their results over sweeps of
 * arguments (exp, log, expm1 as elu with alpha 1, log1p as softplus of x <= 0, tanh, sin, cos,
 * and pow's pairs) equal `Math`'s and `**`'s bit for bit. Probed once, on 1,024 arguments each;
 * false where SIMD is missing.
 */
export function float64MathInSimd(): boolean {
  if (fdlibm === undefined) {
    fdlibm = null;
    fdlibm = probeMath();
  }
  return fdlibm === true;
}

/** The probe's answer; undefined (asked again next time) when the memory has no block for it. */
function probeMath(): boolean | undefined {
  const n = 1024;
  const out = residentStorage("float64", n, false);
  if (out === undefined) return undefined;
  const sweeps: [string, (i: number) => number, (x: number) => number, number[]?][] = [
    ["exp", (i) => -745 + (1455 * i) / n, Math.exp],
    ["exp", (i) => (i - n / 2) / 256, Math.exp],
    ["log", (i) => 2 ** ((2100 * i) / n - 1075), Math.log],
    ["log", (i) => 0.6 + (0.9 * i) / n, Math.log],
    ["elu", (i) => (-40 * i) / n, Math.expm1, [1]],
    ["softplus", (i) => (-40 * i) / n, (x) => Math.log1p(Math.exp(x))],
    ["tanh", (i) => (i - n / 2) / 40, Math.tanh],
    ["sin", (i) => (i - n / 2) * 1.37, Math.sin],
    ["cos", (i) => (i - n / 2) * 1.37, Math.cos],
  ];
  const args = new Float64Array(n);
  const plan: Plan = { dims: [n], strides: [[1], [1]], size: n };
  const operand = (data: Operand["data"]): Operand => ({ data, offset: 0, strides: [1] });
  try {
    for (const [op, at, math, params] of sweeps) {
      for (let i = 0; i < n; i++) args[i] = at(i);
      if (!unarySimd(op, "float64", plan, operand(out.array), operand(args), params)) return false;
      for (let i = 0; i < n; i++) if (!Object.is(out.array[i], math(args[i]!))) return false;
    }
    // pow: x from 1/2 to 3.2 (both of e_pow.c's intervals of 1 + f) to powers from -300 to 300
    // (the C library's pow, glibc's, differs from fdlibm's on about a tenth of such pairs)
    const powers = new Float64Array(n);
    for (let i = 0; i < n; i++) [args[i], powers[i]] = [0.5 + (2.7 * i) / n, (i - n / 2) * 0.59];
    if (!binarySimd("pow", "float64", { dims: [n], strides: [[1], [1], [1]], size: n }, operand(out.array), operand(args), operand(powers))) return false;
    for (let i = 0; i < n; i++) if (!Object.is(out.array[i], args[i]! ** powers[i]!)) return false;
    return true;
  } finally {
    drop(out);
  }
}

/** The kernel of `op` in `dtype`, or undefined (none generated, or no SIMD here). */
function kernelOf(op: string, dtype: DType): BinarySimd | undefined {
  const suffix = SUFFIX[dtype];
  // (asked each time: the engine can be switched off after a kernel was looked up)
  if (suffix === undefined || !simdAvailable()) return undefined;
  const name = `${op}_${suffix}`;
  // (while probing, `fdlibm` is null and the kernels run)
  if (fdlibm !== true && fdlibm !== null && FDLIBM_KERNELS.has(name) && !float64MathInSimd()) return undefined;
  let kernel = kernels.get(name);
  if (kernel === undefined) {
    kernel = simdKernel(name) ?? null;
    kernels.set(name, kernel);
  }
  return kernel ?? undefined;
}

/**
 * Whether an operand's elements stored as `to` are the values the JavaScript kernel computes
 * with when it reads them from `from` (typed-array constructors): the same type, or a widening
 * that is exact (bytes into anything, int32 and float32 into float64), or a plain array (a number
 * the op converted to the dtype it computes in). (An int32 tensor in a float32 computation comes
 * here already rounded to float32, src/ops/engine.ts.)
 */
const exactInto = (from: unknown, to: CtorOf): boolean =>
  from === to || from === Array || from === Uint8Array || (to === Float64Array && (from === Int32Array || from === Float32Array));
type CtorOf = (typeof CONSTRUCTORS)[DType];

/**
 * An operand larger than this times the elements the op writes is not converted into the
 * memory (a view of part of a large buffer): the copy would cost more than the kernel saves.
 */
const CONVERT_FACTOR = 2;

/**
 * The byte address the kernel reads an operand's first element at: its own when it lives in
 * the memory as `dtype`, else after copying (and converting) its buffer: into `stage` when
 * small, else into a block of its own for this op (pushed to `temporaries`, given back by the
 * caller), when the buffer is at most CONVERT_FACTOR times the op's `size` (an int32 or uint8
 * operand of a float op, a tensor in an ordinary buffer). -1 when it cannot be read there (a
 * conversion that would round, too large a buffer, or no block free).
 */
function addressOf(operand: Operand, dtype: DType, stage: number, size: number, temporaries: Resident[]): number {
  const data = operand.data;
  const Ctor = CONSTRUCTORS[dtype];
  const width = Ctor.BYTES_PER_ELEMENT;
  if (data instanceof Ctor && inMemory(data)) return data.byteOffset + operand.offset * width;
  if (!exactInto(data.constructor, Ctor)) return -1;
  if (data.length * width <= STAGE_BYTES) {
    new Ctor(memoryBuffer(), stage, data.length).set(data as ArrayLike<number>);
    return stage + operand.offset * width;
  }
  if (data.length > CONVERT_FACTOR * size) return -1;
  // (taken as a result's block is: a loop that never yields does not fill the memory with them)
  const block = residentStorage(dtype, data.length, false, "result");
  if (block === undefined) return -1;
  temporaries.push(block);
  (block.array as InstanceType<CtorOf>).set(data as ArrayLike<number>);
  return block.array.byteOffset + operand.offset * width;
}

/** The blocks of the operands converted for the op running now (see addressOf), given back after it. */
const temporaries: Resident[] = [];

/**
 * Runs `op` over `plan` in SIMD and says so, or does nothing and says false
 * (the caller then runs the JavaScript kernel). `compute` is the dtype the op
 * computes in; the output must be of it (or bool, for a comparison) and live
 * in the engine's memory; the operands are of `input` (`compute` but for a cast),
 * or converted to it exactly (see addressOf).
 */
export function binarySimd(op: string, compute: DType, plan: Plan, out: Operand, a: Operand, b: Operand, input: DType = compute): boolean {
  const output = out.data;
  if (!inMemory(output)) return false;
  const kernel = kernelOf(op, compute);
  if (kernel === undefined) return false;
  const Ctor = CONSTRUCTORS[compute];
  // the output is of the dtype computed in, or bool (uint8) for a comparison, whose kernel writes bytes
  if (!(output instanceof Ctor) && !(output instanceof Uint8Array)) return false;
  const width = CONSTRUCTORS[input].BYTES_PER_ELEMENT;
  const outWidth = output.BYTES_PER_ELEMENT;
  try {
    const addressA = addressOf(a, input, STAGE_A, plan.size, temporaries);
    if (addressA < 0) return false;
    // (b is a again for a unary op: read where a was put)
    const addressB = b === a ? addressA : addressOf(b, input, STAGE_B, plan.size, temporaries);
    if (addressB < 0) return false;
    const { dims } = plan;
    const rank = dims.length;
    const [so, sa, sb] = plan.strides as [number[], number[], number[]];
    const words = planWords();
    const base = PLAN_AT / 4;
    for (let axis = 0; axis < rank; axis++) {
      words[base + axis] = dims[axis]!;
      words[base + rank + axis] = so[axis]! * outWidth;
      words[base + 2 * rank + axis] = sa[axis]! * width;
      words[base + 3 * rank + axis] = sb[axis]! * width;
    }
    kernel(rank, PLAN_AT, output.byteOffset + out.offset * outWidth, addressA, addressB);
    return true;
  } finally {
    while (temporaries.length > 0) dropTemporary(temporaries.pop()!);
  }
}

/** The number 0 as an operand (staged into the memory like any converted number). */
const ZERO: Operand = { data: [0], offset: 0, strides: [] };

const INTEGERS: readonly DType[] = ["int32", "uint8", "bool"];
/**
 * The unary ops that leave every value of some dtypes as it is (abs and relu of unsigned
 * values, the roundings of integers): there their kernel is a copy, `maximum(x, x)` (bools,
 * bytes of 0 and 1, as uint8), bit for bit what the JavaScript kernel stores.
 */
const IDENTITY: Readonly<Record<string, readonly DType[]>> = { abs: ["uint8", "bool"], relu: ["uint8", "bool"], floor: INTEGERS, ceil: INTEGERS, round: INTEGERS };
/** A copy of `a` into `out` in SIMD: maximum(x, x), bools as bytes. */
const copySimd = (dtype: DType, plan: Plan, out: Operand, a: Operand): boolean => binarySimd("maximum", dtype === "bool" ? "uint8" : dtype, plan, out, a, a);

/**
 * A unary op over `plan` (strides of the output and of a) in SIMD, and says
 * so; or false, as `binarySimd`. The module's unary functions take a binary
 * op's arguments and read a only: a is passed twice. `cast` reads a in its
 * own dtype and writes `compute`, as does an op whose result is bool (`compute` "bool"); a cast
 * to bool is notEqual(x, 0). `params`: the op's float64 parameters, written at PARAMS_AT.
 */
export function unarySimd(op: string, compute: DType, plan: Plan, out: Operand, a: Operand, params?: readonly number[]): boolean {
  const [so, sa] = plan.strides as [number[], number[]];
  // float64 parameters where the kernels read them (written whether or not a kernel then runs)
  if (params !== undefined && simdAvailable()) new Float64Array(memoryBuffer(), PARAMS_AT, params.length).set(params);
  const twice: Plan = { dims: plan.dims, strides: [so, sa, sa], size: plan.size };
  if (IDENTITY[op]?.includes(compute) === true) return copySimd(compute, twice, out, a);
  if (op !== "cast" && compute !== "bool") return binarySimd(op, compute, twice, out, a, a);
  // a cast's kernel is named by its input's dtype (`cast_f32`) and writes `compute`; a test of
  // values (bools from another dtype: isNaN, as notEqual(x, x)) is a comparison in the input's dtype
  const from = (Object.keys(SUFFIX) as DType[]).find((dtype) => a.data instanceof CONSTRUCTORS[dtype]);
  if (from === undefined) return false;
  // every integer and bool is finite: equal(x, x) is true for each
  if (op === "isFinite" && INTEGERS.includes(from)) return binarySimd("equal", from, twice, out, a, a);
  if (op !== "cast") return binarySimd(op, from, twice, out, a, a);
  // to bool: notEqual(x, 0), 0 staged as b along zero strides (NaN is true, -0 false, as `x !== 0`)
  if (compute === "bool") return binarySimd("notEqual", from, { dims: plan.dims, strides: [so, sa, so.map(() => 0)], size: plan.size }, out, a, ZERO);
  // to its own dtype: a copy
  if (from === compute) return copySimd(compute, twice, out, a);
  return binarySimd(`cast_${SUFFIX[from]}`, compute, twice, out, a, a, from);
}

/** The most bytes of scratch a product copies into (operands and result not in the memory); a larger one is packed (./matmul.ts). */
const SCRATCH_BYTES = 16 * 2 ** 20;
/** The scratch block, kept once made (its pages stay mapped) and replaced by a larger one when a product needs more. */
let scratch: Resident | undefined;

/** At least `length` float32 of scratch in the engine's memory (reused between calls: its contents are not kept), or undefined above SCRATCH_BYTES. */
export function scratchOf(length: number): Float32Array | undefined {
  if (scratch !== undefined && scratch.array.length >= length) return scratch.array as Float32Array;
  if (4 * length > SCRATCH_BYTES) return undefined;
  scratch = residentStorage("float32", Math.max(length, 1024), false) ?? scratch;
  return scratch !== undefined && scratch.array.length >= length ? (scratch.array as Float32Array) : undefined;
}

/** Copies the [rows, cols] matrix `v` into `out` from `at`, row-major; its row stride there is `cols`. */
function copyIn(v: MatrixView, rows: number, cols: number, out: Float32Array, at: number): void {
  const { data, rowStride, colStride } = v;
  if (colStride === 1 && data instanceof Float32Array) {
    for (let r = 0; r < rows; r++) out.set(data.subarray(v.offset + r * rowStride, v.offset + r * rowStride + cols), at + r * cols);
    return;
  }
  for (let r = 0, q = at; r < rows; r++) for (let s = 0, p = v.offset + r * rowStride; s < cols; s++, p += colStride) out[q++] = data[p]!;
}

/**
 * C = A x B in float32 with gemm.wat, and says so; or does nothing and says
 * false (where SIMD is missing, or the copies would exceed SCRATCH_BYTES: the
 * caller packs and runs the kernels of ./matmul.ts, which give the same bits).
 * Reads A, B and writes C where they are when they live in the engine's
 * memory (A through any strides; B's and C's rows must be contiguous); what
 * lives elsewhere is copied into a scratch block of the memory first (C
 * copied out after), which costs far less than the product.
 */
export function matmulSimd(a: MatrixView, b: MatrixView, c: MatrixOut, m: number, k: number, n: number): boolean {
  const gemm = gemmKernel();
  if (gemm === undefined) return false;
  const A = a.data;
  const B = b.data;
  const C = c.data;
  const ownA = A instanceof Float32Array && inMemory(A);
  const ownB = B instanceof Float32Array && inMemory(B) && b.colStride === 1;
  const ownC = C instanceof Float32Array && inMemory(C) && c.colStride === 1;
  let room: Float32Array | undefined;
  if (!(ownA && ownB && ownC)) {
    room = scratchOf((ownA ? 0 : m * k) + (ownB ? 0 : k * n) + (ownC ? 0 : m * n));
    if (room === undefined) return false;
  }
  let at = 0; // the next free element of the scratch
  let addressA: number, aRow: number, aDepth: number;
  if (ownA) [addressA, aRow, aDepth] = [(A as Float32Array).byteOffset + 4 * a.offset, 4 * a.rowStride, 4 * a.colStride];
  else {
    copyIn(a, m, k, room!, at);
    [addressA, aRow, aDepth] = [room!.byteOffset + 4 * at, 4 * k, 4];
    at += m * k;
  }
  let addressB: number, bRow: number;
  if (ownB) [addressB, bRow] = [(B as Float32Array).byteOffset + 4 * b.offset, 4 * b.rowStride];
  else {
    copyIn(b, k, n, room!, at);
    [addressB, bRow] = [room!.byteOffset + 4 * at, 4 * n];
    at += k * n;
  }
  if (ownC) {
    gemm(addressA, addressB, (C as Float32Array).byteOffset + 4 * c.offset, m, k, n, aRow, aDepth, bRow, 4 * c.rowStride);
    return true;
  }
  gemm(addressA, addressB, room!.byteOffset + 4 * at, m, k, n, aRow, aDepth, bRow, 4 * n);
  copyBlock(room!.subarray(at), n, c, 0, m, n);
  return true;
}
