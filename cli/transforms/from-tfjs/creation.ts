/**
 * TensorFlow.js creation in the migration: `tf.tensor(values, shape?, dtype?)`,
 * `tf.tensor1d` ... `tf.tensor4d` and `tf.scalar` as shapecast's `tensor(...)`,
 * the dtype option (`{ dtype }`, which `tf.zeros` and `tf.cast` use too), and
 * what the data's array literal or type shows: its nesting, its leaves, a
 * typed array, how deep an array type nests.
 */
import { type ArrayLiteralExpression, type CallExpression, type Identifier, Node, SyntaxKind, type Type } from "ts-morph";
import type { Migration } from "./migration.js";
import { creators } from "./ops.js";
import { isNullish, isSimple, literalShape, unwrap } from "./syntax.js";

/** A dtype argument as shapecast's `{ dtype: ... }` option; undefined when there is none, a reason when it cannot be converted. */
export function dtypeOption(node: Node | undefined): string | undefined | { reason: string } {
  if (node === undefined || isNullish(node)) return undefined;
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) {
    const value = node.getLiteralValue();
    if (value === "float32" || value === "int32" || value === "bool") return `{ dtype: ${node.getText()} }`;
    return { reason: `dtype not in shapecast: ${node.getText()} has no counterpart (shapecast has float32, float64, int32, uint8 and bool); convert by hand` };
  }
  return { reason: "dtype not literal: shapecast needs the dtype at compile time; write { dtype: \"float32\" } (or int32, bool) by hand" };
}

/** Converts the tfjs creator call `call` (`tf.${name}(...)`, `callee` naming it through `id`) to `tensor(...)`, or reports it. */
export function convertCreation(m: Migration, call: CallExpression, name: string, callee: Node, id: Identifier): void {
  const rank = creators.get(name);
  const args = call.getArguments();
  const takesShape = name !== "tensor1d" && name !== "scalar";
  const [values, second, third] = args;
  const shapeArg = takesShape ? second : undefined;
  const dtypeArg = takesShape ? third : second;
  if (values === undefined || args.length > (takesShape ? 3 : 2)) {
    m.skip(call, `bad arguments: tf.${name} takes (values${takesShape ? ", shape?" : ""}, dtype?)`);
    return;
  }
  const dtype = dtypeOption(dtypeArg);
  if (typeof dtype === "object") {
    m.skip(call, dtype.reason);
    return;
  }
  const data = unwrap(values);
  const literal = Node.isArrayLiteralExpression(data) ? nesting(data) : undefined;
  const shape = shapeArg === undefined || isNullish(shapeArg) ? undefined : shapeArg;
  const sizes = literalShape(shape);
  if (sizes !== undefined && rank !== undefined && sizes.length !== rank) {
    m.skip(call, `bad arguments: tf.${name} makes rank ${rank}, but the shape [${sizes.join(", ")}] has ${sizes.length} sizes`);
    return;
  }
  const parts: string[] = [];
  if (shape === undefined) {
    if (Node.isArrayLiteralExpression(data) && literal === undefined) {
      m.skip(call, "data shape not known: the data literal is ragged or has spread elements; write it out or pass a shape");
      return;
    }
    if (literal !== undefined && rank !== undefined && literal.length !== rank) {
      m.skip(call, `bad arguments: tf.${name} makes rank ${rank}, but the data literal nests ${literal.length} deep and no shape is given`);
      return;
    }
    if (literal === undefined && !Node.isNumericLiteral(data) && !Node.isTrueLiteral(data) && !Node.isFalseLiteral(data) && !Node.isPrefixUnaryExpression(data)) {
      const type = values.getType();
      const typed = typedArrayName(type.getText());
      if (typed !== undefined) {
        if (!Node.isIdentifier(data)) {
          m.skip(call, `data shape not known: ${typed} data without a shape; name it and pass tensor(data, [data.length]), or give the shape`);
          return;
        }
        parts.push(m.edits.text(values), `[${data.getText()}.length]`);
      } else if (type.isArray() && rank !== undefined && arrayDepth(type) !== rank && !type.isAny()) {
        m.skip(call, `bad arguments: tf.${name} makes rank ${rank}, but the data's type ${type.getText()} nests ${arrayDepth(type)} deep; give a shape`);
        return;
      }
    }
    if (parts.length === 0) parts.push(m.edits.text(values));
  } else if (literal !== undefined && literal.length > 1) {
    // nested literal data with a shape: alone when they agree, else flattened with the shape (as tfjs reads it)
    if (sizes !== undefined && sizes.length === literal.length && sizes.every((size, axis) => size === literal[axis])) {
      parts.push(m.edits.text(values));
    } else {
      const count = literal.reduce((p, q) => p * q, 1);
      if (sizes !== undefined && !sizes.includes(-1) && sizes.reduce((p, q) => p * q, 1) !== count) {
        m.skip(call, `bad arguments: the data has ${count} values but the shape [${sizes.join(", ")}] holds ${sizes.reduce((p, q) => p * q, 1)}`);
        return;
      }
      parts.push(`[${leaves(data as ArrayLiteralExpression).map((leaf) => m.edits.text(leaf)).join(", ")}]`, m.edits.text(shape));
    }
  } else {
    if (literal === undefined && !Node.isArrayLiteralExpression(data)) {
      const type = values.getType();
      const depth = type.isArray() ? arrayDepth(type) : 0;
      if (depth > 1) {
        // nested data with a shape: TensorFlow.js reads it in row-major order, as the flattened array with the shape
        const text = m.edits.text(values);
        const flat = `${isSimple(values) || Node.isCallExpression(data) ? text : `(${text})`}.flat(${depth === 2 ? "" : depth - 1})`;
        if (dtype !== undefined) parts.push(flat, m.edits.text(shape), dtype);
        else parts.push(flat, m.edits.text(shape));
        m.consume(id);
        m.edits.add(callee.getStart(), callee.getEnd(), m.localName("tensor"));
        setArguments(m, call, parts);
        return;
      }
    }
    if (Node.isArrayLiteralExpression(data) && literal === undefined) {
      m.skip(call, "data shape not known: the data literal is ragged or has spread elements; write it out");
      return;
    }
    parts.push(m.edits.text(values), m.edits.text(shape));
  }
  if (dtype !== undefined) parts.push(dtype);
  m.consume(id);
  m.edits.add(callee.getStart(), callee.getEnd(), m.localName("tensor"));
  setArguments(m, call, parts);
}

/** Sets the argument list of `call` to `parts` (texts), replacing only the arguments that change. */
function setArguments(m: Migration, call: CallExpression, parts: readonly string[]): void {
  const args = call.getArguments();
  const same = Math.min(args.length, parts.length);
  for (let i = 0; i < same; i++) {
    if (m.edits.text(args[i]!) !== parts[i]) m.edits.add(args[i]!.getStart(), args[i]!.getEnd(), parts[i]!);
  }
  if (args.length > parts.length) {
    const from = parts.length === 0 ? args[0]!.getStart() : args[parts.length - 1]!.getEnd();
    m.edits.add(from, args[args.length - 1]!.getEnd(), "");
  } else if (parts.length > args.length) {
    const extra = parts.slice(args.length).join(", ");
    if (args.length === 0) m.edits.add(openParenEnd(call), openParenEnd(call), extra);
    else m.edits.add(args[args.length - 1]!.getEnd(), args[args.length - 1]!.getEnd(), `, ${extra}`);
  }
}

const openParenEnd = (call: CallExpression): number => call.getFirstChildByKindOrThrow(SyntaxKind.OpenParenToken).getEnd();

/** The sizes of a rectangular array literal (the shape tensor() reads off it); undefined when ragged or spread. */
export function nesting(node: ArrayLiteralExpression): number[] | undefined {
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

/** The typed array a type's text names (`Int32Array`, ...), if any. */
export function typedArrayName(typeText: string): string | undefined {
  return /^(Float32Array|Float64Array|Int32Array|Uint8Array|Int8Array|Uint16Array|Int16Array|Uint32Array|Uint8ClampedArray)\b/.exec(typeText)?.[1];
}

/** How deep an array type nests: number[][] is 2. */
function arrayDepth(type: Type): number {
  let depth = 0;
  let at: Type | undefined = type;
  while (at !== undefined && at.isArray()) {
    depth++;
    at = at.getArrayElementType();
  }
  return depth;
}
