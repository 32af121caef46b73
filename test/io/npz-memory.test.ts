/**
 * Reading a `.npz` never inflates more than the tensors it declares: each case (in
 * npz-memory-child.ts) is an archive of a few megabytes whose member inflates to a gibibyte, read
 * in a process of its own whose peak resident memory is measured around the call. Every one is
 * refused, and the peak rises by a few megabytes (what the member's header takes to read, one
 * piece of it at a time), never by the gibibyte.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const child = join(import.meta.dirname, "npz-memory-child.ts");

interface Outcome {
  readonly thrown?: string;
  readonly grewMiB: number;
  readonly ms: number;
}

function run(name: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ["--import", "tsx", child, name], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    process_.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    process_.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    process_.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as Outcome) : reject(new Error(`${name}: exit ${code}: ${err.slice(-2000)}`))));
  });
}

/** What the peak may rise by: far below the gibibyte each member inflates to. */
const BOUND_MIB = 64;

const cases: [string, RegExp][] = [
  ["junk member", /^TypeError: fromNpz: member "junk\.bin" is not a \.npy file/],
  ["member longer than it declares", /^RangeError: fromNpz: member "w\.npy" is damaged: its bytes fail their CRC-32 check$/],
  ["declared size against the header", /^RangeError: fromNpz: member "w\.npy" declares 1073741952 bytes, but its \.npy header \(shape \[2\] of '<f4'\) makes it 136$/],
  ["schema against the header", /^ShapeError: fromNpz: array "w" has shape \[268435456\] but schema\["w"\] is \[2\]/],
];

describe("fromNpz's memory on members that inflate to a gibibyte", () => {
  const outcomes = Promise.all(cases.map(([name]) => run(name)));

  it.each(cases.map(([name, error], i) => [name, error, i] as const))("%s: refused, the peak resident memory rising by less than 64 MiB", async (name, error, i) => {
    const outcome = (await outcomes)[i]!;
    console.log(`${name}: ${outcome.thrown}; peak +${outcome.grewMiB.toFixed(1)} MiB in ${outcome.ms.toFixed(0)} ms`);
    expect(outcome.thrown).toMatch(error);
    expect(outcome.grewMiB).toBeLessThan(BOUND_MIB);
  });
});
