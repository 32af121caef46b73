/** shapecast: `valueAndGrad` of the loss, then `sgd`'s step. */
import { sgd, valueAndGrad } from "../../../src/index.js";
import { LR, TRAIN_CASES } from "./cases.js";
import { model } from "./model.js";
import { timeAll } from "./timing.js";

timeAll("shapecast", TRAIN_CASES, (c) => {
  const { params, loss } = model(c);
  const step = valueAndGrad(loss);
  const optimizer = sgd({ lr: LR });
  const state = optimizer.init(params);
  return () => {
    const { grads } = step(params);
    return optimizer.step(params, grads, state).params.w2.toTypedArray() as Float32Array;
  };
});
