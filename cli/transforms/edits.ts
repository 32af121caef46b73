/**
 * Text edits of the codemod transforms: an `Edit` replaces a range of a file's
 * original text, and `Edits` collects them bottom-up, each outer edit built
 * from the text of the inner edits it absorbs.
 */
import type { Node, SourceFile } from "ts-morph";

/** One text edit over the original file text: replace [start, end) with `text` (an insertion when start === end). */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Is `edit` inside [start, end)? An insertion at either end of a non-empty range sits beside it, not inside. */
function inside(edit: Edit, start: number, end: number): boolean {
  return edit.start >= start && edit.end <= end && !(edit.start === edit.end && (edit.start === start || edit.start === end) && start !== end);
}

/** Edits made bottom-up: an edit over a range absorbs the edits inside it, whose text it was built from. */
export class Edits {
  readonly list: Edit[] = [];
  constructor(private readonly source: string) {}

  add(start: number, end: number, text: string): void {
    for (let i = this.list.length - 1; i >= 0; i--) {
      if (inside(this.list[i]!, start, end)) this.list.splice(i, 1);
    }
    this.list.push({ start, end, text });
  }

  /** The original text of [start, end) with the edits inside it applied. */
  spliced(start: number, end: number): string {
    const inner = this.list.filter((edit) => inside(edit, start, end)).sort((x, y) => x.start - y.start || x.end - y.end);
    let text = "";
    let at = start;
    for (const edit of inner) {
      text += this.source.slice(at, edit.start) + edit.text;
      at = edit.end;
    }
    return text + this.source.slice(at, end);
  }

  /** A node's text with the edits inside it applied. */
  text(node: Node): string {
    return this.spliced(node.getStart(), node.getEnd());
  }
}

/** The whitespace the line holding `position` starts with. */
export function indentOf(file: SourceFile, position: number): string {
  const text = file.getFullText();
  const lineStart = text.lastIndexOf("\n", position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}
