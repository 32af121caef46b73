/**
 * A codemod transform: edits one source file in place through ts-morph and
 * reports what it left alone. `shapecast codemod <name>` (cli/commands/codemod.ts)
 * runs it over the files, records each file's text before and after, prints
 * a unified diff (dry run), or saves every changed file once at the end
 * (--write). A transform must be idempotent: run on its own output it changes
 * nothing.
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

export interface Transform {
  readonly name: string;
  /** One line for `shapecast codemod --list` and the help. */
  readonly description: string;
  /** Edits `file` (ts-morph manipulation only; never saves); returns the places it skipped. */
  apply(file: SourceFile, context: TransformContext): Skipped[];
}

/** A node's position and one-line text, for a Skipped entry. */
export function skippedAt(node: { getSourceFile(): SourceFile; getStart(): number; getText(): string }, reason: string): Skipped {
  const file = node.getSourceFile();
  const { line, column } = file.getLineAndColumnAtPos(node.getStart());
  const text = node.getText().replace(/\s+/g, " ");
  return { file: file.getFilePath(), line, column, code: text.length > 80 ? `${text.slice(0, 77)}...` : text, reason };
}
