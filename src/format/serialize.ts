/**
 * Tensors out of the program and back: the JSON form (`t.toJSON()`, which
 * `JSON.stringify` calls, and `Tensor.fromJSON`), and a tensor rebuilt from
 * its structured clone (`Tensor.from`), e.g. after `postMessage` to a worker.
 *
 * The JSON form, version 1 (the fields in this order):
 *
 *   {"format":"shapecast.tensor","version":1,"shape":[2],"dtype":"float32","data":"AACAPwAAAMA="}
 *
 * `data` is base64 (RFC 4648's standard alphabet, padded) of the elements'
 * bytes in row-major order, each element little-endian: 1 byte per `bool`
 * (0 or 1) or `uint8` element, 4 per `int32` or `float32`, 8 per `float64`.
 * The bytes are copied as they are stored, never through a JavaScript
 * number, so every value comes back bit for bit: NaN with its payload,
 * infinities, -0, subnormals. A view (transposed, sliced, broadcast) writes
 * its own elements, not its buffer: a broadcast view of 3 values as [1000, 3]
 * writes 3000. The text is canonical: one tensor has one JSON text.
 *
 * A structured clone of a tensor (`structuredClone(t)`, or what a worker
 * receives from `postMessage(t)`) is a plain object with the tensor's fields:
 * `data` (a typed array over a copy of the whole buffer, or over the buffer
 * itself when it was in the transfer list), `shape`, `strides`, `offset`,
 * `dtype` and `size`. `Tensor.from` checks it and makes a tensor over that
 * same typed array, copying nothing: a view stays the same view (a broadcast
 * axis keeps its stride of 0).
 */
import type { Shape } from "../../types/index.js";
import { allocateArray, bytesOf, checkDType, type DType, storageName, storageOver, type StorageOf } from "../dtype.js";
import { ShapeError, showShape } from "../errors.js";
import { contiguousStrides } from "../kernels/plan.js";
import { checkShape, describe, ownFields } from "../shape/validate.js";

export const TENSOR_JSON_FORMAT = "shapecast.tensor";
export const TENSOR_JSON_VERSION = 1;

/** The JSON form of a tensor: what `toJSON()` gives and `Tensor.fromJSON` takes. */
export interface TensorJSON<S extends Shape = Shape, D extends DType = DType> {
  /** Always `"shapecast.tensor"`. */
  readonly format: typeof TENSOR_JSON_FORMAT;
  /** The version of this form; a later one that reads differently gets another number. */
  readonly version: typeof TENSOR_JSON_VERSION;
  readonly shape: S;
  readonly dtype: D;
  /** Base64 of the elements' little-endian bytes, row-major. */
  readonly data: string;
}

/**
 * What `Tensor.from` takes: a tensor, its structured clone, or a plain
 * `{ data, shape, dtype }` of a typed array of the dtype's class holding the
 * elements in row-major order. `strides` (in elements; 0 on a broadcast axis,
 * negative to walk backwards) and `offset` (the index in `data` of the first
 * element) describe a view; `size`, when present, must be the shape's product.
 */
export interface TensorLike<S extends Shape = Shape, D extends DType = DType> {
  readonly data: StorageOf[D];
  readonly shape: S;
  readonly dtype: D;
  readonly strides?: readonly number[] | undefined;
  readonly offset?: number | undefined;
  readonly size?: number | undefined;
}

/**
 * The shape and dtype a caller expects from `Tensor.fromJSON` or `Tensor.from`:
 * checked at run time (a `ShapeError` for another shape, a `TypeError` for
 * another dtype), and the result's type at compile time.
 */
export interface TensorExpectation<S extends Shape = Shape, D extends DType = DType> {
  readonly shape?: S | undefined;
  readonly dtype?: D | undefined;
}

/** The result's shape: `S` (writable), or `number[]` when `S` is `any` (an argument typed `any`). */
export type KnownShape<S extends Shape> = 0 extends 1 & S ? number[] : [...S];
/** The result's dtype: `D`, or every dtype when `D` is `any`. */
export type KnownDType<D extends DType> = 0 extends 1 & D ? DType : D;

/** What a tensor is made of; `Tensor` is built from these. */
export interface TensorParts {
  readonly data: StorageOf[DType];
  readonly shape: number[];
  readonly strides: number[];
  readonly offset: number;
  readonly dtype: DType;
}

/** What writing the JSON form reads of a tensor (structural: src/tensor.ts imports this module). */
interface Source {
  readonly data: StorageOf[DType];
  readonly shape: readonly number[];
  readonly strides: readonly number[];
  readonly offset: number;
  readonly dtype: DType;
  readonly size: number;
  readonly isContiguous: boolean;
}

/** Does this engine store typed arrays little-endian? (Every common one does.) */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The longest string every major JavaScript engine can make (V8's limit,
 * the smallest; SpiderMonkey's is 2^30 - 2): the JSON form's `data` must fit.
 * About 402 MB of elements.
 */
export const MAX_BASE64_LENGTH = 2 ** 29 - 24;

// ---------------------------------------------------------------------------
// Bytes
// ---------------------------------------------------------------------------

/** A `RangeError` naming `name`'s first element that is neither 0 nor 1 (bool elements, as stored). */
export function checkBoolBytes(op: string, name: string, bytes: Uint8Array): void {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! > 1) throw new RangeError(`${op}: ${name}'s element ${i} is ${bytes[i]}; a bool is stored as 0 or 1`);
  }
}

/** Reverses the bytes of each `width`-byte group of `bytes` in place (little- to big-endian and back). */
export function swapBytes(bytes: Uint8Array, width: number): void {
  if (width === 1) return;
  for (let start = 0; start < bytes.length; start += width) {
    for (let i = start, j = start + width - 1; i < j; i++, j--) {
      const byte = bytes[i]!;
      bytes[i] = bytes[j]!;
      bytes[j] = byte;
    }
  }
}

/**
 * Copies the elements at the positions `shape`, `strides` and `offset` read
 * (row-major) from `from` to `to`, `words` entries per element: bytes for
 * 1-byte dtypes, 32-bit words for the others (two per float64), so a value is
 * copied as bits and never read as a number. `shape` holds no 0.
 *
 * A position only ever moves to another element's, so it stays inside the
 * buffer: the stride of a size-1 axis (which may be anything, a slice with a
 * step of 2^52 over it included) is never added.
 */
function gather(from: Uint8Array | Uint32Array, to: Uint8Array | Uint32Array, words: number, shape: readonly number[], strides: readonly number[], offset: number): void {
  const length = shape[shape.length - 1]!;
  const step = strides[strides.length - 1]! * words;
  const index = new Array<number>(shape.length).fill(0);
  let position = offset;
  let k = 0;
  for (let move: number | undefined = 0; move !== undefined; move = nextRow(index, shape, strides)) {
    position += move;
    if (words === 1) {
      for (let i = 0, p = position; i < length; i++, p += step) to[k++] = from[p]!;
    } else {
      for (let i = 0, p = position * words; i < length; i++, p += step) {
        to[k++] = from[p]!;
        to[k++] = from[p + 1]!;
      }
    }
  }
}

/**
 * Steps `index` (of every axis but the last) to the next row in row-major order and gives the
 * change of position in elements, or undefined after the last row. An axis adds its stride only
 * when it stays inside the axis and takes back only what it added, so a size-1 axis never moves
 * the position: its stride may be anything.
 */
function nextRow(index: number[], shape: readonly number[], strides: readonly number[]): number | undefined {
  let move = 0;
  for (let axis = shape.length - 2; axis >= 0; axis--) {
    if (++index[axis]! < shape[axis]!) return move + strides[axis]!;
    move -= strides[axis]! * (shape[axis]! - 1);
    index[axis] = 0;
  }
  return undefined;
}

/** The elements of `t` in row-major order as little-endian bytes, in a new buffer (for `op`, which memory errors name). */
export function elementBytes(t: Source, op: string): Uint8Array {
  const width = bytesOf(t.dtype);
  const bytes = allocateArray(op, Uint8Array, t.size * width);
  if (t.size === 0) return bytes;
  const data = t.data;
  if (t.isContiguous) {
    bytes.set(new Uint8Array(data.buffer, data.byteOffset + t.offset * width, t.size * width));
  } else if (width === 1) {
    gather(new Uint8Array(data.buffer, data.byteOffset, data.length), bytes, 1, t.shape, t.strides, t.offset);
  } else {
    const words = width / 4;
    gather(new Uint32Array(data.buffer, data.byteOffset, data.length * words), new Uint32Array(bytes.buffer), words, t.shape, t.strides, t.offset);
  }
  if (!LITTLE_ENDIAN) swapBytes(bytes, width);
  return bytes;
}

// ---------------------------------------------------------------------------
// Base64 (RFC 4648, standard alphabet, padded), written here: no base64
// function exists in every engine the library runs in, and this decoder is strict.
// ---------------------------------------------------------------------------

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** The 6-bit value of each ASCII character, -1 for those outside the alphabet. */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;
const PAD = 61; // "="

export const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

/** The web's TextDecoder, where the engine has it (the library is compiled without DOM types). */
type Decoder = new (label: string) => { decode(bytes: Uint8Array): string };
const TextDecoderClass = (globalThis as { TextDecoder?: Decoder }).TextDecoder;

/** Characters per `String.fromCharCode` call where there is no TextDecoder. */
const PIECE = 8192;

/** ASCII character codes as a string: one TextDecoder call (about 4 times faster), else in pieces. */
export function asciiString(codes: Uint8Array, decoder: Decoder | null = TextDecoderClass ?? null): string {
  // ("latin1" is windows-1252 to TextDecoder, which reads ASCII as ASCII)
  if (decoder !== null) return new decoder("latin1").decode(codes);
  const pieces: string[] = [];
  for (let start = 0; start < codes.length; start += PIECE) {
    pieces.push(String.fromCharCode.apply(null, codes.subarray(start, start + PIECE) as unknown as number[]));
  }
  return pieces.join("");
}

export function encodeBase64(bytes: Uint8Array, op = "toJSON"): string {
  const chars = allocateArray(op, Uint8Array, base64Length(bytes.length));
  let c = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const triple = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chars[c++] = CODES[triple >>> 18]!;
    chars[c++] = CODES[(triple >>> 12) & 63]!;
    chars[c++] = CODES[(triple >>> 6) & 63]!;
    chars[c++] = CODES[triple & 63]!;
  }
  if (i < bytes.length) {
    const two = i + 1 < bytes.length;
    const triple = (bytes[i]! << 16) | (two ? bytes[i + 1]! << 8 : 0);
    chars[c++] = CODES[triple >>> 18]!;
    chars[c++] = CODES[(triple >>> 12) & 63]!;
    chars[c++] = two ? CODES[(triple >>> 6) & 63]! : PAD;
    chars[c++] = PAD;
  }
  return asciiString(chars);
}

/**
 * The number of bytes base64 `text` holds, read off its length and padding
 * (before any character is decoded), or a `RangeError` naming `op` and `name`.
 */
export function decodedLength(op: string, name: string, text: string): number {
  if (text.length % 4 !== 0) {
    throw new RangeError(`${op}: ${name} is not base64: its length ${text.length} is not a multiple of 4`);
  }
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/**
 * The bytes of base64 `text`, strictly: only the standard alphabet, `=` only
 * as the last one or two characters, and the bits padding leaves over zero
 * (so each byte string has one encoding); a `RangeError` naming `op` and
 * `name` at the first character that breaks a rule.
 */
export function decodeBase64(op: string, name: string, text: string): Uint8Array<ArrayBuffer> {
  const length = decodedLength(op, name, text);
  const bytes = allocateArray(op, Uint8Array, length);
  const bad = (at: number, why: string): never => {
    throw new RangeError(`${op}: ${name} is not base64: character ${at} (${JSON.stringify(text[at])}) ${why}`);
  };
  const value = (at: number): number => {
    const code = text.charCodeAt(at);
    const v = code < 128 ? VALUES[code]! : -1;
    if (v < 0) bad(at, code === PAD ? "is padding before the end" : "is not in the base64 alphabet");
    return v;
  };
  let k = 0;
  const full = Math.floor(length / 3) * 4; // the characters of whole 3-byte groups
  for (let at = 0; at < full; at += 4) {
    const triple = (value(at) << 18) | (value(at + 1) << 12) | (value(at + 2) << 6) | value(at + 3);
    bytes[k++] = triple >>> 16;
    bytes[k++] = (triple >>> 8) & 255;
    bytes[k++] = triple & 255;
  }
  if (full < text.length) {
    const first = value(full);
    const second = value(full + 1);
    if (length % 3 === 1) {
      if ((second & 15) !== 0) bad(full + 1, "leaves bits over that are not zero");
      bytes[k++] = (first << 2) | (second >>> 4);
    } else {
      const third = value(full + 2);
      if ((third & 3) !== 0) bad(full + 2, "leaves bits over that are not zero");
      bytes[k++] = (first << 2) | (second >>> 4);
      bytes[k++] = ((second & 15) << 4) | (third >>> 2);
    }
  }
  return bytes;
}

// ---------------------------------------------------------------------------
// The JSON form
// ---------------------------------------------------------------------------

/** A `RangeError` unless the base64 of `t`'s elements fits in a string (`MAX_BASE64_LENGTH`). */
export function checkJSONLength(t: Pick<Source, "dtype" | "shape" | "size">): void {
  const bytes = t.size * bytesOf(t.dtype);
  const length = base64Length(bytes);
  if (length > MAX_BASE64_LENGTH) {
    throw new RangeError(
      `toJSON: a ${t.dtype} tensor of shape ${showShape(t.shape)} is ${bytes} bytes, whose base64 (${length} characters) is longer than the ${MAX_BASE64_LENGTH} a string holds in every engine; send it with postMessage and Tensor.from, or read it with toTypedArray()`,
    );
  }
}

/**
 * `t`'s JSON form; a `RangeError` before any work when its data would not fit
 * in a string, a `TypeError` when its buffer was transferred away.
 */
export function toJSONForm(t: Source): TensorJSON {
  checkJSONLength(t);
  if (t.size > 0 && t.data.buffer.byteLength === 0) {
    throw new TypeError(`toJSON: the tensor's buffer is detached (transferred to another thread?); it holds none of its ${t.size} elements`);
  }
  return {
    format: TENSOR_JSON_FORMAT,
    version: TENSOR_JSON_VERSION,
    shape: [...t.shape],
    dtype: t.dtype,
    data: encodeBase64(elementBytes(t, "toJSON")),
  };
}

const JSON_FIELDS = ["format", "version", "shape", "dtype", "data"];

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const product = (shape: readonly number[]): number => shape.reduce((size, dim) => size * dim, 1);

/**
 * What a caller expects of a tensor read (`{ shape?, dtype? }`, each optional), checked: a
 * `TypeError` for a value that is not an object, an unknown field or dtype; a `RangeError` or
 * `TypeError` for a field that is not a shape. Its own fields only; undefined when absent.
 */
export function checkExpectation(op: string, expected: unknown): { readonly shape?: readonly number[]; readonly dtype?: DType } | undefined {
  if (expected === undefined) return undefined;
  if (!isRecord(expected)) {
    throw new TypeError(`${op}: expected must be an object such as { shape: [2, 3], dtype: "float32" }, got ${describe(expected)}`);
  }
  const fields = ownFields(expected);
  for (const key of Object.keys(fields)) {
    if (key !== "shape" && key !== "dtype") throw new TypeError(`${op}: expected field "${key}" is not known (the fields are shape and dtype)`);
  }
  const { shape, dtype } = fields;
  if (shape !== undefined) checkShape(op, "expected.shape", shape);
  return { shape, dtype: dtype === undefined ? undefined : checkDType(op, "expected.dtype", dtype) };
}

/**
 * Throws unless `expected` is absent or an object of `shape` and `dtype`
 * (each optional) that `shape` and `dtype` match: a `ShapeError` for another
 * shape (as `assertShape` words it), a `TypeError` for another dtype.
 */
function checkExpected(op: string, name: string, shape: readonly number[], dtype: DType, expected: unknown): void {
  const want = checkExpectation(op, expected);
  if (want?.shape !== undefined) {
    const wanted = want.shape;
    checkSameShape(op, shape, wanted, (detail) => `${op}: ${detail}; expected ${showShape(wanted)}, got ${showShape(shape)}`);
  }
  if (want?.dtype !== undefined && want.dtype !== dtype) throw new TypeError(`${op}: ${name}.dtype is "${dtype}" but expected.dtype is "${want.dtype}"`);
}

/**
 * A `ShapeError` unless `shape` is `want`, its message `write(detail)`, the detail the ranks
 * (`rank 2 vs 3`) or the first axis that differs (`axis 0 has 2 vs 3`).
 */
export function checkSameShape(op: string, shape: readonly number[], want: readonly number[], write: (detail: string) => string): void {
  const fail = (detail: string, axis?: number): never => {
    throw new ShapeError(write(detail), {
      code: axis === undefined ? "rank" : "mismatch",
      op,
      mode: "none",
      a: [...shape],
      b: [...want],
      axis,
      sizes: axis === undefined ? undefined : [shape[axis]!, want[axis]!],
    });
  };
  if (shape.length !== want.length) fail(`rank ${shape.length} vs ${want.length}`);
  for (let axis = 0; axis < want.length; axis++) {
    if (shape[axis] !== want[axis]) fail(`axis ${axis} has ${shape[axis]} vs ${want[axis]}`, axis);
  }
}

/** The parts of the tensor `json` describes (its JSON form, or that form's text), checked. */
export function partsFromJSON(json: unknown, expected: unknown): TensorParts {
  const op = "Tensor.fromJSON";
  let given = json;
  if (typeof json === "string") {
    try {
      given = JSON.parse(json);
    } catch (error) {
      throw new SyntaxError(`${op}: json is a string but not JSON text: ${(error as Error).message}`, { cause: error });
    }
  }
  const parsed = typeof json === "string" ? " (parsed from the text)" : "";
  if (!isRecord(given)) {
    throw new TypeError(`${op}: json must be a tensor's JSON form (an object from toJSON(), or its JSON text), got ${describe(given)}${parsed}`);
  }
  const form = ownFields(given);
  if (form["format"] !== TENSOR_JSON_FORMAT) {
    throw new TypeError(`${op}: json.format must be "${TENSOR_JSON_FORMAT}", got ${describe(form["format"])}${parsed}: not a tensor's JSON form`);
  }
  const version = form["version"];
  if (typeof version !== "number") throw new TypeError(`${op}: json.version must be a number, got ${describe(version)}`);
  if (version !== TENSOR_JSON_VERSION) {
    throw new RangeError(`${op}: json.version is ${version}; this version of shapecast reads version ${TENSOR_JSON_VERSION} of the JSON form`);
  }
  for (const key of Object.keys(form)) {
    if (!JSON_FIELDS.includes(key)) {
      throw new TypeError(`${op}: json field "${key}" is not known (a tensor's JSON form has ${JSON_FIELDS.join(", ")})`);
    }
  }
  const shape = form["shape"];
  checkShape(op, "json.shape", shape);
  const dtype = checkDType(op, "json.dtype", form["dtype"]);
  checkExpected(op, "json", shape, dtype, expected);
  const text = form["data"];
  if (typeof text !== "string") throw new TypeError(`${op}: json.data must be a base64 string, got ${describe(text)}`);
  const size = product(shape);
  const width = bytesOf(dtype);
  const length = decodedLength(op, "json.data", text);
  if (length !== size * width) {
    throw new RangeError(
      `${op}: json.data holds ${length} bytes, but shape ${showShape(shape)} of ${dtype} needs ${size * width} (${size} ${size === 1 ? "element" : "elements"} of ${width} ${width === 1 ? "byte" : "bytes"})`,
    );
  }
  const bytes = decodeBase64(op, "json.data", text);
  if (dtype === "bool") checkBoolBytes(op, "json.data", bytes);
  if (!LITTLE_ENDIAN) swapBytes(bytes, width);
  return { data: storageOver(dtype, bytes.buffer), shape: [...shape], strides: contiguousStrides(shape), offset: 0, dtype };
}

// ---------------------------------------------------------------------------
// Structured clones
// ---------------------------------------------------------------------------

/** `"a Float64Array"`, `"an Int32Array"`. */
const withArticle = (name: string): string => `${name.startsWith("I") ? "an" : "a"} ${name}`;

/** A typed array (or a DataView) by its class, else as `describe` names a value. */
const describeData = (data: unknown): string =>
  ArrayBuffer.isView(data) ? withArticle(Object.prototype.toString.call(data).slice(8, -1)) : describe(data);

/** A non-negative (`min` 0) or any safe integer, else a TypeError or RangeError naming `name`. */
function checkPosition(op: string, name: string, value: unknown, what: string, min = -Infinity): number {
  if (typeof value !== "number") throw new TypeError(`${op}: ${name} must be ${what}, got ${describe(value)}`);
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${op}: ${name} = ${value} is not ${what}`);
  return value;
}

/** Calls `visit` with each position `shape`, `strides` and `offset` read, row-major; `shape` holds no 0. */
function forEachPosition(shape: readonly number[], strides: readonly number[], offset: number, visit: (position: number, k: number) => void): void {
  const length = shape.length === 0 ? 1 : shape[shape.length - 1]!;
  const step = shape.length === 0 ? 0 : strides[strides.length - 1]!;
  const index = new Array<number>(shape.length).fill(0);
  let position = offset;
  let k = 0;
  for (let move: number | undefined = 0; move !== undefined; move = nextRow(index, shape, strides)) {
    position += move;
    for (let i = 0, p = position; i < length; i++, p += step) visit(p, k++);
  }
}

/**
 * The parts of the tensor `value` describes (a tensor, its structured clone,
 * or a plain `{ data, shape, dtype }`), checked, over `value.data` itself.
 */
export function partsFromClone(given: unknown, expected: unknown): TensorParts {
  const op = "Tensor.from";
  if (!isRecord(given)) {
    throw new TypeError(`${op}: value must be a Tensor or its structured clone (an object with data, shape and dtype), got ${describe(given)}`);
  }
  // its own fields: a strides, offset or shape inherited from Object.prototype is no part of it
  const value = ownFields(given);
  const shape = value["shape"];
  checkShape(op, "value.shape", shape);
  const dtype = checkDType(op, "value.dtype", value["dtype"]);
  checkExpected(op, "value", shape, dtype, expected);
  const data = value["data"];
  const storage = storageName(dtype);
  if (!ArrayBuffer.isView(data) || Object.prototype.toString.call(data) !== `[object ${storage}]`) {
    throw new TypeError(`${op}: value.data must be ${withArticle(storage)} (dtype ${dtype}), got ${describeData(data)}`);
  }
  const elements = data as StorageOf[DType];
  const size = product(shape);
  if (value["size"] !== undefined && checkPosition(op, "value.size", value["size"], "a non-negative integer", 0) !== size) {
    throw new RangeError(`${op}: value.size is ${value["size"]}, but shape ${showShape(shape)} holds ${size} elements`);
  }
  const detached = elements.buffer.byteLength === 0 ? " (its buffer is empty: was it transferred away, or the tensor disposed before it was cloned?)" : "";
  const stated = value["strides"];
  let strides: number[];
  if (stated === undefined) {
    strides = contiguousStrides(shape);
  } else {
    if (!Array.isArray(stated)) throw new TypeError(`${op}: value.strides must be an array of integers, got ${describe(stated)}`);
    if (stated.length !== shape.length) {
      throw new RangeError(`${op}: value.strides has ${stated.length} ${stated.length === 1 ? "entry" : "entries"}, but value.shape has ${shape.length} ${shape.length === 1 ? "axis" : "axes"}`);
    }
    strides = stated.map((stride, axis) => checkPosition(op, `value.strides[${axis}]`, stride, "an integer"));
  }
  const offset = value["offset"] === undefined ? 0 : checkPosition(op, "value.offset", value["offset"], "a non-negative integer", 0);
  if (stated === undefined && value["offset"] === undefined) {
    if (elements.length !== size) {
      throw new RangeError(`${op}: value.data has ${elements.length} elements, but shape ${showShape(shape)} holds ${size}${detached}`);
    }
  } else if (size > 0) {
    let first = offset;
    let last = offset;
    for (let axis = 0; axis < shape.length; axis++) {
      const span = (shape[axis]! - 1) * strides[axis]!;
      if (span < 0) first += span;
      else last += span;
    }
    if (first < 0 || last >= elements.length) {
      throw new RangeError(
        `${op}: value's shape, strides and offset read data[${first}] to data[${last}], but value.data has ${elements.length} elements${detached}`,
      );
    }
  }
  if (dtype === "bool" && size > 0) {
    forEachPosition(shape, strides, offset, (position, k) => {
      if (elements[position]! > 1) throw new RangeError(`${op}: value's element ${k} (data[${position}]) is ${elements[position]}; a bool is stored as 0 or 1`);
    });
  }
  return { data: elements, shape: [...shape], strides, offset, dtype };
}
