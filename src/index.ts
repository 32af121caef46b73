/**
 * shapecast: tensors whose shapes are checked by the TypeScript compiler.
 * This is the one public entry: the runtime functions and, as types, the
 * whole type-level shape algebra.
 */

// Shape algebra, run time
export { broadcastShapes, broadcastToShape } from "./shape/broadcast.js";
export { ShapeError, showShape } from "./errors.js";
export type { ShapeErrorCode, ShapeErrorDetails } from "./errors.js";

// Shape algebra, compile time
export type * from "../types/index.js";
