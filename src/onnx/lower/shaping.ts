/**
 * Lowerings of the shaping ops: the views (reshape and flatten, permute and
 * transpose, expandDims, squeeze, slice, broadcastTo), joining (concat,
 * stack, split), copies (tile, repeat, pad, gather, take, oneHot), triangles
 * (tril, triu), ordering (sort, argsort, topk) and the `...Like` creators
 * (zerosLike, onesLike, fullLike).
 *
 * Symbolic sizes: every size a node is given is written so that it holds
 * for every size of the exported graph. A Reshape copies a symbolic size of
 * the input (`0`, or `Gather` of its `Shape`) and infers at most one (`-1`);
 * a Slice writes the bounds as they were given (negative ones count from
 * the end in ONNX as in shapecast, and an omitted one is a bound past the
 * end); an Expand target is 1 where the input already has the result's
 * size; a count that is a symbolic size (a sort's length, a split into
 * sections) comes from `Shape`. A size that was baked into the call itself
 * (a bound computed from `x.shape`) makes the two traces' graphs differ, and
 * the export says so.
 *
 * Dtypes: ONNX Runtime moves every dtype through the data-movement ops; its
 * TopK has no uint8 or bool kernel, so those sort through int32 (exactly), and
 * its Trilu none for uint8, which goes through int32 as well.
 * Indices ONNX gives as int64 (TopK's) are cast to shapecast's int32.
 */
import { type DType, isFloat } from "../../dtype.js";
import { convertScalar, scalarDType } from "../../ops/engine.js";
import { storedValue } from "../../ops/create.js";
import { resolveBroadcastToLayout } from "../../shape/broadcast.js";
import { concatLayout, stackLayout } from "../../shape/join.js";
import type { SliceSpec } from "../../shape/slice.js";
import { gatherLayout, padLayout, splitSizes, tileLayout } from "../../shape/shaping.js";
import { repeatLayout } from "../../shape/repeat.js";
import { sortAxis } from "../../shape/sort.js";
import { topkLayout } from "../../shape/topk.js";
import { newAxis, squeezeKept } from "../../shape/views.js";
import { Tensor } from "../../tensor.js";
import { int, ints } from "../graph.js";
import { ELEMENT_TYPE } from "../proto.js";
import type { LowerContext, Lowering } from "./context.js";
import { aligned } from "./elementwise.js";

/** A bound past the end of any axis (ONNX clamps Slice bounds to the axis), exact as an int64. */
const PAST_END = Number.MAX_SAFE_INTEGER;


const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** The same size in both tensors' graphs: equal here, and the same fixed size or the same symbolic one. */
const sameSize = (ctx: LowerContext, a: Tensor, i: number, b: Tensor, j: number): boolean =>
  a.shape[i] === b.shape[j] && ctx.dims(a)[i] === ctx.dims(b)[j];

/** The size of axis `axis` of the value `name`, as a 1-D int64 tensor of one element. */
const sizeOf = (ctx: LowerContext, name: string, axis: number): string => ctx.node1("Gather", [ctx.node1("Shape", [name]), ctx.int64s([axis])], { axis: int(0) });

const identity = (ctx: LowerContext, out: Tensor, name: string): void => ctx.bind(out, ctx.node1("Identity", [name]));

// ---------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------

/** One size of a shape input: a constant, or the size of axis `copy` of a tensor. */
type Part = { readonly fixed: number } | { readonly copy: number };

/**
 * A shape input (1-D int64): a constant when every part is one, else
 * `Gather` from the sizes of `value` (of rank `rank`, `Shape`) followed by
 * the constants, so that a copied size holds for every size.
 */
function shapeInput(ctx: LowerContext, value: string, rank: number, parts: readonly Part[]): string {
  const constants = parts.flatMap((p) => ("fixed" in p ? [p.fixed] : []));
  if (constants.length === parts.length) return ctx.int64s(constants);
  let next = rank;
  const indices = parts.map((p) => ("copy" in p ? p.copy : next++));
  const sizes = ctx.node1("Shape", [value]);
  const pool = constants.length === 0 ? sizes : ctx.node1("Concat", [sizes, ctx.int64s(constants)], { axis: int(0) });
  return ctx.node1("Gather", [pool, ctx.int64s(indices)], { axis: int(0) });
}

/** The axis of `x` with the same size as axis `axis` of `out` (symbolic sizes only), preferring the same index. */
function sourceAxis(ctx: LowerContext, x: Tensor, out: Tensor, axis: number): number | undefined {
  if (typeof ctx.dims(out)[axis] === "number") return undefined;
  if (axis < x.shape.length && sameSize(ctx, x, axis, out, axis)) return axis;
  return range(x.shape.length).find((j) => sameSize(ctx, x, j, out, axis));
}

/**
 * The shape input of a Reshape of `x` to `out`'s shape: fixed sizes as
 * they are, a symbolic size copied from the same size of `x` (`0` at the
 * same index, else `Gather` of `Shape(x)`), and at most one left to `-1`.
 * An empty result is written with `allowzero` (a 0 is then a size), its
 * symbolic sizes all gathered.
 */
function reshapeTarget(ctx: LowerContext, x: Tensor, value: string, out: Tensor): { shape: string; allowzero: boolean } {
  const dims = ctx.dims(out);
  const empty = out.shape.includes(0) || x.shape.includes(0);
  const symbolic = dims.flatMap((size, axis) => (typeof size === "number" ? [] : [axis]));
  const inPlace = (axis: number): boolean => axis < x.shape.length && sameSize(ctx, x, axis, out, axis);
  // the simple form: 0 where a symbolic size stays at its index, one -1 for the rest
  if (!empty && symbolic.filter((axis) => !inPlace(axis)).length <= 1) {
    return { shape: ctx.int64s(dims.map((size, axis) => (typeof size === "number" ? size : inPlace(axis) ? 0 : -1))), allowzero: false };
  }
  // the general form: each symbolic size gathered from Shape(x), where x has it, and one -1
  const sources = dims.map((_, axis) => sourceAxis(ctx, x, out, axis));
  const inferred = dims.filter((size, axis) => typeof size !== "number" && sources[axis] === undefined).length;
  if (inferred > 1 || (inferred === 1 && empty)) {
    const shown = dims.map((size) => (typeof size === "number" ? String(size) : (size ?? "?"))).join(", ");
    ctx.unsupported(
      `the target shape [${shown}] has ${inferred} symbolic sizes that are not sizes of the input, and a Reshape can infer only ${empty ? "none (the tensor is empty)" : "one"}; ` +
        "reshape in steps that each keep or merge the symbolic sizes, or make those sizes fixed",
    );
  }
  const parts = dims.map((size, axis): Part => {
    const from = sources[axis];
    return from !== undefined ? { copy: from } : { fixed: typeof size === "number" ? size : -1 };
  });
  return { shape: shapeInput(ctx, value, x.shape.length, parts), allowzero: empty };
}

/** `value` (of tensor `x`) reshaped to `out`'s shape. */
function reshapeTo(ctx: LowerContext, x: Tensor, value: string, out: Tensor): string {
  const { shape, allowzero } = reshapeTarget(ctx, x, value, out);
  return ctx.node1("Reshape", [value, shape], allowzero ? { allowzero: int(1) } : {});
}

const reshape: Lowering = (ctx, call) => {
  const x = call.args[0] as Tensor;
  const out = call.outputs[0]!;
  ctx.bind(out, reshapeTo(ctx, x, ctx.value(x), out));
};

const permute: Lowering = (ctx, call) => {
  const [x, order] = call.args as [Tensor, readonly number[]];
  ctx.bind(call.outputs[0]!, ctx.node1("Transpose", [ctx.value(x)], { perm: ints(order) }));
};

const expandDims: Lowering = (ctx, call) => {
  const [x, axis] = call.args as [Tensor, number];
  ctx.bind(call.outputs[0]!, ctx.node1("Unsqueeze", [ctx.value(x), ctx.int64s([newAxis(x.shape, axis)])]));
};

const squeeze: Lowering = (ctx, call) => {
  const [x, axis] = call.args as [Tensor, unknown];
  const out = call.outputs[0]!;
  const kept = squeezeKept(x.shape, axis);
  // the axes named, never "every size-1 axis": a symbolic size that is 1 at run time stays
  const dropped = range(x.shape.length).filter((a) => !kept.includes(a));
  if (dropped.length === 0) return identity(ctx, out, ctx.value(x));
  ctx.bind(out, ctx.node1("Squeeze", [ctx.value(x), ctx.int64s(dropped)]));
};

/** A bound as an exact int64: beyond ±2^53 every bound is past the end of any axis. */
const bound = (v: number): number => Math.min(Math.max(v, -PAST_END), PAST_END);

const slice: Lowering = (ctx, call) => {
  const [x, ...specs] = call.args as [Tensor, ...(number | SliceSpec | null | undefined)[]];
  const out = call.outputs[0]!;
  const starts: number[] = [];
  const ends: number[] = [];
  const axes: number[] = [];
  const steps: number[] = [];
  const dropped: number[] = [];
  specs.forEach((spec, axis) => {
    if (spec === null || spec === undefined) return;
    if (typeof spec === "number") {
      // one index, as the slice [index, index + 1) (to the end for -1), then squeezed
      starts.push(spec);
      ends.push(spec === -1 ? PAST_END : spec + 1);
      steps.push(1);
      axes.push(axis);
      dropped.push(axis);
      return;
    }
    const step = spec.step ?? 1;
    if (spec.start === undefined && spec.stop === undefined && step === 1) return;
    // the bounds as given: ONNX reads negative ones from the end and clamps as Python does;
    // an omitted bound is past the end in the direction of the step
    starts.push(spec.start === undefined ? (step > 0 ? 0 : PAST_END) : bound(spec.start));
    ends.push(spec.stop === undefined ? (step > 0 ? PAST_END : -PAST_END) : bound(spec.stop));
    steps.push(bound(step));
    axes.push(axis);
  });
  let value = ctx.value(x);
  if (axes.length === 0) return identity(ctx, out, value);
  const inputs = [value, ctx.int64s(starts), ctx.int64s(ends), ctx.int64s(axes)];
  if (steps.some((s) => s !== 1)) inputs.push(ctx.int64s(steps));
  value = ctx.node1("Slice", inputs);
  if (dropped.length > 0) value = ctx.node1("Squeeze", [value, ctx.int64s(dropped)]);
  ctx.bind(out, value);
};

/**
 * broadcastTo in every mode: x's axes put where the layout maps them
 * (explicit `axesMapping`: Unsqueeze and Transpose, as `aligned`), then an
 * Expand (bidirectional, as ONNX's is) whose target is 1 wherever x already
 * has the result's size, so a symbolic size x carries is never written; a
 * symbolic size that x has on another axis is gathered from its Shape.
 */
const broadcastTo: Lowering = (ctx, call) => {
  const [x, target, spec] = call.args as [Tensor, readonly number[], unknown];
  const out = call.outputs[0]!;
  const { shape, axes } = resolveBroadcastToLayout("broadcastTo", x.shape, target, spec);
  const rank = shape.length;
  const input = ctx.value(x);
  const value = aligned(ctx, input, rank, axes);
  const carried = new Array<number>(rank).fill(1);
  axes.forEach((to, from) => {
    if (to >= 0) carried[to] = x.shape[from]!;
  });
  const parts = shape.map((size, axis): Part => {
    if (carried[axis] === size) return { fixed: 1 };
    const from = sourceAxis(ctx, x, out, axis);
    return from === undefined ? { fixed: size } : { copy: from };
  });
  if (x.shape.length === rank && parts.every((p) => "fixed" in p && p.fixed === 1)) return identity(ctx, out, value);
  ctx.bind(out, ctx.node1("Expand", [value, shapeInput(ctx, input, x.shape.length, parts)]));
};

// ---------------------------------------------------------------------------
// Joining and splitting
// ---------------------------------------------------------------------------

const concat: Lowering = (ctx, call) => {
  const [tensors, axis = 0] = call.args as [readonly Tensor[], unknown];
  const out = call.outputs[0]!;
  const { at } = concatLayout(tensors.map((t) => t.shape), axis);
  const values = tensors.map((t) => ctx.cast(ctx.value(t), t.dtype, out.dtype));
  ctx.bind(out, ctx.node1("Concat", values, { axis: int(at) }));
};

const stack: Lowering = (ctx, call) => {
  const [tensors, axis = 0] = call.args as [readonly Tensor[], unknown];
  const out = call.outputs[0]!;
  const { at } = stackLayout(tensors.map((t) => t.shape), axis);
  const axes = ctx.int64s([at]);
  const values = tensors.map((t) => ctx.node1("Unsqueeze", [ctx.cast(ctx.value(t), t.dtype, out.dtype), axes]));
  ctx.bind(out, ctx.node1("Concat", values, { axis: int(at) }));
};

/**
 * split: Split along the axis. Sizes on a fixed axis are constants; equal
 * sections of a symbolic axis are `num_outputs` from opset 18, and before
 * it the sizes input computed from Shape (the axis over the count, repeated).
 */
const split: Lowering = (ctx, call) => {
  const [x, parts, axis = 0] = call.args as [Tensor, number | readonly number[], unknown];
  const { at, sizes } = splitSizes(x.shape, parts, axis);
  const outs = call.result as Tensor[];
  const value = ctx.value(x);
  let names: string[];
  if (typeof parts === "number" && typeof ctx.dims(x)[at] !== "number") {
    if (ctx.opset >= 18) {
      names = ctx.node("Split", [value], { axis: int(at), num_outputs: int(parts) }, parts);
    } else {
      const each = ctx.node1("Div", [sizeOf(ctx, value, at), ctx.int64s([parts])]);
      const all = ctx.node1("Expand", [each, ctx.int64s([parts])]);
      names = ctx.node("Split", [value, all], { axis: int(at) }, parts);
    }
  } else {
    names = ctx.node("Split", [value, ctx.int64s(sizes)], { axis: int(at) }, sizes.length);
  }
  outs.forEach((t, i) => ctx.bind(t, names[i]!));
};

// ---------------------------------------------------------------------------
// Copies: tile, pad, gather, take, oneHot
// ---------------------------------------------------------------------------

const tile: Lowering = (ctx, call) => {
  const [x, reps] = call.args as [Tensor, readonly number[]];
  const out = call.outputs[0]!;
  const { counts } = tileLayout(x.shape, reps);
  let value = ctx.value(x);
  const added = counts.length - x.shape.length;
  if (added > 0) value = ctx.node1("Unsqueeze", [value, ctx.int64s(range(added))]);
  if (counts.every((c) => c === 1)) return identity(ctx, out, value);
  ctx.bind(out, ctx.node1("Tile", [value, ctx.int64s(counts)]));
};

/** pad's fill value as shapecast stores it in x's dtype (the scalar rule, then the dtype's storage). */
function padFill(options: unknown, dtype: DType): number {
  let given: unknown = options ?? 0;
  if (given !== null && typeof given === "object") given = (given as { value?: unknown }).value ?? 0;
  const value = given as number | boolean;
  return storedValue(convertScalar("pad", "value", value, scalarDType(value, dtype), "x"), dtype);
}

/** pad: a constant Pad; from opset 18 only the padded axes are listed (its `axes` input). */
const pad: Lowering = (ctx, call) => {
  const [x, widths, options] = call.args as [Tensor, unknown, unknown];
  const out = call.outputs[0]!;
  const { pairs } = padLayout(x.shape, widths);
  const value = ctx.value(x);
  const padded = range(pairs.length).filter((axis) => pairs[axis]![0] !== 0 || pairs[axis]![1] !== 0);
  if (padded.length === 0) return identity(ctx, out, value);
  const fill = ctx.scalar(padFill(options, x.dtype), x.dtype);
  if (ctx.opset >= 18 && padded.length < pairs.length) {
    const pads = [...padded.map((axis) => pairs[axis]![0]), ...padded.map((axis) => pairs[axis]![1])];
    ctx.bind(out, ctx.node1("Pad", [value, ctx.int64s(pads), fill, ctx.int64s(padded)]));
    return;
  }
  const pads = [...pairs.map((p) => p[0]), ...pairs.map((p) => p[1])];
  ctx.bind(out, ctx.node1("Pad", [value, ctx.int64s(pads), fill]));
};

/** Indices as Gather takes them: a tensor as int32 (uint8 cast), an array as an int64 constant. */
function indexValue(ctx: LowerContext, indices: unknown): string {
  if (indices instanceof Tensor) return ctx.cast(ctx.value(indices), indices.dtype, indices.dtype === "uint8" ? "int32" : indices.dtype);
  return ctx.int64s(indices as readonly number[]);
}

/** gather (and take with an axis): Gather, whose negative indices count from the end as shapecast's do. */
const gatherAlong = (op: string): Lowering => (ctx, call) => {
  const [x, indices, axis = 0] = call.args as [Tensor, unknown, unknown];
  const indexShape = indices instanceof Tensor ? indices.shape : [(indices as readonly number[]).length];
  const { at } = gatherLayout(op, x.shape, indexShape, axis);
  ctx.bind(call.outputs[0]!, ctx.node1("Gather", [ctx.value(x), indexValue(ctx, indices)], { axis: int(at) }));
};

const gather = gatherAlong("gather");

/** take: with an axis, gather; without, Gather from x flattened. */
const take: Lowering = (ctx, call) => {
  const [x, indices, axis] = call.args as [Tensor, unknown, unknown];
  if (axis !== undefined) return gatherAlong("take")(ctx, call);
  const flat = ctx.node1("Reshape", [ctx.value(x), ctx.int64s([-1])]);
  ctx.bind(call.outputs[0]!, ctx.node1("Gather", [flat, indexValue(ctx, indices)], { axis: int(0) }));
};

/**
 * oneHot: each index compared with 0..depth-1 (a Range), so an index out of
 * [0, depth) gives a row of zeros as shapecast's does (ONNX's OneHot reads
 * negative indices from the end instead).
 */
const oneHot: Lowering = (ctx, call) => {
  const [indices, depth] = call.args as [Tensor, number];
  const out = call.outputs[0]!;
  const index = ctx.cast(ctx.value(indices), indices.dtype, "int32");
  const positions = ctx.node1("Range", [ctx.scalar(0, "int32"), ctx.scalar(depth, "int32"), ctx.scalar(1, "int32")]);
  const hot = ctx.node1("Equal", [ctx.node1("Unsqueeze", [index, ctx.int64s([-1])]), positions]);
  ctx.bind(out, ctx.cast(hot, "bool", out.dtype));
};

/** A diagonal past every axis's size (sizes are below 2^31): as far as any k reaches, exact as an int64. */
const FAR_DIAGONAL = 2 ** 31;

/** The dtype Trilu runs in for x's dtype: ONNX Runtime has no uint8 Trilu (int32 holds it exactly). */
const triluDType = (dtype: DType): DType => (dtype === "uint8" ? "int32" : dtype);

/** tril and triu: Trilu with the diagonal as its k input, `upper` for triu. */
const triangle = (upper: boolean): Lowering => (ctx, call) => {
  const [x, k = 0] = call.args as [Tensor, number | undefined];
  const diagonal = Math.max(-FAR_DIAGONAL, Math.min(FAR_DIAGONAL, k));
  const dtype = triluDType(x.dtype);
  const kept = ctx.node1("Trilu", [ctx.cast(ctx.value(x), x.dtype, dtype), ctx.int64s([diagonal])], { upper: int(upper ? 1 : 0) });
  ctx.bind(call.outputs[0]!, ctx.cast(kept, dtype, x.dtype));
};

/**
 * repeat: x as the op reads it (flattened by a Reshape to `[-1]` without an axis, a scalar as
 * `[1]`), then one count as Unsqueeze after the axis, Expand of that new axis to the count, and a
 * Reshape merging the two; one count per element as a Gather of each element's index, repeated.
 * The merged shape is x's own times the count on the axis (`Mul` of its `Shape` when a size is
 * symbolic), written out in full with `allowzero`, so a 0 is a size and no size is inferred. A
 * count of 0 is a Gather of no index.
 */
const repeat: Lowering = (ctx, call) => {
  const [x, repeats, axis] = call.args as [Tensor, unknown, unknown];
  const out = call.outputs[0]!;
  const { dims, at, counts } = repeatLayout(x.shape, repeats, axis);
  let value = ctx.value(x);
  if (dims.length !== x.shape.length || axis === undefined) value = ctx.node1("Reshape", [value, ctx.int64s([-1])]);
  // (a count of 0 too, as no index: ONNX Runtime's Expand leaves a size-1 axis at 1 against a 0)
  if (typeof counts !== "number" || counts === 0) {
    const indices = typeof counts === "number" ? [] : counts.flatMap((count, i) => new Array<number>(count).fill(i));
    return ctx.bind(out, ctx.node1("Gather", [value, ctx.int64s(indices)], { axis: int(at) }));
  }
  if (counts === 1) return identity(ctx, out, value);
  const target = Array.from({ length: dims.length + 1 }, (_, i) => (i === at + 1 ? counts : 1));
  const copies = ctx.node1("Expand", [ctx.node1("Unsqueeze", [value, ctx.int64s([at + 1])]), ctx.int64s(target)]);
  const fixed = ctx.dims(x).every((size) => typeof size === "number");
  const merged = fixed ? ctx.int64s(out.shape) : ctx.node1("Mul", [ctx.node1("Shape", [value]), ctx.int64s(dims.map((_, i) => (i === at ? counts : 1)))]);
  ctx.bind(out, ctx.node1("Reshape", [copies, merged], { allowzero: int(1) }));
};

// ---------------------------------------------------------------------------
// Ordering: sort, argsort, topk
// ---------------------------------------------------------------------------

/** The dtype TopK runs in for x's dtype: ONNX Runtime has no uint8 or bool TopK (int32 holds them exactly). */
const topkDType = (dtype: DType): DType => (dtype === "uint8" || dtype === "bool" ? "int32" : dtype);

/**
 * The int64 order (positions along `axis`) that sorts `value` (of x's
 * dtype), stable, NaN last, in the first `k` places: TopK, whose ties put
 * the lower position first. For floats a NaN must go last in either
 * direction, which no single TopK does: the values are sorted with NaN as 0,
 * then that order is sorted again, stably, by "is NaN" (a second TopK over
 * 0s and 1s, ascending), and the two orders composed.
 */
function sortOrder(ctx: LowerContext, x: Tensor, axis: number, descending: boolean, k: number | undefined): { order: string; values: string | undefined } {
  const dtype = topkDType(x.dtype);
  const value = ctx.cast(ctx.value(x), x.dtype, dtype);
  const length = ctx.dims(x)[axis];
  const whole = (): string => (typeof length === "number" ? ctx.int64s([length]) : sizeOf(ctx, value, axis));
  const attributes = { axis: int(axis), largest: int(descending ? 1 : 0), sorted: int(1) };
  if (!isFloat(dtype)) {
    const [values, order] = ctx.node("TopK", [value, k === undefined ? whole() : ctx.int64s([k])], attributes, 2) as [string, string];
    return { order, values: ctx.cast(values, dtype, x.dtype) };
  }
  const nan = ctx.node1("IsNaN", [value]);
  const clean = ctx.node1("Where", [nan, ctx.scalar(0, dtype), value]);
  const count = whole();
  const first = ctx.node("TopK", [clean, count], attributes, 2)[1]!;
  const flags = ctx.node1("GatherElements", [ctx.cast(nan, "bool", "float32"), first], { axis: int(axis) });
  const regroup = ctx.node("TopK", [flags, count], { axis: int(axis), largest: int(0), sorted: int(1) }, 2)[1]!;
  let order = ctx.node1("GatherElements", [first, regroup], { axis: int(axis) });
  if (k !== undefined) order = ctx.node1("Slice", [order, ctx.int64s([0]), ctx.int64s([k]), ctx.int64s([axis])]);
  return { order, values: undefined };
}

/** The values of x in `order` (from sortOrder): TopK's own, or gathered along the axis. */
const orderedValues = (ctx: LowerContext, x: Tensor, axis: number, sorted: { order: string; values: string | undefined }): string =>
  sorted.values ?? ctx.node1("GatherElements", [ctx.value(x), sorted.order], { axis: int(axis) });

/** TopK's int64 positions as shapecast's int32 indices. */
const int32Of = (ctx: LowerContext, order: string): string => ctx.node1("Cast", [order], { to: int(ELEMENT_TYPE.int32) });

function sortOptions(options: unknown): { axis: unknown; descending: boolean } {
  const { axis, descending = false } = (options ?? {}) as { axis?: unknown; descending?: boolean };
  return { axis, descending };
}

const sort: Lowering = (ctx, call) => {
  const [x, options] = call.args as [Tensor, unknown];
  const { axis, descending } = sortOptions(options);
  const at = sortAxis("sort", x.shape, axis);
  ctx.bind(call.outputs[0]!, orderedValues(ctx, x, at, sortOrder(ctx, x, at, descending, undefined)));
};

const argsort: Lowering = (ctx, call) => {
  const [x, options] = call.args as [Tensor, unknown];
  const { axis, descending } = sortOptions(options);
  const at = sortAxis("argsort", x.shape, axis);
  ctx.bind(call.outputs[0]!, int32Of(ctx, sortOrder(ctx, x, at, descending, undefined).order));
};

const topk: Lowering = (ctx, call) => {
  const [x, k, options] = call.args as [Tensor, number, { axis?: unknown } | undefined];
  const { axis } = topkLayout(x.shape, k, options?.axis);
  const { values, indices } = call.result as { values: Tensor; indices: Tensor };
  const sorted = sortOrder(ctx, x, axis, true, k);
  ctx.bind(values, orderedValues(ctx, x, axis, sorted));
  ctx.bind(indices, int32Of(ctx, sorted.order));
};

// ---------------------------------------------------------------------------
// zerosLike, onesLike, fullLike
// ---------------------------------------------------------------------------

/** zerosLike: ConstantOfShape (float32 zeros) of Shape(x), cast to the dtype. */
const zerosLike: Lowering = (ctx, call) => {
  const x = call.args[0] as Tensor;
  const out = call.outputs[0]!;
  const zeros = ctx.node1("ConstantOfShape", [ctx.node1("Shape", [ctx.value(x)])]);
  ctx.bind(out, ctx.cast(zeros, "float32", out.dtype));
};

/** onesLike and fullLike: the value, stored as the result's dtype stores it, expanded to Shape(x). */
const filledLike = (valueOf: (args: readonly unknown[]) => number): Lowering => (ctx, call) => {
  const x = call.args[0] as Tensor;
  const out = call.outputs[0]!;
  const fill = ctx.scalar(storedValue(valueOf(call.args), out.dtype), out.dtype);
  ctx.bind(out, ctx.node1("Expand", [fill, ctx.node1("Shape", [ctx.value(x)])]));
};

export const shapingLowerings: Record<string, Lowering> = {
  reshape,
  permute,
  expandDims,
  squeeze,
  slice,
  broadcastTo,
  concat,
  stack,
  split,
  tile,
  pad,
  gather,
  take,
  oneHot,
  tril: triangle(false),
  triu: triangle(true),
  repeat,
  sort,
  argsort,
  topk,
  zerosLike,
  onesLike: filledLike(() => 1),
  fullLike: filledLike((args) => Number(args[1] as number | boolean)),
};
