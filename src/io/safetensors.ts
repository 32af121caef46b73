/**
 * `.safetensors` files, the weights format of Hugging Face's `safetensors`:
 * `saveSafetensors(tensors, { metadata? })` writes one, `loadSafetensors(bytes,
 * schema?)` reads one into a record of tensors, typed and checked by the
 * schema, and `readSafetensorsHeader(bytes)` lists what a file holds without
 * reading its data.
 *
 * The format: an unsigned 64-bit little-endian header length N, N bytes of a
 * JSON object (padded with spaces) giving for each tensor its `dtype`, `shape`
 * and `data_offsets` `[begin, end)` into the data after the header, and an
 * optional `__metadata__` of string values; then the data, each tensor's
 * elements row-major and little-endian, the tensors end to end with no gaps.
 *
 * Read: F32, F64, I32, U8 and BOOL as float32, float64, int32, uint8 and bool;
 * F16 and BF16 widened to float32 exactly. Any other dtype is a `TypeError`
 * naming the tensor. Everything the format requires is checked (a header
 * that is not JSON, offsets outside the data, overlapping or with gaps, a
 * byte count that does not fit the shape), each a clear error, never a
 * wrong tensor. Written as the Python package writes: the tensors ordered by
 * dtype (F64, F32, I32, U8, BOOL, so every tensor's data is aligned to its
 * width), then by name (by code point), the metadata first, the header compact JSON padded
 * with spaces to a multiple of 8 bytes: the same bytes for the same tensors.
 */
import { allocateArray, type DType } from "../dtype.js";
import { showShape } from "../errors.js";
import { elementBytes } from "../format/serialize.js";
import { assertTensor } from "../ops/engine.js";
import { checkOptionFields, checkShape, checkSize, describe, ownFields } from "../shape/validate.js";
import { type AnyTensor, checkReadOut, fromStorage, inPlace, type Tensor } from "../tensor.js";
import { checkSchema, namedRecord, type SchemaTensors, showNames, type WeightsSchema } from "./schema.js";
import { byteOrderMark, bytesOfInput, checkLoaded, readElements, STORED_AS, type StoredType, utf8Bytes, utf8Text } from "./bytes.js";

/** What each stored dtype loads as. */
const STORED: Record<string, StoredType> = {
  F32: STORED_AS.float32,
  F64: STORED_AS.float64,
  I32: STORED_AS.int32,
  U8: STORED_AS.uint8,
  BOOL: STORED_AS.bool,
  F16: STORED_AS.float16,
  BF16: STORED_AS.bfloat16,
};

/** The dtype each shapecast dtype is written as. */
const WRITTEN: Record<DType, string> = { float32: "F32", float64: "F64", int32: "I32", uint8: "U8", bool: "BOOL" };

/** The format's dtypes shapecast does not read: their widths (to check the offsets) and what they are (for errors). */
const OTHER: Record<string, { readonly width: number; readonly what: string }> = {
  I64: { width: 8, what: "64-bit integers" },
  U64: { width: 8, what: "unsigned 64-bit integers" },
  I16: { width: 2, what: "16-bit integers" },
  U16: { width: 2, what: "unsigned 16-bit integers" },
  I8: { width: 1, what: "8-bit integers" },
  U32: { width: 4, what: "unsigned 32-bit integers" },
  F8_E4M3: { width: 1, what: "8-bit floats" },
  F8_E5M2: { width: 1, what: "8-bit floats" },
};

/** The header's length is read as a 64-bit number: beyond this it cannot be a real header. */
const MAX_HEADER = 100_000_000;

/** What a file says of one tensor. */
export interface SafetensorsEntry {
  /** The stored dtype, as the file names it ("F32", "BF16", ...). */
  readonly stored: string;
  /** The shapecast dtype it loads as; undefined for a dtype shapecast does not store. */
  readonly dtype: DType | undefined;
  readonly shape: readonly number[];
  /** `[begin, end)` in bytes, into the data after the header. */
  readonly offsets: readonly [number, number];
}

/** What a file holds: its tensors by name, in the file's order of data, and its metadata. */
export interface SafetensorsHeader {
  readonly tensors: ReadonlyMap<string, SafetensorsEntry>;
  readonly metadata: Readonly<Record<string, string>> | undefined;
  /** Where the data begins in the file, in bytes. */
  readonly dataStart: number;
}

/**
 * The bytes of a `.safetensors` file holding `tensors` (a record of tensors by name) and
 * `metadata` (string values). Views are written as their own elements. Any record type
 * of tensors will do, an interface of a model's parameters too.
 *
 * @example
 * writeFileSync("model.safetensors", saveSafetensors({ "fc1.weight": w1, "fc1.bias": b1 }));
 */
export function saveSafetensors<R extends { readonly [K in keyof R]: AnyTensor }>(tensors: R, options?: { readonly metadata?: Readonly<Record<string, string>> }): Uint8Array<ArrayBuffer>;
export function saveSafetensors(tensors: Readonly<Record<string, Tensor>>, options: { readonly metadata?: Readonly<Record<string, string>> } = {}): Uint8Array<ArrayBuffer> {
  const op = "saveSafetensors";
  if (typeof tensors !== "object" || tensors === null || Array.isArray(tensors)) {
    throw new TypeError(`${op}: tensors must be a record of tensors by name, such as { "fc1.weight": w }, got ${describe(tensors)}`);
  }
  const { metadata } = checkOptionFields(op, options, ["metadata"], '{ metadata: { format: "pt" } }');
  if (metadata !== undefined) {
    if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) {
      throw new TypeError(`${op}: options.metadata must be a record of strings, got ${describe(metadata)}`);
    }
    for (const [key, value] of Object.entries(metadata)) {
      if (typeof value !== "string") throw new TypeError(`${op}: options.metadata[${JSON.stringify(key)}] must be a string, got ${describe(value)}`);
    }
  }
  const names = Object.keys(tensors);
  if (names.includes("__metadata__")) throw new TypeError(`${op}: a tensor may not be named "__metadata__" (the format keeps that name for the metadata)`);
  for (const name of names) assertTensor(op, `tensors["${name}"]`, tensors[name]);
  const rank = (name: string): number => ORDER[tensors[name]!.dtype];
  names.sort((a, b) => rank(b) - rank(a) || byCodePoint(a, b));
  // written as text, not through an object, so that names like "0" keep their place
  const fields: string[] = metadata === undefined ? [] : [`"__metadata__":${JSON.stringify(metadata)}`];
  const blocks: Uint8Array[] = [];
  let offset = 0;
  for (const name of names) {
    const t = tensors[name]!;
    checkReadOut("saveSafetensors", t);
    const bytes = elementBytes(inPlace(t), op);
    fields.push(`${JSON.stringify(name)}:${JSON.stringify({ dtype: WRITTEN[t.dtype], shape: t.shape, data_offsets: [offset, offset + bytes.length] })}`);
    blocks.push(bytes);
    offset += bytes.length;
  }
  const json = utf8Bytes(`{${fields.join(",")}}`);
  const length = json.length + ((8 - (json.length % 8)) % 8);
  const out = allocateArray(op, Uint8Array, 8 + length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(length), true);
  out.set(json, 8);
  out.fill(0x20, 8 + json.length, 8 + length);
  let at = 8 + length;
  for (const block of blocks) {
    out.set(block, at);
    at += block.length;
  }
  return out;
}

/**
 * The order the Python package writes tensors in: by dtype, F64, F32, I32, U8, BOOL (its
 * dtypes' order, last first), then by name (`byCodePoint`). Widths never grow along it, so each tensor's
 * data is aligned to its width.
 */
const ORDER: Record<DType, number> = { float64: 4, float32: 3, int32: 2, uint8: 1, bool: 0 };

/**
 * Names compared as the package compares them: by code point, which is the order of their UTF-8
 * bytes. (JavaScript's `<` compares UTF-16 units, which puts "\u{10000}" before "\uffff".)
 */
function byCodePoint(a: string, b: string): number {
  // (equal code points take equal units, so one index serves both)
  for (let i = 0; i < a.length && i < b.length; ) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/**
 * The tensors of a `.safetensors` file (its bytes; the elements are copied). With a
 * `schema`, exactly the schema's tensors, typed by it and checked against the file: a
 * missing name, another shape (`ShapeError`) or another dtype (`TypeError`) names the
 * tensor. Without one, every tensor in the file, of unknown shapes.
 *
 * @example
 * const { "fc1.weight": w } = loadSafetensors(bytes, { "fc1.weight": [128, 784] }); // Tensor<[128, 784], "float32">
 */
export function loadSafetensors<const S extends WeightsSchema>(bytes: Uint8Array | ArrayBuffer, schema: S): SchemaTensors<S>;
export function loadSafetensors(bytes: Uint8Array | ArrayBuffer): Record<string, Tensor<number[], DType>>;
export function loadSafetensors(input: Uint8Array | ArrayBuffer, schema?: WeightsSchema): Record<string, Tensor> {
  const op = "loadSafetensors";
  const bytes = bytesOfInput(op, input);
  // the schema is checked first: a misspelt entry is the caller's error whatever the file holds
  const expected = schema === undefined ? undefined : checkSchema(op, schema);
  const header = parseHeader(op, bytes);
  const names = expected === undefined ? [...header.tensors.keys()] : [...expected.keys()];
  const out = namedRecord<Tensor>();
  for (const name of names) {
    const entry = header.tensors.get(name);
    if (entry === undefined) {
      throw new TypeError(`${op}: the file holds no tensor "${name}" (schema["${name}"]); it holds ${showNames([...header.tensors.keys()], "none")}`);
    }
    const stored = STORED[entry.stored];
    if (stored === undefined) {
      throw new TypeError(
        `${op}: tensor "${name}" is stored as ${entry.stored}${OTHER[entry.stored] ? ` (${OTHER[entry.stored]!.what})` : ""}, which shapecast does not store; the read dtypes are F32, F64, I32, U8, BOOL, and F16 and BF16 as float32: convert it where the file is written (e.g. tensor.to(torch.int32))`,
      );
    }
    if (expected !== undefined) checkLoaded(op, `tensor "${name}"`, `schema["${name}"]`, entry.shape, stored.dtype, expected.get(name)!);
    const data = readElements(op, `tensor "${name}"`, bytes, header.dataStart + entry.offsets[0], product(entry.shape), stored, true);
    out[name] = fromStorage(data, [...entry.shape], stored.dtype);
  }
  return out;
}

const product = (shape: readonly number[]): number => shape.reduce((p, d) => p * d, 1);

/**
 * What a `.safetensors` file holds, from its header alone: each tensor's stored dtype, the
 * dtype it loads as, its shape and byte offsets, and the metadata. Checked as
 * `loadSafetensors` checks it.
 */
export function readSafetensorsHeader(bytes: Uint8Array | ArrayBuffer): SafetensorsHeader {
  const op = "readSafetensorsHeader";
  return parseHeader(op, bytesOfInput(op, bytes));
}

function parseHeader(op: string, bytes: Uint8Array): SafetensorsHeader {
  if (bytes.length < 8) throw new RangeError(`${op}: the file is cut short: ${bytes.length} bytes, less than the 8 of the header's length`);
  const length = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
  if (length > BigInt(MAX_HEADER)) throw new RangeError(`${op}: the header's length reads ${length} bytes, more than ${MAX_HEADER}: not a .safetensors file`);
  const dataStart = 8 + Number(length);
  if (bytes.length < dataStart) throw new RangeError(`${op}: the file is cut short: its header is ${length} bytes but ${bytes.length - 8} follow the length`);
  let text: string;
  try {
    text = utf8Text(bytes.subarray(8, dataStart));
  } catch (error) {
    throw new TypeError(`${op}: the header is not UTF-8 text: not a .safetensors file, or a damaged one`, { cause: error });
  }
  if (!text.startsWith("{")) throw new TypeError(`${op}: the header does not begin with "{"${byteOrderMark(text)}: not a .safetensors file`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`${op}: the header is not JSON (${(error as Error).message}): not a .safetensors file, or a damaged one`, { cause: error });
  }
  const record = json as Record<string, unknown>; // JSON text that begins with "{" is an object
  let metadata: Record<string, string> | undefined;
  const tensors: [string, SafetensorsEntry][] = [];
  for (const [name, value] of Object.entries(record)) {
    if (name === "__metadata__") {
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new TypeError(`${op}: the header's __metadata__ must be an object of strings, got ${describe(value)}`);
      for (const [key, text] of Object.entries(value)) {
        if (typeof text !== "string") throw new TypeError(`${op}: the header's __metadata__["${key}"] must be a string, got ${describe(text)}`);
      }
      metadata = ownFields(value) as Record<string, string>;
      continue;
    }
    tensors.push([name, entryOf(op, name, value)]);
  }
  // the data: each tensor's bytes fit its shape, and the tensors tile the data exactly
  const dataLength = bytes.length - dataStart;
  tensors.sort(([, a], [, b]) => a.offsets[0] - b.offsets[0] || a.offsets[1] - b.offsets[1]);
  let end = 0;
  for (const [name, entry] of tensors) {
    const [begin, stop] = entry.offsets;
    if (begin !== end) {
      throw new RangeError(
        begin < end
          ? `${op}: tensor "${name}"'s data_offsets [${begin}, ${stop}] overlap the tensor before it, which ends at ${end}`
          : `${op}: tensor "${name}"'s data_offsets [${begin}, ${stop}] leave bytes ${end} to ${begin} unused; the format has no gaps`,
      );
    }
    end = stop;
  }
  if (end !== dataLength) {
    throw new RangeError(
      end > dataLength
        ? `${op}: the file is cut short: its tensors need ${end} bytes of data but ${dataLength} follow the header`
        : `${op}: ${dataLength - end} bytes follow the last tensor's data (which ends at ${end}); the format has no gaps`,
    );
  }
  return { tensors: new Map(tensors), metadata, dataStart };
}

/** One tensor's header entry, checked. */
function entryOf(op: string, name: string, value: unknown): SafetensorsEntry {
  const where = `tensor "${name}"`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new TypeError(`${op}: the header's ${where} must be an object of dtype, shape and data_offsets, got ${describe(value)}`);
  const { dtype: stored, shape, data_offsets: offsets } = ownFields(value);
  if (typeof stored !== "string") throw new TypeError(`${op}: ${where}'s dtype must be a string such as "F32", got ${describe(stored)}`);
  checkShape(op, `${where}'s shape`, shape);
  if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((n) => Number.isSafeInteger(n) && n >= 0) || offsets[0] > offsets[1]) {
    throw new TypeError(`${op}: ${where}'s data_offsets must be [begin, end] with 0 <= begin <= end, got ${JSON.stringify(offsets)}`);
  }
  const known = STORED[stored];
  const width = known?.width ?? OTHER[stored]?.width;
  if (width === undefined) throw new TypeError(`${op}: ${where}'s dtype "${stored}" is not one this reader knows`);
  const size = checkSize(op, shape, `${where}'s shape`);
  if (offsets[1] - offsets[0] !== size * width) {
    throw new RangeError(`${op}: ${where} of shape ${showShape(shape)} and dtype ${stored} needs ${size * width} bytes but its data_offsets [${offsets[0]}, ${offsets[1]}] hold ${offsets[1] - offsets[0]}`);
  }
  return { stored, dtype: known?.dtype, shape: [...shape], offsets: [offsets[0], offsets[1]] };
}
