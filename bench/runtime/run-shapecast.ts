/**
 * shapecast: `add(a, b, { out })`, `add(a, b)` dropped, and `add(a, b).dispose()`; case g reads
 * `transpose(A)`, a view.
 */
import { add, type Tensor, tensor, transpose, zeros } from "../../src/index.js";
import { CASES, fill, resultShape, sizeOf } from "./cases.js";
import { runAll } from "./harness.js";

await runAll(
  {
    library: "shapecast",
    prepare: (c, variant) => {
      let a: Tensor = tensor(fill(sizeOf(c.a), 1), [...c.a]);
      if (c.transposeA) a = transpose(a);
      const b = tensor(fill(sizeOf(c.b), 2), [...c.b]);
      if (variant === "out") {
        const out = zeros(resultShape(a.shape, c.b));
        return { run: () => add(a, b, { out }), values: () => out.toTypedArray() };
      }
      if (variant === "dispose") return { run: () => add(a, b).dispose(), values: () => add(a, b).toTypedArray() };
      let last: Tensor | undefined;
      return { run: () => (last = add(a, b)), values: () => last!.toTypedArray() };
    },
    variants: ["out", "alloc", "dispose"],
  },
  CASES,
);
