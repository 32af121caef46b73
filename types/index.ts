/**
 * The type-level shape algebra of shapecast: shapes as tuple types, every
 * broadcasting mode of docs/broadcasting.md, and errors whose messages match the runtime's.
 * Type-only: importing this module emits no code.
 */

// Shapes
export type { Dim, Shape, ShapeArgument, ShowDim, ShowShape } from "./shape.js";

// Broadcasting
export type { BroadcastShapes, BroadcastShapesOf, BroadcastToShape, BroadcastToShapeOf } from "./broadcast.js";
export type { BinaryModeFields, BroadcastSpec, BroadcastToSpec, ToModeFields } from "./spec.js";

// Element types
export type { ArithmeticDType, DivisionDType, DType, FloatDType, Promote, ScalarDType, ScalarFits, ScalarRangeMessage, ScalarRangeProblem, SignedDType, StorageOf } from "./dtype.js";

// Views
export type { Flattened, NormalizedAxis, Permuted, Reversed, WithAxis, WithoutAxis, WithoutOnes } from "./views.js";
export type { SliceProblem, SliceSize, Sliced } from "./slice.js";

export type { LastSplitParts, Regrouped, RegroupedParts, Reshape } from "./reshape.js";

// Reductions
export type { Reduced, ReducedOf } from "./reduce.js";
export type { ScannedOf } from "./scan.js";
export type { DepthMessage, OneHotMisfit, OneHotParts, OneHotShape } from "./one-hot.js";
export type { TriangleDiagonal, TriangleDiagonalMessage, TriangleOpName, TriangleRankMessage, TriangleShape } from "./triangle.js";
export type { FlatRepeated, RepeatAxisProblem, RepeatCountMessage, RepeatCountProblem, RepeatedShape, RepeatedSize, RepeatLengthMessage, RepeatListLengthProblem, RepeatProblem, RepeatResult } from "./repeat.js";
export type { SortedOf } from "./sort.js";
export type { TopKCountMessage, TopKLargerMessage, TopKPlaced, TopKProblem, TopKShape } from "./topk.js";
export type { BatchNormLayout, BatchNormParamMessage, BatchNormParamShape, BatchNormRankMessage, BatchNormRankProblem, NormParamMessage, NormParamShape } from "./norm.js";

// Sizes computed from type parameters (symbolic sizes)
export type { AtMost, CeilDiv, ExactDiv, FloorDiv, Grown, MergedSize, Minus, Plus, Times } from "./size.js";

// Pooling (the sliding-window rule)
export type { Shift, WindowLargerMessage, WindowPadding, WindowSizes, WindowSpan } from "./window.js";
export type { PoolOptions, PoolOptionsOf, PoolRankMessage, PoolShape } from "./pool.js";
export type {
  ResizeCountMisfit,
  ResizePairMisfit,
  ResizeCoordinates,
  ResizeCoordinatesMessage,
  ResizeCountMessage,
  ResizeIntegerMessage,
  ResizeLayoutOf,
  ResizeMode,
  ResizeModeMessage,
  ResizeModeOf,
  ResizeOptions,
  ResizeOptionsMisfit,
  ResizeShape,
  UpsampledSize,
  ResizedSpatial,
  UpsampleShape,
} from "./resize.js";
export type { ConvChannelsMessage, ConvGroupsMessage, ConvOp, ConvOptions, ConvRankMessage, ConvShape, ConvTransposePaddingMessage, DepthwiseOptions, TransposeOptions } from "./conv.js";

// Joins
export type { ConcatShape, StackShape } from "./join.js";

export type { GatheredShape, PaddedShape, PaddedSize, SplitMisfit, SplitParts, SplitShapes, TiledShape, TiledSize } from "./shaping.js";

// Products
export type { MatMulShape } from "./matmul.js";
export type {
  EinsumBroadcastMessage, EinsumCharacterMessage, EinsumCountMessage, EinsumEllipsisMessage, EinsumLetterMessage, EinsumMissingMessage, EinsumRankMessage,
  EinsumRepeatedMessage, EinsumShape,
} from "./einsum.js";

// Tensor data
export type { NestedData, NestedDType, NestedShape } from "./nested.js";

// Errors
export type { ErrorMessage, IsShapeError, ShapeTypeError } from "./errors.js";

// Autodiff
export type { GradDType, GradOf, ParamTree, ScalarLoss, ValueAndGrad, Vjp } from "./autodiff.js";
