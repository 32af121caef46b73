/**
 * One call against its expectation: the result equals the reference model,
 * or the call throws one of the expected error classes (op-name prefix, no
 * engine error) — and in both cases no tensor other than `out` changed, and
 * on an error not even `out`.
 */
import fc from "fast-check";
import type { Tensor } from "shapecast";
import type { Built } from "./build.js";
import { expectError, expectModel, expectNoError, fail, type Mismatch, snapshot, expectUnchanged } from "./check.js";
import { isWritable, writeThrough } from "./model.js";
import { env } from "./run.js";
import type { Expected } from "./semantics.js";

export interface CallCase {
  /** The op name errors must start with. */
  readonly op: string;
  readonly call: () => unknown;
  /** The reproducing program. */
  readonly code: string;
  readonly expected: Expected;
  /** Every tensor involved (inputs and out), by what made it. */
  readonly inputs: readonly (Built | undefined)[];
  /** The out tensor, when one is passed. */
  readonly out?: Built | undefined;
  /** What else to check on a result. */
  readonly after?: (result: Tensor) => void;
}

/** Distinct base tensors of the inputs (views of one base are checked once). */
const basesOf = (inputs: readonly (Built | undefined)[]): Built[] => {
  const seen = new Set<Tensor>();
  const out: Built[] = [];
  for (const b of inputs) {
    if (b === undefined || seen.has(b.base)) continue;
    seen.add(b.base);
    out.push(b);
  }
  return out;
};

const SKIP = new Set((env("FUZZ_SKIP") ?? "").split(",").filter((t) => t !== ""));

/** Triage (FUZZ_SKIP=tag,...): discard cases that exercise a rule already known to fail. */
export function triage(tags: Iterable<string> | undefined): void {
  if (SKIP.size === 0 || tags === undefined) return;
  for (const tag of tags) if (SKIP.has(tag)) fc.pre(false);
}

export function runCase(c: CallCase): void {
  const outTags = c.out !== undefined && c.out.m.values.length === 0 ? ["empty-out"] : [];
  triage([...(c.expected.tags ?? []), ...outTags]);
  const bases = basesOf([...c.inputs, c.out]);
  const before = snapshot(bases.map((b) => b.base));
  const names = bases.map((b) => `the base ${b.lines[0]!.replace(/^const (\w+) = .*$/, "$1")}`);
  if ("error" in c.expected) {
    if (c.expected.orOk) {
      try {
        c.call();
        return;
      } catch {
        // fall through: it must be one of the expected errors
      }
    }
    expectError(c.call, c.expected.error, c.op, c.code);
    expectUnchanged(bases.map((b) => b.base), before, `${c.code}\n  (after the error, nothing may be written)`, names);
    return;
  }
  const result = expectNoError(() => c.call(), c.code) as Tensor;
  const { model, tolerance } = c.expected;
  if (c.out !== undefined && result !== c.out.t) fail(`${c.code}\n  should return out itself`);
  expectModel(result, model, c.code, { tolerance, typed: true });
  c.after?.(result);
  // every base keeps its elements, except where out writes
  bases.forEach((b, k) => {
    if (c.out !== undefined && b.base === c.out.base) {
      const origin = c.out.m.origin;
      if (origin === null || !isWritable(c.out.m)) return;
      // out's elements are the result; the rest of its base is as before (inputs sharing it were read first)
      const wrote = writeThrough({ ...b.baseM, values: before[k]! }, origin, model.values);
      expectModel(b.base, wrote, `${c.code}\n  (out's base ${names[k]} after the call: only out's elements change)`, { tolerance });
      return;
    }
    expectUnchanged([b.base], [before[k]!], c.code, [names[k]!]);
  });
}

export type { Mismatch };
