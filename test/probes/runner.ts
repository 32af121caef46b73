/**
 * Runs probes in child processes (child.ts, through tsx, so the sources in
 * src/ run as they are: no build needed), each under a time limit and a
 * memory cap, and collects one outcome per probe.
 *
 * - A few children work at once, each taking probes one by one from a shared
 *   queue: the parent sends a probe's index and waits for its line back.
 * - A probe that runs past its time limit, or whose process grows past the
 *   memory cap (resident memory, polled on Linux; the JavaScript heap is
 *   capped by --max-old-space-size everywhere), has its process killed; one
 *   whose process dies is recorded with the end of stderr. Either way the
 *   probe fails and the rest go on in a fresh process.
 * - Fresh processes are started ahead of need (loading tsx and the library
 *   takes most of a second), so a killed probe costs its time limit only.
 *
 * Also a script: `node --import tsx test/probes/runner.ts [text]` runs the
 * probes whose code contains `text` and prints each outcome.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MARK } from "./expect.js";
import { probes } from "./probes.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");

export interface Outcome {
  readonly index: number;
  readonly pass: boolean;
  /** What happened: `threw RangeError: ...`, `returned ...`, `timed out after 2000 ms`, `process died ...`. */
  readonly actual: string;
  readonly ms: number;
}

export interface RunOptions {
  /** Children working at once (default 2, or PROBE_WORKERS). */
  readonly workers?: number;
  /** Time limit for every probe, over the probes' own (which are over the default: 2500 ms, or PROBE_TIMEOUT_MS). */
  readonly timeoutMs?: number;
  /** --max-old-space-size of each child, in MiB (default 512). */
  readonly heapMb?: number;
  /** Resident memory at which a child is killed, in MiB (default 2048; Linux only). */
  readonly rssMb?: number;
  readonly onOutcome?: (outcome: Outcome) => void;
}

const envNumber = (name: string): number | undefined => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/** Resident memory of a process in MiB, where /proc tells (Linux); else undefined. */
function residentMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s*(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const tail = (text: string): string => {
  const fatal = text.split("\n").find((line) => /FATAL ERROR|Error:|error:/.test(line));
  const last = text.trim().slice(-300).replace(/\s+/g, " ");
  return fatal === undefined ? last : fatal.trim();
};

/** One probe process. */
class Child {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  dead = false;
  private stderr = "";
  private waiting: ((line: { index: number; pass: boolean; actual: string; ms: number }) => void) | undefined;
  private onExit: ((why: string) => void) | undefined;

  constructor(heapMb: number) {
    this.process = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "--import", "tsx", join(here, "child.ts")], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let readyResolve!: () => void;
    let readyReject!: (error: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    this.ready.catch(() => undefined); // a spare that never gets used may fail unobserved
    let isReady = false;
    this.process.stderr!.setEncoding("utf8");
    this.process.stderr!.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    this.process.stdin!.on("error", () => undefined); // writing to a child that just died
    createInterface({ input: this.process.stdout! }).on("line", (line) => {
      if (!line.startsWith(MARK)) return;
      const message = JSON.parse(line.slice(MARK.length)) as { ready?: true; index: number; pass: boolean; actual: string; ms: number };
      if (message.ready) {
        isReady = true;
        readyResolve();
      } else {
        const waiting = this.waiting;
        this.waiting = undefined;
        waiting?.(message);
      }
    });
    this.process.on("exit", (code, signal) => {
      this.dead = true;
      const why = `exit code ${code ?? "none"}${signal ? `, signal ${signal}` : ""}`;
      if (!isReady) readyReject(new Error(`a probe process ended before it was ready (${why}): ${tail(this.stderr)}`));
      this.onExit?.(`${why}: ${tail(this.stderr)}`);
    });
  }

  /** Runs probe `index` under a time limit and the memory cap. */
  run(index: number, timeoutMs: number, rssMb: number): Promise<Outcome> {
    return new Promise((done) => {
      const started = performance.now();
      const elapsed = (): number => Math.round(performance.now() - started);
      let finished = false;
      const finish = (outcome: Outcome, kill: boolean): void => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        clearInterval(poll);
        this.waiting = undefined;
        this.onExit = undefined;
        if (kill) this.kill();
        done(outcome);
      };
      const timer = setTimeout(() => finish({ index, pass: false, actual: `timed out after ${timeoutMs} ms (killed)`, ms: elapsed() }, true), timeoutMs);
      const poll = setInterval(() => {
        const rss = residentMb(this.process.pid!);
        if (rss !== undefined && rss > rssMb) {
          finish({ index, pass: false, actual: `memory cap: resident memory ${Math.round(rss)} MiB > ${rssMb} MiB after ${elapsed()} ms (killed)`, ms: elapsed() }, true);
        }
      }, 50);
      this.waiting = (line) => finish({ index, pass: line.pass, actual: line.actual, ms: line.ms }, false);
      this.onExit = (why) => finish({ index, pass: false, actual: `process died (${why})`, ms: elapsed() }, false);
      if (this.dead) this.onExit("it had already ended");
      else this.process.stdin!.write(`${index}\n`);
    });
  }

  kill(): void {
    if (!this.dead) this.process.kill("SIGKILL");
    this.dead = true;
  }

  close(): void {
    if (!this.dead) this.process.stdin!.end();
  }
}

/** Runs the probes at `indices` (all by default); outcomes in the order of `indices`. */
export async function runProbes(indices: readonly number[] = probes.map((_, i) => i), options: RunOptions = {}): Promise<Outcome[]> {
  const workers = options.workers ?? envNumber("PROBE_WORKERS") ?? 2;
  const timeoutMs = envNumber("PROBE_TIMEOUT_MS") ?? 2500;
  const heapMb = options.heapMb ?? 512;
  const rssMb = options.rssMb ?? 2048;
  const queue = [...indices];
  const outcomes = new Map<number, Outcome>();
  const all: Child[] = [];
  const spares: Child[] = [];
  const start = (): Child => {
    const child = new Child(heapMb);
    all.push(child);
    return child;
  };
  /** A ready process: the oldest spare, replaced by a new one while work remains. */
  const take = async (): Promise<Child> => {
    const child = spares.shift() ?? start();
    if (queue.length > 0) spares.push(start());
    await child.ready;
    return child;
  };
  const work = async (): Promise<void> => {
    let child: Child | undefined;
    while (queue.length > 0) {
      const index = queue.shift()!;
      if (child === undefined || child.dead) child = await take();
      const probe = probes[index]!;
      const outcome = await child.run(index, options.timeoutMs ?? probe.timeoutMs ?? timeoutMs, rssMb);
      outcomes.set(index, outcome);
      options.onOutcome?.(outcome);
    }
    child?.close();
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, queue.length)) }, work));
  } finally {
    for (const child of all) child.kill();
  }
  return indices.map((index) => outcomes.get(index)!);
}

// As a script: run the probes (those whose code contains argv[2]) and print each outcome.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const filter = process.argv[2] ?? "";
  const chosen = probes.flatMap((probe, index) => (probe.code.includes(filter) ? [index] : []));
  const began = performance.now();
  const outcomes = await runProbes(chosen, {
    onOutcome: (o) => process.stdout.write(`${o.pass ? "pass" : "FAIL"} ${String(o.ms).padStart(5)} ms  ${probes[o.index]!.code}\n      ${o.actual}\n`),
  });
  const failed = outcomes.filter((o) => !o.pass).length;
  process.stdout.write(`\n${outcomes.length} probes, ${failed} failed, ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
  process.exitCode = failed > 0 ? 1 : 0;
}
