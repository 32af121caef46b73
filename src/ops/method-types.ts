// Made by scripts/method-types.ts (`npm run build:methods`) from the op catalog and each op's declared
// type: do not edit. test/catalog.test.ts fails while this file is not what the script makes.
/**
 * The types of the `Tensor` methods that are not element-wise (`x.sum(-1)`, `x.reshape([...])`,
 * `x.matmul(w)`, ...): each op's own call signatures with the tensor as `this`, so a method and its
 * function take the same arguments and give the same types.
 */
import type { RangeMessage, ScalarAxisMessage } from "../../types/axis.js";
import type { ConvOp, ConvShape } from "../../types/conv.js";
import type { ArithmeticDType, DType, FloatDType } from "../../types/dtype.js";
import type { ShapeTypeError, WriteUndecided } from "../../types/errors.js";
import type { MatMulShape } from "../../types/matmul.js";
import type { BatchNormLayout, BatchNormRankProblem } from "../../types/norm.js";
import type { OneHotParts } from "../../types/one-hot.js";
import type { PoolOp1d, PoolOp2d, PoolOptions } from "../../types/pool.js";
import type { ReducedOf } from "../../types/reduce.js";
import type { RepeatAxisProblem, RepeatResult } from "../../types/repeat.js";
import type { ResizeOptions, ResizePairMisfit, ResizeShape, UpsampleShape } from "../../types/resize.js";
import type { ScannedOf } from "../../types/scan.js";
import type { Shape } from "../../types/shape.js";
import type { GatheredShape, PaddedShape, TiledShape } from "../../types/shaping.js";
import type { Sliced } from "../../types/slice.js";
import type { SortedOf } from "../../types/sort.js";
import type { BroadcastToSpec } from "../../types/spec.js";
import type { TopKPlaced } from "../../types/topk.js";
import type { TriangleDiagonal, TriangleShape } from "../../types/triangle.js";
import type { Flattened, Permuted, Reversed, WithAxis, WithoutAxis, WithoutOnes } from "../../types/views.js";
import type { SliceSpec } from "../shape/slice.js";
import type { AnyTensor, Tensor } from "../tensor.js";
import type { CreateOptions, LikeDType, LikeShape } from "./create.js";
import type { VarianceOptions } from "./reduce.js";
import type { BatchNormArg, BatchNormOptions, BroadcastToChecked, BroadcastToResult, ConvChecked, ConvOptionsOf, DynamicLead, DynamicOnto, DynamicTarget, IndexShape, IndicesDType, KeepDimsOf, KeptOf, LeadOf, MatMulChecked, NoLead, NormAxisChecked, NormOptions, NormParamChecked, OneHotChecked, OneHotOptions, OntoChecked, PadOptions, PermutedChecked, PoolChecked, PoolResult, ReduceDType, ReduceRule, RepeatArg, ReshapeChecked, ReshapeOut, ResizeArgChecked, ResizeDType, ResizeOptionsChecked, ScanOptions, ShapeOf, SliceChecked, SplitChecked, SplitResult, SqueezeChecked, TargetWithMinusOne, TopKAxisProblem, TopKChecked, WriteUndecidedConv, WriteUndecidedPool } from "./types.js";

/** `ReduceOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface ReduceOpMethod<Op extends string, Rule extends ReduceRule, Options = { readonly keepDims?: boolean | undefined }> {
  <Rest extends Shape, D extends number, DT extends DType, const Axis extends -1, const Keep extends true>(
    this: Tensor<readonly [...Rest, D], DT>,
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
    this: X,
    axis?: ReducedOf<Op, ShapeOf<X>, Axis, false> extends ShapeTypeError<infer Message> ? Message : Axis,
    options?: O,
  ): Tensor<ReducedOf<Op, ShapeOf<X>, Axis, KeepDimsOf<O>> extends infer Result extends Shape ? Result : number[], ReduceDType<Rule, X["dtype"]>>;
}

/** `AxisOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface AxisOpMethod<Op extends string> {
  <X extends AnyTensor, const Axis extends number = -1>(
    this: ShapeOf<X> extends readonly [] ? ScalarAxisMessage<Op> : X,
    axis?: ReducedOf<Op, ShapeOf<X>, Axis, false> extends ShapeTypeError<infer Message> ? Message : Axis,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
}

/** `LayerNormOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface LayerNormOpMethod {
  <X extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Axis extends number = -1>(
    this: ShapeOf<X> extends readonly [] ? RangeMessage<"layerNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"layerNorm", "gamma", X, G, Axis>,
    beta: NormParamChecked<"layerNorm", "beta", X, B, Axis>,
    options?: NormOptions<NormAxisChecked<"layerNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
  <Rest extends Shape, C extends number, D extends DType>(
    this: Tensor<readonly [...Rest, C], D>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<C>]>,
    options?: NormOptions<-1>,
  ): Tensor<[...Rest, C], FloatDType<D>>;
  <Rest extends Shape, A extends number, C extends number, D extends DType>(
    this: Tensor<readonly [...Rest, A, C], D>,
    gamma: Tensor<readonly [NoInfer<A>, NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<A>, NoInfer<C>]>,
    options: NormOptions<-2> & { readonly axis: -2 },
  ): Tensor<[...Rest, A, C], FloatDType<D>>;
  <X extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Axis extends number = -1>(
    this: ShapeOf<X> extends readonly [] ? RangeMessage<"layerNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"layerNorm", "gamma", X, G, Axis>,
    beta: NormParamChecked<"layerNorm", "beta", X, B, Axis>,
    options?: NormOptions<NormAxisChecked<"layerNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
}

/** `RmsNormOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface RmsNormOpMethod {
  <X extends AnyTensor, G extends AnyTensor, const Axis extends number = -1>(
    this: ShapeOf<X> extends readonly [] ? RangeMessage<"rmsNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"rmsNorm", "gamma", X, G, Axis>,
    options?: NormOptions<NormAxisChecked<"rmsNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
  <Rest extends Shape, C extends number, D extends DType>(
    this: Tensor<readonly [...Rest, C], D>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    options?: NormOptions<-1>,
  ): Tensor<[...Rest, C], FloatDType<D>>;
  <Rest extends Shape, A extends number, C extends number, D extends DType>(
    this: Tensor<readonly [...Rest, A, C], D>,
    gamma: Tensor<readonly [NoInfer<A>, NoInfer<C>]>,
    options: NormOptions<-2> & { readonly axis: -2 },
  ): Tensor<[...Rest, A, C], FloatDType<D>>;
  <X extends AnyTensor, G extends AnyTensor, const Axis extends number = -1>(
    this: ShapeOf<X> extends readonly [] ? RangeMessage<"rmsNorm", "axis", Axis, 0> : X,
    gamma: NormParamChecked<"rmsNorm", "gamma", X, G, Axis>,
    options?: NormOptions<NormAxisChecked<"rmsNorm", ShapeOf<X>, Axis>>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
}

/** `BatchNormOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface BatchNormOpMethod {
  <X extends AnyTensor, M extends AnyTensor, V extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Layout extends BatchNormLayout = "NHWC">(
    this: [BatchNormRankProblem<ShapeOf<X>, Layout>] extends [never] ? X : BatchNormRankProblem<ShapeOf<X>, Layout>,
    mean: BatchNormArg<"mean", X, M, Layout>,
    variance: BatchNormArg<"variance", X, V, Layout>,
    gamma: BatchNormArg<"gamma", X, G, Layout>,
    beta: BatchNormArg<"beta", X, B, Layout>,
    options?: BatchNormOptions<Layout>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
  <Rest extends Shape, C extends number, D extends DType>(
    this: Tensor<readonly [...Rest, C], D>,
    mean: Tensor<readonly [NoInfer<C>]>,
    variance: Tensor<readonly [NoInfer<C>]>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<C>]>,
    options?: BatchNormOptions<"NHWC">,
  ): Tensor<[...Rest, C], FloatDType<D>>;
  <N extends number, C extends number, Rest extends Shape, D extends DType>(
    this: Tensor<readonly [N, C, ...Rest], D>,
    mean: Tensor<readonly [NoInfer<C>]>,
    variance: Tensor<readonly [NoInfer<C>]>,
    gamma: Tensor<readonly [NoInfer<C>]>,
    beta: Tensor<readonly [NoInfer<C>]>,
    options: BatchNormOptions<"NCHW"> & { readonly layout: "NCHW" },
  ): Tensor<[N, C, ...Rest], FloatDType<D>>;
  <X extends AnyTensor, M extends AnyTensor, V extends AnyTensor, G extends AnyTensor, B extends AnyTensor, const Layout extends BatchNormLayout = "NHWC">(
    this: [BatchNormRankProblem<ShapeOf<X>, Layout>] extends [never] ? X : BatchNormRankProblem<ShapeOf<X>, Layout>,
    mean: BatchNormArg<"mean", X, M, Layout>,
    variance: BatchNormArg<"variance", X, V, Layout>,
    gamma: BatchNormArg<"gamma", X, G, Layout>,
    beta: BatchNormArg<"beta", X, B, Layout>,
    options?: BatchNormOptions<Layout>,
  ): Tensor<ShapeOf<X>, FloatDType<X["dtype"]>>;
}

/** `ScanOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface ScanOpMethod<Op extends string> {
  <X extends AnyTensor, const Axis extends number | undefined = undefined>(
    this: X,
    axis?: ScannedOf<Op, ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
    options?: ScanOptions,
  ): Tensor<ScannedOf<Op, ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], ReduceDType<"sum", X["dtype"]>>;
}

/** `SortOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface SortOpMethod<Op extends string, Rule extends "same" | "index"> {
  <X extends AnyTensor, const Axis extends number = -1>(
    this: ShapeOf<X> extends readonly [] ? RangeMessage<Op, "axis", Axis, 0> : X,
    options?: {
      readonly axis?: (SortedOf<Op, ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis) | undefined;
      readonly descending?: boolean | undefined;
    },
  ): Tensor<SortedOf<Op, ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], Rule extends "index" ? "int32" : X["dtype"]>;
}

/** `TopKOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface TopKOpMethod {
  <X extends AnyTensor, const K extends number, const Axis extends number = -1>(
    this: ShapeOf<X> extends readonly [] ? RangeMessage<"topk", "axis", Axis, 0> : X,
    k: TopKChecked<ShapeOf<X>, K, Axis>,
    options?: { readonly axis?: ([TopKAxisProblem<ShapeOf<X>, Axis>] extends [never] ? Axis : TopKAxisProblem<ShapeOf<X>, Axis>) | undefined },
  ): {
    values: Tensor<TopKPlaced<ShapeOf<X>, K, Axis>, X["dtype"]>;
    indices: Tensor<TopKPlaced<ShapeOf<X>, K, Axis>, "int32">;
  };
}

/** `PoolOpOf` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface PoolOpOfMethod<Op extends PoolOp1d | PoolOp2d> {
  <X extends AnyTensor, const O extends PoolOptions<Op extends PoolOp2d ? 2 : 1> | number>(
    this: X,
    options: PoolChecked<WriteUndecidedPool<Op>, Op, ShapeOf<X>, O>,
  ): Tensor<
    PoolResult<Op, ShapeOf<X>, O>,
    Op extends "avgPool1d" | "avgPool2d" ? FloatDType<X["dtype"]> : X["dtype"]
  >;
}

/** `ResizeOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface ResizeOpMethod<Op extends string> {
  <X extends AnyTensor, const Size extends readonly [number, number], const O extends ResizeOptions = {}>(
    this: X,
    size: ResizeArgChecked<ResizeShape<Op, ShapeOf<X>, Size, O>, ResizePairMisfit<Op, "size", Size>, Size>,
    options?: ResizeOptionsChecked<Op, O>,
  ): Tensor<ResizeShape<Op, ShapeOf<X>, Size, O> extends infer Result extends Shape ? Result : number[], ResizeDType<X["dtype"], O>>;
}

/** `UpsampleOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface UpsampleOpMethod<Op extends string> {
  <X extends AnyTensor, const Scale extends number | readonly [number, number], const O extends ResizeOptions = {}>(
    this: X,
    scale: ResizeArgChecked<UpsampleShape<Op, ShapeOf<X>, Scale, O>, ResizePairMisfit<Op, "scale", Scale>, Scale>,
    options?: ResizeOptionsChecked<Op, O>,
  ): Tensor<UpsampleShape<Op, ShapeOf<X>, Scale, O> extends infer Result extends Shape ? Result : number[], ResizeDType<X["dtype"], O>>;
}

/** `ConvOpOf` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface ConvOpOfMethod<Op extends ConvOp> {
  <X extends AnyTensor, W extends AnyTensor, const O extends ConvOptionsOf[Op] = {}>(
    this: X,
    w: ConvChecked<WriteUndecidedConv<Op>, Op, ShapeOf<X>, ShapeOf<W>, O, W>,
    options?: O,
  ): Tensor<ConvShape<Op, ShapeOf<X>, ShapeOf<W>, O, false> extends infer Result extends Shape ? Result : number[], ArithmeticDType<X["dtype"], W["dtype"]>>;
}

/** `SplitOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface SplitOpMethod {
  <X extends AnyTensor, const Parts extends readonly number[] | number, const Axis extends number = 0>(
    this: X,
    parts: SplitChecked<WriteUndecided<"split">, ShapeOf<X>, Parts, Axis>,
    axis?: Axis,
  ): SplitResult<ShapeOf<X>, Parts, Axis, X["dtype"]>;
}

/** `TileOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface TileOpMethod {
  <X extends AnyTensor, const Reps extends readonly number[]>(
    this: X,
    reps: Reps,
  ): Tensor<TiledShape<ShapeOf<X>, Reps> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `PadOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface PadOpMethod {
  <X extends AnyTensor, const Widths extends readonly (readonly [number, number])[]>(
    this: X,
    widths: PaddedShape<ShapeOf<X>, Widths> extends ShapeTypeError<infer Message> ? Message : Widths,
    options?: PadOptions,
  ): Tensor<PaddedShape<ShapeOf<X>, Widths> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `GatherOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface GatherOpMethod {
  <X extends AnyTensor, const I extends AnyTensor | readonly number[], const Axis extends number = 0>(
    this: X,
    indices: I & IndicesDType<"gather", I>,
    axis?: GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
  ): Tensor<GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `TakeOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface TakeOpMethod {
  <X extends AnyTensor, const I extends AnyTensor | readonly number[]>(
    this: X,
    indices: I & IndicesDType<"take", I>,
  ): Tensor<IndexShape<I>, X["dtype"]>;
  <X extends AnyTensor, const I extends AnyTensor | readonly number[], const Axis extends number>(
    this: X,
    indices: I & IndicesDType<"take", I>,
    axis: GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
  ): Tensor<GatheredShape<ShapeOf<X>, IndexShape<I>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `OneHotOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface OneHotOpMethod {
  <X extends AnyTensor<Shape, "int32" | "uint8">, const Depth extends number, const D extends DType = "float32">(
    this: X,
    depth: OneHotChecked<Depth>,
    options?: OneHotOptions<D>,
  ): Tensor<OneHotParts<ShapeOf<X>, Depth>, D>;
}

/** `TriangleOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface TriangleOpMethod<Op extends string> {
  <X extends AnyTensor<readonly [...number[], number, number]>, const K extends number = 0>(
    this: X,
    k?: TriangleDiagonal<Op, K>,
  ): Tensor<ShapeOf<X>, X["dtype"]>;
  <X extends AnyTensor, const K extends number = 0>(
    this: [TriangleShape<Op, ShapeOf<X>>] extends [ShapeTypeError<infer Message>] ? Message : X,
    k?: TriangleDiagonal<Op, K>,
  ): Tensor<ShapeOf<X>, X["dtype"]>;
}

/** `RepeatOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface RepeatOpMethod {
  <X extends AnyTensor, const R extends number | readonly number[], const Axis extends number | undefined = undefined>(
    this: X,
    repeats: RepeatArg<WriteUndecided<"repeat">, ShapeOf<X>, R, Axis>,
    axis?: [RepeatAxisProblem<ShapeOf<X>, Axis>] extends [never] ? Axis : RepeatAxisProblem<ShapeOf<X>, Axis>,
  ): Tensor<RepeatResult<ShapeOf<X>, R, Axis>, X["dtype"]>;
}

/** `MatmulOp` as a method of Tensor: the same signatures, the tensor as `this`. */
export interface MatmulOpMethod<Op extends string = "matmul"> {
  <M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    this: Tensor<readonly [M, K], DA>,
    b: Tensor<readonly [NoInfer<K>, N], DB>,
  ): Tensor<[M, N], ArithmeticDType<DA, DB>>;
  <Batch extends Shape, M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    this: Tensor<readonly [...Batch, M, K], DA>,
    b: Tensor<readonly [...Batch, NoInfer<K>, N], DB>,
  ): Tensor<[...Batch, M, N], ArithmeticDType<DA, DB>>;
  <Batch extends Shape, M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    this: Tensor<readonly [...Batch, M, K], DA>,
    b: Tensor<readonly [NoInfer<K>, N], DB>,
  ): Tensor<[...Batch, M, N], ArithmeticDType<DA, DB>>;
  <Batch extends Shape, M extends number, K extends number, N extends number, DA extends DType, DB extends DType>(
    this: Tensor<readonly [M, K], DA>,
    b: Tensor<readonly [...Batch, NoInfer<K>, N], DB>,
  ): Tensor<[...Batch, M, N], ArithmeticDType<DA, DB>>;
  <const X extends AnyTensor, const Y extends AnyTensor>(
    this: X,
    b: MatMulChecked<WriteUndecided<Op>, ShapeOf<X>, ShapeOf<Y>, Op, Y>,
  ): Tensor<MatMulShape<ShapeOf<X>, ShapeOf<Y>, Op> extends infer Result extends Shape ? Result : number[], ArithmeticDType<X["dtype"], Y["dtype"]>>;
}

/** `zerosLike` as a method of Tensor. */
export interface ZerosLikeMethod {
  <X extends AnyTensor, D extends DType = LikeDType<X>>(this: X, options?: CreateOptions<D>): Tensor<LikeShape<X>, NoInfer<D>>;
}

/** `onesLike` as a method of Tensor. */
export interface OnesLikeMethod {
  <X extends AnyTensor, D extends DType = LikeDType<X>>(this: X, options?: CreateOptions<D>): Tensor<LikeShape<X>, NoInfer<D>>;
}

/** `fullLike` as a method of Tensor. */
export interface FullLikeMethod {
  <X extends AnyTensor, D extends DType = LikeDType<X>>(
    this: X,
    value: number | boolean,
    options?: CreateOptions<D>,
  ): Tensor<LikeShape<X>, NoInfer<D>>;
}

/** `clone` as a method of Tensor. */
export interface CloneMethod {
  <X extends AnyTensor>(this: X): Tensor<LikeShape<X>, LikeDType<X>>;
}

/** `outer` as a method of Tensor. */
export interface OuterMethod {
  <A extends AnyTensor<readonly [number]>, B extends AnyTensor<readonly [number]>>(
    this: A,
    b: B,
  ): Tensor<[A["shape"][0], B["shape"][0]], ArithmeticDType<A["dtype"], B["dtype"]>>;
}

/** `broadcastTo` as a method of Tensor. */
export interface BroadcastToMethod {
  <X extends AnyTensor, const Target extends Shape, const Spec extends BroadcastToSpec = { mode: "numpy" }>(
    this: X,
    target: BroadcastToChecked<WriteUndecided<"broadcastTo">, ShapeOf<X>, Target, Spec> | OntoChecked<ShapeOf<X>, Target, Spec> | DynamicOnto<ShapeOf<X>, Target, Spec>,
    spec?: Spec,
  ): Tensor<BroadcastToResult<ShapeOf<X>, Target, Spec>, X["dtype"]>;
}

/** `expandDims` as a method of Tensor. */
export interface ExpandDimsMethod {
  <X extends AnyTensor, const Axis extends number>(
    this: X,
    axis: WithAxis<ShapeOf<X>, Axis> extends ShapeTypeError<infer Message> ? Message : Axis,
  ): Tensor<WithAxis<ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `flatten` as a method of Tensor. */
export interface FlattenMethod {
  <X extends AnyTensor, const Start extends number = 0, const End extends number = -1>(
    this: X,
    startAxis?: Flattened<ShapeOf<X>, Start, End> extends ShapeTypeError<infer Message> ? Message : Start,
    endAxis?: End,
  ): Tensor<Flattened<ShapeOf<X>, Start, End> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `permute` as a method of Tensor. */
export interface PermuteMethod {
  (this: Tensor): Tensor;
  <X extends AnyTensor, const Axes extends readonly number[]>(
    this: X,
    axes: PermutedChecked<Permuted<ShapeOf<X>, Axes>, Axes>,
  ): Tensor<Permuted<ShapeOf<X>, Axes> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `reshape` as a method of Tensor. */
export interface ReshapeMethod {
  <X extends AnyTensor, const Target extends Shape, const Kept extends KeptOf<ShapeOf<X>, Target> = TargetWithMinusOne, const Lead extends LeadOf<ShapeOf<X>, Target> = NoLead>(
    this: X,
    shape: ReshapeChecked<WriteUndecided<"reshape">, ShapeOf<X>, Target, Lead> | DynamicTarget<ShapeOf<X>, Kept> | DynamicLead<ShapeOf<X>, Lead>,
  ): Tensor<ReshapeOut<ShapeOf<X>, Target, Kept, Lead>, X["dtype"]>;
}

/** `slice` as a method of Tensor. */
export interface SliceMethod {
  <X extends AnyTensor, const Specs extends readonly (number | SliceSpec | null | undefined)[]>(
    this: X,
    ...specs: SliceChecked<ShapeOf<X>, Specs>
  ): Tensor<Sliced<ShapeOf<X>, Specs>, X["dtype"]>;
}

/** `squeeze` as a method of Tensor. */
export interface SqueezeMethod {
  <X extends AnyTensor>(this: X): Tensor<WithoutOnes<ShapeOf<X>>, X["dtype"]>;
  (this: Tensor, axis?: readonly number[]): Tensor<number[]>;
  <X extends AnyTensor, const Axis extends number>(
    this: X,
    axis: SqueezeChecked<WriteUndecided<"squeeze">, ShapeOf<X>, Axis>,
  ): Tensor<WithoutAxis<ShapeOf<X>, Axis> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `transpose` as a method of Tensor. */
export interface TransposeMethod {
  <X extends AnyTensor>(this: X): Tensor<Reversed<ShapeOf<X>>, X["dtype"]>;
  <X extends AnyTensor, const Axes extends readonly number[]>(
    this: X,
    axes: PermutedChecked<Permuted<ShapeOf<X>, Axes, "transpose">, Axes>,
  ): Tensor<Permuted<ShapeOf<X>, Axes, "transpose"> extends infer Result extends Shape ? Result : number[], X["dtype"]>;
}

/** `assertShape` as a method of Tensor. */
export interface AssertShapeMethod {
  <D extends DType, const S extends Shape>(this: Tensor<Shape, D>, shape: S): asserts this is Tensor<[...S], D>;
}

/** Every generated method, by name; src/tensor.ts declares each. */
export interface GeneratedMethods {
  /** Zeros of `x`'s shape, in x's dtype unless `{ dtype }` says otherwise; x's elements are not read. */
  zerosLike: ZerosLikeMethod;
  /** Ones of `x`'s shape, in x's dtype unless `{ dtype }` says otherwise. */
  onesLike: OnesLikeMethod;
  /**
  * `value` everywhere in `x`'s shape, in x's dtype unless `{ dtype }` says otherwise (as NumPy's
  * `full_like`: the value is stored as that dtype stores it, so 2.7 in an int32 tensor is 2).
  */
  fullLike: FullLikeMethod;
  /** A contiguous row-major copy of `x` in a new buffer, same shape and dtype (a view's copy is contiguous). */
  clone: CloneMethod;
  /** The sum over the axes (all when omitted); integers and bools sum in int32. */
  sum: ReduceOpMethod<"sum", "sum">;
  /** The product over the axes. */
  prod: ReduceOpMethod<"prod", "sum">;
  /** The arithmetic mean over the axes, in floating point. */
  mean: ReduceOpMethod<"mean", "float">;
  /** The largest element over the axes (NaN if any is NaN). */
  max: ReduceOpMethod<"max", "same">;
  /** The smallest element over the axes (NaN if any is NaN). */
  min: ReduceOpMethod<"min", "same">;
  /**
  * The index of the largest element along one axis; over a list of axes (or
  * all, when omitted) the index into those axes flattened in row-major order.
  * The first one wins on ties, and the first NaN over everything, as in NumPy.
  */
  argmax: ReduceOpMethod<"argmax", "index">;
  /** The index of the smallest element, as `argmax` counts it. */
  argmin: ReduceOpMethod<"argmin", "index">;
  /** Variance over the axes: the sum of squared deviations divided by `max(count - ddof, 0)` (`{ ddof }`, default 0). */
  variance: ReduceOpMethod<"variance", "float", VarianceOptions>;
  /** Standard deviation: the square root of `variance`. */
  std: ReduceOpMethod<"std", "float", VarianceOptions>;
  /** log(sum(exp(x))) over the axes, computed stably (the maximum is factored out). */
  logSumExp: ReduceOpMethod<"logSumExp", "float">;
  /** Is any element over the axes true (not 0; NaN counts as true)? False over no elements. */
  any: ReduceOpMethod<"any", "bool">;
  /** Is every element over the axes true (not 0; NaN counts as true)? True over no elements. */
  all: ReduceOpMethod<"all", "bool">;
  /** exp(x) / sum(exp(x)) along `axis` (default -1): each slice sums to 1. */
  softmax: AxisOpMethod<"softmax">;
  /** log(softmax(x)) along `axis` (default -1), without the loss of precision of taking the log afterwards. */
  logSoftmax: AxisOpMethod<"logSoftmax">;
  /**
  * Layer normalisation: each slice over the axes from `axis` (default -1) to the end, minus its
  * mean, over `sqrt(variance + epsilon)` (the population variance, epsilon 1e-5 by default, as
  * PyTorch's LayerNorm), times gamma plus beta, both of the shape of those axes.
  */
  layerNorm: LayerNormOpMethod;
  /**
  * RMS normalisation: each slice over the axes from `axis` (default -1) to the end, over the root
  * of its mean square plus epsilon (1e-6 by default, as T5's and LLaMA's), times gamma; not
  * centred, no beta.
  */
  rmsNorm: RmsNormOpMethod;
  /**
  * Batch normalisation with given statistics (inference): `(x - mean) / sqrt(variance + epsilon)
  * * gamma + beta` per channel, each vector of shape `[C]`, C the size of the channel axis: the
  * last (`layout: "NHWC"`, the default, channels last) or axis 1 (`"NCHW"`). epsilon 1e-3 by
  * default, as TensorFlow's BatchNormalization layer.
  */
  batchNorm: BatchNormOpMethod;
  /** Cumulative sums along `axis` (the flattened tensor when omitted); `{ exclusive, reverse }`. */
  cumsum: ScanOpMethod<"cumsum">;
  /** Cumulative products along `axis` (the flattened tensor when omitted); `{ exclusive, reverse }`. */
  cumprod: ScanOpMethod<"cumprod">;
  /** The elements sorted along `axis` (default -1), ascending unless `descending`; stable, NaN last. */
  sort: SortOpMethod<"sort", "same">;
  /** The int32 positions that sort `x` along `axis` (default -1), as `sort` orders them (stable, NaN last). */
  argsort: SortOpMethod<"argsort", "index">;
  topk: TopKOpMethod;
  /** The largest element of each 2-D window of an `"NHWC"` (default) or `"NCHW"` tensor. */
  maxPool2d: PoolOpOfMethod<"maxPool2d">;
  /** The mean of the elements of each 2-D window (padding not counted). */
  avgPool2d: PoolOpOfMethod<"avgPool2d">;
  /** The largest element of each window of an `"NWC"` (default) or `"NCW"` tensor. */
  maxPool1d: PoolOpOfMethod<"maxPool1d">;
  /** The mean of the elements of each window (padding not counted). */
  avgPool1d: PoolOpOfMethod<"avgPool1d">;
  /** x's images resized to `[outH, outW]`: bilinear (the default) or nearest, `"NHWC"` (the default) or `"NCHW"`. */
  resize: ResizeOpMethod<"resize">;
  /** x's images scaled up by an integer factor per spatial axis (a number, or `[sh, sw]`): `resize` to `[H * sh, W * sw]`. */
  upsample: UpsampleOpMethod<"upsample">;
  /**
  * A 1-D convolution: x `[N, W, C]` by w `[K, C / groups, F]` gives `[N, OW, F]`
  * (`layout: "NCW"`: `[N, C, W]` by `[F, C / groups, K]` gives `[N, F, OW]`).
  *
  * @example
  * conv1d(zeros([8, 100, 16]), zeros([5, 16, 32]), { padding: "same" })   // Tensor<[8, 100, 32]>
  */
  conv1d: ConvOpOfMethod<"conv1d">;
  /**
  * A 2-D convolution: x `[N, H, W, C]` by w `[KH, KW, C / groups, F]` gives
  * `[N, OH, OW, F]` (`layout: "NCHW"`: `[N, C, H, W]` by `[F, C / groups, KH, KW]`
  * gives `[N, F, OH, OW]`).
  *
  * @example
  * conv2d(zeros([8, 28, 28, 1]), zeros([3, 3, 1, 16]))                      // Tensor<[8, 26, 26, 16]>
  * conv2d(zeros([8, 3, 32, 32]), zeros([8, 3, 3, 3]), { layout: "NCHW", strides: 2, padding: "same" })  // Tensor<[8, 8, 16, 16]>
  */
  conv2d: ConvOpOfMethod<"conv2d">;
  /**
  * A depthwise 2-D convolution: each channel by its own M filters. x
  * `[N, H, W, C]` by w `[KH, KW, C, M]` gives `[N, OH, OW, C * M]`
  * (`layout: "NCHW"`: `[N, C, H, W]` by `[C * M, 1, KH, KW]` gives `[N, C * M, OH, OW]`).
  *
  * @example
  * depthwiseConv2d(zeros([1, 32, 32, 8]), zeros([3, 3, 8, 2]), { padding: "same" })  // Tensor<[1, 32, 32, 16]>
  */
  depthwiseConv2d: ConvOpOfMethod<"depthwiseConv2d">;
  /**
  * The transposed 2-D convolution (the gradient of conv2d with respect to its
  * input, an upsampling): x `[N, H, W, C]` by w `[KH, KW, F / groups, C]` gives
  * `[N, OH, OW, F]` with `OH = (H - 1) * stride + dilation * (KH - 1) + 1 - padding + outputPadding`
  * (`H * stride + outputPadding` with "same"); `layout: "NCHW"`: `[N, C, H, W]` by
  * `[C, F / groups, KH, KW]` gives `[N, F, OH, OW]`.
  *
  * @example
  * conv2dTranspose(zeros([1, 7, 7, 8]), zeros([3, 3, 4, 8]), { strides: 2, padding: "same" })  // Tensor<[1, 14, 14, 4]>
  */
  conv2dTranspose: ConvOpOfMethod<"conv2dTranspose">;
  /** Parts of `x` along `axis`: `sizes` (they must add up to the axis) or a number of equal `sections`. Views, no copy. */
  split: SplitOpMethod;
  /** `x` repeated `reps[i]` times along each axis (NumPy's tile: the shorter of shape and reps is padded with 1s). */
  tile: TileOpMethod;
  /** `x` with `widths[i] = [before, after]` elements of `value` (default 0; `{ value }` or a bare number) around each axis. */
  pad: PadOpMethod;
  /**
  * Elements of `x` picked along `axis` by integer `indices` (a tensor or an
  * array; negative indices count from the end): the axis is replaced by the
  * indices' shape. Every index is checked before anything is copied.
  */
  gather: GatherOpMethod;
  /**
  * `take(x, indices)`: elements of the flattened `x` (row-major, as NumPy's
  * `take` without an axis); the result has the indices' shape. With `axis`,
  * the same as `gather`.
  *
  * @example
  * take(tensor([[1, 2], [3, 4]]), [3, 0])   // Tensor<[2]>: [4, 1]
  */
  take: TakeOpMethod;
  oneHot: OneHotOpMethod;
  /** The lower triangle of each matrix in x's last two axes (`j - i <= k`), the rest zero. */
  tril: TriangleOpMethod<"tril">;
  /** The upper triangle of each matrix in x's last two axes (`j - i >= k`), the rest zero. */
  triu: TriangleOpMethod<"triu">;
  repeat: RepeatOpMethod;
  /**
  * The matrix product, as NumPy's `matmul`: `[..., M, K] x [..., K, N]` gives
  * `[..., M, N]` with the batch axes broadcast; a 1-D operand is a row (a) or a
  * column (b) whose axis is dropped from the result.
  *
  * @example
  * matmul(zeros([2, 3]), zeros([3, 4]))            // Tensor<[2, 4]>
  * matmul(zeros([8, 1, 5, 6]), zeros([4, 6, 7]))   // Tensor<[8, 4, 5, 7]>
  * matmul(zeros([3]), zeros([3, 4]))               // Tensor<[4]>
  */
  matmul: MatmulOpMethod;
  /** `matmul` of two vectors: their dot product, a scalar tensor; of matrices, the matrix product. */
  dot: MatmulOpMethod<"dot">;
  /** The outer product of two vectors: `[M] x [N]` gives `[M, N]`. */
  outer: OuterMethod;
  /**
  * A view of `x` broadcast to `target` (stride 0 on the new and stretched
  * axes), in the modes of docs/broadcasting.md §3: numpy (default), bidirectional, explicit.
  */
  broadcastTo: BroadcastToMethod;
  /** A new axis of size 1 at `axis` (in [-rank-1, rank]). */
  expandDims: ExpandDimsMethod;
  /**
  * Axes `startAxis`..`endAxis` (inclusive; negative counts from the end)
  * merged into one axis of their product, as `reshape` would; a rank-0 tensor
  * becomes `[1]`. By default every axis: a 1-D tensor of all the elements.
  *
  * @example
  * flatten(zeros([8, 3, 32, 32]), 1)    // Tensor<[8, 3072]>
  */
  flatten: FlattenMethod;
  /** Axes reordered: axis `i` of the result is axis `axes[i]` of `x`. Without `axes`, reversed (a matrix transpose). */
  permute: PermuteMethod;
  /**
  * The same elements in a new shape (row-major order). One size may be -1, to
  * be inferred. A view when the layout allows it, else a contiguous copy.
  */
  reshape: ReshapeMethod;
  /**
  * A view of part of `x`: per axis an index (the axis is dropped), a
  * `{ start, stop, step }` (negative values count from the end, a negative
  * step walks backwards), or `null`/omitted for the whole axis.
  */
  slice: SliceMethod;
  /** Removes the size-1 axes named by `axis` (one or a list), or all size-1 axes. */
  squeeze: SqueezeMethod;
  /** Reversed axes; with `axes`, the same as `permute`. */
  transpose: TransposeMethod;
  /**
  * Throws a `ShapeError` unless `t` has exactly `shape`; afterwards the
  * compiler knows `t` as `Tensor<shape, dtype>`.
  *
  * @example
  * const t: Tensor<number[]> = load();
  * assertShape(t, [2, 3]);
  * t; // Tensor<[2, 3], "float32">
  */
  assertShape: AssertShapeMethod;
}
