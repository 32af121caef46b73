/**
 * `shapecast shapes [--project tsconfig.json] [--json] <files...>`: the
 * inferred shape and dtype of every tensor binding (const/let/var, parameters,
 * destructured names) and every call whose result is a tensor, line by line,
 * as an editor hover shows them, so a review can read the shapes without an
 * editor:
 *
 *     examples/06-mlp-forward.ts:25:7   hidden             [4, 128] float32
 *     examples/06-mlp-forward.ts:25:16  relu(...)          [4, 128] float32
 *
 * A call that is a binding's whole initializer, with the same type, is shown
 * once, on the binding. Non-tensor values are left out. Exit 0; 2 for a bad
 * file or tsconfig.
 */
import { parseArgs } from "node:util";
import { Node, type SourceFile } from "ts-morph";
import type { Command } from "../command.js";
import { EXIT, UsageError } from "../errors.js";
import { elapsed, paint, progress } from "../io.js";
import { loadProject, shown } from "../project.js";
import { dtypeLabel, readTensorType, shapeText, tensorTypeText, type TensorType } from "../tensor-type.js";

/** One tensor value in a file. */
export interface TensorSite {
  /** Absolute path. */
  readonly file: string;
  /** 1-based line and column of the name (bindings) or of the called name (calls). */
  readonly line: number;
  readonly column: number;
  readonly kind: "binding" | "parameter" | "call";
  /** The bound name, or the call shortened: `relu(x)`, `.sub(0.5)`, `dense(...)`. */
  readonly name: string;
  readonly tensor: TensorType;
}

/** Longest call label before its arguments are elided. */
const labelWidth = 32;

/** Every tensor binding and tensor-valued call of `file`, in source order. */
export function tensorSites(file: SourceFile): TensorSite[] {
  const sites: (TensorSite & { readonly at: number })[] = [];
  const add = (kind: TensorSite["kind"], name: string, at: Node, typed: Node) => {
    const tensor = readTensorType(typed.getType());
    if (tensor === undefined) return;
    const { line, column } = file.getLineAndColumnAtPos(at.getStart());
    sites.push({ file: file.getFilePath(), line, column, kind, name, tensor, at: at.getStart() });
  };
  file.forEachDescendant((node) => {
    if (Node.isVariableDeclaration(node) || Node.isParameterDeclaration(node) || Node.isBindingElement(node)) {
      const name = node.getNameNode();
      if (!Node.isIdentifier(name) || name.getText() === "this") return;
      add(Node.isParameterDeclaration(bindingRoot(node)) ? "parameter" : "binding", name.getText(), name, node);
    } else if (Node.isCallExpression(node)) {
      if (isBindingInitializer(node)) return;
      const callee = node.getExpression();
      const at = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
      add("call", callLabel(node), at, node);
    }
  });
  return sites.sort((x, y) => x.at - y.at).map(({ at: _, ...site }) => site);
}

/** The declaration or parameter a destructured name belongs to. */
function bindingRoot(node: Node): Node {
  let current = node;
  while (Node.isBindingElement(current) || Node.isObjectBindingPattern(current) || Node.isArrayBindingPattern(current)) current = current.getParentOrThrow();
  return current;
}

/** Is `call` the whole initializer of a plain binding of the same type (shown on that binding)? */
function isBindingInitializer(call: Node): boolean {
  const parent = call.getParent();
  if (!Node.isVariableDeclaration(parent) || parent.getInitializer() !== call || !Node.isIdentifier(parent.getNameNode())) return false;
  return parent.getType().compilerType === call.getType().compilerType;
}

/** `relu(x)`, `.sub(0.5)`, or `dense(...)` when the arguments are long: what a call is called in a report. */
function callLabel(call: Node & { getExpression(): Node; getArguments(): Node[] }): string {
  const callee = call.getExpression();
  const name = Node.isPropertyAccessExpression(callee)
    ? `.${callee.getName()}`
    : callee.getText().replace(/\s+/g, " ");
  const args = call.getArguments().map((arg) => arg.getText().replace(/\s+/g, " ")).join(", ");
  const full = `${name}(${args})`;
  return full.length <= labelWidth ? full : `${name}(${args.length === 0 ? "" : "..."})`;
}

/** The aligned report: `file:line:col  name  shape dtype`, one line per site. */
export function formatSites(sites: readonly TensorSite[], cwd: string, color = false): string {
  const rows = sites.map((site) => ({
    at: `${shown(cwd, site.file)}:${site.line}:${site.column}`,
    name: site.name,
    shape: shapeText(site.tensor),
    dtype: dtypeLabel(site.tensor),
  }));
  const atWidth = Math.max(0, ...rows.map((row) => row.at.length));
  const nameWidth = Math.max(0, ...rows.map((row) => row.name.length));
  return rows
    .map((row) => {
      const at = paint(color, "dim", row.at.padEnd(atWidth));
      const name = paint(color, "bold", row.name.padEnd(nameWidth));
      return `${at}  ${name}  ${paint(color, "cyan", row.shape)} ${row.dtype}`.trimEnd();
    })
    .map((line) => `${line}\n`)
    .join("");
}

/** A site as `--json` prints it: literal sizes as numbers, other sizes as their type text, `dims: null` for an unknown rank. */
export function siteJson(site: TensorSite, cwd: string) {
  const { tensor } = site;
  return {
    file: shown(cwd, site.file),
    line: site.line,
    column: site.column,
    kind: site.kind,
    name: site.name,
    type: tensorTypeText(tensor),
    shape: shapeText(tensor),
    dims: tensor.dims === undefined ? null : tensor.dims.map((dim) => (dim.kind === "literal" ? dim.value : dim.text)),
    dtype: dtypeLabel(tensor),
  };
}

export const shapes: Command = {
  name: "shapes",
  usage: "shapecast shapes [--project tsconfig.json] [--json] <files...>",
  summary: "print the inferred shape and dtype of every tensor binding and call in files",
  help: [
    "options:",
    "  -p, --project <tsconfig>  the project the files belong to (default: ./tsconfig.json, if any)",
    "  --json                    one JSON object on stdout: every site with its shape, dims and dtype",
    "",
    "exit: 0 done, 2 bad input (a file that does not exist or does not parse)",
    "",
    "examples:",
    "  shapecast shapes src/model.ts",
    "  shapecast shapes -p tsconfig.node.json examples/06-mlp-forward.ts --json",
  ].join("\n"),
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { project: { type: "string", short: "p" }, json: { type: "boolean", default: false } },
      allowPositionals: true,
    });
    if (positionals.length === 0) throw new UsageError("name at least one file");
    const start = performance.now();
    const { files } = await loadProject(io.cwd, values.project, positionals);
    const shownProgress = progress(io, files.length);
    const sites: TensorSite[] = [];
    for (const [index, file] of files.entries()) {
      shownProgress.step(index, shown(io.cwd, file.getFilePath()));
      sites.push(...tensorSites(file));
    }
    shownProgress.done();
    if (values.json) io.out(`${JSON.stringify({ tensors: sites.map((site) => siteJson(site, io.cwd)) }, null, 2)}\n`);
    else io.out(formatSites(sites, io.cwd, io.colorOut));
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
    io.err(`${count(sites.length, "tensor")} in ${count(files.length, "file")} (${elapsed(start)})\n`);
    return EXIT.ok;
  },
};
