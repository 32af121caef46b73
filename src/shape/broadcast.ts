/**
 * Runtime mirror of `types/broadcast.ts`: every broadcasting rule of docs/broadcasting.md §2
 * (binary modes none, numpy, xla, pdpd) and §3 (broadcast to a target: numpy,
 * bidirectional, explicit). Same cases, same order of checks, same messages.
 *
 * This file holds the public functions, which check their arguments and throw,
 * and the layouts the kernels read. Each mode's rule (`*Rule`) is in
 * src/shape/broadcast/ (numpy.ts, none.ts, xla.ts, pdpd.ts, to.ts, and
 * in-dim.ts for the axis maps of xla and explicit), each the twin of the file
 * of the same name in types/broadcast/; a rule assumes checked input and
 * returns the result shape or a `Failure`.
 */
import type {
  BroadcastShapes,
  BroadcastSpec,
  BroadcastToShape,
  BroadcastToSpec,
  Shape,
  ShapeArgument,
  ShapeTypeError,
} from "../../types/index.js";
import { ShapeError, writeShapeMessage } from "../errors.js";
import { type Failure, isFailure } from "./broadcast/common.js";
import { noneRule } from "./broadcast/none.js";
import { numpyRule } from "./broadcast/numpy.js";
import { pdpdRule } from "./broadcast/pdpd.js";
import { toExplicitRule, toNumpyRule } from "./broadcast/to.js";
import { xlaRule } from "./broadcast/xla.js";
import { assertNumberArray, assertSizes, checkRank, checkSpec } from "./validate.js";

// ---------------------------------------------------------------------------
// Public functions
// ---------------------------------------------------------------------------

const BINARY_FIELDS = { numpy: [], none: [], xla: ["broadcastDimensions"], pdpd: ["axis"] } as const;
const TO_FIELDS = { numpy: [], bidirectional: [], explicit: ["axesMapping"] } as const;
const NUMPY: BroadcastSpec = { mode: "numpy" };

function raise(
  op: string,
  mode: string,
  a: readonly number[],
  b: readonly number[],
  verb: "with" | "to",
  failure: Failure,
): never {
  throw new ShapeError(writeShapeMessage(op, mode, failure.detail, a, b, verb, failure.fix), {
    code: failure.code,
    op,
    mode,
    a: [...a],
    b: [...b],
    axis: failure.axis,
    sizes: failure.sizes,
    fix: failure.fix,
  });
}

/**
 * The result shape of a binary element-wise op on shapes `a` and `b` under a
 * broadcast spec; throws a `ShapeError` when they do not fit. For ops: `op`
 * names the operation in the message.
 */
export function resolveBroadcast(op: string, a: unknown, b: unknown, spec?: unknown): number[] {
  checkRank(op, "a", a, "a shape");
  checkRank(op, "b", b, "a shape");
  assertNumberArray(op, "a", a);
  assertNumberArray(op, "b", b);
  const checked = checkSpec<BroadcastSpec>(op, spec, BINARY_FIELDS, NUMPY);
  if (checked.mode === "xla" && checked.broadcastDimensions !== undefined) {
    assertNumberArray(op, "spec.broadcastDimensions", checked.broadcastDimensions);
  }
  if (checked.mode === "pdpd" && checked.axis !== undefined && typeof checked.axis !== "number") {
    throw new TypeError(`${op}: spec.axis must be a number, got ${typeof checked.axis}`);
  }
  assertSizes(op, checked.mode, a, b, ["a", "b"], "with");
  const result =
    checked.mode === "numpy" ? numpyRule(a, b)
    : checked.mode === "none" ? noneRule(a, b)
    : checked.mode === "xla" ? xlaRule(a, b, checked.broadcastDimensions)
    : pdpdRule(a, b, checked.axis);
  if (isFailure(result)) raise(op, checked.mode, a, b, "with", result);
  return result;
}

/**
 * The shape of broadcasting a tensor of shape `input` to `target`; throws a
 * `ShapeError` when it cannot be done. `op` names the operation in the message.
 */
export function resolveBroadcastTo(op: string, input: unknown, target: unknown, spec?: unknown): number[] {
  checkRank(op, "input", input, "a shape");
  checkRank(op, "target", target, "a shape");
  assertNumberArray(op, "input", input);
  assertNumberArray(op, "target", target);
  const checked = checkSpec<BroadcastToSpec>(op, spec, TO_FIELDS, { mode: "numpy" });
  if (checked.mode === "explicit") assertNumberArray(op, "spec.axesMapping", checked.axesMapping);
  assertSizes(op, checked.mode, input, target, ["the input", "the target"], "to");
  const result =
    checked.mode === "numpy" ? toNumpyRule(input, target)
    : checked.mode === "bidirectional" ? numpyRule(input, target)
    : toExplicitRule(input, target, checked.axesMapping);
  if (isFailure(result)) raise(op, checked.mode, input, target, "to", result);
  return result;
}

/**
 * The result shape of an element-wise op on operands of shapes `a` and `b`.
 *
 * @example
 * broadcastShapes([2, 1, 5], [4, 1]);                                       //=> [2, 4, 5]
 * broadcastShapes([2, 3], [3], { mode: "xla", broadcastDimensions: [1] });  //=> [2, 3]
 * broadcastShapes([2, 3, 4, 5], [3, 1], { mode: "pdpd", axis: 1 });        //=> [2, 3, 4, 5]
 * broadcastShapes([3], [2]);
 * // ShapeError: broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]
 */
export function broadcastShapes<
  const A extends ShapeArgument,
  const B extends ShapeArgument,
  const Spec extends BroadcastSpec = { mode: "numpy" },
>(a: A, b: CheckedB<A, B, Spec>, spec?: Spec): ResultOf<BroadcastShapes<A, B, Spec>> {
  return resolveBroadcast("broadcastShapes", a, b, spec) as ResultOf<BroadcastShapes<A, B, Spec>>;
}

/**
 * The shape of one tensor broadcast to a target shape (OpenVINO Broadcast).
 *
 * @example
 * broadcastToShape([3, 1], [2, 3, 4]);                                     //=> [2, 3, 4]
 * broadcastToShape([3, 1], [2, 1, 6], { mode: "bidirectional" });          //=> [2, 3, 6]
 * broadcastToShape([3], [3, 4], { mode: "explicit", axesMapping: [0] });   //=> [3, 4]
 */
export function broadcastToShape<
  const Input extends ShapeArgument,
  const Target extends ShapeArgument,
  const Spec extends BroadcastToSpec = { mode: "numpy" },
>(input: Input, target: CheckedTarget<Input, Target, Spec>, spec?: Spec): ResultOf<BroadcastToShape<Input, Target, Spec>> {
  return resolveBroadcastTo("broadcastToShape", input, target, spec) as ResultOf<BroadcastToShape<Input, Target, Spec>>;
}

// The error surfaces in parameter position: when the shapes do not fit, the
// second parameter's type is the message itself, so the compiler prints it at
// the offending argument. `B`/`Target` are still inferred from that parameter,
// because inference looks into both branches of the conditional type.
type CheckedB<A extends ShapeArgument, B extends ShapeArgument, Spec extends BroadcastSpec> =
  BroadcastShapes<A, B, Spec> extends ShapeTypeError<infer Message> ? Message : B;
type CheckedTarget<Input extends ShapeArgument, Target extends ShapeArgument, Spec extends BroadcastToSpec> =
  BroadcastToShape<Input, Target, Spec> extends ShapeTypeError<infer Message> ? Message : Target;
// On error the call still returns a shape of unknown rank, so one mistake gives one error.
// (inferred rather than narrowed, which costs a second of checking per call; see `BinaryShape`)
type ResultOf<Result> = Result extends infer Known extends Shape ? Known : number[];

// ---------------------------------------------------------------------------
// Layouts: where each operand axis lands in the result, so that every mode
// becomes plain strides (0 on broadcast axes) for the kernels.
// ---------------------------------------------------------------------------

/** `axes[i]`: the result axis of operand axis `i`, or -1 when it maps to none (a size-1 axis). */
export interface BroadcastLayout {
  readonly shape: number[];
  readonly aAxes: readonly number[];
  readonly bAxes: readonly number[];
}

const rightAligned = (rank: number, resultRank: number): number[] =>
  Array.from({ length: rank }, (_, axis) => axis + resultRank - rank);

/**
 * The result shape of a binary op and where each operand's axes land in it;
 * throws like `resolveBroadcast`.
 */
export function resolveBroadcastLayout(op: string, a: unknown, b: unknown, spec?: unknown): BroadcastLayout {
  const shape = resolveBroadcast(op, a, b, spec);
  const aShape = a as readonly number[];
  const bShape = b as readonly number[];
  const rank = shape.length;
  const checked = (spec ?? NUMPY) as BroadcastSpec;
  if (checked.mode === "xla" && aShape.length !== bShape.length && aShape.length > 0 && bShape.length > 0) {
    const dims = checked.broadcastDimensions!;
    const aIsHigh = aShape.length > bShape.length;
    const identity = rightAligned(rank, rank);
    return { shape, aAxes: aIsHigh ? identity : [...dims], bAxes: aIsHigh ? [...dims] : identity };
  }
  if (checked.mode === "pdpd") {
    const start = (checked.axis ?? -1) === -1 ? aShape.length - bShape.length : checked.axis!;
    let length = bShape.length;
    while (length > 0 && bShape[length - 1] === 1) length--;
    return {
      shape,
      aAxes: rightAligned(aShape.length, rank),
      bAxes: Array.from({ length: bShape.length }, (_, axis) => (axis < length ? start + axis : -1)),
    };
  }
  return { shape, aAxes: rightAligned(aShape.length, rank), bAxes: rightAligned(bShape.length, rank) };
}

/** The shape of broadcasting `input` to `target` and where its axes land; throws like `resolveBroadcastTo`. */
export function resolveBroadcastToLayout(
  op: string,
  input: unknown,
  target: unknown,
  spec?: unknown,
): { readonly shape: number[]; readonly axes: readonly number[] } {
  const shape = resolveBroadcastTo(op, input, target, spec);
  const inputShape = input as readonly number[];
  const checked = (spec ?? { mode: "numpy" }) as BroadcastToSpec;
  if (checked.mode === "explicit") return { shape, axes: [...checked.axesMapping] };
  return { shape, axes: rightAligned(inputShape.length, shape.length) };
}

/** Strides that read an operand through a layout: its own stride on its mapped axes, 0 elsewhere. */
export function mappedStrides(
  operandShape: readonly number[],
  operandStrides: readonly number[],
  axes: readonly number[],
  resultRank: number,
): number[] {
  const strides = new Array<number>(resultRank);
  for (let axis = 0; axis < resultRank; axis++) strides[axis] = 0;
  for (let axis = 0; axis < operandShape.length; axis++) {
    const target = axes[axis]!;
    if (target >= 0 && operandShape[axis] !== 1) strides[target] = operandStrides[axis]!;
  }
  return strides;
}
