/**
 * `.safetensors` files: the files the Python `safetensors` package wrote
 * (test/fixtures/weights, made by scripts/weights-fixtures.py) load with their
 * shapes, dtypes (F16 and BF16 widened to float32) and exact element bytes;
 * a schema types and checks what is loaded, naming the tensor on a misfit;
 * random records of views come back exactly; and a damaged or cut file is an
 * error, never a tensor.
 */
import { describe, expect, it } from "vitest";
import { loadSafetensors, readSafetensorsHeader, saveSafetensors, ShapeError, tensor } from "shapecast";
import { elementBytes } from "../../src/format/serialize.js";
import { thrown } from "../support/thrown.js";
import { fixture as file, manifest } from "./fixtures.js";
import { base64, expectEveryCutRefused } from "./support.js";

/** A file of the given header object (padded to 8) and data bytes. */
function build(header: unknown, data: Uint8Array | number = 0): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const length = Math.ceil(json.length / 8) * 8;
  const body = typeof data === "number" ? new Uint8Array(data) : data;
  const bytes = new Uint8Array(8 + length + body.length).fill(0x20, 8, 8 + length);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(length), true);
  bytes.set(json, 8);
  bytes.set(body, 8 + length);
  return bytes;
}

describe("loadSafetensors on files the safetensors package wrote", () => {
  for (const [name, { metadata, tensors }] of Object.entries(manifest.safetensors)) {
    it(`${name}.safetensors: every tensor with its shape, dtype and exact element bytes, and the metadata`, () => {
      const bytes = file(`${name}.safetensors`);
      const loaded = loadSafetensors(bytes);
      expect(Object.keys(loaded).sort()).toEqual(Object.keys(tensors).sort());
      for (const [key, want] of Object.entries(tensors)) {
        const t = loaded[key]!;
        expect([key, t.shape, t.dtype]).toEqual([key, want.shape, want.dtype]);
        expect(base64(elementBytes(t, "test")), key).toBe(want.bytes);
      }
      expect(readSafetensorsHeader(bytes).metadata ?? null).toEqual(metadata);
    });
  }

  it("a schema gives exactly its tensors, typed, and checks each against the file", () => {
    const bytes = file("layers.safetensors");
    const { "fc1.weight": w, "fc2.weight": w2, mask } = loadSafetensors(bytes, {
      "fc1.weight": [4, 3],
      "fc2.weight": { shape: [2, 4], dtype: "float64" },
      mask: { shape: [5] },
    });
    expect([w.shape, w.dtype, w2.dtype, mask.dtype]).toEqual([[4, 3], "float32", "float64", "bool"]);
    expect(Object.keys(loadSafetensors(bytes, { half: [10] }))).toEqual(["half"]);

    const shape = thrown(() => loadSafetensors(bytes, { "fc1.weight": [3, 4] }));
    expect(shape).toBeInstanceOf(ShapeError);
    expect(shape.message).toBe('loadSafetensors: tensor "fc1.weight" has shape [4, 3] but schema["fc1.weight"] is [3, 4]: axis 0 has 4 vs 3');
    expect(thrown(() => loadSafetensors(bytes, { "fc1.bias": [4, 1] })).message).toBe(
      'loadSafetensors: tensor "fc1.bias" has shape [4] but schema["fc1.bias"] is [4, 1]: rank 1 vs 2',
    );
    const dtype = thrown(() => loadSafetensors(bytes, { counts: [3, 2] }));
    expect(dtype).toBeInstanceOf(TypeError);
    expect(dtype.message).toBe('loadSafetensors: tensor "counts" loads as int32 but schema["counts"] expects float32');
    expect(thrown(() => loadSafetensors(bytes, { "fc3.weight": [2, 2] })).message).toBe(
      'loadSafetensors: the file holds no tensor "fc3.weight" (schema["fc3.weight"]); it holds "fc2.weight", "empty", "fc1.bias", "fc1.weight", "scalar", "counts", "half", "pixels" and 1 more',
    );
    expect(thrown(() => loadSafetensors(bytes, { w: 3 } as never)).message).toBe('loadSafetensors: schema["w"] must be a shape such as [128, 784] or { shape, dtype }, got number 3');
    expect(thrown(() => loadSafetensors(bytes, { w: { shape: [1], dtype: "float32", layout: "x" } } as never)).message).toBe(
      'loadSafetensors: schema["w"] field "layout" is not known (the fields are shape and dtype)',
    );
  });
});

describe("saveSafetensors and loadSafetensors", () => {
  it("writes the file the safetensors package writes for the same tensors, byte for byte", () => {
    const bytes = file("plain.safetensors");
    expect(base64(saveSafetensors(loadSafetensors(bytes), { metadata: readSafetensorsHeader(bytes).metadata! }))).toBe(base64(bytes));
  });

  it("keeps names that look like numbers in their place, and any text in names and metadata", () => {
    const record = { "10": tensor([1]), "2": tensor([2]), "é \"x\"\n": tensor([3]) };
    const bytes = saveSafetensors(record, { metadata: { "ключ": "значение", "": "\u0000" } });
    expect([...readSafetensorsHeader(bytes).tensors.keys()]).toEqual(["10", "2", 'é "x"\n']);
    expect(readSafetensorsHeader(bytes).metadata).toEqual({ "ключ": "значение", "": "\u0000" });
    expect(loadSafetensors(bytes)["2"]!.toArray()).toEqual([2]);
  });

  it("refuses what it cannot write, naming it", () => {
    expect(thrown(() => saveSafetensors([tensor([1])] as never)).message).toBe("saveSafetensors: tensors must be a record of tensors by name, such as { \"fc1.weight\": w }, got an array");
    expect(thrown(() => saveSafetensors({ w: [1, 2] } as never)).message).toMatch(/^saveSafetensors: tensors\["w"\] must be a Tensor/);
    expect(thrown(() => saveSafetensors({ __metadata__: tensor([1]) })).message).toBe('saveSafetensors: a tensor may not be named "__metadata__" (the format keeps that name for the metadata)');
    expect(thrown(() => saveSafetensors({}, { metadata: { epoch: 3 } as never })).message).toBe('saveSafetensors: options.metadata["epoch"] must be a string, got number 3');
  });
});

describe("loadSafetensors refuses a damaged file", () => {
  const good = file("layers.safetensors");

  it("every cut of a file is an error, never a tensor", () => {
    expectEveryCutRefused("loadSafetensors", loadSafetensors, good);
  });

  it("refuses a header that begins with a byte order mark, as the safetensors package does", () => {
    const length = Number(new DataView(good.buffer, good.byteOffset).getBigUint64(0, true));
    const marked = new Uint8Array(good.length + 3);
    new DataView(marked.buffer).setBigUint64(0, BigInt(length + 3), true);
    marked.set([0xef, 0xbb, 0xbf], 8);
    marked.set(good.subarray(8), 11);
    for (const read of [loadSafetensors, readSafetensorsHeader]) {
      const error = thrown(() => read(marked));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(/: the header does not begin with "\{" \(it begins with a byte order mark, U\+FEFF, which the format does not allow\): not a \.safetensors file$/);
    }
  });

  it("reads a schema's and an entry's own fields only", () => {
    const bytes = saveSafetensors({ a: tensor([1, 2]) });
    const polluted = Object.prototype as { dtype?: unknown; shape?: unknown };
    polluted.dtype = "float64";
    try {
      expect(loadSafetensors(bytes, { a: { shape: [2] } }).a.dtype).toBe("float32");
      // a header entry without a dtype of its own is refused, not read as the prototype's
      expect(thrown(() => loadSafetensors(build({ w: { shape: [1], data_offsets: [0, 4] } }, 4))).message).toBe('loadSafetensors: tensor "w"\'s dtype must be a string such as "F32", got undefined');
      polluted.shape = [2];
      expect(thrown(() => loadSafetensors(bytes, { a: {} } as never)).message).toMatch(/^loadSafetensors: schema\["a"\].shape must be/);
    } finally {
      delete polluted.dtype;
      delete polluted.shape;
    }
  });

  it("names what is wrong with the header and the data", () => {
    const entry = (dtype: string, shape: number[], offsets: number[]) => ({ dtype, shape, data_offsets: offsets });
    const message = (bytes: Uint8Array) => thrown(() => loadSafetensors(bytes)).message;
    expect(message(new Uint8Array([255, 255, 255, 255, 0, 0, 0, 0, 123]))).toBe("loadSafetensors: the header's length reads 4294967295 bytes, more than 100000000: not a .safetensors file");
    expect(message(build([1, 2]))).toBe('loadSafetensors: the header does not begin with "{": not a .safetensors file');
    expect(message(build({ w: entry("F32", [2], [0, 8]) }, 4))).toBe("loadSafetensors: the file is cut short: its tensors need 8 bytes of data but 4 follow the header");
    expect(message(build({ w: entry("F32", [2], [0, 8]) }, 12))).toBe("loadSafetensors: 4 bytes follow the last tensor's data (which ends at 8); the format has no gaps");
    expect(message(build({ w: entry("F32", [2], [0, 4]) }, 4))).toBe('loadSafetensors: tensor "w" of shape [2] and dtype F32 needs 8 bytes but its data_offsets [0, 4] hold 4');
    expect(message(build({ a: entry("F32", [2], [0, 8]), b: entry("F32", [1], [4, 8]) }, 8))).toMatch(/overlap the tensor before it/);
    expect(message(build({ a: entry("F32", [1], [0, 4]), b: entry("F32", [1], [8, 12]) }, 12))).toBe(
      'loadSafetensors: tensor "b"\'s data_offsets [8, 12] leave bytes 4 to 8 unused; the format has no gaps',
    );
    expect(message(build({ w: entry("I64", [1], [0, 8]) }, 8))).toBe(
      'loadSafetensors: tensor "w" is stored as I64 (64-bit integers), which shapecast does not store; the read dtypes are F32, F64, I32, U8, BOOL, and F16 and BF16 as float32: convert it where the file is written (e.g. tensor.to(torch.int32))',
    );
    expect(message(build({ w: entry("Q4", [1], [0, 1]) }, 1))).toBe('loadSafetensors: tensor "w"\'s dtype "Q4" is not one this reader knows');
    expect(message(build({ w: entry("F32", [-1], [0, 0]) }))).toMatch(/^loadSafetensors: tensor "w"'s shape/);
    expect(message(build({ w: entry("F32", [1], [4, 0]) }, 4))).toBe('loadSafetensors: tensor "w"\'s data_offsets must be [begin, end] with 0 <= begin <= end, got [4,0]');
    expect(message(build({ w: entry("BOOL", [2], [0, 2]) }, new Uint8Array([1, 7])))).toBe('loadSafetensors: tensor "w"\'s element 1 is 7; a bool is stored as 0 or 1');
    expect(message(build({ __metadata__: { epoch: 3 } }))).toBe('loadSafetensors: the header\'s __metadata__["epoch"] must be a string, got number 3');
    const text = new Uint8Array(16);
    new DataView(text.buffer).setBigUint64(0, 8n, true);
    text.set(new TextEncoder().encode("not json"), 8);
    expect(message(text)).toBe('loadSafetensors: the header does not begin with "{": not a .safetensors file');
  });
});
