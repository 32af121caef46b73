/**
 * The JSON form: `toJSON()` (and so `JSON.stringify`) and `Tensor.fromJSON`.
 * Exact for every dtype and value, views written as their own elements in
 * row-major order, a canonical text, and every malformed input refused with
 * its class and a message naming the field.
 */
import { describe, expect, it } from "vitest";
import { broadcastTo, expandDims, permute, reshape, ShapeError, slice, Tensor, tensor, transpose, zeros } from "shapecast";
import { asciiString, checkJSONLength, decodeBase64, elementBytes, encodeBase64, MAX_BASE64_LENGTH, swapBytes } from "../../src/format/serialize.js";
import { thrown } from "../support/thrown.js";

/** The error `run` throws, checked for its class and exact message. */
function expectError(run: () => unknown, type: new (...args: never[]) => Error, message: string): void {
  const error = thrown(run);
  expect(error).toBeInstanceOf(type);
  expect(error.message).toBe(message);
}

/** The JSON text of a tensor of `dtype` holding `values`, written by the test alone: Node's base64 of DataView's little-endian bytes. */
function referenceJSON(shape: readonly number[], dtype: string, values: readonly number[]): string {
  const width = { bool: 1, uint8: 1, int32: 4, float32: 4, float64: 8 }[dtype]!;
  const view = new DataView(new ArrayBuffer(values.length * width));
  values.forEach((value, i) => {
    if (width === 1) view.setUint8(i, value);
    else if (dtype === "int32") view.setInt32(i * 4, value, true);
    else if (dtype === "float32") view.setFloat32(i * 4, value, true);
    else view.setFloat64(i * 8, value, true);
  });
  const data = Buffer.from(view.buffer).toString("base64");
  return `{"format":"shapecast.tensor","version":1,"shape":[${shape.join(",")}],"dtype":"${dtype}","data":"${data}"}`;
}

/** Every element, as stored, with -0 and NaN kept apart from 0. */
const stored = (t: Tensor): unknown[] => Array.from(t.toTypedArray() as ArrayLike<number>, (v) => (Object.is(v, -0) ? "-0" : v));

const f32 = (value: number): number => Math.fround(value);
const SPECIAL = [Number.NaN, Infinity, -Infinity, -0, 0];

describe("the JSON form", () => {
  it("is the documented text: format, version, shape, dtype, and base64 of the little-endian bytes", () => {
    expect(JSON.stringify(tensor([1, -2]))).toBe('{"format":"shapecast.tensor","version":1,"shape":[2],"dtype":"float32","data":"AACAPwAAAMA="}');
    expect(tensor([1, -2]).toJSON()).toEqual({ format: "shapecast.tensor", version: 1, shape: [2], dtype: "float32", data: "AACAPwAAAMA=" });
  });

  it("writes each dtype's bytes as DataView does, little-endian, specials included", () => {
    const cases: [string, readonly number[], readonly number[]][] = [
      ["float32", [2, 4], [...SPECIAL, 2 ** -149, -(2 ** -126), f32(3.4028234663852886e38)]],
      ["float64", [2, 5], [...SPECIAL, 5e-324, -2.2250738585072014e-308, Number.MAX_VALUE, 0.1, -1 / 3]],
      ["int32", [5], [0, -1, 2 ** 31 - 1, -(2 ** 31), 123456789]],
      ["uint8", [2, 2], [0, 1, 128, 255]],
      ["bool", [3], [1, 0, 1]],
    ];
    for (const [dtype, shape, values] of cases) {
      const t = dtype === "bool" ? tensor(values.map(Boolean), [...shape]) : tensor([...values], [...shape], { dtype: dtype as "float64" });
      expect(JSON.stringify(t), dtype).toBe(referenceJSON(shape, dtype, values));
    }
  });

  it("reads back every dtype exactly: NaN, infinities, -0, subnormals, integer edges", () => {
    const cases = [
      tensor([...SPECIAL, 2 ** -149, 1e-40, -(2 ** -149), f32(0.1)], { dtype: "float32" }),
      tensor([...SPECIAL, 5e-324, 2.225073858507201e-308, -Number.MIN_VALUE, 0.1, Number.MAX_VALUE], { dtype: "float64" }),
      tensor([[0, -1], [2 ** 31 - 1, -(2 ** 31)]], { dtype: "int32" }),
      tensor([0, 1, 254, 255], { dtype: "uint8" }),
      tensor([[true, false, true]]),
    ];
    for (const t of cases) {
      const back = Tensor.fromJSON(JSON.stringify(t));
      expect(back.dtype).toBe(t.dtype);
      expect(back.shape).toEqual(t.shape);
      expect(stored(back), t.dtype).toEqual(stored(t));
      expect(back.toArray()).toEqual(t.toArray());
    }
    expect(stored(Tensor.fromJSON(JSON.stringify(tensor([-0, 0], { dtype: "float64" }))))).toEqual(["-0", 0]);
  });

  it("reads back a rank-0 tensor and empty ones", () => {
    for (const t of [tensor(-0), zeros([0]), zeros([2, 0, 3], "int32"), zeros([0], "bool")]) {
      const text = JSON.stringify(t);
      const back = Tensor.fromJSON(text);
      expect([back.shape, back.dtype, stored(back)]).toEqual([t.shape, t.dtype, stored(t)]);
      expect(JSON.stringify(back)).toBe(text);
    }
    expect(JSON.parse(JSON.stringify(zeros([2, 0]))).data).toBe("");
  });

  it("keeps a NaN's payload and sign, bit for bit, also through a view", () => {
    const bits32 = new Uint32Array([0x7f800001, 0xffc12345, 0x7fbfffff, 0x80000001, 0x00000001, 0xff800000]);
    const base32 = Tensor.from({ data: new Float32Array(bits32.buffer), shape: [2, 3], dtype: "float32" });
    const bits64 = new Uint32Array([0x00000001, 0x7ff00000, 0xdeadbeef, 0xfff7ffff, 0x00000000, 0x80000000]);
    const base64 = Tensor.from({ data: new Float64Array(bits64.buffer), shape: [3, 1], dtype: "float64" });
    const words = (t: Tensor): number[] => Array.from(new Uint32Array(t.data.buffer, t.data.byteOffset, t.data.byteLength / 4));
    expect(words(Tensor.fromJSON(JSON.stringify(base32)))).toEqual([...bits32]);
    expect(words(Tensor.fromJSON(JSON.stringify(base64)))).toEqual([...bits64]);
    // transposed: the gather copies words, never numbers (a signalling NaN would be quieted)
    expect(words(Tensor.fromJSON(JSON.stringify(transpose(base32))))).toEqual([0x7f800001, 0x80000001, 0xffc12345, 0x00000001, 0x7fbfffff, 0xff800000]);
    expect(words(Tensor.fromJSON(JSON.stringify(slice(base64, { step: -1 }))))).toEqual([0x00000000, 0x80000000, 0xdeadbeef, 0xfff7ffff, 0x00000001, 0x7ff00000]);
  });

  it("writes a view's own elements in row-major order, never its buffer", () => {
    const base = reshape(tensor(Array.from({ length: 24 }, (_, i) => i * 1.5 - 7), [24], { dtype: "float64" }), [2, 3, 4]);
    const views: Tensor[] = [
      transpose(base),
      permute(base, [1, 0, 2]),
      slice(base, 1, { step: -2 }, { start: 1, stop: 3 }),
      slice(base, null, null, { step: -1 }),
      broadcastTo(slice(base, 0, 1), [5, 4]),
      expandDims(slice(base, null, 2), 1),
    ];
    for (const view of views) {
      const copy = tensor(view.toTypedArray(), [...view.shape], { dtype: view.dtype });
      expect(JSON.stringify(view)).toBe(JSON.stringify(copy));
      const back = Tensor.fromJSON(JSON.stringify(view));
      expect(back.toArray()).toEqual(view.toArray());
      expect(back.isContiguous).toBe(true);
    }
    // a broadcast view of 3 values as [1000, 3] writes 3000 elements
    const wide = broadcastTo(tensor([1, 2, 3], { dtype: "uint8" }), [1000, 3]);
    expect(Buffer.from(wide.toJSON().data, "base64").length).toBe(3000);
  });

  it("is what JSON.stringify writes, inside other values too, and its text is canonical", () => {
    const model = { name: "layer", weights: tensor([[0.5, -0.25]]), bias: tensor([true]) };
    const parsed = JSON.parse(JSON.stringify(model));
    expect(parsed.name).toBe("layer");
    expect(Tensor.fromJSON(parsed.weights).toArray()).toEqual([[0.5, -0.25]]);
    expect(Tensor.fromJSON(parsed.bias).toArray()).toEqual([true]);
    const text = JSON.stringify(transpose(tensor([[1, 2], [3, 4]], { dtype: "int32" })));
    expect(JSON.stringify(Tensor.fromJSON(text))).toBe(text);
    expect(JSON.stringify(Tensor.fromJSON(JSON.parse(text)))).toBe(text);
  });

  it("of a tensor whose buffer was transferred away is a TypeError saying so", () => {
    const t = tensor([1, 2, 3]);
    const view = transpose(reshape(t, [3, 1]));
    structuredClone(t, { transfer: [t.data.buffer as ArrayBuffer] });
    expectError(() => JSON.stringify(view), TypeError, "toJSON: the tensor's buffer is detached (transferred to another thread?); it holds none of its 3 elements");
    expect(JSON.stringify(zeros([0]))).toContain('"data":""');
  });

  it("gives a new tensor: the text's buffer is not shared with anything", () => {
    const t = tensor([1, 2, 3], { dtype: "int32" });
    const json = t.toJSON();
    const a = Tensor.fromJSON(json);
    const b = Tensor.fromJSON(json);
    expect(a.data.buffer).not.toBe(b.data.buffer);
    expect(a.data.buffer).not.toBe(t.data.buffer);
  });

  it("checks the expected shape and dtype", () => {
    const text = JSON.stringify(tensor([[1, 2, 3], [4, 5, 6]]));
    expect(Tensor.fromJSON(text, { shape: [2, 3], dtype: "float32" }).shape).toEqual([2, 3]);
    expect(Tensor.fromJSON(text, {}).dtype).toBe("float32");
    const error = thrown(() => Tensor.fromJSON(text, { shape: [2, 4] })) as ShapeError;
    expect(error).toBeInstanceOf(ShapeError);
    expect(error.message).toBe("Tensor.fromJSON: axis 1 has 3 vs 4; expected [2, 4], got [2, 3]");
    expect([error.code, error.op, error.axis, error.sizes, error.a, error.b]).toEqual(["mismatch", "Tensor.fromJSON", 1, [3, 4], [2, 3], [2, 4]]);
    const rank = thrown(() => Tensor.fromJSON(text, { shape: [6] })) as ShapeError;
    expect([rank.message, rank.code, rank.axis]).toEqual(["Tensor.fromJSON: rank 2 vs 1; expected [6], got [2, 3]", "rank", undefined]);
    expectError(() => Tensor.fromJSON(text, { dtype: "float64" }), TypeError, 'Tensor.fromJSON: json.dtype is "float32" but expected.dtype is "float64"');
  });
});

describe("Tensor.fromJSON refuses what is not a tensor's JSON form", () => {
  const good = { format: "shapecast.tensor", version: 1, shape: [2], dtype: "int32", data: "AQAAAAIAAAA=" };
  const loose = Tensor.fromJSON as (json: unknown, expected?: unknown) => Tensor;
  const op = "Tensor.fromJSON";

  it("(the form these cases break reads as [1, 2])", () => {
    expect(loose(good).toArray()).toEqual([1, 2]);
  });

  it.each<[string, unknown, new (...args: never[]) => Error, string, unknown?]>([
    ["a number", 3, TypeError, `${op}: json must be a tensor's JSON form (an object from toJSON(), or its JSON text), got number 3`],
    ["null", null, TypeError, `${op}: json must be a tensor's JSON form (an object from toJSON(), or its JSON text), got null`],
    ["an array", [1, 2], TypeError, `${op}: json must be a tensor's JSON form (an object from toJSON(), or its JSON text), got an array`],
    ["text of an array", "[1, 2]", TypeError, `${op}: json must be a tensor's JSON form (an object from toJSON(), or its JSON text), got an array (parsed from the text)`],
    ["a tensor", tensor([1]), TypeError, `${op}: json.format must be "shapecast.tensor", got undefined: not a tensor's JSON form`],
    ["another format", { ...good, format: "numpy" }, TypeError, `${op}: json.format must be "shapecast.tensor", got "numpy": not a tensor's JSON form`],
    ["a version of the wrong kind", { ...good, version: "1" }, TypeError, `${op}: json.version must be a number, got "1"`],
    ["a later version", { ...good, version: 2 }, RangeError, `${op}: json.version is 2; this version of shapecast reads version 1 of the JSON form`],
    ["an unknown field", { ...good, strides: [1] }, TypeError, `${op}: json field "strides" is not known (a tensor's JSON form has format, version, shape, dtype, data)`],
    ["no shape", { ...good, shape: undefined }, TypeError, `${op}: json.shape must be an array of numbers, got undefined`],
    ["a size of the wrong kind", { ...good, shape: ["2"] }, TypeError, `${op}: json.shape[0] must be a number, got "2"`],
    ["a negative size", { ...good, shape: [-2] }, RangeError, `${op}: json.shape[0] = -2 is not a valid size (sizes are non-negative integers)`],
    ["a fractional size", { ...good, shape: [1.5] }, RangeError, `${op}: json.shape[0] = 1.5 is not a valid size (sizes are non-negative integers)`],
    ["too many elements", { ...good, shape: [2 ** 16, 2 ** 16] }, RangeError, `${op}: json.shape [65536, 65536] would hold 4294967296 elements, more than the 2147483647 a tensor can hold`],
    ["an unknown dtype", { ...good, dtype: "float16" }, TypeError, `${op}: json.dtype must be one of "bool", "uint8", "int32", "float32", "float64", got "float16"`],
    ["data of the wrong kind", { ...good, data: [1, 2] }, TypeError, `${op}: json.data must be a base64 string, got an array`],
    ["too few bytes", { ...good, data: "AQAAAA==" }, RangeError, `${op}: json.data holds 4 bytes, but shape [2] of int32 needs 8 (2 elements of 4 bytes)`],
    ["too many bytes", { ...good, shape: [1] }, RangeError, `${op}: json.data holds 8 bytes, but shape [1] of int32 needs 4 (1 element of 4 bytes)`],
    ["too few bytes for uint8", { ...good, dtype: "uint8", shape: [9] }, RangeError, `${op}: json.data holds 8 bytes, but shape [9] of uint8 needs 9 (9 elements of 1 byte)`],
    ["a length that is not base64's", { ...good, data: "AQAAAAIAAAA" }, RangeError, `${op}: json.data is not base64: its length 11 is not a multiple of 4`],
    ["a character outside base64", { ...good, data: "AQAAAAIA-AA=" }, RangeError, `${op}: json.data is not base64: character 8 ("-") is not in the base64 alphabet`],
    ["padding before the end", { ...good, data: "AQ==AAIAAAA=" }, RangeError, `${op}: json.data is not base64: character 2 ("=") is padding before the end`],
    ["bits over after the last byte", { ...good, data: "AQAAAAIAAAB=" }, RangeError, `${op}: json.data is not base64: character 10 ("B") leaves bits over that are not zero`],
    ["a bool that is not 0 or 1", { ...good, dtype: "bool", shape: [3], data: "AQIA" }, RangeError, `${op}: json.data's element 1 is 2; a bool is stored as 0 or 1`],
    ["an expectation of the wrong kind", good, TypeError, `${op}: expected must be an object such as { shape: [2, 3], dtype: "float32" }, got an array`, [2]],
    ["an unknown expectation", good, TypeError, `${op}: expected field "rank" is not known (the fields are shape and dtype)`, { rank: 1 }],
    ["an expected shape of the wrong kind", good, TypeError, `${op}: expected.shape must be an array of numbers, got number 2`, { shape: 2 }],
    ["an unknown expected dtype", good, TypeError, `${op}: expected.dtype must be one of "bool", "uint8", "int32", "float32", "float64", got "int64"`, { dtype: "int64" }],
  ])("%s", (_, json, type, message, expected) => {
    expectError(() => loose(json, expected), type, message);
  });

  it("text that is not JSON is a SyntaxError, with the parser's error as its cause", () => {
    const error = thrown(() => Tensor.fromJSON('{"format":'));
    expect(error).toBeInstanceOf(SyntaxError);
    expect(error.message).toMatch(/^Tensor\.fromJSON: json is a string but not JSON text: /);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it("checks the shape and the expectation before it decodes any data", () => {
    // data that is not base64 at all: the earlier mistake is the one reported
    expectError(() => loose({ ...good, shape: [-1], data: "!" }), RangeError, `${op}: json.shape[0] = -1 is not a valid size (sizes are non-negative integers)`);
    expect(() => loose({ ...good, data: "!!!!" }, { shape: [3] })).toThrow(ShapeError);
  });
});

describe("toJSON's limit", () => {
  it("refuses, before encoding anything, a tensor whose base64 would not fit in a string", () => {
    // 2^27 float32 elements of a broadcast view: 512 MiB, 715,827,884 characters of base64
    const huge = broadcastTo(zeros([1]), [2 ** 27]);
    expectError(
      () => huge.toJSON(),
      RangeError,
      `toJSON: a float32 tensor of shape [134217728] is 536870912 bytes, whose base64 (715827884 characters) is longer than the ${MAX_BASE64_LENGTH} a string holds in every engine; send it with postMessage and Tensor.from, or read it with toTypedArray()`,
    );
    expect(() => JSON.stringify({ huge })).toThrow(/^toJSON: /);
  });

  it("lets through the longest that fits: 402653166 bytes are 536870888 characters, the limit", () => {
    expect(() => checkJSONLength(broadcastTo(zeros([1], "uint8"), [402653166]))).not.toThrow();
    expect(() => checkJSONLength(broadcastTo(zeros([1], "uint8"), [402653167]))).toThrow(
      "toJSON: a uint8 tensor of shape [402653167] is 402653167 bytes, whose base64 (536870892 characters) is longer than the 536870888",
    );
    expect(() => checkJSONLength(broadcastTo(zeros([1], "float64"), [50331645]))).not.toThrow(); // 402653160 bytes
    expect(() => checkJSONLength(broadcastTo(zeros([1], "float64"), [50331646]))).toThrow(RangeError);
  });
});

describe("the bytes and base64 underneath", () => {
  it("elementBytes is little-endian on this machine (read back with DataView)", () => {
    const values = [1.5, -0, Number.NaN, -3e-300];
    const bytes = elementBytes(tensor(values, { dtype: "float64" }), "test");
    const view = new DataView(bytes.buffer);
    expect(values.map((_, i) => view.getFloat64(i * 8, true))).toEqual(values);
    expect(Object.is(view.getFloat64(8, true), -0)).toBe(true);
  });

  it("swapBytes reverses each group, and twice is the identity", () => {
    const bytes = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    swapBytes(bytes, 4);
    expect([...bytes]).toEqual([4, 3, 2, 1, 8, 7, 6, 5]);
    swapBytes(bytes, 4);
    swapBytes(bytes, 8);
    expect([...bytes]).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    swapBytes(bytes, 1);
    expect([...bytes]).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("encodeBase64 is Node's base64, at every length", () => {
    let seed = 7;
    const random = (length: number): Uint8Array => Uint8Array.from({ length }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 23);
    for (const length of [0, 1, 2, 3, 4, 5, 6, 7, 100, 12287, 12288, 12289, 12290, 3 * 12288 + 2]) {
      const bytes = random(length);
      const text = encodeBase64(bytes);
      expect(text, `${length} bytes`).toBe(Buffer.from(bytes).toString("base64"));
      expect([...decodeBase64("test", "text", text)]).toEqual([...bytes]);
    }
    expect(encodeBase64(Uint8Array.from([0xfb, 0xff, 0xbf]))).toBe("+/+/");
  });

  it("asciiString gives the same text with TextDecoder and, where there is none, in pieces of String.fromCharCode", () => {
    for (const length of [0, 1, 8191, 8192, 8193, 3 * 8192 + 5]) {
      const codes = Uint8Array.from({ length }, (_, i) => 32 + ((i * 31) % 95));
      const text = String.fromCharCode(...codes);
      expect(asciiString(codes), `${length} characters`).toBe(text);
      expect(asciiString(codes, null), `${length} characters, no TextDecoder`).toBe(text);
    }
  });

  it("decodeBase64 takes only the canonical encoding", () => {
    expect([...decodeBase64("t", "x", "+/+/")]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...decodeBase64("t", "x", "")]).toEqual([]);
    expectError(() => decodeBase64("t", "x", "AR=="), RangeError, 't: x is not base64: character 1 ("R") leaves bits over that are not zero');
    expectError(() => decodeBase64("t", "x", "A==="), RangeError, 't: x is not base64: character 1 ("=") is padding before the end');
    expectError(() => decodeBase64("t", "x", "AA A"), RangeError, 't: x is not base64: character 2 (" ") is not in the base64 alphabet');
    expectError(() => decodeBase64("t", "x", "AAé="), RangeError, 't: x is not base64: character 2 ("é") is not in the base64 alphabet');
    expectError(() => decodeBase64("t", "x", "AAAA\n"), RangeError, "t: x is not base64: its length 5 is not a multiple of 4");
  });
});
