/**
 * The shared path of every element-wise op: check the arguments, resolve the
 * broadcast (any mode), choose the result dtype, check or allocate `out`,
 * read each operand through strides (0 on broadcast axes: nothing is copied),
 * and run a kernel. Errors are thrown before anything is written.
 */
import { allocate, allocateArray, type DType, INTEGER_RANGE, isInteger, type Storage, writeScalarRange } from "../dtype.js";
import { ShapeError, showShape } from "../errors.js";
import type { BinaryKernel, UnaryKernel, Writable } from "../kernels/binary.js";
import { whereKernel } from "../kernels/binary.js";
import { broadcastStrides, contiguousStrides, type Operand, planIteration } from "../kernels/plan.js";
import { mappedStrides, resolveBroadcastLayout } from "../shape/broadcast.js";
import { numpyRule } from "../shape/broadcast/numpy.js";
import { checkSize, describe } from "../shape/validate.js";
import { assertAttached, copyElements, elementsOf, storageOf, Tensor, viewOf } from "../tensor.js";
import { dropTemporary, type Resident, residentStorage, simdOps } from "../kernels/wasm/arena.js";
import type { Shape } from "../../types/index.js";

/** A tensor, or a plain number used as a scalar. */
export type Scalar = number | boolean;

/** A `TypeError` unless `value` is a Tensor whose buffer is still here (not transferred away). */
export function assertTensor(op: string, name: string, value: unknown): asserts value is Tensor {
  if (!(value instanceof Tensor)) throw new TypeError(`${op}: ${name} must be a Tensor, got ${describe(value)}`);
  assertAttached(op, name, value);
}

function assertOperand(op: string, name: string, value: unknown): asserts value is Tensor | Scalar {
  if (value instanceof Tensor) return assertAttached(op, name, value);
  if (typeof value === "number" || typeof value === "boolean") return;
  throw new TypeError(`${op}: ${name} must be a Tensor or a number, got ${describe(value)}`);
}

/**
 * The dtype a plain number computes in next to a tensor of `dtype` (see
 * src/dtype.ts): a boolean takes the tensor's; a fractional number next to an
 * integer or bool tensor computes in float32; an integer number next to a bool
 * tensor in int32 (as NumPy: a Python int with a bool array is an int array).
 */
export function scalarDType(value: Scalar, dtype: DType | undefined): DType {
  if (typeof value === "boolean") return dtype ?? "bool";
  if (dtype === undefined) return "float32";
  if (isInteger(dtype) && !Number.isInteger(value)) return "float32";
  return dtype === "bool" ? "int32" : dtype;
}


/**
 * A plain number converted to the dtype the op computes in, once per call:
 * rounded to float32, or checked to fit an integer dtype (a RangeError naming
 * the op, the argument and `other`, the tensor operand to cast, when it does not).
 */
export function convertScalar(op: string, name: string, value: Scalar, dtype: DType, other: string): number {
  const x = Number(value);
  if (dtype === "float32") return Math.fround(x);
  if (dtype !== "int32" && dtype !== "uint8") return x;
  const [low, high] = INTEGER_RANGE[dtype];
  if (!(x >= low && x <= high)) {
    const [lowest, highest] = INTEGER_RANGE.int32;
    const wider = dtype === "uint8" && x >= lowest && x <= highest ? "int32" : "float64";
    throw new RangeError(writeScalarRange(op, name, String(x), dtype, other, wider));
  }
  return x | 0; // (-0 becomes 0)
}

const SCALAR_SHAPE: readonly number[] = [];

/** What a kernel reads: a tensor, or a converted operand laid out like one. */
export type View = { shape: readonly number[]; strides: readonly number[]; offset: number; data: ArrayLike<number> };

const shapeOf = (value: Tensor | Scalar): readonly number[] => (value instanceof Tensor ? value.shape : SCALAR_SHAPE);

/**
 * The operand as the op reads it, converted to the dtype it computes in: a
 * number converted once; an int32 tensor in a float32 computation rounded to
 * float32 (a copy of its own elements); any other tensor as it is (every other
 * conversion along the chain is exact).
 */
function operand(op: string, name: string, value: Tensor | Scalar, compute: DType, other: string): View {
  if (value instanceof Tensor) {
    assertAttached(op, name, value);
    return tensorView(op, value, compute, true);
  }
  return { shape: SCALAR_SHAPE, strides: SCALAR_SHAPE, offset: 0, data: [convertScalar(op, name, value, compute, other)] };
}

/**
 * A tensor as an op computing in `compute` reads it: an int32 tensor in a
 * float32 computation rounded to float32 (a copy), any other read where it
 * is (a tensor in the engine's memory stays there: its `data` would move it out).
 * `temporary`: the caller gives back the copy's block with `dropConverted` once its kernel ran.
 */
export function tensorView(op: string, t: Tensor, compute: DType, temporary = false): View {
  if (t.dtype === "int32" && compute === "float32") return roundedToFloat32(op, t, temporary);
  // (always a new object of one layout, never `t` itself: the kernels' reads of it then see one kind of object)
  return { shape: t.shape, strides: t.strides, offset: t.offset, data: elementsOf(t) };
}

/** The blocks of the engine's memory that rounded copies took for the op running now (see roundedToFloat32). */
const converted: Resident[] = [];

/** Gives back the blocks of the rounded copies the op that just ran read. */
function dropConverted(): void {
  while (converted.length > 0) dropTemporary(converted.pop()!);
}

/**
 * An int32 tensor's elements rounded to float32, in a new buffer read through
 * the same broadcast: an axis of stride 0 stays stride 0 (one element is
 * converted, not repeated), the others are laid out contiguously.
 * `temporary`: the copy may take a block of the engine's memory (where the SIMD kernels read it
 * without copying it again), given back by `dropConverted` after the op.
 */
export function roundedToFloat32(op: string, t: Tensor, temporary = false): View {
  const own = t.shape.map((dim, axis) => (t.strides[axis] === 0 ? 1 : dim));
  const elements = new Tensor(storageOf(t), own, t.strides, t.offset, t.dtype);
  let size = 1;
  for (const dim of own) size *= dim;
  const source = elements.isContiguous ? elementsOf(t).subarray(t.offset, t.offset + size) : copyElements(op, elements);
  const block = temporary ? residentStorage("float32", size, false, "result") : undefined;
  if (block !== undefined) converted.push(block);
  const data = block === undefined ? allocateArray(op, Float32Array, size) : (block.array as Float32Array).subarray(0, size);
  data.set(source);
  const strides = contiguousStrides(own).map((stride, axis) => (t.strides[axis] === 0 ? 0 : stride));
  return { shape: t.shape, strides, offset: 0, data };
}

/** Splits an options object into the broadcast spec and `out`. */
function splitOptions(op: string, options: unknown): { spec: unknown; out: unknown } {
  if (options === undefined) return { spec: undefined, out: undefined };
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object such as { mode: "numpy", out }, got ${describe(options)}`);
  }
  if (!("mode" in options)) {
    // without a mode, NumPy broadcasting applies and the only field is out: a typo such as
    // { mdoe: "xla" } must not silently fall back to numpy
    for (const key of Object.keys(options)) {
      if (key !== "out") throw new TypeError(`${op}: options field "${key}" is not known without a mode (fields: mode, out, and the mode's own)`);
    }
  }
  if (!("out" in options)) return { spec: "mode" in options ? options : undefined, out: undefined };
  const { out, ...rest } = options as { out?: unknown };
  return { spec: Object.keys(rest).length === 0 ? undefined : rest, out };
}

/**
 * A new contiguous result of `size` elements for an op that writes every one
 * of them (so it is not zeroed): in a block of the engine's memory when one is
 * free for a result (src/kernels/wasm/arena.ts), else a buffer of its own.
 * `adopt`: `shape` is a new array the caller gives up (kept, not copied).
 */
export const resultTensor = <D extends DType>(op: string, shape: readonly number[], dtype: D, size: number, adopt = false): Tensor<Shape, D> =>
  new Tensor(residentStorage(dtype, size, false, "result") ?? allocate(op, dtype, size), shape as number[], contiguousStrides(shape), 0, dtype, adopt);

/** `out` checked against the result, or a new tensor for it. */
function target<D extends DType>(op: string, out: unknown, shape: number[], dtype: D, mode: string, fresh = false): Tensor<Shape, D> {
  if (out === undefined) return resultTensor(op, shape, dtype, checkSize(op, shape), fresh);
  assertTensor(op, "out", out);
  if (out.dtype !== dtype) throw new TypeError(`${op}: out has dtype ${out.dtype} but the result is ${dtype}`);
  if (out.shape.length !== shape.length || out.shape.some((dim, axis) => dim !== shape[axis])) {
    const message = `${op}: out has shape ${showShape(out.shape)} but the result has shape ${showShape(shape)}`;
    throw new ShapeError(message, { code: "out", op, mode, a: [...out.shape], b: shape });
  }
  // (an empty out has no elements to overlap, though its contiguous strides may hold 0s)
  if (out.size > 0 && out.strides.some((stride, axis) => stride === 0 && out.shape[axis] !== 1)) {
    throw new TypeError(`${op}: out is a broadcast view (stride 0 on an axis): its elements overlap`);
  }
  return out as unknown as Tensor<Shape, D>;
}

export interface BinaryRule {
  readonly name: string;
  readonly kernel: BinaryKernel;
  /** The kernel for a computation in int32 or uint8, when it differs from `kernel` (exact wrapping). */
  readonly integerKernel?: BinaryKernel | undefined;
  /** The result dtype from the operands' dtypes. */
  readonly dtype: (a: DType, b: DType) => DType;
  /** The dtype the op computes in from the operands' dtypes: both are converted to it first. */
  readonly compute: (a: DType, b: DType) => DType;
  /** Checks the converted operands before anything is written (pow: no negative integer exponent). */
  readonly check?: ((op: string, compute: DType, a: View, b: View) => void) | undefined;
}

const isIntegerCompute = (dtype: DType): boolean => dtype === "int32" || dtype === "uint8";

/** The kernel a rule runs in `compute`. */
const kernelFor = (rule: BinaryRule, compute: DType): BinaryKernel =>
  rule.integerKernel !== undefined && isIntegerCompute(compute) ? rule.integerKernel : rule.kernel;

/** Runs a binary element-wise op: `(a, b, options?)` with a broadcast spec and `out`. */
export function runBinary(rule: BinaryRule, a: unknown, b: unknown, options: unknown): Tensor {
  // fast path, the common call: tensors or numbers, NumPy mode, no out. A
  // tensor's shape is valid by construction, so only the broadcast is checked.
  if ((options === undefined || onlyOut(options)) && (a instanceof Tensor || typeof a === "number") && (b instanceof Tensor || typeof b === "number")) {
    const shape = numpyRule(shapeOf(a), shapeOf(b));
    if (Array.isArray(shape)) {
      const da = operandDType(a, b);
      const db = operandDType(b, a);
      const compute = rule.compute(da, db);
      // out first (its kind, dtype and shape), then the operands' values; nothing is written before both pass
      // (numpyRule's shape is a new array: the result keeps it)
      const result = target(rule.name, options === undefined ? undefined : (options as { out: unknown }).out, shape, rule.dtype(da, db), "numpy", true);
      const output: Operand<Writable> = { data: elementsOf(result) as Writable, offset: result.offset, strides: result.strides };
      if (rule.check === undefined) {
        execute(rule, compute, shape, output, rightAligned(rule.name, "a", a, compute, "b", shape, output), rightAligned(rule.name, "b", b, compute, "a", shape, output));
        if (converted.length > 0) dropConverted();
        return result;
      }
      const va = operand(rule.name, "a", a, compute, "b");
      const vb = operand(rule.name, "b", b, compute, "a");
      if (!isEmpty(shape)) rule.check(rule.name, compute, va, vb);
      execute(rule, compute, shape, output, readableRightAligned(va, shape, output), readableRightAligned(vb, shape, output));
      if (converted.length > 0) dropConverted();
      return result;
    }
    // a misfit: the general path below throws the full error
  }
  const op = rule.name;
  assertOperand(op, "a", a);
  assertOperand(op, "b", b);
  const { spec, out } = splitOptions(op, options);
  const layout = resolveBroadcastLayout(op, shapeOf(a), shapeOf(b), spec);
  const da = operandDType(a, b);
  const db = operandDType(b, a);
  const compute = rule.compute(da, db);
  const mode = (spec as { mode?: string } | undefined)?.mode ?? "numpy";
  const result = target(op, out, layout.shape, rule.dtype(da, db), mode);
  const va = operand(op, "a", a, compute, "b");
  const vb = operand(op, "b", b, compute, "a");
  if (rule.check !== undefined && !isEmpty(layout.shape)) rule.check(op, compute, va, vb);
  const rank = layout.shape.length;
  const output: Operand<Writable> = { data: elementsOf(result) as Writable, offset: result.offset, strides: result.strides };
  execute(
    rule,
    compute,
    layout.shape,
    output,
    readable(va, layout.aAxes, rank, output),
    readable(vb, layout.bAxes, rank, output),
  );
  if (converted.length > 0) dropConverted();
  return result;
}

/**
 * Has the result no element? Then no operand element is used, and the values
 * are not checked (as NumPy, which checks an integer power per element).
 * Otherwise broadcasting uses every element of each operand at least once.
 */
const isEmpty = (shape: readonly number[]): boolean => shape.includes(0);

/** Is `options` an object whose only field is `out`? (Then NumPy mode applies.) */
function onlyOut(options: unknown): boolean {
  if (typeof options !== "object" || options === null) return false;
  let found = false;
  for (const key in options) {
    if (key !== "out") return false;
    found = true;
  }
  return found;
}

/** The dtype an operand computes in: a tensor's own, a number's next to the other operand. */
const operandDType = (value: Tensor | Scalar, other: unknown): DType =>
  value instanceof Tensor ? value.dtype : scalarDType(value, other instanceof Tensor ? other.dtype : undefined);

/** Below this many elements, planning (dropping and merging axes) costs more than it saves. */
const PLAN_THRESHOLD = 64;

/**
 * Plans the loops and runs the op's kernel: the WebAssembly SIMD one when the
 * output lives in the engine's memory and the op has one for `compute`
 * (src/kernels/simd.ts), else the JavaScript one.
 */
function execute(rule: BinaryRule, compute: DType, shape: readonly number[], output: Operand<Writable>, a: Operand, b: Operand): void {
  let size = 1;
  for (const dim of shape) size *= dim;
  const kernel = kernelFor(rule, compute);
  if (size <= PLAN_THRESHOLD) {
    kernel({ dims: shape as number[], strides: [output.strides as number[], a.strides as number[], b.strides as number[]], size }, output, a, b);
    return;
  }
  const plan = planIteration(shape, [output.strides, a.strides, b.strides]);
  if (simdOps.binary?.(rule.name, compute, plan, output, a, b) !== true) kernel(plan, output, a, b);
}

/**
 * The operand as the kernel reads it: through strides on the result's axes
 * (`axes[i]` is where its axis i lands). An input that shares its buffer with
 * `out` but is laid out differently would be read after `out` overwrote it,
 * so the kernel gets a private contiguous copy, mapped the same way.
 */
function readable(input: View, axes: readonly number[], rank: number, output: Operand<Writable>): Operand {
  const strides = mappedStrides(input.shape, input.strides, axes, rank);
  if (input.data !== output.data) return { data: input.data, offset: input.offset, strides };
  if (input.offset === output.offset && strides.every((stride, axis) => stride === output.strides[axis])) {
    return { data: input.data, offset: input.offset, strides }; // each element is read just before it is overwritten
  }
  const copy = copyElements("a copy of an input that out overlaps", new Tensor(input.data as Storage, input.shape, input.strides, input.offset, "float64" as DType));
  return { data: copy, offset: 0, strides: mappedStrides(input.shape, contiguousStrides(input.shape), axes, rank) };
}

/** `readable` for NumPy's right alignment, without building the axis map unless `out` aliases the input. */
function readableRightAligned(input: View, shape: readonly number[], output: Operand<Writable>): Operand {
  if (input.data !== output.data) return { data: input.data, offset: input.offset, strides: broadcastStrides(input.shape, input.strides, shape) };
  return readable(input, identityAxes(input.shape.length, shape.length), shape.length, output);
}

/**
 * `readableRightAligned(operand(...))` in one step: a tensor that needs no conversion and is not
 * `out`'s buffer is read through its own fields, without a view object in between (the small op's path).
 */
function rightAligned(op: string, name: string, value: Tensor | Scalar, compute: DType, other: string, shape: readonly number[], output: Operand<Writable>): Operand {
  if (value instanceof Tensor && !(value.dtype === "int32" && compute === "float32")) {
    assertAttached(op, name, value);
    const data = elementsOf(value);
    if (data !== output.data) return { data, offset: value.offset, strides: broadcastStrides(value.shape, value.strides, shape) };
  }
  return readableRightAligned(operand(op, name, value, compute, other), shape, output);
}

/** Right-aligned axes: operand axis i lands on result axis i + resultRank - rank. */
function identityAxes(rank: number, resultRank: number): number[] {
  const axes = new Array<number>(rank);
  for (let axis = 0; axis < rank; axis++) axes[axis] = axis + resultRank - rank;
  return axes;
}

export interface UnaryRule {
  readonly name: string;
  readonly kernel: UnaryKernel;
  readonly dtype: (a: DType) => DType;
  /** The SIMD kernels' name when it is not `name` (one op, two functions: gelu's tanh approximation). */
  readonly simd?: string;
  /** The op's parameters as its SIMD kernel reads them (leakyRelu's alpha, clip's bounds), read when it runs. */
  readonly params?: () => readonly number[];
}

/** Runs a unary element-wise op with an optional `out` of the same shape. */
export function runUnary(rule: UnaryRule, a: unknown, options: unknown): Tensor {
  const op = rule.name;
  assertTensor(op, "x", a);
  const { out, spec } = splitOptions(op, options);
  if (spec !== undefined) throw new TypeError(`${op}: the only option is out`);
  const dtype = rule.dtype(a.dtype);
  const result = target(op, out, [...a.shape], dtype, "none");
  const output: Operand<Writable> = { data: elementsOf(result) as Writable, offset: result.offset, strides: result.strides };
  // an int32 input of a float32 result is rounded to float32 first, as in binary ops; a resident
  // input is read where it is (its `data` would move it out of the engine's memory)
  const view = tensorView(op, a, dtype, true);
  const input = readable(view, identityAxes(a.shape.length, a.shape.length), a.shape.length, output);
  const plan = planIteration(a.shape, [result.strides, input.strides]);
  if (plan.size <= PLAN_THRESHOLD || simdOps.unary?.(rule.simd ?? op, dtype, plan, output, input, rule.params?.()) !== true) rule.kernel(plan, output, input);
  if (converted.length > 0) dropConverted();
  return result;
}

/**
 * `where(cond, a, b)`: NumPy broadcasting of all three; the result dtype
 * promotes a and b, and numbers are converted to it. `cond` is read by
 * truthiness (`!== 0`, so NaN is true). A tensor is not copied to convert it:
 * storing into the result converts exactly as converting first would.
 */
export function runWhere(cond: unknown, a: unknown, b: unknown, promoteDType: (a: DType, b: DType) => DType): Tensor {
  const op = "where";
  assertOperand(op, "cond", cond);
  assertOperand(op, "a", a);
  assertOperand(op, "b", b);
  const ab = resolveBroadcastLayout(op, shapeOf(a), shapeOf(b));
  const all = resolveBroadcastLayout(op, shapeOf(cond), ab.shape);
  const rank = all.shape.length;
  const dtype = promoteDType(operandDType(a, b), operandDType(b, a));
  const vc: View = cond instanceof Tensor ? viewOf(cond) : { shape: SCALAR_SHAPE, strides: SCALAR_SHAPE, offset: 0, data: [Number(cond)] };
  const va: View = a instanceof Tensor ? viewOf(a) : operand(op, "a", a, dtype, "b");
  const vb: View = b instanceof Tensor ? viewOf(b) : operand(op, "b", b, dtype, "a");
  const result = target(op, undefined, all.shape, dtype, "numpy");
  const output: Operand<Writable> = { data: elementsOf(result) as Writable, offset: 0, strides: result.strides };
  const [c, x, y] = [vc, va, vb].map((v) => readable(v, identityAxes(v.shape.length, rank), rank, output)) as [Operand, Operand, Operand];
  whereKernel(planIteration(all.shape, [result.strides, c.strides, x.strides, y.strides]), output, c, x, y);
  return result;
}
