/**
 * A misfit's first line is the library's message where the compiler allows it
 * (docs/errors.md): for the cases of test/support/misfits.ts marked `leads`,
 * under TypeScript 6 (the API, one program for all cases) and TypeScript 7
 * (one `tsc` run), the diagnostic at the call starts with the message.
 */
import { relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsc } from "./support/compiler.js";
import { run, type PrintedDiagnostic } from "./support/diagnostics.js";
import { messageLine, misfits, readMisfits, readTscMisfits, writeMisfits, type MisfitReport } from "./support/misfits.js";

const written = writeMisfits("first-lines-test");

/** TypeScript 6's diagnostics on the misfit file, as `tsc --pretty false` prints them. */
function typescript6(): MisfitReport {
  const config = ts.getParsedCommandLineOfConfigFile(`${written.dir}/tsconfig.json`, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  })!;
  const program = ts.createProgram(config.fileNames, config.options);
  const source = program.getSourceFile(written.file)!;
  const diagnostics: PrintedDiagnostic[] = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
    (diagnostic) => {
      const lines = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split("\n");
      const line = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
      const file = relative(written.dir, source.fileName);
      return { file, line, code: `TS${diagnostic.code}`, lines, text: `${file}(${line}): ${lines.join("\n")}` };
    },
  );
  return readMisfits(written, diagnostics);
}

async function typescript7(): Promise<MisfitReport> {
  const result = await run(process.execPath, [tsc["7"], "-p", "tsconfig.json", "--pretty", "false"], written.dir);
  return readTscMisfits(written, result.output);
}

const leading = misfits.filter((misfit) => misfit.leads);

describe.each([
  ["TypeScript 6", typescript6],
  ["TypeScript 7", typescript7],
] as const)("%s", (_, compile) => {
  let compiled: Promise<MisfitReport> | undefined;
  const report = (): Promise<MisfitReport> => (compiled ??= Promise.resolve().then(compile));

  it("reports no error but the cases'", async () => {
    expect((await report()).unexpected).toEqual([]);
  });

  it.each(leading.map((misfit) => [misfit.name, misfit] as const))("%s: the first line is the library's message", async (_name, misfit) => {
    const diagnostic = (await report()).byCase.get(misfit);
    expect(diagnostic?.lines[0]).toBeDefined();
    expect(messageLine(misfit, diagnostic!), diagnostic!.text).toBe(1);
  });
});

