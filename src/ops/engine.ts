/**
 * The shared path of every element-wise op: check the arguments, resolve the
 * broadcast (any mode), choose the result dtype, check or allocate `out`,
 * read each operand through strides (0 on broadcast axes: nothing is copied),
 * and run a kernel. Errors are thrown before anything is written.
 */
import { allocate, type DType, isInteger, type Storage } from "../dtype.js";
import { ShapeError, showShape } from "../errors.js";
import type { BinaryKernel, UnaryKernel, Writable } from "../kernels/binary.js";
import { whereKernel } from "../kernels/binary.js";
import { broadcastStrides, contiguousStrides, type Operand, planIteration } from "../kernels/plan.js";
import { mappedStrides, numpyRule, resolveBroadcastLayout } from "../shape/broadcast.js";
import { checkSize, describe } from "../shape/validate.js";
import { Tensor } from "../tensor.js";
import type { Shape } from "../../types/index.js";

/** A tensor, or a plain number used as a scalar. */
export type Scalar = number | boolean;

export function assertTensor(op: string, name: string, value: unknown): asserts value is Tensor {
  if (!(value instanceof Tensor)) throw new TypeError(`${op}: ${name} must be a Tensor, got ${describe(value)}`);
}

function assertOperand(op: string, name: string, value: unknown): asserts value is Tensor | Scalar {
  if (value instanceof Tensor || typeof value === "number" || typeof value === "boolean") return;
  throw new TypeError(`${op}: ${name} must be a Tensor or a number, got ${describe(value)}`);
}

/** The dtype a plain number computes in next to a tensor of `dtype` (see src/dtype.ts). */
export function scalarDType(value: Scalar, dtype: DType | undefined): DType {
  if (typeof value === "boolean") return dtype ?? "bool";
  if (dtype === undefined) return "float32";
  if (isInteger(dtype) && !Number.isInteger(value)) return "float32";
  return dtype;
}

const SCALAR_SHAPE: readonly number[] = [];

/** The operand view of a tensor or a number. */
function view(value: Tensor | Scalar): { shape: readonly number[]; strides: readonly number[]; offset: number; data: ArrayLike<number> } {
  if (value instanceof Tensor) return value;
  return { shape: SCALAR_SHAPE, strides: SCALAR_SHAPE, offset: 0, data: [Number(value)] };
}

/** Splits an options object into the broadcast spec and `out`. */
function splitOptions(op: string, options: unknown): { spec: unknown; out: unknown } {
  if (options === undefined) return { spec: undefined, out: undefined };
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${op}: options must be an object such as { mode: "numpy", out }, got ${describe(options)}`);
  }
  if (!("out" in options)) return { spec: "mode" in options ? options : undefined, out: undefined };
  const { out, ...rest } = options as { out?: unknown };
  return { spec: Object.keys(rest).length === 0 ? undefined : rest, out };
}

/** `out` checked against the result, or a new tensor for it. */
function target<D extends DType>(op: string, out: unknown, shape: number[], dtype: D, mode: string): Tensor<Shape, D> {
  if (out === undefined) {
    const size = checkSize(op, shape);
    return new Tensor(allocate(dtype, size), shape, contiguousStrides(shape), 0, dtype);
  }
  assertTensor(op, "out", out);
  if (out.dtype !== dtype) throw new TypeError(`${op}: out has dtype ${out.dtype} but the result is ${dtype}`);
  if (out.shape.length !== shape.length || out.shape.some((dim, axis) => dim !== shape[axis])) {
    const message = `${op}: out has shape ${showShape(out.shape)} but the result has shape ${showShape(shape)}`;
    throw new ShapeError(message, { code: "out", op, mode, a: [...out.shape], b: shape });
  }
  if (out.strides.some((stride, axis) => stride === 0 && out.shape[axis] !== 1)) {
    throw new TypeError(`${op}: out is a broadcast view (stride 0 on an axis): its elements overlap`);
  }
  return out as unknown as Tensor<Shape, D>;
}

export interface BinaryRule {
  readonly name: string;
  readonly kernel: BinaryKernel;
  /** The result dtype from the operands' dtypes. */
  readonly dtype: (a: DType, b: DType) => DType;
}

/** Runs a binary element-wise op: `(a, b, options?)` with a broadcast spec and `out`. */
export function runBinary(rule: BinaryRule, a: unknown, b: unknown, options: unknown): Tensor {
  // fast path, the common call: tensors or numbers, NumPy mode, no out. A
  // tensor's shape is valid by construction, so only the broadcast is checked.
  if ((options === undefined || onlyOut(options)) && (a instanceof Tensor || typeof a === "number") && (b instanceof Tensor || typeof b === "number")) {
    const va = view(a);
    const vb = view(b);
    const shape = numpyRule(va.shape, vb.shape);
    if (Array.isArray(shape)) {
      const dtype = rule.dtype(operandDType(a, b), operandDType(b, a));
      const result = target(rule.name, options === undefined ? undefined : (options as { out: unknown }).out, shape, dtype, "numpy");
      const output: Operand<Writable> = { data: result.data as Writable, offset: result.offset, strides: result.strides };
      execute(
        rule.kernel,
        shape,
        output,
        readableRightAligned(va, shape, output),
        readableRightAligned(vb, shape, output),
      );
      return result;
    }
    // a misfit: the general path below throws the full error
  }
  const op = rule.name;
  assertOperand(op, "a", a);
  assertOperand(op, "b", b);
  const { spec, out } = splitOptions(op, options);
  const va = view(a);
  const vb = view(b);
  const layout = resolveBroadcastLayout(op, va.shape, vb.shape, spec);
  const dtype = rule.dtype(operandDType(a, b), operandDType(b, a));
  const mode = (spec as { mode?: string } | undefined)?.mode ?? "numpy";
  const result = target(op, out, layout.shape, dtype, mode);
  const rank = layout.shape.length;
  const output: Operand<Writable> = { data: result.data as Writable, offset: result.offset, strides: result.strides };
  execute(
    rule.kernel,
    layout.shape,
    output,
    readable(va, layout.aAxes, rank, output),
    readable(vb, layout.bAxes, rank, output),
  );
  return result;
}

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

function execute(kernel: BinaryKernel, shape: readonly number[], output: Operand<Writable>, a: Operand, b: Operand): void {
  let size = 1;
  for (const dim of shape) size *= dim;
  const plan =
    size <= PLAN_THRESHOLD
      ? { dims: shape as number[], strides: [output.strides as number[], a.strides as number[], b.strides as number[]], size }
      : planIteration(shape, [output.strides, a.strides, b.strides]);
  kernel(plan, output, a, b);
}

type View = { shape: readonly number[]; strides: readonly number[]; offset: number; data: ArrayLike<number> };

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
  const copy = new Tensor(input.data as Storage, input.shape, input.strides, input.offset, "float64" as DType).toTypedArray();
  return { data: copy, offset: 0, strides: mappedStrides(input.shape, contiguousStrides(input.shape), axes, rank) };
}

/** `readable` for NumPy's right alignment, without building the axis map unless `out` aliases the input. */
function readableRightAligned(input: View, shape: readonly number[], output: Operand<Writable>): Operand {
  if (input.data !== output.data) return { data: input.data, offset: input.offset, strides: broadcastStrides(input.shape, input.strides, shape) };
  return readable(input, identityAxes(input.shape.length, shape.length), shape.length, output);
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
}

/** Runs a unary element-wise op with an optional `out` of the same shape. */
export function runUnary(rule: UnaryRule, a: unknown, options: unknown): Tensor {
  const op = rule.name;
  assertTensor(op, "x", a);
  const { out, spec } = splitOptions(op, options);
  if (spec !== undefined) throw new TypeError(`${op}: the only option is out`);
  const dtype = rule.dtype(a.dtype);
  const result = target(op, out, [...a.shape], dtype, "none");
  const output: Operand<Writable> = { data: result.data as Writable, offset: result.offset, strides: result.strides };
  const input = readable(a, identityAxes(a.shape.length, a.shape.length), a.shape.length, output);
  rule.kernel(planIteration(a.shape, [result.strides, input.strides]), output, input);
  return result;
}

/** `where(cond, a, b)`: NumPy broadcasting of all three; the result dtype promotes a and b. */
export function runWhere(cond: unknown, a: unknown, b: unknown, promoteDType: (a: DType, b: DType) => DType): Tensor {
  const op = "where";
  assertOperand(op, "cond", cond);
  assertOperand(op, "a", a);
  assertOperand(op, "b", b);
  const vc = view(cond);
  const va = view(a);
  const vb = view(b);
  const ab = resolveBroadcastLayout(op, va.shape, vb.shape);
  const all = resolveBroadcastLayout(op, vc.shape, ab.shape);
  const rank = all.shape.length;
  const dtype = promoteDType(operandDType(a, b), operandDType(b, a));
  const result = target(op, undefined, all.shape, dtype, "numpy");
  const output: Operand<Writable> = { data: result.data as Writable, offset: 0, strides: result.strides };
  const [c, x, y] = [vc, va, vb].map((v) => readable(v, identityAxes(v.shape.length, rank), rank, output)) as [Operand, Operand, Operand];
  whereKernel(planIteration(all.shape, [result.strides, c.strides, x.strides, y.strides]), output, c, x, y);
  return result;
}
