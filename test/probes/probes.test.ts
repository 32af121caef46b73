/**
 * Hang and engine-error probes (the README's "Bad input and limits"). Every probe in probes.ts
 * runs in a child process under a time limit and a memory cap (runner.ts);
 * each is reported here as its own test, with what it expected and what
 * happened: a library error, a result, a timeout, the memory cap, or a crash.
 */
import { beforeAll, describe, it } from "vitest";
import { describeExpectation } from "./expect.js";
import { probes } from "./probes.js";
import { type Outcome, runProbes } from "./runner.js";

let outcomes: readonly Outcome[] = [];

beforeAll(async () => {
  outcomes = await runProbes();
}, 600_000);

describe("huge and degenerate inputs end quickly in a library error or a correct result", () => {
  probes.forEach((probe, index) => {
    it(probe.code, () => {
      const outcome = outcomes[index];
      if (outcome === undefined) throw new Error("the probe did not run");
      if (!outcome.pass) {
        throw new Error(`expected ${describeExpectation(probe.expect)}\n     got ${outcome.actual} (${outcome.ms} ms)`);
      }
    });
  });
});
