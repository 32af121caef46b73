/**
 * Misfits marked in a source file by `// @ts-expect-error -- ...` comments, each naming the words
 * its diagnostic must hold (test/generic-corpus.test.ts, test/zoo.test.ts): the comments taken
 * out, the diagnostics read back by line, and what does not match.
 */
import ts from "typescript";

/**
 * `text` with each marked comment made a plain one, and the words each names by the 0-based line
 * it marks (the next). `words` reads them from the text after `-- `.
 */
export function liftMisfits(text: string, words: RegExp): { readonly source: string; readonly expected: Map<number, string> } {
  const expected = new Map<number, string>();
  const lines = text.split("\n").map((line, i) => {
    const marked = /^(\s*)\/\/ @ts-expect-error -- (.*)$/.exec(line);
    const named = marked === null ? null : words.exec(marked[2]!);
    if (marked === null || named === null) return line;
    expected.set(i + 1, named[1]!);
    return `${marked[1]}// (a misfit follows)`;
  });
  return { source: lines.join("\n"), expected };
}

/** A program's diagnostics on one file, by 0-based line, each its whole message chain. */
export function diagnosticsByLine(program: ts.Program, file: ts.SourceFile): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program, file)) {
    const line = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    found.set(line, [...(found.get(line) ?? []), ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")]);
  }
  return found;
}

/**
 * What does not match: a diagnostic on an unmarked line, a marked line without one or without its
 * words, a definite misfit reported as "cannot decide", and one marked "(still undecided)" that
 * now decides (its comment wants the words then).
 */
export function misfitProblems(expected: ReadonlyMap<number, string>, diagnostics: ReadonlyMap<number, readonly string[]>): string[] {
  const unexpected = [...diagnostics].filter(([line]) => !expected.has(line)).map(([line, texts]) => `line ${line + 1}: unexpected ${texts.join(" | ")}`);
  return [
    ...unexpected,
    ...[...expected].flatMap(([line, words]) => {
      const texts = diagnostics.get(line) ?? [];
      if (texts.length === 0) return [`line ${line + 1}: no diagnostic (expected "${words}")`];
      const joined = texts.join("\n");
      if (words.startsWith("(still undecided) ")) return joined.includes("cannot decide") ? [] : [`line ${line + 1}: now decided, update its comment:\n${joined}`];
      if (!joined.includes(words)) return [`line ${line + 1}: expected "${words}" in:\n${joined}`];
      if (words !== "cannot decide" && joined.includes("cannot decide")) return [`line ${line + 1}: a definite misfit reported as undecided:\n${joined}`];
      return [];
    }),
  ];
}
