/**
 * `.npz` archives (shapecast/npz): the archives NumPy's np.savez (members
 * stored, zip64 fields) and np.savez_compressed (deflated) wrote load with
 * their names, shapes, dtypes and exact element bytes; toNpz writes what
 * np.load reads back, stored or deflated; a schema types and checks; a
 * damaged archive or member is an error naming it.
 */
import { describe, expect, it } from "vitest";
import { ShapeError, tensor } from "shapecast";
import { fromNpz, toNpz } from "shapecast/npz";
import { unzipSync, zipSync } from "fflate";
import { elementBytes } from "../../src/format/serialize.js";
import { toNpy } from "../../src/io/npy.js";
import { thrown } from "../support/thrown.js";
import { fixture, manifest } from "./fixtures.js";
import { base64, expectEveryCutRefused } from "./support.js";

describe("fromNpz on archives NumPy wrote", () => {
  for (const [archive, arrays] of Object.entries(manifest.npz)) {
    it(`${archive}.npz: every array by name, with its shape, dtype and exact element bytes`, () => {
      const loaded = fromNpz(fixture(`${archive}.npz`));
      expect(Object.keys(loaded).sort()).toEqual(Object.keys(arrays).sort());
      for (const [name, want] of Object.entries(arrays)) {
        const t = loaded[name]!;
        expect([name, t.shape, t.dtype]).toEqual([name, want.shape, want.dtype]);
        expect(base64(elementBytes(t, "test")), name).toBe(want.bytes);
      }
    });
  }

  it("a schema gives exactly its arrays, typed, and checks each", () => {
    const bytes = fixture("stored.npz");
    const { w, arr_1: pixels } = fromNpz(bytes, { w: [2, 3, 4], arr_1: { shape: [5], dtype: "uint8" } });
    expect([w.shape, w.dtype, pixels.dtype]).toEqual([[2, 3, 4], "float32", "uint8"]);
    const shape = thrown(() => fromNpz(bytes, { w: [2, 12] }));
    expect(shape).toBeInstanceOf(ShapeError);
    expect(shape.message).toBe('fromNpz: array "w" has shape [2, 3, 4] but schema["w"] is [2, 12]: rank 3 vs 2');
    expect(thrown(() => fromNpz(bytes, { b: [4, 3] })).message).toBe('fromNpz: array "b" loads as int32 but schema["b"] expects float32');
    expect(thrown(() => fromNpz(bytes, { bias: [4] })).message).toBe(
      'fromNpz: the archive holds no "bias.npy" (schema["bias"]); it holds "w.npy", "b.npy", "flags.npy", "f16.npy", "arr_0.npy", "arr_1.npy"',
    );
  });
});

describe("toNpz and fromNpz", () => {
  it("writes one name.npy member per tensor, np.save's bytes, stored or deflated", () => {
    const w = tensor([[1, 2], [3, 4]]);
    for (const compress of [false, true]) {
      const members = unzipSync(toNpz({ w, "fc.bias": tensor([5]) }, { compress }));
      expect(Object.keys(members)).toEqual(["w.npy", "fc.bias.npy"]);
      expect(base64(members["w.npy"]!)).toBe(base64(toNpy(w)));
    }
    const big = tensor(Array.from({ length: 4096 }, () => 0));
    expect(toNpz({ big }, { compress: true }).length).toBeLessThan(toNpz({ big }).length / 10);
  });

  it("refuses what it cannot write, naming it", () => {
    expect(thrown(() => toNpz({ "a/b": tensor([1]) })).message).toBe('toNpz: a tensor\'s name must be a non-empty name without "/", got "a/b"');
    expect(thrown(() => toNpz({ w: [1] } as never)).message).toMatch(/^toNpz: tensors\["w"\] must be a Tensor/);
    expect(thrown(() => toNpz({}, { level: 9 } as never)).message).toBe('toNpz: options field "level" is not known (the only option is compress)');
  });
});

describe("fromNpz refuses a damaged archive", () => {
  it("every cut of an archive is an error, never a tensor", () => {
    expectEveryCutRefused("fromNpz", fromNpz, fixture("deflated.npz"));
  });

  it("names the member that is not a .npy, or whose .npy is damaged", () => {
    const other = zipSync({ "w.npy": toNpy(tensor([1])), "notes.txt": new Uint8Array([104, 105]) });
    expect(thrown(() => fromNpz(other)).message).toBe('fromNpz: member "notes.txt" is not a .npy file; a .npz holds only .npy files');
    const cut = zipSync({ "w.npy": toNpy(tensor([1, 2])).subarray(0, 130) });
    // the member's header says 136 bytes: refused before its data is inflated
    expect(thrown(() => fromNpz(cut)).message).toBe("fromNpz: member \"w.npy\" declares 130 bytes, but its .npy header (shape [2] of '<f4') makes it 136");
    expect(thrown(() => fromNpz(new Uint8Array([1, 2, 3, 4]))).message).toMatch(/^fromNpz: the bytes are not a zip archive, or a damaged one/);
  });
});

describe("fromNpz reads the zip's directory itself", () => {
  const w = tensor([1, 2]);
  const archive = (members: Record<string, Uint8Array>, level: 0 | 6 = 0) => zipSync(Object.fromEntries(Object.entries(members).map(([name, bytes]) => [name, [bytes, { level }]])));
  /** The offset of the central directory's first entry (one member, no comment). */
  const entryOf = (bytes: Uint8Array) => new DataView(bytes.buffer).getUint32(bytes.length - 22 + 16, true);

  it("np.savez's zip64 archives and np.savez_compressed's data descriptors (the fixtures zip64.npz and streamed.npz)", () => {
    expect(Object.keys(manifest.npz)).toEqual(expect.arrayContaining(["zip64", "streamed"]));
    const zip64 = fixture("zip64.npz");
    // every entry but the first has its offset in the zip64 field, and the end records are zip64's
    expect(new DataView(zip64.buffer, zip64.byteOffset).getUint32(zip64.length - 22 - 20, true)).toBe(0x07064b50);
  });

  it("refuses a member whose bytes fail their CRC-32, stored or deflated", () => {
    for (const level of [0, 6] as const) {
      const bytes = archive({ "w.npy": toNpy(w) }, level);
      const view = new DataView(bytes.buffer);
      const entry = entryOf(bytes);
      view.setUint32(entry + 16, view.getUint32(entry + 16, true) ^ 1, true);
      const error = thrown(() => fromNpz(bytes));
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toBe('fromNpz: member "w.npy" is damaged: its bytes fail their CRC-32 check');
    }
  });

  it("refuses two members of one name, encryption and methods other than stored and deflated", () => {
    const two = archive({ "w.npy": toNpy(w), "x.npy": toNpy(w) });
    // rename the second member to the first's name, in its local header and its directory entry
    const text = new TextDecoder("latin1").decode(two);
    for (let at = text.indexOf("x.npy"); at >= 0; at = text.indexOf("x.npy", at + 1)) two[at] = "w".charCodeAt(0);
    expect(thrown(() => fromNpz(two)).message).toBe('fromNpz: the archive holds two members named "w.npy"');
    const flagged = archive({ "w.npy": toNpy(w) });
    new DataView(flagged.buffer).setUint16(entryOf(flagged) + 8, 1, true);
    expect(thrown(() => fromNpz(flagged)).message).toBe('fromNpz: member "w.npy" is encrypted, which is not read');
    const bzip = archive({ "w.npy": toNpy(w) });
    new DataView(bzip.buffer).setUint16(entryOf(bzip) + 10, 12, true);
    expect(thrown(() => fromNpz(bzip)).message).toBe('fromNpz: member "w.npy" is compressed by method 12; stored (0) and deflated (8) members are read');
  });

  it("reads a name without the UTF-8 flag as code page 437, as the format says", () => {
    const bytes = archive({ "\u00e9t\u00e9.npy": toNpy(w) }); // fflate writes it in UTF-8 and sets the flag
    const view = new DataView(bytes.buffer);
    const entry = entryOf(bytes);
    // rewrite the name as code page 437 bytes (é is 0x82), same length with a padding letter, flag cleared
    for (const [header, flags, name] of [[0, 6, 30], [entry, 8, 46]] as const) {
      view.setUint16(header + flags, view.getUint16(header + flags, true) & ~0x800, true);
      bytes.set([0x82, 0x74, 0x82, 0x78, 0x78, 0x2e, 0x6e, 0x70, 0x79], header + name);
    }
    expect(Object.keys(fromNpz(bytes))).toEqual(["\u00e9t\u00e9xx"]);
  });

  it("refuses a name flagged UTF-8 that is not, naming fromNpz; quotes names as JSON in its messages", () => {
    const bytes = archive({ "\u00e9.npy": toNpy(w) });
    bytes[archive({ "\u00e9.npy": toNpy(w) }).length - 22 - 46 - 6 + 46] = 0xff; // the first byte of the name in the directory
    const error = thrown(() => fromNpz(bytes));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fromNpz: a member's name is flagged UTF-8 but is not: a damaged archive");
    const quoted = archive({ 'a"b.txt': new Uint8Array(1) });
    expect(thrown(() => fromNpz(quoted)).message).toBe('fromNpz: member "a\\"b.txt" is not a .npy file; a .npz holds only .npy files');
  });

  it("names a directory or a header that lies outside the archive", () => {
    const bytes = archive({ "w.npy": toNpy(w) });
    const view = new DataView(bytes.buffer);
    view.setUint32(entryOf(bytes) + 42, 2 ** 31, true);
    expect(thrown(() => fromNpz(bytes)).message).toBe('fromNpz: the bytes are not a zip archive, or a damaged one (member "w.npy"\'s local header lies outside the archive)');
    const far = archive({ "w.npy": toNpy(w) });
    new DataView(far.buffer).setUint32(far.length - 22 + 16, 2 ** 31, true);
    expect(thrown(() => fromNpz(far)).message).toBe("fromNpz: the bytes are not a zip archive, or a damaged one (its central directory lies outside the archive)");
  });
});

