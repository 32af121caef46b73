/**
 * Targets holding type parameters (docs/generic-code.md): `broadcastTo` decides numpy
 * broadcasting by structure (each size 1 or the target's own), and a tensor whose sizes are known
 * only at run time (`Tensor<number[]>`) comes back into generic code by `assertShape`, `reshape` or
 * `broadcastTo`, each checked at run time.
 */
import { expectTypeOf } from "expect-type";
import { add, assertShape, broadcastTo, flatten, matmul, permute, reshape, zeros, type BroadcastShapes, type ExactDiv, type MergedSize, type Tensor, where } from "shapecast";

function targets<B extends number, C extends number, H extends number, T extends number>(
  column: Tensor<[B, 1], "float32">, row: Tensor<[1, C], "float32">, x: Tensor<[B, 4], "float32">, mask: Tensor<[T, T], "bool">,
  b: B, c: C, h: H, t: T,
) {
  // the identity
  expectTypeOf(broadcastTo(x, [b, 4])).toEqualTypeOf<Tensor<[B, 4], "float32">>();
  // each operand of an outer sum to the same [B, C]; then they add as one shape
  const wide = broadcastTo(column, [b, c]);
  expectTypeOf(wide).toEqualTypeOf<Tensor<[B, C], "float32">>();
  expectTypeOf(add(wide, broadcastTo(row, [b, c]))).toEqualTypeOf<Tensor<[B, C], "float32">>();
  // new leading axes, any sizes
  expectTypeOf(broadcastTo(mask, [b, h, t, t])).toEqualTypeOf<Tensor<[B, H, T, T], "bool">>();
  expectTypeOf(x.broadcastTo([2, b, 4])).toEqualTypeOf<Tensor<[2, B, 4], "float32">>();
  // @ts-expect-error -- B against 3: only the run time can tell
  broadcastTo(x, [b, 3, 4]);
  // @ts-expect-error -- B against C
  broadcastTo(x, [c, 4]);
  // @ts-expect-error -- 4 against 8: a misfit whatever B is
  broadcastTo(x, [b, 8]);
}

declare function expected<T>(): T;

// a -1 for what the kept sizes leave, as a classifier head flattens its features
function heads<B extends number, H extends number, W extends number>(x: Tensor<[B, 16, 4, 4], "float32">, maps: Tensor<[B, 16, H, W], "float32">, b: B) {
  expectTypeOf(reshape(x, [b, -1])).toEqualTypeOf<Tensor<[B, 256], "float32">>();
  expectTypeOf(x.reshape([b, 4, -1])).toEqualTypeOf<Tensor<[B, 4, 64], "float32">>();
  // heads split with a -1, as attention code writes `q.view(B, T, n_head, -1)`
  expectTypeOf(reshape(expected<Tensor<[B, H, 768], "float32">>(), [b, expected<H>(), 12, -1])).toEqualTypeOf<Tensor<[B, H, 12, 64], "float32">>();
  expectTypeOf(reshape(maps, [b, -1])).toEqualTypeOf<Tensor<[B, MergedSize<[16, H, W]>], "float32">>();
  expectTypeOf(add(reshape(maps, [b, -1]), flatten(maps, 1))).toEqualTypeOf<Tensor<[B, MergedSize<[16, H, W]>], "float32">>();
  // a literal 0 kept beside the -1 is still an error: the runtime cannot infer the -1 from 0 elements
  // @ts-expect-error -- "reshape: cannot infer -1: 0 elements of [0, 16, 4, 4] do not split into [0, -1]"
  reshape(zeros([0, 16, 4, 4]), [0, -1]);
  return reshape(x, [b, -1]);
}
expectTypeOf(heads(zeros([3, 16, 4, 4]), zeros([3, 16, 5, 2]), 3)).toEqualTypeOf<Tensor<[3, 256], "float32">>();

// heads split off a width that is a type parameter, and merged back, as attention code writes
// `x.view(B, T, n_head, -1)` and `y.transpose(1, 2).reshape(B, T, -1)`
function splitHeads<B extends number, T extends number, D extends number, H extends number>(
  x: Tensor<[B, T, D], "float32">, w: Tensor<[D, D], "float32">, maps: Tensor<[B, H, T], "float32">, b: B, t: T, h: H,
) {
  const heads = reshape(x, [b, t, h, -1]);
  expectTypeOf(heads).toEqualTypeOf<Tensor<[B, T, H, ExactDiv<D, H>], "float32">>();
  expectTypeOf(x.reshape([b, t, 12, -1])).toEqualTypeOf<Tensor<[B, T, 12, ExactDiv<D, 12>], "float32">>();
  const attended = permute(permute(heads, [0, 2, 1, 3]), [0, 2, 1, 3]);
  const merged = reshape(attended, [b, t, -1]);
  expectTypeOf(merged).toEqualTypeOf<Tensor<[B, T, D], "float32">>();
  expectTypeOf(flatten(heads, 2)).toEqualTypeOf<Tensor<[B, T, D], "float32">>();
  // the output projection fits the merged width
  expectTypeOf(matmul(merged, w)).toEqualTypeOf<Tensor<[B, T, D], "float32">>();
  // a merge into the -1 of sizes that are type parameters keeps them by name
  expectTypeOf(reshape(maps, [b, -1])).toEqualTypeOf<Tensor<[B, MergedSize<[H, T]>], "float32">>();
  // a divisor that does not divide a literal width is the runtime's error, beside type parameters too
  // @ts-expect-error -- "reshape: cannot infer -1: ... elements of [B, T, 768] do not split into [B, T, 7, -1]"
  reshape(expected<Tensor<[B, T, 768], "float32">>(), [b, t, 7, -1]);
  // the merge written out, as `y.transpose(1, 2).contiguous().view(B, T, C)`: H x ExactDiv<D, H> is D
  expectTypeOf(reshape(attended, [b, t, expected<D>()])).toEqualTypeOf<Tensor<[B, T, D], "float32">>();
  expectTypeOf(attended.reshape([b, t, expected<D>()])).toEqualTypeOf<Tensor<[B, T, D], "float32">>();
  // a pair merged before the last axis is not read (one relation a call, on the last pair):
  // the compiler cannot decide, as docs/generic-code.md says
  // @ts-expect-error -- the compiler cannot decide
  reshape(permute(heads, [0, 2, 3, 1]), [b, expected<D>(), t]);
  // a merge of two other sizes is not D: the compiler cannot decide (H may be D)
  // @ts-expect-error -- the compiler cannot decide
  reshape(heads, [b, expected<D>(), h]);
  // a literal product that is not the width is the runtime's message, beside type parameters too
  // @ts-expect-error -- "reshape: [B, T, 12, 64] has ... elements but [B, T, 700] holds ..."
  reshape(expected<Tensor<[B, T, 12, 64], "float32">>(), [b, t, 700]);
  // nor is a merge of the wrong pair (T x H against D)
  // @ts-expect-error -- the compiler cannot decide
  reshape(permute(heads, [0, 3, 1, 2]), [b, expected<ExactDiv<D, H>>(), expected<D>()]);
  return merged;
}

// a flattened map unflattened, the sizes written out, as `tokens.transpose(1, 2).reshape(B, C, H, W)`
function unflatten<B extends number, H extends number, W extends number, C extends number>(
  x: Tensor<[B, C, H, W], "float32">, b: B, h: H, w: W, c: C,
) {
  const tokens = permute(flatten(x, 2), [0, 2, 1]);
  expectTypeOf(tokens).toEqualTypeOf<Tensor<[B, MergedSize<[H, W]>, C], "float32">>();
  const grid = reshape(permute(tokens, [0, 2, 1]), [b, c, h, w]);
  expectTypeOf(grid).toEqualTypeOf<Tensor<[B, C, H, W], "float32">>();
  // the grid's sizes swapped are not the merge: the compiler cannot decide (H may be W)
  // @ts-expect-error -- the compiler cannot decide
  reshape(permute(tokens, [0, 2, 1]), [b, c, w, h]);
  return grid;
}
expectTypeOf(unflatten(zeros([2, 8, 3, 4]), 2, 3, 4, 8)).toEqualTypeOf<Tensor<[2, 8, 3, 4], "float32">>();
// a -1 before the last size, as `x.reshape(B, -1, C)` flattens the positions of a channels-last map
function tokensOf<B extends number, T extends number, H extends number, W extends number, C extends number, D extends number>(
  x: Tensor<[B, H, W, C], "float32">, frames: Tensor<[B, T, H, W, C], "float32">, b: B, t: T, c: C, d: D,
) {
  const tokens = reshape(x, [b, -1, c]);
  expectTypeOf(tokens).toEqualTypeOf<Tensor<[B, MergedSize<[H, W]>, C], "float32">>();
  expectTypeOf(x.reshape([-1, c])).toEqualTypeOf<Tensor<[MergedSize<[B, H, W]>, C], "float32">>();
  expectTypeOf(reshape(frames, [b, t, -1, c])).toEqualTypeOf<Tensor<[B, T, MergedSize<[H, W]>, C], "float32">>();
  expectTypeOf(reshape(expected<Tensor<[B, 4, 5, C], "float32">>(), [b, -1, c])).toEqualTypeOf<Tensor<[B, 20, C], "float32">>();
  // a last size that is not x's: the compiler cannot decide (D may be C)
  // @ts-expect-error -- the compiler cannot decide
  reshape(x, [b, -1, d]);
  // a kept 0 leaves the -1 undetermined, beside type parameters too: the runtime's message
  // @ts-expect-error -- "reshape: cannot infer -1: 0 elements of [0, 4, 5, C] do not split into [0, -1, C]"
  reshape(expected<Tensor<[0, 4, 5, C], "float32">>(), [0, -1, c]);
  return tokens;
}
expectTypeOf(tokensOf(zeros([2, 3, 4, 8]), zeros([2, 5, 3, 4, 8]), 2, 5, 8, 8)).toEqualTypeOf<Tensor<[2, 12, 8], "float32">>();
// on literals the merge of a neighbouring pair is the rule's, and a wrong product is its error
expectTypeOf(reshape(zeros([2, 3, 12, 64]), [2, 3, 768])).toEqualTypeOf<Tensor<[2, 3, 768], "float32">>();
// @ts-expect-error -- "reshape: [2, 3, 12, 64] has 4608 elements but [2, 3, 700] holds 4200"
reshape(zeros([2, 3, 12, 64]), [2, 3, 700]);
// a -1 is no size a pair merges into: it is worked out (36), and beside a size known only at run time it is not kept
expectTypeOf(reshape(zeros([2, 3, 12, 64]), [2, -1, 64])).toEqualTypeOf<Tensor<[2, 36, 64], "float32">>();
expectTypeOf(reshape(expected<Tensor<[number, 3, 2], "float32">>(), [-1, 2])).toEqualTypeOf<Tensor<[number, 2], "float32">>();
expectTypeOf(reshape(expected<Tensor<[2, number, 3], "float32">>(), [-1, 3])).toEqualTypeOf<Tensor<[number, 3], "float32">>();
expectTypeOf(reshape(expected<Tensor<[2, number], "float32">>(), [2, -1, 3])).toEqualTypeOf<Tensor<[2, number, 3], "float32">>();
expectTypeOf(splitHeads(zeros([2, 5, 768]), zeros([768, 768]), zeros([2, 12, 5]), 2, 5, 12)).toEqualTypeOf<Tensor<[2, 5, 768], "float32">>();
expectTypeOf(reshape(zeros([2, 5, 768]), [2, 5, 12, -1])).toEqualTypeOf<Tensor<[2, 5, 12, 64], "float32">>();

function fromData<B extends number, T extends number>(loaded: Tensor<number[], "float32">, w: Tensor<[16, 4], "float32">, b: B, t: T) {
  // a run-time check, then the generic type
  const checked: Tensor<number[], "float32"> = loaded;
  assertShape(checked, [b, t, 16]);
  expectTypeOf(checked).toEqualTypeOf<Tensor<[B, T, 16], "float32">>();
  expectTypeOf(matmul(checked, w)).toEqualTypeOf<Tensor<[B, T, 4], "float32">>();
  // reshape and broadcastTo of a tensor of unknown rank to a generic target: the target, checked at run time
  expectTypeOf(reshape(loaded, [b, t, 16])).toEqualTypeOf<Tensor<[B, T, 16], "float32">>();
  expectTypeOf(loaded.reshape([t, b])).toEqualTypeOf<Tensor<[T, B], "float32">>();
  expectTypeOf(reshape(loaded, [3, -1])).toEqualTypeOf<Tensor<[3, number], "float32">>();
  expectTypeOf(broadcastTo(loaded, [b, t, 16])).toEqualTypeOf<Tensor<[B, T, 16], "float32">>();
  expectTypeOf(loaded.broadcastTo([2, b])).toEqualTypeOf<Tensor<[2, B], "float32">>();
  expectTypeOf(broadcastTo(loaded, [b, 4], { mode: "bidirectional" })).toEqualTypeOf<Tensor<number[], "float32">>();
  // a trailing -1 beside type parameters: the sizes before it, then what is left (a `b` of -1
  // would be a second -1, which the runtime refuses)
  expectTypeOf(reshape(loaded, [b, -1])).toEqualTypeOf<Tensor<[B, number], "float32">>();
  expectTypeOf(loaded.reshape([b, t, -1])).toEqualTypeOf<Tensor<[B, T, number], "float32">>();
  // @ts-expect-error -- "reshape: only one size may be -1"
  reshape(loaded, [b, -1, -1]);
  // a literal size the runtime rejects is still an error beside a type parameter
  // @ts-expect-error -- "broadcastTo ... -2"
  broadcastTo(loaded, [b, -2]);
  // @ts-expect-error -- "reshape: only one size may be -1"
  reshape(loaded, [-1, b, -1]);
}

function besideDynamic<B extends number, T extends number>(scores: Tensor<[B, T, T], "float32">, loaded: Tensor<number[], "bool">, data: Tensor<number[], "float32">) {
  // an operand of unknown rank makes the result's rank unknown, whatever the other holds
  expectTypeOf(add(scores, data)).toEqualTypeOf<Tensor<number[], "float32">>();
  expectTypeOf(where(loaded, scores, -Infinity)).toEqualTypeOf<Tensor<number[], "float32">>();
  expectTypeOf(where(loaded, scores, data)).toEqualTypeOf<Tensor<number[], "float32">>();
  expectTypeOf(where(loaded, 0, scores)).toEqualTypeOf<Tensor<number[], "float32">>();
  expectTypeOf<BroadcastShapes<[B, T, T], number[]>>().toEqualTypeOf<number[]>();
}

export { besideDynamic, fromData, targets };
