/** The examples run as a user runs them (`npm start` is examples/demo.ts) and print what they promise. */
import { execFileSync } from "node:child_process";
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
