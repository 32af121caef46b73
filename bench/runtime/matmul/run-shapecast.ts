/** shapecast: `matmul(a, b)` (a batched a times a shared b broadcasts b: packed once). */
import { matmul, type Tensor, tensor } from "../../../src/index.js";
import { fill, sizeOf } from "../cases.js";
import { runAll } from "../harness.js";
import { MATMUL_CASES } from "./cases.js";

await runAll(
  {
    library: "shapecast",
    prepare: (c, variant) => {
      if (variant === "out") return undefined;
      const a = tensor(fill(sizeOf(c.a), 1), [...c.a]);
      const b = tensor(fill(sizeOf(c.b), 2), [...c.b]);
      let last: Tensor | undefined;
      const product = matmul as (x: Tensor, y: Tensor) => Tensor;
      return { run: () => (last = product(a, b)), values: () => last!.toTypedArray() };
    },
  },
  MATMUL_CASES,
);
