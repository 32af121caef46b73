/**
 * What a command writes to and how: stdout for results (reports, diffs,
 * JSON), stderr for progress, warnings and the summary line. Colour only on
 * a terminal and never under NO_COLOR (https://no-color.org); FORCE_COLOR
 * turns it on elsewhere.
 */

export interface Io {
  readonly cwd: string;
  /** Results: what a pipe or a file should receive. */
  out(text: string): void;
  /** Progress, warnings and the summary. */
  err(text: string): void;
  /** Is stderr a terminal (progress lines are shown only then)? */
  readonly errIsTTY: boolean;
  /** May stdout / stderr carry colour? */
  readonly colorOut: boolean;
  readonly colorErr: boolean;
}

// its own module, so what draws pictures (diagram.ts, which the editor plugin and the playground
// bundle too) needs nothing else of this one
export { paint } from "./paint.js";

interface Stream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/** The process's streams, with colour decided per stream from NO_COLOR, FORCE_COLOR and isTTY. */
export function processIo(stdout: Stream, stderr: Stream, env: NodeJS.ProcessEnv, cwd: string): Io {
  const noColor = env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "";
  const force = env["FORCE_COLOR"] !== undefined && env["FORCE_COLOR"] !== "" && env["FORCE_COLOR"] !== "0";
  const color = (stream: Stream) => !noColor && (force || stream.isTTY === true);
  return {
    cwd,
    out: (text) => void stdout.write(text),
    err: (text) => void stderr.write(text),
    errIsTTY: stderr.isTTY === true,
    colorOut: color(stdout),
    colorErr: color(stderr),
  };
}

/**
 * Progress on stderr for long runs, `[12/200] src/model.ts`, rewritten in
 * place; only on a terminal, so logs and pipes get the summary alone.
 */
export function progress(io: Io, total: number): { step(done: number, current: string): void; done(): void } {
  let shown = false;
  return {
    step(done, current) {
      if (!io.errIsTTY) return;
      shown = true;
      const line = `[${done}/${total}] ${current}`;
      io.err(`\r\u001b[2K${line.length > 100 ? `${line.slice(0, 97)}...` : line}`);
    },
    done() {
      if (shown) io.err("\r\u001b[2K");
    },
  };
}

/** "1.8s" / "240ms": how long a run took, for summary lines. */
export const elapsed = (startMs: number): string => {
  const ms = performance.now() - startMs;
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
};
