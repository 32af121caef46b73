/** Every `shapecast` command, in the order `shapecast --help` lists them. */
import type { Command } from "../command.js";

export const commands: readonly Command[] = [];
