/**
 * Writes src/ops/method-types.ts: the type of every `Tensor` method of the op
 * catalog (src/ops/catalog.ts) that is not an element-wise one, made from the
 * op's own declared type, so `x.sum(-1)` has exactly the type of
 * `sum(x, -1)`: each call signature of the op again, its first parameter
 * (the tensor) turned into `this`. `npm run build:methods`;
 * test/catalog.test.ts fails while the committed file differs from what this
 * script makes.
 *
 * An op declared with an interface or alias (`as ReduceOp<"sum", "sum">`, or
 * `const sum: ReduceOp<...>`) gets a generic method type of the same
 * parameters (`ReduceOpMethod<Op, Rule>`), written once; an op declared as a
 * function (overloads, or an arrow with its types) gets its own. Every name
 * the signatures use is imported from the module that declares it.
 */
import { writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { catalog, generatedMethods } from "../src/ops/catalog.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const target = join(root, "src", "ops", "method-types.ts");

type Signature = ts.SignatureDeclarationBase;

const fail = (message: string): never => {
  throw new Error(`method-types: ${message}`);
};

/** The text of `node` as written, comments before it left out. */
const text = (node: ts.Node): string => node.getText();

/** The leading JSDoc comment of a declaration, as written. */
function docOf(node: ts.Node): string {
  const source = node.getSourceFile().text;
  const ranges = ts.getLeadingCommentRanges(source, node.getFullStart()) ?? [];
  const doc = ranges.filter((r) => source.startsWith("/**", r.pos)).pop();
  return doc === undefined ? "" : source.slice(doc.pos, doc.end);
}

/** Re-indents a block of text written at `from` columns to start at `indent`. */
function reindent(block: string, indent: string): string {
  const lines = block.split("\n");
  const first = lines[0]!;
  const rest = lines.slice(1);
  const common = Math.min(...rest.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length), Infinity);
  const cut = Number.isFinite(common) ? common : 0;
  return [indent + first.trimStart(), ...rest.map((l) => (l.trim() === "" ? "" : indent + l.slice(cut)))].join("\n");
}

/**
 * One call signature as a method: `<T...>(this: X, rest...): R`. The first
 * parameter's name must not be used elsewhere in the signature (a type guard
 * on it becomes one on `this`).
 */
function asMethod(signature: Signature, indent: string): string {
  const [first, ...rest] = signature.parameters;
  if (first === undefined || first.type === undefined) fail(`a signature without a typed first parameter: ${text(signature)}`);
  const name = first!.name.getText();
  const typeParameters = signature.typeParameters ? `<${signature.typeParameters.map(text).join(", ")}>` : "";
  let result = signature.type ? text(signature.type) : fail(`a signature without a result type: ${text(signature)}`);
  if (ts.isTypePredicateNode(signature.type!) && signature.type!.parameterName.getText() === name) {
    result = result.replace(new RegExp(`^(asserts\\s+)?${name}\\b`), (_m, asserts: string | undefined) => `${asserts ?? ""}this`);
  }
  const parameters = [`this: ${text(first!.type!)}`, ...rest.map(text)];
  const oneLine = `${typeParameters}(${parameters.join(", ")}): ${result};`;
  if (oneLine.length + indent.length <= 140 && !oneLine.includes("\n")) return indent + oneLine;
  // (a trailing comma after every parameter but a rest parameter, where it is a syntax error)
  const lines = parameters.map((p) => `${reindent(p, indent + "  ")}${p.startsWith("...") ? "" : ","}`);
  return `${indent}${typeParameters}(\n${lines.join("\n")}\n${indent}): ${reindent(result, indent).trimStart()};`;
}

/** The names a piece of syntax refers to, by the module that declares each. */
class Imports {
  readonly byName = new Map<string, { file: string; symbol: ts.Symbol }>();
  constructor(private readonly checker: ts.TypeChecker) {}

  /** Records the declared names `node` uses (type parameters aside). */
  collect(node: ts.Node): void {
    const visit = (n: ts.Node): void => {
      if (ts.isTypeReferenceNode(n) || ts.isExpressionWithTypeArguments(n)) {
        const name = ts.isTypeReferenceNode(n) ? n.typeName : n.expression;
        if (!ts.isIdentifier(name)) fail(`a qualified name in a signature: ${name.getText()}`);
        this.add(name as ts.Identifier);
      }
      if (ts.isTypeQueryNode(n)) fail(`a typeof query in a signature: ${n.getText()}`);
      ts.forEachChild(n, visit);
    };
    visit(node);
  }

  private add(identifier: ts.Identifier): void {
    let symbol = this.checker.getSymbolAtLocation(identifier);
    if (symbol === undefined) return; // a global (Record, NoInfer, ...)
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol.declarations?.[0];
    if (declaration === undefined || ts.isTypeParameterDeclaration(declaration)) return;
    const file = declaration.getSourceFile().fileName;
    if (file.includes("/node_modules/")) return; // the standard library's types
    const name = symbol.getName();
    const known = this.byName.get(name);
    if (known !== undefined && known.symbol !== symbol) fail(`two types named ${name} (${known.file}, ${file})`);
    const exported = ts.getCombinedModifierFlags(declaration as ts.Declaration) & ts.ModifierFlags.Export;
    if (!exported) fail(`${name} is used by an op's signature but not exported from ${relative(root, file)}`);
    this.byName.set(name, { file, symbol });
  }

  /** The import lines, by module. */
  lines(from: string): string[] {
    const byFile = new Map<string, string[]>();
    for (const [name, { file }] of this.byName) {
      let path = relative(dirname(from), file).replace(/\.ts$/, ".js");
      if (!path.startsWith(".")) path = `./${path}`;
      byFile.set(path, [...(byFile.get(path) ?? []), name]);
    }
    return [...byFile]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, names]) => `import type { ${names.sort().join(", ")} } from "${path}";`);
  }
}

/** The call signatures of an interface or of an alias of a function type or type literal. */
function signaturesOf(declaration: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): Signature[] {
  if (ts.isInterfaceDeclaration(declaration)) {
    if (declaration.members.some((m) => !ts.isCallSignatureDeclaration(m))) fail(`${declaration.name.text} has members other than call signatures`);
    return declaration.members as unknown as Signature[];
  }
  const type = declaration.type;
  if (ts.isFunctionTypeNode(type)) return [type];
  if (ts.isTypeLiteralNode(type) && type.members.every(ts.isCallSignatureDeclaration)) return [...type.members];
  return fail(`${declaration.name.text} is not a function type`);
}

/** Makes the text of src/ops/method-types.ts. */
export function generate(): string {
  const program = ts.createProgram([join(root, "src", "index.ts")], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(root, "src", "index.ts")) ?? fail("src/index.ts not found");
  const exports = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(index)!).map((s) => [s.getName(), s]));
  const imports = new Imports(checker);
  const shared = new Map<string, string>(); // generic method types, by name
  const members: string[] = [];
  const own: string[] = [];

  for (const op of generatedMethods) {
    let symbol = exports.get(op) ?? fail(`${op} is not exported from src/index.ts`);
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declarations = symbol.declarations ?? [];
    const first = declarations[0] ?? fail(`${op} has no declaration`);
    const doc = docOf(ts.isVariableDeclaration(first) ? first.parent.parent : first);
    let memberType: string;
    if (ts.isFunctionDeclaration(first)) {
      const overloads = (declarations as ts.FunctionDeclaration[]).filter((d) => d.body === undefined);
      const signatures = overloads.length > 0 ? overloads : (declarations as ts.FunctionDeclaration[]);
      signatures.forEach((s) => imports.collect(s));
      memberType = `${op[0]!.toUpperCase()}${op.slice(1)}Method`;
      own.push(`/** \`${op}\` as a method of Tensor. */\nexport interface ${memberType} {\n${signatures.map((s) => asMethod(s, "  ")).join("\n")}\n}`);
    } else if (ts.isVariableDeclaration(first)) {
      // (an op recorded as it is defined, `defineOp("name", <function>)`: the function's own signature)
      const written = first.initializer;
      const init = written && ts.isCallExpression(written) && written.expression.getText() === "defineOp" ? written.arguments[1] : written;
      const typeNode = first.type ?? (init && ts.isAsExpression(init) ? init.type : undefined);
      if (typeNode !== undefined) {
        if (!ts.isTypeReferenceNode(typeNode) || !ts.isIdentifier(typeNode.typeName)) fail(`${op}'s type is not a named type: ${text(typeNode)}`);
        const reference = typeNode as ts.TypeReferenceNode;
        imports.collect(reference);
        imports.byName.delete((reference.typeName as ts.Identifier).text); // the op's type itself: its method twin is written here
        let target = checker.getSymbolAtLocation(reference.typeName)!;
        if (target.flags & ts.SymbolFlags.Alias) target = checker.getAliasedSymbol(target);
        const declaration = target.declarations?.[0];
        if (declaration === undefined || !(ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration))) {
          return fail(`${op}'s type ${reference.typeName.getText()} is not an interface or type alias`);
        }
        const name = `${declaration.name.text}Method`;
        if (!shared.has(name)) {
          const signatures = signaturesOf(declaration);
          signatures.forEach((s) => imports.collect(s));
          declaration.typeParameters?.forEach((p) => imports.collect(p));
          const parameters = declaration.typeParameters ? `<${declaration.typeParameters.map(text).join(", ")}>` : "";
          shared.set(
            name,
            `/** \`${declaration.name.text}\` as a method of Tensor: the same signatures, the tensor as \`this\`. */\nexport interface ${name}${parameters} {\n${signatures.map((s) => asMethod(s, "  ")).join("\n")}\n}`,
          );
        }
        memberType = `${name}${reference.typeArguments ? `<${reference.typeArguments.map(text).join(", ")}>` : ""}`;
      } else if (init !== undefined && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
        const signature: Signature = init;
        [...(init.typeParameters ?? []), ...init.parameters, ...(init.type ? [init.type] : [])].forEach((n) => imports.collect(n));
        memberType = `${op[0]!.toUpperCase()}${op.slice(1)}Method`;
        own.push(`/** \`${op}\` as a method of Tensor. */\nexport interface ${memberType} {\n${asMethod(signature, "  ")}\n}`);
      } else {
        return fail(`${op} is declared without a type this script can read (annotate it, or cast it with \`as\`)`);
      }
    } else {
      return fail(`${op} is declared as a ${ts.SyntaxKind[first.kind]}`);
    }
    members.push(`${doc === "" ? "" : `${reindent(doc, "  ")}\n`}  ${op}: ${memberType};`);
  }

  return [
    "// Made by scripts/method-types.ts (`npm run build:methods`) from the op catalog and each op's declared",
    "// type: do not edit. test/catalog.test.ts fails while this file is not what the script makes.",
    "/**",
    " * The types of the `Tensor` methods that are not element-wise (`x.sum(-1)`, `x.reshape([...])`,",
    " * `x.matmul(w)`, ...): each op's own call signatures with the tensor as `this`, so a method and its",
    " * function take the same arguments and give the same types.",
    " */",
    ...imports.lines(target),
    "",
    ...[...shared.values(), ...own].flatMap((block) => [block, ""]),
    "/** Every generated method, by name; src/tensor.ts declares each. */",
    "export interface GeneratedMethods {",
    ...members,
    "}",
    "",
  ].join("\n");
}

/** src/ops/method-names.ts: every method's name, from the catalog, for src/ops/methods.ts to install. */
export const namesTarget = join(root, "src", "ops", "method-names.ts");

/** The text of src/ops/method-names.ts: one string, so a bundle carries the names and not the catalog. */
export function generateNames(): string {
  const names = Object.entries(catalog).filter(([, entry]) => "method" in entry).map(([name]) => name);
  return [
    "// Made by scripts/method-types.ts (`npm run build:methods`) from the op catalog: do not edit.",
    "// test/ops/method-types-source.test.ts fails while this file is not what the script makes.",
    "/** Every `Tensor` method's name, in catalog order, space-separated (src/ops/methods.ts installs them). */",
    `export const METHOD_NAMES = ${JSON.stringify(names.join(" "))};`,
    "",
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(target, generate());
  console.log(`wrote ${relative(root, target)} (${generatedMethods.length} methods)`);
  writeFileSync(namesTarget, generateNames());
  console.log(`wrote ${relative(root, namesTarget)}`);
}
