/**
 * Sizes computed from type parameters (docs/generic-code.md, "Sizes computed from type
 * parameters"), outside the window ops: concat adds its sizes by `Plus`, so joining along an
 * axis whose size is a type parameter keeps the sum by name; the same sum computed twice fits
 * itself; a definite misfit beside type parameters is still reported as that misfit.
 */
import { expectTypeOf } from "expect-type";
import { add, concat, pad, split, stack, tile, zeros, type CeilDiv, type FloorDiv, type Minus, type PaddedSize, type Plus, type SplitParts, type Tensor, type TiledSize, type Times } from "shapecast";

function cache<B extends number, H extends number, T extends number, D extends number>(
  past: Tensor<[B, H, T, D], "float32">, step: Tensor<[B, H, 1, D], "float32">,
) {
  // a key/value cache grown by one step: T + 1
  const grown = concat([past, step], 2);
  expectTypeOf(grown).toEqualTypeOf<Tensor<[B, H, Plus<T, 1>, D], "float32">>();
  // negative axis, three tensors: (T + 1) + 1
  const twice = concat([past, step, step], -2);
  expectTypeOf(twice).toEqualTypeOf<Tensor<[B, H, Plus<Plus<T, 1>, 1>, D], "float32">>();
  // the same computation on both sides fits
  expectTypeOf(add(grown, concat([past, step], 2))).toEqualTypeOf<Tensor<[B, H, Plus<T, 1>, D], "float32">>();
  return grown;
}

function sequences<B extends number, S extends number, T extends number, D extends number>(
  source: Tensor<[B, S, D], "float32">, target: Tensor<[B, T, D], "float32">,
) {
  expectTypeOf(concat([source, target], 1)).toEqualTypeOf<Tensor<[B, Plus<S, T>, D], "float32">>();
  expectTypeOf(concat([source, source], 0)).toEqualTypeOf<Tensor<[Plus<B, B>, S, D], "float32">>();
  // literal sizes still add to a literal beside type parameters
  expectTypeOf(concat([zeros([2, 3]), zeros([2, 5])], 1)).toEqualTypeOf<Tensor<[2, 8], "float32">>();
  // a stack of sums computed the same way
  expectTypeOf(stack([concat([source, target], 1), concat([source, target], 1)])).toEqualTypeOf<Tensor<[2, B, Plus<S, T>, D], "float32">>();
}

function misfits<B extends number, S extends number, T extends number>(x: Tensor<[B, S, 4], "float32">, y: Tensor<[B, T, 8], "float32">) {
  // @ts-expect-error -- a definite misfit off the axis: ShapeMessage<"concat: tensors[1] axis 2 has 8 vs 4 in tensors[0]; cannot join {1} with {2}", [B, S, 4], [B, T, 8]>
  concat([x, y], 1);
  // @ts-expect-error -- S against T off the axis: undecided, "concat: the compiler cannot decide ..."
  concat([x, y], 2);
}

// concrete at the call: the sums become numbers
expectTypeOf(cache(zeros([2, 4, 7, 16]), zeros([2, 4, 1, 16]))).toEqualTypeOf<Tensor<[2, 4, 8, 16], "float32">>();
export { misfits, sequences };
function stacked<B extends number, T extends number>(x: Tensor<[B, T, 4], "float32">, y: Tensor<[B, T, 8], "float32">) {
  // @ts-expect-error -- ShapeMessage<"stack: tensors[1] axis 2 has 8 vs 4 in tensors[0]; cannot join {1} with {2}", [B, T, 4], [B, T, 8]>
  stack([x, y]);
}
export { stacked };

// pad and tile of a type parameter: the widths' sum and the repetition name the size; nothing
// added or one repetition keeps it; the same on literal sizes is the number
function grown<B extends number, T extends number, D extends number>(x: Tensor<[B, T, D], "float32">) {
  expectTypeOf(pad(x, [[0, 0], [1, 1], [0, 0]])).toEqualTypeOf<Tensor<[B, Plus<T, 2>, D], "float32">>();
  expectTypeOf(pad(x, [[0, 0], [0, 0], [2, 0]])).toEqualTypeOf<Tensor<[B, T, Plus<D, 2>], "float32">>();
  expectTypeOf(tile(x, [1, 2, 1])).toEqualTypeOf<Tensor<[B, Times<T, 2>, D], "float32">>();
  // (reps shorter than the rank are padded with 1s on the left, as NumPy does)
  expectTypeOf(tile(x, [3, 1])).toEqualTypeOf<Tensor<[B, Times<T, 3>, D], "float32">>();
  return pad(x, [[1, 2], [0, 0], [0, 0]]);
}
expectTypeOf(grown(zeros([2, 5, 4]))).toEqualTypeOf<Tensor<[5, 5, 4], "float32">>();

// repetitions and widths that are themselves type parameters: named, and the same call fits itself
function widened<B extends number, T extends number, R extends number, P extends number>(x: Tensor<[B, T], "float32">, r: R, p: P) {
  const tiled = tile(x, [1, r]);
  expectTypeOf(tiled).toEqualTypeOf<Tensor<[B, TiledSize<T, R>], "float32">>();
  expectTypeOf(add(tiled, tile(x, [1, r]))).toEqualTypeOf<Tensor<[B, TiledSize<T, R>], "float32">>();
  const padded = pad(x, [[0, 0], [p, p]]);
  expectTypeOf(padded).toEqualTypeOf<Tensor<[B, PaddedSize<T, P, P>], "float32">>();
  return { tiled, padded };
}
const wide = widened(zeros([2, 5]), 3, 2);
expectTypeOf(wide.tiled).toEqualTypeOf<Tensor<[2, 15], "float32">>();
expectTypeOf(wide.padded).toEqualTypeOf<Tensor<[2, 9], "float32">>();
expectTypeOf(tile(zeros([2, 5]), [3, 1])).toEqualTypeOf<Tensor<[6, 5], "float32">>();

// a size computed in one generic function is passed to another that names it, and two
// different computations never fit each other, whatever their operands
declare function decode<N extends number, H extends number>(x: Tensor<[N, H], "float32">, skip: Tensor<[N, Times<H, 2>], "float32">): Tensor<[N, Times<H, 2>], "float32">;
function passes<N extends number, H extends number, K extends number>(
  x: Tensor<[N, H], "float32">, skip: Tensor<[N, Times<H, 2>], "float32">, other: Tensor<[N, Times<H, 3>], "float32">, elsewhere: Tensor<[N, Times<K, 2>], "float32">,
  t3: Times<H, 3>, p1: Plus<H, 1>, m1: Minus<H, 1>, f3: FloorDiv<H, 3>, c3: CeilDiv<H, 3>,
) {
  expectTypeOf(decode(x, skip)).toEqualTypeOf<Tensor<[N, Times<H, 2>], "float32">>();
  // @ts-expect-error -- three times H where twice is due
  decode(x, other);
  // @ts-expect-error -- twice another parameter
  decode(x, elsewhere);
  // @ts-expect-error -- Times<H, 3> is not Times<H, 2>
  const a: Times<H, 2> = t3;
  // @ts-expect-error -- Plus<H, 1> is not Plus<H, 2>
  const b: Plus<H, 2> = p1;
  // @ts-expect-error -- Minus<H, 1> is not Minus<H, 2>
  const c: Minus<H, 2> = m1;
  // @ts-expect-error -- FloorDiv<H, 3> is not FloorDiv<H, 2>
  const d: FloorDiv<H, 2> = f3;
  // @ts-expect-error -- CeilDiv<H, 3> is not CeilDiv<H, 2>
  const e: CeilDiv<H, 2> = c3;
  return [a, b, c, d, e];
}
expectTypeOf(decode(zeros([2, 3]), zeros([2, 6]))).toEqualTypeOf<Tensor<[2, 6], "float32">>();
// a union of sizes gives the union of the results; `never` stays `never`
expectTypeOf<Times<2 | 3, 2>>().toEqualTypeOf<4 | 6>();
expectTypeOf<FloorDiv<224 | 384, 16>>().toEqualTypeOf<14 | 24>();
expectTypeOf<Plus<never, 1>>().toBeNever();
expectTypeOf<Minus<never, 1>>().toBeNever();

// split of an axis whose size is a type parameter: whether the parts fit is undecided (an error
// with the way out), but the parts read as written, never as the rule's conditional type
function halves<B extends number, T extends number, S extends number, U extends number>(x: Tensor<[B, T, 96], "float32">, s: S, u: U) {
  expectTypeOf<SplitParts<[B, T], [1, 2], 1>>().toEqualTypeOf<[[B, 1], [B, 2]]>();
  expectTypeOf<SplitParts<[B, T], 2, 1>>().toEqualTypeOf<[[B, FloorDiv<T, 2>], [B, FloorDiv<T, 2>]]>();
  expectTypeOf<SplitParts<[B, T], 1, 1>>().toEqualTypeOf<[[B, T]]>();
  // @ts-expect-error -- 1 + 2 may not be T: undecided
  split(x, [1, 2], 1);
  // sizes that are type parameters: undecided too (S + U may not be 96), the parts read as written
  expectTypeOf<SplitParts<[B, T, 96], [S, U], -1>>().toEqualTypeOf<[[B, T, S], [B, T, U]]>();
  expectTypeOf<SplitParts<[B, T, 96], [S, 32], 2>>().toEqualTypeOf<[[B, T, S], [B, T, 32]]>();
  // @ts-expect-error -- "split: the compiler cannot decide ..."
  split(x, [s, u], -1);
  // a literal axis is decided beside the type parameters
  expectTypeOf(split(x, 3, -1)).toEqualTypeOf<[Tensor<[B, T, 32], "float32">, Tensor<[B, T, 32], "float32">, Tensor<[B, T, 32], "float32">]>();
  // @ts-expect-error -- 5 sections do not divide 96
  split(x, 5, -1);
}
export { grown, halves, passes };
