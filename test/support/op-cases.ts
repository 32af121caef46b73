/**
 * Calls of every shape function, as data: each case names an op and its
 * arguments, where tensors and shapes carry run-time sizes plus, per axis,
 * how the type level declares that size (its literal, `number`, or
 * `Dim<"nK">`, K being the run-time size, so one name always stands for one
 * value). A case runs on zeros of its concrete shapes and renders as a line of
 * TypeScript that declares its tensors and calls the op's real signature.
 */
import fc from "fast-check";
import * as shapecast from "shapecast";

/** How the type level declares one size. */
export type SizeKind = "literal" | "number" | "dim";

/** A tensor argument: zeros of `sizes`, declared as `Tensor<[...], "float32">`. */
export class TensorArg {
  constructor(
    readonly sizes: readonly number[],
    readonly kinds: readonly SizeKind[] = sizes.map(() => "literal"),
    readonly dtype: "float32" | "int32" = "float32",
  ) {}
}

/** A shape argument (a broadcast target, a reshape target): a plain array at run time. */
export class ShapeArg {
  constructor(readonly sizes: readonly number[], readonly kinds: readonly SizeKind[] = sizes.map(() => "literal")) {}
}

export type Arg = number | boolean | string | null | undefined | TensorArg | ShapeArg | readonly Arg[] | { readonly [key: string]: Arg };

export interface OpCase {
  /** A key of the `shapecast` module. */
  readonly op: string;
  readonly args: readonly Arg[];
}

const isRecord = (arg: Arg): arg is { readonly [key: string]: Arg } =>
  typeof arg === "object" && arg !== null && !Array.isArray(arg) && !(arg instanceof TensorArg) && !(arg instanceof ShapeArg);

/** Every tensor and shape argument of a case, in order. */
export function sizedArgs(c: OpCase): (TensorArg | ShapeArg)[] {
  const found: (TensorArg | ShapeArg)[] = [];
  const visit = (arg: Arg): void => {
    if (arg instanceof TensorArg || arg instanceof ShapeArg) found.push(arg);
    else if (Array.isArray(arg)) (arg as readonly Arg[]).forEach(visit);
    else if (isRecord(arg)) Object.values(arg).forEach(visit);
  };
  c.args.forEach(visit);
  return found;
}

/** Is every size of the case declared as its literal? */
export const allLiteral = (c: OpCase): boolean => sizedArgs(c).every((arg) => arg.kinds.every((kind) => kind === "literal"));

/** The `Dim` name of a run-time size. */
export const dimName = (size: number): string => `n${size}`;

// ---------------------------------------------------------------------------
// Run time
// ---------------------------------------------------------------------------

export type RuntimeResult = { readonly shapes: readonly (readonly number[])[] } | { readonly error: string; readonly kind: string };

const ops = shapecast as unknown as Record<string, (...args: unknown[]) => unknown>;

/** The run-time size of each axis of a tensor or shape argument, `resize`d. */
export const resized = (arg: TensorArg | ShapeArg, resize: Resize): number[] => arg.sizes.map((size, i) => resize(size, arg.kinds[i]!));

/** A run-time size for a declared one: the identity, or a move of the sizes the types do not know. */
export type Resize = (size: number, kind: SizeKind) => number;

const toValue = (arg: Arg, resize: Resize): unknown => {
  if (arg instanceof TensorArg) return shapecast.zeros(resized(arg, resize), arg.dtype);
  if (arg instanceof ShapeArg) return resized(arg, resize);
  if (Array.isArray(arg)) return (arg as readonly Arg[]).map((item) => toValue(item, resize));
  if (isRecord(arg)) return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, toValue(value, resize)]));
  return arg;
};

const shapesOf = (value: unknown): (readonly number[])[] => {
  if (value instanceof shapecast.Tensor) return [value.shape];
  // topk's { values, indices }
  if (typeof value === "object" && value !== null && "values" in value && "indices" in value) return [...shapesOf(value.values), ...shapesOf(value.indices)];
  if (Array.isArray(value) && value.every((item) => item instanceof shapecast.Tensor)) return value.map((item: shapecast.Tensor) => item.shape);
  if (Array.isArray(value) && value.every((item) => typeof item === "number")) return [value as number[]];
  throw new Error(`not a shape result: ${String(value)}`);
};

/**
 * Runs the op on zeros of the case's sizes. `resize` gives the run-time size of
 * each declared size (by default the case's own): the sizes declared `number` or
 * `Dim` stand for any value, so the types must hold for every `resize` of them.
 */
export function runCase(c: OpCase, resize: Resize = (size) => size): RuntimeResult {
  let value: unknown;
  try {
    value = ops[c.op]!(...c.args.map((arg) => toValue(arg, resize)));
  } catch (error) {
    return { error: (error as Error).message, kind: (error as Error).name };
  }
  return { shapes: shapesOf(value) };
}

// ---------------------------------------------------------------------------
// Source text
// ---------------------------------------------------------------------------

/** A size as a type: `3`, `number`, `Dim<"n3">`. */
const sizeType = (size: number, kind: SizeKind): string => (kind === "literal" ? `${size}` : kind === "number" ? "number" : `Dim<"${dimName(size)}">`);

/** A size as an expression, for shape arguments: `3`, `someNumber`, `dim_3`. */
const sizeExpression = (size: number, kind: SizeKind): string =>
  kind === "literal" ? `${size}` : kind === "number" ? "someNumber" : `dim_${String(size).replace(/[^0-9]/g, "_")}`;

/** Declarations every rendered file needs before its cases (the sizes shape arguments use). */
export function preamble(cases: readonly OpCase[]): string {
  const dims = new Set<number>();
  for (const c of cases) for (const arg of sizedArgs(c)) if (arg instanceof ShapeArg) arg.sizes.forEach((size, i) => arg.kinds[i] === "dim" && dims.add(size));
  return [
    "declare const someNumber: number;",
    ...[...dims].map((size) => `declare const ${sizeExpression(size, "dim")}: Dim<"${dimName(size)}">;`),
  ].join("\n");
}

/**
 * One line: the case's tensors declared, then `export const <name> = op(...)`.
 * A line of its own, so every diagnostic on it belongs to this case.
 */
export function renderCase(c: OpCase, name: string): string {
  const declarations: string[] = [];
  const render = (arg: Arg): string => {
    if (arg instanceof TensorArg) {
      const variable = `${name}_t${declarations.length}`;
      declarations.push(`declare const ${variable}: Tensor<[${arg.sizes.map((size, i) => sizeType(size, arg.kinds[i]!)).join(", ")}], "${arg.dtype}">;`);
      return variable;
    }
    if (arg instanceof ShapeArg) return `[${arg.sizes.map((size, i) => sizeExpression(size, arg.kinds[i]!)).join(", ")}]`;
    if (arg === undefined) return "undefined";
    if (arg === null) return "null";
    if (typeof arg === "string") return JSON.stringify(arg);
    if (typeof arg === "number" || typeof arg === "boolean") return `${arg}`;
    if (Array.isArray(arg)) return `[${(arg as readonly Arg[]).map(render).join(", ")}]`;
    return `{ ${Object.entries(arg as Record<string, Arg>).map(([key, value]) => `${key}: ${render(value)}`).join(", ")} }`;
  };
  const call = `${c.op}(${c.args.map(render).join(", ")})`;
  return `${declarations.join(" ")} export const ${name} = ${call};`;
}

/** The imports a rendered file of `cases` needs, from `from` (a relative path to src/index.js). */
export const importLine = (cases: readonly OpCase[], from: string): string =>
  `import { ${[...new Set(cases.map((c) => c.op))].sort().join(", ")}, type Dim, type Tensor } from "${from}";`;

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

/**
 * What the generators draw sizes from: `size` for an axis, `rep` for a tile
 * repetition, `width` for a pad width. High ranks draw mostly 1s and 0s, so
 * the tensors stay small.
 */
export interface Sizes {
  readonly size: fc.Arbitrary<number>;
  readonly rep: fc.Arbitrary<number>;
  readonly width: fc.Arbitrary<number>;
}

/** Sizes mostly 1 to 4, sometimes 0, 5 or 6. */
export const smallRankSizes: Sizes = {
  size: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 8 }, { arbitrary: fc.constantFrom(0, 5, 6), weight: 2 }),
  rep: fc.integer({ min: 0, max: 3 }),
  width: fc.integer({ min: 0, max: 2 }),
};

/** Sizes for ranks up to 32: mostly 1, now and then 0, 2 or 3. */
export const anyRankSizes: Sizes = {
  size: fc.oneof({ arbitrary: fc.constant(1), weight: 12 }, { arbitrary: fc.constantFrom(0, 2, 3), weight: 2 }),
  rep: fc.oneof({ arbitrary: fc.constant(1), weight: 12 }, { arbitrary: fc.constantFrom(0, 2), weight: 1 }),
  width: fc.oneof({ arbitrary: fc.constant(0), weight: 12 }, { arbitrary: fc.constant(1), weight: 1 }),
};

/** An axis of a rank-`rank` shape, negative or not, now and then one out of range on either side. */
const axisOf = (rank: number) =>
  fc.oneof(
    { arbitrary: rank === 0 ? fc.constant(0) : fc.integer({ min: -rank, max: rank - 1 }), weight: 9 },
    { arbitrary: fc.constantFrom(rank, -rank - 1), weight: 1 },
  );

const tensorArg = (sizes: readonly number[]) => new TensorArg(sizes);

/** A strictly increasing choice of `count` axes out of `rank`. */
const increasing = (rank: number, count: number) =>
  fc.shuffledSubarray([...Array(rank).keys()], { minLength: count, maxLength: count }).map((axes) => axes.sort((x, y) => x - y));

/** The ops whose shapes these cases check, each with how its calls are drawn (ranks of the inputs in the range given). */
const generators = ({ size, rep, width }: Sizes) => {
  const shapeOf = (minRank: number, maxRank: number) => fc.array(size, { minLength: minRank, maxLength: Math.max(minRank, maxRank) });

  /** A norm's call: x, its parameters of x's trailing shape (now and then not), the axis in the options or left out. */
  const normCase = (op: "layerNorm" | "rmsNorm", minRank: number, maxRank: number): fc.Arbitrary<OpCase> =>
    shapeOf(minRank, maxRank).chain((base) =>
      fc.option(axisOf(Math.max(1, base.length)), { nil: undefined }).chain((axis) => {
        const at = axis === undefined ? base.length - 1 : axis < 0 ? axis + base.length : axis;
        const tail = at >= 0 && at < base.length ? base.slice(at) : [...base];
        // (a roll of its own, not perhapsChanged's: fast-check's bias draws its small rolls too often for most calls to fit)
        const param = fc.tuple(fc.noBias(fc.integer({ min: 0, max: 19 })), fc.nat(), size).map(([roll, at, other]) =>
          roll === 0 ? tail.slice(1) : roll < 3 && tail.length > 0 ? tail.map((dim, i) => (i === at % tail.length ? other : dim)) : [...tail],
        );
        // beta as gamma mostly, so that most calls fit; now and then drawn on its own
        return fc.tuple(param, param, fc.boolean()).map(([gamma, other, own]) => {
          const beta = own ? other : gamma;
          const params = op === "layerNorm" ? [tensorArg(gamma), tensorArg(beta)] : [tensorArg(gamma)];
          return { op, args: axis === undefined ? [tensorArg(base), ...params] : [tensorArg(base), ...params, { axis }] };
        });
      }),
    );

  /** `base` with now and then one size changed (a mismatch for ops whose shapes must agree). */
  const perhapsChanged = (base: readonly number[]) =>
    fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(), size).map(([roll, at, other]) =>
      roll < 0.15 && base.length > 0 ? base.map((dim, i) => (i === at % base.length ? other : dim)) : [...base],
    );

  /** `base` with each size kept, made 1, or now and then replaced. */
  const variantOf = (base: readonly number[]) =>
    fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), size), { minLength: base.length, maxLength: base.length }).map((rolls) =>
      base.map((dim, i) => (rolls[i]![0] < 0.25 ? 1 : rolls[i]![0] < 0.33 ? rolls[i]![1] : dim)),
    );

  /** A lower-rank shape laid into `high` at increasing axes: `[low, axes]`. */
  const laidInto = (high: readonly number[]) =>
    fc.integer({ min: 0, max: high.length }).chain((count) => increasing(high.length, count)).chain((axes) =>
      variantOf(axes.map((axis) => high[axis]!)).map((low) => [low, axes] as const),
    );

  /** Calls of reductions named in `names`: one axis, a list (any order, negative forms) or none, keepDims or not. */
  const reduction = (names: readonly string[]) => (minRank: number, maxRank: number) =>
    shapeOf(minRank, maxRank).chain((base) =>
      fc.tuple(
        fc.oneof(
          fc.constant<Arg>(undefined),
          axisOf(base.length),
          fc.shuffledSubarray([...base.keys()], { maxLength: base.length }).chain((axes) =>
            fc.array(fc.boolean(), { minLength: axes.length, maxLength: axes.length }).map((negative) => axes.map((axis, i) => (negative[i] ? axis - base.length : axis))),
          ),
          // now and then one axis named twice (as itself or its negative twin): an error on both sides
          ...(base.length > 0
            ? [fc.tuple(fc.nat(base.length - 1), fc.boolean(), fc.nat(base.length - 1)).map(([axis, negative, other]) => [other, axis, negative ? axis - base.length : axis])]
            : []),
        ),
        // (not max, min, argmax, argmin: their error for an empty axis has no type-level twin yet)
        fc.constantFrom(...names),
        fc.option(fc.boolean(), { nil: undefined }),
      ).map(([axis, op, keepDims]) => ({
        op,
        args: keepDims === undefined ? (axis === undefined ? [tensorArg(base)] : [tensorArg(base), axis]) : [tensorArg(base), axis, { keepDims }],
      })),
    );

  /** Pooling calls of one kind (see the maxPool and avgPool entries below). */
  const poolCases = (kind: "max" | "avg", minRank: number, maxRank: number): fc.Arbitrary<OpCase> =>
    (Math.max(minRank, 3) <= Math.min(maxRank, 4)
      ? fc.oneof({ arbitrary: shapeOf(Math.max(minRank, 3), Math.min(maxRank, 4)), weight: 3 }, { arbitrary: shapeOf(minRank, maxRank), weight: 1 })
      : shapeOf(minRank, maxRank)
    ).chain((base) =>
      fc
        .record({
          twoD: base.length === 4 ? fc.constant(true) : base.length === 3 ? fc.constant(false) : fc.boolean(),
          channelsFirst: fc.option(fc.boolean(), { nil: undefined }),
          sizes: fc.array(fc.oneof({ arbitrary: fc.integer({ min: 1, max: 2 }), weight: 3 }, { arbitrary: fc.integer({ min: 3, max: 5 }), weight: 1 }), { minLength: 2, maxLength: 2 }),
          sizeAsNumber: fc.boolean(),
          strides: fc.option(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 2 }), { nil: undefined }),
          stridesAsNumber: fc.boolean(),
          padding: fc.constantFrom("valid", "same", "number", "pairs", undefined),
          rolls: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        })
        .map(({ twoD, channelsFirst, sizes, sizeAsNumber, strides, stridesAsNumber, padding, rolls }) => {
          const count = twoD ? 2 : 1;
          const window = sizeAsNumber ? sizes.slice(0, count).map(() => sizes[0]!) : sizes.slice(0, count);
          const emptyAxis = base.some((d) => d === 0);
          const explicit = padding === "number" || padding === "pairs";
          const options: Record<string, Arg> = { size: sizeAsNumber ? window[0]! : window };
          if (strides !== undefined) options.strides = stridesAsNumber ? strides[0]! : strides.slice(0, count);
          if (padding !== undefined) {
            options.padding =
              explicit && emptyAxis ? "valid"
              : padding === "number" ? rolls[0]! % Math.min(...window)
              : padding === "pairs" ? window.map((w, j) => [rolls[2 * j]! % w, rolls[2 * j + 1]! % w])
              : padding;
          }
          if (channelsFirst !== undefined) options.layout = twoD ? (channelsFirst ? "NCHW" : "NHWC") : channelsFirst ? "NCW" : "NWC";
          return { op: `${kind}Pool${count}d`, args: [tensorArg(base), options] };
        }),
    );

  /**
   * Convolution calls of `op`, mostly with x of its rank (any other rank: a rank misfit): the layout,
   * groups, strides, dilations and padding at random; w mostly made to fit x (its channel axis now and
   * then off by one, its rank now and then wrong), kernels of 1 to 3 (a kernel of 0 is a RangeError, not
   * a shape rule), so the misfits are channels, groups, ranks, windows and a transpose's padding.
   */
  const convCases = (op: "conv1d" | "conv2d" | "depthwiseConv2d" | "conv2dTranspose", minRank: number, maxRank: number): fc.Arbitrary<OpCase> => {
    const spatial = op === "conv1d" ? 1 : 2;
    const rank = spatial + 2;
    const ranks = minRank <= rank && rank <= maxRank
      ? fc.oneof({ arbitrary: shapeOf(rank, rank), weight: 4 }, { arbitrary: shapeOf(minRank, maxRank), weight: 1 })
      : shapeOf(minRank, maxRank);
    return ranks.chain((x) =>
      fc
        .record({
          channelsFirst: fc.option(fc.boolean(), { nil: undefined }),
          groups: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
          kernel: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: spatial, maxLength: spatial }),
          filters: fc.integer({ min: 0, max: 3 }),
          strides: fc.option(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: spatial, maxLength: spatial })), { nil: undefined }),
          dilations: fc.option(fc.oneof(fc.integer({ min: 1, max: 2 }), fc.array(fc.integer({ min: 1, max: 2 }), { minLength: spatial, maxLength: spatial })), { nil: undefined }),
          padding: fc.option(
            fc.oneof(fc.constantFrom("valid", "same"), fc.integer({ min: 0, max: 2 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })), { minLength: spatial, maxLength: spatial })),
            { nil: undefined },
          ),
          wrong: fc.noBias(fc.integer({ min: 0, max: 9 })),
          other: size,
          // (a constant for the other ops, which draws nothing: their cases stay those of their seeds)
          outputPadding: op === "conv2dTranspose" ? fc.option(fc.array(fc.nat(1), { minLength: spatial, maxLength: spatial }), { nil: undefined }) : fc.constant(undefined),
        })
        .map(({ channelsFirst, groups, kernel, filters, strides, dilations, padding, wrong, other, outputPadding }) => {
          const first = channelsFirst === true;
          const c = x.length === rank ? x[first ? 1 : rank - 1]! : 2;
          const g = op === "depthwiseConv2d" ? (first ? c : 1) : (groups ?? 1);
          // the channel axis w needs, and w's filters (a multiple of the groups)
          const perGroup = op === "conv2dTranspose" || (op === "depthwiseConv2d" && !first) ? c : Math.floor(c / Math.max(g, 1));
          const wc = wrong === 0 ? other : wrong === 1 ? perGroup + 1 : perGroup;
          const f = op === "depthwiseConv2d" && first ? c * filters : op === "depthwiseConv2d" || op === "conv2dTranspose" ? filters : filters * g;
          const w =
            op === "conv2dTranspose" ? (first ? [wc, f, ...kernel] : [...kernel, f, wc])
            : first ? [f, op === "depthwiseConv2d" ? (wrong === 1 ? 2 : 1) : wc, ...kernel]
            : op === "depthwiseConv2d" ? [...kernel, wc, f]
            : [...kernel, wc, f];
          const options: Record<string, Arg> = {};
          if (strides !== undefined) options.strides = strides;
          if (dilations !== undefined) options.dilations = dilations;
          if (padding !== undefined) options.padding = padding as Arg;
          if (groups !== undefined && op !== "depthwiseConv2d") options.groups = groups;
          if (channelsFirst !== undefined) options.layout = spatial === 2 ? (first ? "NCHW" : "NHWC") : first ? "NCW" : "NWC";
          if (op === "conv2dTranspose" && outputPadding !== undefined) {
            // each less than its axis's stride or dilation (else a RangeError, not a shape rule)
            const at = (value: number | number[] | undefined, j: number) => (Array.isArray(value) ? value[j]! : (value ?? 1));
            options.outputPadding = outputPadding.map((extra, j) => Math.min(extra, Math.max(at(strides, j), at(dilations, j)) - 1));
          }
          const weights = wrong === 2 ? w.slice(1) : w;
          return { op, args: Object.keys(options).length === 0 ? [tensorArg(x), tensorArg(weights)] : [tensorArg(x), tensorArg(weights), options] };
        }),
    );
  };

  return {
    // element-wise broadcasting in every mode, through `add`
    add: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.oneof(
          fc.tuple(fc.nat(base.length), fc.nat(base.length), fc.constantFrom<string | undefined>(undefined, "numpy")).chain(([ra, rb, mode]) =>
            fc.tuple(variantOf(base.slice(base.length - ra)), variantOf(base.slice(base.length - rb))).map(([a, b]) => ({
              op: "add",
              args: mode === undefined ? [tensorArg(a), tensorArg(b)] : [tensorArg(a), tensorArg(b), { mode }],
            })),
          ),
          perhapsChanged(base).map((b) => ({ op: "add", args: [tensorArg(base), tensorArg(b), { mode: "none" }] })),
          fc.tuple(laidInto(base), fc.boolean()).map(([[low, axes], lowFirst]) => ({
            op: "add",
            args: [tensorArg(lowFirst ? low : base), tensorArg(lowFirst ? base : low), { mode: "xla", broadcastDimensions: axes }],
          })),
          variantOf(base).map((b) => ({ op: "add", args: [tensorArg(base), tensorArg(b), { mode: "xla" }] })),
          fc.tuple(fc.nat(base.length), fc.nat(base.length), fc.boolean()).chain(([start, length, fromRight]) => {
            const run = base.slice(start, start + length);
            return variantOf(run).map((b) => ({
              op: "add",
              args: [tensorArg(base), tensorArg(b), { mode: "pdpd", axis: fromRight && start + run.length === base.length ? -1 : start }],
            }));
          }),
        ),
      ),
    broadcastTo: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((target) =>
        fc.oneof(
          fc.tuple(fc.nat(target.length), fc.constantFrom<string | undefined>(undefined, "numpy")).chain(([rank, mode]) =>
            variantOf(target.slice(target.length - rank)).map((input) => ({
              op: "broadcastTo",
              args: mode === undefined ? [tensorArg(input), new ShapeArg(target)] : [tensorArg(input), new ShapeArg(target), { mode }],
            })),
          ),
          fc.tuple(fc.nat(target.length), variantOf(target)).chain(([rank, stretched]) =>
            variantOf(target.slice(target.length - rank)).map((input) => ({
              op: "broadcastTo",
              args: [tensorArg(input), new ShapeArg(stretched), { mode: "bidirectional" }],
            })),
          ),
          laidInto(target).map(([input, axes]) => ({ op: "broadcastTo", args: [tensorArg(input), new ShapeArg(target), { mode: "explicit", axesMapping: axes }] })),
        ),
      ),
    concat: (minRank: number, maxRank: number) =>
      shapeOf(Math.max(1, minRank), maxRank).chain((base) =>
        fc.tuple(axisOf(base.length), fc.array(fc.tuple(size, perhapsChanged(base), fc.boolean()), { minLength: 1, maxLength: 3 })).map(([axis, parts]) => {
          const at = axis < 0 ? axis + base.length : axis;
          const tensors = parts.map(([onAxis, other, wrongRank]) => {
            const sizes = other.map((dim, i) => (i === at ? onAxis : dim));
            return tensorArg(wrongRank && parts.length > 1 && onAxis === 0 ? sizes.slice(1) : sizes);
          });
          return { op: "concat", args: [tensors, axis] };
        }),
      ),
    stack: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(axisOf(base.length + 1), fc.array(perhapsChanged(base), { minLength: 1, maxLength: 3 })).map(([axis, shapes]) => ({
          op: "stack",
          args: [shapes.map(tensorArg), axis],
        })),
      ),
    split: (minRank: number, maxRank: number) =>
      shapeOf(Math.max(1, minRank), maxRank).chain((base) =>
        fc.tuple(axisOf(base.length), fc.boolean(), fc.integer({ min: 1, max: 4 }), fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }), fc.boolean()).map(
          ([axis, bySections, sections, sizes, fitting]) => {
            const at = axis < 0 ? axis + base.length : axis;
            const length = base[at] ?? 0;
            // sizes that add up to the axis (the last part takes the rest), or as drawn
            const parts = fitting && sizes.slice(0, -1).reduce((a, b) => a + b, 0) <= length
              ? [...sizes.slice(0, -1), length - sizes.slice(0, -1).reduce((a, b) => a + b, 0)]
              : sizes;
            return { op: "split", args: [tensorArg(base), bySections ? sections : parts, axis] };
          },
        ),
      ),
    tile: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.array(rep, { maxLength: Math.min(base.length + 2, 32) }).map((reps) => ({ op: "tile", args: [tensorArg(base), reps] })),
      ),
    pad: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(fc.array(fc.tuple(width, width), { minLength: base.length, maxLength: base.length }), fc.integer({ min: 0, max: 9 })).map(
          ([widths, wrong]) => ({ op: "pad", args: [tensorArg(base), wrong === 0 ? widths.slice(1) : wrong === 1 ? [...widths, [1, 1]] : widths] }),
        ),
      ),
    slice: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) => {
        const bound = fc.option(fc.integer({ min: -7, max: 7 }), { nil: undefined });
        const spec = fc.oneof(
          fc.constant(null),
          fc.record({ start: bound, stop: bound, step: fc.option(fc.constantFrom(1, 2, 3, -1, -2), { nil: undefined }) }, { requiredKeys: [] }),
        );
        return fc.array(spec, { maxLength: base.length }).chain((specs) =>
          // an index only on an axis that has one (any index of an empty axis is out of range)
          fc.tuple(...specs.map((s, i) => (s === null && (base[i] ?? 0) > 0 ? fc.oneof(fc.constant<Arg>(null), fc.integer({ min: -base[i]!, max: base[i]! - 1 })) : fc.constant<Arg>(s)))).map(
            (chosen) => ({ op: "slice", args: [tensorArg(base), ...chosen.map((s) => (isRecord(s) ? Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) : s))] }),
          ),
        );
      }),
    reshape: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((from) =>
        fc.oneof(
          // keep a prefix and a suffix, -1 in between
          fc.tuple(fc.nat(from.length), fc.nat(from.length)).map(([i, j]) => {
            const [start, end] = i <= j ? [i, j] : [j, i];
            return [...from.slice(0, start), -1, ...from.slice(end)];
          }),
          // the sizes reversed, one of them -1 or all given
          fc.integer({ min: -1, max: Math.max(0, from.length - 1) }).map((i) => [...from].reverse().map((s, j) => (j === i ? -1 : s))),
          // arbitrary sizes, perhaps with a -1
          fc.tuple(shapeOf(0, 3), fc.boolean()).map(([target, infer]) => (infer ? [...target, -1] : target)),
        ).map((target) => ({ op: "reshape", args: [tensorArg(from), new ShapeArg(target, target.map(() => "literal"))] })),
      ),
    flatten: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(axisOf(Math.max(1, base.length)), axisOf(Math.max(1, base.length)), fc.integer({ min: 0, max: 2 })).map(([start, end, given]) => ({
          op: "flatten",
          args: given === 0 ? [tensorArg(base)] : given === 1 ? [tensorArg(base), start] : [tensorArg(base), start, end],
        })),
      ),
    squeeze: (minRank: number, maxRank: number) =>
      fc.array(fc.oneof(size, fc.constant(1)), { minLength: minRank, maxLength: maxRank }).chain((base) =>
        fc.option(axisOf(base.length), { nil: undefined }).map((axis) => ({ op: "squeeze", args: axis === undefined ? [tensorArg(base)] : [tensorArg(base), axis] })),
      ),
    expandDims: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) => axisOf(base.length + 1).map((axis) => ({ op: "expandDims", args: [tensorArg(base), axis] }))),
    permute: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(
          fc.shuffledSubarray([...base.keys()], { minLength: base.length, maxLength: base.length }),
          fc.array(fc.boolean(), { minLength: base.length, maxLength: base.length }),
          fc.integer({ min: 0, max: 9 }),
        ).map(([order, negative, wrong]) => {
          const axes = order.map((axis, i) => (negative[i] ? axis - base.length : axis));
          // now and then an axis named twice, one left out, or one out of range
          const given = wrong === 0 && axes.length > 1 ? [axes[1]!, ...axes.slice(1)] : wrong === 1 ? axes.slice(1) : wrong === 2 && axes.length > 0 ? [...axes.slice(1), base.length] : axes;
          return { op: "permute", args: [tensorArg(base), given] };
        }),
      ),
    sum: reduction(["sum", "mean"]),
    matmul: (minRank: number, maxRank: number) =>
      fc.tuple(shapeOf(Math.max(0, minRank - 2), Math.max(0, maxRank - 2)), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), size, size, size, fc.integer({ min: 0, max: 9 })).chain(
        ([batch, cutA, cutB, m, k, n, wrong]) =>
          fc.tuple(perhapsChanged(batch), fc.oneof(fc.constant(k), size)).map(([otherBatch, kb]) => {
            // a: [...batch, m, k], a vector [k] now and then; b likewise, batch axes dropped from the left
            const a = wrong === 0 ? [k] : [...batch.slice(Math.min(cutA, batch.length)), m, k];
            const b = wrong === 1 ? [kb] : [...otherBatch.slice(Math.min(cutB, otherBatch.length)), kb, n];
            return { op: "matmul", args: [tensorArg(a), tensorArg(b)] };
          }),
      ),
    gather: (minRank: number, maxRank: number) =>
      shapeOf(Math.max(1, minRank), maxRank).chain((base) =>
        fc.tuple(axisOf(base.length), shapeOf(0, 2), fc.boolean()).chain(([axis, indexShape, asTensor]) => {
          const at = axis < 0 ? axis + base.length : axis;
          const length = base[at] ?? 1;
          // valid indices only: their values are not shapes, and the types do not see them
          const count = indexShape.reduce((a, b) => a * b, 1);
          return fc.array(fc.integer({ min: 0, max: Math.max(0, length - 1) }), { minLength: length === 0 ? 0 : 1, maxLength: length === 0 ? 0 : 4 }).map((list) => ({
            op: "gather",
            args: [tensorArg(base), asTensor && length > 0 && count > 0 ? new TensorArg(indexShape, indexShape.map(() => "literal"), "int32") : list, axis],
          }));
        }),
      ),
    // (last: a new op keeps the seeds, hence the cases, of the ones before it)
    any: reduction(["any", "all"]),
    // cumsum and cumprod: one axis (the shape kept) or none (flattened), options now and then
    cumsum: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(fc.option(axisOf(base.length), { nil: undefined }), fc.constantFrom("cumsum", "cumprod"), fc.option(fc.record({ exclusive: fc.boolean(), reverse: fc.boolean() }), { nil: undefined })).map(
          ([axis, op, options]) => ({ op, args: options === undefined ? (axis === undefined ? [tensorArg(base)] : [tensorArg(base), axis]) : [tensorArg(base), axis, options] }),
        ),
      ),
    // oneHot: int32 indices of any shape, a depth from 0 (now and then negative or fractional: an error)
    oneHot: (minRank: number, maxRank: number) =>
      fc.tuple(shapeOf(minRank, maxRank), fc.oneof({ arbitrary: size, weight: 9 }, { arbitrary: fc.constantFrom(-1, 2.5), weight: 1 })).map(([base, depth]) => ({
        op: "oneHot",
        args: [new TensorArg(base, base.map(() => "literal"), "int32"), depth],
      })),
    // sort and argsort: the axis (default -1) in the options, now and then out of range
    sort: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(fc.constantFrom("sort", "argsort"), fc.option(axisOf(Math.max(1, base.length)), { nil: undefined }), fc.option(fc.boolean(), { nil: undefined }), fc.boolean()).map(
          ([op, axis, descending, given]) => ({
            op,
            args: !given ? [tensorArg(base)] : [tensorArg(base), { ...(axis === undefined ? {} : { axis }), ...(descending === undefined ? {} : { descending }) }],
          }),
        ),
      ),
    // topk: k up to the axis's size (a larger k fails at run time only where the size is not a literal,
    // which these cases declare at random; test/ops/topk.test.ts and test-d check it), now and then -1
    topk: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(fc.option(axisOf(Math.max(1, base.length)), { nil: undefined }), fc.nat(), fc.integer({ min: 0, max: 9 })).map(([axis, roll, wrong]) => {
          const at = axis === undefined ? base.length - 1 : axis < 0 ? axis + base.length : axis;
          const k = wrong === 0 ? -1 : roll % ((base[at] ?? 0) + 1);
          return { op: "topk", args: axis === undefined ? [tensorArg(base), k] : [tensorArg(base), k, { axis }] };
        }),
      ),
    // pooling, mostly on ranks 3 and 4: rank 4 takes a 2d op, rank 3 a 1d one, any other rank either (a rank misfit); window sizes,
    // strides (left out, a number, or per axis), padding ("valid", "same", a number, per-axis pairs, or left
    // out) and the layout at random, so some windows do not fit their padded axes. Explicit padding stays
    // below the window, and an empty spatial axis gets none: the runtime's checks of those (RangeErrors,
    // test/ops/pool.test.ts) are not shape rules
    maxPool: (minRank: number, maxRank: number) => poolCases("max", minRank, maxRank),
    avgPool: (minRank: number, maxRank: number) => poolCases("avg", minRank, maxRank),

    // layerNorm and rmsNorm: gamma (and beta) the shape of the axes from the axis (default -1) on, now and
    // then with one size changed or the first of them left out; the axis now and then out of range
    layerNorm: (minRank: number, maxRank: number) => normCase("layerNorm", minRank, maxRank),
    rmsNorm: (minRank: number, maxRank: number) => normCase("rmsNorm", minRank, maxRank),
    // batchNorm: four vectors [C] of the channel axis (last, or 1 with NCHW), now and then one of another
    // size or rank; ranks too small for the layout fail
    batchNorm: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc.tuple(fc.constantFrom(undefined, "NHWC", "NCHW"), fc.noBias(fc.integer({ min: 0, max: 11 })), fc.nat(3), size).map(([layout, roll, which, other]) => {
          const channels = base[layout === "NCHW" ? 1 : base.length - 1] ?? 3;
          const wrong = roll === 0 ? [channels, 1] : roll === 1 ? [other] : [channels];
          const vectors = [0, 1, 2, 3].map((k) => tensorArg(k === which ? wrong : [channels]));
          return { op: "batchNorm", args: layout === undefined ? [tensorArg(base), ...vectors] : [tensorArg(base), ...vectors, { layout }] };
        }),
      ),
    // convolution: see convCases
    conv1d: (minRank: number, maxRank: number) => convCases("conv1d", minRank, maxRank),
    conv2d: (minRank: number, maxRank: number) => convCases("conv2d", minRank, maxRank),
    depthwiseConv2d: (minRank: number, maxRank: number) => convCases("depthwiseConv2d", minRank, maxRank),
    conv2dTranspose: (minRank: number, maxRank: number) => convCases("conv2dTranspose", minRank, maxRank),
    // einsum: one to three operands naming their axes by letters of drawn sizes (a letter now and then twice
    // in one operand, upper case too), "..." now and then over a suffix of drawn axes (some made 1), the
    // output explicit (some letters in some order) or implicit; now and then a size changed or an axis dropped
    einsum: (minRank: number, maxRank: number) =>
      fc.record({
        sizes: fc.array(size, { minLength: 5, maxLength: 5 }),
        ellipsis: shapeOf(0, 2),
        operands: fc.array(
          fc.record({ letters: fc.array(fc.nat(4), { minLength: minRank, maxLength: maxRank }), at: fc.integer({ min: -3, max: 4 }), take: fc.nat(2), ones: fc.boolean() }),
          { minLength: 1, maxLength: 3 },
        ),
        output: fc.option(fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 5, maxLength: 5 }), { nil: undefined }),
        outputAt: fc.nat(5),
        wrong: fc.noBias(fc.integer({ min: 0, max: 11 })),
        roll: fc.nat(),
        other: size,
      }).map(({ sizes, ellipsis, operands, output, outputAt, wrong, roll, other }) => {
        const names = ["a", "b", "c", "D", "e"];
        const specs = operands.map(({ letters, at, take, ones }) => {
          const own = at < 0 ? [] : ellipsis.slice(ellipsis.length - Math.min(take, ellipsis.length)).map((d, k) => (ones && k === 0 ? 1 : d));
          const position = Math.min(Math.max(at, 0), letters.length);
          const shape = [...letters.slice(0, position).map((l) => sizes[l]!), ...own, ...letters.slice(position).map((l) => sizes[l]!)];
          const text = letters.map((l) => names[l]!);
          return { shape, sub: at < 0 ? text.join("") : [...text.slice(0, position), "...", ...text.slice(position)].join("") };
        });
        let subscripts = specs.map((o) => o.sub).join(",");
        if (output !== undefined) {
          const used = [...new Set(operands.flatMap((o) => o.letters))];
          const chosen = used.filter((l) => output[l]! > 0).sort((x, y) => output[x]! - output[y]!).map((l) => names[l]!);
          const dots = specs.some((o) => o.sub.includes("...")) ? [...chosen.slice(0, outputAt % (chosen.length + 1)), "...", ...chosen.slice(outputAt % (chosen.length + 1))] : chosen;
          subscripts += `->${dots.join("")}`;
        }
        const shapes = specs.map((o) => o.shape);
        const target = shapes[roll % shapes.length]!;
        if (wrong === 0 && target.length > 0) target[roll % target.length] = other;
        if (wrong === 1 && target.length > 0) target.pop();
        return { op: "einsum", args: [subscripts, ...shapes.map(tensorArg)] };
      }),
    // resize and upsample, mostly on rank 4 (any other rank: a misfit): the layout, mode and coordinates at random or left
    // out; sizes and scales of 1 to 4, the scale a number or a pair, now and then an entry of 0 or 1.5 (an error on both
    // sides). A resize's x gets no empty spatial axis: reading one is a RangeError of the runtime (test/ops/resize.test.ts),
    // not a shape rule
    resize: (minRank: number, maxRank: number) =>
      (Math.max(minRank, 4) <= Math.min(maxRank, 4) ? fc.oneof({ arbitrary: shapeOf(4, 4), weight: 3 }, { arbitrary: shapeOf(minRank, maxRank), weight: 1 }) : shapeOf(minRank, maxRank)).chain((base) =>
        fc
          .record({
            up: fc.boolean(),
            layout: fc.constantFrom(undefined, "NHWC", "NCHW"),
            mode: fc.constantFrom(undefined, "nearest", "bilinear"),
            coordinates: fc.constantFrom(undefined, "half-pixel", "align-corners", "asymmetric"),
            pair: fc.boolean(),
            entries: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 2 }),
            wrong: fc.noBias(fc.integer({ min: 0, max: 11 })),
          })
          .map(({ up, layout, mode, coordinates, pair, entries, wrong }) => {
            const values: number[] = wrong === 0 ? [entries[0]!, 0] : wrong === 1 ? [1.5, entries[1]!] : entries;
            const first = layout === "NCHW" ? 2 : 1;
            const shape = !up && base.length === 4 ? base.map((d, axis) => (axis >= first && axis < first + 2 ? Math.max(d, 1) : d)) : base;
            const options: Record<string, Arg> = {};
            if (layout !== undefined) options.layout = layout;
            if (mode !== undefined) options.mode = mode;
            if (coordinates !== undefined) options.coordinates = coordinates;
            const given = Object.keys(options).length > 0 ? [options] : [];
            return { op: up ? "upsample" : "resize", args: [tensorArg(shape), up && !pair ? values[0]! : values, ...given] };
          }),
      ),
    // tril and triu: any rank (below 2 a misfit), the diagonal left out or small, now and then fractional (an error)
    tril: (minRank: number, maxRank: number) =>
      fc
        .tuple(
          shapeOf(minRank, maxRank),
          fc.constantFrom("tril", "triu"),
          fc.option(fc.oneof({ arbitrary: fc.integer({ min: -3, max: 3 }), weight: 9 }, { arbitrary: fc.constant(0.5), weight: 1 }), { nil: undefined }),
        )
        .map(([base, op, k]) => ({ op, args: k === undefined ? [tensorArg(base)] : [tensorArg(base), k] })),
    // repeat: on an axis (now and then out of range; a scalar has one) or flattened, a count drawn as tile's
    // repetitions (now and then negative or fractional: an error) or a list of them, one per element of the
    // axis (up to 8; now and then one entry more or fewer, a misfit unless one is left) or one for all
    repeat: (minRank: number, maxRank: number) =>
      shapeOf(minRank, maxRank).chain((base) =>
        fc
          .tuple(
            fc.option(axisOf(Math.max(1, base.length)), { nil: undefined }),
            fc.constantFrom("count", "list", "one"),
            fc.oneof({ arbitrary: rep, weight: 9 }, { arbitrary: fc.constantFrom(-1, 1.5), weight: 1 }),
            fc.array(rep, { minLength: 9, maxLength: 9 }),
            fc.noBias(fc.integer({ min: 0, max: 9 })),
          )
          .map(([axis, form, count, list, wrong]) => {
            const dims = base.length === 0 ? [1] : base;
            const at = axis === undefined ? -1 : axis < 0 ? axis + dims.length : axis;
            const length = axis === undefined ? base.reduce((p, d) => p * d, 1) : (dims[at] ?? 1);
            const entries = Math.max(0, length + (wrong === 0 ? 1 : wrong === 1 ? -1 : 0));
            const repeats: Arg = form === "one" ? [count] : form === "list" && entries <= 8 ? list.slice(0, entries).map((r, i) => (wrong === 2 && i === 0 ? count : r)) : count;
            return { op: "repeat", args: axis === undefined ? [tensorArg(base), repeats] : [tensorArg(base), repeats, axis] };
          }),
      ),
  } satisfies Record<string, (minRank: number, maxRank: number) => fc.Arbitrary<OpCase>>;
};

export type OpName = keyof ReturnType<typeof generators>;

export const opNames = Object.keys(generators(smallRankSizes)) as OpName[];

/** `count` cases of `op` with input ranks in `[minRank, maxRank]`, from a fixed seed. */
export const sampleOpCases = (op: OpName, sizes: Sizes, count: number, seed: number, minRank: number, maxRank: number): OpCase[] =>
  fc.sample(generators(sizes)[op](minRank, maxRank), { seed, numRuns: count });

/** A size's declaration: its literal most of the time, else `number` or a `Dim`. */
// (an invalid size stays literal: a tensor or shape declared with `number` or a `Dim` holds a real size)
const kindOf = (roll: number, size: number): SizeKind =>
  !(Number.isSafeInteger(size) && size >= 0) || roll < 0.55 ? "literal" : roll < 0.78 ? "number" : "dim";

/** The case with each size of its tensors and shapes declared by `rolls` in turn (cycled). */
export function withKinds(c: OpCase, rolls: readonly number[]): OpCase {
  let next = 0;
  const roll = () => rolls[next++ % rolls.length]!;
  const redeclare = (arg: Arg): Arg => {
    if (arg instanceof TensorArg) return new TensorArg(arg.sizes, arg.sizes.map((s) => kindOf(roll(), s)), arg.dtype);
    // a reshape target's -1 is an instruction, not a size
    if (arg instanceof ShapeArg) return new ShapeArg(arg.sizes, arg.sizes.map((s) => (s === -1 ? "literal" : kindOf(roll(), s))));
    if (Array.isArray(arg)) return (arg as readonly Arg[]).map(redeclare);
    if (isRecord(arg)) return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, redeclare(value)]));
    return arg;
  };
  return { op: c.op, args: c.args.map(redeclare) };
}

/** Cases of every op with sizes declared as literals, `number`s and `Dim`s at random. */
export const sampleMixedCases = (op: OpName, count: number, seed: number, minRank: number, maxRank: number): OpCase[] =>
  fc.sample(
    fc.tuple(generators(smallRankSizes)[op](minRank, maxRank), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 })).map(([c, rolls]) => withKinds(c, rolls)),
    { seed, numRuns: count },
  );
