/** shapecast: `conv2d(x, w, { strides, padding: "same" })`. */
import { conv2d, type Tensor, tensor } from "../../../src/index.js";
import { fill, sizeOf } from "../cases.js";
import { runAll } from "../harness.js";
import { CONV_CASES, type ConvCase } from "./cases.js";

const convolve = conv2d as (x: Tensor, w: Tensor, options: object) => Tensor;
await runAll(
  {
    library: "shapecast",
    prepare: (c, variant) => {
      if (variant === "out") return undefined;
      const { strides } = c as ConvCase;
      const x = tensor(fill(sizeOf(c.a), 1), [...c.a]);
      const w = tensor(fill(sizeOf(c.b), 2), [...c.b]);
      let last: Tensor | undefined;
      return { run: () => (last = convolve(x, w, { strides, padding: "same" })), values: () => last!.toTypedArray() };
    },
  },
  CONV_CASES,
);
