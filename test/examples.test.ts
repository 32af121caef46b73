/** The examples run as a user runs them (`npm start` is examples/demo.ts) and print what their comments promise. */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./support/compiler.js";

const run = (file: string): string =>
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "examples", file)], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });

describe("examples/demo.ts (npm start)", () => {
  const output = run("demo.ts");

  it("walks through every mode", () => {
    for (const heading of ["NumPy (the default)", "none (OpenVINO NONE)", "XLA", "PDPD", "Broadcast to a target shape"]) {
      expect(output).toContain(heading);
    }
  });

  it("prints results and the runtime's messages, without colour under NO_COLOR", () => {
    expect(output).toContain("[2, 1, 5]      + [4, 1]         → [2, 4, 5]");
    expect(output).toContain("broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]");
    expect(output).toContain("valid broadcastDimensions: [0] or [1]");
    expect(output).toContain("axis 2 fits");
    expect(output).not.toContain("\u001b[");
  });
});

const expectations: Record<string, string[]> = {
  "01-creating-tensors.ts": ["tensor([[[255.,   0.,   0.]", "shape=[2, 2, 3], dtype=float32", "ragged: tensor: ragged data: data[1] has 1 elements"],
  "02-elementwise-ops.ts": ["x + bias: tensor([[11., 18., 33.]", "misfit: add (numpy): axis 1 has 3 vs 2; cannot broadcast [2, 3] with [2]"],
  "03-broadcast-modes.ts": ["xla [0]: tensor([[7., 7., 7.]", "xla composed: tensor([[ 6.,  7.]", "pdpd: add (pdpd): axis 1 has 1 vs 7"],
  "04-views.ts": ["transpose: [ 4, 3, 2 ]", "shares the buffer: true"],
  "05-dtypes.ts": ["int32 + float32 -> float32", "int32 overflow wraps: tensor([-2147483648]", "mod by 0 on int32 is 0: tensor([0, 0, 0]"],
};

describe("examples/", () => {
  const files = readdirSync(join(root, "examples")).filter((file) => /^\d\d-.*\.ts$/.test(file));

  it("has an expectation for every numbered example", () => {
    expect(files.sort()).toEqual(Object.keys(expectations).sort());
  });

  for (const file of files) {
    it(`${file} runs`, () => {
      const output = run(file);
      for (const text of expectations[file] ?? []) expect(output).toContain(text);
    });
  }
});
