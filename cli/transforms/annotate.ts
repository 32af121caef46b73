/**
 * The `annotate` codemod: writes out the tensor types the compiler infers,
 * so they read in review and hold as contracts. It adds
 * `Tensor<[...], "dtype">` as the return type of exported functions that
 * have none, and as the type of `const` bindings that have none, where the
 * whole type can be written in that place: literal sizes, `number`,
 * `Dim<"name">` (when `Dim` can be imported), and type parameters that are in
 * scope there. `type Tensor` (and `type Dim`) join the file's `shapecast`
 * import, or a new `import type { Tensor } from "shapecast"` is added.
 * Places it cannot annotate (a size the compiler does not know, a union of
 * tensors, a destructured binding, ...) are reported as skipped. Run on its
 * own output it changes nothing: annotated places are no longer candidates.
 */
import {
  type ArrowFunction,
  type FunctionDeclaration,
  type FunctionExpression,
  type ImportDeclaration,
  Node,
  type SourceFile,
  type Symbol as MorphSymbol,
  type Type,
  ts,
  VariableDeclarationKind,
  type VariableDeclaration,
} from "ts-morph";
import { isTensorType, readTensorType, tensorTypeText, type TensorType, unwritable } from "../tensor-type.js";
import { type Skipped, skippedAt, type Transform } from "./transform.js";

/** The module users import shapecast from. */
const moduleName = "shapecast";

type FunctionLike = FunctionDeclaration | ArrowFunction | FunctionExpression;

/** A place to annotate: a function's return type or a const's type. */
type Target = (
  | { readonly kind: "return"; readonly node: FunctionLike }
  | { readonly kind: "const"; readonly node: VariableDeclaration }
) & {
  /** What a skip report points at (the function's name, the const's name). */
  readonly at: Node;
  readonly tensor: TensorType;
};

/** How `Tensor` and `Dim` are spelled in a file, and whether they must be imported first. */
interface Spelling {
  readonly text: string;
  /** Undefined when the file already has the name; else the imported name to add. */
  readonly importName: string | undefined;
}

export const annotate: Transform = {
  name: "annotate",
  description: "add explicit Tensor<[...], dtype> annotations to exported functions' return types and to const bindings whose tensor type is inferred",
  plan(file, context) {
    const skipped: Skipped[] = [];
    const targets = findTargets(file, skipped);
    const byPosition = (x: Skipped, y: Skipped) => x.line - y.line || x.column - y.column;
    if (targets.length === 0) return { skipped: skipped.sort(byPosition), apply: () => undefined };

    const checker = context.project.getTypeChecker().compilerObject;
    const tensorName = spelling(file, "Tensor", (symbol) => isTensorClass(symbol));
    const dimName = spelling(file, "Dim", (symbol) => isDimAlias(symbol));
    const canImport = resolves(file);

    const edits: { readonly target: Target; readonly text: string }[] = [];
    const imports = new Set<string>();
    for (const target of targets) {
      const reason = whyNot(target, checker, { tensor: tensorName, dim: dimName, canImport });
      if (reason !== undefined) {
        skipped.push(skippedAt(target.at, reason));
        continue;
      }
      const usesDim = target.tensor.dims?.some((dim) => dim.kind === "dim" || (dim.kind === "rest" && dim.of.kind === "dim")) === true;
      if (tensorName?.importName !== undefined) imports.add(tensorName.importName);
      if (usesDim && dimName?.importName !== undefined) imports.add(dimName.importName);
      edits.push({ target, text: tensorTypeText(target.tensor, { tensor: tensorName?.text, dim: dimName?.text }) });
    }

    return {
      skipped: skipped.sort(byPosition),
      apply() {
        // last first, so earlier positions hold while text is inserted
        for (const { target, text } of [...edits].sort((x, y) => y.target.node.getStart() - x.target.node.getStart())) {
          if (target.kind === "const") target.node.setType(text);
          else target.node.setReturnType(text);
        }
        if (imports.size > 0) addImports(file, [...imports].sort());
      },
    };
  },
};

/** Exported functions without a return type, and consts without a type, whose type is a tensor. */
function findTargets(file: SourceFile, skipped: Skipped[]): Target[] {
  const targets: Target[] = [];
  const seen = new Set<Node>();
  for (const declarations of file.getExportedDeclarations().values()) {
    for (const declaration of declarations) {
      if (declaration.getSourceFile() !== file) continue;
      const fn = Node.isFunctionDeclaration(declaration)
        ? declaration
        : Node.isVariableDeclaration(declaration) ? functionInitializer(declaration) : undefined;
      if (fn === undefined || seen.has(fn) || fn.getReturnTypeNode() !== undefined) continue;
      // `export const f: (x: ...) => ... = (x) => ...` already has its type written
      if (Node.isVariableDeclaration(declaration) && declaration.getTypeNode() !== undefined) continue;
      if (Node.isFunctionDeclaration(fn) && (!fn.hasBody() || fn.getOverloads().length > 0)) continue;
      seen.add(fn);
      const at = Node.isFunctionDeclaration(fn) ? (fn.getNameNode() ?? fn) : (declaration as VariableDeclaration).getNameNode();
      const tensor = tensorOrSkip(fn.getReturnType(), at, "its return type", skipped);
      if (tensor === undefined) continue;
      if (Node.isArrowFunction(fn) && fn.getFirstChildByKind(ts.SyntaxKind.OpenParenToken) === undefined) {
        skipped.push(skippedAt(at, "bare arrow parameter: write `(x) => ...` to give the arrow function a return type"));
      } else {
        targets.push({ kind: "return", node: fn, at, tensor });
      }
    }
  }
  for (const declaration of file.getDescendantsOfKind(ts.SyntaxKind.VariableDeclaration)) {
    const list = declaration.getParent();
    if (!Node.isVariableDeclarationList(list) || list.getDeclarationKind() !== VariableDeclarationKind.Const) continue;
    // `for (const x of xs)` cannot carry a type annotation
    if (!Node.isVariableStatement(list.getParent())) continue;
    if (declaration.getTypeNode() !== undefined || declaration.getInitializer() === undefined) continue;
    const name = declaration.getNameNode();
    if (!Node.isIdentifier(name)) {
      const tensors = name.getDescendantsOfKind(ts.SyntaxKind.Identifier).filter((id) => isTensorType(id.getType()));
      if (tensors.length > 0) skipped.push(skippedAt(name, "destructured binding: annotate its names by hand"));
      continue;
    }
    const tensor = tensorOrSkip(declaration.getType(), name, "its type", skipped);
    if (tensor !== undefined) targets.push({ kind: "const", node: declaration, at: name, tensor });
  }
  return targets.sort((x, y) => x.at.getStart() - y.at.getStart());
}

/** `export const f = (x) => ...` / `function (x) {...}`: the function, if that is the initializer. */
function functionInitializer(declaration: VariableDeclaration): ArrowFunction | FunctionExpression | undefined {
  let initializer = declaration.getInitializer();
  while (Node.isParenthesizedExpression(initializer) || Node.isAsExpression(initializer) || Node.isSatisfiesExpression(initializer)) {
    if (!Node.isParenthesizedExpression(initializer)) return undefined; // a written type already says what it is
    initializer = initializer.getExpression();
  }
  return Node.isArrowFunction(initializer) || Node.isFunctionExpression(initializer) ? initializer : undefined;
}

/** The tensor `type` is; a skip entry when it is a union of tensors; undefined for anything else. */
function tensorOrSkip(type: Type, at: Node, what: string, skipped: Skipped[]): TensorType | undefined {
  const tensor = readTensorType(type);
  if (tensor !== undefined) return tensor;
  if (type.isUnion() && type.getUnionTypes().some((member) => isTensorType(member))) {
    const members = type.getUnionTypes().map((member) => {
      const read = readTensorType(member);
      return read === undefined ? member.getText(at, ts.TypeFormatFlags.NoTruncation) : tensorTypeText(read);
    });
    skipped.push(skippedAt(at, `union of tensor types: ${what} is ${members.join(" | ")}`));
  }
  return undefined;
}

/** Why `target` cannot be annotated where it is, or undefined when it can. */
function whyNot(
  target: Target,
  checker: ts.TypeChecker,
  names: { tensor: Spelling | undefined; dim: Spelling | undefined; canImport: boolean },
): string | undefined {
  const { tensor } = target;
  const cannot = unwritable(tensor);
  if (cannot !== undefined) return cannot;
  // a name written at the annotation resolves from inside the function (type parameters) or at the const
  const location = target.kind === "return" ? (target.node.getBody() ?? target.node) : target.node;
  if (names.tensor === undefined) return "name Tensor taken: this file's Tensor is not shapecast's";
  if (names.tensor.importName !== undefined && !names.canImport) return `"${moduleName}" does not resolve: Tensor cannot be imported in this file`;
  for (const dim of tensor.dims ?? []) {
    const inner = dim.kind === "rest" ? dim.of : dim;
    if (inner.kind === "dim") {
      if (names.dim === undefined) return `name Dim taken: ${inner.text} cannot be written in this file`;
      if (names.dim.importName !== undefined && !names.canImport) return `"${moduleName}" does not resolve: ${inner.text} cannot be written in this file`;
    }
    if (inner.kind === "parameter" && !inScope(checker, inner.name, inner.declaration, location)) {
      return `type parameter out of scope: ${inner.name}`;
    }
  }
  const shape = tensor.shapeParameter;
  if (shape !== undefined && !inScope(checker, shape.name, shape.declaration, location)) return `type parameter out of scope: ${shape.name} (the shape)`;
  if (tensor.dtype.kind === "parameter" && !inScope(checker, tensor.dtype.name, tensor.dtype.declaration, location)) {
    return `type parameter out of scope: ${tensor.dtype.name} (the dtype)`;
  }
  return undefined;
}

/** Does `name` at `location` name the type parameter declared at `declaration`? */
function inScope(checker: ts.TypeChecker, name: string, declaration: Node | undefined, location: Node): boolean {
  if (declaration === undefined) return false;
  const found = checker.resolveName(name, location.compilerNode, ts.SymbolFlags.Type, false);
  return found?.declarations?.includes(declaration.compilerNode as ts.Declaration) === true;
}

/**
 * How `name` (`Tensor` / `Dim`) is spelled in `file`: the local name of an
 * import that brings shapecast's one (`Tensor`, `T` for `Tensor as T`,
 * `sc.Tensor` for a namespace import of shapecast); else `name` to be
 * imported when the file does not use that name; else undefined (taken).
 */
function spelling(file: SourceFile, name: string, isIt: (symbol: MorphSymbol) => boolean): Spelling | undefined {
  for (const declaration of file.getImportDeclarations()) {
    for (const specifier of declaration.getNamedImports()) {
      const symbol = specifier.getNameNode().getSymbol();
      const target = symbol?.isAlias() === true ? symbol.getAliasedSymbol() : symbol;
      if (target !== undefined && isIt(target)) return { text: specifier.getAliasNode()?.getText() ?? specifier.getName(), importName: undefined };
    }
  }
  for (const declaration of file.getImportDeclarations()) {
    const namespace = declaration.getNamespaceImport();
    if (namespace !== undefined && declaration.getModuleSpecifierValue() === moduleName) return { text: `${namespace.getText()}.${name}`, importName: undefined };
  }
  if (file.getLocal(name) !== undefined) return undefined;
  return { text: name, importName: name };
}

/** Is `symbol` the library's Tensor class (it declares the `[exactShape]` member)? */
function isTensorClass(symbol: MorphSymbol): boolean {
  return symbol.getName() === "Tensor" && symbol.getDeclarations().some((declaration) => Node.isClassDeclaration(declaration) && isTensorType(declaration.getType()));
}

/** Is `symbol` the library's `Dim` (`number & { readonly [dimName]: Name }`)? */
function isDimAlias(symbol: MorphSymbol): boolean {
  return symbol.getName() === "Dim" && symbol.getDeclarations().some((declaration) => Node.isTypeAliasDeclaration(declaration) && /\[dimName\]/.test(declaration.getTypeNode()?.getText() ?? ""));
}

/** Does `import ... from "shapecast"` resolve from `file`? */
function resolves(file: SourceFile): boolean {
  const project = file.getProject();
  const options = project.getCompilerOptions();
  const host = project.getModuleResolutionHost();
  return ts.resolveModuleName(moduleName, file.getFilePath(), options, host).resolvedModule !== undefined;
}

/**
 * `type Tensor` (and `type Dim`) into the file's `import { ... } from
 * "shapecast"` (without `type` in an `import type`); or a new
 * `import type { ... } from "shapecast"` after the last import.
 */
function addImports(file: SourceFile, names: string[]): void {
  const existing: ImportDeclaration | undefined = file
    .getImportDeclarations()
    .find((declaration) => declaration.getModuleSpecifierValue() === moduleName && declaration.getImportClause() !== undefined && declaration.getNamespaceImport() === undefined);
  const named = existing?.getImportClause()?.getNamedBindings();
  if (existing !== undefined && Node.isNamedImports(named) && named.getElements().length > 0) {
    const added = names.map((name) => (existing.isTypeOnly() ? name : `type ${name}`));
    const last = named.getElements().at(-1)!;
    const comma = last.getNextSiblingIfKind(ts.SyntaxKind.CommaToken);
    if (named.getStartLineNumber() === named.getEndLineNumber()) {
      // `{ a, b }` -> `{ a, b, type Tensor }`
      file.insertText(last.getEnd(), added.map((name) => `, ${name}`).join(""));
    } else {
      // one name a line, in the list's indentation, keeping a trailing comma if it has one
      const indent = " ".repeat(last.getStartLinePos() === last.getStart() ? 0 : last.getStart() - last.getStartLinePos());
      const lines = added.map((name) => `\n${indent}${name}`);
      if (comma !== undefined) file.insertText(comma.getEnd(), lines.map((line) => `${line},`).join(""));
      else file.insertText(last.getEnd(), `,${lines.join(",")}`);
    }
    return;
  }
  if (existing !== undefined) {
    // `import sc from "shapecast"` or `import {} from "shapecast"`
    for (const name of names) existing.addNamedImport(existing.isTypeOnly() ? { name } : { name, isTypeOnly: true });
    return;
  }
  const statement = `import type { ${names.join(", ")} } from "${moduleName}";`;
  const last = file.getImportDeclarations().at(-1);
  if (last !== undefined) {
    file.insertText(last.getEnd(), `\n${statement}`);
    return;
  }
  // no imports: after the file's header comment (one followed by a blank line), else first
  const header = file.getStatements()[0]?.getLeadingCommentRanges()[0];
  if (header !== undefined && /^[ \t]*\r?\n[ \t]*\r?\n/.test(file.getFullText().slice(header.getEnd()))) {
    file.insertText(header.getEnd(), `\n\n${statement}`);
  } else {
    file.insertText(0, `${statement}\n\n`);
  }
}
