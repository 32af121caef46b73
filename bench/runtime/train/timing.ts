/**
 * Timing for the training-step runners: steps of a fraction of a millisecond
 * to a few, so 20 warm-up steps (the JIT settles) and at least 10 within the
 * time budget of ../timed.ts; the sample is of the updated second-layer weights.
 */
import { timeCases } from "../timed.js";
import type { TrainCase } from "./cases.js";

export const timeAll = (library: string, cases: readonly TrainCase[], prepare: (c: TrainCase) => () => ArrayLike<number>): void =>
  timeCases(library, cases, prepare, { warmUp: 20, minCalls: 10 });
