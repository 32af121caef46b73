/** shapecast: each reduction as a user calls it (`sum(x, axis)`, ..., `softmax(x, -1)`), allocating its result. */
import { argmax, max, mean, softmax, sum, type Tensor, tensor, variance } from "../../../src/index.js";
import { fill, sizeOf } from "../cases.js";
import { runAll } from "../harness.js";
import { REDUCE_CASES, type ReduceCase } from "./cases.js";

type Reduce = (x: Tensor, axis?: number) => Tensor;
const OPS: Record<ReduceCase["op"], Reduce> = {
  sum: sum as unknown as Reduce,
  mean: mean as unknown as Reduce,
  max: max as unknown as Reduce,
  argmax: argmax as unknown as Reduce,
  variance: variance as unknown as Reduce,
  softmax: softmax as unknown as Reduce,
};

await runAll(
  {
    library: "shapecast",
    prepare: (c, variant) => {
      if (variant === "out") return undefined;
      const { op, axis } = c as ReduceCase;
      const x = tensor(fill(sizeOf(c.a), 1), [...c.a]);
      let last: Tensor | undefined;
      return { run: () => (last = OPS[op](x, axis)), values: () => last!.toTypedArray() };
    },
  },
  REDUCE_CASES,
);
