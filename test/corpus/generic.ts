/**
 * A corpus of generic model code and of misfits in it, for test/generic-corpus.test.ts: every
 * intermediate is a `const` (its hover is checked), and each misfit line follows a
 * `// @ts-expect-error -- <words the diagnostic must hold>` comment. Written as model code is
 * written: generic in batch, sequence, channel and spatial sizes. A comment starting
 * "(still undecided)" marks a definite misfit the library still reports as undecided (the rule's
 * per-axis test stays unresolved beside a type parameter): the test holds it to that, so fixing
 * one shows as a failure to update here.
 */
import {
  add, arange, assertShape, avgPool2d, broadcastTo, concat, conv2d, conv2dTranspose, einsum, flatten, gather, layerNorm, matmul, maxPool2d, mean, mul, ones, oneHot,
  permute, relu, repeat, reshape, softmax, split, stack, sub, sum, topk, transpose, tril, where, type Tensor,
} from "shapecast";

export function attention<B extends number, T extends number, D extends number>(
  x: Tensor<[B, T, D], "float32">, wq: Tensor<[D, D], "float32">, wk: Tensor<[D, D], "float32">,
  gamma: Tensor<[D], "float32">, beta: Tensor<[D], "float32">, t: T,
) {
  const q = matmul(x, wq);
  const k = matmul(x, wk);
  const scores = matmul(q, transpose(k, [0, 2, 1]));
  const causal = tril(ones([t, t], "bool"));
  const masked = where(causal, scores, -Infinity);
  const weights = softmax(masked, -1);
  const mixed = matmul(weights, x);
  const normed = layerNorm(add(x, mixed), gamma, beta);
  return { q, k, scores, causal, masked, weights, mixed, normed };
}

export function embed<B extends number, T extends number, V extends number, D extends number>(
  table: Tensor<[V, D], "float32">, positions: Tensor<[1024, D], "float32">, ids: Tensor<[B, T], "int32">, t: T,
) {
  const tokens = gather(table, ids, 0);
  const steps = arange(t, { dtype: "int32" });
  const placed = gather(positions, steps, 0);
  const summed = add(tokens, placed);
  const logits = matmul(summed, transpose(table));
  const best = topk(logits, 5);
  const hot = oneHot(ids, 8);
  return { tokens, steps, placed, summed, logits, best, hot };
}

export function heads<B extends number, T extends number>(x: Tensor<[B, T, 512], "float32">, b: B, t: T) {
  const split4 = reshape(x, [b, t, 8, 64]);
  const byMinusOne = reshape(x, [b, t, 8, -1]);
  const moved = permute(split4, [0, 2, 1, 3]);
  const scores = einsum("bhtd,bhsd->bhts", moved, moved);
  const merged = reshape(permute(moved, [0, 2, 1, 3]), [b, t, 512]);
  const parts = split(merged, 2, -1);
  const pooled = mean(merged, 1);
  return { split4, byMinusOne, moved, scores, merged, parts, pooled };
}

export function wideHeads<B extends number, T extends number, D extends number, H extends number>(
  x: Tensor<[B, T, D], "float32">, w: Tensor<[D, D], "float32">, b: B, t: T, h: H,
) {
  const byParameter = reshape(x, [b, t, h, -1]);
  const byLiteral = reshape(x, [b, t, 12, -1]);
  const moved = permute(byParameter, [0, 2, 1, 3]);
  const back = reshape(permute(moved, [0, 2, 1, 3]), [b, t, -1]);
  const flat = flatten(byLiteral, 2);
  const projected = matmul(back, w);
  return { byParameter, byLiteral, moved, back, flat, projected };
}

export function groupedQuery<B extends number, T extends number, G extends number>(
  q: Tensor<[B, 8, T, 64], "float32">, k: Tensor<[B, 2, T, 64], "float32">, groups: G, s: number,
) {
  const shared = repeat(k, groups, 1);
  const fixed = repeat(k, 4, 1);
  const scores = matmul(q, transpose(fixed, [0, 1, 3, 2]));
  const perStep = repeat(k, [groups, s], 1);
  return { shared, fixed, scores, perStep };
}

export function learnedUpsample<N extends number, C extends number, H extends number, K extends number>(
  x: Tensor<[N, C, H, H], "float32">, w: Tensor<[C, C, K, K], "float32">,
) {
  // a kernel size that is a type parameter: the size is the transpose's rule over it
  const up = conv2dTranspose(x, w, { layout: "NCHW", strides: 2 });
  // and the forward window's, valid and strided
  const valid = conv2d(x, w, { layout: "NCHW" });
  const strided = conv2d(x, w, { layout: "NCHW", strides: 2, padding: 1 });
  return { up, valid, strided };
}

export function convBlock<N extends number, H extends number, W extends number>(
  x: Tensor<[N, 16, H, W], "float32">, w: Tensor<[16, 16, 3, 3], "float32">, down: Tensor<[32, 16, 3, 3], "float32">,
) {
  const same = relu(conv2d(x, w, { layout: "NCHW", padding: "same" }));
  const residual = add(same, x);
  const valid = conv2d(x, w, { layout: "NCHW" });
  const strided = conv2d(residual, down, { layout: "NCHW", padding: "same", strides: 2 });
  const pooled = maxPool2d(residual, { size: 2, layout: "NCHW" });
  const averaged = avgPool2d(valid, { size: 2, layout: "NCHW" });
  const skip = concat([residual, same], 1);
  // a window size alone, channels last (the default layout)
  const halved = maxPool2d(permute(residual, [0, 2, 3, 1]), 2);
  return { same, residual, valid, strided, pooled, averaged, skip, halved };
}

export function decoder<N extends number, H extends number, W extends number>(
  x: Tensor<[N, 32, H, W], "float32">, up4: Tensor<[32, 16, 4, 4], "float32">, up3: Tensor<[32, 16, 3, 3], "float32">, w: Tensor<[16, 16, 3, 3], "float32">,
) {
  const doubled = conv2dTranspose(x, up4, { layout: "NCHW", strides: 2, padding: 1 });
  const shorter = conv2dTranspose(x, up3, { layout: "NCHW", strides: 2, padding: 1 });
  const padded = conv2dTranspose(x, up3, { layout: "NCHW", strides: 2, padding: 1, outputPadding: 1 });
  const full = conv2dTranspose(x, up3, { layout: "NCHW" });
  const refined = add(relu(conv2d(doubled, w, { layout: "NCHW", padding: "same" })), padded);
  return { doubled, shorter, padded, full, refined };
}

export function classifier<B extends number, H extends number, W extends number>(
  features: Tensor<[B, 16, 4, 4], "float32">, maps: Tensor<[B, 16, H, W], "float32">, w: Tensor<[256, 10], "float32">, loaded: Tensor<number[], "float32">, b: B,
) {
  const flat = reshape(features, [b, -1]);
  const logits = matmul(flat, w);
  const merged = reshape(maps, [b, -1]);
  const same = add(merged, flatten(maps, 1));
  const batch = reshape(loaded, [b, -1]);
  const grouped = reshape(features, [b, 4, -1]);
  return { flat, logits, merged, same, batch, grouped };
}

export function sequences<B extends number, S extends number, T extends number, D extends number>(
  source: Tensor<[B, S, D], "float32">, target: Tensor<[B, T, D], "float32">, step: Tensor<[B, 1, D], "float32">,
) {
  const joined = concat([source, target], 1);
  const grown = concat([target, step], 1);
  const both = stack([source, source], 0);
  const total = sum(joined, 1);
  return { joined, grown, both, total };
}

export function outer<B extends number, C extends number>(column: Tensor<[B, 1], "float32">, row: Tensor<[1, C], "float32">, b: B, c: C) {
  const wide = broadcastTo(column, [b, c]);
  const grid = add(wide, broadcastTo(row, [b, c]));
  const scaled = mul(grid, 2);
  const centred = sub(scaled, mean(scaled, -1, { keepDims: true }));
  return { wide, grid, scaled, centred };
}

export function fromData<B extends number>(loaded: Tensor<number[], "float32">, b: B) {
  const checked: Tensor<number[], "float32"> = loaded;
  assertShape(checked, [b, 4, 4]);
  const narrowed = checked;
  const flat = reshape(narrowed, [b, 16]);
  return { narrowed, flat };
}

export function misfits<B extends number, T extends number, H extends number, W extends number>(
  x: Tensor<[B, T, 768], "float32">, w: Tensor<[3072, 768], "float32">, a: Tensor<[B, T, 32], "float32">, c: Tensor<[B, T, 64], "float32">,
  image: Tensor<[B, 16, H, W], "float32">, filters: Tensor<[16, 32, 3, 3], "float32">, narrow: Tensor<[B, 16, 1, W], "float32">, b: B, t: T,
) {
  // @ts-expect-error -- inner sizes 768 vs 3072
  matmul(x, w);
  // @ts-expect-error -- axis 2 has 64 vs 32
  concat([a, c], 1);
  // @ts-expect-error -- axis 2 has 32 vs 64
  add(a, c);
  // @ts-expect-error -- axis 2 has 64 vs 32
  stack([a, c]);
  // @ts-expect-error -- the window spans 3 but axis 2 is 1
  maxPool2d(narrow, { size: 3, layout: "NCHW" });
  // @ts-expect-error -- 16
  conv2d(image, filters, { layout: "NCHW" });
  // @ts-expect-error -- padding 6 on axis 2 leaves no output of the 3 a full transpose gives
  conv2dTranspose(narrow, filters, { layout: "NCHW", padding: 3 });
  // @ts-expect-error -- (still undecided) 768
  reshape(x, [b, t, 2, 384, 2]);
  // @ts-expect-error -- cannot decide
  split(a, [t, t], 2);
  // @ts-expect-error -- do not split into
  reshape(x, [b, t, 7, -1]);
  // @ts-expect-error -- cannot decide
  maxPool2d(image, { size: t, layout: "NCHW" });
  // @ts-expect-error -- cannot decide
  maxPool2d(image, t);
  // @ts-expect-error -- axis 3 is out of range
  softmax(x, 3);
  // @ts-expect-error -- cannot decide
  add(a, transpose(a, [1, 0, 2]));
}
