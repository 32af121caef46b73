/** Lowerings of the shaping ops (being written). */
import type { Lowering } from "./context.js";

export const shapingLowerings: Record<string, Lowering> = {};
