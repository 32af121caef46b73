/**
 * One probe process (started by runner.ts with `node --import tsx`): loads the
 * library from src/, says it is ready, then for each probe index read from
 * stdin evaluates that probe's code, judges the outcome here (huge results
 * never leave the process) and writes one line back. Lines go out with a
 * synchronous write, so a probe that then hangs or crashes the process has
 * already reported everything before it.
 */
import { writeSync } from "node:fs";
import * as lib from "../../src/index.js";
import { classOf, judgeError, MARK, type Probe, show } from "./expect.js";
import { probes } from "./probes.js";

const send = (message: object): void => {
  writeSync(1, `${MARK}${JSON.stringify(message)}\n`);
};

const scope: Record<string, unknown> = { ...lib };
const names = Object.keys(scope);
const values = names.map((name) => scope[name]);

/** The probe's code as a function: an expression, or else statements (with `return` for a value). */
function compile(code: string): () => unknown {
  // the probe's text is the test's title: evaluating it runs exactly what the title says
  const make = (body: string) => new Function(...names, `"use strict";\n${body}`) as (...args: unknown[]) => unknown;
  let fn: (...args: unknown[]) => unknown;
  try {
    fn = make(`return (${code}\n);`);
  } catch {
    fn = make(code);
  }
  return () => fn(...values);
}

/** Runs one probe: whether it met its expectation, and what actually happened. */
function runProbe(probe: Probe): { pass: boolean; actual: string; ms: number } {
  const start = performance.now();
  let outcome: { threw: true; error: unknown } | { threw: false; value: unknown };
  try {
    outcome = { threw: false, value: compile(probe.code)() };
  } catch (error) {
    outcome = { threw: true, error };
  }
  const ms = Math.round(performance.now() - start);
  const { expect } = probe;
  if (outcome.threw) {
    const { error } = outcome;
    const message = error instanceof Error ? error.message : String(error);
    const actual = `${classOf(error)}: ${message.length > 400 ? `${message.slice(0, 400)}... (${message.length} chars)` : message}`;
    if (!expect.error) return { pass: false, actual: `threw ${actual}`, ms };
    const problem = judgeError(expect.error, error);
    return { pass: problem === undefined, actual: problem === undefined ? `threw ${actual}` : `threw ${actual} (${problem})`, ms };
  }
  const { value } = outcome;
  if (!expect.result) return { pass: false, actual: `returned ${show(value)}`, ms };
  let problem: string | undefined;
  try {
    problem = expect.result.check(value);
  } catch (error) {
    problem = `checking it threw ${classOf(error)}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { pass: problem === undefined, actual: `returned ${show(value)}${problem === undefined ? "" : ` (${problem})`}`, ms };
}

let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  let newline: number;
  while ((newline = pending.indexOf("\n")) >= 0) {
    const line = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    const index = Number(line);
    const probe = probes[index];
    if (probe === undefined) {
      send({ index, pass: false, actual: `no probe ${line}`, ms: 0 });
      continue;
    }
    send({ index, ...runProbe(probe) });
  }
});
process.stdin.on("end", () => process.exit(0));
send({ ready: true });
