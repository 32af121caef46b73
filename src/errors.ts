/**
 * The error every shape incompatibility throws, and the message writers it uses.
 *
 * Each writer here has a twin of the same name in `types/errors.ts` that spells
 * the same sentence as a template-literal type, so the compiler's error and the
 * runtime's `message` are the same text: each writer is typed to return its twin
 * (a change of wording on one side is a compile error), and `test/parity.test.ts`
 * compares both on generated cases. The fix lists (`writeDimsFix`,
 * `writeExplicitFix`, `writePdpdFix`) join a capped list at run time and are
 * compared by the parity tests only.
 */
import type {
  WriteAxisMismatch,
  WriteDimsEqualRank,
  WriteDimsLength,
  WriteDimsOrder,
  WriteDimsRange,
  WriteDimsScalar,
  WriteInvalidSize,
  WriteMissingDims,
  WriteNumpyFix,
  WritePdpdAxis,
  WritePdpdRange,
  WritePdpdRank,
  WriteRankMismatch,
  WriteShapeMessage,
} from "../types/errors.js";
import type { Shape, ShowDim, ShowShape } from "../types/shape.js";

/** What went wrong, for programs that react to a `ShapeError`. */
export type ShapeErrorCode =
  | "mismatch" // two sizes on one axis do not fit
  | "rank" // the ranks do not allow the mode (none, pdpd, broadcastTo numpy)
  | "missing-dims" // xla: ranks differ and no broadcastDimensions were given
  | "dims-length" // xla / explicit: wrong number of entries
  | "dims-range" // xla / explicit: an entry is not an axis of the higher-rank shape
  | "dims-order" // xla / explicit: entries are not strictly increasing
  | "dims-equal-rank" // xla: equal ranks need empty or identity broadcastDimensions
  | "dims-scalar" // xla: a scalar operand takes no broadcastDimensions
  | "axis" // pdpd: the axis is neither -1 nor a non-negative integer
  | "axis-range" // pdpd: b does not fit into a at the axis
  | "size" // a size is not a non-negative integer
  | "out"; // an op's out tensor does not have the result's shape

export interface ShapeErrorDetails {
  readonly code: ShapeErrorCode;
  /** The operation, e.g. `"add"` or `"broadcastShapes"`. */
  readonly op: string;
  /** The broadcast mode: `numpy`, `none`, `xla`, `pdpd`, `bidirectional` or `explicit`. */
  readonly mode: string;
  /** The left operand (or the input of a broadcast-to). */
  readonly a: readonly number[];
  /** The right operand (or the target of a broadcast-to). */
  readonly b: readonly number[];
  /** The failing axis (of the result, or of `a` in pdpd mode), when one axis is at fault. */
  readonly axis?: number | undefined;
  /** The two sizes that do not fit on `axis`: `a`'s (or the input's) first. */
  readonly sizes?: readonly [number, number] | undefined;
  /** A change that would work, when there is one. */
  readonly fix?: string | undefined;
}

/**
 * Thrown on every shape incompatibility. Its `message` is the text the compiler
 * shows for the same call when the shapes are known at compile time.
 *
 * @example
 * try { broadcastShapes([2, 3], [4] as number[]); } catch (e) {
 *   e.message //=> "broadcastShapes (numpy): axis 1 has 3 vs 4; cannot broadcast [2, 3] with [4]"
 *   e.axis    //=> 1
 * }
 */
export class ShapeError extends Error implements ShapeErrorDetails {
  readonly code: ShapeErrorCode;
  readonly op: string;
  readonly mode: string;
  readonly a: readonly number[];
  readonly b: readonly number[];
  readonly axis: number | undefined;
  readonly sizes: readonly [number, number] | undefined;
  readonly fix: string | undefined;

  constructor(message: string, details: ShapeErrorDetails) {
    super(message);
    this.name = "ShapeError";
    this.code = details.code;
    this.op = details.op;
    this.mode = details.mode;
    this.a = details.a;
    this.b = details.b;
    this.axis = details.axis;
    this.sizes = details.sizes;
    this.fix = details.fix;
  }
}

// ---------------------------------------------------------------------------
// Message writers. Keep each one in step with its twin in types/errors.ts.
// ---------------------------------------------------------------------------

/** `[2, 3]`; a scalar is `[]`. */
export const showShape = (shape: readonly number[]): string => `[${shape.join(", ")}]`;

// The writers below are typed to return their twins in types/errors.ts (`writeX` returns
// `WriteX`), so a change of wording on one side is a compile error. A shape or a size reads
// through these two, the one place where the runtime's text is asserted to be its type's
// (`ShowShape` and `ShowDim` compute at the type level what `join` and `String` print here).
const shown = <S extends Shape>(shape: S): ShowShape<S> => showShape(shape) as ShowShape<S>;
const size = <N extends number>(n: N): ShowDim<N> => String(n) as ShowDim<N>;

/**
 * The whole sentence: what failed first (the axis and its sizes lead, so they
 * survive the compiler's cut of long literals), then both shapes, then the fix.
 */
export const writeShapeMessage = <
  Op extends string,
  Mode extends string,
  Detail extends string,
  A extends Shape,
  B extends Shape,
  Verb extends "with" | "to",
  Fix extends string | undefined,
>(op: Op, mode: Mode, detail: Detail, a: A, b: B, verb: Verb, fix: Fix): WriteShapeMessage<Op, Mode, Detail, A, B, Verb, Fix> =>
  `${op} (${mode}): ${detail}; cannot broadcast ${shown(a)} ${verb} ${shown(b)}${(fix === undefined ? "" : `; ${fix}`) as Fix extends undefined ? "" : `; ${Fix}`}`;

export const writeAxisMismatch = <Axis extends number, X extends number, Y extends number>(axis: Axis, x: X, y: Y): WriteAxisMismatch<Axis, X, Y> =>
  `axis ${axis} has ${size(x)} vs ${size(y)}`;

export const writeRankMismatch = <X extends number, Y extends number>(x: X, y: Y): WriteRankMismatch<X, Y> => `rank ${x} vs ${y}`;

export const writeInvalidSize = <Size extends number, Axis extends number, Operand extends string>(
  value: Size,
  axis: Axis,
  operand: Operand,
): WriteInvalidSize<Size, Axis, Operand> => `size ${value} at axis ${axis} of ${operand} is not a non-negative integer`;

export const writeMissingDims = <X extends number, Y extends number>(x: X, y: Y): WriteMissingDims<X, Y> =>
  `ranks ${x} and ${y} differ and no broadcastDimensions were given`;

/** `whose` is `"the lower"` (xla) or `"the input's"` (explicit). */
export const writeDimsLength = <Field extends string, Dims extends Shape, Whose extends string, Rank extends number>(
  field: Field,
  dims: Dims,
  whose: Whose,
  rank: Rank,
): WriteDimsLength<Field, Dims, Whose, Rank> =>
  `${field} ${shown(dims)} has ${dims.length} ${(dims.length === 1 ? "entry" : "entries") as Dims["length"] extends 1 ? "entry" : "entries"} but ${whose} rank is ${rank}`;

export const writeDimsRange = <Field extends string, Index extends number, Value extends number, Rank extends number>(
  field: Field,
  index: Index,
  value: Value,
  rank: Rank,
): WriteDimsRange<Field, Index, Value, Rank> => `${field}[${index}] = ${value} is not an axis of a rank-${rank} shape`;

export const writeDimsOrder = <Field extends string, Dims extends Shape, Index extends number>(
  field: Field,
  dims: Dims,
  index: Index,
): WriteDimsOrder<Field, Dims, Index> => `${field} ${shown(dims)} is not strictly increasing at entry ${index}`;

export const writeDimsEqualRank = <Dims extends Shape>(dims: Dims): WriteDimsEqualRank<Dims> =>
  `broadcastDimensions ${shown(dims)} must be empty or the identity for operands of equal rank`;

export const writeDimsScalar = <Dims extends Shape>(dims: Dims): WriteDimsScalar<Dims> =>
  `broadcastDimensions ${shown(dims)} must be empty for a scalar operand`;

export const writePdpdRank = <X extends number, Y extends number>(x: X, y: Y): WritePdpdRank<X, Y> =>
  `b has rank ${y} > rank ${x} of a (pdpd broadcasts only b onto a)`;

export const writePdpdAxis = <Axis extends number>(axis: Axis): WritePdpdAxis<Axis> => `axis ${axis} must be -1 or a non-negative integer`;

export const writePdpdRange = <Axis extends number, Length extends number, Rank extends number>(
  axis: Axis,
  length: Length,
  rank: Rank,
): WritePdpdRange<Axis, Length, Rank> =>
  `b (${length} ${(length === 1 ? "axis" : "axes") as Length extends 1 ? "axis" : "axes"} from axis ${axis}) does not fit in a's rank ${rank}`;

/** `"x"`, `"x or y"`, `"x, y or z"`; at the cap, `"x, y, ..."`. */
export const joinChoices = (items: readonly string[], capped: boolean): string => {
  if (capped) return `${items.join(", ")}, ...`;
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
};

/** The most fixes a message lists; one more found means "and more". */
export const FIX_LIST_CAP = 6;

export const writeDimsFix = (field: string, choices: readonly (readonly number[])[]): string => {
  if (choices.length === 0) return `no ${field} fit`;
  const capped = choices.length > FIX_LIST_CAP;
  return `valid ${field}: ${joinChoices(choices.slice(0, FIX_LIST_CAP).map(showShape), capped)}`;
};

export const writeExplicitFix = (choices: readonly (readonly number[])[]): string => {
  const capped = choices.length > FIX_LIST_CAP;
  return `mode "explicit" fits with axesMapping ${joinChoices(choices.slice(0, FIX_LIST_CAP).map(showShape), capped)}`;
};

export const writeNumpyFix = <Result extends Shape>(result: Result): WriteNumpyFix<Result> =>
  `mode "numpy" would broadcast them to ${shown(result)}`;

export const writePdpdFix = (axes: readonly number[]): string => {
  const capped = axes.length > FIX_LIST_CAP;
  const list = joinChoices(axes.slice(0, FIX_LIST_CAP).map(String), capped);
  return axes.length === 1 ? `axis ${list} fits` : `axes ${list} fit`;
};
