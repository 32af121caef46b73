/** The benchmark's MLP in shapecast: its parameters from the case's arrays, and its loss. */
import { fromStorage } from "../../../src/tensor.js";
import { matmul, relu, softmaxCrossEntropy, type Tensor } from "../../../src/index.js";
import { setup, type TrainCase } from "./cases.js";

export interface Params {
  w1: Tensor;
  b1: Tensor;
  w2: Tensor;
  b2: Tensor;
}

export function model(c: TrainCase): { params: Params; loss: (p: Params) => Tensor<[]> } {
  const [inputs, hidden, classes] = c.sizes;
  const data = setup(c);
  const x = fromStorage(data.x, [c.batch, inputs], "float32");
  const labels = fromStorage(data.labels, [c.batch], "int32");
  const params: Params = {
    w1: fromStorage(data.w1, [inputs, hidden], "float32"),
    b1: fromStorage(data.b1, [hidden], "float32"),
    w2: fromStorage(data.w2, [hidden, classes], "float32"),
    b2: fromStorage(data.b2, [classes], "float32"),
  };
  const loss = (p: Params) => softmaxCrossEntropy(matmul(relu(matmul(x, p.w1).add(p.b1)), p.w2).add(p.b2) as Tensor, labels as never) as unknown as Tensor<[]>;
  return { params, loss };
}
