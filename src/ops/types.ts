/**
 * The compile-time signatures of the element-wise ops, as function types and
 * as method types (`x.add(y)`): result shapes come from the broadcast
 * algebra of types/, result dtypes from types/dtype.ts, and a misfit makes
 * the second operand's parameter type the runtime's message.
 */
import type {
  ArithmeticDType,
  BroadcastShapesOf,
  ConcatShape,
  GatheredShape,
  PaddedShape,
  RegroupedParts,
  LastSplitParts,
  SliceProblem,
  BroadcastToShapeOf,
  BroadcastToSpec,
  WithoutAxis,
  SplitMisfit,
  SplitParts,
  TiledShape,
  BroadcastSpec,
  DivisionDType,
  DType,
  EinsumShape,
  FloatDType,
  MatMulShape,
  Promote,
  ReducedOf,
  ScalarDType,
  ScalarFits,
  ScalarRangeProblem,
  ScannedOf,
  OneHotMisfit,
  OneHotParts,
  SortedOf,
  TopKPlaced,
  TopKProblem,
  NormParamShape,
  BatchNormLayout,
  BatchNormParamShape,
  BatchNormRankProblem,
  Shape,
  ShapeTypeError,
  SignedDType,
  StackShape,
  ToModeFields,
} from "../../types/index.js";
import type { InvalidSizeText } from "../../types/internal/sizes.js";
import type { AxisIndex, RangeMessage, ScalarAxisMessage } from "../../types/axis.js";
import type { MessageOf, ShapeChecked, WriteUndecided } from "../../types/errors.js";
import type { PoolMisfit, PoolOp1d, PoolOp2d, PoolOptions, PoolOptionsOf, PoolShape } from "../../types/pool.js";
import type { ConvMisfit, ConvOp, ConvOptions, ConvShape, DepthwiseOptions, TransposeOptions } from "../../types/conv.js";
import type { OptionField } from "../../types/window.js";
import type { TriangleDiagonal, TriangleShape } from "../../types/triangle.js";
import type { OntoExact } from "../../types/broadcast/to.js";
import type { ResizePairMisfit, ResizeModeOf, ResizeOptions, ResizeOptionsMisfit, ResizeShape, UpsampleShape } from "../../types/resize.js";
import type { RepeatAxisProblem, RepeatCountProblem, RepeatListLengthProblem, RepeatResult } from "../../types/repeat.js";
import type { AnyTensor, Tensor, TensorBrand } from "../tensor.js";

/** A tensor, or a plain number (or boolean) used as a scalar. (`AnyTensor`: checked by its brand, see src/tensor.ts.) */
export type Operand = AnyTensor | number | boolean;

/** A broadcast spec (numpy by default) plus an optional output tensor to write into. */
// (`out?: Tensor | undefined`: `{ out: undefined }` is left out, also under exactOptionalPropertyTypes)
export type ElementwiseOptions = (BroadcastSpec | { readonly mode?: undefined }) & { readonly out?: Tensor | undefined };

export interface UnaryOptions {
  readonly out?: Tensor | undefined;
}

/** The shape of an operand: a tensor's, or `[]` for a number. */
export type ShapeOf<X> = X extends Tensor<infer S, DType> ? S : [];

/**
 * The dtype an operand computes in; a number's follows the other operand's (see ScalarDType).
 * A tensor is recognised by its brand alone: testing a whole `AnyTensor` relates its shape to
 * `readonly number[]`, which stays unresolved while a size is a type parameter (`[T, T]`), and
 * the dtype would be lost in generic code.
 */
export type OperandDType<X, Other> =
  X extends TensorBrand<infer D> ? D : Other extends TensorBrand<infer D> ? ScalarDType<X, D> : X extends boolean ? "bool" : "float32";

/**
 * The broadcast spec inside an options object (everything but `out`; numpy without a mode).
 * Left-out options read as numpy. With strictNullChecks off an `undefined` argument or field
 * is inferred as `any`, so `any` counts as left out, and `undefined` extends every type, so it
 * is asked first.
 */
export type SpecOf<Options> =
  0 extends 1 & Options ? { mode: "numpy" }
  : Options extends undefined ? { mode: "numpy" }
  : 0 extends 1 & Options[keyof Options & "mode"] ? { mode: "numpy" }
  : Options extends { readonly mode: string }
    // (through `infer`, not `& BroadcastSpec`: the intersection would add optional fields to a literal spec)
    ? Omit<Options, "out"> extends infer Spec extends BroadcastSpec ? Spec : { mode: "numpy" }
    : { mode: "numpy" };

/** How an op's result dtype follows from its operands'. */
export type DTypeRule = "arithmetic" | "division" | "bool" | "promote";

export type ResultDType<Rule extends DTypeRule, A extends DType, B extends DType> =
  Rule extends "arithmetic" ? ArithmeticDType<A, B>
  : Rule extends "division" ? DivisionDType<A, B>
  : Rule extends "bool" ? "bool"
  : Promote<A, B>;

/** The shape of a binary op's result: the broadcast shape, or unknown rank on a misfit (one error, not a cascade). */
export type BinaryShape<Op extends string, X, Y, Options> =
  // (`infer Result extends Shape`, not `Result extends Shape ? Result`: that form narrows `Result`
  // in its true branch, and instantiating the narrowing while a call's types are inferred relates
  // the rule's deferred body to `Shape`, a second of checking; see `ShapeChecked`)
  BroadcastShapesOf<Op, ShapeOf<X>, ShapeOf<Y>, SpecOf<Options>> extends infer Result extends Shape ? Result : number[];

/** The result of a binary op. (The op signatures spell `Tensor<...>` out, so hovers show the tensor type.) */
export type BinaryResult<Op extends string, X, Y, Options, Rule extends DTypeRule> = Tensor<
  BinaryShape<Op, X, Y, Options>,
  ResultDType<Rule, OperandDType<X, Y>, OperandDType<Y, X>>
>;

/**
 * A number operand's message when the op computes in an integer dtype it does not fit
 * (`add(uint8Tensor, 300)`), or never: every rule but division computes in the number's
 * dtype next to an integer or bool tensor (types/dtype.ts, `ScalarRangeProblem`).
 */
type ScalarProblem<Op extends string, Rule extends DTypeRule, X, Y> =
  Rule extends "division" ? never
  // (the tensor's dtype read as a property, not inferred: `X extends Tensor<Shape, infer D>` would
  // stay unresolved on a shape with a type parameter)
  : Y extends number ? ScalarRangeProblem<Op, "b", Y, DTypeOfOperand<X>, "a">
  : X extends number ? ScalarRangeProblem<Op, "a", X, DTypeOfOperand<Y>, "b">
  : never;
/** A tensor operand's dtype; a number's is its own concern (`ScalarFits` takes every number next to another number). */
type DTypeOfOperand<X> = X extends number | boolean ? "float64" : X[keyof X & "dtype"] & DType;

/**
 * The second operand's parameter type: the operand itself, or the message when the shapes do
 * not fit, or when a number operand does not fit the dtype the op computes in (reported at the
 * second operand whichever is the number).
 */
export type CheckedOperand<Op extends string, X, Y, Options, Rule extends DTypeRule = "arithmetic"> = ScalarChecked<WriteUndecidedScalar<Op>, Op, X, Y, Options, Rule>;

/** What `ScalarChecked` says when the tensor's dtype is a type parameter. */
export type WriteUndecidedScalar<Op extends string> =
  `${Op}: the compiler cannot decide whether the number fits the dtype the op computes in (the tensor's dtype is a type parameter); constrain it (e.g. D extends "float32" | "float64") or cast the tensor`;

/**
 * `CheckedOperand`, named with `Undecided` first, so a call whose number's fit the compiler
 * cannot decide prints that sentence rather than the rule's body.
 */
export type ScalarChecked<Undecided extends string, Op extends string, X, Y, Options, Rule extends DTypeRule> =
  [ScalarProblem<Op, Rule, X, Y>] extends [never]
    ? ShapeChecked<WriteUndecided<Op>, BroadcastShapesOf<Op, ShapeOf<X>, ShapeOf<Y>, SpecOf<Options>>, Y>
    // (a number broadcasts onto any shape in numpy mode, so its message comes first there, also
    // where the sizes are type parameters the broadcast rule cannot decide; the other modes
    // check the ranks first, as the runtime does)
    : SpecOf<Options> extends { mode: "numpy" } ? ScalarProblem<Op, Rule, X, Y>
    : ShapeChecked<WriteUndecided<Op>, BroadcastShapesOf<Op, ShapeOf<X>, ShapeOf<Y>, SpecOf<Options>>, ScalarProblem<Op, Rule, X, Y>>;

/**
 * A number operand's parameter type in the signatures for generic shapes: `N` when it fits
 * the dtype the op computes in next to a tensor of dtype `D` (a dtype that is a type
 * parameter counts by its constraint; see `ScalarFits`), `never` when it does not.
 */
type FittingScalar<Rule extends DTypeRule, N, D extends DType> = N & (Rule extends "division" ? unknown : ScalarFits<N>[D]);

/** Options without a broadcast mode: what the structural signatures below accept. */
type OutOnly = { readonly mode?: "numpy"; readonly out?: Tensor | undefined };

/** A 1-D operand laid along axis `A` of the other (per-channel statistics): PDPD's `axis` or XLA's `broadcastDimensions`. */
type OnAxis<A extends number> =
  | { readonly mode: "pdpd"; readonly axis: A; readonly out?: Tensor | undefined }
  | { readonly mode: "xla"; readonly broadcastDimensions: readonly [A]; readonly out?: Tensor | undefined };

/**
 * The shapes that broadcast onto `S` and leave it unchanged: `S` or its trailing
 * axes, each of `S`'s size or 1 (`[T, D]`, `[1, D]`, `[D]`, `[]` onto `[B, T, D]`).
 * Built from the positions of `S` alone, never by testing a size, so it works on
 * sizes that are type parameters: the compiler cannot decide a conditional type
 * on a lone type parameter, but it can check an argument against this union.
 */
export type Onto<S extends Shape> = Suffixes<{ -readonly [K in keyof S]: S[K] | 1 }>;
type Suffixes<S> = S extends readonly [unknown, ...infer Rest] ? S | Suffixes<Rest> : S;

/** `unknown` when shapes `S` and `T` are each assignable to the other (the same shape, also of type parameters), else `never`. */
type SameShape<S extends Shape, T extends Shape> = [S] extends [T] ? ([T] extends [S] ? unknown : never) : never;

/** A tensor of any shape in `Shapes` (a tensor type's own shape check would reject a union of sizes). */
export type TensorOnto<S extends Shape, D extends DType> = TensorBrand<D> & { readonly shape: NoInfer<Onto<S>> };

/**
 * A binary element-wise op: `(a, b, options?)`.
 *
 * The first signature is the rule: it takes every call whose result the
 * compiler can decide, which is every call on concrete shapes. Its parameter
 * type depends on the result, so a call it cannot decide (sizes that are type
 * parameters) matches no argument and falls through to the next eight, which
 * need no conditional types on sizes, so shape-polymorphic code type-checks
 * (docs/generic-code.md): identical shapes (also `S` itself), one operand
 * broadcasts onto the other unchanged (`[B, T, D]` with `[T, D]`, `[B, D]` with
 * `[1, D]`, identical shapes; either order), a trailing bias or a per-row
 * statistic on a shape of unknown rank (`[...Rest, C]` with `[C]` or
 * `[...Rest, 1]`), a tensor with a number (either order), and a 1-D operand along one axis
 * named by PDPD's `axis` or XLA's `broadcastDimensions` (`[N, C, H, W]` with
 * `[C]` on axis 1). `NoInfer` keeps the second operand from widening a size
 * into a union. The last signature handles every shape and mode and turns a
 * misfit into the runtime's message; it is last because TypeScript 7 reports
 * the last signature's error.
 */
export interface BinaryOp<Op extends string, Rule extends DTypeRule> {
  // identical shapes first (each assignable to the other, so `[number]` beside `[3]` is not one
  // and keeps the rule's `[3]`): the rule's answer too, reached without evaluating the rule,
  // which on sizes that are type parameters costs some thousands of instantiations a call only
  // to stay unresolved
  <S extends Shape, T extends Shape, DA extends DType, DB extends DType>(
    a: Tensor<S, DA>,
    b: Tensor<T, DB> & SameShape<S, T>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  // a tensor with a number (either order): the rule's answer too, the tensor's shape
  <S extends Shape, DA extends DType, const N extends number>(
    a: Tensor<S, DA>,
    b: FittingScalar<Rule, N, DA>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, ScalarDType<N, DA>>>;
  <const N extends number, S extends Shape, DB extends DType>(
    a: FittingScalar<Rule, N, DB>,
    b: Tensor<S, DB>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, ScalarDType<N, DB>, DB>>;
  // the rule itself: it takes every call whose shapes the compiler can decide (all concrete
  // shapes), so the structural signatures below never widen a concrete result
  <const X extends Operand, const Y extends Operand, const Options extends ElementwiseOptions | undefined = undefined>(
    a: X,
    b: CheckedOperand<Op, X, Y, Options, Rule>,
    options?: Options,
  ): Tensor<BinaryShape<Op, X, Y, Options>, ResultDType<Rule, OperandDType<X, Y>, OperandDType<Y, X>>>;
  <S extends Shape, DA extends DType, DB extends DType>(
    a: Tensor<S, DA>,
    b: TensorOnto<S, DB>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  <S extends Shape, DA extends DType, DB extends DType>(
    a: TensorOnto<S, DA>,
    b: Tensor<S, DB>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  <Rest extends Shape, C extends number, DA extends DType, DB extends DType>(
    a: Tensor<readonly [...Rest, C], DA>,
    b: Tensor<readonly [NoInfer<C>], DB>,
    options?: OutOnly,
  ): Tensor<[...Rest, C], ResultDType<Rule, DA, DB>>;
  <Rest extends Shape, C extends number, DA extends DType, DB extends DType>(
    a: Tensor<readonly [...Rest, C], DA>,
    b: Tensor<readonly [...Rest, 1], DB>,
    options?: OutOnly,
  ): Tensor<[...Rest, C], ResultDType<Rule, DA, DB>>;
  <S extends Shape, const A extends number, DA extends DType, DB extends DType>(
    a: Tensor<S, DA>,
    b: Tensor<readonly [NoInfer<S[A]>], DB>,
    options: OnAxis<A>,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  <const X extends Operand, const Y extends Operand, const Options extends ElementwiseOptions | undefined = undefined>(
    a: X,
    b: CheckedOperand<Op, X, Y, Options, Rule>,
    options?: Options,
  ): Tensor<BinaryShape<Op, X, Y, Options>, ResultDType<Rule, OperandDType<X, Y>, OperandDType<Y, X>>>;
}

/** The same op as a method: `x.add(other, options?)`, with the same signatures. */
export interface BinaryMethod<Op extends string, Rule extends DTypeRule> {
  // identical shapes, then a number, then the rule, as in BinaryOp
  <S extends Shape, T extends Shape, DA extends DType, DB extends DType>(
    this: Tensor<S, DA>,
    other: Tensor<T, DB> & SameShape<S, T>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  <S extends Shape, DA extends DType, const N extends number>(
    this: Tensor<S, DA>,
    other: FittingScalar<Rule, N, DA>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, ScalarDType<N, DA>>>;
  // the rule: every call whose shapes the compiler can decide (all concrete shapes), so the
  // structural signatures below never widen a concrete result
  <This extends AnyTensor, const Y extends Operand, const Options extends ElementwiseOptions | undefined = undefined>(
    this: This,
    other: CheckedOperand<Op, This, Y, Options, Rule>,
    options?: Options,
  ): Tensor<BinaryShape<Op, This, Y, Options>, ResultDType<Rule, OperandDType<This, Y>, OperandDType<Y, This>>>;
  <S extends Shape, DA extends DType, DB extends DType>(
    this: Tensor<S, DA>,
    other: TensorOnto<S, DB>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  <S extends Shape, DA extends DType, DB extends DType>(
    this: TensorOnto<S, DA>,
    other: Tensor<S, DB>,
    options?: OutOnly,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  <Rest extends Shape, C extends number, DA extends DType, DB extends DType>(
    this: Tensor<readonly [...Rest, C], DA>,
    other: Tensor<readonly [NoInfer<C>], DB>,
    options?: OutOnly,
  ): Tensor<[...Rest, C], ResultDType<Rule, DA, DB>>;
  <Rest extends Shape, C extends number, DA extends DType, DB extends DType>(
    this: Tensor<readonly [...Rest, C], DA>,
    other: Tensor<readonly [...Rest, 1], DB>,
    options?: OutOnly,
  ): Tensor<[...Rest, C], ResultDType<Rule, DA, DB>>;
  <S extends Shape, const A extends number, DA extends DType, DB extends DType>(
    this: Tensor<S, DA>,
    other: Tensor<readonly [NoInfer<S[A]>], DB>,
    options: OnAxis<A>,
  ): Tensor<S, ResultDType<Rule, DA, DB>>;
  <This extends AnyTensor, const Y extends Operand, const Options extends ElementwiseOptions | undefined = undefined>(
    this: This,
    other: CheckedOperand<Op, This, Y, Options, Rule>,
    options?: Options,
  ): Tensor<BinaryShape<Op, This, Y, Options>, ResultDType<Rule, OperandDType<This, Y>, OperandDType<Y, This>>>;
}

export type UnaryRule = "same" | "float" | "signed" | "bool";

type UnaryDType<Rule extends UnaryRule, D extends DType> =
  Rule extends "float" ? FloatDType<D> : Rule extends "signed" ? SignedDType<D> : Rule extends "bool" ? "bool" : D;

/** A unary element-wise op: `(x, options?)`, same shape. */
export type UnaryOp<Rule extends UnaryRule> = <X extends AnyTensor>(
  x: X,
  options?: UnaryOptions,
) => Tensor<ShapeOf<X>, UnaryDType<Rule, X["dtype"]>>;

export type UnaryMethod<Rule extends UnaryRule> = <This extends AnyTensor>(
  this: This,
  options?: UnaryOptions,
) => Tensor<ShapeOf<This>, UnaryDType<Rule, This["dtype"]>>;

// Activations with arguments of their own (gelu, leakyRelu, elu): same shape, float results
/** `gelu`'s options: the tanh approximation or the exact form (`"none"`, the default), and `out`. */
export interface GeluOptions extends UnaryOptions {
  readonly approximate?: "none" | "tanh" | undefined;
}

/** `gelu(x, options?)`: same shape, `float64` stays and everything else gives `float32`. */
export type GeluOp = <X extends AnyTensor>(x: X, options?: GeluOptions) => Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;

export type GeluMethod = <This extends AnyTensor>(this: This, options?: GeluOptions) => Tensor<ShapeOf<This>, FloatDType<This["dtype"]>>;

/** `leakyRelu(x, alpha?, options?)` and `elu(x, alpha?, options?)`: same shape, float results. */
export type AlphaOp = <X extends AnyTensor>(x: X, alpha?: number, options?: UnaryOptions) => Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;

export type AlphaMethod = <This extends AnyTensor>(
  this: This,
  alpha?: number,
  options?: UnaryOptions,
) => Tensor<ShapeOf<This>, FloatDType<This["dtype"]>>;

/** `x.clip(min, max, options?)`: `clip(x, min, max, options?)`, same shape and dtype. */
export type ClipMethod = <This extends AnyTensor>(
  this: This,
  min: number,
  max: number,
  options?: UnaryOptions,
) => Tensor<ShapeOf<This>, This["dtype"]>;

/** `x.cast(dtype, options?)`: `cast(x, dtype, options?)`, same shape. */
export type CastMethod = <This extends AnyTensor, D extends DType>(
  this: This,
  dtype: D,
  options?: UnaryOptions,
) => Tensor<ShapeOf<This>, D>;

type WhereShape<C, X, Y> =
  BroadcastShapesOf<"where", ShapeOf<X>, ShapeOf<Y>, { mode: "numpy" }> extends infer AB extends Shape
    ? BroadcastShapesOf<"where", ShapeOf<C>, AB, { mode: "numpy" }> extends infer Result extends Shape ? Result : number[]
    : number[];

/**
 * where's condition in the signatures where an operand holds the result's shape `S`: a tensor
 * that broadcasts onto `S` unchanged, a number or a boolean, or a tensor of unknown rank
 * (`Tensor<number[], "bool">`, whose fit only the run time can check). `C` is the argument's own
 * type, so a tensor of unknown rank can be told from one of known rank (a shape tuple is also
 * a `number[]`, so no parameter type alone could tell them apart).
 */
type WhereCond<C, S extends Shape> =
  UnknownRank<C> extends true ? C : C extends TensorBrand<DType> ? TensorOnto<S, DType> : number | boolean;

/** The result's shape in those signatures: `S`, or unknown (`number[]`) beside a condition of unknown rank, which may add axes. */
type WhereCondShape<C, S extends Shape> = UnknownRank<C> extends true ? number[] : S;

/**
 * Is `C` a tensor of unknown rank (`Tensor<number[]>`)? Recognised by the brand and the shape
 * field, as `OperandDType` does: a test of the whole `AnyTensor` stays unresolved while a size is
 * a type parameter.
 */
type UnknownRank<C> = C extends TensorBrand<DType> & { readonly shape: infer CS } ? (number[] extends CS ? true : false) : false;

/** `where(cond, a, b)`: the three shapes broadcast together (NumPy), the dtype promotes a and b. */
export interface WhereOp {
  // the rule first, for every call it can decide (see BinaryOp)
  <const C extends Operand, const X extends Operand, const Y extends Operand>(
    cond: C,
    a: X,
    b: CheckedOperand<"where", X, Y, undefined>,
  ): Tensor<WhereShape<C, X, Y>, Promote<OperandDType<X, Y>, OperandDType<Y, X>>>;
  // One operand holds the result's shape and the others broadcast onto it unchanged
  // (see `Onto`): no conditional type on a size, so these hold for type parameters. The
  // condition may also be a tensor of unknown rank (`WhereCond`), checked at run time.
  <S extends Shape, DA extends DType, DB extends DType, C = number>(
    cond: WhereCond<C, S>,
    a: Tensor<S, DA>,
    b: TensorOnto<S, DB>,
  ): Tensor<WhereCondShape<C, S>, Promote<DA, DB>>;
  <S extends Shape, DA extends DType, DB extends DType, C = number>(
    cond: WhereCond<C, S>,
    a: TensorOnto<S, DA>,
    b: Tensor<S, DB>,
  ): Tensor<WhereCondShape<C, S>, Promote<DA, DB>>;
  <S extends Shape, DA extends DType, const N extends number | boolean, C = number>(
    cond: WhereCond<C, S>,
    a: Tensor<S, DA>,
    b: N,
  ): Tensor<WhereCondShape<C, S>, Promote<DA, OperandDType<N, Tensor<S, DA>>>>;
  <S extends Shape, const N extends number | boolean, DB extends DType, C = number>(
    cond: WhereCond<C, S>,
    a: N,
    b: Tensor<S, DB>,
  ): Tensor<WhereCondShape<C, S>, Promote<OperandDType<N, Tensor<S, DB>>, DB>>;
  <const C extends Operand, const X extends Operand, const Y extends Operand>(
    cond: C,
    a: X,
    b: CheckedOperand<"where", X, Y, undefined>,
  ): Tensor<WhereShape<C, X, Y>, Promote<OperandDType<X, Y>, OperandDType<Y, X>>>;
}

/**
 * `matmul(a, b)`. The first four signatures need no conditional types, so
 * shape-polymorphic code type-checks: `[M, K]` by `[K, N]` (`Tensor<[B, I]>` times
 * `Tensor<[I, O]>` inside a generic function gives `Tensor<[B, O]>`), and batch axes
 * on either side or both (`[...Batch, M, K]` by `[K, N]`, `[M, K]` by
 * `[...Batch, K, N]`, the same `Batch` on both); `NoInfer` keeps a conflicting
 * inner size from being inferred as a union. The last, so that TypeScript 7
 * reports it, checks any shapes and turns a misfit into the runtime's message.
 */
export interface MatmulOp<Op extends string = "matmul"> {
  <M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    a: Tensor<readonly [M, K], DA>,
    b: Tensor<readonly [NoInfer<K>, N], DB>,
  ): Tensor<[M, N], ArithmeticDType<DA, DB>>;
  // a stack of matrices by a stack with the same batch axes (attention's [...Batch, Heads, Seq, Dim])
  <Batch extends Shape, M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    a: Tensor<readonly [...Batch, M, K], DA>,
    b: Tensor<readonly [...Batch, NoInfer<K>, N], DB>,
  ): Tensor<[...Batch, M, N], ArithmeticDType<DA, DB>>;
  // a stack of matrices by one matrix (a projection of [B, T, D] by [D, E]), and one matrix by a stack
  <Batch extends Shape, M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    a: Tensor<readonly [...Batch, M, K], DA>,
    b: Tensor<readonly [NoInfer<K>, N], DB>,
  ): Tensor<[...Batch, M, N], ArithmeticDType<DA, DB>>;
  <Batch extends Shape, M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    a: Tensor<readonly [M, K], DA>,
    b: Tensor<readonly [...Batch, NoInfer<K>, N], DB>,
  ): Tensor<[...Batch, M, N], ArithmeticDType<DA, DB>>;
  <const X extends AnyTensor, const Y extends AnyTensor>(
    a: X,
    b: MatMulChecked<WriteUndecided<Op>, ShapeOf<X>, ShapeOf<Y>, Op, Y>,
  ): Tensor<MatMulShape<ShapeOf<X>, ShapeOf<Y>, Op> extends infer Result extends Shape ? Result : number[], ArithmeticDType<X["dtype"], Y["dtype"]>>;
}

/**
 * matmul's second operand: `Y`, or the message. Its own conditional type, as each op's
 * check is (`ReshapeChecked`, `ConcatChecked`, `StackChecked`): an undecided call then prints
 * as `MatMulChecked<"matmul: the compiler cannot decide ...", [B, T, D], [C, E], ...>`, with
 * the shapes, never as the rule's unresolved body.
 */
export type MatMulChecked<Undecided extends string, A extends Shape, B extends Shape, Op extends string, Y> =
  // (the message read from its field, as `ShapeChecked` reads it: inferred, a message naming a shape
  // with a type parameter would leave this test unresolved and a definite misfit read as undecided)
  [MatMulShape<A, B, Op>, 0] extends [infer Failed extends ShapeTypeError<string>, 0] ? MessageOf<Failed> : Y;

/**
 * permute/transpose's axes: `Axes`, or the message when they are not a permutation of the axes
 * (read from the error's field, so a message that names a shape holding a type parameter still
 * decides the test: the count of axes is known even where a size is not).
 */
export type PermutedChecked<Result, Axes> =
  [Result, 0] extends [infer Failed extends ShapeTypeError<string>, 0] ? MessageOf<Failed> : Axes;

/**
 * `einsum(subscripts, ...operands)`: the result shape read from the subscripts at compile
 * time (types/einsum.ts), the dtype that of arithmetic over all operands. A misfit makes the
 * subscripts' parameter type the runtime's message; subscripts that are a plain `string`, or
 * an operand of unknown rank, give an unknown shape, checked at run time.
 */
export type EinsumOp = <const S extends string, Operands extends readonly AnyTensor[]>(
  subscripts: EinsumChecked<WriteUndecided<"einsum">, S, EinsumShapes<Operands>>,
  ...operands: Operands
) => Tensor<EinsumShape<S, EinsumShapes<Operands>> extends infer Result extends Shape ? Result : number[], EinsumDType<Operands[number]["dtype"]>>;

// (each operand's `shape` property: cheaper than `ShapeOf`'s conditional type)
type EinsumShapes<Operands extends readonly AnyTensor[]> = { -readonly [K in keyof Operands]: Operands[K]["shape"] };

/** einsum's subscripts: `S`, or the message (printed with the subscripts and shapes when undecided, as `MatMulChecked`). */
export type EinsumChecked<Undecided extends string, S extends string, Shapes extends readonly Shape[]> =
  [EinsumShape<S, Shapes>] extends [ShapeTypeError<infer Message>] ? Message : S;

/** `ArithmeticDType` folded over the operands' dtypes (a union): the latest on the chain, bool alone computing in int32. */
type EinsumDType<D extends DType> =
  DType extends D ? DType
  : "float64" extends D ? "float64"
  : "float32" extends D ? "float32"
  : "int32" extends D ? "int32"
  : "uint8" extends D ? "uint8"
  : "int32";

/** How a reduction's dtype follows from its input's ("bool": any, all). */
export type ReduceRule = "same" | "sum" | "float" | "index" | "bool";

export type ReduceDType<Rule extends ReduceRule, D extends DType> =
  Rule extends "float" ? FloatDType<D>
  : Rule extends "index" ? "int32"
  : Rule extends "bool" ? "bool"
  : Rule extends "sum" ? (D extends "bool" | "uint8" ? "int32" : D)
  : D;

/**
 * Is `keepDims: true` given? Left out, `undefined` or not a literal `true`: no. As in SpecOf,
 * `any` (what `undefined` infers as with strictNullChecks off) counts as left out, and
 * `undefined` (which extends every type with strictNullChecks off) is asked first.
 */
export type KeepDimsOf<Options> =
  0 extends 1 & Options ? false
  : Options extends undefined ? false
  : Options extends { readonly keepDims: infer Keep } ? (0 extends 1 & Keep ? false : [Keep] extends [true] ? true : false)
  : false;

/**
 * A reduction: `(x, axis?, options?)` with one axis, a list, or none (all);
 * the result shape is exact at compile time, an axis out of range is a
 * compile error with the runtime's message. The first signature serves
 * generic code reducing the last axis with keepDims.
 */
export interface ReduceOp<Op extends string, Rule extends ReduceRule, Options = { readonly keepDims?: boolean | undefined }> {
  // over the last axis, for shape-polymorphic code (no conditional types on the shape)
  <Rest extends Shape, D extends number, DT extends DType, const Axis extends -1, const Keep extends true>(
    x: Tensor<readonly [...Rest, D], DT>,
    axis: Axis,
    options: Options & { readonly keepDims: Keep },
  ): Tensor<
    // With strictNullChecks off `undefined` fits every parameter type, so `(x, undefined, { keepDims: true })`
    // lands here too, its `undefined` inferred as `any`: such a call gets the general signature's shape.
    // (`unknown extends`, not `0 extends 1 & Axis`: the compiler reduces `1 & Axis` to never up front,
    // as Axis's constraint -1 is disjoint from 1.)
    unknown extends Axis | Keep
      ? ReducedOf<Op, [...Rest, D], unknown extends Axis ? undefined : -1, unknown extends Keep ? false : true> extends infer Result extends Shape
        ? Result
        : number[]
      : [...Rest, 1],
    ReduceDType<Rule, DT>
  >;
  <X extends AnyTensor, const Axis extends number | readonly number[] | undefined = undefined, const O extends Options | undefined = undefined>(
    x: X,
    axis?: ReducedOf<Op, ShapeOf<X>, Axis, false> extends ShapeTypeError<infer Message> ? Message : Axis,
    options?: O,
  ): Tensor<ReducedOf<Op, ShapeOf<X>, Axis, KeepDimsOf<O>> extends infer Result extends Shape ? Result : number[], ReduceDType<Rule, X["dtype"]>>;
}

/** The options of the cumulative ops. */
export interface ScanOptions {
  /** Each element leaves itself out: the first is 0 (cumsum) or 1 (cumprod). Default false. */
  readonly exclusive?: boolean | undefined;
  /** Accumulate from the end of the axis. Default false. */
  readonly reverse?: boolean | undefined;
}

/**
 * A cumulative op, `(x, axis?, options?)`: along one axis the shape is kept, with no axis the
 * result is the flattened tensor's (1-D); the dtype follows `sum`'s rule. An axis out of range
 * is a compile error with the runtime's message.
 */
export type ScanOp<Op extends string> = <X extends AnyTensor, const Axis extends number | undefined = undefined>(
  x: X,
  axis?: ScannedOf<Op, ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
  options?: ScanOptions,
) => Tensor<ScannedOf<Op, ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], ReduceDType<"sum", X["dtype"]>>;

/** The options of `oneHot`: the result's dtype (float32 by default). */
export interface OneHotOptions<D extends DType = DType> {
  readonly dtype?: D | undefined;
}

/**
 * `oneHot(indices, depth, options?)`: int32 or uint8 indices of shape S give `[...S, depth]`.
 * A negative or fractional literal depth is a compile error with the runtime's message; a depth
 * that is a type parameter cannot be decided (it might be -1), and the call is an error saying so.
 */
export type OneHotOp = <X extends AnyTensor<Shape, "int32" | "uint8">, const Depth extends number, const D extends DType = "float32">(
  indices: X,
  depth: OneHotChecked<Depth>,
  options?: OneHotOptions<D>,
) => Tensor<OneHotParts<ShapeOf<X>, Depth>, D>;

/**
 * oneHot's depth: `Depth`, or the message of a literal that is not a count. A depth that is a
 * type parameter is taken (`WindowFit`): whether it is a count is the run time's to check.
 */
export type OneHotChecked<Depth extends number> = WindowFit<OneHotMisfit<Depth>, Depth>;

/** The options of sort and argsort. */
export interface SortOptions<Axis extends number = number> {
  /** The axis sorted along (default -1). */
  readonly axis?: Axis | undefined;
  /** Largest first (default false). */
  readonly descending?: boolean | undefined;
}

/**
 * sort (`"same"`: the input's dtype) and argsort (`"index"`: int32 positions): `(x, options?)`,
 * the shape kept; an axis out of range is a compile error with the runtime's message.
 */
export type SortOp<Op extends string, Rule extends "same" | "index"> = <X extends AnyTensor, const Axis extends number = -1>(
  // a scalar has no axis, the default -1 included: said here, as the options may be left out
  x: ShapeOf<X> extends readonly [] ? RangeMessage<Op, "axis", Axis, 0> : X,
  options?: {
    readonly axis?: (SortedOf<Op, ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis) | undefined;
    readonly descending?: boolean | undefined;
  },
) => Tensor<SortedOf<Op, ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], Rule extends "index" ? "int32" : X["dtype"]>;

/**
 * `topk(x, k, { axis })`: `{ values, indices }` with the axis (default -1) of size k; the
 * values in x's dtype, the positions int32. A bad literal k, or one larger than a literal size,
 * is a compile error with the runtime's message; against a size that is a type parameter
 * (`topk(logits, 5)` on `[B, V]`) whether k fits is for the run time to say, as for a window
 * (`TopKChecked`), and the result is `[B, 5]`.
 */
export type TopKOp = <X extends AnyTensor, const K extends number, const Axis extends number = -1>(
  // a scalar has no axis, the default -1 included: said here, as the options may be left out
  x: ShapeOf<X> extends readonly [] ? RangeMessage<"topk", "axis", Axis, 0> : X,
  k: TopKChecked<ShapeOf<X>, K, Axis>,
  options?: { readonly axis?: ([TopKAxisProblem<ShapeOf<X>, Axis>] extends [never] ? Axis : TopKAxisProblem<ShapeOf<X>, Axis>) | undefined },
) => {
  values: Tensor<TopKPlaced<ShapeOf<X>, K, Axis>, X["dtype"]>;
  indices: Tensor<TopKPlaced<ShapeOf<X>, K, Axis>, "int32">;
};

/**
 * topk's k: `K`, or the message of a k that does not fit (an axis out of range is the options'
 * to report). Against a size that is a type parameter the test of k stays unresolved, and the
 * unresolved key indexes `{ fit: unknown }` by what it can become, `"fit"`: k is accepted, and
 * the runtime checks it (as `WindowFit` does a window).
 */
export type TopKChecked<S extends Shape, K extends number, Axis extends number> =
  number extends S["length"] ? K
  : AxisIndex<S, Axis> extends infer At extends number
    ? [At] extends [never] ? K
    : (K & { fit: unknown }[[TopKProblem<S, K, At>] extends [never] ? "fit" : never]) | TopKProblem<S, K, At>
    : never;

/** The axis's message when it is out of range, else never. */
export type TopKAxisProblem<S extends Shape, Axis extends number> =
  number extends S["length"] ? never : [AxisIndex<S, Axis>] extends [never] ? RangeMessage<"topk", "axis", Axis, S["length"]> : never;

/** An op along one axis (default -1) that keeps the shape, in floating point: softmax, logSoftmax. */
export type AxisOp<Op extends string> = <X extends AnyTensor, const Axis extends number = -1>(
  x: ShapeOf<X> extends readonly [] ? ScalarAxisMessage<Op> : X,
  axis?: ReducedOf<Op, ShapeOf<X>, Axis, false> extends ShapeTypeError<infer Message> ? Message : Axis,
) => Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;

/**
 * `tril(x, k?)`, `triu(x, k?)`: x of rank 2 or more, its shape and dtype kept; `k` an integer
 * (0 by default). The first signature takes every shape that ends in two axes, by structure
 * (`[T, T]`, `[...Batch, T, T]` keep their type parameters); the second the others: a shape of
 * unknown rank, or the message of rank 0 or 1.
 */
export interface TriangleOp<Op extends string> {
  <X extends AnyTensor<readonly [...number[], number, number]>, const K extends number = 0>(x: X, k?: TriangleDiagonal<Op, K>): Tensor<ShapeOf<X>, X["dtype"]>;
  <X extends AnyTensor, const K extends number = 0>(
    x: [TriangleShape<Op, ShapeOf<X>>] extends [ShapeTypeError<infer Message>] ? Message : X,
    k?: TriangleDiagonal<Op, K>,
  ): Tensor<ShapeOf<X>, X["dtype"]>;
}

type ShapesOf<Tensors extends readonly AnyTensor[]> = { -readonly [Key in keyof Tensors]: ShapeOf<Tensors[Key]> };
type DTypeOfAll<Tensors extends readonly AnyTensor[]> = Tensors[number]["dtype"];

/**
 * `concat(tensors, axis?)`: the sizes on the axis add up at compile time; a mismatch is a compile error.
 *
 * The sizes add by `Plus` (types/size.ts): literals to their sum, and a type parameter to an
 * expression that names the sum (`[B, T, D]` with `[B, 1, D]` on axis 1 is
 * `[B, Plus<T, 1>, D]`). The sizes off the axis are compared by identity first, so one type
 * parameter on each side fits; two different ones are undecided (docs/generic-code.md).
 */
export interface ConcatOp {
  <const Tensors extends readonly AnyTensor[], const Axis extends number = 0>(
    tensors: ConcatChecked<WriteUndecided<"concat">, ShapesOf<Tensors>, Axis, Tensors>,
    axis?: Axis,
  ): Tensor<ConcatResult<ShapesOf<Tensors>, Axis>, DTypeOfAll<Tensors>>;
}

/** concat's shape, `number[]` for an error (the call is an error then); named, so an undecided call's result prints by name. */
export type ConcatResult<Shapes extends readonly Shape[], Axis extends number> = ConcatShape<Shapes, Axis> extends infer Result extends Shape ? Result : number[];

/** The tensors when they join, the message when they do not; undecided when a size off the axis is (two type parameters). */
export type ConcatChecked<Undecided extends string, Shapes extends readonly Shape[], Axis extends number, Tensors> =
  // (the message read from its field, not inferred: a message that names a shape holding a type
  // parameter stays unresolved, and an inference from it would leave this test unresolved too)
  ConcatShape<Shapes, Axis> extends infer Result ? ([Result, 0] extends [ShapeTypeError<string>, 0] ? MessageOf<Result & ShapeTypeError<string>> : Tensors) : never;

/** stack's tensors, or the message (printed with the shapes when undecided, as `MatMulChecked`). */
export type StackChecked<Undecided extends string, Shapes extends readonly Shape[], Axis extends number, Tensors> =
  StackShape<Shapes, Axis> extends infer Result ? ([Result, 0] extends [ShapeTypeError<string>, 0] ? MessageOf<Result & ShapeTypeError<string>> : Tensors) : never;

/**
 * reshape's `shape` parameter: the target, or the message when it does not fit.
 * Its own conditional type (not `ShapeChecked` around the rule), so a call the
 * compiler cannot decide prints as `ReshapeChecked<"reshape: the compiler cannot
 * decide ...", [B, D], readonly [D, B]>`, not as the rule's unresolved body.
 * `Regrouped` is the rule on concrete shapes and keeps shared type parameters.
 */
export type ReshapeChecked<Undecided extends string, From extends Shape, Target extends Shape, Lead extends Shape = NoLead> =
  // (the parts read by index, so that this alias's own test is on the shape: while that stays
  // unresolved, the call prints this alias by name)
  [ReshapeParts<From, Target, Lead>[0]] extends [ShapeTypeError<infer Message>] ? Message
  // (a -1 beside kept sizes: whether a kept size is 0 stays unresolved for a type parameter, and
  // is then the run time's to say, `WindowFit`)
  : [ReshapeParts<From, Target, Lead>[1]] extends [never] ? Target
  // (the target written through `Lead` where it has one, so that the call infers `Lead` from it)
  : LeadRead<Lead> extends false
    ? WindowFit<ReshapeParts<From, Target, Lead>[1] & ShapeTypeError<string>, Target>
    : WindowFit<ReshapeParts<From, Target, Lead>[1] & ShapeTypeError<string>, readonly [...Lead, -1]>;

/**
 * reshape's rule with the split of a last axis before a trailing -1 (`LastSplitParts`,
 * types/reshape.ts) when the target has one (`Lead`), `RegroupedParts` otherwise.
 */
type ReshapeParts<From extends Shape, Target extends Shape, Lead extends Shape> =
  LeadRead<Lead> extends false ? RegroupedParts<From, Target> : LastSplitParts<From, Target, Lead>;


/**
 * Whether the call read the sizes before a trailing -1 (`Lead`, not `NoLead`). `Lead` is
 * `NoLead`, or `NoLead` with the unresolved test of a target that ends in a type parameter
 * (`LeadOf`), which this test, wrapped, takes as holding `NoLead`: decided either way.
 */
type LeadRead<Lead extends Shape> = { lead: NoLead } extends { lead: Lead } ? false : true;

/** reshape's result, `number[]` for an error (the call is an error then); named, so an undecided call's result prints by name. */
export type ReshapeResult<From extends Shape, Target extends Shape, Lead extends Shape = NoLead> = ReshapeParts<From, Target, Lead>[0] extends infer Result extends Shape ? Result : number[];

/**
 * The road from a dynamic tensor (`Tensor<number[]>`) into generic code: reshape's target kept as
 * written (`[B, T, 12, 64]`), which is the result whenever the target holds no -1, the element
 * count being checked at run time. The compiler cannot decide whether a type parameter is -1 (no
 * conditional type on `B` is ever decided), so the result cannot come from a test of the target;
 * it comes from inference instead. reshape's `Kept` is inferred from the target and constrained by
 * this type, where each literal -1 becomes `never` and every other size stays: a target with a -1
 * fails the constraint, and `Kept` is then the constraint itself, `KeptTarget<..> | TargetWithMinusOne`,
 * which `ReshapeOut` recognises and answers with the rule (`[3, -1]` from a dynamic tensor is
 * `[3, number]`; beside a type parameter, `[B, -1]`, the rule cannot decide, and the call says so).
 * A size that is a type parameter passes, since the test of its text is taken as failing for any
 * size in the relation (the compiler's own reading, alike in TypeScript 5.9, 6 and 7).
 */
export type KeptTarget<Target extends Shape> = { readonly [K in keyof Target]: `${Target[K]}` extends "-1" ? never : Target[K] };

/** `Kept`'s constraint: `KeptTarget` for a dynamic tensor; for a tensor of known rank only the fallback, which no target fits, so nothing is checked per element. */
export type KeptOf<From extends Shape, Target extends Shape> = number[] extends From ? KeptTarget<Target> | TargetWithMinusOne : TargetWithMinusOne;

/** What `KeptTarget` falls back to for a target with a -1: no target fits it, so reshape's own rule answers. */
export type TargetWithMinusOne = readonly (number & { readonly "reshape: a -1 is worked out by the rule": true })[];

/**
 * reshape's second parameter for a dynamic tensor: the kept target; `never` for a tensor of known
 * rank or a target with a -1, where the rule decides alone (and its message is the error).
 */
export type DynamicTarget<From extends Shape, Kept extends Shape> = number[] extends From ? (TargetWithMinusOne extends Kept ? never : Kept) : never;

/**
 * reshape's third road, for a dynamic tensor and a target ending in its -1 (`[b, -1]`, the
 * flatten of loaded data): the sizes before the -1, inferred as `Lead` from this pattern.
 * `never` for a tensor of known rank, and when `Lead` is its fallback (`LeadOf`).
 */
export type DynamicLead<From extends Shape, Lead extends Shape> = number[] extends From ? (NoLead extends Lead ? never : readonly [...Lead, -1]) : never;

/**
 * `Lead`'s constraint: for a dynamic tensor, the sizes before a trailing -1 with each literal -1
 * struck out (`KeptTarget`), so a second -1 fails it and `Lead` falls back to this constraint,
 * which holds `NoLead`: the rule answers then (`only one size may be -1`).
 */
export type LeadOf<From extends Shape, Target extends Shape> =
  NoLead | (Target extends readonly [...infer Before extends Shape, -1] ? KeptTarget<Before> : never);

/** What `Lead` is when the target does not end in a -1: no target fits it. */
export type NoLead = readonly [NoLeadSize, ...NoLeadSize[]];
/** (A size no target holds; one at least, so that the target `[]` of a target with no -1, `[3]`, does not fit `NoLead`.) */
type NoLeadSize = number & { readonly "reshape: no trailing -1": true };

/** reshape's result: a dynamic tensor's kept target, its sizes before a trailing -1 and `number`, or the rule's (`ReshapeResult`). */
export type ReshapeOut<From extends Shape, Target extends Shape, Kept extends Shape, Lead extends Shape = NoLead> =
  number[] extends From
    ? TargetWithMinusOne extends Kept ? (NoLead extends Lead ? ReshapeResult<From, Target> : [...Lead, number]) : [...Kept]
    : ReshapeResult<From, Target, Lead>;

/**
 * slice's specs: `Specs`, or with the runtime's message in place of the first spec it
 * rejects (`SliceProblem`), so the error is reported at that argument.
 */
export type SliceChecked<S extends Shape, Specs extends readonly unknown[]> =
  [SliceProblem<S, Specs>] extends [never] ? Specs
  : [SliceProblem<S, Specs>] extends [[infer At extends number, infer Message extends string]]
    ? { readonly [K in keyof Specs]: K extends `${At}` ? Message : Specs[K] }
    : Specs;

/**
 * squeeze's axis: `Axis`, or the message. A size that is a type parameter may or may not be 1,
 * so squeezing it is undecided, printed as `SqueezeChecked<"squeeze: the compiler cannot
 * decide ...", [B, T], 1>` (use `assertShape`, or a shape with a literal 1 there).
 */
export type SqueezeChecked<Undecided extends string, S extends Shape, Axis extends number> =
  [WithoutAxis<S, Axis>] extends [ShapeTypeError<infer Message>] ? Message : Axis;

/** broadcastTo's target, or the message; named, so an undecided call prints its shapes. */
export type BroadcastToChecked<Undecided extends string, S extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  BroadcastToShapeOf<"broadcastTo", S, Target, Spec> extends infer Result ? ([Result, 0] extends [ShapeTypeError<string>, 0] ? MessageOf<Result & ShapeTypeError<string>> : Target) : never;

/**
 * broadcastTo's result: the target itself when numpy broadcasting fits by structure (`OntoExact`:
 * each size of x 1 or the very size of the target), which is what the rule gives then and is
 * decided for type parameters too; else the rule's (`number[]` for an error, the call being an
 * error then). Named, so an undecided call's result prints by name.
 */
export type BroadcastToResult<S extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  // x of unknown rank: the target (bidirectional: unknown), as the rule says on concrete targets,
  // answered first, where the rule's check of the target's sizes stays unresolved beside a type parameter
  number[] extends S ? (Spec["mode"] extends "bidirectional" ? number[] : [...Target])
  : [OntoChecked<S, Target, Spec>] extends [never]
    ? (BroadcastToShapeOf<"broadcastTo", S, Target, Spec> extends infer Result extends Shape ? Result : number[])
    : [...Target];

/**
 * broadcastTo's target by structure: `Target` in numpy mode when every size of `S` (aligned from
 * the right) is 1 or the target's own (`OntoExact` in types/broadcast/to.ts), `never` when one is
 * not; unresolved (fitting no argument, and the rule's message is the error) when the compiler
 * cannot tell (`B` to `C`).
 */
export type OntoChecked<S extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  // (the test that may stay unresolved first, so an unresolved one prints by this name)
  OntoExact<S, Target> extends true ? (number extends Target["length"] ? never : Spec extends { readonly mode: "numpy" } ? Target : never) : never;

/**
 * broadcastTo's target for x of unknown rank (`Tensor<number[]>`): the target, with each literal size the runtime rejects (negative, fractional) made `never`, so such a
 * target fits no argument and the rule's message is the error. For a target holding type
 * parameters, where the rule's check of the sizes stays unresolved, this is what admits it (a size
 * that is a type parameter passes: the compiler takes the test of its text as failing for any size
 * when it relates an argument to it). `never` for x of known rank, where `OntoChecked` and the rule decide.
 */
export type DynamicOnto<S extends Shape, Target extends Shape, Spec extends BroadcastToSpec> =
  number[] extends S
    ? keyof Spec extends "mode" | ToModeFields[Spec["mode"]] ? { readonly [K in keyof Target]: `${Target[K]}` extends InvalidSizeText ? never : Target[K] } : never
    : never;

/**
 * split's parts, or the message of a misfit (`SplitMisfit`); named, so a split of a parameter's
 * axis (whether `2 + 3` is `B` the compiler cannot say) prints its shape when undecided. The
 * result is `SplitParts`, which never tests the axis's size, so the call's type reads as the
 * parts even then.
 */
export type SplitChecked<Undecided extends string, S extends Shape, Parts extends readonly number[] | number, Axis extends number> =
  // (no misfit is `never`, which `ShapeChecked` reads as the message of no error: asked first)
  [SplitMisfit<S, Parts, Axis>] extends [never] ? Parts : ShapeChecked<Undecided, SplitMisfit<S, Parts, Axis>, Parts>;

/** `stack(tensors, axis?)`: a new axis of size `tensors.length`. */
export type StackOp = <const Tensors extends readonly AnyTensor[], const Axis extends number = 0>(
  tensors: StackChecked<WriteUndecided<"stack">, ShapesOf<Tensors>, Axis, Tensors>,
  axis?: Axis,
) => Tensor<StackShape<ShapesOf<Tensors>, Axis> extends infer Result extends Shape ? Result : number[], DTypeOfAll<Tensors>>;

/** `split(x, sizes | sections, axis?)`: views whose sizes add up to the axis. */
export type SplitOp = <X extends AnyTensor, const Parts extends readonly number[] | number, const Axis extends number = 0>(
  x: X,
  parts: SplitChecked<WriteUndecided<"split">, ShapeOf<X>, Parts, Axis>,
  axis?: Axis,
) => SplitResult<ShapeOf<X>, Parts, Axis, X["dtype"]>;

/** split's tensors (`SplitParts`); named, so that while the parts are undecided (sections that are a type parameter) the result prints by name. */
export type SplitResult<S extends Shape, Parts, Axis extends number, D extends DType> =
  SplitParts<S, Parts, Axis> extends infer Shapes extends readonly Shape[]
    ? { -readonly [Key in keyof Shapes]: Tensor<Shapes[Key], D> }
    : Tensor<Shape, D>[];

/** `tile(x, reps)`. */
export type TileOp = <X extends AnyTensor, const Reps extends readonly number[]>(
  x: X,
  reps: Reps,
) => Tensor<TiledShape<ShapeOf<X>, Reps> extends infer Result extends Shape ? Result : number[], X["dtype"]>;

/**
 * repeat's counts as the call takes them: `RepeatChecked`, or a count alone while its test stays
 * unresolved (a count that is a type parameter, `R`): the unresolved key indexes `{ fit: unknown
 * }` by what it can become, `"fit"`, so the count is accepted and the run time checks it, as
 * `TopKChecked` does k. A list is never a count (its key is `never`), so it has the first road
 * alone, and a misfit prints as that road's message.
 */
export type RepeatArg<Undecided extends string, S extends Shape, R, Axis> =
  | RepeatChecked<Undecided, S, R, Axis>
  | (R & number & { fit: unknown }[[RepeatCountProblem<R>] extends [never] ? ([R] extends [readonly unknown[]] ? never : "fit") : never]);

/**
 * repeat's counts, or the message (a count that is not a non-negative integer, a list as long as
 * neither the axis nor 1); named, so a list of counts on an axis whose size is a type parameter
 * (whose length the compiler cannot compare, as split's sizes) prints its shape when undecided.
 * A list of the axis's length whose counts are type parameters (`[s, u]` on an axis of 2) is
 * accepted, its counts checked at run time, as a count alone (`RepeatArg`).
 */
export type RepeatChecked<Undecided extends string, S extends Shape, R, Axis> =
  [RepeatListLengthProblem<S, R, Axis>] extends [never]
    ? (R & { fit: unknown }[[RepeatCountProblem<R>] extends [never] ? "fit" : never]) | RepeatCountProblem<R>
    // (a bad count is reported before a bad length, as the run time does)
    : [RepeatCountProblem<R>] extends [never] ? RepeatListLengthProblem<S, R, Axis> : RepeatCountProblem<R>;

/**
 * `repeat(x, repeats, axis?)`: each element along the axis `repeats` times in a row (NumPy's
 * `np.repeat`); `repeats` a count or one count per element of the axis; without an axis, x
 * flattened. The axis is found by position, so generic code keeps its type parameters: `[B, T, D]`
 * by 2 on axis 1 is `[B, Times<T, 2>, D]`, by a count `R` that is a type parameter
 * `[B, RepeatedSize<T, R>, D]`.
 */
export type RepeatOp = <X extends AnyTensor, const R extends number | readonly number[], const Axis extends number | undefined = undefined>(
  x: X,
  repeats: RepeatArg<WriteUndecided<"repeat">, ShapeOf<X>, R, Axis>,
  axis?: [RepeatAxisProblem<ShapeOf<X>, Axis>] extends [never] ? Axis : RepeatAxisProblem<ShapeOf<X>, Axis>,
) => Tensor<RepeatResult<ShapeOf<X>, R, Axis>, X["dtype"]>;

/** The fill value of `pad`: `{ value }`, or the value itself. */
export type PadOptions = { readonly value?: number | boolean | undefined } | number | boolean;

/** `pad(x, widths, { value }?)`. */
export type PadOp = <X extends AnyTensor, const Widths extends readonly (readonly [number, number])[]>(
  x: X,
  widths: PaddedShape<ShapeOf<X>, Widths> extends ShapeTypeError<infer Message> ? Message : Widths,
  options?: PadOptions,
) => Tensor<PaddedShape<ShapeOf<X>, Widths> extends infer Result extends Shape ? Result : number[], X["dtype"]>;

/**
 * What gather's and take's indices must also be: `unknown` (no further demand) for an array or a
 * tensor of dtype int32 or uint8 (or a dtype known only at run time, `DType`, which the runtime
 * checks); the runtime's message for any other dtype (a float32 `arange` passed as positions).
 * Intersected with the indices' own type, so their inference is untouched.
 */
export type IndicesDType<Op extends string, I> =
  // (a tensor recognised by its brand: relating it to `AnyTensor` reads its sizes, and stays
  // unresolved for a shape holding a type parameter)
  I extends TensorBrand<infer D>
    ? DType extends D ? unknown : [D] extends ["int32" | "uint8"] ? unknown : `${Op}: indices must have an integer dtype (int32 or uint8), got ${D & string}`
    : unknown;

/** `gather(x, indices, axis?)`: indices as an integer tensor or an array. */
export type GatherOp = <X extends AnyTensor, const I extends AnyTensor | readonly number[], const Axis extends number = 0>(
  x: X,
  indices: I & IndicesDType<"gather", I>,
  axis?: GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
) => Tensor<GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;

/**
 * `take(x, indices)`: elements of the flattened tensor, in the indices' shape;
 * `take(x, indices, axis)` is `gather`.
 */
export interface TakeOp {
  <X extends AnyTensor, const I extends AnyTensor | readonly number[]>(x: X, indices: I & IndicesDType<"take", I>): Tensor<IndexShape<I>, X["dtype"]>;
  <X extends AnyTensor, const I extends AnyTensor | readonly number[], const Axis extends number>(
    x: X,
    indices: I & IndicesDType<"take", I>,
    axis: GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
  ): Tensor<GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/**
 * The shape the indices of gather and take give: an array's length, or the tensor's shape. (An
 * array is asked for first, as `readonly unknown[]`: relating a tensor or a tuple of type
 * parameters to `AnyTensor` or `readonly number[]` stays unresolved, see OperandDType.)
 */
export type IndexShape<I> = I extends readonly unknown[] ? [I["length"]] : ShapeOf<I>;

/** What `PoolChecked` says when a spatial size or a window value is a type parameter, or a misfit's shape has one. */
export type WriteUndecidedPool<Op extends string> =
  `${Op}: the compiler cannot decide the window's output size, or print a misfit's shape (a size of x, or a window size, stride or padding, is a type parameter); give window values as literals (or as number, for sizes known at run time), or check the shape at run time with assertShape`;

/**
 * The options of a pooling call as the rule checks them: the rule's message
 * when x has the wrong rank or a window does not fit its axis, the options
 * otherwise; unresolved (no argument fits, and the compiler names this alias
 * with `Undecided` first) when the rule cannot be decided.
 *
 * A spatial size that is a type parameter gives an output size the compiler
 * keeps as an expression (`Minus<H, 2>`, types/window.ts), and whether that
 * window fits is left to the run time: the test stays unresolved
 * (`PoolShape`), and `WindowFit` lets the options through exactly then.
 */
export type PoolChecked<Undecided extends string, Op extends string, S extends Shape, O, Options = PoolOptionsOf<O>> =
  PoolShape<Op, S, Options, false> extends infer Result
    ? [Result] extends [ShapeTypeError<infer Message>] ? Message
    // ("same" windows always fit)
    : OptionField<Options, "padding", "valid"> extends "same" ? O
    : WindowFit<PoolMisfit<Op, S, Options, Result>, O>
    : never;

/**
 * `Arg` when every window fits (`Misfit` is `never`), the message of the one that does not,
 * and `Arg` too while that is unresolved, which only a size that is a type parameter leaves it
 * (`WindowMisfit`): the unresolved `FitKey` indexes `{ fit: unknown }` by what it can become,
 * which is `"fit"` alone (a misfit's branch is `never`), so any argument fits it.
 */
export type WindowFit<Misfit extends ShapeTypeError<string>, Arg> = (Arg & { fit: unknown }[FitKey<Misfit>]) | FitMessage<Misfit>;
type FitKey<Misfit> = [Misfit] extends [never] ? "fit" : [Misfit] extends [ShapeTypeError<string>] ? never : "fit";
/**
 * The misfit's message (`never` for none), read from the error taken by `infer`, not from the
 * misfit itself: to type an options object the compiler works out what the parameter type can
 * be, and while the misfit is unresolved its field is the whole window rule (every message it
 * can give), where this one's is `MessageOf<ShapeTypeError<string>>`, `string`. A generic
 * `maxPool2d` call cost 1,400 instantiations, 550 of them that; a resolved misfit prints as
 * before, its message by the alias that names it.
 */
type FitMessage<Misfit extends ShapeTypeError<string>> = [Misfit, 0] extends [infer Failed extends ShapeTypeError<string>, 0] ? MessageOf<Failed> : never;

/**
 * A pooling call's shape (`PoolShape`, untested), `number[]` for an error; named, so that while
 * a window value is a type parameter (`WindowValuesKnown`) the result prints by this name.
 */
export type PoolResult<Op extends string, S extends Shape, O> = PoolShape<Op, S, PoolOptionsOf<O>, false> extends infer Result extends Shape ? Result : number[];

/**
 * `maxPool2d(x, { size, strides?, padding?, layout? })`, or `maxPool2d(x, size)` for a window of
 * that size and stride in the default layout, and the other pooling ops: max keeps the dtype,
 * avg is float as `mean` is.
 */
export type PoolOpOf<Op extends PoolOp1d | PoolOp2d> = <X extends AnyTensor, const O extends PoolOptions<Op extends PoolOp2d ? 2 : 1> | number>(
  x: X,
  options: PoolChecked<WriteUndecidedPool<Op>, Op, ShapeOf<X>, O>,
) => Tensor<
  PoolResult<Op, ShapeOf<X>, O>,
  Op extends "avgPool1d" | "avgPool2d" ? FloatDType<X["dtype"]> : X["dtype"]
>;

/**
 * The size of `resize` or the scale of `upsample` as the rule checks it: the rank error of x
 * (`Result`), else the message of the first entry that is not a positive integer (`Misfit`),
 * else the argument; also the argument while that entry is a type parameter, whose value the
 * run time checks (`WindowFit`).
 */
export type ResizeArgChecked<Result, Misfit extends ShapeTypeError<string>, Arg> =
  [Result] extends [ShapeTypeError<infer Message>] ? Message : WindowFit<Misfit, Arg>;

/**
 * The options of `resize` and `upsample`, or the message of an unknown mode or coordinate mapping.
 * (As `WindowFit`, with the options as a member of a union, so the compiler infers them from the
 * argument, literal strings kept, before it checks them.)
 */
export type ResizeOptionsChecked<Op extends string, O> = WindowFit<ResizeOptionsMisfit<Op, O>, O>;

/** The dtype of a resize: nearest keeps x's, bilinear computes as `mean` (float64 stays, the rest float32). */
export type ResizeDType<D extends DType, O> = ResizeModeOf<O> extends "nearest" ? D : FloatDType<D>;

/**
 * `resize(x, [outH, outW], { mode?, coordinates?, layout? })`: x of rank 4, its spatial sizes
 * replaced by the two given, N and C kept by position (so type parameters pass through, sizes
 * that are type parameters too).
 */
export type ResizeOp<Op extends string> = <X extends AnyTensor, const Size extends readonly [number, number], const O extends ResizeOptions = {}>(
  x: X,
  size: ResizeArgChecked<ResizeShape<Op, ShapeOf<X>, Size, O>, ResizePairMisfit<Op, "size", Size>, Size>,
  options?: ResizeOptionsChecked<Op, O>,
) => Tensor<ResizeShape<Op, ShapeOf<X>, Size, O> extends infer Result extends Shape ? Result : number[], ResizeDType<X["dtype"], O>>;

/**
 * `upsample(x, scale, { mode?, coordinates?, layout? })`: x of rank 4, each spatial size times
 * the integer scale (a number, or `[sh, sw]`): `Times<H, 2>` for a size `H` that is a type parameter.
 */
export type UpsampleOp<Op extends string> = <X extends AnyTensor, const Scale extends number | readonly [number, number], const O extends ResizeOptions = {}>(
  x: X,
  scale: ResizeArgChecked<UpsampleShape<Op, ShapeOf<X>, Scale, O>, ResizePairMisfit<Op, "scale", Scale>, Scale>,
  options?: ResizeOptionsChecked<Op, O>,
) => Tensor<UpsampleShape<Op, ShapeOf<X>, Scale, O> extends infer Result extends Shape ? Result : number[], ResizeDType<X["dtype"], O>>;

/** What `ConvChecked` says when the compiler cannot decide a convolution's shape. */
export type WriteUndecidedConv<Op extends string> =
  `${Op}: the compiler cannot decide the result's shape (a spatial or channel size is a type parameter); check the shape at run time with assertShape`;

/**
 * w of a convolution as the rule checks it: the rule's message when the
 * shapes do not fit (in w's position, as matmul's b), w otherwise; unresolved,
 * with `Undecided` first, when a size the rule needs is a type parameter.
 */
export type ConvChecked<Undecided extends string, Op extends ConvOp, X extends Shape, W extends Shape, O, Arg> =
  ConvShape<Op, X, W, O, false> extends infer Result
    ? [Result] extends [ShapeTypeError<infer Message>] ? Message
    : AlwaysFits<Op, O> extends true ? Arg
    : WindowFit<ConvMisfit<Op, X, W, O, Result>, Arg>
    : never;

/**
 * A padding with which `ConvMisfit` finds nothing, so a call need not ask it: `"same"` windows
 * always fit, and so does a transposed convolution with no padding; a depthwise channels-first
 * convolution still asks whether x has channels.
 */
type AlwaysFits<Op extends ConvOp, O> =
  Op extends "depthwiseConv2d" ? false : OptionField<O, "padding", "valid"> extends (Op extends "conv2dTranspose" ? "same" | "valid" | 0 : "same") ? true : false;

/** The options each convolution takes. */
export interface ConvOptionsOf {
  conv1d: ConvOptions<1>;
  conv2d: ConvOptions<2>;
  depthwiseConv2d: DepthwiseOptions;
  conv2dTranspose: TransposeOptions;
}

/** `conv2d(x, w, { strides?, padding?, dilations?, groups?, layout? })` and the other convolutions: matmul's dtype rule. */
export type ConvOpOf<Op extends ConvOp> = <
  X extends AnyTensor,
  W extends AnyTensor,
  const O extends ConvOptionsOf[Op] = {},
>(
  x: X,
  w: ConvChecked<WriteUndecidedConv<Op>, Op, ShapeOf<X>, ShapeOf<W>, O, W>,
  options?: O,
) => Tensor<ConvShape<Op, ShapeOf<X>, ShapeOf<W>, O, false> extends infer Result extends Shape ? Result : number[], ArithmeticDType<X["dtype"], W["dtype"]>>;

/** The options of `layerNorm` and `rmsNorm`: the first normalised axis, checked against x's rank. */
export interface NormOptions<Axis> {
  readonly axis?: Axis | undefined;
  readonly epsilon?: number | undefined;
}

/** The axis's message when it is out of range for S, else the axis. */
export type NormAxisChecked<Op extends string, S extends Shape, Axis extends number> =
  number extends S["length"] ? Axis : [AxisIndex<S, Axis>] extends [never] ? RangeMessage<Op, "axis", Axis, S["length"]> : Axis;

/**
 * A norm's gamma or beta: the tensor, or the message of a misfit. On shapes of type parameters the
 * rule is undecided and the call is an error printed by this name, its first argument saying why.
 */
export type NormChecked<Undecided extends string, Op extends string, Name extends string, S extends Shape, G extends Shape, Axis extends number, P> =
  [NormParamShape<Op, Name, S, G, Axis>] extends [ShapeTypeError<infer Message>] ? Message : P;

export type NormParamChecked<Op extends string, Name extends string, X extends AnyTensor, P extends AnyTensor, Axis extends number> = NormChecked<
  WriteUndecided<Op>,
  Op,
  Name,
  ShapeOf<X>,
  ShapeOf<P>,
  Axis,
  P
>;

/**
 * `layerNorm(x, gamma, beta, options?)`: the rule first (every concrete shape; a misfit is the
 * runtime's message), then, for shape-polymorphic code, the last axis (`[...Rest, C]` with `[C]`)
 * and the last two (`{ axis: -2 }`, `[...Rest, A, C]` with `[A, C]`) by structure; the rule again
 * last, so an undecided call says so by name.
 */
export interface LayerNormOp {
  <X extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Axis extends number = -1>(
    x: ShapeOf<X> extends readonly [] ? RangeMessage<"layerNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"layerNorm", "gamma", X, G, Axis>,
    beta: NormParamChecked<"layerNorm", "beta", X, B, Axis>,
    options?: NormOptions<NormAxisChecked<"layerNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
  <Rest extends Shape, C extends number, D extends DType>(
    x: Tensor<readonly [...Rest, C], D>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<C>]>,
    options?: NormOptions<-1>,
  ): Tensor<[...Rest, C], FloatDType<D>>;
  <Rest extends Shape, A extends number, C extends number, D extends DType>(
    x: Tensor<readonly [...Rest, A, C], D>,
    gamma: Tensor<readonly [NoInfer<A>, NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<A>, NoInfer<C>]>,
    options: NormOptions<-2> & { readonly axis: -2 },
  ): Tensor<[...Rest, A, C], FloatDType<D>>;
  <X extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Axis extends number = -1>(
    x: ShapeOf<X> extends readonly [] ? RangeMessage<"layerNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"layerNorm", "gamma", X, G, Axis>,
    beta: NormParamChecked<"layerNorm", "beta", X, B, Axis>,
    options?: NormOptions<NormAxisChecked<"layerNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
}

/** `rmsNorm(x, gamma, options?)`: the signatures of `LayerNormOp` without beta. */
export interface RmsNormOp {
  <X extends AnyTensor, G extends AnyTensor, const Axis extends number = -1>(
    x: ShapeOf<X> extends readonly [] ? RangeMessage<"rmsNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"rmsNorm", "gamma", X, G, Axis>,
    options?: NormOptions<NormAxisChecked<"rmsNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
  <Rest extends Shape, C extends number, D extends DType>(
    x: Tensor<readonly [...Rest, C], D>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    options?: NormOptions<-1>,
  ): Tensor<[...Rest, C], FloatDType<D>>;
  <Rest extends Shape, A extends number, C extends number, D extends DType>(
    x: Tensor<readonly [...Rest, A, C], D>,
    gamma: Tensor<readonly [NoInfer<A>, NoInfer<C>]>,
    options: NormOptions<-2> & { readonly axis: -2 },
  ): Tensor<[...Rest, A, C], FloatDType<D>>;
  <X extends AnyTensor, G extends AnyTensor, const Axis extends number = -1>(
    x: ShapeOf<X> extends readonly [] ? RangeMessage<"rmsNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"rmsNorm", "gamma", X, G, Axis>,
    options?: NormOptions<NormAxisChecked<"rmsNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
}

/** The options of `batchNorm`: epsilon, and where the channel axis is. */
export interface BatchNormOptions<Layout extends BatchNormLayout = BatchNormLayout> {
  readonly epsilon?: number | undefined;
  readonly layout?: Layout | undefined;
}

/** A per-channel vector of batchNorm: the tensor, or the message; printed by this name when undecided. */
export type BatchNormChecked<Undecided extends string, Name extends string, S extends Shape, P extends Shape, Layout extends BatchNormLayout, T> =
  [BatchNormParamShape<Name, S, P, Layout>, 0] extends [infer Failed extends ShapeTypeError<string>, 0] ? MessageOf<Failed> : T;

export type BatchNormArg<Name extends string, X extends AnyTensor, P extends AnyTensor, Layout extends BatchNormLayout> =
  BatchNormChecked<WriteUndecided<"batchNorm">, Name, ShapeOf<X>, ShapeOf<P>, Layout, P>;

/**
 * `batchNorm(x, mean, variance, gamma, beta, options?)`: the rule first (concrete shapes), then by
 * structure for generic code: channels last (`[...Rest, C]`) and, with `{ layout: "NCHW" }`,
 * `[N, C, ...Rest]`, each vector `[C]`; the rule again last, so an undecided call says so by name.
 */
export interface BatchNormOp {
  <X extends AnyTensor, M extends AnyTensor, V extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Layout extends BatchNormLayout = "NHWC">(
    x: [BatchNormRankProblem<ShapeOf<X>, Layout>] extends [never] ? X : BatchNormRankProblem<ShapeOf<X>, Layout>,
    mean: BatchNormArg<"mean", X, M, Layout>,
    variance: BatchNormArg<"variance", X, V, Layout>,
    gamma: BatchNormArg<"gamma", X, G, Layout>,
    beta: BatchNormArg<"beta", X, B, Layout>,
    options?: BatchNormOptions<Layout>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
  <Rest extends Shape, C extends number, D extends DType>(
    x: Tensor<readonly [...Rest, C], D>,
    mean: Tensor<readonly [NoInfer<C>]>,
    variance: Tensor<readonly [NoInfer<C>]>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<C>]>,
    options?: BatchNormOptions<"NHWC">,
  ): Tensor<[...Rest, C], FloatDType<D>>;
  <N extends number, C extends number, Rest extends Shape, D extends DType>(
    x: Tensor<readonly [N, C, ...Rest], D>,
    mean: Tensor<readonly [NoInfer<C>]>,
    variance: Tensor<readonly [NoInfer<C>]>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<C>]>,
    options: BatchNormOptions<"NCHW"> & { readonly layout: "NCHW" },
  ): Tensor<[N, C, ...Rest], FloatDType<D>>;
  <X extends AnyTensor, M extends AnyTensor, V extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Layout extends BatchNormLayout = "NHWC">(
    x: [BatchNormRankProblem<ShapeOf<X>, Layout>] extends [never] ? X : BatchNormRankProblem<ShapeOf<X>, Layout>,
    mean: BatchNormArg<"mean", X, M, Layout>,
    variance: BatchNormArg<"variance", X, V, Layout>,
    gamma: BatchNormArg<"gamma", X, G, Layout>,
    beta: BatchNormArg<"beta", X, B, Layout>,
    options?: BatchNormOptions<Layout>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
}
