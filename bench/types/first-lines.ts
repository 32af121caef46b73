/**
 * What each compiler prints first for a shape misfit. Compiles the cases of
 * test/support/misfits.ts (one file, strict, nodenext) with TypeScript 5.9,
 * 6 and 7 and prints a Markdown table: per case, the error code, the line of
 * the diagnostic that holds the library's message (1 is the first line, what
 * an editor shows in its problem list; 0 is nowhere) and the first line(s) as
 * printed, compilers with the same output on one row. docs/errors.md holds
 * the table and says why each case prints what it does.
 *
 *   npm run bench:types:errors
 *
 * Exits 1 when a compiler reports an error that is not one of the cases'.
 */
import { tsc } from "../../test/support/compiler.js";
import { run } from "../../test/support/diagnostics.js";
import { messageLine, misfits, readTscMisfits, writeMisfits } from "../../test/support/misfits.js";

const compilerNames = ["5.9", "6", "7"] as const;

/** A table cell: `|` escaped, long lines cut. */
const cell = (text: string, limit = 150): string =>
  (text.length > limit ? `${text.slice(0, limit - 1)}…` : text).replaceAll("|", "\\|");

/**
 * The first line, then the library's message when it comes later, or the chain's
 * last line (the innermost reason) when the message is nowhere; numbered from 1.
 */
function shownLines(lines: readonly string[], at: number): string {
  const later = at > 1 ? at : at === 0 && lines.length > 1 ? lines.length : 1;
  const numbered = (index: number): string => `${index}: ${cell(lines[index - 1]!.trim())}`;
  return later === 1 ? numbered(1) : `${numbered(1)}<br>${later > 2 ? "… " : ""}${numbered(later)}`;
}

async function main(): Promise<number> {
  const written = writeMisfits("first-lines");
  const started = performance.now();
  const runs = await Promise.all(
    compilerNames.map(async (compiler) => {
      const result = await run(process.execPath, [tsc[compiler], "-p", "tsconfig.json", "--pretty", "false"], written.dir);
      return { compiler, report: readTscMisfits(written, result.output) };
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  console.log("| case | compilers | code | message at line | first line(s) |");
  console.log("|---|---|---|---|---|");
  for (const misfit of misfits) {
    const rows = new Map<string, { compilers: string[]; columns: string[] }>();
    for (const { compiler, report } of runs) {
      const diagnostic = report.byCase.get(misfit);
      const at = diagnostic === undefined ? 0 : messageLine(misfit, diagnostic);
      const columns = [diagnostic?.code ?? "", at === 0 ? "—" : String(at), diagnostic === undefined ? "(no error)" : shownLines(diagnostic.lines, at)];
      const key = columns.join("\u0000");
      rows.set(key, { compilers: [...(rows.get(key)?.compilers ?? []), compiler], columns });
    }
    for (const { compilers, columns } of rows.values()) {
      console.log(`| ${cell(misfit.name)} | ${compilers.join(", ")} | ${columns.join(" | ")} |`);
    }
  }

  let failed = 0;
  for (const { compiler, report } of runs) {
    if (report.unexpected.length === 0) continue;
    failed++;
    console.error(`\nTypeScript ${compiler}: errors outside the cases:\n${report.unexpected.join("\n")}`);
  }
  console.log(`\n${misfits.length} cases, TypeScript ${compilerNames.join(", ")} in ${seconds.toFixed(1)} s (test/.generated/first-lines/misfits.ts)`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
