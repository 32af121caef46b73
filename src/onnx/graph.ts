/**
 * Building an ONNX graph: nodes with generated names, attributes written as
 * typed values (`int(1)`, `floats([..])`), and constants as initializers.
 * The lowerings (src/onnx/lower/) add nodes through a `LowerContext`
 * (src/onnx/lower/context.ts), which wraps one of these.
 *
 * Names are generated from counters, so the same calls lower to the same
 * bytes: the export compares the graphs of two traces (src/onnx/export.ts).
 */
import type { DType } from "../dtype.js";
import { utf8Bytes } from "../io/bytes.js";
import { ELEMENT_TYPE, INT64, onnx, type Onnx } from "./proto.js";

/** An attribute's value, tagged with its ONNX type. */
export type Attribute =
  | { readonly kind: "int"; readonly value: number }
  | { readonly kind: "ints"; readonly value: readonly number[] }
  | { readonly kind: "float"; readonly value: number }
  | { readonly kind: "floats"; readonly value: readonly number[] }
  | { readonly kind: "string"; readonly value: string };

export const int = (value: number): Attribute => ({ kind: "int", value });
export const ints = (value: readonly number[]): Attribute => ({ kind: "ints", value });
export const float = (value: number): Attribute => ({ kind: "float", value });
export const floats = (value: readonly number[]): Attribute => ({ kind: "floats", value });
export const string = (value: string): Attribute => ({ kind: "string", value });

export type Attributes = Readonly<Record<string, Attribute | undefined>>;

const { AttributeType } = onnx.AttributeProto;

function attributeProto(name: string, attribute: Attribute): Onnx.IAttributeProto {
  switch (attribute.kind) {
    case "int":
      return { name, type: AttributeType.INT, i: attribute.value };
    case "ints":
      return { name, type: AttributeType.INTS, ints: [...attribute.value] };
    case "float":
      return { name, type: AttributeType.FLOAT, f: attribute.value };
    case "floats":
      return { name, type: AttributeType.FLOATS, floats: [...attribute.value] };
    case "string":
      return { name, type: AttributeType.STRING, s: utf8Bytes(attribute.value) };
  }
}

/** The bytes of a typed array's elements, little-endian (as every JavaScript engine stores them). */
const bytesOf = (data: ArrayBufferView): Uint8Array => new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();

/** A graph under construction. */
export class GraphBuilder {
  readonly nodes: Onnx.INodeProto[] = [];
  readonly initializers: Onnx.ITensorProto[] = [];
  /** For each node, the op call it lowers (its index in the trace), to name it in errors. */
  readonly nodeCalls: number[] = [];
  /** For each initializer, the op call that made it. */
  readonly initializerCalls: number[] = [];
  /** The call being lowered. */
  call = -1;
  private readonly counts = new Map<string, number>();
  private readonly constants = new Map<string, string>();
  private readonly taken = new Set<string>();

  /** Keeps `name` (an input's, an output's or a weight's) from being generated for anything else. */
  reserve(name: string): void {
    this.taken.add(name);
  }

  /** A name not used before: `add`, `add_1`, ... */
  fresh(prefix: string): string {
    for (;;) {
      const count = this.counts.get(prefix) ?? 0;
      this.counts.set(prefix, count + 1);
      const name = count === 0 ? prefix : `${prefix}_${count}`;
      if (!this.taken.has(name)) {
        this.taken.add(name);
        return name;
      }
    }
  }

  /** The graph output `name`: an Identity of `value`. */
  output(name: string, value: string): void {
    this.nodes.push({ name: this.fresh(`output_${name}`), opType: "Identity", input: [value], output: [name], attribute: [] });
    this.nodeCalls.push(-1);
  }

  /** A reserved name, used once (a named weight). */
  private claim(name: string): string {
    this.counts.set(name, 1);
    return name;
  }

  /** Adds a node and returns the names of its outputs. */
  node(opType: string, inputs: readonly string[], attributes: Attributes = {}, outputs = 1): string[] {
    const base = this.fresh(opType);
    const names = Array.from({ length: outputs }, (_, i) => (outputs === 1 ? base : `${base}:${i}`));
    const attribute = Object.entries(attributes)
      .filter((entry): entry is [string, Attribute] => entry[1] !== undefined)
      .map(([name, value]) => attributeProto(name, value));
    this.nodes.push({ name: base, opType, input: [...inputs], output: names, attribute });
    this.nodeCalls.push(this.call);
    return names;
  }

  /** Adds an initializer named `name` (made unique) and returns its name. */
  initializer(name: string, dataType: number, dims: readonly number[], data: ArrayBufferView): string {
    const unique = this.taken.has(name) && !this.counts.has(name) ? this.claim(name) : this.fresh(name);
    this.initializerCalls.push(this.call);
    this.initializers.push({ name: unique, dataType, dims: [...dims], rawData: bytesOf(data) });
    return unique;
  }

  /** A constant, shared by every use of the same values. */
  constant(dataType: number, dims: readonly number[], data: ArrayBufferView, prefix = "const"): string {
    const key = `${dataType}|${dims.join(",")}|${Array.from(bytesOf(data)).join(",")}`;
    const known = this.constants.get(key);
    if (known !== undefined) return known;
    const name = this.initializer(prefix, dataType, dims, data);
    this.constants.set(key, name);
    return name;
  }

  /** A 1-D int64 constant (axes, shapes, pads, ...). */
  int64s(values: readonly number[]): string {
    return this.constant(INT64, [values.length], BigInt64Array.from(values, (v) => BigInt(v)), "ints");
  }

  /** A scalar constant of `dtype` (shape []). */
  scalar(value: number, dtype: DType): string {
    const data =
      dtype === "float32" ? Float32Array.of(value)
      : dtype === "float64" ? Float64Array.of(value)
      : dtype === "int32" ? Int32Array.of(value)
      : Uint8Array.of(dtype === "bool" ? (value !== 0 ? 1 : 0) : value);
    return this.constant(ELEMENT_TYPE[dtype], [], data, "scalar");
  }
}
