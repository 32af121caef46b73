/**
 * A codemod transform: plans the edits of one source file, reading types
 * through ts-morph, and reports what it will leave alone; the plan's `apply`
 * then edits the file in place. `shapecast codemod <name>` (cli/commands/codemod.ts)
 * plans every file before it applies any plan: an edit invalidates the
 * program, and type queries after it would start a fresh type checker for
 * each file. It records each file's text before and after, prints a unified
 * diff (dry run), or saves every changed file once at the end (--write). A
 * transform must be idempotent: run on its own output it changes nothing.
 */
import type { Project, SourceFile } from "ts-morph";

export interface TransformContext {
  readonly project: Project;
  /** The folder paths are shown relative to. */
  readonly cwd: string;
}

/** A place the transform did not change, and why (unknown shapes, an unsupported call, ...). */
export interface Skipped {
  /** Absolute path. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  /** What was found there, e.g. the call's text (shortened to one line). */
  readonly code: string;
  readonly reason: string;
}

/** What a transform counts in a file: the things of its kind it found (`what`, plural: "TensorFlow.js calls") and how many it converted. */
export interface Tally {
  readonly what: string;
  readonly found: number;
  readonly converted: number;
}

/** What a transform will do to one file. */
export interface Plan {
  /** The places it leaves alone, at their positions before any edit. */
  readonly skipped: Skipped[];
  /** Its count of the file, for a transform that counts (the summary prints it per file). */
  readonly tally?: Tally;
  /** Makes the edits (text manipulation only: no type queries, never saves). */
  apply(): void;
}

export interface Transform {
  readonly name: string;
  /** One line for `shapecast codemod --list` and the help. */
  readonly description: string;
  /** Reads `file` (types included) and plans its edits, changing nothing yet. */
  plan(file: SourceFile, context: TransformContext): Plan;
}

/** Plans and applies `transform` on one file at once; returns the places skipped. */
export function applyTransform(transform: Transform, file: SourceFile, context: TransformContext): Skipped[] {
  const plan = transform.plan(file, context);
  plan.apply();
  return plan.skipped;
}

/** A node's position and one-line text, for a Skipped entry. */
export function skippedAt(node: { getSourceFile(): SourceFile; getStart(): number; getText(): string }, reason: string): Skipped {
  const file = node.getSourceFile();
  const { line, column } = file.getLineAndColumnAtPos(node.getStart());
  const text = node.getText().replace(/\s+/g, " ");
  return { file: file.getFilePath(), line, column, code: text.length > 80 ? `${text.slice(0, 77)}...` : text, reason };
}
