/**
 * Reading a ts-morph `Type` as a shapecast tensor: is it the library's
 * `Tensor`, what are its shape's elements (`2`, `number`, `Dim<"batch">`, a
 * type parameter `B`, a rest `...Batch`, or `number[]` for an unknown rank),
 * what is its dtype; and rendering it as `Tensor<[2, 3], "float32">` (source
 * text) or `[2, 3] float32` (reports). Shared by the commands that print or
 * write tensor types (`shapes`, the `annotate` codemod, ...).
 */
import { Node, type Type, ts } from "ts-morph";
import { DTYPES } from "shapecast/catalog";

/** One element of a tensor's shape, as the compiler knows it. */
export type TensorDim =
  /** A size known at compile time: `3`. */
  | { readonly kind: "literal"; readonly value: number; readonly text: string }
  /** A size known only at run time: `number`. */
  | { readonly kind: "number"; readonly text: "number" }
  /** A named run-time size: `Dim<"batch">`. */
  | { readonly kind: "dim"; readonly name: string; readonly text: string }
  /** A type parameter of generic code: `B`; `node` is where it is declared. */
  | { readonly kind: "parameter"; readonly name: string; readonly text: string; readonly declaration: Node | undefined }
  /** A run of axes: `...Batch` (a type parameter) or `...number[]`. */
  | { readonly kind: "rest"; readonly of: TensorDim; readonly text: string }
  /** Anything else (a union of sizes, an unevaluated conditional type, ...): shown as the compiler prints it. */
  | { readonly kind: "other"; readonly text: string };

/** A tensor type read off the compiler. */
export interface TensorType {
  /** The shape's elements, or undefined when the rank is unknown (`number[]`). */
  readonly dims: readonly TensorDim[] | undefined;
  /** Is the shape a `readonly` tuple (`Tensor<readonly [2, 3]>`)? */
  readonly readonlyShape: boolean;
  /** When the whole shape is a type parameter (`Tensor<S, D>` in generic code): its name and declaration. */
  readonly shapeParameter?: { readonly name: string; readonly declaration: Node | undefined };
  /** Shape text when the shape is neither a tuple, an array nor a type parameter (an unevaluated type). */
  readonly shapeOther: string | undefined;
  /**
   * The dtype: its literals (`["float32"]`, or several for a union), or the
   * name of a type parameter, or undefined for any dtype (`DType`).
   */
  readonly dtype: { readonly kind: "literals"; readonly values: readonly string[] }
    | { readonly kind: "parameter"; readonly name: string; readonly declaration: Node | undefined }
    | { readonly kind: "any" }
    | { readonly kind: "other"; readonly text: string };
}

/** Every dtype of the library (src/dtype.ts's one list), sorted as a union's members are compared below. */
const allDTypes = [...DTYPES].sort();

/** `compilerType` for a ts-morph type, typed for the fields read here. */
const raw = (type: Type): ts.Type => type.compilerType;

/**
 * Is `type` shapecast's `Tensor` class (an instance of it, with its type
 * arguments)? Recognised by name and by its `[exactShape]` member, which
 * only the library's class declares, whether it comes from the sources or
 * from the published `.d.ts`.
 */
export function isTensorType(type: Type): boolean {
  const symbol = type.getSymbol();
  if (symbol === undefined || symbol.getName() !== "Tensor" || !type.isClassOrInterface() && !type.isObject()) return false;
  if (!symbol.getDeclarations().some((declaration) => Node.isClassDeclaration(declaration))) return false;
  return type.getProperties().some((property) => /^__@exactShape@\d+$/.test(property.getName()));
}

/** The tensor `type` stands for, or undefined when it is not a shapecast Tensor. */
export function readTensorType(type: Type): TensorType | undefined {
  if (!isTensorType(type)) return undefined;
  const [shape, dtype] = type.getTypeArguments();
  if (shape === undefined || dtype === undefined) return undefined;
  return { ...readShape(shape), dtype: readDType(dtype) };
}

function readShape(shape: Type): Pick<TensorType, "dims" | "readonlyShape" | "shapeParameter" | "shapeOther"> {
  if (shape.isTypeParameter()) {
    const symbol = shape.getSymbol();
    const name = symbol?.getName() ?? shape.getText();
    return { dims: undefined, readonlyShape: false, shapeParameter: { name, declaration: symbol?.getDeclarations()[0] }, shapeOther: undefined };
  }
  if (shape.isTuple()) {
    const target = (raw(shape) as ts.TypeReference).target as ts.TupleType;
    const flags = target.elementFlags;
    const dims = shape.getTupleElements().map((element, index): TensorDim => {
      const flag = flags[index] ?? ts.ElementFlags.Required;
      if (flag & ts.ElementFlags.Variadic) {
        const of = readDim(element);
        return { kind: "rest", of, text: `...${of.text}` };
      }
      if (flag & ts.ElementFlags.Rest) {
        // a rest element's type is its element type: `...number[]` reads as `number`
        const of = readDim(element);
        return { kind: "rest", of, text: `...${of.kind === "other" ? `(${of.text})` : of.text}[]` };
      }
      return readDim(element);
    });
    return { dims, readonlyShape: target.readonly, shapeOther: undefined };
  }
  if (shape.isArray() || shape.isReadonlyArray()) {
    const element = shape.getArrayElementType() ?? shape.getTypeArguments()[0];
    if (element !== undefined && element.isNumber()) return { dims: undefined, readonlyShape: shape.isReadonlyArray(), shapeOther: undefined };
  }
  return { dims: undefined, readonlyShape: false, shapeOther: shape.getText(undefined, ts.TypeFormatFlags.NoTruncation) };
}

function readDim(size: Type): TensorDim {
  if (size.isNumberLiteral()) {
    const value = size.getLiteralValue() as number;
    return { kind: "literal", value, text: String(value) };
  }
  if (size.isNumber()) return { kind: "number", text: "number" };
  const name = dimName(size);
  if (name !== undefined) return { kind: "dim", name, text: `Dim<${JSON.stringify(name)}>` };
  if (size.isTypeParameter()) {
    const symbol = size.getSymbol();
    const declaration = symbol?.getDeclarations()[0];
    const parameterName = symbol?.getName() ?? size.getText();
    return { kind: "parameter", name: parameterName, text: parameterName, declaration };
  }
  return { kind: "other", text: size.getText(undefined, ts.TypeFormatFlags.NoTruncation) };
}

/** The name of a symbolic size `Dim<"name">` (`number & { readonly [dimName]: "name" }`), if `size` is one. */
function dimName(size: Type): string | undefined {
  if (!size.isIntersection()) return undefined;
  const parts = size.getIntersectionTypes();
  if (!parts.some((part) => part.isNumber())) return undefined;
  for (const part of parts) {
    for (const property of part.getProperties()) {
      if (!/^__@dimName@\d+$/.test(property.getName())) continue;
      const declaration = property.getDeclarations()[0];
      const value = declaration === undefined ? undefined : property.getTypeAtLocation(declaration);
      if (value?.isStringLiteral() === true) return value.getLiteralValue() as string;
    }
  }
  return undefined;
}

function readDType(dtype: Type): TensorType["dtype"] {
  if (dtype.isTypeParameter()) {
    const symbol = dtype.getSymbol();
    return { kind: "parameter", name: symbol?.getName() ?? dtype.getText(), declaration: symbol?.getDeclarations()[0] };
  }
  const parts = dtype.isUnion() ? dtype.getUnionTypes() : [dtype];
  if (parts.every((part) => part.isStringLiteral())) {
    const values = parts.map((part) => part.getLiteralValue() as string).sort();
    if (values.length === allDTypes.length && values.every((value, index) => value === allDTypes[index])) return { kind: "any" };
    return { kind: "literals", values };
  }
  return { kind: "other", text: dtype.getText(undefined, ts.TypeFormatFlags.NoTruncation) };
}

/** Text of a dim for source code, given how `Dim` is spelled where it is written. */
function dimText(dim: TensorDim, dimAs: string): string {
  switch (dim.kind) {
    case "dim":
      return `${dimAs}<${JSON.stringify(dim.name)}>`;
    case "rest":
      return dim.of.kind === "parameter" ? `...${dim.of.name}` : `...${dimText(dim.of, dimAs)}[]`;
    default:
      return dim.text;
  }
}

/**
 * `[2, 3]`, `readonly [B, Dim<"seq">]`, `number[]`: the shape as TypeScript
 * text. `readonly` is written only with `{ readonly: true }` (source text,
 * where it matters for assignability; reports leave it out).
 */
export function shapeText(tensor: TensorType, names: { dim?: string; readonly?: boolean } = {}): string {
  if (tensor.shapeOther !== undefined) return tensor.shapeOther;
  if (tensor.shapeParameter !== undefined) return tensor.shapeParameter.name;
  const prefix = tensor.readonlyShape && names.readonly === true ? "readonly " : "";
  if (tensor.dims === undefined) return `${prefix}number[]`;
  return `${prefix}[${tensor.dims.map((dim) => dimText(dim, names.dim ?? "Dim")).join(", ")}]`;
}

/** `float32`, `float32 | int32`, `D`, `DType`: the dtype as a report prints it. */
export function dtypeLabel(tensor: TensorType): string {
  switch (tensor.dtype.kind) {
    case "literals":
      return tensor.dtype.values.join(" | ");
    case "parameter":
      return tensor.dtype.name;
    case "any":
      return "DType";
    case "other":
      return tensor.dtype.text;
  }
}

/** `[2, 3] float32`: what a report prints for a tensor. */
export function describeTensor(tensor: TensorType): string {
  return `${shapeText(tensor)} ${dtypeLabel(tensor)}`;
}

/**
 * `Tensor<[2, 3], "float32">` as source text; with any dtype, `Tensor<[2, 3]>`
 * (the class's default). `names` spells `Tensor` and `Dim` as the file
 * imports them (`Tensor` / `Dim` unless aliased or namespaced).
 */
export function tensorTypeText(tensor: TensorType, names: { tensor?: string; dim?: string } = {}): string {
  const shape = shapeText(tensor, { ...names, readonly: true });
  const name = names.tensor ?? "Tensor";
  switch (tensor.dtype.kind) {
    case "any":
      return `${name}<${shape}>`;
    case "literals":
      return `${name}<${shape}, ${tensor.dtype.values.map((value) => JSON.stringify(value)).join(" | ")}>`;
    case "parameter":
      return `${name}<${shape}, ${tensor.dtype.name}>`;
    case "other":
      return `${name}<${shape}, ${tensor.dtype.text}>`;
  }
}

/** The dims of a tensor, flattened through rests (`...Batch` yields `Batch`), for checks over every element. */
export function everyDim(tensor: TensorType): TensorDim[] {
  return (tensor.dims ?? []).flatMap((dim) => (dim.kind === "rest" ? [dim.of] : [dim]));
}

/**
 * Why `tensor` cannot be written out as valid source text (`category:
 * detail`, e.g. `size not known: axis 0 is ...`), or undefined when
 * it can: every dim is a literal, `number`, `Dim<"name">`, a type parameter
 * or a rest of these (or the whole shape is a type parameter), and the dtype
 * is literals, a type parameter or any.
 * (Whether type parameters are in scope and `Dim` importable is for the
 * caller to judge where it writes.)
 */
export function unwritable(tensor: TensorType): string | undefined {
  if (tensor.shapeOther !== undefined) return `shape not known: ${brief(tensor.shapeOther)}`;
  for (const [axis, dim] of (tensor.dims ?? []).entries()) {
    const inner = dim.kind === "rest" ? dim.of : dim;
    if (inner.kind === "other") {
      return /^\d+( \| \d+)+$/.test(inner.text)
        ? `conflicting sizes: axis ${axis} is ${inner.text}`
        : `size not known: axis ${axis} is ${brief(inner.text)}`;
    }
    if (dim.kind === "rest" && inner.kind !== "parameter" && inner.kind !== "number") return `rest of unknown sizes: axis ${axis} is ${dim.text}`;
  }
  if (tensor.dtype.kind === "other") return `dtype not known: ${brief(tensor.dtype.text)}`;
  return undefined;
}

/** A type's text cut to one short line, for messages. */
const brief = (text: string): string => {
  const line = text.replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
};
