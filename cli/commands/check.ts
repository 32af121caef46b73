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
import { catalog } from "shapecast/catalog";
import type { Command } from "../command.js";
import { broadcastPicture, matmulPicture, type Picture, type Placement, renderPicture, type Size } from "../diagram.js";
import { EXIT, UsageError } from "../errors.js";
import { elapsed, type Io, paint, progress } from "../io.js";
import { loadProgram, shown } from "../project.js";

/** The library's functions (its op catalog): a message is the library's when it names one of them as its op. */
const OPS: ReadonlySet<string> = new Set(Object.keys(catalog));

export interface ShapeFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The TypeScript error code (2345, 2769, ...). */
  readonly tsCode: number;
  /** The call's text on one line. */
  readonly call: string;
  /** The library's message (for a conflicting size, a sentence built from the compiler's types). */
  readonly message: string;
  /** `broadcast` (element-wise and broadcast-to), `matmul`, `join` (concat, stack), `conflicting-sizes`, or `other` (axes, reshape...). */
  readonly kind: "broadcast" | "matmul" | "join" | "conflicting-sizes" | "other";
  readonly op: string;
  readonly mode?: string | undefined;
  /** The two shapes, as the message prints their sizes (`3`, `batch`, `?`). */
  readonly a?: readonly Size[] | undefined;
  readonly b?: readonly Size[] | undefined;
  /** The failing axis: of the result (broadcast), of the batch (matmul), of the parameter (conflicting sizes). */
  readonly axis?: number | undefined;
  /** broadcastDimensions / axesMapping / axis read from the call's options. */
  readonly placement?: Placement | undefined;
  /** Not in JSON: the picture drawn under the message. */
  readonly picture?: Picture | undefined;
}

export interface OtherFinding {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly tsCode: number;
  readonly message: string;
}

/** The string literal types in a diagnostic's text, unescaped: `'"add (numpy): ..."'`. */
function literalTypes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/'"((?:[^"\\]|\\.)*)"'/g)) found.push(match[1]!.replace(/\\(.)/g, "$1"));
  return found;
}

/** Does `text` read as one of the library's messages: `op: ...` or `op (mode): ...` with op a library function? */
const libraryMessage = (text: string): { op: string; mode: string | undefined } | undefined => {
  const match = /^([A-Za-z]\w*)(?: \(([a-z]+)\))?: \S/.exec(text);
  return match !== null && OPS.has(match[1]!) ? { op: match[1]!, mode: match[2] } : undefined;
};

/** `[2, 10]` as sizes; undefined for `[...]` (a dynamic rank) or anything else. */
function parseSizes(text: string | undefined): Size[] | undefined {
  if (text === undefined) return undefined;
  const inner = /^\[(.*)\]$/.exec(text.trim())?.[1];
  if (inner === undefined || inner === "...") return undefined;
  return inner.trim() === "" ? [] : inner.split(",").map((size) => size.trim());
}

/** One line of a call's text, at most `max` characters. */
const oneLine = (text: string, max = 120): string => {
  const flat = text.replace(/\s+/g, " ").replace(/,? ?\)/g, ")").replace(/\( /g, "(");
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
};

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
  // the checked signature comes last, so its message is the last literal in the chain
  const message = literalTypes(text).filter((literal) => libraryMessage(literal) !== undefined).at(-1);
  const conflict = message === undefined ? /ConflictingSizes<(.+?)>'/.exec(text) : null;
  if (message === undefined && conflict === null) return undefined;

  const start = diagnostic.start ?? 0;
  const end = start + (diagnostic.length ?? 0);
  const call = callAt(file(), start, end);
  const base = { ...where, tsCode: diagnostic.code, call: oneLine(call?.getText() ?? file().getFullText().slice(start, end)) };
  if (message !== undefined) {
    const { op, mode } = libraryMessage(message)!;
    const broadcast = /; cannot (broadcast|join) (\[[^\]]*\]) (with|to) (\[[^\]]*\])(?:;|$)/.exec(message);
    const multiply = /; cannot multiply (\[[^\]]*\]) by (\[[^\]]*\])$/.exec(message);
    const axisText = /\baxis (\d+) has /.exec(message)?.[1];
    const axis = axisText === undefined ? undefined : Number(axisText);
    if (multiply !== null) {
      const a = parseSizes(multiply[1]);
      const b = parseSizes(multiply[2]);
      const failed = /: inner sizes /.test(message) ? "inner" : axis !== undefined ? { batchAxis: axis } : undefined;
      return {
        ...base, message, kind: "matmul", op, a, b, axis,
        picture: a === undefined || b === undefined ? undefined : matmulPicture({ a, b, failed }),
      };
    }
    if (broadcast !== null) {
      const a = parseSizes(broadcast[2]);
      const b = parseSizes(broadcast[4]);
      if (broadcast[1] === "join") {
        // concat / stack: tensors[i] against tensors[0], axis by axis
        const other = /^\w+: tensors\[(\d+)\]/.exec(message)?.[1] ?? "i";
        const names = ["tensors[0]", `tensors[${other}]`] as const;
        return {
          ...base, message, kind: "join", op, a, b, axis,
          picture: a === undefined || b === undefined ? undefined
            : broadcastPicture({ a, b, placement: { mode: "none" }, names, failedAxis: axis }),
        };
      }
      const placement = placementOf(call, mode ?? "numpy");
      const verb = broadcast[3] === "to" ? "to" : "with";
      return {
        ...base, message, kind: "broadcast", op, mode, a, b, axis, placement,
        picture: a === undefined || b === undefined ? undefined : broadcastPicture({ a, b, placement, verb, failedAxis: axis }),
      };
    }
    return { ...base, message, kind: "other", op, mode };
  }

  if (conflict !== null) {
    const types = /Argument of type '(.+?)' is not assignable to parameter of type '(.+?)'/.exec(text);
    const sizesOf = (type: string | undefined): Size[] | undefined =>
      type === undefined ? undefined : parseSizes(/Tensor<(?:readonly )?(\[[^\]]*\])/.exec(type)?.[1]);
    const a = sizesOf(types?.[1]);
    const b = sizesOf(types?.[2]);
    const position = /Type at position (\d+) in source/.exec(text)?.[1];
    const axis = position === undefined ? undefined : Number(position);
    const callee = call?.getExpression();
    const op = callee === undefined ? "call" : Node.isPropertyAccessExpression(callee) ? callee.getName() : oneLine(callee.getText(), 40);
    const message =
      `${op}: one dim of this shape gets different sizes from different arguments (${conflict[1]})` +
      (types === null ? "" : `; cannot pass ${types[1]} as ${types[2]}`);
    return {
      ...base, message, kind: "conflicting-sizes", op, a, b, axis,
      picture: a === undefined || b === undefined ? undefined
        : broadcastPicture({ a, b, placement: { mode: "none" }, names: ["argument", "parameter"], failedAxis: axis }),
    };
  }
  return undefined;
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
