/** Lowerings of the linalg ops (being written). */
import type { Lowering } from "./context.js";

export const linalgLowerings: Record<string, Lowering> = {};
