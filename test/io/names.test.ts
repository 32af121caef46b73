/**
 * Names are data: every reader and writer of weights files keeps every name a file can hold,
 * those of Object.prototype's members (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`, ...) among them, as a name like any other: never lost, shadowed, read from
 * the prototype, or made the result's prototype. Results are records without a prototype.
 */
import { describe, expect, it } from "vitest";
import { loadSafetensors, readSafetensorsHeader, saveSafetensors, type Tensor, tensor } from "shapecast";
import { fromNpz, toNpz } from "shapecast/npz";
import { importOnnxWeights } from "shapecast/onnx";
import { onnx } from "../../src/onnx/proto.js";
import { thrown } from "../support/thrown.js";

const HOSTILE = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf", "toJSON", "then", "0", "", " ", "a\"b", "ü/ñ"];

/** A record holding `names` as own properties (an object literal's `__proto__:` would set the prototype instead). */
function recordOf(names: readonly string[]): Record<string, Tensor> {
  const record: Record<string, Tensor> = {};
  names.forEach((name, i) => Object.defineProperty(record, name, { value: tensor([i, -i]), enumerable: true }));
  return record;
}

/** Expects `out` to hold exactly `names`, each its own tensor, in a record without a prototype. */
function expectNames(out: Record<string, Tensor>, names: readonly string[]): void {
  expect(Object.getPrototypeOf(out)).toBe(null);
  expect(Object.keys(out).sort()).toEqual([...names].sort());
  names.forEach((name, i) => {
    expect(Object.hasOwn(out, name), name).toBe(true);
    expect(out[name]!.toArray(), name).toEqual([i, -i]);
  });
}

describe("tensor names that are Object.prototype's", () => {
  it("loadSafetensors keeps every one, with and without a schema, and readSafetensorsHeader lists them", () => {
    const names = HOSTILE;
    const bytes = saveSafetensors(recordOf(names));
    expectNames(loadSafetensors(bytes), names);
    const schema: Record<string, readonly number[]> = {};
    for (const name of names) Object.defineProperty(schema, name, { value: [2], enumerable: true });
    expectNames(loadSafetensors(bytes, schema), names);
    expect([...readSafetensorsHeader(bytes).tensors.keys()].sort()).toEqual([...names].sort());
  });

  it("the safetensors header's metadata keeps such keys too", () => {
    const metadata: Record<string, string> = {};
    Object.defineProperty(metadata, "__proto__", { value: "p", enumerable: true });
    metadata["constructor"] = "c";
    const read = readSafetensorsHeader(saveSafetensors({}, { metadata })).metadata!;
    expect(Object.getPrototypeOf(read)).toBe(null);
    expect([read["__proto__"], read["constructor"], Object.keys(read).sort()]).toEqual(["p", "c", ["__proto__", "constructor"]]);
  });

  it("fromNpz keeps every one, of toNpz's own archives, stored or deflated, with and without a schema", () => {
    const names = HOSTILE.filter((name) => name !== "" && !name.includes("/")); // a member needs a name, without "/"
    for (const compress of [false, true]) {
      const bytes = toNpz(recordOf(names), { compress });
      expectNames(fromNpz(bytes), names);
      const schema: Record<string, readonly number[]> = {};
      for (const name of names) Object.defineProperty(schema, name, { value: [2], enumerable: true });
      expectNames(fromNpz(bytes, schema), names);
    }
  });

  it("importOnnxWeights keeps every one, and refuses two initializers of one name", () => {
    const names = HOSTILE;
    const model = (list: readonly string[]) =>
      onnx.ModelProto.encode({
        irVersion: 8,
        opsetImport: [{ version: 17 }],
        graph: { name: "g", initializer: list.map((name, i) => ({ name, dataType: onnx.TensorProto.DataType.FLOAT, dims: [2], floatData: [i, -i] })) },
      }).finish();
    expectNames(importOnnxWeights(model(names)), names);
    expect(thrown(() => importOnnxWeights(model(["w", "b", "w"]))).message).toBe('importOnnxWeights: the model has two initializers named "w"');
  });
});
