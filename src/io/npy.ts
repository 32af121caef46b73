/**
 * NumPy's `.npy` files: `toNpy(t)` writes one, `fromNpy(bytes, expected?)`
 * reads one (what `np.save` writes and `np.load` reads).
 *
 * The format (NumPy's "NEP 1"): the magic `\x93NUMPY`, a major and a minor
 * version byte, the header's length (2 bytes little-endian in version 1, 4 in
 * versions 2 and 3), the header, a Python dict literal such as
 * `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }` padded with
 * spaces and ended by a newline so that the data starts at a multiple of 64,
 * then the elements, row-major unless `fortran_order` is True.
 *
 * Read: little- and big-endian, C and Fortran order, versions 1 to 3, the
 * dtypes `f4`, `f8`, `i4`, `u1`, `b1` as float32, float64, int32, uint8 and
 * bool, and `f2` (float16) widened to float32 exactly. Any other dtype
 * (NumPy's default int64 among them) is a `TypeError` that says how to convert
 * it in NumPy. A Fortran-order file loads as a view with column-major
 * strides, as NumPy does. Written: version 1 (2 when the header needs it),
 * little-endian, C order, byte for byte what `np.save` writes for the same array.
 */
import { allocateArray, type DType } from "../dtype.js";
import { showShape } from "../errors.js";
import { asciiString, checkExpectation, elementBytes, type KnownDType, type KnownShape, LITTLE_ENDIAN, type TensorExpectation } from "../format/serialize.js";
import { contiguousStrides } from "../kernels/plan.js";
import { checkShape, checkSize } from "../shape/validate.js";
import { assertTensor } from "../ops/engine.js";
import { checkReadOut, inPlace, Tensor } from "../tensor.js";
import type { Shape } from "../../types/index.js";
import { byteOrderMark, bytesOfInput, checkLoaded, readElements, STORED_AS, type StoredType, utf8Text } from "./bytes.js";

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
/** The data starts at a multiple of this. */
const ALIGN = 64;
/** The longest header (in characters) np.load reads without being told to trust the file. */
const MAX_HEADER = 10_000;
/** The deepest nesting of tuples and lists a header may have (a shape is 1 deep; NumPy's structured dtypes, refused anyway, a few). */
const MAX_DEPTH = 32;
/** The digits np.save leaves room for in the header's first size. */
const GROWTH_DIGITS = 21;

/** The `descr` of each dtype as written. */
const DESCR: Record<DType, string> = { float32: "<f4", float64: "<f8", int32: "<i4", uint8: "|u1", bool: "|b1" };

/** What a `descr`'s kind and width load as. */
const STORED: Record<string, StoredType> = {
  f4: STORED_AS.float32,
  f8: STORED_AS.float64,
  i4: STORED_AS.int32,
  u1: STORED_AS.uint8,
  b1: STORED_AS.bool,
  f2: STORED_AS.float16,
};

/**
 * The bytes of a `.npy` file holding `t`'s elements (row-major, little-endian): what
 * `np.save` writes for the same array. `np.load` reads it back as `t`.
 *
 * @example
 * writeFileSync("weights.npy", toNpy(w));   // np.load("weights.npy")
 */
export function toNpy(t: Tensor): Uint8Array<ArrayBuffer> {
  assertTensor("toNpy", "t", t);
  const header = npyHeader(t.shape, t.dtype);
  checkReadOut("toNpy(x)", t);
  const data = elementBytes(inPlace(t), "toNpy");
  const out = allocateArray("toNpy", Uint8Array, header.length + data.length);
  out.set(header);
  out.set(data, header.length);
  return out;
}

/**
 * The bytes `np.save` writes before the elements of an array of `shape` and `dtype` (C order,
 * little-endian): the magic, the version, the header's length and the header. The dict is
 * followed by room for the first size to grow to 21 digits (so that a file can be appended to
 * in place), then 1 to 64 spaces and a newline, so that the data starts at a multiple of 64.
 * Version 1 unless the header needs more than its 2-byte length holds. @internal
 */
export function npyHeader(shape: readonly number[], dtype: DType): Uint8Array<ArrayBuffer> {
  const sizes = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
  const growth = shape.length === 0 ? 0 : GROWTH_DIGITS - String(shape[0]).length;
  const dict = `{'descr': '${DESCR[dtype]}', 'fortran_order': False, 'shape': ${sizes}, }${" ".repeat(growth)}`;
  // the header's length after a preamble of `prefix` bytes: the dict, the spaces and the newline
  const length = (prefix: number): number => dict.length + 1 + (ALIGN - ((prefix + dict.length + 1) % ALIGN));
  // version 1 counts the header in 2 bytes (a 10-byte preamble); version 2 in 4 (12 bytes)
  const version = length(10) > 0xffff ? 2 : 1;
  const prefix = version === 1 ? 10 : 12;
  const headerLength = length(prefix);
  const out = new Uint8Array(prefix + headerLength);
  out.set(MAGIC);
  out[6] = version;
  out[7] = 0;
  const view = new DataView(out.buffer);
  if (version === 1) view.setUint16(8, headerLength, true);
  else view.setUint32(8, headerLength, true);
  const text = dict.padEnd(headerLength - 1, " ") + "\n";
  for (let i = 0; i < text.length; i++) out[prefix + i] = text.charCodeAt(i);
  return out;
}

/**
 * The tensor a `.npy` file holds (its bytes as a `Uint8Array` or an `ArrayBuffer`; the
 * elements are copied). `expected` (`{ shape?, dtype? }`) is checked (a `ShapeError` for
 * another shape, a `TypeError` for another dtype) and types the result. A file that is not a
 * `.npy`, is cut short, or holds a dtype shapecast does not store is a clear error naming what
 * is wrong, never a wrong tensor.
 *
 * @example
 * const w = fromNpy(readFileSync("w.npy"), { shape: [784, 128], dtype: "float32" }); // Tensor<[784, 128], "float32">
 */
export function fromNpy<const ES extends Shape = number[], ED extends DType = DType>(
  bytes: Uint8Array | ArrayBuffer,
  expected?: TensorExpectation<ES, ED>,
): Tensor<KnownShape<ES>, KnownDType<ED>>;
export function fromNpy(input: Uint8Array | ArrayBuffer, expected?: TensorExpectation): Tensor {
  const op = "fromNpy";
  const bytes = bytesOfInput(op, input);
  const want = checkExpectation(op, expected);
  return readNpy(op, bytes, want === undefined ? undefined : (shape, dtype) => checkLoaded(op, "the file", "expected", shape, dtype, want));
}

/** What a `.npy` file's header says: how its elements are stored, its shape and order, and its length in all. */
export interface NpyLayout {
  readonly descr: string;
  readonly stored: StoredType;
  readonly littleEndian: boolean;
  readonly fortran: boolean;
  readonly shape: readonly number[];
  /** Where the elements begin. */
  readonly dataStart: number;
  /** The number of elements. */
  readonly size: number;
  /** The file's length: the preamble, the header and every element. */
  readonly length: number;
}

/**
 * The layout of the `.npy` file that begins with `bytes` (its header at least), checked: a dtype
 * shapecast stores, a shape within the limits. Every message begins with `op`.
 */
export function readNpyLayout(op: string, bytes: Uint8Array): NpyLayout {
  const { descr, fortran, shape, dataStart } = readHeader(op, bytes);
  const match = /^([<>|=])([a-zA-Z])(\d+)$/.exec(descr);
  const stored = match ? STORED[`${match[2]}${match[3]}`] : undefined;
  if (!match || !stored) throw new TypeError(`${op}: the file's dtype '${descr}' is not one shapecast stores (${unsupported(descr)})`);
  const order = match[1]!;
  if (order === "|" && stored.width !== 1) throw new TypeError(`${op}: the file's dtype '${descr}' has no byte order ("|") but is ${stored.width} bytes wide`);
  const littleEndian = order === ">" ? false : order === "=" ? LITTLE_ENDIAN : true;
  const size = checkSize(op, shape, "the file's shape");
  return { descr, stored, littleEndian, fortran, shape, dataStart, size, length: dataStart + size * stored.width };
}

/**
 * The tensor of the `.npy` file `bytes`, every message beginning with `op` (`fromNpy`, or
 * `fromNpz (member "w.npy")` for a member of an archive). `check` sees the shape and dtype
 * the header gives before any element is read.
 */
export function readNpy(op: string, bytes: Uint8Array, check?: (shape: readonly number[], dtype: DType) => void): Tensor {
  const layout = readNpyLayout(op, bytes);
  const { descr, stored, shape, dataStart, size } = layout;
  const need = size * stored.width;
  const have = bytes.length - dataStart;
  if (have < need) {
    throw new RangeError(`${op}: the file is cut short: shape ${showShape(shape)} of '${descr}' needs ${need} bytes of data but ${have} follow the header`);
  }
  if (have > need) {
    const extra = have - need;
    throw new RangeError(`${op}: ${extra} ${extra === 1 ? "byte follows" : "bytes follow"} the data of shape ${showShape(shape)} of '${descr}' (${need} bytes): not one .npy file`);
  }
  check?.(shape, stored.dtype);
  return npyTensor(op, bytes, layout);
}

/** The tensor of `bytes`, a whole `.npy` file of `layout` (its elements copied). */
export function npyTensor(op: string, bytes: Uint8Array, layout: NpyLayout): Tensor {
  const { stored, shape, dataStart, size, littleEndian, fortran } = layout;
  const data = readElements(op, "the file", bytes, dataStart, size, stored, littleEndian);
  // Fortran order: the same elements column-major, a view with reversed strides
  const strides = fortran ? [...contiguousStrides([...shape].reverse())].reverse() : contiguousStrides(shape);
  return new Tensor(data, [...shape], strides, 0, stored.dtype);
}

/**
 * How many bytes the preamble and header of the `.npy` file that begins with `bytes` take (the
 * magic and version checked), read off its first 12 bytes; fewer only when the file is shorter.
 */
export function npyDataStart(op: string, bytes: Uint8Array): number {
  for (let i = 0; i < MAGIC.length; i++) {
    if (bytes[i] !== MAGIC[i]) throw new TypeError(`${op}: the bytes are not a .npy file (they do not begin with "\\x93NUMPY")`);
  }
  if (bytes.length < 10) throw new RangeError(`${op}: the file is cut short (${bytes.length} bytes, inside its preamble)`);
  const major = bytes[6]!;
  if (major < 1 || major > 3) throw new RangeError(`${op}: the file is .npy version ${major}.${bytes[7]}; versions 1 to 3 are read`);
  const prefix = major === 1 ? 10 : 12;
  if (bytes.length < prefix) throw new RangeError(`${op}: the file is cut short (${bytes.length} bytes, inside its preamble)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const length = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  // a character takes up to 4 bytes of UTF-8
  if (length > 4 * MAX_HEADER) throw new RangeError(`${op}: the header is ${length} bytes, more than the ${MAX_HEADER} characters np.load reads: not a .npy file of an array`);
  return prefix + length;
}

/** What NumPy would call a dtype that shapecast does not store, and how to convert it. */
function unsupported(descr: string): string {
  const kind = /^[<>|=]?([a-zA-Z])(\d*)/.exec(descr);
  const name: Record<string, string> = { i: "signed integers", u: "unsigned integers", f: "floats", c: "complex numbers", b: "booleans", U: "unicode strings", S: "byte strings", O: "Python objects", M: "datetimes", m: "timedeltas", V: "raw or structured records" };
  const what = kind ? `${kind[2] ? `${Number(kind[2]) * 8}-bit ` : ""}${name[kind[1]!] ?? "an unknown kind"}` : "a structured dtype";
  const into = kind && "iub".includes(kind[1]!) ? "np.int32" : "np.float32";
  return `${what}; the stored dtypes are float32, float64, int32, uint8, bool and float16 (loaded as float32): convert it in NumPy first, e.g. np.save(path, a.astype(${into}))`;
}

interface Header {
  readonly descr: string;
  readonly fortran: boolean;
  readonly shape: readonly number[];
  readonly dataStart: number;
}

/** The magic, version and header of a `.npy` file, checked. */
function readHeader(op: string, bytes: Uint8Array): Header {
  const dataStart = npyDataStart(op, bytes);
  const major = bytes[6]!;
  const prefix = major === 1 ? 10 : 12;
  const length = dataStart - prefix;
  if (bytes.length < dataStart) throw new RangeError(`${op}: the file is cut short: its header is ${length} bytes but ${bytes.length - prefix} follow the preamble`);
  // versions 1 and 2 write the header in latin-1, version 3 in UTF-8
  const header = bytes.subarray(prefix, dataStart);
  let text: string;
  try {
    text = major === 3 ? utf8Text(header) : asciiString(header);
  } catch (error) {
    throw new TypeError(`${op}: the header of a version 3 file must be UTF-8 text, and it is not: not a .npy file, or a damaged one`, { cause: error });
  }
  // np.load refuses such headers too (unless the file is trusted with allow_pickle): a dict of
  // a dtype and a shape of 64 sizes needs under 1,500
  if (text.length > MAX_HEADER) throw new RangeError(`${op}: the header is ${text.length} characters, more than the ${MAX_HEADER} np.load reads: not a .npy file of an array`);
  if (!text.startsWith("{")) throw new TypeError(`${op}: the header does not begin with "{"${byteOrderMark(text)}: not a .npy file`);
  const dict = parseDict(op, text);
  const descr = dict.get("descr");
  const fortran = dict.get("fortran_order");
  const shape = dict.get("shape");
  if (typeof descr !== "string") throw new TypeError(`${op}: the header's 'descr' must be a dtype string such as '<f4', got ${descr === undefined ? "none" : "a structured dtype"}`);
  if (typeof fortran !== "boolean") throw new TypeError(`${op}: the header's 'fortran_order' must be True or False`);
  if (!Array.isArray(shape) || !shape.every((size) => typeof size === "number")) {
    throw new TypeError(`${op}: the header's 'shape' must be a tuple of sizes such as (2, 3)`);
  }
  checkShape(op, "the header's 'shape'", shape);
  for (const key of dict.keys()) {
    if (key !== "descr" && key !== "fortran_order" && key !== "shape") throw new TypeError(`${op}: the header has an unknown key '${key}'`);
  }
  return { descr, fortran, shape: shape as number[], dataStart };
}

type Value = string | boolean | number | Value[];

/**
 * The header's dict literal: `{'key': value, ...}` with string, True/False and tuple-of-
 * integers values, as NumPy writes them (either quote, any spacing, a trailing comma).
 */
function parseDict(op: string, text: string): Map<string, Value> {
  let at = 0;
  const fail = (what: string): never => {
    const shown = text.trimEnd();
    const quoted = shown.length <= 200 ? JSON.stringify(shown) : `${JSON.stringify(shown.slice(0, 200))} and ${shown.length - 200} more characters`;
    throw new TypeError(`${op}: the header is not a dict literal NumPy writes (${what} at character ${at} of ${quoted})`);
  };
  const space = (): void => {
    while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  };
  const expect = (char: string): void => {
    space();
    if (text[at] !== char) fail(`expected "${char}"`);
    at++;
  };
  const string = (): string => {
    space();
    const quote = text[at];
    if (quote !== "'" && quote !== '"') fail("expected a quoted string");
    const end = text.indexOf(quote!, at + 1);
    if (end < 0) fail("an unclosed string");
    const value = text.slice(at + 1, end);
    at = end + 1;
    return value;
  };
  const value = (depth: number): Value => {
    space();
    const char = text[at];
    if (char === "'" || char === '"') return string();
    if (text.startsWith("True", at)) return (at += 4), true;
    if (text.startsWith("False", at)) return (at += 5), false;
    if (char === "(" || char === "[") {
      if (depth === MAX_DEPTH) fail(`tuples or lists nested deeper than ${MAX_DEPTH}`);
      const close = char === "(" ? ")" : "]";
      at++;
      const items: Value[] = [];
      for (;;) {
        space();
        if (text[at] === close) return at++, items;
        items.push(item(depth + 1));
        space();
        if (text[at] === ",") at++;
        else if (text[at] !== close) fail(`expected "," or "${close}"`);
      }
    }
    return fail("expected a value");
  };
  const item = (depth: number): Value => {
    space();
    const digits = /^\d+L?/.exec(text.slice(at, at + 32));
    if (digits) {
      at += digits[0].length;
      const size = Number(digits[0].replace("L", ""));
      if (!Number.isSafeInteger(size)) fail(`a size past 2^53`);
      return size;
    }
    return value(depth);
  };
  const dict = new Map<string, Value>();
  expect("{");
  for (;;) {
    space();
    if (text[at] === "}") {
      at++;
      break;
    }
    const key = string();
    if (dict.has(key)) fail(`the key '${key}' twice`);
    expect(":");
    dict.set(key, value(0));
    space();
    if (text[at] === ",") at++;
    else if (text[at] !== "}") fail('expected "," or "}"');
  }
  space();
  if (at !== text.length) fail("text after the dict");
  return dict;
}
