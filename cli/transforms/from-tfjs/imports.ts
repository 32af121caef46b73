/**
 * The imports of a file under TensorFlow.js migration: the shapecast names it
 * imports already, and the rewrite made last, once the conversions are known:
 * the names used join the file's shapecast import (or a new one, in the tfjs
 * import's place), and a tfjs import or one of its names goes once nothing
 * refers to it. A CommonJS file (TensorFlow.js loaded with `require`, no
 * tfjs import) gets `const { ... } = require("shapecast")` the same way.
 */
import { type ImportDeclaration, Node, type SourceFile } from "ts-morph";
import type { Migration } from "./migration.js";

/** shapecast's names the file imports as values: each export's name to its local name. */
export function shapecastNames(file: SourceFile): Map<string, string> {
  const existing = new Map<string, string>();
  for (const decl of file.getImportDeclarations()) {
    if (decl.getModuleSpecifierValue() !== "shapecast" || decl.isTypeOnly()) continue;
    for (const spec of decl.getNamedImports()) if (!spec.isTypeOnly()) existing.set(spec.getName(), spec.getAliasNode()?.getText() ?? spec.getName());
  }
  return existing;
}

/** The import changes: tfjs imports (or their names) that nothing uses go, shapecast's names come in. */
export function importEdits(file: SourceFile, analysis: Migration, tfjsImports: readonly ImportDeclaration[]): void {
  const { edits, used, bindings } = analysis;
  const source = file.getFullText();
  const lineEnd = (pos: number): number => {
    const match = /^[ \t]*\r?\n/.exec(source.slice(pos));
    return pos + (match?.[0].length ?? 0);
  };
  const template = tfjsImports[0];
  const quote = template?.getModuleSpecifier().getText()[0] ?? '"';
  const semicolon = template === undefined || template.getText().trimEnd().endsWith(";") ? ";" : "";

  // shapecast's names, into an existing named import when there is one
  const wanted = [...used.entries()].map(([name, local]) => (name === local ? name : `${name} as ${local}`));
  let place: { start: number; end: number } | undefined;
  let importText: string | undefined;
  const target = file.getImportDeclarations().find((decl) => decl.getModuleSpecifierValue() === "shapecast" && !decl.isTypeOnly() && decl.getNamespaceImport() === undefined && decl.getNamedImports().length > 0);
  if (target !== undefined) {
    const have = target.getNamedImports().map((spec) => spec.getText());
    const names = new Set(target.getNamedImports().map((spec) => spec.getName()));
    const missing = wanted.filter((text) => !names.has(text.split(" ")[0]!));
    if (missing.length > 0) {
      const named = target.getImportClauseOrThrow().getNamedBindingsOrThrow();
      edits.add(named.getStart(), named.getEnd(), `{ ${[...have, ...missing].sort(byName).join(", ")} }`);
    }
  } else if (wanted.length > 0) {
    importText = `import { ${wanted.sort(byName).join(", ")} } from ${quote}shapecast${quote}${semicolon}`;
  }
  const { requires } = analysis;
  if (tfjsImports.length === 0 && requires.length > 0) {
    requireEdits(analysis, importText === undefined ? undefined : [...used.entries()].map(([name, local]) => (name === local ? name : `${name}: ${local}`)).sort(byName), lineEnd);
    return;
  }

  for (const decl of tfjsImports) {
    const mine = bindings.filter((b) => b.declaration === decl);
    const namespace = mine.find((b) => b.imported === undefined);
    const keepDecl = decl.getDefaultImport() !== undefined || (namespace !== undefined && namespace.remaining.size > 0) || mine.length === 0;
    const keptNames = decl.getNamedImports().filter((spec) => {
      const binding = mine.find((b) => b.imported === spec.getName() && b.local === (spec.getAliasNode()?.getText() ?? spec.getName()));
      return binding !== undefined && binding.remaining.size > 0;
    });
    if (!keepDecl && keptNames.length === 0) {
      if (importText !== undefined && place === undefined) {
        place = { start: decl.getStart(), end: decl.getEnd() };
        edits.add(place.start, place.end, importText);
      } else {
        edits.add(decl.getStart(), lineEnd(decl.getEnd()), "");
      }
      continue;
    }
    if (keptNames.length < decl.getNamedImports().length) {
      const named = decl.getImportClauseOrThrow().getNamedBindingsOrThrow();
      if (keptNames.length > 0) edits.add(named.getStart(), named.getEnd(), `{ ${keptNames.map((spec) => spec.getText()).join(", ")} }`);
      else {
        // `import tf, { add } from ...` keeps its default import only
        const clause = decl.getImportClauseOrThrow();
        const def = clause.getDefaultImport();
        if (def !== undefined) edits.add(def.getEnd(), named.getEnd(), "");
        else if (namespace !== undefined) edits.add(named.getStart(), named.getEnd(), `* as ${namespace.local}`);
      }
    }
  }
  if (importText !== undefined && place === undefined) {
    const last = tfjsImports.at(-1) ?? file.getImportDeclarations().at(-1);
    if (last !== undefined) edits.add(last.getEnd(), last.getEnd(), `\n${importText}`);
    else {
      const first = file.getStatements()[0];
      const at = first?.getStart() ?? 0;
      edits.add(at, at, `${importText}\n${first === undefined ? "" : "\n"}`);
    }
  }
}

const byName = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/** The requires of a CommonJS file: unused tfjs requires (or names) go, and shapecast's names are required in the first one's place. */
function requireEdits(analysis: Migration, wanted: readonly string[] | undefined, lineEnd: (pos: number) => number): void {
  const { edits, bindings, requires } = analysis;
  const template = requires[0]!;
  const call = template.getDeclarations()[0]!.getInitializerOrThrow();
  const quote = Node.isCallExpression(call) ? (call.getArguments()[0]?.getText()[0] ?? '"') : '"';
  const semicolon = template.getText().trimEnd().endsWith(";") ? ";" : "";
  const keyword = template.getDeclarationKind();
  const requireText = wanted === undefined || wanted.length === 0 ? undefined : `${keyword} { ${wanted.join(", ")} } = require(${quote}shapecast${quote})${semicolon}`;
  let placed = false;
  for (const statement of requires) {
    const mine = bindings.filter((b) => b.declaration === statement);
    const name = statement.getDeclarations()[0]!.getNameNode();
    const kept = mine.filter((b) => b.remaining.size > 0);
    if (kept.length === 0 && mine.length > 0) {
      if (requireText !== undefined && !placed) {
        edits.add(statement.getStart(), statement.getEnd(), requireText);
        placed = true;
      } else {
        edits.add(statement.getStart(), lineEnd(statement.getEnd()), "");
      }
      continue;
    }
    if (Node.isObjectBindingPattern(name) && kept.length < mine.length) {
      edits.add(name.getStart(), name.getEnd(), `{ ${kept.map((b) => (b.imported === b.local ? b.local : `${b.imported}: ${b.local}`)).join(", ")} }`);
    }
  }
  if (requireText !== undefined && !placed) {
    const last = requires.at(-1)!;
    edits.add(last.getEnd(), last.getEnd(), `\n${requireText}`);
  }
}
