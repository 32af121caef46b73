/** Lowerings of the conv ops (being written). */
import type { Lowering } from "./context.js";

export const convLowerings: Record<string, Lowering> = {};
