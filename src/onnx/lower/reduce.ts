/** Lowerings of the reduce ops (being written). */
import type { Lowering } from "./context.js";

export const reduceLowerings: Record<string, Lowering> = {};
