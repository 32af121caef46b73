/**
 * Which parts of a file stay with TensorFlow.js, so that a partial migration
 * never mixes the two libraries: a shapecast op given a TensorFlow.js tensor
 * (or the other way round) throws at run time, or computes with the wrong
 * library's rules.
 *
 * A file is cut into units, its top-level statements (a function, a class, a
 * variable statement, ...), and two units are linked when one refers to a
 * name the other declares: tensors can flow between them. A unit where
 * something is left (a call the migration cannot convert, a read-out, a
 * type) keeps TensorFlow.js, and so does every unit linked to it, directly
 * or through others. The statements that only export names
 * (`module.exports = { ... }`, `export { ... }`) are not units: they pass
 * no tensor from one function to another.
 */
import { Node, type SourceFile, SyntaxKind, type Statement, type VariableStatement } from "ts-morph";

/** A range of the file's original text. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** Does a statement only export names (no code of its own)? */
function onlyExports(statement: Statement): boolean {
  if (Node.isExportDeclaration(statement) || Node.isExportAssignment(statement)) return true;
  if (!Node.isExpressionStatement(statement)) return false;
  const expr = statement.getExpression();
  if (!Node.isBinaryExpression(expr) || expr.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return false;
  const target = expr.getLeft().getText().replace(/\s+/g, "");
  if (!/^(module\.exports|exports)(\.\w+)?$/.test(target)) return false;
  // names only: `= name` or `= { a, b: c }`, not code (`exports.f = (x) => ...`)
  const value = expr.getRight();
  if (Node.isIdentifier(value)) return true;
  return Node.isObjectLiteralExpression(value) && value.getProperties().every((p) => Node.isShorthandPropertyAssignment(p) || (Node.isPropertyAssignment(p) && Node.isIdentifier(p.getInitializer())));
}

/** The units of `file`: its top-level statements but its imports, its TensorFlow.js requires and its export lists. */
export function unitsOf(file: SourceFile, requires: readonly VariableStatement[]): Statement[] {
  return file.getStatements().filter((s) => !Node.isImportDeclaration(s) && !requires.includes(s as VariableStatement) && !onlyExports(s));
}

/**
 * The units that keep TensorFlow.js: those holding a place in `left`, and every
 * unit linked to one of them. Each maps to the first such place of its group,
 * which the report names as the reason.
 */
export function keptUnits(units: readonly Statement[], left: readonly Range[]): Map<Statement, Range> {
  if (left.length === 0) return new Map();
  const index = new Map<Node, number>(units.map((unit, i) => [unit, i]));
  const unitAt = (node: Node): number | undefined => {
    for (let at: Node | undefined = node; at !== undefined; at = at.getParent()) {
      const i = index.get(at);
      if (i !== undefined) return i;
    }
    return undefined;
  };
  // links: a name used in one unit and declared in another
  const links: Set<number>[] = units.map(() => new Set());
  units.forEach((unit, i) => {
    for (const id of unit.getDescendantsOfKind(SyntaxKind.Identifier)) {
      for (const decl of id.getSymbol()?.getDeclarations() ?? []) {
        if (decl.getSourceFile() !== unit.getSourceFile()) continue;
        const j = unitAt(decl);
        if (j !== undefined && j !== i) {
          links[i]!.add(j);
          links[j]!.add(i);
        }
      }
    }
  });
  const kept = new Map<Statement, Range>();
  const sorted = [...left].sort((x, y) => x.start - y.start);
  for (const place of sorted) {
    const seed = units.findIndex((unit) => place.start >= unit.getStart() && place.end <= unit.getEnd());
    if (seed === -1 || kept.has(units[seed]!)) continue;
    const queue = [seed];
    kept.set(units[seed]!, place);
    while (queue.length > 0) {
      for (const next of links[queue.pop()!]!) {
        if (kept.has(units[next]!)) continue;
        kept.set(units[next]!, place);
        queue.push(next);
      }
    }
  }
  return kept;
}
