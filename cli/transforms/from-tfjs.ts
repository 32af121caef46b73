/**
 * `shapecast codemod from-tfjs`: migrates TensorFlow.js code to shapecast, so
 * the migrated code gains compile-time shapes.
 *
 * It recognises the imports of "@tensorflow/tfjs", "@tensorflow/tfjs-core",
 * "@tensorflow/tfjs-node" and "@tensorflow/tfjs-node-gpu" (a namespace
 * `import * as tf` or named imports, aliases included) and converts:
 *
 * - creation: `tf.tensor(values, shape?, dtype?)`, `tf.tensor1d` ... `tf.tensor4d`
 *   and `tf.scalar` become `tensor(...)`. Nested literal data that matches the
 *   shape is passed alone (`tensor([[1, 2], [3, 4]])`), flat data keeps its
 *   shape (`tensor([1, 2, 3, 4], [2, 2])`); both give `Tensor<[2, 2], "float32">`.
 *   A dtype becomes `{ dtype }`.
 * - `tf.zeros/ones(shape, dtype?)` and `tf.softmax/logSoftmax(x, axis?)`, whose
 *   shapecast namesakes take the same arguments, are renamed; `tf.clipByValue`
 *   becomes `clip` and `tf.cast` stays `cast` (methods alike, `x.clipByValue(lo, hi)`
 *   is `x.clip(lo, hi)`).
 * - ops: `tf.add/sub/mul/div` (and the other element-wise ops both libraries
 *   share: pow, maximum, relu, exp, ...), `tf.matMul` (to `matmul`;
 *   transposeA/transposeB become `transpose(...)` of the operand when its rank
 *   is known), `tf.sum/mean(x, axis, keepDims)` (to `sum(x, axis, { keepDims })`),
 *   `tf.reshape`, `tf.transpose`, `tf.slice(x, begin, size)` with literal bounds
 *   (to `slice(x, { start, stop }, ...)`, so the result's shape is exact);
 *   array literals passed as operands are wrapped
 *   in `tensor(...)`. TensorFlow.js floor-divides int32 tensors, so `div` with
 *   an operand the file shows to be int32 becomes
 *   `cast(floor(div(cast(a, "float64"), b)), "int32")` (exact for every int32);
 *   an int32 tensor the file cannot see (a parameter, say) is divided as floats.
 * - methods on tensors: `a.add(b).mul(c)` stays a chain (shapecast has those
 *   methods); `a.matMul(b)`, `x.sum(0)`, `x.mean()`, `x.reshape(s)` and
 *   `x.transpose()` become function calls, as shapecast has no such methods.
 * - types: `tf.Tensor` is `Tensor`, `tf.Tensor2D` is `Tensor<[number, number]>`
 *   (1D to 6D), `tf.Scalar` is `Tensor<[]>`.
 *
 * The import is rewritten last: the names used are added, sorted, to the
 * file's `import { ... } from "shapecast"` (or a new one, in the tfjs
 * import's place), and a tfjs import (or one of its names) goes away once
 * nothing refers to it. A shapecast name that would clash with a name the file
 * already declares is imported under an alias (`sum as scSum`).
 *
 * Everything else is left as it is and reported as Skipped at its place in the
 * file as it was before the edit: `tf.tidy`, `tf.variable`, models, layers and
 * training, memory management (`dispose`), read-outs (`dataSync()`, `array()`),
 * ops this transform does not know, spread arguments, dtypes shapecast lacks,
 * matMul flags on operands of unknown rank. While such a use of the tfjs
 * import remains, the import stays.
 *
 * Edits are targeted text replacements (a callee, an argument, one call),
 * so comments and formatting around them survive; run on its own output the
 * transform finds nothing left to convert.
 */
import {
  type ArrayLiteralExpression,
  type CallExpression,
  type Expression,
  type Identifier,
  type ImportDeclaration,
  Node,
  type SourceFile,
  SyntaxKind,
} from "ts-morph";
import { catalog, opsOf } from "shapecast/catalog";
import { type Plan, type Skipped, skippedAt, type Transform, type TransformContext } from "./transform.js";

/** The TensorFlow.js packages whose imports are migrated. */
const tfjsModule = /^@tensorflow\/tfjs(-core|-node|-node-gpu)?$/;

/** tfjs creators: the rank each makes, or undefined for `tf.tensor` (any rank). */
const creators: ReadonlyMap<string, number | undefined> = new Map([
  ["tensor", undefined], ["scalar", 0], ["tensor1d", 1], ["tensor2d", 2], ["tensor3d", 3], ["tensor4d", 4],
]);

/**
 * Element-wise ops with the same name, arguments and broadcasting in both
 * libraries, functions and methods alike: every binary and unary op of
 * shapecast's catalog (src/ops/catalog.ts).
 */
const binaryOps: ReadonlySet<string> = new Set(opsOf("binary"));
const unaryOps: ReadonlySet<string> = new Set(opsOf("unary"));

/** tfjs ops that become a shapecast function of another name or argument list; as methods they become functions too. */
const restructured = new Set(["matMul", "sum", "mean", "reshape", "transpose", "slice"]);

/** tfjs functions shapecast has with the same name and arguments: `zeros(shape, dtype?)`, `softmax(x, axis?)`. */
const sameSignature: ReadonlyMap<string, "shape" | "axis"> = new Map([["zeros", "shape"], ["ones", "shape"], ["softmax", "axis"], ["logSoftmax", "axis"]]);

/**
 * tfjs ops shapecast has in another form: `tf.clipByValue(x, lo, hi)` is
 * `clip(x, lo, hi)` and `tf.cast(x, "int32")` is `cast(x, "int32")`, as
 * functions and as methods (`x.clipByValue(lo, hi)` is `x.clip(lo, hi)`).
 * `args` counts the function's arguments, the tensor included.
 */
const renamedOps: ReadonlyMap<string, { readonly to: string; readonly args: number }> = new Map([
  ["clipByValue", { to: "clip", args: 3 }],
  ["cast", { to: "cast", args: 2 }],
]);

/** Other tfjs functions and methods known to give a tensor: a value made by them is a tensor whose methods are checked. */
const otherTensorOps = new Set([
  "zeros", "ones", "fill", "zerosLike", "onesLike", "range", "linspace", "eye", "randomNormal", "randomUniform",
  "truncatedNormal", "variable", "concat", "stack", "expandDims", "squeeze", "slice", "gather", "tile", "pad",
  "softmax", "logSoftmax", "max", "min", "prod", "argMax", "argMin", "cast", "clone", "clipByValue", "where", "oneHot",
  "square", "rsqrt", "reciprocal", "elu", "leakyRelu", "flatten", "squaredDifference", "dot", "outerProduct", "norm",
]);

/** Names shapecast also exports (its op catalog), for a hint when a tfjs op of that name is left for a person to convert. */
const shapecastAlso: ReadonlySet<string> = new Set(Object.keys(catalog));

/** tfjs ranked tensor types and the shapecast shape tuple each stands for. */
const tensorTypes: ReadonlyMap<string, string> = new Map([
  ["Scalar", "[]"], ["Tensor1D", "[number]"], ["Tensor2D", "[number, number]"], ["Tensor3D", "[number, number, number]"],
  ["Tensor4D", "[number, number, number, number]"], ["Tensor5D", "[number, number, number, number, number]"],
  ["Tensor6D", "[number, number, number, number, number, number]"],
]);

/** Why a tfjs function is left alone, by name. */
function unsupportedReason(name: string): string {
  if (name === "tidy") return "memory management: tf.tidy frees the tensors made inside it, and shapecast tensors are garbage-collected; replace tf.tidy(() => body) by the body by hand";
  if (["dispose", "keep", "memory", "disposeVariables", "engine", "profile", "time"].includes(name)) {
    return `memory management: tf.${name} manages TensorFlow.js memory or engine state, and shapecast tensors are garbage-collected; remove the call by hand`;
  }
  if (name === "variable" || name === "Variable") {
    return "training: tf.variable makes a trainable variable, and shapecast trains plain tensors (grad, valueAndGrad and the optimizers take and give a tree of them); convert by hand";
  }
  if (["grad", "grads", "valueAndGrad", "valueAndGrads"].includes(name)) {
    return `training: shapecast has grad and valueAndGrad, with its own arguments (one tree of parameters, a gradient of its type); convert tf.${name} by hand`;
  }
  if (["layers", "sequential", "model", "input", "loadLayersModel", "loadGraphModel", "train", "losses", "metrics", "callbacks", "regularizers", "initializers", "constraints", "variableGrads", "customGrad", "io", "data"].includes(name)) {
    return `models and layers: tf.${name} belongs to models, layers, training or I/O, which shapecast does not have; keep TensorFlow.js for this code`;
  }
  if (["setBackend", "getBackend", "ready", "env", "enableProdMode", "enableDebugMode", "registerBackend"].includes(name)) {
    return `backend setup: tf.${name} sets up a TensorFlow.js backend, and shapecast needs no setup; remove the call by hand`;
  }
  if (shapecastAlso.has(name)) return `op not converted: shapecast has ${name} too, with its own arguments; check them against shapecast's and convert tf.${name} by hand`;
  return `op not converted: tf.${name} has no shapecast counterpart this codemod knows; convert it by hand`;
}

/** Why a method of a tfjs tensor is left alone, by name. */
function unsupportedMethodReason(name: string): string {
  if (name === "dataSync" || name === "data") return `read-out: .${name}() becomes a shapecast tensor's toTypedArray() (synchronous, a contiguous copy); convert by hand`;
  if (name === "array" || name === "arraySync") return `read-out: .${name}() becomes a shapecast tensor's toArray() (synchronous nested arrays); convert by hand`;
  if (name === "dispose") return "memory management: .dispose() frees a TensorFlow.js tensor, and shapecast tensors are garbage-collected; remove the call by hand";
  if (name === "print") return "read-out: .print() becomes console.log(String(x)) for a shapecast tensor; convert by hand";
  if (name === "as1D" || name === "as2D" || name === "as3D" || name === "as4D" || name === "asScalar") return `method not converted: .${name}() becomes reshape(x, [...sizes]); convert by hand`;
  return `method not converted: .${name}() is a TensorFlow.js tensor method this codemod does not convert; convert it by hand`;
}

/** A text replacement over the original file text. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Edits made bottom-up: an edit over a range absorbs the edits inside it, whose text it was built from. */
class Edits {
  readonly list: Edit[] = [];
  constructor(private readonly source: string) {}

  add(start: number, end: number, text: string): void {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const edit = this.list[i]!;
      if (edit.start >= start && edit.end <= end && !(edit.start === edit.end && (edit.start === start || edit.start === end) && start !== end)) this.list.splice(i, 1);
    }
    this.list.push({ start, end, text });
  }

  /** The original text of [start, end) with the edits inside it applied. */
  spliced(start: number, end: number): string {
    const inner = this.list
      .filter((edit) => edit.start >= start && edit.end <= end && !(edit.start === edit.end && (edit.start === start || edit.start === end) && start !== end))
      .sort((x, y) => x.start - y.start || x.end - y.end);
    let text = "";
    let at = start;
    for (const edit of inner) {
      text += this.source.slice(at, edit.start) + edit.text;
      at = edit.end;
    }
    return text + this.source.slice(at, end);
  }

  text(node: Node): string {
    return this.spliced(node.getStart(), node.getEnd());
  }
}

/** A binding a tfjs import makes: the namespace (`tf`) or one named export. */
interface Binding {
  readonly declaration: ImportDeclaration;
  readonly local: string;
  /** The export's name, or undefined for the namespace. */
  readonly imported: string | undefined;
  readonly symbol: unknown;
  /** Positions of references not converted (yet). */
  readonly remaining: Set<number>;
}

/** The outcome of one analysis of a file: the edits to make, the places skipped, the shapecast names used. */
interface Analysis {
  readonly edits: Edits;
  readonly skipped: Skipped[];
  readonly used: Map<string, string>;
  readonly bindings: Binding[];
}

export const fromTfjs: Transform = {
  name: "from-tfjs",
  description: "migrate TensorFlow.js tensor code (tf.tensor2d, tf.add, a.matMul(b), ...) to shapecast calls and imports",
  plan(file: SourceFile, _context: TransformContext): Plan {
    const tfjsImports = file.getImportDeclarations().filter((decl) => tfjsModule.test(decl.getModuleSpecifierValue()));
    const declared = declaredNames(file, tfjsImports);
    let analysis = analyse(file, tfjsImports, declared);
    // A tfjs name that stays (say `tensor`, still used by a call left alone) would clash
    // with the shapecast import of the same name: analyse again with that name taken.
    const clashes = analysis.bindings.filter((b) => b.imported !== undefined && b.remaining.size > 0 && [...analysis.used.values()].includes(b.local) && !declared.has(b.local));
    if (clashes.length > 0) {
      for (const b of clashes) declared.add(b.local);
      analysis = analyse(file, tfjsImports, declared);
    }
    const { edits, skipped, used } = analysis;
    if (edits.list.length === 0 && used.size === 0) return { skipped, apply: () => undefined };
    importEdits(file, analysis, tfjsImports);
    // The edits are applied to the text as one replacement: the text outside them stays byte for byte.
    const text = edits.spliced(0, file.getFullText().length);
    return {
      skipped,
      apply() {
        if (text !== file.getFullText()) file.replaceWithText(text);
      },
    };
  },
};

/** Names the file declares anywhere (but the tfjs imports' own), which a shapecast import must not shadow. */
function declaredNames(file: SourceFile, tfjsImports: readonly ImportDeclaration[]): Set<string> {
  const names = new Set<string>();
  file.forEachDescendant((node) => {
    if (Node.isImportDeclaration(node)) {
      if (tfjsImports.includes(node)) return;
      const shapecast = node.getModuleSpecifierValue() === "shapecast";
      node.getDefaultImport() && names.add(node.getDefaultImport()!.getText());
      const ns = node.getNamespaceImport();
      if (ns) names.add(ns.getText());
      for (const spec of node.getNamedImports()) {
        // shapecast's own names are reused, not shadowed (see localName)
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

function analyse(file: SourceFile, tfjsImports: readonly ImportDeclaration[], declared: ReadonlySet<string>): Analysis {
  const source = file.getFullText();
  const edits = new Edits(source);
  const skipped: Skipped[] = [];
  const used = new Map<string, string>();
  const bindings: Binding[] = [];
  const existing = new Map<string, string>();
  for (const decl of file.getImportDeclarations()) {
    if (decl.getModuleSpecifierValue() !== "shapecast" || decl.isTypeOnly()) continue;
    for (const spec of decl.getNamedImports()) if (!spec.isTypeOnly()) existing.set(spec.getName(), spec.getAliasNode()?.getText() ?? spec.getName());
  }

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
  const byLocal = new Map(bindings.map((b) => [b.local, b]));

  /** The tfjs binding an identifier refers to, if any. */
  const bindingOf = (id: Node): Binding | undefined => {
    if (!Node.isIdentifier(id)) return undefined;
    const binding = byLocal.get(id.getText());
    if (binding === undefined) return undefined;
    return id.getSymbol()?.compilerSymbol === binding.symbol ? binding : undefined;
  };

  /** The tfjs export an expression names: `tf.add` (namespace) or `add` (named import). */
  const tfjsName = (expr: Node): { name: string; id: Identifier } | undefined => {
    if (Node.isPropertyAccessExpression(expr) || Node.isQualifiedName(expr)) {
      const left = Node.isPropertyAccessExpression(expr) ? expr.getExpression() : expr.getLeft();
      const binding = bindingOf(left);
      if (binding?.imported === undefined && binding !== undefined) {
        return { name: Node.isPropertyAccessExpression(expr) ? expr.getName() : expr.getRight().getText(), id: left as Identifier };
      }
      return undefined;
    }
    const binding = bindingOf(expr);
    if (binding?.imported !== undefined) return { name: binding.imported, id: expr as Identifier };
    return undefined;
  };

  /** The shapecast name to write for `name`, registering the import. */
  const localName = (name: string): string => {
    const known = used.get(name) ?? existing.get(name);
    if (known !== undefined) {
      used.set(name, known);
      return known;
    }
    let local = name;
    if (declared.has(name)) {
      const base = `sc${name[0]!.toUpperCase()}${name.slice(1)}`;
      local = base;
      for (let i = 2; declared.has(local); i++) local = `${base}${i}`;
    }
    used.set(name, local);
    return local;
  };

  const consumed = new Set<number>();
  const consume = (id: Identifier): void => {
    consumed.add(id.getStart());
  };

  // -- what an expression is: a tensor (and from which library), of which rank

  const unwrap = (expr: Node): Node => {
    let node = expr;
    while (Node.isParenthesizedExpression(node) || Node.isNonNullExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) node = node.getExpression();
    return node;
  };

  const tensorTypeRank = (typeNode: Node | undefined): number | undefined | "tensor" => {
    if (typeNode === undefined || !Node.isTypeReference(typeNode)) return undefined;
    const named = tfjsName(typeNode.getTypeName());
    if (named !== undefined) {
      const tuple = tensorTypes.get(named.name);
      if (tuple !== undefined) return tuple === "[]" ? 0 : tuple.split(",").length;
      return named.name === "Tensor" || named.name === "Variable" ? "tensor" : undefined;
    }
    return undefined;
  };

  let shapecastTensorDeclarations: Node[] | undefined;
  /** The declarations of shapecast's Tensor, when the file imports shapecast and it resolves. */
  const shapecastTensor = (): Node[] => {
    if (shapecastTensorDeclarations === undefined) {
      const module = file.getImportDeclarations().find((decl) => decl.getModuleSpecifierValue() === "shapecast")?.getModuleSpecifierSourceFile();
      shapecastTensorDeclarations = module?.getExportedDeclarations().get("Tensor") ?? [];
    }
    return shapecastTensorDeclarations;
  };

  /** "tfjs" when `expr` is a TensorFlow.js tensor as far as this file shows, "other" for another tensor (shapecast's). */
  const tensorKind = (expr: Node, depth = 0): "tfjs" | "other" | undefined => {
    if (depth > 20) return undefined;
    const node = unwrap(expr);
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      const named = tfjsName(callee);
      if (named !== undefined) {
        const n = named.name;
        return creators.has(n) || binaryOps.has(n) || unaryOps.has(n) || restructured.has(n) || sameSignature.has(n) || otherTensorOps.has(n) ? "tfjs" : undefined;
      }
      if (Node.isPropertyAccessExpression(callee)) {
        const method = callee.getName();
        if (binaryOps.has(method) || unaryOps.has(method) || restructured.has(method) || otherTensorOps.has(method)) {
          return tensorKind(callee.getExpression(), depth + 1);
        }
      }
    }
    if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node)) {
      const declarations = node.getSymbol()?.getDeclarations() ?? [];
      for (const decl of declarations) {
        if (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl)) {
          if (tensorTypeRank(decl.getTypeNode()) !== undefined) return "tfjs";
          const init = decl.getInitializer();
          if (init !== undefined && decl.getTypeNode() === undefined) {
            const kind = tensorKind(init, depth + 1);
            if (kind !== undefined) return kind;
          }
        }
      }
    }
    const type = node.getType();
    const symbol = type.getSymbol() ?? type.getAliasSymbol();
    const name = symbol?.getName();
    if (name === "Tensor" || name === "Variable") {
      const declarations = symbol!.getDeclarations();
      if (declarations.some((decl) => decl.getSourceFile().getFilePath().includes("/@tensorflow/tfjs"))) return "tfjs";
      if (declarations.some((decl) => shapecastTensor().includes(decl))) return "other";
    }
    return undefined;
  };

  const literalShape = (node: Node | undefined): number[] | undefined => {
    if (node === undefined) return undefined;
    const expr = unwrap(node);
    if (!Node.isArrayLiteralExpression(expr)) return undefined;
    const sizes: number[] = [];
    for (const element of expr.getElements()) {
      if (Node.isNumericLiteral(element)) sizes.push(element.getLiteralValue());
      else if (Node.isPrefixUnaryExpression(element) && element.getOperatorToken() === SyntaxKind.MinusToken && Node.isNumericLiteral(element.getOperand())) {
        sizes.push(-Number(element.getOperand().getText()));
      } else return undefined;
    }
    return sizes;
  };

  /** The rank of a tensor expression, when this file shows it. */
  const rankOf = (expr: Node, depth = 0): number | undefined => {
    if (depth > 20) return undefined;
    const node = unwrap(expr);
    if (Node.isNumericLiteral(node)) return 0;
    if (Node.isArrayLiteralExpression(node)) return nesting(node)?.length;
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      const args = node.getArguments();
      let name: string | undefined;
      let operands: Node[] = args;
      const named = tfjsName(callee);
      if (named !== undefined) name = named.name;
      else if (Node.isPropertyAccessExpression(callee) && tensorKind(callee.getExpression(), depth + 1) !== undefined) {
        name = callee.getName();
        operands = [callee.getExpression(), ...args];
      }
      if (name !== undefined) {
        const [x, y, third] = operands;
        if (creators.has(name) && named !== undefined) {
          const fixed = creators.get(name);
          if (fixed !== undefined) return fixed;
          const shape = literalShape(args[1]);
          if (shape !== undefined) return shape.length;
          return x === undefined ? undefined : rankOf(x, depth + 1);
        }
        if (sameSignature.get(name) === "shape" && named !== undefined) return literalShape(x)?.length;
        if (unaryOps.has(name) || name === "transpose" || sameSignature.get(name) === "axis") return x === undefined ? undefined : rankOf(x, depth + 1);
        if (binaryOps.has(name) || name === "matMul") {
          const a = x === undefined ? undefined : rankOf(x, depth + 1);
          const b = y === undefined ? undefined : rankOf(y, depth + 1);
          return a === undefined || b === undefined ? undefined : Math.max(a, b);
        }
        if (name === "reshape") return literalShape(y)?.length;
        if (name === "sum" || name === "mean") {
          const rank = x === undefined ? undefined : rankOf(x, depth + 1);
          if (rank === undefined) return undefined;
          if (third?.getKind() === SyntaxKind.TrueKeyword) return rank;
          if (y === undefined || y.getKind() === SyntaxKind.NullKeyword || y.getText() === "undefined") return 0;
          if (Node.isNumericLiteral(y) || Node.isPrefixUnaryExpression(y)) return rank - 1;
          if (Node.isArrayLiteralExpression(y)) return rank - y.getElements().length;
          return undefined;
        }
      }
    }
    if (Node.isIdentifier(node)) {
      for (const decl of node.getSymbol()?.getDeclarations() ?? []) {
        if (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl) || Node.isPropertyDeclaration(decl)) {
          const typed = tensorTypeRank(decl.getTypeNode());
          if (typeof typed === "number") return typed;
          const init = decl.getInitializer();
          if (init !== undefined && decl.getTypeNode() === undefined) {
            const rank = rankOf(init, depth + 1);
            if (rank !== undefined) return rank;
          }
        }
      }
    }
    const shape = node.getType().getProperty("shape");
    if (shape !== undefined) {
      const shapeType = shape.getTypeAtLocation(node);
      if (shapeType.isTuple()) return shapeType.getTupleElements().length;
    }
    return undefined;
  };

  // -- rewriting helpers

  /** An operand's text: an array literal (a tfjs TensorLike) becomes `tensor([...])`. */
  const operand = (node: Node): string => {
    const text = edits.text(node);
    return Node.isArrayLiteralExpression(unwrap(node)) ? `${localName("tensor")}(${text})` : text;
  };

  /** Wraps array-literal operands in place. */
  const wrapOperands = (nodes: readonly Node[]): void => {
    for (const node of nodes) if (Node.isArrayLiteralExpression(unwrap(node))) edits.add(node.getStart(), node.getEnd(), operand(node));
  };

  /** Why a clipByValue or cast call (its arguments after the tensor) cannot be converted, or undefined. */
  const renamedProblem = (name: string, rest: readonly Node[], count: number, shown: string): string | undefined => {
    if (rest.length !== count) return `bad arguments: ${shown} takes ${count} argument${count === 1 ? "" : "s"} after the tensor, not ${rest.length}`;
    if (name !== "cast") return undefined;
    const dtype = dtypeOption(rest[0]);
    if (dtype === undefined) return `bad arguments: ${shown} needs a dtype`;
    return typeof dtype === "object" ? dtype.reason : undefined;
  };

  /**
   * Is `expr` an int32 tfjs tensor as far as this file shows: a creation with
   * dtype 'int32' or Int32Array data, a cast to int32, or a name bound to one?
   */
  const knownInt32 = (expr: Node, depth = 0): boolean => {
    if (depth > 20) return false;
    const node = unwrap(expr);
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      const args = node.getArguments();
      const isInt32 = (arg: Node | undefined) =>
        arg !== undefined && (Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg)) && arg.getLiteralValue() === "int32";
      const named = tfjsName(callee)?.name;
      if (named !== undefined && creators.has(named)) {
        const takesShape = named !== "tensor1d" && named !== "scalar";
        const dtype = takesShape ? args[2] : args[1];
        if (dtype !== undefined && !isNullish(dtype)) return isInt32(dtype);
        return args[0] !== undefined && typedArrayName(args[0].getType().getText()) === "Int32Array";
      }
      if (named === "cast") return isInt32(args[1]);
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === "cast") return isInt32(args[0]);
      return false;
    }
    if (Node.isIdentifier(node)) {
      for (const decl of node.getSymbol()?.getDeclarations() ?? []) {
        if (Node.isVariableDeclaration(decl) && decl.getTypeNode() === undefined) {
          const init = decl.getInitializer();
          if (init !== undefined && knownInt32(init, depth + 1)) return true;
        }
      }
    }
    return false;
  };

  /**
   * tfjs divides two int32 tensors with floor division (an int32 result);
   * shapecast's `div` is true division. The exact equivalent: divide in
   * float64 (every int32 quotient floors correctly there), floor, cast back.
   */
  const int32Division = (a: Node, b: Node): string =>
    `${localName("cast")}(${localName("floor")}(${localName("div")}(${localName("cast")}(${operand(a)}, "float64"), ${operand(b)})), "int32")`;

  const isNullish = (node: Node | undefined): boolean =>
    node !== undefined && (node.getKind() === SyntaxKind.NullKeyword || (Node.isIdentifier(node) && node.getText() === "undefined"));

  /** Sets the argument list of `call` to `parts` (texts), replacing only the arguments that change. */
  const setArguments = (call: CallExpression, parts: readonly string[]): void => {
    const args = call.getArguments();
    const same = Math.min(args.length, parts.length);
    for (let i = 0; i < same; i++) {
      if (edits.text(args[i]!) !== parts[i]) edits.add(args[i]!.getStart(), args[i]!.getEnd(), parts[i]!);
    }
    if (args.length > parts.length) {
      const from = parts.length === 0 ? args[0]!.getStart() : args[parts.length - 1]!.getEnd();
      edits.add(from, args[args.length - 1]!.getEnd(), "");
    } else if (parts.length > args.length) {
      const extra = parts.slice(args.length).join(", ");
      if (args.length === 0) edits.add(openParenEnd(call), openParenEnd(call), extra);
      else edits.add(args[args.length - 1]!.getEnd(), args[args.length - 1]!.getEnd(), `, ${extra}`);
    }
  };

  const openParenEnd = (call: CallExpression): number => call.getFirstChildByKindOrThrow(SyntaxKind.OpenParenToken).getEnd();

  /** `axis, keepDims` of tfjs sum/mean as shapecast's `axis, { keepDims }`; undefined when they cannot be converted. */
  const reductionTail = (axis: Node | undefined, keepDims: Node | undefined): string[] => {
    const parts: string[] = [];
    let keep: string | undefined;
    if (keepDims !== undefined && keepDims.getKind() !== SyntaxKind.FalseKeyword && !isNullish(keepDims)) {
      keep = `{ keepDims: ${edits.text(keepDims)} }`;
    }
    if (axis !== undefined && !(isNullish(axis) && keep === undefined)) parts.push(isNullish(axis) ? "undefined" : edits.text(axis));
    if (keep !== undefined) {
      if (parts.length === 0) parts.push("undefined");
      parts.push(keep);
    }
    return parts;
  };

  /** matMul's operand, transposed on its last two axes when `flag` is true; a reason when that cannot be written. */
  const matmulOperand = (node: Node, flag: Node | undefined, which: string): string | { reason: string } => {
    const text = operand(node);
    if (flag === undefined || flag.getKind() === SyntaxKind.FalseKeyword || isNullish(flag)) return text;
    if (flag.getKind() !== SyntaxKind.TrueKeyword) {
      return { reason: `matMul flag not literal: ${which} is not the literal true or false, so whether to transpose is not known here; write transpose(...) of the operand by hand` };
    }
    const rank = rankOf(node);
    if (rank === undefined) {
      return { reason: `rank not known: ${which} needs the rank of ${node.getText().replace(/\s+/g, " ")}, which is not known here, to know the axes to swap; write matmul(transpose(x, [..., last, second-to-last]), ...) by hand` };
    }
    if (rank < 2) return { reason: `bad arguments: ${which} is set but ${node.getText()} has rank ${rank}; matMul needs rank 2 or more` };
    const transpose = localName("transpose");
    if (rank === 2) return `${transpose}(${text})`;
    const perm = [...Array(rank - 2).keys(), rank - 1, rank - 2];
    return `${transpose}(${text}, [${perm.join(", ")}])`;
  };

  /**
   * The shapecast call for a restructured op (`matMul`, `sum`, `mean`, `reshape`,
   * `transpose`) with operands `x` (and `rest`); a reason when it cannot be written.
   */
  const restructuredCall = (name: string, x: Node, rest: readonly Node[]): string | { reason: string } => {
    if (name === "matMul") {
      const [b, transposeA, transposeB] = rest;
      if (b === undefined || rest.length > 3) return { reason: "bad arguments: matMul takes (a, b, transposeA?, transposeB?)" };
      const a = matmulOperand(x, transposeA, "transposeA");
      if (typeof a !== "string") return a;
      const bText = matmulOperand(b, transposeB, "transposeB");
      if (typeof bText !== "string") return bText;
      return `${localName("matmul")}(${a}, ${bText})`;
    }
    if (name === "sum" || name === "mean") {
      if (rest.length > 2) return { reason: `bad arguments: ${name} takes (x, axis?, keepDims?)` };
      return `${localName(name)}(${[operand(x), ...reductionTail(rest[0], rest[1])].join(", ")})`;
    }
    if (name === "reshape") {
      if (rest.length !== 1) return { reason: "bad arguments: reshape takes (x, shape)" };
      return `${localName("reshape")}(${operand(x)}, ${edits.text(rest[0]!)})`;
    }
    if (name === "slice") {
      if (rest.length < 1 || rest.length > 2) return { reason: "bad arguments: slice takes (x, begin, size?)" };
      const begin = literalIntegers(rest[0]!);
      const size = rest[1] === undefined ? [] : literalIntegers(rest[1]);
      if (begin === undefined || size === undefined || begin.some((b) => b < 0) || size.some((n) => n < -1)) {
        return { reason: "slice bounds not literal: shapecast takes { start, stop } per axis; write slice(x, { start, stop }, ...) by hand" };
      }
      // tfjs: begin defaults to 0 and size to -1 (the rest of the axis) on the axes they leave out
      const specs = Array.from({ length: Math.max(begin.length, size.length) }, (_, axis) => {
        const start = begin[axis] ?? 0;
        const length = size[axis] ?? -1;
        if (length === -1) return start === 0 ? "null" : `{ start: ${start} }`;
        return start === 0 ? `{ stop: ${length} }` : `{ start: ${start}, stop: ${start + length} }`;
      });
      while (specs[specs.length - 1] === "null") specs.pop();
      return `${localName("slice")}(${[operand(x), ...specs].join(", ")})`;
    }
    // transpose(x, perm?, conjugate?)
    const [perm, conjugate] = rest;
    if (rest.length > 2 || (conjugate !== undefined && conjugate.getKind() !== SyntaxKind.FalseKeyword)) {
      return { reason: "complex numbers: transpose with conjugate, and shapecast has no complex numbers; convert by hand" };
    }
    const parts = [operand(x)];
    if (perm !== undefined && !isNullish(perm)) parts.push(edits.text(perm));
    return `${localName("transpose")}(${parts.join(", ")})`;
  };

  /** The integers of `[1, 2]` or `3` (as `[3]`), or undefined when they are not integer literals. */
  const literalIntegers = (node: Node): number[] | undefined => {
    const inner = unwrap(node);
    const items = Node.isArrayLiteralExpression(inner) ? inner.getElements() : [inner];
    const values: number[] = [];
    for (const item of items) {
      const text = item.getText().replace(/\s+/g, "");
      if (!/^-?\d+$/.test(text)) return undefined;
      values.push(Number(text));
    }
    return values;
  };

  // -- tfjs creation

  const dtypeOption = (node: Node | undefined): string | undefined | { reason: string } => {
    if (node === undefined || isNullish(node)) return undefined;
    if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) {
      const value = node.getLiteralValue();
      if (value === "float32" || value === "int32" || value === "bool") return `{ dtype: ${node.getText()} }`;
      return { reason: `dtype not in shapecast: ${node.getText()} has no counterpart (shapecast has float32, float64, int32, uint8 and bool); convert by hand` };
    }
    return { reason: "dtype not literal: shapecast needs the dtype at compile time; write { dtype: \"float32\" } (or int32, bool) by hand" };
  };

  const convertCreation = (call: CallExpression, name: string, callee: Node, id: Identifier): void => {
    const rank = creators.get(name);
    const args = call.getArguments();
    const takesShape = name !== "tensor1d" && name !== "scalar";
    const [values, second, third] = args;
    const shapeArg = takesShape ? second : undefined;
    const dtypeArg = takesShape ? third : second;
    if (values === undefined || args.length > (takesShape ? 3 : 2)) {
      skipped.push(skippedAt(call, `bad arguments: tf.${name} takes (values${takesShape ? ", shape?" : ""}, dtype?)`));
      return;
    }
    const dtype = dtypeOption(dtypeArg);
    if (typeof dtype === "object") {
      skipped.push(skippedAt(call, dtype.reason));
      return;
    }
    const data = unwrap(values);
    const literal = Node.isArrayLiteralExpression(data) ? nesting(data) : undefined;
    const shape = shapeArg === undefined || isNullish(shapeArg) ? undefined : shapeArg;
    const sizes = literalShape(shape);
    if (sizes !== undefined && rank !== undefined && sizes.length !== rank) {
      skipped.push(skippedAt(call, `bad arguments: tf.${name} makes rank ${rank}, but the shape [${sizes.join(", ")}] has ${sizes.length} sizes`));
      return;
    }
    const parts: string[] = [];
    if (shape === undefined) {
      if (Node.isArrayLiteralExpression(data) && literal === undefined) {
        skipped.push(skippedAt(values, "data shape not known: the data literal is ragged or has spread elements; write it out or pass a shape"));
        return;
      }
      if (literal !== undefined && rank !== undefined && literal.length !== rank) {
        skipped.push(skippedAt(call, `bad arguments: tf.${name} makes rank ${rank}, but the data literal nests ${literal.length} deep and no shape is given`));
        return;
      }
      if (literal === undefined && !Node.isNumericLiteral(data) && !Node.isTrueLiteral(data) && !Node.isFalseLiteral(data) && !Node.isPrefixUnaryExpression(data)) {
        const type = values.getType();
        const typed = typedArrayName(type.getText());
        if (typed !== undefined) {
          if (!Node.isIdentifier(data)) {
            skipped.push(skippedAt(values, `data shape not known: ${typed} data without a shape; name it and pass tensor(data, [data.length]), or give the shape`));
            return;
          }
          parts.push(edits.text(values), `[${data.getText()}.length]`);
        } else if (type.isArray() && rank !== undefined && arrayDepth(type) !== rank && !type.isAny()) {
          skipped.push(skippedAt(values, `bad arguments: tf.${name} makes rank ${rank}, but the data's type ${type.getText()} nests ${arrayDepth(type)} deep; give a shape`));
          return;
        }
      }
      if (parts.length === 0) parts.push(edits.text(values));
    } else if (literal !== undefined && literal.length > 1) {
      // nested literal data with a shape: alone when they agree, else flattened with the shape (as tfjs reads it)
      if (sizes !== undefined && sizes.length === literal.length && sizes.every((size, axis) => size === literal[axis])) {
        parts.push(edits.text(values));
      } else {
        const count = literal.reduce((p, q) => p * q, 1);
        if (sizes !== undefined && !sizes.includes(-1) && sizes.reduce((p, q) => p * q, 1) !== count) {
          skipped.push(skippedAt(call, `bad arguments: the data has ${count} values but the shape [${sizes.join(", ")}] holds ${sizes.reduce((p, q) => p * q, 1)}`));
          return;
        }
        parts.push(`[${leaves(data as ArrayLiteralExpression).map((leaf) => edits.text(leaf)).join(", ")}]`, edits.text(shape));
      }
    } else {
      if (literal === undefined && !Node.isArrayLiteralExpression(data)) {
        const type = values.getType();
        if (type.isArray() && arrayDepth(type) > 1) {
          skipped.push(skippedAt(values, `nested data with a shape: the data is ${type.getText()}, and shapecast takes nested data alone (tensor(data)) or flat data with a shape; convert by hand`));
          return;
        }
      }
      if (Node.isArrayLiteralExpression(data) && literal === undefined) {
        skipped.push(skippedAt(values, "data shape not known: the data literal is ragged or has spread elements; write it out"));
        return;
      }
      parts.push(edits.text(values), edits.text(shape));
    }
    if (dtype !== undefined) parts.push(dtype);
    consume(id);
    edits.add(callee.getStart(), callee.getEnd(), localName("tensor"));
    setArguments(call, parts);
  };

  // -- one tfjs function call

  const convertCall = (call: CallExpression, name: string, id: Identifier): void => {
    const callee = call.getExpression();
    const args = call.getArguments();
    const shown = Node.isIdentifier(callee) ? name : `tf.${name}`;
    const convertible = creators.has(name) || binaryOps.has(name) || unaryOps.has(name) || restructured.has(name) || sameSignature.has(name) || renamedOps.has(name);
    if (!convertible) {
      skipped.push(skippedAt(call, unsupportedReason(name)));
      return;
    }
    if (args.some((arg) => Node.isSpreadElement(arg))) {
      skipped.push(skippedAt(call, `spread arguments: ${shown}(...) cannot be checked; write the arguments out`));
      return;
    }
    if (call.getTypeArguments().length > 0) {
      skipped.push(skippedAt(call, `type arguments: ${shown}<...>(...); shapecast infers shapes itself, so remove the type arguments and run again`));
      return;
    }
    if (creators.has(name)) {
      convertCreation(call, name, callee, id);
      return;
    }
    if (binaryOps.has(name) || unaryOps.has(name)) {
      const arity = binaryOps.has(name) ? 2 : 1;
      if (args.length !== arity) {
        skipped.push(skippedAt(call, `bad arguments: ${shown} takes ${arity} argument${arity === 1 ? "" : "s"} here, not ${args.length}`));
        return;
      }
      consume(id);
      if (name === "div" && (knownInt32(args[0]!) || knownInt32(args[1]!))) {
        edits.add(call.getStart(), call.getEnd(), int32Division(args[0]!, args[1]!));
        return;
      }
      wrapOperands(args);
      edits.add(callee.getStart(), callee.getEnd(), localName(name));
      return;
    }
    const renamed = renamedOps.get(name);
    if (renamed !== undefined) {
      const problem = renamedProblem(name, args.slice(1), renamed.args - 1, shown);
      if (problem !== undefined) {
        skipped.push(skippedAt(call, problem));
        return;
      }
      consume(id);
      wrapOperands(args.slice(0, 1));
      edits.add(callee.getStart(), callee.getEnd(), localName(renamed.to));
      return;
    }
    const same = sameSignature.get(name);
    if (same !== undefined) {
      if (args.length < 1 || args.length > 2) {
        skipped.push(skippedAt(call, `bad arguments: ${shown} takes (${same === "shape" ? "shape, dtype?" : "x, axis?"})`));
        return;
      }
      if (same === "shape" && args[1] !== undefined) {
        const dtype = dtypeOption(args[1]);
        if (typeof dtype === "object") {
          skipped.push(skippedAt(call, dtype.reason));
          return;
        }
      }
      consume(id);
      if (same === "axis") wrapOperands(args.slice(0, 1));
      edits.add(callee.getStart(), callee.getEnd(), localName(name));
      return;
    }
    const [x, ...rest] = args;
    if (x === undefined) {
      skipped.push(skippedAt(call, `bad arguments: ${shown} needs a tensor argument`));
      return;
    }
    const text = restructuredCall(name, x, rest);
    if (typeof text !== "string") {
      skipped.push(skippedAt(call, text.reason));
      return;
    }
    consume(id);
    edits.add(call.getStart(), call.getEnd(), text);
  };

  // -- a method call on a tensor

  const convertMethod = (call: CallExpression, access: Node & { getName(): string; getExpression(): Expression }): void => {
    const method = access.getName();
    const receiver = access.getExpression();
    const known = binaryOps.has(method) || unaryOps.has(method) || restructured.has(method) || renamedOps.has(method);
    if (!known) {
      if (method === "toString" || method === "constructor") return;
      if (tensorKind(receiver) === "tfjs") skipped.push(skippedAt(call, unsupportedMethodReason(method)));
      return;
    }
    const kind = tensorKind(receiver);
    if (kind === undefined) return;
    const args = call.getArguments();
    if (args.some((arg) => Node.isSpreadElement(arg))) {
      if (kind === "tfjs") skipped.push(skippedAt(call, `spread arguments: .${method}(...) cannot be checked; write the arguments out`));
      return;
    }
    const renamed = renamedOps.get(method);
    if (renamed !== undefined) {
      const problem = renamedProblem(method, args, renamed.args - 1, `.${method}`);
      if (problem !== undefined) {
        if (kind === "tfjs") skipped.push(skippedAt(call, problem));
        return;
      }
      if (renamed.to !== method && Node.isPropertyAccessExpression(access)) {
        const nameNode = access.getNameNode();
        edits.add(nameNode.getStart(), nameNode.getEnd(), renamed.to);
      }
      return;
    }
    if (!restructured.has(method)) {
      if (method === "div" && args.length === 1 && (knownInt32(receiver) || knownInt32(args[0]!))) {
        edits.add(call.getStart(), call.getEnd(), int32Division(receiver, args[0]!));
        return;
      }
      wrapOperands(args);
      return;
    }
    const text = restructuredCall(method, receiver, args);
    if (typeof text !== "string") {
      skipped.push(skippedAt(call, text.reason));
      return;
    }
    edits.add(call.getStart(), call.getEnd(), text);
  };

  // -- the walk: children first, so that an outer edit is built from the inner ones

  const visit = (node: Node): void => {
    if (Node.isImportDeclaration(node)) return;
    node.forEachChild(visit);
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      const named = tfjsName(callee);
      if (named !== undefined) convertCall(node, named.name, named.id);
      else if (Node.isPropertyAccessExpression(callee)) convertMethod(node, callee);
      return;
    }
    if (Node.isTypeReference(node)) {
      const named = tfjsName(node.getTypeName());
      if (named === undefined) return;
      const tuple = tensorTypes.get(named.name);
      if ((tuple !== undefined || named.name === "Tensor") && node.getTypeArguments().length === 0) {
        consume(named.id);
        const tensor = localName("Tensor");
        edits.add(node.getStart(), node.getEnd(), tuple === undefined ? tensor : `${tensor}<${tuple}>`);
      } else {
        skipped.push(skippedAt(node, `type not converted: ${node.getText()} has no shapecast counterpart this codemod knows; write Tensor<[...sizes], dtype> by hand`));
      }
      return;
    }
    if (Node.isIdentifier(node)) {
      const binding = bindingOf(node);
      if (binding === undefined || consumed.has(node.getStart())) return;
      const parent = node.getParent();
      // `tf.x` and `tf.X` are handled where they are used (the call or type above)
      if (binding.imported === undefined && (Node.isPropertyAccessExpression(parent) || Node.isQualifiedName(parent))) {
        const use = parent.getParent();
        const handled = Node.isCallExpression(use) && use.getExpression() === parent;
        const inType = Node.isTypeReference(use) || Node.isQualifiedName(use);
        if (handled || inType) return;
        const name = Node.isPropertyAccessExpression(parent) ? parent.getName() : parent.getRight().getText();
        if (name === "Tensor" && Node.isPropertyAccessExpression(parent)) {
          consume(node);
          edits.add(parent.getStart(), parent.getEnd(), localName("Tensor"));
          return;
        }
 // tf.layers.dense(...): reported at the outermost call or access
        let reported: Node = parent;
        while (Node.isPropertyAccessExpression(reported.getParent()) || Node.isQualifiedName(reported.getParent())) reported = reported.getParent()!;
        const call = reported.getParent();
        if (Node.isCallExpression(call) && call.getExpression() === reported) reported = call;
        skipped.push(skippedAt(reported, binaryOps.has(name) || unaryOps.has(name) || restructured.has(name) || creators.has(name)
          ? `used as a value: tf.${name} is not called here; convert this use by hand`
          : unsupportedReason(name)));
        return;
      }
      if (binding.imported !== undefined) {
        const handled = Node.isCallExpression(parent) && parent.getExpression() === node;
        if (handled || Node.isTypeReference(parent)) return;
        if (binding.imported === "Tensor" && !Node.isImportSpecifier(parent)) {
          consume(node);
          edits.add(node.getStart(), node.getEnd(), localName("Tensor"));
          return;
        }
        if (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent)) return;
        skipped.push(skippedAt(node, `used as a value: ${binding.imported} is not called here; convert this use by hand`));
        return;
      }
      if (!Node.isImportSpecifier(parent) && !Node.isNamespaceImport(parent)) {
        skipped.push(skippedAt(node, "used as a value: the TensorFlow.js namespace itself; convert this use by hand"));
      }
    }
  };
  visit(file);

  // references left: those not consumed by a conversion
  for (const id of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
    const binding = bindingOf(id);
    if (binding === undefined || consumed.has(id.getStart())) continue;
    const parent = id.getParent();
    if (Node.isImportSpecifier(parent) || Node.isNamespaceImport(parent)) continue;
    binding.remaining.add(id.getStart());
  }
  // reports in the order of the file
  skipped.sort((x, y) => x.line - y.line || x.column - y.column);
  return { edits, skipped, used, bindings };
}

/** The import changes: tfjs imports (or their names) that nothing uses go, shapecast's names come in. */
function importEdits(file: SourceFile, analysis: Analysis, tfjsImports: readonly ImportDeclaration[]): void {
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

/** The sizes of a rectangular array literal (the shape tensor() reads off it); undefined when ragged or spread. */
function nesting(node: ArrayLiteralExpression): number[] | undefined {
  const elements = node.getElements();
  if (elements.some((element) => Node.isSpreadElement(element) || Node.isOmittedExpression(element))) return undefined;
  const arrays = elements.map((element) => {
    let inner: Node = element;
    while (Node.isParenthesizedExpression(inner)) inner = inner.getExpression();
    return inner;
  });
  const nested = arrays.filter((element) => Node.isArrayLiteralExpression(element));
  if (nested.length === 0) return [elements.length];
  if (nested.length !== elements.length) return undefined;
  let inner: number[] | undefined;
  for (const element of nested) {
    const shape = nesting(element as ArrayLiteralExpression);
    if (shape === undefined) return undefined;
    if (inner === undefined) inner = shape;
    else if (inner.length !== shape.length || inner.some((size, axis) => size !== shape[axis])) return undefined;
  }
  return [elements.length, ...(inner ?? [])];
}

/** The leaf elements of a nested array literal, in row-major order. */
function leaves(node: ArrayLiteralExpression): Node[] {
  return node.getElements().flatMap((element) => {
    let inner: Node = element;
    while (Node.isParenthesizedExpression(inner)) inner = inner.getExpression();
    return Node.isArrayLiteralExpression(inner) ? leaves(inner) : [element];
  });
}

function typedArrayName(typeText: string): string | undefined {
  return /^(Float32Array|Float64Array|Int32Array|Uint8Array|Int8Array|Uint16Array|Int16Array|Uint32Array|Uint8ClampedArray)\b/.exec(typeText)?.[1];
}

/** How deep an array type nests: number[][] is 2. */
function arrayDepth(type: import("ts-morph").Type): number {
  let depth = 0;
  let at: import("ts-morph").Type | undefined = type;
  while (at !== undefined && at.isArray()) {
    depth++;
    at = at.getArrayElementType();
  }
  return depth;
}
