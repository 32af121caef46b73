/**
 * `importOnnxWeights(bytes, schema?)`: an ONNX model's initializers (its
 * weights) as a record of tensors, typed and checked by the schema exactly
 * as `loadSafetensors` checks a weights file (src/io/safetensors.ts).
 *
 * Read: FLOAT, DOUBLE, INT32, UINT8 and BOOL as float32, float64, int32,
 * uint8 and bool; FLOAT16 and BFLOAT16 widened to float32 exactly; INT64
 * (ONNX's type for shapes and indices) as int32 when every value fits, else
 * an error naming the tensor. Data in `raw_data` or in the typed fields
 * (`float_data`, ...) alike. Data stored outside the model file (external
 * data) is not read: an error names the tensor.
 */
import type { DType } from "../dtype.js";
import { allocate } from "../dtype.js";
import { bytesOfInput, checkLoaded, readElements, STORED_AS, type StoredType } from "../io/bytes.js";
import { checkSchema, namedRecord, type SchemaTensors, showNames, type WeightsSchema } from "../io/schema.js";
import { fromStorage, type Tensor } from "../tensor.js";
import { elementTypeName, onnx, type Onnx } from "./proto.js";

const { DataType } = onnx.TensorProto;

/** What each ONNX element type loads as (INT64 is handled on its own). */
const STORED: Partial<Record<number, StoredType>> = {
  [DataType.FLOAT]: STORED_AS.float32,
  [DataType.DOUBLE]: STORED_AS.float64,
  [DataType.INT32]: STORED_AS.int32,
  [DataType.UINT8]: STORED_AS.uint8,
  [DataType.BOOL]: STORED_AS.bool,
  [DataType.FLOAT16]: STORED_AS.float16,
  [DataType.BFLOAT16]: STORED_AS.bfloat16,
};

const toNumber = (value: number | { toNumber(): number }): number => (typeof value === "number" ? value : value.toNumber());

function decodeModel(op: string, bytes: Uint8Array): Onnx.ModelProto {
  try {
    return onnx.ModelProto.decode(bytes);
  } catch (error) {
    throw new TypeError(`${op}: the bytes are not an ONNX model (${(error as Error).message}); pass the bytes of a .onnx file`);
  }
}

/** One initializer's elements as `dtype`'s storage. */
function elementsOf(op: string, t: Onnx.TensorProto, count: number): { data: Tensor["data"]; dtype: DType } {
  const what = `initializer "${t.name}"`;
  if (t.dataLocation === onnx.TensorProto.DataLocation.EXTERNAL) {
    throw new TypeError(`${op}: ${what} keeps its data outside the model file (external data), which is not read; save the model with its data inside`);
  }
  const raw = t.rawData !== undefined && t.rawData.length > 0 ? t.rawData : undefined;
  if (t.dataType === DataType.INT64) {
    const values: number[] = [];
    if (raw !== undefined) {
      if (raw.length !== count * 8) throw new RangeError(`${op}: ${what} has ${raw.length} bytes of data, but its ${count} INT64 elements need ${count * 8}`);
      const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
      for (let i = 0; i < count; i++) values.push(Number(view.getBigInt64(8 * i, true)));
    } else {
      for (const v of t.int64Data) values.push(toNumber(v as number));
    }
    const out = allocate(op, "int32", count);
    values.forEach((v, i) => {
      if (!(v >= -(2 ** 31) && v < 2 ** 31)) throw new RangeError(`${op}: ${what} is INT64 and holds ${v}, which int32 (the dtype it loads as) cannot hold`);
      out[i] = v;
    });
    if (values.length !== count) throw new RangeError(`${op}: ${what} has ${values.length} elements, but its dims need ${count}`);
    return { data: out, dtype: "int32" };
  }
  const stored = STORED[t.dataType];
  if (stored === undefined) {
    throw new TypeError(
      `${op}: ${what} is ${elementTypeName(t.dataType)}, which shapecast does not store; the read types are FLOAT, DOUBLE, INT32, UINT8, BOOL, INT64 (as int32), and FLOAT16 and BFLOAT16 as float32`,
    );
  }
  if (raw !== undefined) {
    if (raw.length !== count * stored.width) throw new RangeError(`${op}: ${what} has ${raw.length} bytes of data, but its ${count} elements need ${count * stored.width}`);
    return { data: readElements(op, what, raw, 0, count, stored, true), dtype: stored.dtype };
  }
  // the typed fields: floats in float_data, doubles in double_data, the rest (and 16-bit floats, as bits) in int32_data
  const field: readonly number[] = t.dataType === DataType.FLOAT ? t.floatData : t.dataType === DataType.DOUBLE ? t.doubleData : t.int32Data;
  if (field.length !== count) throw new RangeError(`${op}: ${what} has ${field.length} elements, but its dims need ${count}`);
  if (stored.kind !== "plain") {
    const bits = new Uint8Array(count * 2);
    const view = new DataView(bits.buffer);
    field.forEach((v, i) => view.setUint16(2 * i, v, true));
    return { data: readElements(op, what, bits, 0, count, stored, true), dtype: stored.dtype };
  }
  const out = allocate(op, stored.dtype, count);
  field.forEach((v, i) => {
    out[i] = stored.dtype === "bool" ? (v !== 0 ? 1 : 0) : v;
  });
  return { data: out, dtype: stored.dtype };
}

/**
 * The initializers of an ONNX model (e.g. one written by `exportOnnx` with
 * `{ weights }`, or by another framework) as tensors by name. With a schema,
 * exactly the named tensors, each checked against its entry (shape, dtype)
 * and typed by it; without one, every initializer.
 *
 * @example
 * const { "fc.w": w, "fc.b": b } = importOnnxWeights(bytes, { "fc.w": [4, 3], "fc.b": [3] });
 */
export function importOnnxWeights<const S extends WeightsSchema>(bytes: Uint8Array | ArrayBuffer, schema: S): SchemaTensors<S>;
export function importOnnxWeights(bytes: Uint8Array | ArrayBuffer): Record<string, Tensor<number[], DType>>;
export function importOnnxWeights(input: Uint8Array | ArrayBuffer, schema?: WeightsSchema): Record<string, Tensor> {
  const op = "importOnnxWeights";
  const bytes = bytesOfInput(op, input);
  const expected = schema === undefined ? undefined : checkSchema(op, schema);
  const model = decodeModel(op, bytes);
  const initializers = new Map<string, Onnx.TensorProto>();
  for (const t of model.graph?.initializer ?? []) {
    const name = t.name ?? "";
    if (initializers.has(name)) throw new TypeError(`${op}: the model has two initializers named ${JSON.stringify(name)}`);
    initializers.set(name, t as Onnx.TensorProto);
  }
  const names = expected === undefined ? [...initializers.keys()] : [...expected.keys()];
  const out = namedRecord<Tensor>();
  for (const name of names) {
    const t = initializers.get(name);
    if (t === undefined) throw new TypeError(`${op}: the model has no initializer "${name}" (schema["${name}"]); it has ${showNames([...initializers.keys()], "none")}`);
    const shape = t.dims.map((d) => toNumber(d as number));
    if (shape.some((d) => !(Number.isSafeInteger(d) && d >= 0))) throw new RangeError(`${op}: initializer "${name}" has dims [${shape.join(", ")}], which are not sizes`);
    const count = shape.reduce((p, d) => p * d, 1);
    const { data, dtype } = elementsOf(op, t, count);
    if (expected !== undefined) checkLoaded(op, `initializer "${name}"`, `schema["${name}"]`, shape, dtype, expected.get(name)!);
    out[name] = fromStorage(data, shape, dtype);
  }
  return out;
}
