/** One `shapecast <command>`: its usage line, a one-line summary, and what it does (an exit code). */
import type { Io } from "./io.js";

export interface Command {
  readonly name: string;
  /** `shapecast explain <shapeA> <shapeB> [--mode numpy|none|xla|pdpd] ...` */
  readonly usage: string;
  readonly summary: string;
  /** `--help`: each option with what it does, then examples (lines, no trailing newline). */
  readonly help: string;
  /** Runs with the arguments after the command name; returns the exit code. Throws UsageError for bad input. */
  run(args: string[], io: Io): Promise<number>;
}
