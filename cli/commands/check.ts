/**
 * `shapecast check [--project tsconfig.json] [paths...] [--all] [--json] [--fail-on any|shape]`:
 * type-checks a project as `tsc --noEmit` does (the same program, so the same
 * diagnostics: cli/project.ts loadProgram) and reports its shape errors, each
 * with `file:line:col`, the call, the library's message and the aligned
 * picture of the two shapes (cli/diagram.ts) marking the failing axis.
 *
 * A shape error is a diagnostic whose message chain carries one of the
 * library's own sentences: the string literal type a shapecast signature puts
 * in parameter position (`add (numpy): axis 1 has 10 vs 11; cannot broadcast
 * [2, 10] with [2, 11]`, `matmul: inner sizes ...; cannot multiply ...`,
 * `sum: axis 2 is out of range ...`), named after one of the library's
 * exported functions; or a `ConflictingSizes<...>` mismatch, where two
 * arguments of a generic call give one dim different sizes. Other type errors
 * are counted in the summary and printed only with `--all`. Only the few
 * diagnostics that carry a library message are read through ts-morph (to find
 * the call and its options); the rest are the compiler's as they come.
 *
 * stdout gets the report (or JSON with `--json`); stderr the progress (on a
 * terminal) and the summary line. Exit 1 when a type error exists (with
 * `--fail-on shape`: when a shape error exists), else 0; 2 for bad input
 * (cli/project.ts: a missing tsconfig, a glob matching nothing, a file that
 * does not parse; an unknown --fail-on).
 */
import { parseArgs } from "node:util";
import { type CallExpression, createWrappedNode, Node, type SourceFile, ts } from "ts-morph";
import type { Command } from "../command.js";
import { type Placement, renderPicture } from "../diagram.js";
import { EXIT, UsageError } from "../errors.js";
import { elapsed, type Io, paint, progress } from "../io.js";
import { loadProgram, shown } from "../project.js";
import { type CallInfo, oneLine, type ShapeError, shapeErrorOf } from "../shape-errors.js";

/** A shape error at its place, with the call's text. */
export interface ShapeFinding extends ShapeError {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The TypeScript error code (2345, 2769, ...). */
  readonly tsCode: number;
  /** The call's text on one line. */
  readonly call: string;
}

export interface OtherFinding {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly tsCode: number;
  readonly message: string;
}

/** The call the diagnostic span [start, end) is an argument of (or lies in). */
function callAt(file: SourceFile, start: number, end: number): CallExpression | undefined {
  let node: Node | undefined = file.getDescendantAtPos(start);
  let enclosing: CallExpression | undefined;
  for (; node !== undefined; node = node.getParent()) {
    if (!Node.isCallExpression(node)) continue;
    if (node.getArguments().some((arg) => arg.getStart() <= start && end <= arg.getEnd())) return node;
    enclosing ??= node.getStart() <= start && end <= node.getEnd() ? node : undefined;
  }
  return enclosing;
}

/** A number from a literal `2` / `-1`, or from a number literal type. */
function numberOf(node: Node): number | undefined {
  if (Node.isNumericLiteral(node)) return node.getLiteralValue();
  if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === ts.SyntaxKind.MinusToken) {
    const operand = numberOf(node.getOperand());
    return operand === undefined ? undefined : -operand;
  }
  const type = node.getType();
  return type.isNumberLiteral() ? (type.getLiteralValue() as number) : undefined;
}

/** Numbers from an array literal `[1, 2]`, or from a tuple type of number literals. */
function numbersOf(node: Node): number[] | undefined {
  if (Node.isArrayLiteralExpression(node)) {
    const values = node.getElements().map(numberOf);
    return values.every((value) => value !== undefined) ? (values as number[]) : undefined;
  }
  const type = node.getType();
  if (!type.isTuple()) return undefined;
  const values = type.getTupleElements().map((element) => (element.isNumberLiteral() ? (element.getLiteralValue() as number) : undefined));
  return values.every((value) => value !== undefined) ? (values as number[]) : undefined;
}

/** broadcastDimensions / axesMapping / axis from the call's options literal (its last argument), when they are there. */
function placementOf(call: CallExpression | undefined, mode: string): Placement {
  const options = call?.getArguments().at(-1);
  const field = (name: string): Node | undefined => {
    if (options === undefined) return undefined;
    if (Node.isObjectLiteralExpression(options)) {
      const property = options.getProperty(name);
      return Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
    }
    // a spec held in a variable: its declared initializer
    if (Node.isIdentifier(options)) {
      const declaration = options.getSymbol()?.getDeclarations()[0];
      let init = Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
      while (init !== undefined && (Node.isAsExpression(init) || Node.isSatisfiesExpression(init))) init = init.getExpression();
      if (Node.isObjectLiteralExpression(init)) {
        const property = init.getProperty(name);
        return Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
      }
    }
    return undefined;
  };
  const dimsNode = field(mode === "explicit" ? "axesMapping" : "broadcastDimensions");
  const axisNode = field("axis");
  return {
    mode,
    dims: dimsNode === undefined ? undefined : numbersOf(dimsNode),
    axis: axisNode === undefined ? undefined : numberOf(axisNode),
  };
}

/**
 * The shape finding a diagnostic carries, or undefined when it is another kind
 * of type error. `file` wraps the diagnostic's file in ts-morph, asked for only
 * when the message is the library's.
 */
function shapeFinding(
  diagnostic: ts.Diagnostic,
  file: () => SourceFile,
  where: { file: string; line: number; column: number },
): ShapeFinding | undefined {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const start = diagnostic.start ?? 0;
  const end = start + (diagnostic.length ?? 0);
  let call: CallExpression | undefined;
  const info = (): CallInfo | undefined => {
    call ??= callAt(file(), start, end);
    if (call === undefined) return undefined;
    const callee = call.getExpression();
    const found = call;
    return {
      op: Node.isPropertyAccessExpression(callee) ? callee.getName() : oneLine(callee.getText(), 40),
      placement: (mode) => placementOf(found, mode),
    };
  };
  const error = shapeErrorOf(text, info);
  if (error === undefined) return undefined;
  call ??= callAt(file(), start, end);
  return { ...where, tsCode: diagnostic.code, call: oneLine(call?.getText() ?? file().getFullText().slice(start, end)), ...error };
}

/** `file:line:col` of a diagnostic, 1-based, with the file relative to `cwd`. */
function position(cwd: string, diagnostic: ts.Diagnostic): { file: string; line: number; column: number } | undefined {
  if (diagnostic.file === undefined) return undefined;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  return { file: shown(cwd, diagnostic.file.fileName), line: line + 1, column: character + 1 };
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Which errors fail the run (exit 1): any type error, as in tsc; or shape errors only (check's exit code before --fail-on). */
const FAIL_ON = ["any", "shape"] as const;
type FailOn = (typeof FAIL_ON)[number];

export const check: Command = {
  name: "check",
  usage: "shapecast check [--project tsconfig.json] [paths...] [--all] [--json] [--fail-on any|shape]",
  summary: "type-check a project as tsc does and report its shape errors, with the two shapes aligned and the failing axis marked",
  help: [
    "options:",
    "  -p, --project <tsconfig>  the project to check (default: ./tsconfig.json); a folder means its tsconfig.json",
    "  [paths...]                files, folders or globs to report on (default: the tsconfig's own files)",
    "  --all                     print the other type errors too (they are counted either way)",
    "  --json                    one JSON object on stdout: every shape error with its shapes and axis",
    "  --fail-on <any|shape>     which errors make the exit code 1: any type error (default, as tsc),",
    "                            or shape errors only (other type errors are then counted but pass)",
    "",
    "exit: 0 no error (with --fail-on shape: no shape error), 1 errors found, 2 bad input",
    "",
    "The diagnostics are those of `tsc --noEmit -p <tsconfig>` for the files reported on.",
    "",
    "examples:",
    "  shapecast check",
    "  shapecast check --all                  in CI: fail on any type error and print each",
    "  shapecast check --fail-on shape        fail on shape errors only",
    "  shapecast check -p tsconfig.app.json \"src/**/*.ts\" --all",
  ].join("\n"),
  async run(args: string[], io: Io): Promise<number> {
    const started = performance.now();
    const { values, positionals } = parseArgs({
      args,
      options: {
        project: { type: "string", short: "p" },
        all: { type: "boolean" },
        json: { type: "boolean" },
        "fail-on": { type: "string", default: "any" },
      },
      allowPositionals: true,
      strict: true,
    });
    const failOn = values["fail-on"] as FailOn;
    if (!FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on ${failOn}: expected one of ${FAIL_ON.join(", ")}`);
    const { program, files, configDiagnostics } = await loadProgram(io.cwd, values.project, positionals);
    const checker = program.getTypeChecker();
    const options = program.getCompilerOptions();
    // tsc --noEmit reports declaration diagnostics too when the project emits declarations
    const declarations = options.declaration === true || options.composite === true;

    const shapes: ShapeFinding[] = [];
    const others: OtherFinding[] = [];
    /** Everything in report order: by file, then by position. */
    const report: (ShapeFinding | OtherFinding)[] = [];
    const other = (diagnostic: ts.Diagnostic, where: ReturnType<typeof position>): OtherFinding => ({
      file: where?.file, line: where?.line, column: where?.column,
      tsCode: diagnostic.code, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
    });
    const projectWide = ts.sortAndDeduplicateDiagnostics([
      ...configDiagnostics, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(),
    ]);
    for (const diagnostic of projectWide) others.push(other(diagnostic, position(io.cwd, diagnostic)));
    report.push(...others);
    const bar = progress(io, files.length);
    files.forEach((source, index) => {
      bar.step(index, shown(io.cwd, source.fileName));
      const diagnostics = ts.sortAndDeduplicateDiagnostics([
        ...program.getSemanticDiagnostics(source),
        ...(declarations ? program.getDeclarationDiagnostics(source) : []),
      ]);
      let wrapped: SourceFile | undefined;
      const file = (): SourceFile => (wrapped ??= createWrappedNode(source, { sourceFile: source, typeChecker: checker, compilerOptions: options }));
      for (const diagnostic of diagnostics) {
        const where = position(io.cwd, diagnostic);
        const finding = where === undefined ? undefined : shapeFinding(diagnostic, file, where);
        if (finding !== undefined) {
          shapes.push(finding);
          report.push(finding);
        } else {
          const found = other(diagnostic, where);
          others.push(found);
          report.push(found);
        }
      }
    });
    bar.done();

    if (values.json === true) {
      const json = {
        files: files.length,
        shapeErrors: shapes.map(({ picture: _, ...finding }) => finding),
        otherErrorCount: others.length,
        ...(values.all === true ? { otherErrors: others } : {}),
      };
      io.out(`${JSON.stringify(json, null, 2)}\n`);
    } else {
      const color = io.colorOut;
      const blocks: string[] = [];
      for (const finding of report) {
        const at = finding.file === undefined ? "" : `${finding.file}:${finding.line}:${finding.column}`;
        if ("kind" in finding) {
          const head = `${paint(color, "bold", at)}  ${finding.call}`;
          const message = `  ${paint(color, "red", "shape error")}: ${finding.message}`;
          const picture = finding.picture === undefined ? "" : `\n${renderPicture(finding.picture, color, "    ")}`;
          blocks.push(`${head}\n${message}\n${picture}`);
        } else if (values.all === true) {
          const head = `${paint(color, "bold", at || "(project)")}  error TS${finding.tsCode}`;
          blocks.push(`${head}\n${finding.message.replace(/^/gm, "  ")}\n`);
        }
      }
      if (blocks.length > 0) io.out(blocks.join("\n"));
    }

    const otherNote = others.length === 0 || values.all === true ? "" : ` (--all prints ${others.length === 1 ? "it" : "them"})`;
    const shapeCount = plural(shapes.length, "shape error");
    io.err(
      `${plural(files.length, "file")} checked: ${shapes.length > 0 ? paint(io.colorErr, "red", shapeCount) : shapeCount}, ` +
        `${plural(others.length, "other error")}${otherNote}, ${elapsed(started)}\n`,
    );
    const failed = failOn === "shape" ? shapes.length > 0 : shapes.length + others.length > 0;
    return failed ? EXIT.findings : EXIT.ok;
  },
};
