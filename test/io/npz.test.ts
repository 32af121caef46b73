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
        expect(base64(elementBytes(t)), name).toBe(want.bytes);
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
    expect(thrown(() => toNpz({}, { level: 9 } as never)).message).toBe('toNpz: options field "level" is not known (the field is compress)');
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
    expect(thrown(() => fromNpz(cut)).message).toBe("fromNpz (member \"w.npy\"): the file is cut short: shape [2] of '<f4' needs 8 bytes of data but 2 follow the header");
    expect(thrown(() => fromNpz(new Uint8Array([1, 2, 3, 4]))).message).toMatch(/^fromNpz: the bytes are not a zip archive, or a damaged one/);
  });
});
