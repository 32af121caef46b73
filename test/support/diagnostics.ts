/**
 * Running a compiler and reading what `tsc --pretty false` prints, the same for TypeScript 5.9, 6 and 7:
 * a line per diagnostic, `file(line,col): error TSxxxx: message`, then its
 * message chain, each level indented two more spaces.
 */

import { spawn } from "node:child_process";

/** Runs a command; resolves with its exit code and output (stdout and stderr). */
export function run(command: string, args: readonly string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code: code ?? 1, output }));
  });
}

export interface PrintedDiagnostic {
  /** As printed (relative to the directory tsc ran in), with `/` separators; "" for a diagnostic without a file. */
  readonly file: string;
  /** 1-based; 0 without a file. */
  readonly line: number;
  /** `TS2345`, or "" when the line is not a diagnostic's head (a crash, a config error's text). */
  readonly code: string;
  /** The head line after `error TSxxxx: `, then the chain's lines as printed (indented). */
  readonly lines: readonly string[];
  /** The head line and the chain exactly as printed. */
  readonly text: string;
}

export function parseTscOutput(output: string): PrintedDiagnostic[] {
  const found: { file: string; line: number; code: string; head: string; lines: string[] }[] = [];
  for (const line of output.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const last = found[found.length - 1];
    if (last !== undefined && /^\s/.test(line)) {
      last.lines.push(line);
      continue;
    }
    const start = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line) ?? /^()()()error (TS\d+): (.*)$/.exec(line);
    found.push({
      file: start?.[1]?.replaceAll("\\", "/") ?? "",
      line: Number(start?.[2] || 0),
      code: start?.[4] ?? "",
      head: line,
      lines: [start?.[5] ?? line],
    });
  }
  return found.map(({ file, line, code, head, lines }) => ({ file, line, code, lines, text: [head, ...lines.slice(1)].join("\n") }));
}

/** What marks an unresolved conditional type in printed text (a diagnostic, a hover, a declaration). */
const raw = [/\bextends infer\b/, /\bextends \[never\]/, /ShapeTypeError<infer/, /\bextends [^?\n]{1,300}\? [^:\n]{1,300} : /];

/** Does printed type text show an unresolved conditional type? */
export const rawIn = (text: string): boolean => raw.some((pattern) => pattern.test(text));
