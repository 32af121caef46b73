/**
 * The names of a file under TensorFlow.js migration: the bindings its tfjs
 * imports make (the namespace `tf` or named exports, aliases included), whose
 * references the migration converts or counts as remaining, and the names the
 * file declares itself, which a shapecast import must not shadow.
 */
import { type Identifier, type ImportDeclaration, Node, type SourceFile, type VariableStatement } from "ts-morph";
import { tfjsModule } from "./ops.js";

/** A binding a tfjs import or require makes: the namespace (`tf`) or one named export. */
export interface Binding {
  /** The import declaration, or the `const ... = require(...)` statement. */
  readonly declaration: ImportDeclaration | VariableStatement;
  readonly local: string;
  /** The export's name, or undefined for the namespace. */
  readonly imported: string | undefined;
  readonly symbol: unknown;
  /** Positions of references not converted (yet). */
  readonly remaining: Set<number>;
}

/** The bindings of `tfjsImports`; a default import or a side-effect import is reported. */
export function importBindings(tfjsImports: readonly ImportDeclaration[], report: (node: Node, reason: string) => void): Binding[] {
  const bindings: Binding[] = [];
  for (const decl of tfjsImports) {
    const ns = decl.getNamespaceImport();
    if (ns) bindings.push({ declaration: decl, local: ns.getText(), imported: undefined, symbol: ns.getSymbol()?.compilerSymbol, remaining: new Set() });
    for (const spec of decl.getNamedImports()) {
      const local = spec.getAliasNode() ?? spec.getNameNode();
      bindings.push({ declaration: decl, local: local.getText(), imported: spec.getName(), symbol: (local as Identifier).getSymbol()?.compilerSymbol, remaining: new Set() });
    }
    const def = decl.getDefaultImport();
    if (def) report(decl, "import: TensorFlow.js has no default export; import it as `import * as tf` and run the codemod again");
    if (!ns && !def && decl.getNamedImports().length === 0) {
      report(decl, "import: a side-effect import of TensorFlow.js (a backend); remove it by hand once nothing needs TensorFlow.js");
    }
  }
  return bindings;
}

/**
 * The CommonJS loads of TensorFlow.js at the top of a file:
 * `const tf = require("@tensorflow/tfjs")` or `const { add, mul: times } = require(...)`.
 */
export function tfjsRequires(file: SourceFile): VariableStatement[] {
  return file.getVariableStatements().filter((statement) => {
    const declarations = statement.getDeclarations();
    if (declarations.length !== 1) return false;
    const init = declarations[0]!.getInitializer();
    if (!Node.isCallExpression(init) || init.getExpression().getText() !== "require") return false;
    const [arg] = init.getArguments();
    return arg !== undefined && Node.isStringLiteral(arg) && tfjsModule.test(arg.getLiteralValue());
  });
}

/** The bindings of `tfjsRequires`' statements; a pattern other than a name or `{ a, b: c }` is reported. */
export function requireBindings(requires: readonly VariableStatement[], report: (node: Node, reason: string) => void): Binding[] {
  const bindings: Binding[] = [];
  for (const statement of requires) {
    const name = statement.getDeclarations()[0]!.getNameNode();
    if (Node.isIdentifier(name)) {
      bindings.push({ declaration: statement, local: name.getText(), imported: undefined, symbol: name.getSymbol()?.compilerSymbol, remaining: new Set() });
      continue;
    }
    if (Node.isObjectBindingPattern(name) && name.getElements().every((e) => Node.isIdentifier(e.getNameNode()) && e.getDotDotDotToken() === undefined && e.getInitializer() === undefined)) {
      for (const element of name.getElements()) {
        const local = element.getNameNode() as Identifier;
        bindings.push({ declaration: statement, local: local.getText(), imported: element.getPropertyNameNode()?.getText() ?? local.getText(), symbol: local.getSymbol()?.compilerSymbol, remaining: new Set() });
      }
      continue;
    }
    report(statement, "require: only `const tf = require(...)` and `const { a, b: c } = require(...)` are read; write the require so, then run again");
  }
  return bindings;
}

/** Names the file declares anywhere (but the tfjs imports' and requires' own), which a shapecast import must not shadow. */
export function declaredNames(file: SourceFile, tfjsImports: readonly ImportDeclaration[], requires: readonly VariableStatement[] = []): Set<string> {
  const names = new Set<string>();
  file.forEachDescendant((node, traversal) => {
    if (Node.isVariableStatement(node) && requires.includes(node)) {
      traversal.skip();
      return;
    }
    if (Node.isImportDeclaration(node)) {
      if (tfjsImports.includes(node)) return;
      const shapecast = node.getModuleSpecifierValue() === "shapecast";
      node.getDefaultImport() && names.add(node.getDefaultImport()!.getText());
      const ns = node.getNamespaceImport();
      if (ns) names.add(ns.getText());
      for (const spec of node.getNamedImports()) {
        // shapecast's own names are reused, not shadowed (see Migration.localName)
        if (!shapecast || spec.getAliasNode() !== undefined) names.add(spec.getAliasNode()?.getText() ?? spec.getName());
      }
      return;
    }
    if (Node.isBindingElement(node) || Node.isVariableDeclaration(node) || Node.isParameterDeclaration(node)) {
      const name = node.getNameNode();
      if (Node.isIdentifier(name)) names.add(name.getText());
    } else if (
      Node.isFunctionDeclaration(node) || Node.isClassDeclaration(node) || Node.isInterfaceDeclaration(node) ||
      Node.isTypeAliasDeclaration(node) || Node.isEnumDeclaration(node) || Node.isFunctionExpression(node) || Node.isClassExpression(node)
    ) {
      const name = node.getNameNode();
      if (name !== undefined) names.add(name.getText());
    } else if (Node.isTypeParameterDeclaration(node)) {
      names.add(node.getName());
    }
  });
  return names;
}
