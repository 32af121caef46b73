/**
 * Fuzz: malformed arguments of every kind for every op. Each entry below
 * makes one bad call on a random tensor (any view, dtype, rank) and names
 * the error class the README's contract ("Bad input and limits") gives it:
 *
 * - TypeError: the wrong kind (not a tensor; a string, boolean, object,
 *   null or undefined where a number goes; not an array / object where one
 *   goes; an unknown option field, dtype or mode; out of the wrong dtype);
 * - RangeError: a number of the right kind with a value the parameter cannot
 *   take (fractional / NaN / infinite where an integer goes, NaN / infinite
 *   where a finite number goes, negative sizes, axes and indices out of
 *   range, a step of 0, an axis named twice, past the limits);
 * - ShapeError: shapes that do not fit each other or the op.
 *
 * Where the contract leaves the class open, an entry lists the classes it
 * accepts (and says why). Every message must start with the op's name and a
 * colon, no engine error may escape, and nothing may be written.
 */
import fc from "fast-check";
import * as lib from "shapecast";
import { type Tensor, tensor } from "shapecast";
import { describe } from "vitest";
import { chainArb } from "./support/arbs.js";
import { type Built, program, Seeds } from "./support/build.js";
import { type ErrorClass, show } from "./support/check.js";
import { buildChain } from "./support/chain.js";
import { runCase, triage } from "./support/expect.js";
import { sizeOf } from "./support/model.js";
import { fuzz } from "./support/run.js";

type Call = (...args: unknown[]) => unknown;
const fn = (name: string): Call => (lib as unknown as Record<string, Call>)[name]!;

/** One bad call: the op its message must name, the arguments after x, and the accepted classes. */
interface Bad {
  readonly op: string;
  /** The function called (defaults to op). */
  readonly fn?: string;
  /** Arguments; the string "x" stands for the tensor under test. */
  readonly args: readonly unknown[];
  readonly expect: ErrorClass | readonly ErrorClass[];
  /** Method call on x instead of a function call. */
  readonly method?: boolean;
}

/** An entry: a name (FUZZ_SKIP can name it, for triage) and the bad call it makes for a tensor, or none when it does not apply. */
interface Entry {
  readonly name: string;
  readonly make: (x: Built, s: Seeds) => Bad | undefined;
}

const X = Symbol("x");

/** Values of the wrong kind where a number goes. */
const NOT_NUMBER: readonly unknown[] = ["1", true, null, {}, () => 1, Symbol.iterator];
/** Numbers that are no integer. */
const NOT_INTEGER: readonly number[] = [0.5, -1.5, Number.NaN, Infinity, -Infinity, 4.5];
/** Not a tensor (numbers are not tensors either, where a tensor goes). */
const NOT_TENSOR: readonly unknown[] = [3, "x", null, undefined, {}, [1, 2], [[1]], true, new Float32Array(2)];
/** Not an operand (numbers and booleans are operands). */
const NOT_OPERAND: readonly unknown[] = ["x", null, undefined, {}, [1, 2], new Float32Array(2), 1n];

const rankOf = (x: Built): number => x.m.shape.length;
const outOfRange = (rank: number, s: Seeds): number => s.pick([rank, rank + 1, -rank - 1, 1000, -1000]);

const UNARY = ["neg", "abs", "sign", "sqrt", "exp", "log", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "round"];
const BINARY = ["add", "sub", "mul", "div", "pow", "mod", "maximum", "minimum", "equal", "notEqual", "less", "lessEqual", "greater", "greaterEqual", "logicalAnd", "logicalOr", "logicalXor"];
const REDUCE = ["sum", "prod", "mean", "max", "min", "argmax", "argmin", "variance", "std", "logSumExp"];

// ---------------------------------------------------------------------------
// The entries, by op family
// ---------------------------------------------------------------------------

const elementwise: Entry[] = [
  { name: "unary-not-tensor", make: (_, s) => ({ op: s.pick(UNARY), args: [s.pick(NOT_TENSOR)], expect: "TypeError" }) },
  { name: "unary-options-kind", make: (_, s) => ({ op: s.pick(UNARY), args: [X, s.pick(["out", 3, true, [1]])], expect: "TypeError" }) },
  { name: "unary-options-field", make: (_, s) => ({ op: s.pick(UNARY), args: [X, { [s.pick(["foo", "mode", "keepDims"])]: 1 }], expect: "TypeError" }) },
  { name: "unary-out-kind", make: (_, s) => ({ op: s.pick(UNARY), args: [X, { out: s.pick([3, "x", {}, [1]]) }], expect: "TypeError" }) },
  {
    name: "unary-out-dtype",
    make: (x, s) => {
      const op = s.pick(["abs", "floor", "relu"]); // these keep the dtype
      const other = s.pick(["float32", "float64", "int32", "uint8", "bool"].filter((d) => d !== x.m.dtype));
      return { op, args: [X, { out: lib.zeros([...x.m.shape], other as never) }], expect: "TypeError" };
    },
  },
  {
    name: "unary-out-shape",
    make: (x, s) => ({ op: s.pick(["abs", "floor"]), args: [X, { out: lib.zeros([...x.m.shape, 2], x.m.dtype as never) }], expect: "ShapeError" }),
  },
  { name: "unary-method-options-kind", make: (_, s) => ({ op: s.pick(UNARY), method: true, args: [s.pick(["out", 3])], expect: "TypeError" }) },
  { name: "clip-bound-kind", make: (_, s) => ({ op: "clip", args: s.next(2) === 0 ? [X, s.pick(NOT_NUMBER), 1] : [X, 0, s.pick(NOT_NUMBER)], expect: "TypeError" }) },
  // NaN is a number that a bound cannot take: a RangeError (contract: "a number of the right kind whose value the parameter cannot take")
  { name: "clip-bound-nan", make: (_, s) => ({ op: "clip", args: s.next(2) === 0 ? [X, Number.NaN, 1] : [X, 0, Number.NaN], expect: "RangeError" }) },
  { name: "clip-options-field", make: () => ({ op: "clip", args: [X, 0, 1, { foo: 1 }], expect: "TypeError" }) },
  { name: "cast-dtype", make: (_, s) => ({ op: "cast", args: [X, s.pick(["float16", "int64", "Float32", 3, null, undefined, {}])], expect: "TypeError" }) },
  { name: "cast-method-dtype", make: (_, s) => ({ op: "cast", method: true, args: [s.pick(["float16", 3])], expect: "TypeError" }) },
  {
    name: "cast-out-dtype",
    make: (x, s) => {
      const other = s.pick(["float32", "float64", "int32", "uint8", "bool"].filter((d) => d !== x.m.dtype));
      return { op: "cast", args: [X, x.m.dtype, { out: lib.zeros([...x.m.shape], other as never) }], expect: "TypeError" };
    },
  },
  { name: "binary-a-kind", make: (_, s) => ({ op: s.pick(BINARY), args: [s.pick(NOT_OPERAND), X], expect: "TypeError" }) },
  { name: "binary-b-kind", make: (_, s) => ({ op: s.pick(BINARY), args: [X, s.pick(NOT_OPERAND)], expect: "TypeError" }) },
  { name: "binary-method-b-kind", make: (_, s) => ({ op: s.pick(BINARY), method: true, args: [s.pick(NOT_OPERAND)], expect: "TypeError" }) },
  { name: "binary-options-kind", make: (_, s) => ({ op: s.pick(BINARY), args: [X, X, s.pick(["numpy", 3, true, [1]])], expect: "TypeError" }) },
  { name: "binary-mode", make: (_, s) => ({ op: s.pick(BINARY), args: [X, X, { mode: s.pick(["NUMPY", "bidirectional", "explicit", "", 3, null]) }], expect: "TypeError" }) },
  // an unknown option field is a TypeError, with or without a mode
  { name: "binary-unknown-field", make: (_, s) => ({ op: s.pick(BINARY), args: [X, X, s.next(2) === 0 ? { foo: 1 } : { mode: "numpy", [s.pick(["axis", "broadcastDimensions", "foo"])]: 0 }], expect: "TypeError" }) },
  { name: "binary-xla-dims-kind", make: (_, s) => ({ op: s.pick(BINARY), args: [X, 1, { mode: "xla", broadcastDimensions: s.pick(["0", 0, {}, ["0"], [null]]) }], expect: "TypeError" }) },
  { name: "binary-xla-dims-fraction", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(BINARY), args: [X, lib.zeros([1]), { mode: "xla", broadcastDimensions: [s.pick(NOT_INTEGER)] }], expect: "ShapeError" }) },
  { name: "binary-pdpd-axis-kind", make: (_, s) => ({ op: s.pick(BINARY), args: [X, 1, { mode: "pdpd", axis: s.pick(["0", true, null, [0]]) }], expect: "TypeError" }) },
  { name: "binary-pdpd-axis-fraction", make: (_, s) => ({ op: s.pick(BINARY), args: [X, 1, { mode: "pdpd", axis: s.pick(NOT_INTEGER) }], expect: "ShapeError" }) },
  { name: "binary-out-kind", make: (_, s) => ({ op: s.pick(BINARY), args: [X, X, { out: s.pick([3, "x", {}, [1]]) }], expect: "TypeError" }) },
  {
    name: "binary-out-dtype",
    make: (x, s) => {
      const op = s.pick(["equal", "less", "logicalAnd"]); // a bool result
      const other = s.pick(["float32", "float64", "int32", "uint8"]);
      return { op, args: [X, X, { out: lib.zeros([...x.m.shape], other as never) }], expect: "TypeError" };
    },
  },
  { name: "binary-out-shape", make: (x, s) => ({ op: s.pick(["equal", "less"]), args: [X, X, { out: lib.zeros([...x.m.shape, 3], "bool") }], expect: "ShapeError" }) },
  { name: "binary-none-misfit", make: (x, s) => ({ op: s.pick(BINARY), args: [X, lib.zeros([...x.m.shape, 2]), { mode: "none" }], expect: "ShapeError" }) },
  { name: "where-kind", make: (_, s) => ({ op: "where", args: s.next(3) === 0 ? [s.pick(NOT_OPERAND), X, X] : s.next(2) === 0 ? [X, s.pick(NOT_OPERAND), X] : [X, X, s.pick(NOT_OPERAND)], expect: "TypeError" }) },
  {
    name: "where-misfit",
    make: (x) => {
      // one axis that is not 1 gets a size that neither equals it nor is 1
      const axis = x.m.shape.findIndex((d) => d !== 1);
      return axis < 0 ? undefined : { op: "where", args: [X, X, lib.zeros(x.m.shape.map((d, a) => (a === axis ? (d === 0 ? 2 : d + 1) : d)))], expect: "ShapeError" };
    },
  },
];

const reductions: Entry[] = [
  { name: "reduce-not-tensor", make: (_, s) => ({ op: s.pick(REDUCE), args: [s.pick(NOT_TENSOR)], expect: "TypeError" }) },
  { name: "reduce-axis-kind", make: (_, s) => ({ op: s.pick(REDUCE), args: [X, s.pick(["0", true, {}, () => 0])], expect: "TypeError" }) },
  { name: "reduce-axis-list-kind", make: (_, s) => ({ op: s.pick(REDUCE.filter((o) => !o.startsWith("arg"))), args: [X, [s.pick(["0", true, null])]], expect: "TypeError" }) },
  { name: "reduce-axis-fraction", make: (_, s) => ({ op: s.pick(REDUCE), args: [X, s.pick(NOT_INTEGER)], expect: "RangeError" }) },
  { name: "reduce-axis-range", make: (x, s) => ({ op: s.pick(REDUCE), args: [X, outOfRange(rankOf(x), s)], expect: "RangeError" }) },
  { name: "reduce-axis-twice", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(REDUCE), args: [X, [0, s.pick([0, -rankOf(x)])]], expect: "RangeError" }) },
  { name: "reduce-options-kind", make: (_, s) => ({ op: s.pick(REDUCE), args: [X, undefined, s.pick(["keepDims", 3, true])], expect: "TypeError" }) },
  { name: "reduce-keepdims-kind", make: (_, s) => ({ op: s.pick(REDUCE), args: [X, undefined, { keepDims: s.pick(["yes", 1, {}]) }], expect: "TypeError" }) },
  { name: "reduce-options-field", make: (_, s) => ({ op: s.pick(REDUCE.filter((o) => o !== "variance" && o !== "std")), args: [X, undefined, { [s.pick(["keepdims", "ddof", "foo"])]: 1 }], expect: "TypeError" }) },
  { name: "ddof-kind", make: (_, s) => ({ op: s.pick(["variance", "std"]), args: [X, undefined, { ddof: s.pick(["1", true, null, {}]) }], expect: "TypeError" }) },
  { name: "ddof-value", make: (_, s) => ({ op: s.pick(["variance", "std"]), args: [X, undefined, { ddof: s.pick([-1, 0.5, Number.NaN, Infinity]) }], expect: "RangeError" }) },
  { name: "softmax-axis-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["softmax", "logSoftmax"]), args: [X, s.pick(["0", true, {}, [0]])], expect: "TypeError" }) },
  { name: "softmax-axis-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["softmax", "logSoftmax"]), args: [X, s.next(2) === 0 ? s.pick(NOT_INTEGER) : outOfRange(rankOf(x), s)], expect: "RangeError" }) },
  { name: "softmax-not-tensor", make: (_, s) => ({ op: s.pick(["softmax", "logSoftmax"]), args: [s.pick(NOT_TENSOR)], expect: "TypeError" }) },
];

const views: Entry[] = [
  { name: "view-not-tensor", make: (_, s) => ({ op: s.pick(["transpose", "permute", "expandDims", "squeeze", "slice", "reshape", "flatten", "broadcastTo", "split", "tile", "pad", "gather", "take"]), args: [s.pick(NOT_TENSOR), 0], expect: "TypeError" }) },
  { name: "permute-axes-kind", make: (_, s) => ({ op: s.pick(["permute", "transpose"]), args: [X, s.pick(["0", 0, {}, true])], expect: "TypeError" }) },
  { name: "permute-axis-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["permute", "transpose"]), args: [X, [...Array(rankOf(x)).keys()].map((a, i) => (i === 0 ? s.pick(["0", null, true]) : a))], expect: "TypeError" }) },
  { name: "permute-axis-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["permute", "transpose"]), args: [X, [...Array(rankOf(x)).keys()].map((a, i) => (i === 0 ? (s.next(2) === 0 ? s.pick(NOT_INTEGER) : outOfRange(rankOf(x), s)) : a))], expect: "RangeError" }) },
  { name: "permute-axis-twice", make: (x, s) => (rankOf(x) < 2 ? undefined : { op: s.pick(["permute", "transpose"]), args: [X, [...Array(rankOf(x)).keys()].map((a, i) => (i === 1 ? 0 : a))], expect: "RangeError" }) },
  // a list of the wrong length: its entries do not fit the rank (RangeError as now, or a ShapeError; the contract does not say)
  { name: "permute-axes-length", make: (x, s) => ({ op: s.pick(["permute", "transpose"]), args: [X, [...Array(rankOf(x) + 1).keys()]], expect: ["RangeError", "ShapeError"] }) },
  { name: "expandDims-axis-kind", make: (_, s) => ({ op: "expandDims", args: [X, s.pick(["0", null, undefined, true, [0]])], expect: "TypeError" }) },
  { name: "expandDims-axis-value", make: (x, s) => ({ op: "expandDims", args: [X, s.next(2) === 0 ? s.pick(NOT_INTEGER) : s.pick([rankOf(x) + 1, -rankOf(x) - 2])], expect: "RangeError" }) },
  // (null is NumPy's None there, as for reductions: every size-1 axis)
  { name: "squeeze-axis-kind", make: (_, s) => ({ op: "squeeze", args: [X, s.pick(["0", true, {}])], expect: "TypeError" }) },
  { name: "squeeze-axis-value", make: (x, s) => ({ op: "squeeze", args: [X, s.next(2) === 0 ? s.pick(NOT_INTEGER) : outOfRange(rankOf(x), s)], expect: "RangeError" }) },
  {
    name: "squeeze-axis-twice",
    make: (x) => {
      const one = x.m.shape.indexOf(1);
      return one < 0 ? undefined : { op: "squeeze", args: [X, [one, one - rankOf(x)]], expect: "RangeError" };
    },
  },
  {
    name: "squeeze-not-one",
    make: (x) => {
      const axis = x.m.shape.findIndex((d) => d !== 1);
      return axis < 0 ? undefined : { op: "squeeze", args: [X, axis], expect: "ShapeError" };
    },
  },
  { name: "slice-too-many", make: (x) => ({ op: "slice", args: [X, ...new Array<null>(rankOf(x) + 1).fill(null)], expect: ["RangeError", "ShapeError"] }) },
  { name: "slice-spec-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "slice", args: [X, s.pick(["0", true, [0, 1], () => 0])], expect: "TypeError" }) },
  { name: "slice-index-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "slice", args: [X, s.next(2) === 0 ? s.pick(NOT_INTEGER) : s.pick([x.m.shape[0]!, -x.m.shape[0]! - 1, 1000])], expect: "RangeError" }) },
  { name: "slice-step-zero", make: (x) => (rankOf(x) === 0 ? undefined : { op: "slice", args: [X, { step: 0 }], expect: "RangeError" }) },
  { name: "slice-field-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "slice", args: [X, { [s.pick(["start", "stop", "step"])]: s.pick(NOT_INTEGER) }], expect: "RangeError" }) },
  { name: "slice-field-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "slice", args: [X, { [s.pick(["start", "stop", "step"])]: s.pick(["1", true, null, {}]) }], expect: "TypeError" }) },
  { name: "slice-field-unknown", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "slice", args: [X, { [s.pick(["begin", "end", "size", "Start"])]: 0 }], expect: "TypeError" }) },
  { name: "reshape-shape-kind", make: (_, s) => ({ op: "reshape", args: [X, s.pick(["2", 2, {}, null, undefined])], expect: "TypeError" }) },
  { name: "reshape-size-kind", make: (x, s) => ({ op: "reshape", args: [X, [String(sizeOf(x.m.shape)), ...[true, null].slice(0, s.next(2))]], expect: "TypeError" }) },
  { name: "reshape-size-value", make: (_, s) => ({ op: "reshape", args: [X, [s.pick([-2, 0.5, Number.NaN, Infinity, -Infinity])]], expect: "RangeError" }) },
  { name: "reshape-count", make: (x) => ({ op: "reshape", args: [X, [sizeOf(x.m.shape) + 1]], expect: "ShapeError" }) },
  { name: "reshape-limit", make: (x) => (sizeOf(x.m.shape) !== 0 ? undefined : { op: "reshape", args: [X, [2 ** 40, 0]], expect: "RangeError" }) },
  // two -1: the value -1 is allowed once (RangeError as now, or a ShapeError)
  { name: "reshape-two-inferred", make: () => ({ op: "reshape", args: [X, [-1, -1]], expect: ["RangeError", "ShapeError"] }) },
  { name: "flatten-axis-kind", make: (_, s) => ({ op: "flatten", args: s.next(2) === 0 ? [X, s.pick(["0", true, null])] : [X, 0, s.pick(["0", true, null])], expect: "TypeError" }) },
  { name: "flatten-axis-value", make: (x, s) => ({ op: "flatten", args: [X, s.next(2) === 0 ? s.pick(NOT_INTEGER) : outOfRange(Math.max(rankOf(x), 1), s)], expect: "RangeError" }) },
  { name: "broadcastTo-target-kind", make: (_, s) => ({ op: "broadcastTo", args: [X, s.pick(["2", 2, {}, null, undefined])], expect: "TypeError" }) },
  { name: "broadcastTo-size-kind", make: (x, s) => ({ op: "broadcastTo", args: [X, [...x.m.shape.map((d, i) => (i === 0 ? String(d) : d)), ...(rankOf(x) === 0 ? [s.pick(["2", true, null])] : [])]], expect: "TypeError" }) },
  { name: "broadcastTo-size-value", make: (x, s) => ({ op: "broadcastTo", args: [X, [s.pick([-1, 0.5, Number.NaN, Infinity]), ...x.m.shape]], expect: "RangeError" }) },
  { name: "broadcastTo-misfit", make: (x) => (sizeOf(x.m.shape) === 1 ? undefined : { op: "broadcastTo", args: [X, x.m.shape.map((d) => (d === 1 ? 1 : d + 1))], expect: "ShapeError" }) },
  { name: "broadcastTo-limit", make: (x) => (rankOf(x) > 6 ? undefined : { op: "broadcastTo", args: [X, [2 ** 31, 2, ...x.m.shape]], expect: "RangeError" }) },
  { name: "broadcastTo-limit-empty", make: (x) => (rankOf(x) > 6 ? undefined : { op: "broadcastTo", args: [X, [2 ** 40, 0, ...x.m.shape]], expect: "RangeError" }) },
  // at most 64 axes for any tensor (contract limits), views included
  { name: "expandDims-rank-limit", make: (_, s) => ({ op: "expandDims", args: [lib.zeros(new Array<number>(64).fill(1)), s.pick([0, 64, -1])], expect: "RangeError" }) },
  { name: "broadcastTo-rank-limit", make: (_, s) => ({ op: "broadcastTo", args: [X, new Array<number>(65 + s.next(3)).fill(1)], expect: "RangeError" }) },
  { name: "reshape-rank-limit", make: (x) => (sizeOf(x.m.shape) !== 1 ? undefined : { op: "reshape", args: [X, new Array<number>(65).fill(1)], expect: "RangeError" }) },
  { name: "broadcastTo-mode", make: (x, s) => ({ op: "broadcastTo", args: [X, [...x.m.shape], { mode: s.pick(["xla", "pdpd", "none", "Numpy", 3]) }], expect: "TypeError" }) },
  { name: "broadcastTo-mapping-kind", make: (x, s) => ({ op: "broadcastTo", args: [X, [...x.m.shape], { mode: "explicit", axesMapping: s.pick(["0", 0, {}, [...x.m.shape.map(() => "0"), "0"].slice(0, Math.max(1, rankOf(x)))]) }], expect: "TypeError" }) },
  { name: "broadcastTo-mapping-fraction", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "broadcastTo", args: [X, [...x.m.shape], { mode: "explicit", axesMapping: x.m.shape.map((_, i) => (i === 0 ? s.pick(NOT_INTEGER) : i)) }], expect: "ShapeError" }) },
  { name: "split-parts-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "split", args: [X, s.pick(["2", true, null, {}])], expect: "TypeError" }) },
  { name: "split-sections-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "split", args: [X, s.pick([0, -1, 0.5, Number.NaN, Infinity])], expect: "RangeError" }) },
  { name: "split-size-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "split", args: [X, [s.pick(["1", true, null])]], expect: "TypeError" }) },
  { name: "split-size-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "split", args: [X, [x.m.shape[0]! + 1, s.pick([-1, 0.5, Number.NaN])]], expect: "RangeError" }) },
  { name: "split-misfit", make: (x) => (rankOf(x) === 0 ? undefined : { op: "split", args: [X, [x.m.shape[0]! + 1]], expect: "ShapeError" }) },
  { name: "split-axis", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "split", args: [X, 1, s.next(2) === 0 ? s.pick(NOT_INTEGER) : outOfRange(rankOf(x), s)], expect: "RangeError" }) },
  { name: "split-axis-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "split", args: [X, 1, s.pick(["0", true, null])], expect: "TypeError" }) },
];

const shaping: Entry[] = [
  { name: "join-list-kind", make: (_, s) => ({ op: s.pick(["concat", "stack"]), args: [s.pick([X, "x", 3, null, {}])], expect: "TypeError" }) },
  { name: "join-entry-kind", make: (_, s) => ({ op: s.pick(["concat", "stack"]), args: [[X, s.pick(NOT_TENSOR)]], expect: "TypeError" }) },
  // no tensor at all: the count 0 is not a value the list can take (RangeError, as now)
  { name: "join-empty", make: (_, s) => ({ op: s.pick(["concat", "stack"]), args: [[]], expect: "RangeError" }) },
  { name: "join-axis-kind", make: (_, s) => ({ op: s.pick(["concat", "stack"]), args: [[X, X], s.pick(["0", true, null, {}])], expect: "TypeError" }) },
  { name: "join-axis-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["concat", "stack"]), args: [[X, X], s.next(2) === 0 ? s.pick(NOT_INTEGER) : s.pick([rankOf(x) + 1, -rankOf(x) - 2, 1000])], expect: "RangeError" }) },
  {
    name: "join-misfit",
    make: (x, s) => {
      const op = s.pick(["concat", "stack"]);
      // concat of rank-0 tensors also has no axis 0 (RangeError)
      return { op, args: [[X, lib.zeros([...x.m.shape, 2], x.m.dtype as never)]], expect: op === "concat" && rankOf(x) === 0 ? ["ShapeError", "RangeError"] : "ShapeError" };
    },
  },
  { name: "tile-reps-kind", make: (_, s) => ({ op: "tile", args: [X, s.pick(["2", 2, {}, null])], expect: "TypeError" }) },
  { name: "tile-rep-kind", make: (_, s) => ({ op: "tile", args: [X, [s.pick(["2", true, null])]], expect: "TypeError" }) },
  { name: "tile-rep-value", make: (_, s) => ({ op: "tile", args: [X, [s.pick([-1, 0.5, Number.NaN, Infinity])]], expect: "RangeError" }) },
  { name: "tile-limit", make: (x) => (sizeOf(x.m.shape) === 0 || rankOf(x) > 6 ? undefined : { op: "tile", args: [X, [2 ** 31, ...x.m.shape.map(() => 1)]], expect: "RangeError" }) },
  { name: "pad-widths-kind", make: (_, s) => ({ op: "pad", args: [X, s.pick(["1", 1, {}, null])], expect: "TypeError" }) },
  // widths for another rank: a misfit with the tensor's shape (ShapeError as now, or RangeError)
  { name: "pad-widths-length", make: (x) => ({ op: "pad", args: [X, [...x.m.shape.map(() => [0, 0]), [0, 0]]], expect: ["ShapeError", "RangeError"] }) },
  { name: "pad-pair-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "pad", args: [X, x.m.shape.map((_, i) => (i === 0 ? s.pick([1, "1", [1, "1"], [true, 0], { before: 1 }]) : [0, 0]))], expect: "TypeError" }) },
  { name: "pad-width-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "pad", args: [X, x.m.shape.map((_, i) => (i === 0 ? [s.pick([-1, 0.5, Number.NaN, Infinity]), 0] : [0, 0]))], expect: "RangeError" }) },
  { name: "pad-value-kind", make: (x, s) => ({ op: "pad", args: [X, x.m.shape.map(() => [0, 1]), s.next(2) === 0 ? s.pick(["0", null, [0]]) : { value: s.pick(["0", null, [0]]) }], expect: "TypeError" }) },
  { name: "pad-options-field", make: (x) => ({ op: "pad", args: [X, x.m.shape.map(() => [0, 1]), { value: 0, mode: "constant" }], expect: "TypeError" }) },
  { name: "pad-limit", make: (x) => (rankOf(x) === 0 ? undefined : { op: "pad", args: [X, x.m.shape.map((_, i) => (i === 0 ? [2 ** 31, 0] : [0, 0]))], expect: "RangeError" }) },
  { name: "gather-indices-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["gather", "take"]), args: [X, s.pick(["0", 0, {}, null, undefined])], expect: "TypeError" }) },
  { name: "gather-index-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["gather", "take"]), args: [X, [s.pick(["0", true, null])]], expect: "TypeError" }) },
  { name: "gather-index-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["gather", "take"]), args: [X, [s.pick([0.5, Number.NaN, Infinity, 1e10, -1e10])]], expect: "RangeError" }) },
  { name: "gather-index-range", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "gather", args: [X, [s.pick([x.m.shape[0]!, -x.m.shape[0]! - 1])]], expect: "RangeError" }) },
  { name: "gather-float-indices", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["gather", "take"]), args: [X, lib.zeros([1], s.pick(["float32", "float64"]) as never)], expect: "TypeError" }) },
  { name: "gather-axis", make: (x, s) => ({ op: s.pick(["gather", "take"]), args: [X, [0], s.next(2) === 0 ? s.pick(NOT_INTEGER) : outOfRange(rankOf(x), s)], expect: "RangeError" }) },
  { name: "gather-axis-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["gather", "take"]), args: [X, [0], s.pick(["0", true, null])], expect: "TypeError" }) },
];

const products: Entry[] = [
  { name: "matmul-kind", make: (_, s) => ({ op: s.pick(["matmul", "dot", "outer"]), args: s.next(2) === 0 ? [s.pick(NOT_TENSOR), X] : [X, s.pick(NOT_TENSOR)], expect: "TypeError" }) },
  { name: "matmul-scalar", make: (x, s) => ({ op: s.pick(["matmul", "dot"]), args: [X, tensor(1)], expect: "ShapeError" }) },
  { name: "matmul-inner", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: s.pick(["matmul", "dot"]), args: [X, lib.zeros([x.m.shape[rankOf(x) - 1]! + 1, 2])], expect: "ShapeError" }) },
  { name: "outer-rank", make: (x) => (rankOf(x) === 1 ? undefined : { op: "outer", args: [X, lib.zeros([2])], expect: "ShapeError" }) },
];

/** Read-outs: get, item; the message names the method. */
const readOuts: Entry[] = [
  { name: "get-kind", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "get", method: true, args: x.m.shape.map((_, i) => (i === 0 ? s.pick(["0", true, null, [0], {}]) : 0)), expect: "TypeError" }) },
  { name: "get-value", make: (x, s) => (rankOf(x) === 0 ? undefined : { op: "get", method: true, args: x.m.shape.map((d, i) => (i === 0 ? (s.next(2) === 0 ? s.pick(NOT_INTEGER) : s.pick([d, -d - 1])) : 0)), expect: "RangeError" }) },
  // the wrong number of indices (RangeError as now, or a ShapeError)
  { name: "get-count", make: (x) => ({ op: "get", method: true, args: [...x.m.shape.map(() => 0), 0], expect: ["RangeError", "ShapeError"] }) },
  { name: "item-size", make: (x) => (sizeOf(x.m.shape) === 1 ? undefined : { op: "item", method: true, args: [], expect: ["RangeError", "ShapeError"] }) },
];

/** Creation and pure shape functions (no tensor argument; x is unused). */
const creation: Entry[] = [
  { name: "tensor-data-kind", make: (_, s) => ({ op: "tensor", args: [s.pick(["x", null, undefined, {}, new Map()])], expect: "TypeError" }) },
  { name: "tensor-element-kind", make: (_, s) => ({ op: "tensor", args: [[1, s.pick(["2", null, {}, [3]])]], expect: ["TypeError", "ShapeError"] }) },
  { name: "tensor-flat-element-kind", make: (_, s) => ({ op: "tensor", args: [[1, s.pick(["2", null, {}])], [2]], expect: "TypeError" }) },
  { name: "tensor-shape-size", make: (_, s) => ({ op: "tensor", args: [[1, 2], [s.pick([-2, 0.5, Number.NaN])]], expect: "RangeError" }) },
  { name: "tensor-shape-kind", make: (_, s) => ({ op: "tensor", args: [[1, 2], [s.pick(["2", true, null])]], expect: "TypeError" }) },
  // data that does not fill the shape (RangeError as now, or a ShapeError)
  { name: "tensor-count", make: () => ({ op: "tensor", args: [[1, 2, 3], [2]], expect: ["RangeError", "ShapeError"] }) },
  { name: "tensor-dtype", make: (_, s) => ({ op: "tensor", args: [[1], { dtype: s.pick(["float16", "int64", 3, null]) }], expect: "TypeError" }) },
  { name: "tensor-option-field", make: (_, s) => ({ op: "tensor", args: [[1], { [s.pick(["dtpye", "shape", "foo"])]: "float32" }], expect: "TypeError" }) },
  { name: "tensor-deep", make: () => ({ op: "tensor", args: [deep(65)], expect: "RangeError" }) },
  { name: "creator-shape-kind", make: (_, s) => ({ op: s.pick(["zeros", "ones"]), args: [s.pick(["2", 2, null, {}, [true], ["2"]])], expect: "TypeError" }) },
  { name: "creator-shape-value", make: (_, s) => ({ op: s.pick(["zeros", "ones"]), args: [[s.pick([-1, 0.5, Number.NaN, Infinity])]], expect: "RangeError" }) },
  { name: "creator-limit", make: (_, s) => ({ op: s.pick(["zeros", "ones"]), args: [s.pick([[2 ** 40, 0], [2 ** 31], [2 ** 20, 2 ** 20], new Array<number>(65).fill(1)])], expect: "RangeError" }) },
  { name: "creator-dtype", make: (_, s) => ({ op: s.pick(["zeros", "ones"]), args: [[2], s.pick(["float16", 3, null])], expect: "TypeError" }) },
  { name: "full-value-kind", make: (_, s) => ({ op: "full", args: [[2], s.pick(["1", null, {}, undefined])], expect: "TypeError" }) },
  { name: "arange-kind", make: (_, s) => ({ op: "arange", args: s.next(2) === 0 ? [s.pick(["3", null, true])] : [0, s.pick(["3", null, true]), 1], expect: "TypeError" }) },
  { name: "arange-value", make: (_, s) => ({ op: "arange", args: s.next(2) === 0 ? [s.pick([Number.NaN, Infinity, -Infinity])] : [0, 3, s.pick([0, Number.NaN, Infinity])], expect: "RangeError" }) },
  { name: "arange-limit", make: () => ({ op: "arange", args: [0, 2 ** 40, 1] , expect: "RangeError" }) },
  { name: "linspace-kind", make: (_, s) => ({ op: "linspace", args: s.next(2) === 0 ? [0, 1, s.pick(["3", null, true])] : [s.pick(["0", null]), 1, 3], expect: "TypeError" }) },
  { name: "linspace-value", make: (_, s) => ({ op: "linspace", args: s.next(2) === 0 ? [0, 1, s.pick([-1, 0.5, Number.NaN, Infinity])] : [s.pick([Number.NaN, Infinity]), 1, 3], expect: "RangeError" }) },
  { name: "eye-value", make: (_, s) => ({ op: "eye", args: [s.pick([-1, 0.5, Number.NaN, Infinity])], expect: "RangeError" }) },
  { name: "eye-kind", make: (_, s) => ({ op: "eye", args: [s.pick(["2", null, true])], expect: "TypeError" }) },
  { name: "random-seed-value", make: (_, s) => ({ op: s.pick(["random", "randn"]), args: [[2], { seed: s.pick([0.5, Number.NaN, Infinity]) }], expect: "RangeError" }) },
  { name: "random-seed-kind", make: (_, s) => ({ op: s.pick(["random", "randn"]), args: [[2], { seed: s.pick(["1", true, null]) }], expect: "TypeError" }) },
  { name: "random-dtype", make: (_, s) => ({ op: s.pick(["random", "randn"]), args: [[2], { dtype: s.pick(["int32", "bool", "float16"]) }], expect: "TypeError" }) },
  { name: "shapes-kind", make: (_, s) => ({ op: s.pick(["broadcastShapes", "broadcastToShape"]), args: [[2, 3], s.pick(["3", [3, "1"], null, {}])], expect: "TypeError" }) },
  { name: "shapes-value", make: (_, s) => ({ op: s.pick(["broadcastShapes", "broadcastToShape"]), args: [[2, 3], [s.pick([-1, 0.5, Number.NaN, Infinity, 2 ** 53])]], expect: "RangeError" }) },
  { name: "shapes-misfit", make: (_, s) => ({ op: s.pick(["broadcastShapes", "broadcastToShape"]), args: [[2, 3], [4]], expect: "ShapeError" }) },
  { name: "shapes-mode", make: (_, s) => ({ op: s.pick(["broadcastShapes", "broadcastToShape"]), args: [[2, 3], [3], { mode: s.pick(["foo", 3, null]) }], expect: "TypeError" }) },
];

/** Nested arrays `depth` deep around one number. */
function deep(depth: number): unknown {
  let data: unknown = 1;
  for (let i = 0; i < depth; i++) data = [data];
  return data;
}

// ---------------------------------------------------------------------------
// The runner
// ---------------------------------------------------------------------------

const argCode = (arg: unknown, x: Built): string =>
  arg === X ? x.name : Array.isArray(arg) ? `[${arg.map((a) => argCode(a, x)).join(", ")}]` : arg instanceof lib.Tensor ? `<${(arg as Tensor).dtype} tensor [${(arg as Tensor).shape.join(", ")}]>` : typeof arg === "function" ? "() => 1" : typeof arg === "symbol" ? "Symbol.iterator" : show(arg);

const resolve = (arg: unknown, x: Built): unknown => (arg === X ? x.t : Array.isArray(arg) ? arg.map((a) => resolve(a, x)) : arg);

function runEntries(entries: readonly Entry[], c: { x: Parameters<typeof buildChain>[0]; entry: number; seeds: number[] }): void {
  const entry = entries[c.entry % entries.length]!;
  triage([entry.name]);
  const x = buildChain(c.x, false);
  const bad = entry.make(x, new Seeds(c.seeds));
  if (bad === undefined) return;
  const args = bad.args.map((a) => resolve(a, x));
  const name = bad.fn ?? bad.op;
  const call = bad.method
    ? () => (x.t as unknown as Record<string, Call>)[name]!.apply(x.t, args)
    : () => fn(name)(...args);
  const text = bad.method ? `${x.name}.${name}(${bad.args.map((a) => argCode(a, x)).join(", ")})` : `${name}(${bad.args.map((a) => argCode(a, x)).join(", ")})`;
  const expect = typeof bad.expect === "string" ? [bad.expect] : bad.expect;
  runCase({ op: bad.op, call, code: `${program([x], text)}\n  (entry ${entry.name})`, expected: { error: expect }, inputs: [x] });
}

const errorCase = fc.record({ x: chainArb({ maxSteps: 2 }), entry: fc.nat(1000), seeds: fc.array(fc.nat(1000), { maxLength: 6 }) });

describe("fuzz: malformed arguments", () => {
  fuzz("errors/elementwise", errorCase, (c) => runEntries(elementwise, c));
  fuzz("errors/reductions", errorCase, (c) => runEntries(reductions, c));
  fuzz("errors/views", errorCase, (c) => runEntries(views, c));
  fuzz("errors/shaping", errorCase, (c) => runEntries(shaping, c));
  fuzz("errors/products", errorCase, (c) => runEntries(products, c));
  fuzz("errors/read-outs", errorCase, (c) => runEntries(readOuts, c));
  fuzz("errors/creation", errorCase, (c) => runEntries(creation, c));
});

