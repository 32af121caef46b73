/**
 * What the commands share about output: colour per stream (NO_COLOR wins,
 * FORCE_COLOR forces, otherwise only on a terminal) and progress lines on
 * stderr only when stderr is a terminal. The process tests cannot give the
 * CLI a terminal, so these run `main` in-process with a stderr that says it is one.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Io, paint, processIo, progress } from "../../cli/io.js";
import { main } from "../../cli/main.js";
import { fixtures } from "./support.js";

const stream = (isTTY: boolean) => ({ isTTY, write: () => true });

function recording(cwd: string, errIsTTY: boolean): { io: Io; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { cwd, out: (text) => void out.push(text), err: (text) => void err.push(text), errIsTTY, colorOut: false, colorErr: false };
  return { io, out, err };
}

describe("colour", () => {
  it("is painted when the stream's decision says so, whatever this process's stdout is", () => {
    // (a terminal's stderr beside a piped stdout: node's styleText would ask process.stdout)
    expect(process.stdout.isTTY === true && process.env["FORCE_COLOR"] !== undefined).toBe(false);
    expect(paint(true, "red", "misfit")).toBe("\u001b[31mmisfit\u001b[39m");
    expect(paint(false, "red", "misfit")).toBe("misfit");
  });

  it("is on for a terminal, off for a pipe", () => {
    const io = processIo(stream(true), stream(false), {}, "/");
    expect([io.colorOut, io.colorErr]).toEqual([true, false]);
  });

  it("is off under NO_COLOR, even on a terminal and with FORCE_COLOR", () => {
    const io = processIo(stream(true), stream(true), { NO_COLOR: "1", FORCE_COLOR: "1" }, "/");
    expect([io.colorOut, io.colorErr]).toEqual([false, false]);
  });

  it("is forced on pipes by FORCE_COLOR, but not by FORCE_COLOR=0", () => {
    expect(processIo(stream(false), stream(false), { FORCE_COLOR: "1" }, "/").colorOut).toBe(true);
    expect(processIo(stream(false), stream(false), { FORCE_COLOR: "0" }, "/").colorOut).toBe(false);
  });
});

describe("progress", () => {
  it("shows files done / total and the current file on a terminal, and clears the line at the end", () => {
    const { io, err } = recording("/", true);
    const bar = progress(io, 3);
    bar.step(0, "src/a.ts");
    bar.step(1, "src/b.ts");
    bar.done();
    expect(err).toEqual(["\r\u001b[2K[0/3] src/a.ts", "\r\u001b[2K[1/3] src/b.ts", "\r\u001b[2K"]);
  });

  it("writes nothing when stderr is not a terminal", () => {
    const { io, err } = recording("/", false);
    const bar = progress(io, 3);
    bar.step(0, "src/a.ts");
    bar.done();
    expect(err).toEqual([]);
  });

  it("runs through `shapecast check` on a terminal and leaves the report on stdout alone", async () => {
    const cwd = join(fixtures, "check-project");
    const terminal = recording(cwd, true);
    expect(await main(["check"], terminal.io)).toBe(1);
    const lines = terminal.err.filter((text) => text.includes("/4] "));
    expect(lines.map((text) => text.replace("\r\u001b[2K", ""))).toEqual([
      "[0/4] src/clean.ts",
      "[1/4] src/layers.ts",
      "[2/4] src/model.ts",
      "[3/4] src/typo.ts",
    ]);
    expect(terminal.out.join("")).not.toContain("\r");
    const pipe = recording(cwd, false);
    expect(await main(["check"], pipe.io)).toBe(1);
    expect(pipe.out.join("")).toBe(terminal.out.join(""));
    expect(pipe.err.join("")).not.toContain("/4] ");
  });
});
