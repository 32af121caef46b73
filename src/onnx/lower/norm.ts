/** Lowerings of the norm ops (being written). */
import type { Lowering } from "./context.js";

export const normLowerings: Record<string, Lowering> = {};
