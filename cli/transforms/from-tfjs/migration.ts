/**
 * The migration of one file from TensorFlow.js, the state every conversion
 * shares: the file, its tfjs bindings, the edits made, the places skipped, the
 * shapecast names used (and those the file declares, which they must not
 * shadow) and the tfjs references converted. `run` walks the file children
 * first, so an outer edit is built from the inner ones: it hands each tfjs
 * call to calls.ts and each method call to methods.ts, converts tfjs types,
 * and reports the other uses of the tfjs import.
 */
import { type Identifier, type ImportDeclaration, Node, type SourceFile, SyntaxKind, type TypeReferenceNode, type VariableStatement } from "ts-morph";
import { Edits } from "../edits.js";
import { type Skipped, skippedAt } from "../transform.js";
import { type Binding, importBindings, requireBindings } from "./bindings.js";
import { convertCall } from "./calls.js";
import { shapecastNames } from "./imports.js";
import { convertOptimizer, isOptimizerCreation } from "./training.js";
import { convertMethod } from "./methods.js";
import { binaryOps, creators, restructured, tensorTypes, unaryOps, unsupportedReason } from "./ops.js";
import type { Range } from "./units.js";

/** A place left alone: the report, and the range of the file it covers. */
export interface Place {
  readonly skip: Skipped;
  readonly range: Range;
}

/**
 * The units of the file that keep TensorFlow.js (units.ts), each with the
 * reason to report for its calls, and the places an earlier analysis left in
 * them, whose own reasons stand.
 */
export interface Kept {
  readonly units: ReadonlyMap<Node, string>;
  readonly earlier: readonly Place[];
}

export class Migration {
  /** The edits to make, over the file's text as it was. */
  readonly edits: Edits;
  /** The places left alone; in the order of the file once `run` is done. */
  readonly skipped: Skipped[] = [];
  /** The same places with their ranges. */
  readonly places: Place[] = [];
  /** The file's TensorFlow.js function calls (`tf.x(...)`, `tf.x.y(...)`, a named import's `x(...)`) and how many were converted. */
  readonly tally = { calls: 0, converted: 0 };
  /** The shapecast names written: each export's name to the local name it is imported as. */
  readonly used = new Map<string, string>();
  /** The bindings the tfjs imports make. */
  readonly bindings: Binding[];
  /** shapecast's names the file imports already: each export's name to its local name. */
  private readonly existing: ReadonlyMap<string, string>;
  private readonly byLocal: ReadonlyMap<string, Binding>;
  /** Positions of the tfjs references a conversion has taken away. */
  private readonly consumed = new Set<number>();
  private shapecastTensorDeclarations: Node[] | undefined;
  /** The names `freshName` gave. */
  private readonly fresh = new Set<string>();
  /** The reference of each TensorFlow.js call found: the namespace or the named import it is called through. */
  private readonly callRoots: Identifier[] = [];

  /** `declared`: the names a shapecast import must not shadow; `requires`: the file's CommonJS loads of TensorFlow.js. */
  constructor(
    readonly file: SourceFile,
    tfjsImports: readonly ImportDeclaration[],
    private readonly declared: ReadonlySet<string>,
    readonly requires: readonly VariableStatement[] = [],
    private readonly kept?: Kept,
  ) {
    this.edits = new Edits(file.getFullText());
    this.existing = shapecastNames(file);
    const report = (node: Node, reason: string): void => this.skip(node, reason);
    this.bindings = [...importBindings(tfjsImports, report), ...requireBindings(requires, report)];
    this.byLocal = new Map(this.bindings.map((b) => [b.local, b]));
  }

  /** Converts what it can, reports the rest, and counts each binding's remaining references. */
  run(): this {
    this.visit(this.file);
    // references left: those not consumed by a conversion
    for (const id of this.file.getDescendantsOfKind(SyntaxKind.Identifier)) {
      const binding = this.bindingOf(id);
      if (binding === undefined || this.consumed.has(id.getStart())) continue;
      const parent = id.getParent();
      if (Node.isImportSpecifier(parent) || Node.isNamespaceImport(parent)) continue;
      if (binding.declaration.getKindName() === "VariableStatement" && id.getStart() >= binding.declaration.getStart() && id.getEnd() <= binding.declaration.getEnd()) continue;
      binding.remaining.add(id.getStart());
    }
    // no reference is silently left: one no report covers gets its own
    for (const binding of this.bindings) {
      for (const position of binding.remaining) {
        if (this.places.some((p) => position >= p.range.start && position < p.range.end)) continue;
        if ([...(this.kept?.units.keys() ?? [])].some((unit) => position >= unit.getStart() && position < unit.getEnd())) continue;
        const id = this.file.getDescendantAtPos(position);
        const at = id?.getParentWhile((parent) => Node.isPropertyAccessExpression(parent) || Node.isQualifiedName(parent)) ?? id;
        if (at !== undefined) this.skip(at, `left: this use of ${binding.imported ?? binding.local} is not one the codemod converts; convert it by hand`);
      }
    }
    this.tally.calls = this.callRoots.length;
    this.tally.converted = this.callRoots.filter((id) => this.consumed.has(id.getStart())).length;
    // reports in the order of the file
    this.places.sort((x, y) => x.skip.line - y.skip.line || x.skip.column - y.skip.column);
    this.skipped.splice(0, this.skipped.length, ...this.places.map((p) => p.skip));
    return this;
  }

  /** Reports `node` as left alone, for `reason`. */
  skip(node: Node, reason: string): void {
    this.record({ skip: skippedAt(node, reason), range: { start: node.getStart(), end: node.getEnd() } });
  }

  private record(place: Place): void {
    this.places.push(place);
    this.skipped.push(place.skip);
  }

  /** The tfjs binding an identifier refers to, if any. */
  bindingOf(id: Node): Binding | undefined {
    if (!Node.isIdentifier(id)) return undefined;
    const binding = this.byLocal.get(id.getText());
    if (binding === undefined) return undefined;
    return id.getSymbol()?.compilerSymbol === binding.symbol ? binding : undefined;
  }

  /** The tfjs export an expression names: `tf.add` (namespace) or `add` (named import). */
  tfjsName(expr: Node): { name: string; id: Identifier } | undefined {
    if (Node.isPropertyAccessExpression(expr) || Node.isQualifiedName(expr)) {
      const left = Node.isPropertyAccessExpression(expr) ? expr.getExpression() : expr.getLeft();
      const binding = this.bindingOf(left);
      if (binding?.imported === undefined && binding !== undefined) {
        return { name: Node.isPropertyAccessExpression(expr) ? expr.getName() : expr.getRight().getText(), id: left as Identifier };
      }
      return undefined;
    }
    const binding = this.bindingOf(expr);
    if (binding?.imported !== undefined) return { name: binding.imported, id: expr as Identifier };
    return undefined;
  }

  /** The shapecast name to write for `name`, registering the import. */
  localName(name: string): string {
    const known = this.used.get(name) ?? this.existing.get(name);
    if (known !== undefined) {
      this.used.set(name, known);
      return known;
    }
    let local = name;
    if (this.declared.has(name)) {
      const base = `sc${name[0]!.toUpperCase()}${name.slice(1)}`;
      local = base;
      for (let i = 2; this.declared.has(local); i++) local = `${base}${i}`;
    }
    this.used.set(name, local);
    return local;
  }

  /** A name for code the migration writes that the file does not declare: `base`, else `base2`, ... */
  freshName(base: string): string {
    let name = base;
    for (let i = 2; this.declared.has(name) || this.used.has(name) || this.fresh.has(name); i++) name = `${base}${i}`;
    this.fresh.add(name);
    return name;
  }

  /** Marks a reference to a tfjs binding as converted: it no longer keeps the import. */
  consume(id: Identifier): void {
    this.consumed.add(id.getStart());
  }

  /** The declarations of shapecast's Tensor, when the file imports shapecast and it resolves. */
  shapecastTensor(): Node[] {
    if (this.shapecastTensorDeclarations === undefined) {
      const module = this.file.getImportDeclarations().find((decl) => decl.getModuleSpecifierValue() === "shapecast")?.getModuleSpecifierSourceFile();
      this.shapecastTensorDeclarations = module?.getExportedDeclarations().get("Tensor") ?? [];
    }
    return this.shapecastTensorDeclarations;
  }

  // -- the walk: children first, so that an outer edit is built from the inner ones

  private visit(node: Node): void {
    if (Node.isImportDeclaration(node) || (Node.isVariableStatement(node) && this.requires.includes(node))) return;
    const keptFor = this.kept?.units.get(node);
    if (keptFor !== undefined) {
      this.keep(node, keptFor);
      return;
    }
    node.forEachChild((child) => this.visit(child));
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      const root = this.callRoot(callee);
      if (root !== undefined) this.callRoots.push(root);
      const named = this.tfjsName(callee);
      if (named !== undefined) convertCall(this, node, named.name, named.id);
      else if (root !== undefined && isOptimizerCreation(this, node)) convertOptimizer(this, node, root);
      else if (Node.isPropertyAccessExpression(callee)) convertMethod(this, node, callee);
      return;
    }
    if (Node.isTypeReference(node)) {
      this.convertType(node);
      return;
    }
    if (Node.isIdentifier(node)) this.checkReference(node);
  }

  /** The tfjs reference a call goes through: `tf` of `tf.add(...)` or `tf.linalg.bandPart(...)`, `add` of a named import's `add(...)`. */
  private callRoot(callee: Node): Identifier | undefined {
    let root = callee;
    while (Node.isPropertyAccessExpression(root)) root = root.getExpression();
    const binding = this.bindingOf(root);
    if (binding === undefined || (root !== callee && binding.imported !== undefined)) return undefined;
    return root as Identifier;
  }

  /** A unit that keeps TensorFlow.js: nothing in it converted; its calls reported, the earlier reasons standing where there are some. */
  private keep(unit: Node, reason: string): void {
    const earlier = this.kept!.earlier.filter((p) => p.range.start >= unit.getStart() && p.range.end <= unit.getEnd());
    for (const place of earlier) this.record(place);
    const calls = unit.getDescendantsOfKind(SyntaxKind.CallExpression);
    if (Node.isCallExpression(unit)) calls.push(unit);
    for (const call of calls) {
      const root = this.callRoot(call.getExpression());
      if (root === undefined) continue;
      this.callRoots.push(root);
      if (!earlier.some((p) => p.range.start === call.getStart())) this.skip(call, reason);
    }
  }

  /** `tf.Tensor2D` and the like as shapecast's Tensor; another tfjs type is reported. */
  private convertType(node: TypeReferenceNode): void {
    const named = this.tfjsName(node.getTypeName());
    if (named === undefined) return;
    const tuple = tensorTypes.get(named.name);
    if ((tuple !== undefined || named.name === "Tensor" || named.name === "Variable") && node.getTypeArguments().length === 0) {
      this.consume(named.id);
      const tensor = this.localName("Tensor");
      this.edits.add(node.getStart(), node.getEnd(), tuple === undefined ? tensor : `${tensor}<${tuple}>`);
    } else {
      this.skip(node, `type not converted: ${node.getText()} has no shapecast counterpart this codemod knows; write Tensor<[...sizes], dtype> by hand`);
    }
  }

  /** A reference to a tfjs binding that no call or type takes: `Tensor` as a value is converted, any other is reported. */
  private checkReference(node: Identifier): void {
    const binding = this.bindingOf(node);
    if (binding === undefined || this.consumed.has(node.getStart())) return;
    const parent = node.getParent();
    // `tf.x` and `tf.X` are handled where they are used (the call or type above)
    if (binding.imported === undefined && (Node.isPropertyAccessExpression(parent) || Node.isQualifiedName(parent))) {
      const use = parent.getParent();
      // tf.train.sgd(...) is handled where it is called
      const handled = (Node.isCallExpression(use) && use.getExpression() === parent) || (Node.isPropertyAccessExpression(use) && isOptimizerCreation(this, use.getParent()));
      const inType = Node.isTypeReference(use) || Node.isQualifiedName(use);
      if (handled || inType) return;
      const name = Node.isPropertyAccessExpression(parent) ? parent.getName() : parent.getRight().getText();
      if (name === "Tensor" && Node.isPropertyAccessExpression(parent)) {
        this.consume(node);
        this.edits.add(parent.getStart(), parent.getEnd(), this.localName("Tensor"));
        return;
      }
      // tf.layers.dense(...): reported at the outermost call or access
      let reported: Node = parent;
      while (Node.isPropertyAccessExpression(reported.getParent()) || Node.isQualifiedName(reported.getParent())) reported = reported.getParent()!;
      const call = reported.getParent();
      if (Node.isCallExpression(call) && call.getExpression() === reported) reported = call;
      this.skip(reported, binaryOps.has(name) || unaryOps.has(name) || restructured.has(name) || creators.has(name)
        ? `used as a value: tf.${name} is not called here; convert this use by hand`
        : unsupportedReason(name));
      return;
    }
    if (binding.imported !== undefined) {
      const handled = Node.isCallExpression(parent) && parent.getExpression() === node;
      if (handled || Node.isTypeReference(parent)) return;
      if (binding.imported === "Tensor" && !Node.isImportSpecifier(parent)) {
        this.consume(node);
        this.edits.add(node.getStart(), node.getEnd(), this.localName("Tensor"));
        return;
      }
      if (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent)) return;
      this.skip(node, `used as a value: ${binding.imported} is not called here; convert this use by hand`);
      return;
    }
    if (!Node.isImportSpecifier(parent) && !Node.isNamespaceImport(parent)) {
      this.skip(node, "used as a value: the TensorFlow.js namespace itself; convert this use by hand");
    }
  }
}
