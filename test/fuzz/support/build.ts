/**
 * Tensors for the fuzz properties, made only through the public API
 * (`tensor` then views), each with its model carried alongside and the code
 * that makes it (printed in every counterexample).
 */
import {
  broadcastTo,
  expandDims,
  flatten,
  permute,
  reshape,
  slice,
  split,
  squeeze,
  type Tensor,
  tensor,
  transpose,
} from "shapecast";
import { expectModel, expectNoError, show } from "./check.js";
import { type DType, store } from "./dtypes.js";
import {
  baseModel,
  isConsecutive,
  type Model,
  modelBroadcast,
  modelPermute,
  modelReshape,
  modelSlice,
  normAxis,
  type SliceArg,
  type SliceRange,
  sizeOf,
} from "./model.js";

/** A tensor, its model, and the lines of code that made it. */
export interface Built {
  readonly t: Tensor;
  readonly m: Model;
  /** The variable holding it in `lines`. */
  readonly name: string;
  readonly lines: readonly string[];
  /** The base tensor every view of the chain shares, and its model. */
  readonly base: Tensor;
  readonly baseM: Model;
}

/** The code of a literal tensor. */
export function tensorCode(shape: readonly number[], dtype: DType, values: readonly number[]): string {
  if (dtype === "bool") return `tensor([${values.map((v) => (v ? "true" : "false")).join(", ")}], [${shape.join(", ")}], { dtype: "bool" })`;
  return `tensor([${values.map(show).join(", ")}], [${shape.join(", ")}], { dtype: "${dtype}" })`;
}

/** A base tensor from values its dtype holds exactly (bool given as booleans), checked against its model. */
export function makeBase(name: string, shape: readonly number[], dtype: DType, values: readonly number[]): Built {
  const code = tensorCode(shape, dtype, values);
  const t = expectNoError(
    () => (dtype === "bool" ? tensor(values.map((v) => v !== 0), [...shape], { dtype: "bool" }) : tensor([...values], [...shape], { dtype })),
    code,
  ) as Tensor;
  const m = baseModel(shape, dtype, values);
  expectModel(t, m, code);
  return { t, m, name, lines: [`const ${name} = ${code};`], base: t, baseM: m };
}

/** Fills `size` elements by cycling through `pool`, shifted so neighbours differ. */
export const fillValues = (pool: readonly number[], size: number, dtype: DType): number[] =>
  Array.from({ length: size }, (_, i) => store(dtype, pool[(i * 7 + Math.floor(i / pool.length)) % pool.length]!));

/** Applies a view to a built tensor: the library call, the model, and the line of code. */
export function step(from: Built, call: (t: Tensor) => Tensor, model: (m: Model) => Model, code: (name: string) => string, check = true, as?: string): Built {
  const name = as ?? `${from.name.replace(/\d+$/, "")}${Number(/\d+$/.exec(from.name)?.[0] ?? 0) + 1}`;
  const line = `const ${name} = ${code(from.name)};`;
  const lines = [...from.lines, line];
  const t = expectNoError(() => call(from.t), lines.join("\n"));
  const m = model(from.m);
  if (check) expectModel(t, m, lines.join("\n"));
  return { ...from, t, m, name, lines };
}

// ---------------------------------------------------------------------------
// Seeds: each random step reads small numbers; 0 is always the simplest choice
// ---------------------------------------------------------------------------

export class Seeds {
  private i = 0;
  constructor(private readonly seeds: readonly number[]) {}
  /** A number in [0, n) (0 when the seeds run out or n <= 0). */
  next(n: number): number {
    if (n <= 1) return 0;
    const s = this.seeds[this.i++] ?? 0;
    return s % n;
  }
  /** One of `items`. */
  pick<T>(items: readonly T[]): T {
    return items[this.next(items.length)]!;
  }
  /** A permutation of 0..n-1 (the identity when every seed is 0). */
  permutation(n: number): number[] {
    const p = [...Array(n).keys()];
    for (let i = 0; i < n - 1; i++) {
      const j = i + this.next(n - i);
      [p[i], p[j]] = [p[j]!, p[i]!];
    }
    return p;
  }
}

export const MAX_RANK_FUZZ = 8;
/** Most elements a generated tensor may have (so a case stays fast). */
export const BUDGET = 240;
/** The product of the non-zero sizes. */
export const positions = (shape: readonly number[]): number => shape.reduce((p, d) => p * (d || 1), 1);

export const STEP_KINDS = [
  "transpose",
  "permute",
  "slice",
  "broadcastTo numpy",
  "broadcastTo bidirectional",
  "broadcastTo explicit",
  "reshape",
  "expandDims",
  "squeeze",
  "split",
  "flatten",
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

const factorize = (n: number): number[] => {
  const out: number[] = [];
  for (let p = 2; p * p <= n; p++) while (n % p === 0) (out.push(p), (n /= p));
  if (n > 1) out.push(n);
  return out;
};

/** An axis written either way (non-negative or counted from the end). */
/** `shape` under `pad` new leading axes, each size-1 axis stretched: a NumPy broadcast of it. */
const stretched = (shape: readonly number[], pad: number, s: Seeds): number[] => [
  ...Array.from({ length: pad }, () => s.pick([1, 2, 3, 0])),
  ...shape.map((d) => (d === 1 ? s.pick([1, 2, 3, 0]) : d)),
];
const axisForm = (axis: number, rank: number, s: Seeds): number => (s.next(2) === 1 ? axis - rank : axis);

/**
 * One random view step (the kind and its seeds), applied to `x`, or `x`
 * itself when the step does not apply to its shape. `check` compares the
 * view with its model after the step.
 */
export function randomStep(x: Built, kind: StepKind, seeds: readonly number[], check = true): Built {
  const s = new Seeds(seeds);
  const shape = x.m.shape;
  const rank = shape.length;
  switch (kind) {
    case "transpose":
    case "permute": {
      if (kind === "transpose" && s.next(3) === 0) {
        const axes = [...Array(rank).keys()].reverse();
        return step(x, (t) => transpose(t), (m) => modelPermute(m, axes), (n) => `transpose(${n})`, check);
      }
      const axes = s.permutation(rank).map((a) => axisForm(a, rank, s));
      const call = (t: Tensor): Tensor => (kind === "transpose" ? transpose(t, axes) : permute(t, axes));
      return step(x, call, (m) => modelPermute(m, axes), (n) => `${kind}(${n}, ${show(axes)})`, check);
    }
    case "slice": {
      const count = s.next(rank + 1);
      const specs: SliceArg[] = [];
      for (let axis = 0; axis < count; axis++) {
        const dim = shape[axis]!;
        const choice = s.next(4);
        if (choice === 0) specs.push(null);
        else if (choice === 1 && dim > 0) specs.push(s.next(2 * dim) - dim);
        else {
          // steps past any size leave the axis one element (or none), whose stride must then stay small
          const stepSize = s.pick([1, -1, 2, -2, 3, -3, 2 ** 52, -(2 ** 52), 2 ** 31]);
          const bound = (): number | undefined => (s.next(3) === 0 ? undefined : s.next(2 * dim + 7) - dim - 3);
          const spec: { start?: number; stop?: number; step?: number } = {};
          const start = bound();
          const stop = bound();
          if (start !== undefined) spec.start = start;
          if (stop !== undefined) spec.stop = stop;
          if (stepSize !== 1 || s.next(2) === 1) spec.step = stepSize;
          specs.push(spec);
        }
      }
      return step(x, (t) => slice(t, ...(specs as (number | SliceRange | null)[])), (m) => modelSlice(m, specs), (n) => `slice(${[n, ...specs.map(show)].join(", ")})`, check);
    }
    case "broadcastTo numpy": {
      const pad = Math.min(s.next(3), MAX_RANK_FUZZ - rank);
      const target = stretched(shape, pad, s);
      if (positions(target) > BUDGET || sizeOf(target) > BUDGET) return x;
      const axesOf = shape.map((_, i) => i + pad);
      const spec = s.next(2) === 1 ? { mode: "numpy" as const } : undefined;
      return step(
        x,
        (t) => (spec === undefined ? broadcastTo(t, target) : broadcastTo(t, target, spec)),
        (m) => modelBroadcast(m, target, axesOf),
        (n) => `broadcastTo(${n}, ${show(target)}${spec ? `, ${show(spec)}` : ""})`,
        check,
      );
    }
    case "broadcastTo bidirectional": {
      const pad = Math.min(s.next(3), MAX_RANK_FUZZ - rank);
      const result = stretched(shape, pad, s);
      if (sizeOf(result) > BUDGET || positions(result) > BUDGET) return x;
      // the target must reach back to the first axis the input does not already give (new or stretched)
      let need = 0;
      result.forEach((d, j) => {
        if (j < pad || shape[j - pad] !== d) need = Math.max(need, result.length - j);
      });
      const targetRank = need + s.next(result.length - need + 1);
      const target = result.slice(result.length - targetRank).map((d, j) => {
        const axis = j + result.length - targetRank - pad; // the input's axis here, if any
        return axis >= 0 && shape[axis] === d && s.next(2) === 1 ? 1 : d;
      });
      const axesOf = shape.map((_, i) => i + pad);
      return step(
        x,
        (t) => broadcastTo(t, target, { mode: "bidirectional" }),
        (m) => modelBroadcast(m, result, axesOf),
        (n) => `broadcastTo(${n}, ${show(target)}, { mode: "bidirectional" })`,
        check,
      );
    }
    case "broadcastTo explicit": {
      const targetRank = Math.min(rank + s.next(3), MAX_RANK_FUZZ);
      if (targetRank < rank) return x;
      // rank of the target's axes, chosen in increasing order
      const chosen = new Set<number>();
      const free = [...Array(targetRank).keys()];
      while (chosen.size < rank) chosen.add(free.splice(s.next(free.length), 1)[0]!);
      const mapping = [...chosen].sort((p, q) => p - q);
      const target = Array.from({ length: targetRank }, () => s.pick([1, 2, 3, 0]));
      mapping.forEach((axis, i) => (target[axis] = shape[i] === 1 ? s.pick([1, 2, 3]) : shape[i]!));
      if (sizeOf(target) > BUDGET || positions(target) > BUDGET) return x;
      const spec = { mode: "explicit" as const, axesMapping: mapping };
      return step(
        x,
        (t) => broadcastTo(t, target, spec),
        (m) => modelBroadcast(m, target, mapping),
        (n) => `broadcastTo(${n}, ${show(target)}, ${show(spec)})`,
        check,
      );
    }
    case "reshape": {
      const size = sizeOf(shape);
      const newRank = Math.max(size === 1 ? 0 : 1, s.next(MAX_RANK_FUZZ + 1));
      let target: number[];
      if (size === 0) {
        target = Array.from({ length: newRank }, () => s.pick([1, 2, 3]));
        target[s.next(newRank)] = 0;
      } else {
        target = new Array<number>(newRank).fill(1);
        for (const f of factorize(size)) {
          const slot = s.next(newRank);
          target[slot] = target[slot]! * f;
        }
      }
      const asked: number[] = [...target];
      if (size > 0 && newRank > 0 && s.next(2) === 1) asked[s.next(newRank)] = -1;
      return step(
        x,
        (t) => reshape(t, asked as never),
        (m) => modelReshape(m, target, isConsecutive(m)),
        (n) => `reshape(${n}, ${show(asked)})`,
        check,
      );
    }
    case "expandDims": {
      if (rank >= MAX_RANK_FUZZ) return x;
      const at = s.next(rank + 1);
      const axis = s.next(2) === 1 ? at - rank - 1 : at;
      const target = [...shape.slice(0, at), 1, ...shape.slice(at)];
      return step(x, (t) => expandDims(t, axis), (m) => modelReshape(m, target, true), (n) => `expandDims(${n}, ${axis})`, check);
    }
    case "squeeze": {
      const ones = [...shape.keys()].filter((a) => shape[a] === 1);
      const form = s.next(3);
      if (form === 0 || ones.length === 0) {
        const target = shape.filter((d) => d !== 1);
        return step(x, (t) => squeeze(t), (m) => modelReshape(m, target, true), (n) => `squeeze(${n})`, check);
      }
      const picked = form === 1 ? [s.pick(ones)] : ones.filter(() => s.next(2) === 1);
      const asked = picked.map((a) => axisForm(a, rank, s));
      const target = shape.filter((_, a) => !picked.includes(a));
      const arg: number | number[] = form === 1 ? asked[0]! : asked;
      return step(x, (t) => squeeze(t, arg as never), (m) => modelReshape(m, target, true), (n) => `squeeze(${n}, ${show(arg)})`, check);
    }
    case "split": {
      if (rank === 0) return x;
      const axis = s.next(rank);
      const dim = shape[axis]!;
      let parts: number | number[];
      let sizes: number[];
      if (s.next(2) === 0) {
        const divisors = dim === 0 ? [1, 2, 3] : [...Array(dim).keys()].map((k) => k + 1).filter((k) => dim % k === 0);
        parts = s.pick(divisors);
        sizes = new Array<number>(parts).fill(dim / parts);
      } else {
        const count = 1 + s.next(4);
        sizes = new Array<number>(count).fill(0);
        for (let k = 0; k < dim; k++) sizes[s.next(count)]! += 1;
        parts = sizes;
      }
      const which = s.next(sizes.length);
      const start = sizes.slice(0, which).reduce((p, q) => p + q, 0);
      const asked = axisForm(axis, rank, s);
      const withAxis = s.next(2) === 1 || asked !== 0;
      const specs: SliceArg[] = shape.map((_, a) => (a === axis ? { start, stop: start + sizes[which]! } : null));
      return step(
        x,
        (t) => {
          const all = (withAxis ? split(t, parts as never, asked) : split(t, parts as never)) as Tensor[];
          if (all.length !== sizes.length) throw new Error(`split gave ${all.length} parts, expected ${sizes.length}`);
          return all[which]!;
        },
        (m) => modelSlice(m, specs),
        (n) => `split(${n}, ${show(parts)}${withAxis ? `, ${asked}` : ""})[${which}]`,
        check,
      );
    }
    case "flatten": {
      const effective = rank === 0 ? [1] : [...shape];
      const r = effective.length;
      const start = s.next(r);
      const end = start + s.next(r - start);
      const form = s.next(3);
      const startArg = axisForm(start, r, s);
      const endArg = axisForm(end, r, s);
      const merged = effective.slice(start, end + 1).reduce((p, q) => p * q, 1);
      const target = [...effective.slice(0, start), merged, ...effective.slice(end + 1)];
      const call = (t: Tensor): Tensor =>
        form === 0 ? flatten(t) : form === 1 ? flatten(t, startArg as never) : flatten(t, startArg as never, endArg as never);
      const codeArgs = form === 0 ? "" : form === 1 ? `, ${startArg}` : `, ${startArg}, ${endArg}`;
      const full = form === 0 ? [sizeOf(effective)] : form === 1 ? [...effective.slice(0, start), effective.slice(start).reduce((p, q) => p * q, 1)] : target;
      return step(x, call, (m) => modelReshape(m, full, isConsecutive(m)), (n) => `flatten(${n}${codeArgs})`, check);
    }
  }
}

// ---------------------------------------------------------------------------
// Operands of a required shape, with a random layout
// ---------------------------------------------------------------------------

/** How an operand of a given shape is laid out: permuted, stepped (also backwards), padded, broadcast. */
export interface Layout {
  /** Seeds of the permutation of the base's axes. */
  readonly perm: readonly number[];
  /** Per axis: the step the slice takes (1, -1, 2, -2). */
  readonly steps: readonly number[];
  /** Per axis: extra elements in the base before and after the window. */
  readonly pads: readonly number[];
  /** Per axis: read a size-1 base axis broadcast to the size (stride 0). */
  readonly broadcast: readonly boolean[];
}

/**
 * An operand of `shape` and `dtype` with values from `pool`, laid out by
 * `layout`: a base tensor, transposed, sliced (steps and offsets) and
 * broadcast, through the public views only.
 */
export function makeOperand(name: string, shape: readonly number[], dtype: DType, pool: readonly number[], layout: Layout, allowBroadcast = true): Built {
  const rank = shape.length;
  const isBroadcast = (axis: number): boolean => allowBroadcast && (layout.broadcast[axis] ?? false) && shape[axis] !== 1;
  const stepOf = (axis: number): number => layout.steps[axis] ?? 1;
  const padOf = (axis: number): number => layout.pads[axis] ?? 0;
  // the window's shape before the broadcast, and the base's (un-permuted) shape
  const inner = shape.map((n, axis) => (isBroadcast(axis) ? 1 : n));
  const wide = inner.map((n, axis) => (isBroadcast(axis) ? 1 : n === 0 ? padOf(axis) : (n - 1) * Math.abs(stepOf(axis)) + 1 + padOf(axis)));
  const perm = new Seeds(layout.perm).permutation(rank);
  const baseShape = perm.map((a) => wide[a]!);
  let x = makeBase(`${name}0`, baseShape, dtype, fillValues(pool, sizeOf(baseShape), dtype));
  if (perm.some((a, i) => a !== i)) {
    // base axis j is axis perm[j] of the window: put them back in order
    const back = perm.map((_, a) => perm.indexOf(a));
    x = step(x, (t) => transpose(t, back), (m) => modelPermute(m, back), (n) => `transpose(${n}, ${show(back)})`, false);
  }
  const specs: SliceArg[] = inner.map((n, axis) => {
    const k = isBroadcast(axis) ? 1 : stepOf(axis);
    const lead = Math.floor(padOf(axis) / 2);
    if (wide[axis] === n && k === 1) return null;
    if (n === 0) return k > 0 ? { start: lead, stop: lead } : { start: lead, stop: lead, step: -1 };
    if (k > 0) return { start: lead, stop: lead + (n - 1) * k + 1, ...(k === 1 ? {} : { step: k }) };
    const first = lead + (n - 1) * -k;
    return lead === 0 ? { start: first, step: k } : { start: first, stop: lead - 1, step: k };
  });
  if (specs.some((spec) => spec !== null)) {
    x = step(x, (t) => slice(t, ...(specs as (SliceRange | null)[])), (m) => modelSlice(m, specs), (n) => `slice(${[n, ...specs.map(show)].join(", ")})`, false);
  }
  if (inner.some((n, axis) => n !== shape[axis])) {
    const target = [...shape];
    const axesOf = shape.map((_, i) => i);
    x = step(x, (t) => broadcastTo(t, target), (m) => modelBroadcast(m, target, axesOf), (n) => `broadcastTo(${n}, ${show(target)})`, false);
  }
  expectModel(x.t, x.m, x.lines.join("\n"));
  return x;
}

/** The code of every operand, then the call. */
export const program = (operands: readonly (Built | undefined)[], call: string): string =>
  [...new Set(operands.flatMap((b) => (b === undefined ? [] : b.lines))), call].join("\n");

export { normAxis };
