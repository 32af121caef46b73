/** `shapecast --help` and `shapecast <command> --help`: what a person reads before the first run. */
import { describe, expect, it } from "vitest";
import { runCli, runCliProcess } from "./support.js";

describe("help", () => {
  // (the executable itself, a process: its entry point, exit code and streams as a shell sees them)
  it("lists the commands on stdout with exit 0, and on stderr with exit 2 when no command is named", () => {
    const asked = runCliProcess(["--help"]);
    expect(asked.code).toBe(0);
    for (const command of ["check", "shapes", "explain", "codemod"]) expect(asked.stdout).toMatch(new RegExp(`^  ${command} +\\S`, "m"));
    const bare = runCliProcess([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe("");
    expect(bare.stderr).toContain("usage: shapecast <command> [options]");
  });

  it("gives each command its usage, every option it parses, the exit codes and examples", async () => {
    const flags: Record<string, string[]> = {
      check: ["--project", "--all", "--json", "--fail-on"],
      shapes: ["--project", "--json"],
      explain: ["--mode", "--dims", "--axis", "--json"],
      codemod: ["--project", "--write", "--check", "--json", "explicit-broadcast", "annotate", "from-tfjs"],
    };
    for (const [command, expected] of Object.entries(flags)) {
      const result = await runCli([command, "--help"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^usage: shapecast ${command} `));
      for (const flag of expected) expect(result.stdout).toContain(flag);
      expect(result.stdout).toMatch(/^exit: 0 /m);
      expect(result.stdout).toMatch(new RegExp(`^examples:\\n  shapecast ${command}\\b`, "m"));
    }
  });
});
