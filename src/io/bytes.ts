/**
 * What the weights files (.npy in ./npy.ts, .npz in ./npz.ts, .safetensors in
 * ./safetensors.ts) share: reading a file's element bytes into a dtype's typed array (any byte
 * order, any alignment, float16 and bfloat16 widened to float32 bit for bit),
 * the bytes given as a `Uint8Array` or an `ArrayBuffer`, and the check of a
 * loaded tensor against what the caller expects of it.
 */
import { allocate, checkDType, type DType, type StorageOf } from "../dtype.js";
import { showShape } from "../errors.js";
import { checkBoolBytes, checkSameShape, LITTLE_ENDIAN, swapBytes } from "../format/serialize.js";
import { describe } from "../shape/validate.js";

/** How a file stores one element: the shapecast dtype it loads as, and the stored width and kind. */
export interface StoredType {
  /** The dtype the elements load as. */
  readonly dtype: DType;
  /** Bytes per stored element. */
  readonly width: number;
  /** "plain" when the stored bytes are the dtype's own; else the 16-bit float widened to float32. */
  readonly kind: "plain" | "float16" | "bfloat16";
}

/** The element types the weights files store and shapecast reads, by what each is. */
export const STORED_AS = {
  float32: { dtype: "float32", width: 4, kind: "plain" },
  float64: { dtype: "float64", width: 8, kind: "plain" },
  int32: { dtype: "int32", width: 4, kind: "plain" },
  uint8: { dtype: "uint8", width: 1, kind: "plain" },
  bool: { dtype: "bool", width: 1, kind: "plain" },
  float16: { dtype: "float32", width: 2, kind: "float16" },
  bfloat16: { dtype: "float32", width: 2, kind: "bfloat16" },
} as const satisfies Record<string, StoredType>;

/** The bytes of a file: a `Uint8Array` (or any typed array or DataView over the bytes) or an `ArrayBuffer`. */
export function bytesOfInput(op: string, bytes: unknown): Uint8Array {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new TypeError(`${op}: bytes must be a Uint8Array or an ArrayBuffer (a file's contents), got ${describe(bytes)}`);
}

/** The engine's UTF-8 codecs (every engine the library runs in has them; it is compiled without DOM types). */
const codecs = globalThis as unknown as {
  TextDecoder: new (label: string, options: { fatal: boolean; ignoreBOM: boolean }) => { decode(bytes: Uint8Array): string };
  TextEncoder: new () => { encode(text: string): Uint8Array<ArrayBuffer> };
};
/**
 * UTF-8 text of `bytes`, a byte order mark kept as the character U+FEFF (the decoder would
 * drop it, and a header that begins with one is not what the formats allow); a `TypeError`
 * from the engine for bytes that are not UTF-8.
 */
export const utf8Text = (bytes: Uint8Array): string => new codecs.TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);

/** `" (it begins with a byte order mark, U+FEFF)"` when `text` does, else `""`: for the messages of headers that must begin with "{". */
export const byteOrderMark = (text: string): string => (text.startsWith("\uFEFF") ? " (it begins with a byte order mark, U+FEFF, which the format does not allow)" : "");
export const utf8Bytes = (text: string): Uint8Array<ArrayBuffer> => new codecs.TextEncoder().encode(text);

/** float16 bits to float32 bits, exactly (NaN payloads kept, subnormals normalised). */
function halfToSingleBits(half: number): number {
  const sign = (half & 0x8000) << 16;
  const exponent = (half >>> 10) & 0x1f;
  const mantissa = half & 0x3ff;
  if (exponent === 0x1f) return (sign | 0x7f800000 | (mantissa << 13)) >>> 0;
  if (exponent !== 0) return (sign | ((exponent + 112) << 23) | (mantissa << 13)) >>> 0;
  if (mantissa === 0) return sign >>> 0;
  // a subnormal: shift the mantissa up until its leading 1 is the implicit bit
  let shift = 0;
  let m = mantissa;
  while ((m & 0x400) === 0) {
    m <<= 1;
    shift++;
  }
  return (sign | ((113 - shift) << 23) | ((m & 0x3ff) << 13)) >>> 0;
}

/**
 * `count` elements stored at `bytes[start..]` as `stored`, in a new typed array of its dtype:
 * `littleEndian` says the file's byte order. A bool must be 0 or 1 (a `RangeError` naming
 * `name` and the element otherwise).
 */
export function readElements(op: string, name: string, bytes: Uint8Array, start: number, count: number, stored: StoredType, littleEndian: boolean): StorageOf[DType] {
  const { dtype, width, kind } = stored;
  const out = allocate(op, dtype, count);
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, count * width);
  if (kind === "float16" || kind === "bfloat16") {
    const bits = new Uint32Array(out.buffer);
    for (let i = 0; i < count; i++) {
      const half = view.getUint16(2 * i, littleEndian);
      bits[i] = kind === "bfloat16" ? (half << 16) >>> 0 : halfToSingleBits(half);
    }
    return out;
  }
  const target = new Uint8Array(out.buffer);
  target.set(bytes.subarray(start, start + count * width));
  if (littleEndian !== LITTLE_ENDIAN) swapBytes(target, width);
  if (dtype === "bool") checkBoolBytes(op, name, target);
  return out;
}

/** What a caller may expect of a loaded tensor: `{ shape?, dtype? }`. */
export interface Expectation {
  readonly shape?: readonly number[] | undefined;
  readonly dtype?: DType | undefined;
}

/**
 * A `ShapeError` unless `shape` is `expected.shape`, a `TypeError` unless `dtype` is
 * `expected.dtype`; both name the tensor (`what`, e.g. `tensor "fc1.weight"`) and where the
 * expectation came from (`from`, e.g. `schema["fc1.weight"]`).
 */
export function checkLoaded(op: string, what: string, from: string, shape: readonly number[], dtype: DType, expected: Expectation): void {
  const want = expected.shape;
  if (want !== undefined) checkSameShape(op, shape, want, (detail) => `${op}: ${what} has shape ${showShape(shape)} but ${from} is ${showShape(want)}: ${detail}`);
  if (expected.dtype !== undefined) {
    checkDType(op, `${from}.dtype`, expected.dtype);
    if (expected.dtype !== dtype) throw new TypeError(`${op}: ${what} loads as ${dtype} but ${from} expects ${expected.dtype}`);
  }
}
