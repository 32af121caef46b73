#!/usr/bin/env node
/**
 * The `shapecast` executable: parses the command name and hands the rest to
 * the command (cli/commands/). Exit codes: 0 all well, 1 findings (check's
 * type errors; pending changes under --check), 2 usage errors, with the message
 * and the command's usage on stderr.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "./command.js";
import { commands } from "./commands/index.js";
import { EXIT, UsageError } from "./errors.js";
import { type Io, paint, processIo } from "./io.js";

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "shapecast: shape checks, shape explanations and codemods for shapecast tensor code",
    "",
    "usage: shapecast <command> [options]",
    "",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `shapecast <command> --help` for a command's options.",
    "",
  ].join("\n");
}

/** Runs `shapecast <argv...>` against `io`; resolves to the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? io.err : io.out)(help());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command: Command | undefined = commands.find((c) => c.name === name);
  if (command === undefined) {
    io.err(`${paint(io.colorErr, "red", "error")}: unknown command "${name}"\n\n${help()}`);
    return EXIT.usage;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(`usage: ${command.usage}\n\n${command.summary}\n\n${command.help}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") === true) {
      io.err(`${paint(io.colorErr, "red", "error")}: ${(error as Error).message}\nusage: ${command.usage}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}

const entry = process.argv[1] === undefined ? undefined : realpathSync(process.argv[1]);
if (entry === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), processIo(process.stdout, process.stderr, process.env, process.cwd()));
}
