/**
 * Shape-polymorphic code (docs/generic-code.md): inside functions generic over sizes, every op
 * whose result follows from the structure of the shapes compiles with the exact result type,
 * and a call the compiler cannot decide is an error.
 *
 * expect-type cannot compare types that hold type parameters, so each result is checked by
 * assignment both ways: `let r = op(...)` then `r = expected<Exact>()` (the exact type fits the
 * result) and `const _: Exact = r` (the result fits the exact type).
 */
import { expectTypeOf } from "expect-type";
import {
  add, argmax, broadcastTo, concat, greater, matmul, mean, mul, reshape, slice, softmax, squeeze, split, stack, sub, sum, where, zeros,
  type Plus, type Shape, type Tensor,
} from "shapecast";

declare function expected<T>(): T;

function classifier<B extends number, C extends number>(x: Tensor<[B, C], "float32">) {
  let labels = argmax(softmax(x), -1);
  labels = expected<Tensor<[B], "int32">>();
  const labels2: Tensor<[B], "int32"> = labels;
  let totals = sum(x, 0);
  totals = expected<Tensor<[C], "float32">>();
  const totals2: Tensor<[C], "float32"> = totals;
  let means = mean(x, -1);
  means = expected<Tensor<[B], "float32">>();
  const means2: Tensor<[B], "float32"> = means;
  // concat of one shape: the size on the axis is the sum of type parameters, by name
  let joined = concat([x, x], 0);
  joined = expected<Tensor<[Plus<B, B>, C], "float32">>();
  const joined2: Tensor<[Plus<B, B>, C], "float32"> = joined;
  let stacked = stack([x, x], -1);
  stacked = expected<Tensor<[B, C, 2], "float32">>();
  const stacked2: Tensor<[B, C, 2], "float32"> = stacked;
  // leaky relu
  let leaky = where(greater(x, 0), x, mul(x, 0.01));
  leaky = expected<Tensor<[B, C], "float32">>();
  const leaky2: Tensor<[B, C], "float32"> = leaky;
  let clipped = where(greater(x, 0), x, 0);
  clipped = expected<Tensor<[B, C], "float32">>();
  const clipped2: Tensor<[B, C], "float32"> = clipped;
  // the README's per-row statistic on a fixed-rank shape
  let centered = sub(x, mean(x, -1, { keepDims: true }));
  centered = expected<Tensor<[B, C], "float32">>();
  const centered2: Tensor<[B, C], "float32"> = centered;
  return [labels2, totals2, means2, joined2, stacked2, leaky2, clipped2, centered2] as const;
}
expectTypeOf(classifier(zeros([4, 10]))[0]).toEqualTypeOf<Tensor<[4], "int32">>();

function block<B extends number, T extends number, D extends number, E extends number>(
  x: Tensor<[B, T, D], "float32">,
  position: Tensor<[T, D], "float32">,
  w: Tensor<[D, E], "float32">,
  rows: Tensor<[B, D], "float32">,
  gain: Tensor<[1, D], "float32">,
  column: Tensor<[B, 1], "float32">,
) {
  // a trailing operand broadcasts onto the leading axes, in either order and as a method
  let embedded = add(x, position);
  embedded = expected<Tensor<[B, T, D], "float32">>();
  const embedded2: Tensor<[B, T, D], "float32"> = embedded;
  let reversed = add(position, x);
  reversed = expected<Tensor<[B, T, D], "float32">>();
  const reversed2: Tensor<[B, T, D], "float32"> = reversed;
  // a size-1 axis broadcasts against a type parameter
  let scaled = mul(rows, gain);
  scaled = expected<Tensor<[B, D], "float32">>();
  const scaled2: Tensor<[B, D], "float32"> = scaled;
  let scaledBack = gain.mul(rows);
  scaledBack = expected<Tensor<[B, D], "float32">>();
  const scaledBack2: Tensor<[B, D], "float32"> = scaledBack;
  let shifted = rows.sub(column);
  shifted = expected<Tensor<[B, D], "float32">>();
  const shifted2: Tensor<[B, D], "float32"> = shifted;
  // a projection: any batch rank on either side of matmul
  let projected = matmul(x, w);
  projected = expected<Tensor<[B, T, E], "float32">>();
  const projected2: Tensor<[B, T, E], "float32"> = projected;
  let mixed = matmul(expected<Tensor<[T, D], "float32">>(), expected<Tensor<[B, D, E], "float32">>());
  mixed = expected<Tensor<[B, T, E], "float32">>();
  const mixed2: Tensor<[B, T, E], "float32"> = mixed;
  // literal sizes still compute next to type parameters
  let widened = concat([rows, expected<Tensor<[B, 2], "float32">>()], 1);
  widened = expected<Tensor<[B, Plus<D, 2>], "float32">>();
  const widened2: Tensor<[B, Plus<D, 2>], "float32"> = widened;
  let literal = concat([expected<Tensor<[B, 6], "float32">>(), expected<Tensor<[B, 2], "float32">>()], 1);
  literal = expected<Tensor<[B, 8], "float32">>();
  const literal2: Tensor<[B, 8], "float32"> = literal;
  return [embedded2, reversed2, scaled2, scaledBack2, shifted2, projected2, mixed2, widened2, literal2] as const;
}
expectTypeOf(block(zeros([2, 5, 8]), zeros([5, 8]), zeros([8, 3]), zeros([2, 8]), zeros([1, 8]), zeros([2, 1]))[5])
  .toEqualTypeOf<Tensor<[2, 5, 3], "float32">>();

// reshape keeps the sizes both shapes share at either end and regroups the literal ones between
function heads<B extends number, T extends number>(x: Tensor<[B, T, 512], "float32">, b: B, t: T) {
  let split = reshape(x, [b, t, 8, 64]);
  split = expected<Tensor<[B, T, 8, 64], "float32">>();
  const split2: Tensor<[B, T, 8, 64], "float32"> = split;
  let merged = reshape(split, [b, t, 512]);
  merged = expected<Tensor<[B, T, 512], "float32">>();
  const merged2: Tensor<[B, T, 512], "float32"> = merged;
  let inner = reshape(expected<Tensor<[B, 8, 64, T], "float32">>(), [b, 512, t]);
  inner = expected<Tensor<[B, 512, T], "float32">>();
  const inner2: Tensor<[B, 512, T], "float32"> = inner;
  return [split2, merged2, inner2] as const;
}
// slice decides from the specs alone: an index drops its axis (its range is checked at run
// time), and a step of 0 is an error whatever the sizes
function firstRow<B extends number, T extends number>(x: Tensor<[B, T], "float32">) {
  let row = slice(x, 0);
  row = expected<Tensor<[T], "float32">>();
  const row2: Tensor<[T], "float32"> = row;
  // @ts-expect-error -- "slice: step on axis 0 must be a non-zero integer, got number 0"
  slice(x, { step: 0 });
  // squeeze by position: a literal 1 goes, a parameter may not be 1 (undecided)
  let squeezed = squeeze(expected<Tensor<[B, 1, T], "float32">>(), 1);
  squeezed = expected<Tensor<[B, T], "float32">>();
  const squeezed2: Tensor<[B, T], "float32"> = squeezed;
  // @ts-expect-error -- T may not be 1
  squeeze(x, 1);
  return [row2, squeezed2] as const;
}
expectTypeOf(firstRow(zeros([4, 6]))[0]).toEqualTypeOf<Tensor<[6], "float32">>();

expectTypeOf(heads(zeros([2, 5, 512]), 2, 5)[1]).toEqualTypeOf<Tensor<[2, 5, 512], "float32">>();

// Concrete shapes keep their exact results: the rule is tried before the structural signatures
declare const dynamic: Tensor<[number], "float32">;
expectTypeOf(add(zeros([3]), dynamic)).toEqualTypeOf<Tensor<[3], "float32">>();
expectTypeOf(add(dynamic, zeros([3]))).toEqualTypeOf<Tensor<[3], "float32">>();
expectTypeOf(concat([zeros([2, 3]), zeros([2, 3])])).toEqualTypeOf<Tensor<[4, 3], "float32">>();

// What the compiler cannot decide is an error, never a guess: two parameters on one axis
function undecided<B extends number, C extends number, D extends number>(
  a: Tensor<[B, D], "float32">,
  b: Tensor<[C, D], "float32">,
  w: Tensor<[C, D], "float32">,
  bSize: B,
  dSize: D,
) {
  // @ts-expect-error -- B and C may differ
  add(a, b);
  // @ts-expect-error -- B and 3 may differ
  add(a, expected<Tensor<[3, D], "float32">>());
  // @ts-expect-error -- the inner sizes D and C may differ
  matmul(a, w);
  // @ts-expect-error -- B and C may differ
  where(true, a, b);
  // @ts-expect-error -- B and C may differ
  stack([a, b]);
  // @ts-expect-error -- B and C may differ
  concat([a, b], 1);
  // @ts-expect-error -- B and C may be in either order
  reshape(a, [dSize, bSize]);
  // @ts-expect-error -- 8 x 60 is not B x D (unless B or D is 0, which only the runtime knows)
  reshape(a, [bSize, dSize, 8, 60]);
  // a -1 beside kept type parameters is what is left (the runtime refuses it when B or D is 0,
  // as it refuses a window larger than its axis)
  expectTypeOf(reshape(a, [bSize, dSize, -1])).toEqualTypeOf<Tensor<[B, D, 1], "float32">>();
  // @ts-expect-error -- 2 + 3 may not be B
  split(a, [2, 3], 0);
  // @ts-expect-error -- each operand gives one axis: undecided (docs/generic-code.md), never a guess
  add(expected<Tensor<[B, 1], "float32">>(), expected<Tensor<[1, C], "float32">>());
  // @ts-expect-error -- D may not be 7 (or 1)
  broadcastTo(a, [bSize, 7]);
}

// Shapes of unknown rank keep their signatures: identical shapes, and `[...Rest, D]` with `[D]`
function residual<S extends Shape>(x: Tensor<S, "float32">, y: Tensor<S, "float32">): Tensor<S, "float32"> {
  return x.add(y).mul(0.5);
}
expectTypeOf(residual(zeros([2, 3]), zeros([2, 3]))).toEqualTypeOf<Tensor<[2, 3], "float32">>();
export { undecided };
