/**
 * The shape rule of sort and argsort at run time, the twin of types/sort.ts:
 * the shape is kept, and the axis (-1 when left out) must be in range. Its
 * only message is the axis range's, written by src/shape/axis.ts's writer,
 * typed to return the type twin's message.
 */
import { normalizeAxis } from "./axis.js";

/** The axis sorted along, in [0, rank). */
export const sortAxis = (op: string, shape: readonly number[], axis: unknown): number => normalizeAxis(op, "axis", axis ?? -1, shape.length);
