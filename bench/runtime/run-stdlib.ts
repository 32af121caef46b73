/**
 * @stdlib/ndarray: `binary([x, y, out], add)` over stride-0 broadcast views
 * (`broadcastArray`) into a preallocated output, as its docs show; stdlib's
 * base binary API has no allocating form, so only the out variant runs.
 */
import ndarray from "@stdlib/ndarray-base-ctor";
import binary from "@stdlib/ndarray-base-binary";
import broadcastArray from "@stdlib/ndarray-base-broadcast-array";
import { CASES, fill, resultShape, sizeOf } from "./cases.js";
import { runAll } from "./harness.js";

const contiguous = (shape: readonly number[]): number[] => {
  const strides = shape.map(() => 1);
  for (let axis = shape.length - 2; axis >= 0; axis--) strides[axis] = strides[axis + 1]! * shape[axis + 1]!;
  return strides;
};
const add = (x: number, y: number): number => x + y;

await runAll(
  {
    library: "stdlib",
    prepare: (c, variant) => {
      if (variant === "alloc") return undefined;
      const shape = resultShape(c.a, c.b);
      const aStrides = c.transposeA ? [1, c.a[0]!] : contiguous(c.a);
      const a = ndarray("float32", fill(sizeOf(c.a), 1), [...c.a], aStrides, 0, "row-major");
      const b = ndarray("float32", fill(sizeOf(c.b), 2), [...c.b], contiguous(c.b), 0, "row-major");
      const out = new Float32Array(sizeOf(shape));
      const o = ndarray("float32", out, shape, contiguous(shape), 0, "row-major");
      // each op broadcasts its operands (stride-0 views), as an idiomatic call does
      return { run: () => binary([broadcastArray(a, shape), broadcastArray(b, shape), o], add), values: () => out };
    },
  },
  CASES,
);
