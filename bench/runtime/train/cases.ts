/**
 * The training-step cases of `npm run bench:train`: one step of an MLP (forward,
 * softmax cross entropy, the gradient of every parameter, an SGD update), the
 * same model and data in every library.
 */
import { fill, sizeOf } from "../cases.js";

export interface TrainCase {
  readonly id: string;
  readonly title: string;
  readonly batch: number;
  /** Layer widths: inputs, hidden, classes. */
  readonly sizes: readonly [number, number, number];
}

export const TRAIN_CASES: readonly TrainCase[] = [
  { id: "iris", title: "iris MLP [120, 4] -> 16 -> 3", batch: 120, sizes: [4, 16, 3] },
  { id: "mnist", title: "MLP [32, 784] -> 128 -> 10", batch: 32, sizes: [784, 128, 10] },
];

export const LR = 0.05;

/** The case's data and initial parameters, as float32 arrays (the same in every runner). */
export function setup(c: TrainCase) {
  const [inputs, hidden, classes] = c.sizes;
  const scaled = (shape: number[], seed: number, scale: number): Float32Array => fill(sizeOf(shape), seed).map((v) => v * scale);
  return {
    x: fill(c.batch * inputs, 1),
    labels: Int32Array.from({ length: c.batch }, (_, i) => (i * 7) % classes),
    w1: scaled([inputs, hidden], 2, 1 / Math.sqrt(inputs)),
    b1: scaled([hidden], 3, 0.1),
    w2: scaled([hidden, classes], 4, 1 / Math.sqrt(hidden)),
    b2: scaled([classes], 5, 0.1),
  };
}
