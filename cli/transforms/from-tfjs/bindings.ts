/**
 * The names of a file under TensorFlow.js migration: the bindings its tfjs
 * imports make (the namespace `tf` or named exports, aliases included), whose
 * references the migration converts or counts as remaining, and the names the
 * file declares itself, which a shapecast import must not shadow.
 */
import { type Identifier, type ImportDeclaration, Node, type SourceFile } from "ts-morph";
import { type Skipped, skippedAt } from "../transform.js";

/** A binding a tfjs import makes: the namespace (`tf`) or one named export. */
export interface Binding {
  readonly declaration: ImportDeclaration;
  readonly local: string;
  /** The export's name, or undefined for the namespace. */
  readonly imported: string | undefined;
  readonly symbol: unknown;
  /** Positions of references not converted (yet). */
  readonly remaining: Set<number>;
}

/** The bindings of `tfjsImports`; a default import or a side-effect import is reported in `skipped`. */
export function importBindings(tfjsImports: readonly ImportDeclaration[], skipped: Skipped[]): Binding[] {
  const bindings: Binding[] = [];
  for (const decl of tfjsImports) {
    const ns = decl.getNamespaceImport();
    if (ns) bindings.push({ declaration: decl, local: ns.getText(), imported: undefined, symbol: ns.getSymbol()?.compilerSymbol, remaining: new Set() });
    for (const spec of decl.getNamedImports()) {
      const local = spec.getAliasNode() ?? spec.getNameNode();
      bindings.push({ declaration: decl, local: local.getText(), imported: spec.getName(), symbol: (local as Identifier).getSymbol()?.compilerSymbol, remaining: new Set() });
    }
    const def = decl.getDefaultImport();
    if (def) skipped.push(skippedAt(decl, "import: TensorFlow.js has no default export; import it as `import * as tf` and run the codemod again"));
    if (!ns && !def && decl.getNamedImports().length === 0) {
      skipped.push(skippedAt(decl, "import: a side-effect import of TensorFlow.js (a backend); remove it by hand once nothing needs TensorFlow.js"));
    }
  }
  return bindings;
}

/** Names the file declares anywhere (but the tfjs imports' own), which a shapecast import must not shadow. */
export function declaredNames(file: SourceFile, tfjsImports: readonly ImportDeclaration[]): Set<string> {
  const names = new Set<string>();
  file.forEachDescendant((node) => {
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
