/**
 * `.npy` files: the files NumPy's np.save wrote (test/fixtures/weights, made by
 * scripts/weights-fixtures.py) load with NumPy's shapes, dtypes and exact
 * element bytes, in either byte order and either memory order; toNpy writes
 * what np.save writes, byte for byte; random views of every dtype come back
 * exactly; and a damaged, cut or unsupported file is an error naming what is
 * wrong, never a tensor.
 */
import { describe, expect, it } from "vitest";
import { type DType, fromNpy, ShapeError, Tensor, tensor, toNpy, transpose, zeros } from "shapecast";
import { elementBytes } from "../../src/format/serialize.js";
import { npyHeader } from "../../src/io/npy.js";
import { thrown } from "../support/thrown.js";
import { fixture as file, manifest } from "./fixtures.js";
import { base64, expectEveryCutRefused, same } from "./support.js";

describe("fromNpy on files np.save wrote", () => {
  const names = Object.keys(manifest.npy);

  it("has the fixtures the script writes", () => {
    expect(names).toEqual(expect.arrayContaining(["float32-c", "float64-fortran", "int32-big-endian", "float64-big-endian-fortran", "bool", "scalar", "empty", "float16"]));
  });

  it.each(names)("%s loads with NumPy's shape, dtype and exact element bytes", (name) => {
    const want = manifest.npy[name]!;
    const t = fromNpy(file(`${name}.npy`));
    expect(t.shape).toEqual(want.shape);
    expect(t.dtype).toBe(want.dtype);
    expect(base64(elementBytes(t, "test"))).toBe(want.bytes);
  });

  it("a Fortran-order file is a column-major view of the file's elements, as in NumPy", () => {
    const t = fromNpy(file("float64-fortran.npy"));
    expect(t.shape).toEqual([3, 5]);
    expect(t.strides).toEqual([1, 3]);
    expect(t.isContiguous).toBe(false);
  });

  it("toNpy writes np.save's bytes exactly (header, padding and data)", () => {
    for (const name of ["float32-c", "uint8", "bool", "scalar", "empty", "float32-special"]) {
      const bytes = file(`${name}.npy`);
      expect(base64(toNpy(fromNpy(bytes))), name).toBe(base64(bytes));
    }
    // the other layouts write as NumPy writes their C-order, little-endian copy
    const fortran = fromNpy(file("float64-fortran.npy"));
    const again = fromNpy(toNpy(fortran));
    expect(again.isContiguous).toBe(true);
    expect(same(again.data as Float64Array, new Float64Array(elementBytes(fortran, "test").buffer))).toBe(true);
  });

  it("writes np.save's header for every rank up to 64 and sizes up to 2^31 - 1: its growth room and its padding of 1 to 64 spaces", () => {
    const dtypes: Record<string, DType> = { "<f4": "float32", "<f8": "float64", "<i4": "int32", "|u1": "uint8", "|b1": "bool" };
    expect(manifest.npyHeaders.length).toBeGreaterThan(300);
    // among them headers whose dict ends on a multiple of 64, which np.save pads with 64 spaces, not none
    expect(manifest.npyHeaders.filter(({ header }) => atob(header).endsWith(`${" ".repeat(64)}\n`)).length).toBeGreaterThan(20);
    for (const { shape, descr, header } of manifest.npyHeaders) {
      expect(base64(npyHeader(shape, dtypes[descr]!)), `${descr} ${JSON.stringify(shape)}`).toBe(header);
    }
    // and the whole file of a tensor of such a shape (fifteen axes of 1: np.save's file is 193 bytes)
    const fifteen = new Array<number>(15).fill(1);
    const want = manifest.npyHeaders.find(({ shape, descr }) => descr === "<f4" && shape.length === 15 && shape.every((d) => d === 1))!;
    expect(toNpy(zeros(fifteen, "uint8")).length).toBe(193);
    expect(base64(toNpy(zeros(fifteen, "float32")).subarray(0, 192))).toBe(want.header);
  });

  it("takes an ArrayBuffer or a Uint8Array at any offset of a larger buffer", () => {
    const bytes = file("float32-c.npy");
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const fromView = fromNpy(shifted.subarray(3));
    const fromBuffer = fromNpy(bytes.slice().buffer);
    expect(base64(elementBytes(fromView, "test"))).toBe(manifest.npy["float32-c"]!.bytes);
    expect(base64(elementBytes(fromBuffer, "test"))).toBe(manifest.npy["float32-c"]!.bytes);
  });
});

describe("toNpy and fromNpy", () => {
  it("data starts at a multiple of 64 bytes, the header ending in a newline", () => {
    for (const shape of [[], [1], [3, 4], Array.from({ length: 20 }, () => 1)]) {
      const bytes = toNpy(Tensor.from({ data: new Float32Array(shape.reduce((p, d) => p * d, 1)), shape, dtype: "float32" }));
      const headerEnd = 10 + new DataView(bytes.buffer).getUint16(8, true);
      expect(headerEnd % 64).toBe(0);
      expect(bytes[headerEnd - 1]).toBe(0x0a);
    }
  });

  it("checks expected and types the result by it", () => {
    const bytes = toNpy(tensor([[1, 2, 3], [4, 5, 6]]));
    const t = fromNpy(bytes, { shape: [2, 3], dtype: "float32" });
    expect(t.toArray()).toEqual([[1, 2, 3], [4, 5, 6]]);
    const error = thrown(() => fromNpy(bytes, { shape: [3, 2] }));
    expect(error).toBeInstanceOf(ShapeError);
    expect(error.message).toBe("fromNpy: the file has shape [2, 3] but expected is [3, 2]: axis 0 has 2 vs 3");
    expect(thrown(() => fromNpy(bytes, { dtype: "float64" })).message).toBe("fromNpy: the file loads as float32 but expected expects float64");
  });
});

describe("fromNpy refuses what is not a whole .npy of a stored dtype", () => {
  const good = file("float32-c.npy");

  it("every cut of a file is an error, never a tensor", () => {
    expectEveryCutRefused("fromNpy", fromNpy, good);
    expect(thrown(() => fromNpy(good.subarray(0, good.length - 1))).message).toBe("fromNpy: the file is cut short: shape [2, 3, 4] of '<f4' needs 96 bytes of data but 95 follow the header");
  });

  it("names the dtype it does not store, and how to convert it", () => {
    const int64 = header("{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }", 16);
    expect(thrown(() => fromNpy(int64)).message).toBe(
      "fromNpy: the file's dtype '<i8' is not one shapecast stores (64-bit signed integers; the stored dtypes are float32, float64, int32, uint8, bool and float16 (loaded as float32): convert it in NumPy first, e.g. np.save(path, a.astype(np.int32)))",
    );
    const structured = header("{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (1,), }", 4);
    expect(thrown(() => fromNpy(structured)).message).toBe("fromNpy: the header's 'descr' must be a dtype string such as '<f4', got a structured dtype");
  });

  it("names what is wrong with the magic, the header and the data", () => {
    expect(thrown(() => fromNpy(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).message).toBe('fromNpy: the bytes are not a .npy file (they do not begin with "\\x93NUMPY")');
    expect(thrown(() => fromNpy(header("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3) ", 24))).message).toMatch(/^fromNpy: the header is not a dict literal NumPy writes \(expected "," or "}" at character/);
    expect(thrown(() => fromNpy(header("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }", 0))).message).toMatch(/^fromNpy: the header is not a dict literal/);
    expect(thrown(() => fromNpy(header("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'extra': 1, }", 8))).message).toMatch(/^fromNpy: the header is not a dict literal/);
    expect(thrown(() => fromNpy(header("{'descr': '|f4', 'fortran_order': False, 'shape': (2,), }", 8))).message).toBe(`fromNpy: the file's dtype '|f4' has no byte order ("|") but is 4 bytes wide`);
    expect(thrown(() => fromNpy(header("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 9))).message).toBe(
      "fromNpy: 1 byte follows the data of shape [2] of '<f4' (8 bytes): not one .npy file",
    );
    const bool = header("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", 3);
    bool[bool.length - 2] = 2;
    expect(thrown(() => fromNpy(bool)).message).toBe("fromNpy: the file's element 1 is 2; a bool is stored as 0 or 1");
    // expected is checked on the header, before any element is read
    expect(thrown(() => fromNpy(bool, { shape: [2] })).message).toBe("fromNpy: the file has shape [3] but expected is [2]: axis 0 has 3 vs 2");
    expect(thrown(() => fromNpy("weights.npy" as unknown as Uint8Array)).message).toBe('fromNpy: bytes must be a Uint8Array or an ArrayBuffer (a file\'s contents), got "weights.npy"');
    expect(thrown(() => toNpy(transpose as unknown as Tensor)).message).toMatch(/^toNpy: t must be a Tensor/);
  });
});

describe("fromNpy on hostile headers", () => {
  /** A .npy of version `major` whose header is `text`'s bytes (UTF-8), then `data` zero bytes. */
  const file = (major: number, text: Uint8Array, data = 0): Uint8Array => {
    const prefix = major === 1 ? 10 : 12;
    const bytes = new Uint8Array(prefix + text.length + data);
    bytes.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, major, 0]);
    if (major === 1) new DataView(bytes.buffer).setUint16(8, text.length, true);
    else new DataView(bytes.buffer).setUint32(8, text.length, true);
    bytes.set(text, prefix);
    return bytes;
  };
  const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
  const dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }\n";

  it("reads a version 3 header in UTF-8, refuses one that is not UTF-8, naming fromNpy", () => {
    expect(fromNpy(file(3, utf8(dict), 8)).shape).toEqual([2]);
    const error = thrown(() => fromNpy(file(3, new Uint8Array([0xff, 0xfe, 0x7b, 0x0a]))));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fromNpy: the header of a version 3 file must be UTF-8 text, and it is not: not a .npy file, or a damaged one");
  });

  it("refuses a header that begins with a byte order mark, as np.load does", () => {
    for (const major of [2, 3]) {
      const error = thrown(() => fromNpy(file(major, new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(dict)]), 8)));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(major === 3 ? /^fromNpy: the header does not begin with "\{" \(it begins with a byte order mark, U\+FEFF/ : /^fromNpy: the header does not begin with "\{"/);
    }
  });

  it("refuses a header longer than np.load reads before reading it, and nesting past 32 without recursing into it", () => {
    const deep = `{'descr': '<f4', 'fortran_order': False, 'shape': ${"(".repeat(100_000)}${")".repeat(100_000)}, }\n`;
    const long = thrown(() => fromNpy(file(2, utf8(deep))));
    expect(long).toBeInstanceOf(RangeError);
    expect(long.message).toBe("fromNpy: the header is 200054 bytes, more than the 10000 characters np.load reads: not a .npy file of an array");
    const nested = `{'descr': '<f4', 'fortran_order': False, 'shape': ${"(".repeat(4000)}${")".repeat(4000)}, }\n`;
    const error = thrown(() => fromNpy(file(2, utf8(nested))));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/^fromNpy: the header is not a dict literal NumPy writes \(tuples or lists nested deeper than 32 at character 82 of/);
    expect(thrown(() => fromNpy(file(3, utf8(`${dict.slice(0, -1)}${" ".repeat(10_000)}\n`)))).message).toBe(
      "fromNpy: the header is 10058 characters, more than the 10000 np.load reads: not a .npy file of an array",
    );
  });

  it("reads expected's own fields only, and refuses a field it does not know", () => {
    const bytes = file(1, utf8(dict), 8);
    const polluted = Object.prototype as { shape?: unknown; dtype?: unknown };
    polluted.shape = [5];
    polluted.dtype = "float64";
    try {
      expect(fromNpy(bytes, {}).shape).toEqual([2]);
      expect(fromNpy(bytes, { shape: [2] }).dtype).toBe("float32");
    } finally {
      delete polluted.shape;
      delete polluted.dtype;
    }
    expect(thrown(() => fromNpy(bytes, { shap: [2] } as never)).message).toBe('fromNpy: expected field "shap" is not known (the fields are shape and dtype)');
    expect(thrown(() => fromNpy(bytes, { dtype: "f32" } as never)).message).toMatch(/^fromNpy: expected.dtype must be one of/);
  });
});

/** A version 1 .npy of `dict` (padded as NumPy pads) and `data` zero bytes. */
function header(dict: string, data: number): Uint8Array {
  const length = Math.ceil((10 + dict.length + 1) / 64) * 64 - 10;
  const bytes = new Uint8Array(10 + length + data);
  bytes.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  new DataView(bytes.buffer).setUint16(8, length, true);
  const text = dict.padEnd(length - 1, " ") + "\n";
  for (let i = 0; i < text.length; i++) bytes[10 + i] = text.charCodeAt(i);
  return bytes;
}
