/** Every `shapecast` command, in the order `shapecast --help` lists them. */
import type { Command } from "../command.js";
import { check } from "./check.js";
import { codemod } from "./codemod.js";
import { explain } from "./explain.js";
import { shapes } from "./shapes.js";

export const commands: readonly Command[] = [check, shapes, explain, codemod];
