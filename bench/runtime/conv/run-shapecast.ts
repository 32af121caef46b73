/** shapecast: `conv2d(x, w, { strides, padding: "same" })`. */
import { conv2d, type Tensor, tensor } from "../../../src/index.js";
import { fill, sizeOf } from "../cases.js";
import { CONV_CASES } from "./cases.js";
import { timeAll } from "./timing.js";

const convolve = conv2d as (x: Tensor, w: Tensor, options: object) => Tensor;
timeAll("shapecast", CONV_CASES, (c) => {
  const x = tensor(fill(sizeOf(c.a), 1), [...c.a]);
  const w = tensor(fill(sizeOf(c.b), 2), [...c.b]);
  return () => convolve(x, w, { strides: c.strides, padding: "same" }).data;
});
