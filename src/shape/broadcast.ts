/**
 * Runtime mirror of `types/broadcast.ts`: every broadcasting rule of docs/broadcasting.md §2
 * (binary modes none, numpy, xla, pdpd) and §3 (broadcast to a target: numpy,
 * bidirectional, explicit). Same cases, same order of checks, same messages.
 *
 * The base functions (`*Rule`) assume checked input and return the result shape
 * or a `Failure`; the public functions check their arguments and throw.
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
import {
  ShapeError,
  type ShapeErrorCode,
  writeAxisMismatch,
  writeDimsEqualRank,
  writeDimsFix,
  writeDimsLength,
  writeDimsOrder,
  writeDimsRange,
  writeDimsScalar,
  writeExplicitFix,
  writeMissingDims,
  writeNumpyFix,
  writePdpdAxis,
  writePdpdFix,
  writePdpdRange,
  writePdpdRank,
  writeRankMismatch,
  writeShapeMessage,
} from "../errors.js";
import { assertNumberArray, assertSizes, checkRank, checkSpec } from "./validate.js";

/** Why a rule failed; turned into a `ShapeError` by `raise`. */
export interface Failure {
  readonly code: ShapeErrorCode;
  readonly detail: string;
  readonly axis?: number;
  readonly sizes?: readonly [number, number];
  readonly fix?: string;
}

const isFailure = (value: number[] | Failure): value is Failure => !Array.isArray(value);

// ---------------------------------------------------------------------------
// Size rules for one axis
// ---------------------------------------------------------------------------

/** Two-way (degenerate-dimension) rule: equal, or one side is 1. -1 = no fit. */
const twoWay = (x: number, y: number): number => (x === y || y === 1 ? x : x === 1 ? y : -1);

/** One-way rule (input onto target): equal, or the input is 1. */
const oneWay = (input: number, target: number): boolean => input === target || input === 1;

const fitsTwoWay = (x: number, y: number): boolean => twoWay(x, y) !== -1;

// ---------------------------------------------------------------------------
// Base rules: checked input in, result shape or Failure out
// ---------------------------------------------------------------------------

/**
 * NumPy: right-align, pad with 1s, per axis equal or 1. The first offending axis
 * is the first one met from the right, as NumPy compares trailing axes first.
 */
export function numpyRule(a: readonly number[], b: readonly number[]): number[] | Failure {
  const rank = Math.max(a.length, b.length);
  const out = new Array<number>(rank);
  const padA = rank - a.length;
  const padB = rank - b.length;
  for (let axis = rank - 1; axis >= 0; axis--) {
    const x = axis < padA ? 1 : a[axis - padA]!;
    const y = axis < padB ? 1 : b[axis - padB]!;
    const size = twoWay(x, y);
    if (size === -1) return { code: "mismatch", detail: writeAxisMismatch(axis, x, y), axis, sizes: [x, y] };
    out[axis] = size;
  }
  return out;
}

/** OpenVINO NONE: identical shapes only. The fix names what NumPy mode would give. */
export function noneRule(a: readonly number[], b: readonly number[]): number[] | Failure {
  const numpyFix = (): string | undefined => {
    const result = numpyRule(a, b);
    return isFailure(result) ? undefined : writeNumpyFix(result);
  };
  if (a.length !== b.length) {
    return { code: "rank", detail: writeRankMismatch(a.length, b.length), ...optionalFix(numpyFix()) };
  }
  for (let axis = a.length - 1; axis >= 0; axis--) {
    const x = a[axis]!;
    const y = b[axis]!;
    if (x !== y) {
      return { code: "mismatch", detail: writeAxisMismatch(axis, x, y), axis, sizes: [x, y], ...optionalFix(numpyFix()) };
    }
  }
  return [...a];
}

const optionalFix = (fix: string | undefined): { fix?: string } => (fix === undefined ? {} : { fix });

/**
 * Strictly increasing maps of `low`'s axes onto `high`'s axes under which every
 * pair of sizes fits, in lexicographic order; at most `limit` of them.
 * A feasibility table keeps the search from entering dead ends.
 */
export function validAxisMaps(
  low: readonly number[],
  high: readonly number[],
  fits: (lowSize: number, highSize: number) => boolean,
  limit: number,
): number[][] {
  const rl = low.length;
  const rh = high.length;
  // feasible[i][j]: low's axes i.. can still be placed on high's axes j..
  const feasible: boolean[][] = [];
  for (let i = 0; i <= rl; i++) feasible.push(new Array<boolean>(rh + 2).fill(i === rl));
  for (let i = rl - 1; i >= 0; i--) {
    for (let j = rh - 1; j >= 0; j--) {
      feasible[i]![j] = (fits(low[i]!, high[j]!) && feasible[i + 1]![j + 1]!) || feasible[i]![j + 1]!;
    }
  }
  const found: number[][] = [];
  const current: number[] = [];
  const search = (i: number, from: number): void => {
    if (i === rl) {
      found.push([...current]);
      return;
    }
    for (let t = from; t < rh && found.length < limit; t++) {
      if (fits(low[i]!, high[t]!) && feasible[i + 1]![t + 1]!) {
        current.push(t);
        search(i + 1, t + 1);
        current.pop();
      }
    }
  };
  search(0, 0);
  return found;
}

/** How many fixes a message needs: one past the cap tells "there are more". */
const FIX_SEARCH_LIMIT = 7;

/** First bad entry of a dims list: out of range, or not above the one before. */
function checkDims(field: string, dims: readonly number[], rank: number): Failure | undefined {
  for (let i = 0; i < dims.length; i++) {
    const d = dims[i]!;
    if (!(Number.isInteger(d) && d >= 0 && d < rank)) {
      return { code: "dims-range", detail: writeDimsRange(field, i, d, rank) };
    }
    if (i > 0 && d <= dims[i - 1]!) return { code: "dims-order", detail: writeDimsOrder(field, dims, i) };
  }
  return undefined;
}

/** XLA: explicit broadcastDimensions for differing ranks, then degenerate dims. */
export function xlaRule(
  a: readonly number[],
  b: readonly number[],
  dims: readonly number[] | undefined,
): number[] | Failure {
  if (a.length === b.length) {
    const identity = dims === undefined || dims.length === 0 || (dims.length === a.length && dims.every((d, i) => d === i));
    if (!identity) return { code: "dims-equal-rank", detail: writeDimsEqualRank(dims) };
    return numpyRule(a, b);
  }
  if (a.length === 0 || b.length === 0) {
    if (dims !== undefined && dims.length !== 0) return { code: "dims-scalar", detail: writeDimsScalar(dims) };
    return [...(a.length === 0 ? b : a)];
  }
  const aIsHigh = a.length > b.length;
  const high = aIsHigh ? a : b;
  const low = aIsHigh ? b : a;
  const fix = (): string => writeDimsFix("broadcastDimensions", validAxisMaps(low, high, fitsTwoWay, FIX_SEARCH_LIMIT));
  if (dims === undefined) return { code: "missing-dims", detail: writeMissingDims(a.length, b.length), fix: fix() };
  if (dims.length !== low.length) {
    return { code: "dims-length", detail: writeDimsLength("broadcastDimensions", dims, "the lower", low.length), fix: fix() };
  }
  const bad = checkDims("broadcastDimensions", dims, high.length);
  if (bad !== undefined) return { ...bad, fix: fix() };
  const out = [...high];
  for (let i = 0; i < low.length; i++) {
    const axis = dims[i]!;
    const size = twoWay(low[i]!, high[axis]!);
    if (size === -1) {
      const sizes: [number, number] = aIsHigh ? [high[axis]!, low[i]!] : [low[i]!, high[axis]!];
      return { code: "mismatch", detail: writeAxisMismatch(axis, ...sizes), axis, sizes, fix: fix() };
    }
    out[axis] = size;
  }
  return out;
}

/** OpenVINO PDPD: b (trailing 1s dropped) must match a run of a's axes from `axis`. */
export function pdpdRule(a: readonly number[], b: readonly number[], axis: number | undefined): number[] | Failure {
  if (b.length > a.length) return { code: "rank", detail: writePdpdRank(a.length, b.length) };
  const given = axis ?? -1;
  if (!(Number.isInteger(given) && given >= -1)) return { code: "axis", detail: writePdpdAxis(given) };
  const start = given === -1 ? a.length - b.length : given;
  let length = b.length;
  while (length > 0 && b[length - 1] === 1) length--;
  const fitsAt = (at: number): boolean => {
    for (let i = 0; i < length; i++) if (!oneWay(b[i]!, a[at + i]!)) return false;
    return true;
  };
  const fix = (): string | undefined => {
    const axes: number[] = [];
    for (let at = 0; at + length <= a.length && axes.length < FIX_SEARCH_LIMIT; at++) if (fitsAt(at)) axes.push(at);
    return axes.length === 0 ? undefined : writePdpdFix(axes);
  };
  if (start + length > a.length) {
    return { code: "axis-range", detail: writePdpdRange(start, length, a.length), ...optionalFix(fix()) };
  }
  for (let i = 0; i < length; i++) {
    const x = a[start + i]!;
    const y = b[i]!;
    if (!oneWay(y, x)) {
      return { code: "mismatch", detail: writeAxisMismatch(start + i, x, y), axis: start + i, sizes: [x, y], ...optionalFix(fix()) };
    }
  }
  return [...a];
}

/** Broadcast-to, numpy (unidirectional, `np.broadcast_to`): the result is the target. */
export function toNumpyRule(input: readonly number[], target: readonly number[]): number[] | Failure {
  if (input.length > target.length) return { code: "rank", detail: writeRankMismatch(input.length, target.length) };
  const pad = target.length - input.length;
  for (let axis = target.length - 1; axis >= pad; axis--) {
    const x = input[axis - pad]!;
    const t = target[axis]!;
    if (!oneWay(x, t)) {
      const maps = validAxisMaps(input, target, oneWay, FIX_SEARCH_LIMIT);
      return {
        code: "mismatch",
        detail: writeAxisMismatch(axis, x, t),
        axis,
        sizes: [x, t],
        ...optionalFix(maps.length === 0 ? undefined : writeExplicitFix(maps)),
      };
    }
  }
  return [...target];
}

/** Broadcast-to, explicit: `axesMapping[i]` is the target axis of input axis `i`. */
export function toExplicitRule(
  input: readonly number[],
  target: readonly number[],
  mapping: readonly number[],
): number[] | Failure {
  const fix = (): string => writeDimsFix("axesMapping", validAxisMaps(input, target, oneWay, FIX_SEARCH_LIMIT));
  if (mapping.length !== input.length) {
    return { code: "dims-length", detail: writeDimsLength("axesMapping", mapping, "the input's", input.length), fix: fix() };
  }
  const bad = checkDims("axesMapping", mapping, target.length);
  if (bad !== undefined) return { ...bad, fix: fix() };
  for (let i = 0; i < input.length; i++) {
    const axis = mapping[i]!;
    const x = input[i]!;
    const t = target[axis]!;
    if (!oneWay(x, t)) return { code: "mismatch", detail: writeAxisMismatch(axis, x, t), axis, sizes: [x, t], fix: fix() };
  }
  return [...target];
}

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
type ResultOf<Result> = Result extends Shape ? Result : number[];

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
