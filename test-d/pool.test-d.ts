/** pooling: the window rule on the spatial axes, N and C kept; max keeps the dtype, avg is float; misfits are compile errors; generic code too. */
import { expectTypeOf } from "expect-type";
import { avgPool1d, avgPool2d, maxPool1d, maxPool2d, zeros, type Dim, type ErrorMessage, type FloorDiv, type Minus, type PoolOptionsOf, type PoolShape, type Tensor, type WindowSizes } from "shapecast";

declare function expected<T>(): T;

const images = zeros([8, 28, 28, 3]);
expectTypeOf(maxPool2d(images, { size: 2 })).toEqualTypeOf<Tensor<[8, 14, 14, 3], "float32">>();
expectTypeOf(maxPool2d(images, { size: 3, strides: 2 })).toEqualTypeOf<Tensor<[8, 13, 13, 3], "float32">>();
expectTypeOf(maxPool2d(images, { size: 3, strides: 2, padding: "same" })).toEqualTypeOf<Tensor<[8, 14, 14, 3], "float32">>();
expectTypeOf(avgPool2d(images, { size: [3, 5], strides: [1, 2], padding: [[1, 1], [2, 0]] })).toEqualTypeOf<Tensor<[8, 28, 13, 3], "float32">>();
expectTypeOf(avgPool2d(zeros([2, 3, 10, 7], "int32"), { size: 2, layout: "NCHW" })).toEqualTypeOf<Tensor<[2, 3, 5, 3], "float32">>();
expectTypeOf(maxPool2d(zeros([2, 3, 10, 7], "int32"), { size: 2, layout: "NCHW" })).toEqualTypeOf<Tensor<[2, 3, 5, 3], "int32">>();
expectTypeOf(avgPool2d(zeros([2, 4, 4, 1], "float64"), { size: 2 })).toEqualTypeOf<Tensor<[2, 2, 2, 1], "float64">>();
expectTypeOf(maxPool1d(zeros([2, 10, 4], "uint8"), { size: 3 })).toEqualTypeOf<Tensor<[2, 3, 4], "uint8">>();
expectTypeOf(avgPool1d(zeros([2, 4, 10]), { size: 4, strides: 3, padding: "same", layout: "NCW" })).toEqualTypeOf<Tensor<[2, 4, 4], "float32">>();
declare const unknownWidth: Tensor<[2, number, 4], "float32">;
expectTypeOf(maxPool1d(unknownWidth, { size: 3 })).toEqualTypeOf<Tensor<[2, number, 4], "float32">>();
declare const named: Tensor<[Dim<"batch">, 32, 32, Dim<"channels">], "float32">;
expectTypeOf(maxPool2d(named, { size: 2 })).toEqualTypeOf<Tensor<[Dim<"batch">, 16, 16, Dim<"channels">], "float32">>();
declare const anyRank: Tensor<number[], "float32">;
expectTypeOf(maxPool2d(anyRank, { size: 2 })).toEqualTypeOf<Tensor<number[], "float32">>();
declare const size: number;
expectTypeOf(maxPool2d(images, { size })).toEqualTypeOf<Tensor<[8, number, number, 3], "float32">>();

// a window size alone is { size }: strides the size, no padding, the default layout
expectTypeOf(maxPool2d(images, 2)).toEqualTypeOf<Tensor<[8, 14, 14, 3], "float32">>();
expectTypeOf(images.avgPool2d(3)).toEqualTypeOf<Tensor<[8, 9, 9, 3], "float32">>();
expectTypeOf(maxPool1d(zeros([2, 10, 4], "int32"), 3)).toEqualTypeOf<Tensor<[2, 3, 4], "int32">>();
expectTypeOf(maxPool2d(images, size)).toEqualTypeOf<Tensor<[8, number, number, 3], "float32">>();
expectTypeOf<PoolShape<"maxPool2d", [1, 9, 9, 1], PoolOptionsOf<4>>>().toEqualTypeOf<[1, 2, 2, 1]>();
// @ts-expect-error -- "maxPool2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])"
maxPool2d(zeros([1, 4, 9, 1]), 5);

// misfits, with the runtime's messages
// @ts-expect-error -- "maxPool2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])"
maxPool2d(zeros([1, 4, 9, 1]), { size: 5 });
// @ts-expect-error -- "avgPool1d: the window spans 4 but axis 2 is 3 with its padding (shape [1, 2, 1])"
avgPool1d(zeros([1, 2, 1]), { size: 4, padding: [[1, 1]], layout: "NCW" });
// @ts-expect-error -- "maxPool2d: x must have rank 4 (NHWC), got shape [28, 28, 3]"
maxPool2d(zeros([28, 28, 3]), { size: 2 });
// @ts-expect-error -- "maxPool1d: x must have rank 3 (NCW), got shape [4, 10]"
maxPool1d(zeros([4, 10]), { size: 2, layout: "NCW" });
// @ts-expect-error -- layout "NCHW" is not a 1d layout
maxPool1d(zeros([4, 3, 10]), { size: 2, layout: "NCHW" });
expectTypeOf<ErrorMessage<PoolShape<"maxPool2d", [1, 4, 9, 1], { size: 5 }>>>().toEqualTypeOf<"maxPool2d: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 9, 1])">();
expectTypeOf<ErrorMessage<PoolShape<"maxPool2d", [28, 28, 3], { size: 2 }>>>().toEqualTypeOf<"maxPool2d: x must have rank 4 (NHWC), got shape [28, 28, 3]">();
// the window rule itself: dilations, and sizes beyond tuple counting
expectTypeOf<WindowSizes<"conv", [7, 9], 1, 3, [2, 1], [2, 1], "valid", [1, 7, 9, 1]>>().toEqualTypeOf<[2, 7]>();
expectTypeOf<WindowSizes<"conv", [50000], 1, 3, 2, 1, "same", [1, 50000, 1]>>().toEqualTypeOf<[25000]>();
expectTypeOf<ErrorMessage<WindowSizes<"conv", [4], 1, 3, 1, 2, 0, [1, 4, 1]>>>().toEqualTypeOf<"conv: the window spans 5 but axis 1 is 4 with its padding (shape [1, 4, 1])">();

// generic code: N and C pass through by position, literal spatial sizes are computed
function downsample<B extends number, C extends number>(x: Tensor<[B, 28, 28, C], "float32">) {
  let pooled = maxPool2d(x, { size: 2 });
  pooled = expected<Tensor<[B, 14, 14, C], "float32">>();
  const exact: Tensor<[B, 14, 14, C], "float32"> = pooled;
  const channelsFirst: Tensor<[B, C, 9, 9], "float32"> = avgPool2d(expected<Tensor<[B, C, 28, 28], "int32">>(), { size: 3, layout: "NCHW" });
  const sequence: Tensor<[B, 5, C], "float32"> = avgPool1d(expected<Tensor<[B, 10, C], "float32">>(), { size: 2 });
  return [exact, channelsFirst, sequence] as const;
}
expectTypeOf(downsample(zeros([4, 28, 28, 2]))[0]).toEqualTypeOf<Tensor<[4, 14, 14, 2], "float32">>();
function tooSmall<B extends number, C extends number>(x: Tensor<[B, 2, 2, C], "float32">) {
  // the misfit is real, and its message would print B: the message's alias, its words and the shape
  // @ts-expect-error -- ShapeMessage<"maxPool2d: the window spans 3 but axis 1 is 2 with its padding (shape {1})", [B, 2, 2, C]>
  return maxPool2d(x, { size: 3 });
}
function symbolic<B extends number, H extends number>(x: Tensor<[B, H, 8, 3], "float32">) {
  // a 2x2 pool of H rows: floor(H / 2), kept as the expression
  expectTypeOf(maxPool2d(x, { size: 2 })).toEqualTypeOf<Tensor<[B, FloorDiv<H, 2>, 4, 3], "float32">>();
  // a 3-wide window at stride 2: floor((H - 3) / 2) + 1 = floor((H - 1) / 2)
  expectTypeOf(maxPool2d(x, { size: 3, strides: 2 })).toEqualTypeOf<Tensor<[B, FloorDiv<Minus<H, 1>, 2>, 3, 3], "float32">>();
}
export { symbolic, tooSmall };
