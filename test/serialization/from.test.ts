/**
 * `Tensor.from`: a tensor rebuilt from its structured clone (or from a tensor,
 * or a plain `{ data, shape, dtype }`) over the very typed array it is given,
 * a view kept as the same view, and every malformed input refused with its
 * class and a message naming the field.
 */
import { describe, expect, it } from "vitest";
import { add, broadcastTo, clip, expandDims, permute, reshape, ShapeError, slice, Tensor, tensor, transpose, zeros } from "shapecast";
import { thrown } from "../support/thrown.js";

function expectError(run: () => unknown, type: new (...args: never[]) => Error, message: string): void {
  const error = thrown(run);
  expect(error).toBeInstanceOf(type);
  expect(error.message).toBe(message);
}

const base = reshape(tensor(Array.from({ length: 24 }, (_, i) => i - 11), [24], { dtype: "int32" }), [2, 3, 4]);

describe("Tensor.from of a structured clone", () => {
  it("a clone is a plain object of the tensor's fields; from rebuilds it over the clone's own array", () => {
    const clone = structuredClone(base);
    expect(clone).not.toBeInstanceOf(Tensor);
    expect(Object.keys(clone).sort()).toEqual(["data", "dtype", "offset", "shape", "size", "strides"]);
    const t = Tensor.from(clone);
    expect(t).toBeInstanceOf(Tensor);
    expect(t.data).toBe(clone.data);
    expect(t.data.buffer).toBe(clone.data.buffer);
    expect(t.toArray()).toEqual(base.toArray());
    expect(t.add(1).toArray()).toEqual(add(base, 1).toArray());
  });

  it("keeps a view the same view: strides, offset and a broadcast's stride 0, over the whole cloned buffer", () => {
    const views: Tensor[] = [
      transpose(base),
      permute(base, [2, 0, 1]),
      slice(base, 1, { step: -1 }, { start: 1, step: 2 }),
      slice(base, null, null, { step: -3 }),
      broadcastTo(slice(base, 0, 2), [5, 4]),
      expandDims(slice(base, 1, null, 3), 0),
      slice(base, 0, 0, { start: 2, stop: 2 }),
    ];
    for (const view of views) {
      const clone = structuredClone(view);
      expect(clone.data.length).toBe(24); // the whole buffer travels
      const t = Tensor.from(clone);
      expect([t.shape, t.strides, t.offset, t.dtype]).toEqual([view.shape, view.strides, view.offset, view.dtype]);
      expect(t.toArray()).toEqual(view.toArray());
      expect(t.data).toBe(clone.data);
    }
    expect(Tensor.from(structuredClone(broadcastTo(tensor([1, 2, 3]), [1000, 3]))).strides).toEqual([0, 1]);
  });

  it("with the buffer transferred: the original is detached, the clone owns the buffer", () => {
    const t = tensor([[1.5, -0], [Number.NaN, Infinity]], { dtype: "float64" });
    const buffer = t.data.buffer;
    const clone = structuredClone(t, { transfer: [buffer as ArrayBuffer] });
    expect(buffer.byteLength).toBe(0);
    expect(t.data.length).toBe(0);
    const back = Tensor.from(clone);
    expect(back.data.buffer).toBe(clone.data.buffer);
    expect(Array.from(back.data)).toEqual([1.5, -0, Number.NaN, Infinity]);
    expect(Object.is(back.get(0, 1), -0)).toBe(true);
    // the detached original cannot be rebuilt, and the message says why: of the tensor, the
    // TypeError every op gives it; of its fields in a plain object, the RangeError of an empty data
    expectError(() => Tensor.from(t), TypeError, "Tensor.from: value's buffer is detached (transferred to another thread?); it holds none of its 4 elements");
    expectError(
      () => Tensor.from({ data: t.data, shape: t.shape, strides: t.strides, offset: t.offset, dtype: t.dtype }),
      RangeError,
      "Tensor.from: value's shape, strides and offset read data[0] to data[3], but value.data has 0 elements (its buffer is empty: was it transferred away, or the tensor disposed before it was cloned?)",
    );
  });

  it("of a tensor: a new tensor over the same array, so a write through one shows in the other", () => {
    const t = tensor([1, 2, 3], { dtype: "float32" });
    const u = Tensor.from(t);
    expect(u).not.toBe(t);
    expect(u.data).toBe(t.data);
    clip(u, 7, 7, { out: u });
    expect(t.toArray()).toEqual([7, 7, 7]);
  });

  it("of a plain object: the elements row-major in the dtype's typed array, or a view given by strides and offset", () => {
    const data = new Float32Array([1, 2, 3, 4, 5, 6]);
    const t = Tensor.from({ data, shape: [2, 3], dtype: "float32" });
    expect(t.data).toBe(data);
    expect([t.strides, t.offset]).toEqual([[3, 1], 0]);
    expect(t.toArray()).toEqual([[1, 2, 3], [4, 5, 6]]);
    expect(Tensor.from({ data, shape: [3, 2], strides: [1, 3], dtype: "float32" }).toArray()).toEqual([[1, 4], [2, 5], [3, 6]]);
    expect(Tensor.from({ data, shape: [2], strides: [-2], offset: 5, dtype: "float32" }).toArray()).toEqual([6, 4]);
    expect(Tensor.from({ data, shape: [2], offset: 4, dtype: "float32" }).toArray()).toEqual([5, 6]);
    expect(Tensor.from({ data: new Uint8Array([1, 0]), shape: [2], dtype: "bool" }).toArray()).toEqual([true, false]);
    expect(Tensor.from({ data: new Uint8Array([200]), shape: [], dtype: "uint8", size: 1 }).item()).toBe(200);
    // fields a clone does not have are ignored (a later version of Tensor may carry more)
    expect(Tensor.from({ data, shape: [6], dtype: "float32", label: "x" } as never).size).toBe(6);
  });

  it("of a view's compact copy, as the README suggests for sending a view without its whole buffer", () => {
    const view = slice(base, 1, { step: -1 }, 2);
    const part = { data: view.toTypedArray(), shape: view.shape, dtype: view.dtype };
    const clone = structuredClone(part, { transfer: [part.data.buffer as ArrayBuffer] });
    const t = Tensor.from(clone);
    expect(t.data.buffer.byteLength).toBe(3 * 4);
    expect([t.strides, t.offset]).toEqual([[1], 0]);
    expect(t.toArray()).toEqual(view.toArray());
  });

  it("over a SharedArrayBuffer: the clone shares the memory, so a write shows on both sides", () => {
    const data = new Int32Array(new SharedArrayBuffer(4 * 4));
    const t = Tensor.from({ data, shape: [2, 2], dtype: "int32" });
    const other = Tensor.from(structuredClone(t));
    expect(other.data.buffer).not.toBe(t.data.buffer);
    clip(other, 5, 5, { out: other });
    expect(t.toArray()).toEqual([[5, 5], [5, 5]]);
  });

  it("checks the expected shape and dtype", () => {
    const clone = structuredClone(base);
    expect(Tensor.from(clone, { shape: [2, 3, 4], dtype: "int32" }).shape).toEqual([2, 3, 4]);
    const error = thrown(() => Tensor.from(clone, { shape: [2, 4, 3] })) as ShapeError;
    expect(error).toBeInstanceOf(ShapeError);
    expect([error.message, error.code, error.op, error.axis, error.sizes]).toEqual([
      "Tensor.from: axis 1 has 3 vs 4; expected [2, 4, 3], got [2, 3, 4]", "mismatch", "Tensor.from", 1, [3, 4],
    ]);
    expectError(() => Tensor.from(clone, { dtype: "float32" }), TypeError, 'Tensor.from: value.dtype is "int32" but expected.dtype is "float32"');
  });

  it("costs the same for 8 elements as for 8 million: nothing is copied or read but a bool's elements", () => {
    const big = structuredClone(zeros([2000, 4000]));
    const small = structuredClone(zeros([2, 4]));
    const time = (value: object): number => {
      const start = performance.now();
      for (let i = 0; i < 200; i++) Tensor.from(value as never);
      return performance.now() - start;
    };
    time(big);
    time(small);
    // generous: a copy of 32 MB 200 times would take seconds
    expect(time(big)).toBeLessThan(Math.max(50, 20 * time(small)));
  });
});

describe("Tensor.from refuses what is not a tensor", () => {
  const op = "Tensor.from";
  const data = new Float32Array(6);
  const good = { data, shape: [2, 3], dtype: "float32" };
  const loose = Tensor.from as (value: unknown, expected?: unknown) => Tensor;

  it("(the value these cases break is a [2, 3] tensor)", () => {
    expect(loose(good).shape).toEqual([2, 3]);
  });

  it.each<[string, unknown, new (...args: never[]) => Error, string, unknown?]>([
    ["a number", 3, TypeError, `${op}: value must be a Tensor or its structured clone (an object with data, shape and dtype), got number 3`],
    ["an array", [data], TypeError, `${op}: value must be a Tensor or its structured clone (an object with data, shape and dtype), got an array`],
    ["JSON text", JSON.stringify(tensor([1])), TypeError, `${op}: value must be a Tensor or its structured clone (an object with data, shape and dtype), got "{\\"format\\":\\"shapecast.tensor\\",\\"version\\":1,\\"shape\\":[1],\\"dtype\\":\\"float32\\",\\"data\\":\\"AACAPw==\\"}"`],
    ["a JSON form", tensor([1]).toJSON(), TypeError, `${op}: value.data must be a Float32Array (dtype float32), got "AACAPw=="`],
    ["no shape", { ...good, shape: undefined }, TypeError, `${op}: value.shape must be an array of numbers, got undefined`],
    ["a negative size", { ...good, shape: [2, -3] }, RangeError, `${op}: value.shape[1] = -3 is not a valid size (sizes are non-negative integers)`],
    ["a fractional size", { ...good, shape: [0.5] }, RangeError, `${op}: value.shape[0] = 0.5 is not a valid size (sizes are non-negative integers)`],
    ["an unknown dtype", { ...good, dtype: "complex64" }, TypeError, `${op}: value.dtype must be one of "bool", "uint8", "int32", "float32", "float64", got "complex64"`],
    ["data of another dtype's class", { ...good, dtype: "float64" }, TypeError, `${op}: value.data must be a Float64Array (dtype float64), got a Float32Array`],
    ["a Uint8Array for int32", { ...good, data: new Uint8Array(6), dtype: "int32" }, TypeError, `${op}: value.data must be an Int32Array (dtype int32), got a Uint8Array`],
    ["a Uint8ClampedArray for uint8", { ...good, data: new Uint8ClampedArray(6), dtype: "uint8" }, TypeError, `${op}: value.data must be a Uint8Array (dtype uint8), got a Uint8ClampedArray`],
    ["an Int32Array for float32", { ...good, data: new Int32Array(6) }, TypeError, `${op}: value.data must be a Float32Array (dtype float32), got an Int32Array`],
    ["a DataView", { ...good, data: new DataView(new ArrayBuffer(24)) }, TypeError, `${op}: value.data must be a Float32Array (dtype float32), got a DataView`],
    ["an array of numbers", { ...good, data: [1, 2, 3, 4, 5, 6] }, TypeError, `${op}: value.data must be a Float32Array (dtype float32), got an array`],
    ["too few elements", { ...good, data: new Float32Array(5) }, RangeError, `${op}: value.data has 5 elements, but shape [2, 3] holds 6`],
    ["too many elements", { ...good, data: new Float32Array(7) }, RangeError, `${op}: value.data has 7 elements, but shape [2, 3] holds 6`],
    ["a size of the wrong kind", { ...good, size: "6" }, TypeError, `${op}: value.size must be a non-negative integer, got "6"`],
    ["a size that is not the shape's", { ...good, size: 5 }, RangeError, `${op}: value.size is 5, but shape [2, 3] holds 6 elements`],
    ["strides of the wrong kind", { ...good, strides: "3,1" }, TypeError, `${op}: value.strides must be an array of integers, got "3,1"`],
    ["strides of the wrong length", { ...good, strides: [1] }, RangeError, `${op}: value.strides has 1 entry, but value.shape has 2 axes`],
    ["a stride of the wrong kind", { ...good, strides: [3, "1"] }, TypeError, `${op}: value.strides[1] must be an integer, got "1"`],
    ["a fractional stride", { ...good, strides: [3, 0.5] }, RangeError, `${op}: value.strides[1] = 0.5 is not an integer`],
    ["an infinite stride", { ...good, strides: [Infinity, 1] }, RangeError, `${op}: value.strides[0] = Infinity is not an integer`],
    ["an offset of the wrong kind", { ...good, offset: null }, TypeError, `${op}: value.offset must be a non-negative integer, got null`],
    ["a negative offset", { ...good, offset: -1 }, RangeError, `${op}: value.offset = -1 is not a non-negative integer`],
    ["strides past the end", { ...good, strides: [3, 2] }, RangeError, `${op}: value's shape, strides and offset read data[0] to data[7], but value.data has 6 elements`],
    ["an offset past the end", { ...good, shape: [2], offset: 5 }, RangeError, `${op}: value's shape, strides and offset read data[5] to data[6], but value.data has 6 elements`],
    ["a negative stride before the start", { ...good, shape: [2], strides: [-1] }, RangeError, `${op}: value's shape, strides and offset read data[-1] to data[0], but value.data has 6 elements`],
    ["a bool that is not 0 or 1", { data: new Uint8Array([1, 0, 2]), shape: [3], dtype: "bool" }, RangeError, `${op}: value's element 2 (data[2]) is 2; a bool is stored as 0 or 1`],
    ["a bool view reaching a 2", { data: new Uint8Array([1, 7, 0, 9, 1]), shape: [2], strides: [-2], offset: 3, dtype: "bool" }, RangeError, `${op}: value's element 0 (data[3]) is 9; a bool is stored as 0 or 1`],
    ["an expectation of the wrong kind", good, TypeError, `${op}: expected must be an object such as { shape: [2, 3], dtype: "float32" }, got "float32"`, "float32"],
    ["an unknown expectation", good, TypeError, `${op}: expected field "strides" is not known (the fields are shape and dtype)`, { strides: [3, 1] }],
    ["an expected rank", good, ShapeError, `${op}: rank 2 vs 3; expected [2, 3, 1], got [2, 3]`, { shape: [2, 3, 1] }],
  ])("%s", (_, value, type, message, expected) => {
    expectError(() => loose(value, expected), type, message);
  });

  it("a bool view that skips the bytes that are not 0 or 1 is fine", () => {
    const t = Tensor.from({ data: new Uint8Array([1, 7, 0, 9, 1]), shape: [3], strides: [2], dtype: "bool" });
    expect(t.toArray()).toEqual([true, false, true]);
  });

  it("an empty tensor reads no element, so its strides and offset are only checked for kind", () => {
    const empty = Tensor.from({ data: new Float32Array(0), shape: [0, 3], strides: [3, 1], offset: 0, dtype: "float32" });
    expect(empty.toArray()).toEqual([]);
    expect(Tensor.from({ data: new Float32Array(0), shape: [3, 0], dtype: "float32" }).shape).toEqual([3, 0]);
    expectError(() => loose({ data: new Float32Array(0), shape: [0], strides: [1.5], dtype: "float32" }), RangeError, "Tensor.from: value.strides[0] = 1.5 is not an integer");
  });
});

describe("Tensor.from and Tensor.fromJSON read their arguments' own fields only", () => {
  const polluted = Object.prototype as Record<string, unknown>;
  const pollute = (fields: Record<string, unknown>, run: () => void): void => {
    Object.assign(polluted, fields);
    try {
      run();
    } finally {
      for (const key of Object.keys(fields)) delete polluted[key];
    }
  };

  it("a plain { data, shape, dtype } is read as it is, whatever Object.prototype holds", () => {
    const plain = () => Tensor.from({ data: new Float32Array([1, 2, 3]), shape: [3], dtype: "float32" });
    pollute({ offset: 1 }, () => expect(plain().toArray()).toEqual([1, 2, 3]));
    pollute({ strides: [0] }, () => expect(plain().toArray()).toEqual([1, 2, 3]));
    pollute({ size: 7 }, () => expect(plain().toArray()).toEqual([1, 2, 3]));
    pollute({ shape: [1] }, () => expect(() => Tensor.from({ data: new Float32Array([1]), dtype: "float32" } as never)).toThrow(/^Tensor\.from: value\.shape must be/));
  });

  it("expected's inherited shape and dtype are no expectation", () => {
    const text = JSON.stringify(tensor([1, 2]));
    pollute({ shape: [5], dtype: "int32" }, () => {
      expect(Tensor.fromJSON(text, {}).shape).toEqual([2]);
      expect(Tensor.from(tensor([1, 2]), {}).dtype).toBe("float32");
      // nor is a JSON form's field inherited
      expect(() => Tensor.fromJSON({ format: "shapecast.tensor", version: 1, data: "AACAPw==" } as never)).toThrow(/^Tensor\.fromJSON: json\.shape must be/);
    });
  });

  it("a disposed tensor is the TypeError every op gives it", () => {
    const t = tensor([1, 2, 3]);
    t.dispose();
    const error = thrown(() => Tensor.from(t));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      "Tensor.from: value was disposed (by dispose() or a tidy() scope); it holds none of its 3 elements. Use it before disposing it, or return it from the tidy callback to keep it",
    );
    // its clone no longer knows it was disposed: the RangeError of an empty data, which says it may have been
    expect(thrown(() => Tensor.from(structuredClone(t))).message).toBe(
      "Tensor.from: value's shape, strides and offset read data[0] to data[2], but value.data has 0 elements (its buffer is empty: was it transferred away, or the tensor disposed before it was cloned?)",
    );
  });
});

