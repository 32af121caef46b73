/** resize and upsample: N and C kept by position, the spatial sizes replaced or scaled; nearest keeps the dtype, bilinear is float; misfits are compile errors with the runtime's messages; generic code too. */
import { expectTypeOf } from "expect-type";
import { resize, upsample, zeros, type Dim, type ErrorMessage, type ResizeShape, type Tensor, type Times, type UpsampleShape } from "shapecast";

declare function expected<T>(): T;

// literal shapes give literal results, in both layouts
expectTypeOf(upsample(zeros([1, 3, 4, 4]), 2, { layout: "NCHW" })).toEqualTypeOf<Tensor<[1, 3, 8, 8], "float32">>();
expectTypeOf(upsample(zeros([1, 4, 5, 3]), [2, 3])).toEqualTypeOf<Tensor<[1, 8, 15, 3], "float32">>();
expectTypeOf(upsample(zeros([2, 4, 5, 3]), 1, { mode: "nearest" })).toEqualTypeOf<Tensor<[2, 4, 5, 3], "float32">>();
expectTypeOf(resize(zeros([1, 8, 8, 3]), [16, 12])).toEqualTypeOf<Tensor<[1, 16, 12, 3], "float32">>();
expectTypeOf(resize(zeros([2, 3, 8, 8], "float64"), [5, 7], { layout: "NCHW", coordinates: "align-corners" })).toEqualTypeOf<Tensor<[2, 3, 5, 7], "float64">>();
expectTypeOf(zeros([1, 8, 8, 3]).resize([4, 4], { mode: "nearest" })).toEqualTypeOf<Tensor<[1, 4, 4, 3], "float32">>();
expectTypeOf(zeros([1, 2, 2, 3]).upsample(3)).toEqualTypeOf<Tensor<[1, 6, 6, 3], "float32">>();
// dtypes: nearest copies pixels (any dtype), bilinear blends them (float, as mean)
expectTypeOf(resize(zeros([1, 4, 4, 1], "uint8"), [8, 8], { mode: "nearest" })).toEqualTypeOf<Tensor<[1, 8, 8, 1], "uint8">>();
expectTypeOf(resize(zeros([1, 4, 4, 1], "int32"), [8, 8])).toEqualTypeOf<Tensor<[1, 8, 8, 1], "float32">>();
expectTypeOf(upsample(zeros([1, 4, 4, 1], "bool"), 2, { mode: "nearest" })).toEqualTypeOf<Tensor<[1, 8, 8, 1], "bool">>();
expectTypeOf(upsample(zeros([1, 4, 4, 1], "int32"), 2, { mode: "bilinear", coordinates: "asymmetric" })).toEqualTypeOf<Tensor<[1, 8, 8, 1], "float32">>();
// sizes known at run time only
declare const named: Tensor<[Dim<"batch">, 32, 32, Dim<"channels">], "float32">;
expectTypeOf(upsample(named, 2)).toEqualTypeOf<Tensor<[Dim<"batch">, 64, 64, Dim<"channels">], "float32">>();
declare const unknownHeight: Tensor<[1, number, 4, 3], "float32">;
expectTypeOf(upsample(unknownHeight, 2)).toEqualTypeOf<Tensor<[1, number, 8, 3], "float32">>();
declare const height: number;
expectTypeOf(resize(zeros([1, 4, 4, 3]), [height, 4])).toEqualTypeOf<Tensor<[1, number, 4, 3], "float32">>();
declare const anyRank: Tensor<number[], "float32">;
expectTypeOf(resize(anyRank, [2, 2])).toEqualTypeOf<Tensor<number[], "float32">>();

// misfits, with the runtime's messages
// @ts-expect-error -- "resize: x must have rank 4 (NHWC), got shape [8, 8, 3]"
resize(zeros([8, 8, 3]), [4, 4]);
// @ts-expect-error -- "upsample: x must have rank 4 (NCHW), got shape [3, 4, 4]"
upsample(zeros([3, 4, 4]), 2, { layout: "NCHW" });
// @ts-expect-error -- "resize: size[0] must be an integer from 1 to 2147483647, got 0"
resize(zeros([1, 4, 4, 3]), [0, 4]);
// @ts-expect-error -- "resize: size[1] must be an integer, got number 2.5"
resize(zeros([1, 4, 4, 3]), [4, 2.5]);
// @ts-expect-error -- "upsample: scale must be an integer from 1 to 2147483647, got -2"
upsample(zeros([1, 4, 4, 3]), -2);
// @ts-expect-error -- "upsample: scale[1] must be an integer, got number 1.5"
upsample(zeros([1, 4, 4, 3]), [2, 1.5]);
// @ts-expect-error -- "resize: mode must be "nearest" or "bilinear", got "cubic""
resize(zeros([1, 4, 4, 3]), [8, 8], { mode: "cubic" });
// @ts-expect-error -- "upsample: coordinates must be "half-pixel", "align-corners" or "asymmetric", got "pytorch_half_pixel""
upsample(zeros([1, 4, 4, 3]), 2, { coordinates: "pytorch_half_pixel" });
// @ts-expect-error -- the method form checks the rank too
zeros([4, 4]).upsample(2);
// @ts-expect-error -- layout "NCW" is not a 2d layout
upsample(zeros([1, 3, 4, 4]), 2, { layout: "NCW" });
expectTypeOf<ErrorMessage<ResizeShape<"resize", [8, 8, 3], [4, 4], {}>>>().toEqualTypeOf<"resize: x must have rank 4 (NHWC), got shape [8, 8, 3]">();
expectTypeOf<UpsampleShape<"upsample", [1, 3, 4, 4], 2, { layout: "NCHW" }>>().toEqualTypeOf<[1, 3, 8, 8]>();

// generic code: N and C by position, the spatial sizes named by their computation
function decoder<N extends number, C extends number, H extends number, W extends number>(x: Tensor<[N, C, H, W], "float32">) {
  let up = upsample(x, 2, { layout: "NCHW" });
  up = expected<Tensor<[N, C, Times<H, 2>, Times<W, 2>], "float32">>();
  expectTypeOf(up).toEqualTypeOf<Tensor<[N, C, Times<H, 2>, Times<W, 2>], "float32">>();
  let wide = upsample(x, [1, 3], { layout: "NCHW", mode: "nearest" });
  wide = expected<Tensor<[N, C, H, Times<W, 3>], "float32">>();
  let same = x.upsample(1, { layout: "NCHW" });
  same = expected<Tensor<[N, C, H, W], "float32">>();
  return [up, wide, same] as const;
}
expectTypeOf(decoder(zeros([1, 3, 4, 5]))).toEqualTypeOf<
  readonly [Tensor<[1, 3, 8, 10], "float32">, Tensor<[1, 3, 4, 15], "float32">, Tensor<[1, 3, 4, 5], "float32">]
>();
function toSize<N extends number, H extends number, W extends number, C extends number, OH extends number, OW extends number>(x: Tensor<[N, H, W, C], "float32">, oh: OH, ow: OW) {
  let out = resize(x, [oh, ow]);
  out = expected<Tensor<[N, OH, OW, C], "float32">>();
  expectTypeOf(out).toEqualTypeOf<Tensor<[N, OH, OW, C], "float32">>();
  expectTypeOf(resize(expected<Tensor<[N, C, H, W], "float32">>(), [oh, ow], { layout: "NCHW" })).toEqualTypeOf<Tensor<[N, C, OH, OW], "float32">>();
  let first = resize(expected<Tensor<[N, C, H, W], "int32">>(), [oh, 7], { layout: "NCHW", mode: "nearest" });
  first = expected<Tensor<[N, C, OH, 7], "int32">>();
  let up = upsample(x, 2);
  up = expected<Tensor<[N, Times<H, 2>, Times<W, 2>, C], "float32">>();
  expectTypeOf(up).toEqualTypeOf<Tensor<[N, Times<H, 2>, Times<W, 2>, C], "float32">>();
  // a skip connection: the upsampled map added to one of the same computed sizes
  const skip = expected<Tensor<[N, Times<H, 2>, Times<W, 2>, C], "float32">>();
  const joined: Tensor<[N, Times<H, 2>, Times<W, 2>, C], "float32"> = up.add(skip);
  return [out, first, joined] as const;
}
expectTypeOf(toSize(zeros([2, 4, 4, 3]), 6, 9)[0]).toEqualTypeOf<Tensor<[2, 6, 9, 3], "float32">>();
function badRank<N extends number, H extends number>(x: Tensor<[N, H, H], "float32">) {
  // @ts-expect-error -- rank 3 whatever N and H are
  return upsample(x, 2);
}
badRank(zeros([1, 2, 2]));
function badLiteral<N extends number, H extends number, W extends number, C extends number>(x: Tensor<[N, H, W, C], "float32">) {
  // @ts-expect-error -- a literal scale of 0 is refused beside type parameters too
  return upsample(x, 0);
}
badLiteral(zeros([1, 2, 2, 1]));
