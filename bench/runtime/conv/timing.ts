/**
 * Timing for the convolution runners: calls that take tens to thousands of
 * milliseconds (tfjs-cpu), so one warm-up call and at least 5 calls within
 * the time budget of ../timed.ts.
 */
import { timeCases } from "../timed.js";
import type { ConvCase } from "./cases.js";

export const timeAll = (library: string, cases: readonly ConvCase[], prepare: (c: ConvCase) => () => ArrayLike<number>): void =>
  timeCases(library, cases, prepare, { warmUp: 1, minCalls: 5 });
